// A program tests/test_aot_lookup_values.py compiles against kfoot/runtime.hpp and an AOT
// library's generated kfoot_kernels/kernels.hpp: each stdin line (FAMILY AXIS=VALUE ...) is
// asked of the registry and of find_kernel(family, values); it prints both answers (the
// template-id, or "error: " and the message), and last whether the typed overload ({"BLOCK", 256})
// finds what the template-id does.
#include <kfoot/runtime.hpp>
#include <kfoot_kernels/kernels.hpp>
#include <iostream>
#include <stdexcept>
using Values = std::vector<std::pair<std::string, std::string>>;
int main(int argc, char** argv) {
  kfoot::Registry reg = kfoot::Registry::open(argv[1]);
  // Each request: family, then AXIS=VALUE words; one line per request on stdin.
  std::string line;
  while (std::getline(std::cin, line)) {
    std::vector<std::string> words;
    std::string w;
    for (char c : line) { if (c == ' ') { if (!w.empty()) words.push_back(w); w.clear(); } else w += c; }
    if (!w.empty()) words.push_back(w);
    Values values;
    for (std::size_t i = 1; i < words.size(); ++i) { auto eq = words[i].find('='); values.emplace_back(words[i].substr(0, eq), words[i].substr(eq + 1)); }
    std::string r, a;
    try { r = reg.kernel(words[0], values).template_id(); } catch (const kfoot::Error& e) { r = std::string("error: ") + e.what(); }
    try {
      const void* stub = kfoot_kernels::find_kernel(words[0], values);
      a = stub == kfoot_kernels::find_kernel(r.c_str()) ? r : "stub differs";
    } catch (const std::invalid_argument& e) { a = std::string("error: ") + e.what(); }
    std::cout << r << "\n" << a << "\n";
  }
  const void* typed = kfoot_kernels::find_kernel("sum", {{"In", "int8"}, {"BLOCK", 256}});
  std::cout << (typed == kfoot_kernels::find_kernel("mylib::block_sum<signed char, int, 256>") && typed ? "typed ok" : "typed bad") << "\n";
  (void)argc;
}
