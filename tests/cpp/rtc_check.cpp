// A program the test suite compiles against kfoot/runtime.hpp (tests/test_cpp_runtime.py).
//   rtc_check REGISTRY ARCH OUT FAMILY [AXIS=VALUE ...]   compile (or hit) one variant, twice
//   rtc_check REGISTRY ARCH OUT --id TEMPLATE_ID           the same, by template-id
//   rtc_check REGISTRY ARCH - --threads N FAMILY ...       N threads ask at once
//   rtc_check --route REGISTRY TEMPLATE_ID ARCH             "aot" or "rtc" (no compile)
//   rtc_check --aot-image REGISTRY TEMPLATE_ID              the bytes of the AOT image the driver would get
// With RTC_CHECK_FIRST=TEMPLATE_ID that kernel's cubin is made first (a PCH for the second).
// Prints one JSON line; a kfoot::Error prints "error: ..." and exits 3.
#include <kfoot/runtime.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>

int main(int argc, char** argv) {
  if (argc == 5 && std::string(argv[1]) == "--route") {
    try {
      std::cout << kfoot::Registry::open(argv[2]).kernel_by_id(argv[3]).route(argv[4]) << "\n";
    } catch (const kfoot::Error& e) {
      std::cout << "error: " << e.what() << "\n";
      return 3;
    }
    return 0;
  }
  if (argc == 4 && std::string(argv[1]) == "--aot-image") {
    try {
      kfoot::Registry::Options options;
      options.disk_cache = false;
      std::cout << kfoot::detail::aot_image(kfoot::Registry::open(argv[2], options), argv[3]).size() << "\n";
    } catch (const kfoot::Error& e) {
      std::cout << "error: " << e.what() << "\n";
      return 3;
    }
    return 0;
  }
  if (argc < 5) {
    std::cerr << "usage: rtc_check REGISTRY ARCH OUT FAMILY [AXIS=VALUE ...]\n";
    return 2;
  }
  try {
    kfoot::Registry reg = kfoot::Registry::open(argv[1]);
    std::string arch = argv[2], out = argv[3];
    int next = 4, threads = 1;
    if (std::string(argv[next]) == "--threads") {
      threads = std::atoi(argv[next + 1]);
      next += 2;
    }
    kfoot::Kernel handle;
    if (std::string(argv[next]) == "--id") {
      handle = reg.kernel_by_id(argv[next + 1]);
    } else {
      std::vector<std::pair<std::string, std::string>> values;
      for (int i = next + 1; i < argc; ++i) {
        std::string word = argv[i];
        auto eq = word.find('=');
        values.emplace_back(word.substr(0, eq), word.substr(eq + 1));
      }
      handle = reg.kernel(argv[next], values);
    }
    const kfoot::Kernel* kernel = &handle;
    if (const char* first = std::getenv("RTC_CHECK_FIRST")) reg.kernel_by_id(first).cubin(arch);
    std::vector<std::thread> pool;
    std::vector<std::size_t> sizes(threads);
    std::vector<std::string> errors(threads);
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        try {
          sizes[t] = kernel->cubin(arch).size();
        } catch (const kfoot::Error& e) {
          errors[t] = e.what();
        }
      });
    for (auto& th : pool) th.join();
    for (const auto& e : errors)
      if (!e.empty()) throw kfoot::Error(e);
    kfoot::Bytes cubin = kernel->cubin(arch);  // a memory hit
    if (out != "-") {
      std::ofstream file(out, std::ios::binary);
      file.write(reinterpret_cast<const char*>(cubin.data()), static_cast<std::streamsize>(cubin.size()));
    }
    bool same = true;
    for (auto s : sizes) same = same && s == cubin.size();
    kfoot::Stats s = reg.stats();
    std::cout << "{\"template_id\": \"" << kernel->template_id() << "\", \"lowered_name\": \"" << kernel->lowered_name(arch)
              << "\", \"route\": \"" << kernel->route(arch) << "\", \"bytes\": " << cubin.size()
              << ", \"same_size\": " << (same ? "true" : "false") << ", \"memory_hits\": " << s.memory_hits
              << ", \"disk_hits\": " << s.disk_hits << ", \"compiles\": " << s.compiles << ", \"pch_hits\": " << s.pch_hits << ", \"cache_dir\": \""
              << reg.cache_dir() << "\"}\n";
  } catch (const kfoot::Error& e) {
    std::cout << "error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
