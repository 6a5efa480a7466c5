// The example library's program: the AOT lookup and the RTC registry, from plain C++.
//   example_app IDS_FILE            every template-id in the file (one per line) through
//                                   scale::find_kernel, one it lacks, and one NVRTC compile
//   example_app IDS_FILE --launch   also launch both routes on the GPU and check the results
#include <scale/kernels.hpp>
#include <scale_hot/kernels.hpp>
#include <kfoot/runtime.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#ifndef KFOOT_SCALE_RTC_REGISTRY
#error "kfoot_add_kernels(scale_rtc ... MODE rtc) defines KFOOT_SCALE_RTC_REGISTRY"
#endif

static int launch_both(const kfoot::Registry& reg);

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: example_app IDS_FILE [--launch]\n");
    return 2;
  }
  std::ifstream ids(argv[1]);
  int total = 0, resolved = 0;
  for (std::string id; std::getline(ids, id);) {
    if (id.empty()) continue;
    ++total;
    if (scale::find_kernel(id.c_str()) != nullptr) ++resolved;
    else std::printf("unresolved: %s\n", id.c_str());
  }
  std::printf("resolved %d of %d\n", resolved, total);
  bool lacks = scale::find_kernel("example::scale_kernel<double, 3>") == nullptr;
  std::printf("lacking variant gives nullptr: %s\n", lacks ? "yes" : "no");

  try {
    kfoot::Registry reg = kfoot::Registry::open(KFOOT_SCALE_RTC_REGISTRY);
    const kfoot::Kernel& k = reg.kernel("scale", {{"T", "float32"}, {"UNROLL", "2"}});
    kfoot::Bytes cubin = k.cubin("sm_90");
    std::printf("rtc %s: %zu bytes for sm_90, %s\n", k.template_id().c_str(), cubin.size(), k.lowered_name("sm_90").c_str());
    // The hybrid: the traced variant is in libscale_hot.so for sm_90 (and what sm_90 runs), the rest are not.
    kfoot::Registry hybrid = kfoot::Registry::open(KFOOT_SCALE_HOT_REGISTRY);
    for (const char* id : {"example::scale_kernel<float, 2>", "example::scale_kernel<int, 1>"})
      std::printf("hybrid %s: route %s on sm_90, %s\n", id, hybrid.kernel_by_id(id).route("sm_90").c_str(),
                  scale_hot::find_kernel(id) ? "in the library" : "not in the library");
    if (argc > 2 && std::string(argv[2]) == "--launch") return launch_both(reg);
  } catch (const kfoot::Error& e) {
    std::printf("kfoot error: %s\n", e.what());
    return 1;
  }
  return resolved == total && lacks ? 0 : 1;
}

// GPU part: y = 3 x through NVRTC (kfoot::Kernel::launch) and through the AOT library
// (scale::launch_kernel), device memory from the driver API the runtime already loaded.
static int launch_both(const kfoot::Registry& reg) {
  // Device memory through the driver API, on device 0's primary context: the context both the
  // kfoot runtime and the library's CUDA runtime launch on.
  void* cuda = dlopen("libcuda.so.1", RTLD_NOW);
  if (!cuda) {
    std::printf("no CUDA driver (libcuda.so.1): nothing launched\n");
    return 3;
  }
  auto sym = [&](const char* name) { return dlsym(cuda, name); };
  auto init = reinterpret_cast<int (*)(unsigned)>(sym("cuInit"));
  auto device_get = reinterpret_cast<int (*)(int*, int)>(sym("cuDeviceGet"));
  auto retain = reinterpret_cast<int (*)(void**, int)>(sym("cuDevicePrimaryCtxRetain"));
  auto set_current = reinterpret_cast<int (*)(void*)>(sym("cuCtxSetCurrent"));
  auto alloc = reinterpret_cast<int (*)(unsigned long long*, size_t)>(sym("cuMemAlloc_v2"));
  auto to_device = reinterpret_cast<int (*)(unsigned long long, const void*, size_t)>(sym("cuMemcpyHtoD_v2"));
  auto to_host = reinterpret_cast<int (*)(void*, unsigned long long, size_t)>(sym("cuMemcpyDtoH_v2"));
  auto sync = reinterpret_cast<int (*)()>(sym("cuCtxSynchronize"));
  int device = 0;
  void* context = nullptr;
  if (init(0) || device_get(&device, 0) || retain(&context, device) || set_current(context)) return 3;
  long long n = 1000;
  std::vector<float> x(n), y(n);
  for (long long i = 0; i < n; ++i) x[i] = static_cast<float>(i) * 0.5f;
  unsigned long long dx = 0, dy = 0;
  if (alloc(&dx, n * sizeof(float)) || alloc(&dy, n * sizeof(float))) return 3;
  to_device(dx, x.data(), n * sizeof(float));
  float a = 3.0f;
  void* args[] = {&dx, &dy, &a, &n};
  unsigned blocks = static_cast<unsigned>((n + 2 * 256 - 1) / (2 * 256));
  const kfoot::Kernel& k = reg.kernel("scale", {{"T", "float32"}, {"UNROLL", "2"}});
  int wrong = 0;
  for (int route = 0; route < 2; ++route) {
    std::fill(y.begin(), y.end(), 0.0f);
    to_device(dy, y.data(), n * sizeof(float));  // no result left from the other route
    if (route == 0) {
      k.launch(kfoot::Dim3(blocks), kfoot::Dim3(256), args);
    } else {
      unsigned grid[3] = {blocks, 1, 1}, block[3] = {256, 1, 1};
      if (scale::launch_kernel(scale::find_kernel("example::scale_kernel<float, 2>"), grid, block, args)) return 4;
    }
    sync();
    to_host(y.data(), dy, n * sizeof(float));
    int bad = 0;
    for (long long i = 0; i < n; ++i)
      if (std::fabs(y[i] - 3.0f * x[i]) > 1e-4f) ++bad;
    std::printf("%s launch: %s\n", route == 0 ? "rtc" : "aot", bad ? "WRONG" : "ok");
    wrong += bad;
  }
  return wrong ? 1 : 0;
}
