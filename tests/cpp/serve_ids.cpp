// Asks the C++ runtime for the cubin of each template-id given, on one arch, and prints where they
// came from: {"pack_hits": N, "disk_hits": N, "compiles": N, "memory_hits": N}. Used where the
// packs a program reads ($KFOOT_PACK_PATH) are tested (tests/test_cache_pack.py, test_wheel_example.py).
//   serve_ids REGISTRY ARCH TEMPLATE_ID...
#include <kfoot/runtime.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: serve_ids REGISTRY ARCH TEMPLATE_ID...\n";
    return 2;
  }
  try {
    kfoot::Registry reg = kfoot::Registry::open(argv[1]);
    for (int i = 3; i < argc; ++i) reg.kernel_by_id(argv[i]).cubin(argv[2]);
    kfoot::Stats s = reg.stats();
    std::cout << "{\"pack_hits\": " << s.pack_hits << ", \"disk_hits\": " << s.disk_hits << ", \"compiles\": "
              << s.compiles << ", \"memory_hits\": " << s.memory_hits << "}\n";
  } catch (const kfoot::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
