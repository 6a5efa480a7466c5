// A shared library the GPU tests load with ctypes (tests/test_cpp_runtime_gpu.py): the C++ runtime
// launching kernels on the device and arrays a Python test made with CuPy, so its NumPy
// references check what C++ launched. Errors come back as text in `err`, never as exceptions.
#include <kfoot/runtime.hpp>

#include <cstring>

namespace {
void put(char* out, int n, const std::string& text) {
  if (n <= 0) return;
  std::strncpy(out, text.c_str(), static_cast<std::size_t>(n - 1));
  out[n - 1] = '\0';
}
}  // namespace

extern "C" {

void* shim_open(const char* path, const char* cache_dir, char* err, int n) {
  try {
    kfoot::Registry::Options options;
    options.cache_dir = cache_dir ? cache_dir : "";
    return new kfoot::Registry(kfoot::Registry::open(path, options));
  } catch (const kfoot::Error& e) {
    put(err, n, e.what());
    return nullptr;
  }
}

void shim_close(void* reg) { delete static_cast<kfoot::Registry*>(reg); }

int shim_launch(void* reg, const char* template_id, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                unsigned bz, void** args, char* err, int n) {
  try {
    static_cast<kfoot::Registry*>(reg)->kernel_by_id(template_id).launch(kfoot::Dim3(gx, gy, gz), kfoot::Dim3(bx, by, bz), args);
    return 0;
  } catch (const kfoot::Error& e) {
    put(err, n, e.what());
    return 1;
  }
}

int shim_route(void* reg, const char* template_id, const char* arch, char* out, int n) {
  try {
    put(out, n, static_cast<kfoot::Registry*>(reg)->kernel_by_id(template_id).route(arch));
    return 0;
  } catch (const kfoot::Error& e) {
    put(out, n, e.what());
    return 1;
  }
}

int shim_compiles(void* reg) { return static_cast<int>(static_cast<kfoot::Registry*>(reg)->stats().compiles); }
}
