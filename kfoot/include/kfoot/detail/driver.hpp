// The CUDA driver, loaded with dlopen when the first launch needs it: the launch side of
// kfoot/runtime/api.py (which goes through cupy): the calling thread's context, else device 0's
// primary context; a machine without a GPU fails here with one line, never earlier.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <string>

#include <dlfcn.h>

#include "archs.hpp"
#include "toolkit.hpp"

namespace kfoot::detail {

class Driver {
 public:
  using CUresult = int;
  using CUdevice = int;
  using CUcontext = void*;
  using CUmodule = void*;
  using CUfunction = void*;
  using CUstream = void*;
  CUresult (*init)(unsigned) = nullptr;
  CUresult (*ctx_get_current)(CUcontext*) = nullptr;
  CUresult (*ctx_set_current)(CUcontext) = nullptr;
  CUresult (*ctx_get_device)(CUdevice*) = nullptr;
  CUresult (*device_get)(CUdevice*, int) = nullptr;
  CUresult (*primary_retain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*attribute)(int*, int, CUdevice) = nullptr;
  CUresult (*module_load_data)(CUmodule*, const void*) = nullptr;
  CUresult (*module_get_function)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                     void**, void**) = nullptr;
  CUresult (*error_string)(CUresult, const char**) = nullptr;

  static Driver& get() {
    static Driver instance;
    if (!instance.error_.empty()) throw Error(instance.error_);
    return instance;
  }
  void check(CUresult rc, const char* what) const {
    if (rc == 0) return;
    const char* text = nullptr;
    if (error_string) error_string(rc, &text);
    throw Error(std::string(what) + " failed: " + (text ? text : "CUDA error " + std::to_string(rc)));
  }
  // The device of the calling thread's context; the primary context of device 0 made current
  // when there is none (what the CUDA runtime would use).
  CUdevice current_device() const {
    CUcontext ctx = nullptr;
    check(ctx_get_current(&ctx), "cuCtxGetCurrent");
    if (!ctx) {
      CUdevice dev = 0;
      check(device_get(&dev, 0), "cuDeviceGet");
      check(primary_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
      check(ctx_set_current(ctx), "cuCtxSetCurrent");
    }
    CUdevice dev = 0;
    check(ctx_get_device(&dev), "cuCtxGetDevice");
    return dev;
  }
  Arch device_arch(CUdevice dev) const {
    int major = 0, minor = 0;
    check(attribute(&major, 75, dev), "cuDeviceGetAttribute");  // COMPUTE_CAPABILITY_MAJOR
    check(attribute(&minor, 76, dev), "cuDeviceGetAttribute");  // COMPUTE_CAPABILITY_MINOR
    return Arch{major * 10 + minor, ""};
  }

 private:
  Driver() {
    void* h = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      error_ = "no usable CUDA GPU to launch on (libcuda.so.1 could not be loaded: " + std::string(::dlerror()) +
               "); compiling works without one: kernel.cubin(\"sm_90\")";
      return;
    }
    bool ok = bind(h, init, "cuInit") && bind(h, ctx_get_current, "cuCtxGetCurrent") &&
              bind(h, ctx_set_current, "cuCtxSetCurrent") && bind(h, ctx_get_device, "cuCtxGetDevice") &&
              bind(h, device_get, "cuDeviceGet") && bind(h, primary_retain, "cuDevicePrimaryCtxRetain") &&
              bind(h, attribute, "cuDeviceGetAttribute") && bind(h, module_load_data, "cuModuleLoadData") &&
              bind(h, module_get_function, "cuModuleGetFunction") && bind(h, launch, "cuLaunchKernel") &&
              bind(h, error_string, "cuGetErrorString");
    if (!ok) {
      error_ = "libcuda.so.1 lacks a driver API function kfoot needs";
      return;
    }
    int rc = init(0);
    if (rc != 0) {
      const char* text = nullptr;
      error_string(rc, &text);
      error_ = "no usable CUDA GPU to launch on (cuInit: " + std::string(text ? text : "error " + std::to_string(rc)) +
               "); compiling works without one: kernel.cubin(\"sm_90\")";
    }
  }
  std::string error_;
};

}  // namespace kfoot::detail
