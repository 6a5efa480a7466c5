// A program built against an installed (and moved) shiplib: no kfoot, no Python, no CUDA toolkit;
// only libnvrtc where it runs. (tests/test_ship.py; -DSHIPLIB_RTC for a shiplib built with SHIPLIB_MODE=rtc)
//   consumer ARCH OUT.cubin   prints one JSON line; a kfoot::Error prints "error: ..." and exits 3
#include <shiplib/kernels.hpp>

#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: consumer ARCH OUT.cubin\n";
    return 2;
  }
  std::string arch = argv[1];
  try {
    kfoot::Registry reg = shiplib::registry();
    kfoot::Kernel sum = reg.kernel("block_sum", {{"T", "float32"}, {"BLOCK", "128"}});
    kfoot::Bytes cubin = sum.cubin(arch);
    std::ofstream(argv[2], std::ios::binary).write(reinterpret_cast<const char*>(cubin.data()), static_cast<std::streamsize>(cubin.size()));
    const char* hot = "example::scale_kernel<float, 2>";
    kfoot::Stats s = reg.stats();
    std::cout << "{\"lowered_name\": \"" << sum.lowered_name(arch) << "\", \"hot_route\": \"" << reg.kernel_by_id(hot).route(arch)
#ifdef SHIPLIB_RTC  // an rtc shiplib: no kernel in the library, no find_kernel
              << "\", \"hot_in_library\": false, \"compiles\": " << s.compiles
#else
              << "\", \"hot_in_library\": " << (shiplib::find_kernel(hot) ? "true" : "false") << ", \"compiles\": " << s.compiles
#endif
              << ", \"disk_hits\": " << s.disk_hits << ", \"cache_dir\": \"" << reg.cache_dir() << "\"}\n";
  } catch (const kfoot::Error& e) {
    std::cout << "error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
