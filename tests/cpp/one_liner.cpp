// The natural one-liners, each asking a temporary Registry (tests/test_cpp_runtime.py runs this under
// AddressSanitizer): the kernel and its cubin must outlive the Registry object they came from.
//   one_liner REGISTRY ARCH OUT   writes the cubin to OUT, prints one JSON line
#include <kfoot/runtime.hpp>

#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: one_liner REGISTRY ARCH OUT\n";
    return 2;
  }
  std::string path = argv[1], arch = argv[2];
  try {
    const kfoot::Kernel& k = kfoot::Registry::open(path).kernel("scale", {{"T", "float32"}, {"UNROLL", "2"}});
    kfoot::Bytes first = k.cubin(arch);
    kfoot::Bytes loose = kfoot::Registry::open(path).kernel_by_id("example::scale_kernel<float, 2>").cubin(arch);
    std::ofstream(argv[3], std::ios::binary).write(reinterpret_cast<const char*>(first.data()), static_cast<std::streamsize>(first.size()));
    std::cout << "{\"template_id\": \"" << k.template_id() << "\", \"lowered_name\": \"" << k.lowered_name(arch)
              << "\", \"bytes\": " << first.size() << ", \"same\": " << (first.str() == loose.str() ? "true" : "false") << "}\n";
  } catch (const kfoot::Error& e) {
    std::cout << "error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
