// kfoot's usage tracer: a CUPTI injection library (CUDA_INJECTION64_PATH). The driver loads it
// into every process that initialises CUDA and calls InitializeInjection; it counts each kernel
// launch by (mangled name, module) and, when the process exits, appends one JSON line per kernel
// to $KFOOT_TRACE_KERNELS: {"kernel": ..., "module": ..., "launches": N, "pid": P}. Child
// processes inherit both variables, so they trace themselves into the same file.
#include <cupti.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace {

std::mutex counts_lock;
std::map<std::pair<std::string, CUmodule>, unsigned long long>* counts;  // leaked: used until exit
CUpti_SubscriberHandle subscriber;
using FuncGetModule = CUresult (*)(CUmodule*, CUfunction);
FuncGetModule func_get_module;  // from the driver that loaded us; never linked against

CUfunction launched_function(CUpti_CallbackId id, const void* params) {
  switch (id) {
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel: return static_cast<const cuLaunchKernel_params*>(params)->f;
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz: return static_cast<const cuLaunchKernel_ptsz_params*>(params)->f;
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel:
      return static_cast<const cuLaunchCooperativeKernel_params*>(params)->f;
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz:
      return static_cast<const cuLaunchCooperativeKernel_ptsz_params*>(params)->f;
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx: return static_cast<const cuLaunchKernelEx_params*>(params)->f;
    case CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz: return static_cast<const cuLaunchKernelEx_ptsz_params*>(params)->f;
    default: return nullptr;
  }
}

void CUPTIAPI on_launch(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
  const auto* info = static_cast<const CUpti_CallbackData*>(data);
  if (domain != CUPTI_CB_DOMAIN_DRIVER_API || info->callbackSite != CUPTI_API_ENTER || !info->symbolName) return;
  CUmodule module = nullptr;
  CUfunction function = launched_function(id, info->functionParams);
  if (function && func_get_module) func_get_module(&module, function);
  std::lock_guard<std::mutex> hold(counts_lock);
  ++(*counts)[{info->symbolName, module}];
}

void json_string(std::string& out, const std::string& text) {
  out += '"';
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {  // names are bytes: anything unusual as \u00XX
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

void write_trace() {
  const char* path = std::getenv("KFOOT_TRACE_KERNELS");
  if (!path || !*path || !counts) return;
  std::string lines;
  {
    std::lock_guard<std::mutex> hold(counts_lock);
    for (const auto& [key, launches] : *counts) {
      char tail[96];
      std::snprintf(tail, sizeof tail, ",\"module\":\"%p\",\"launches\":%llu,\"pid\":%ld}\n",
                    static_cast<void*>(key.second), launches, static_cast<long>(getpid()));
      lines += "{\"kernel\":";
      json_string(lines, key.first);
      lines += tail;
    }
  }
  if (lines.empty()) return;
  // O_APPEND: processes of one run append to one file; O_NOFOLLOW: never through a link.
  int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    std::fprintf(stderr, "kfoot trace: cannot append to %s; launches of process %ld not recorded\n", path,
                 static_cast<long>(getpid()));
    return;
  }
  for (size_t done = 0; done < lines.size();) {
    ssize_t n = write(fd, lines.data() + done, lines.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  close(fd);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int InitializeInjection(void) {
  counts = new std::map<std::pair<std::string, CUmodule>, unsigned long long>();
  func_get_module = reinterpret_cast<FuncGetModule>(dlsym(RTLD_DEFAULT, "cuFuncGetModule"));
  if (cuptiSubscribe(&subscriber, on_launch, nullptr) != CUPTI_SUCCESS) {
    std::fprintf(stderr, "kfoot trace: CUPTI refused the subscription; nothing is recorded\n");
    return 0;
  }
  for (CUpti_CallbackId id : {CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz})
    cuptiEnableCallback(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API, id);
  std::atexit(write_trace);
  return 1;
}
