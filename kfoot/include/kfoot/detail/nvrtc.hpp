// NVRTC, loaded with dlopen when the first compile needs it: must agree with
// kfoot/runtime/nvrtc.py (DEFAULT_OPTIONS, _SAFE_OPTION / unsafe_option: the options a registry
// may carry, tests/vectors/nvrtc_options.json; compile_program: one program, one cubin, the
// first error line).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <chrono>
#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <dlfcn.h>

#include "nvjitlink.hpp"
#include "toolkit.hpp"

namespace kfoot::detail {

class Nvrtc {
 public:
  using Prog = void*;
  int (*version)(int*, int*) = nullptr;
  int (*create)(Prog*, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
  int (*destroy)(Prog*) = nullptr;
  int (*compile)(Prog, int, const char* const*) = nullptr;
  int (*add_name)(Prog, const char*) = nullptr;
  int (*lowered)(Prog, const char*, const char**) = nullptr;
  int (*cubin_size)(Prog, std::size_t*) = nullptr;
  int (*cubin)(Prog, char*) = nullptr;
  int (*log_size)(Prog, std::size_t*) = nullptr;
  int (*log)(Prog, char*) = nullptr;
  const char* (*error_string)(int) = nullptr;
  int (*ltoir_size)(Prog, std::size_t*) = nullptr;  // null when this libnvrtc cannot make LTO-IR
  int (*ltoir)(Prog, char*) = nullptr;
  int (*set_pch_heap)(std::size_t) = nullptr;  // null before NVRTC 12.8: no precompiled headers
  std::string path;

  static Nvrtc& get() {
    static Nvrtc instance;  // thread-safe initialisation; throws again on each use if unusable
    if (!instance.error_.empty()) throw Error(instance.error_);
    return instance;
  }
  std::string version_string() {
    int major = 0, minor = 0;
    version(&major, &minor);
    return std::to_string(major) + "." + std::to_string(minor);
  }

 private:
  Nvrtc() {
    NvrtcSearch search = nvrtc_search();
    void* h = nullptr;
    for (const auto& candidate : search.candidates) {
      h = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (h) {
        path = candidate;
        break;
      }
    }
    if (!h) {
      error_ = "libnvrtc not found; looked in: " + search.looked + "; install nvidia-cuda-nvrtc, or set KFOOT_NVRTC to the library";
      return;
    }
    bool ok = bind(h, version, "nvrtcVersion") && bind(h, create, "nvrtcCreateProgram") &&
              bind(h, destroy, "nvrtcDestroyProgram") && bind(h, compile, "nvrtcCompileProgram") &&
              bind(h, add_name, "nvrtcAddNameExpression") && bind(h, lowered, "nvrtcGetLoweredName") &&
              bind(h, cubin_size, "nvrtcGetCUBINSize") && bind(h, cubin, "nvrtcGetCUBIN") &&
              bind(h, log_size, "nvrtcGetProgramLogSize") && bind(h, log, "nvrtcGetProgramLog") &&
              bind(h, error_string, "nvrtcGetErrorString");
    if (!ok) error_ = path + ": not a usable libnvrtc (a symbol is missing)";
    if (!bind(h, ltoir_size, "nvrtcGetLTOIRSize") || !bind(h, ltoir, "nvrtcGetLTOIR")) ltoir_size = nullptr;
    bind(h, set_pch_heap, "nvrtcSetPCHHeapSize");
  }
  std::string error_;
};

// The options every RTC compile starts with (kfoot.runtime.nvrtc.DEFAULT_OPTIONS after the arch).
inline std::vector<std::string> compile_options(const std::string& arch) {
  return {"-arch=" + arch, "-std=c++17", "-default-device", "-DKFOOT_RTC=1", "-no-source-include"};
}

// NVRTC options a registry may carry (kfoot.runtime.nvrtc._SAFE_OPTION): macros and code-generation
// switches; anything that reads or writes files is refused.
inline bool safe_option(const std::string& o) {
  if (o.find('\n') != std::string::npos || o.find('\0') != std::string::npos) return false;
  auto ident = [](std::string_view s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s) if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
  };
  auto macro = [&](std::string_view s, bool value) {
    auto eq = s.find('=');
    if (eq == std::string_view::npos) return ident(s);
    return value && ident(s.substr(0, eq));
  };
  auto strip_dash = [](std::string_view s) { return s.rfind("--", 0) == 0 ? s.substr(2) : s.rfind("-", 0) == 0 ? s.substr(1) : std::string_view(); };
  std::string_view v(o);
  if (v.rfind("-D", 0) == 0 && v.rfind("--", 0) != 0) return macro(v.substr(2), true);
  if (v.rfind("-U", 0) == 0) return macro(v.substr(2), false);
  if (v.rfind("--define-macro=", 0) == 0) return macro(v.substr(15), true);
  if (v.rfind("--undefine-macro=", 0) == 0) return macro(v.substr(17), false);
  static const std::unordered_set<std::string> exact = {
      "-lineinfo", "--generate-line-info", "-G", "--device-debug", "-default-device", "--device-as-default-execution-space",
      "-w", "--disable-warnings", "-Wno-deprecated-declarations", "-Wreorder", "--extensible-whole-program"};
  if (exact.count(o)) return true;
  std::string_view s = strip_dash(v);
  if (s.empty()) return false;
  static const std::unordered_set<std::string> flags = {"use_fast_math", "extra-device-vectorization", "restrict", "ewp"};
  if (flags.count(std::string(s))) return true;
  auto eq = s.find('=');
  if (eq == std::string_view::npos) return false;
  std::string name(s.substr(0, eq)), value(s.substr(eq + 1));
  auto digits = [](const std::string& x) { return !x.empty() && x.find_first_not_of("0123456789") == std::string::npos; };
  if (name == "maxrregcount") return digits(value);
  if (name == "ftz" || name == "prec-div" || name == "prec-sqrt" || name == "fmad" || name == "rdc" || name == "relocatable-device-code")
    return value == "true" || value == "false";
  if (name == "std") return value.size() == 5 && value.rfind("c++", 0) == 0 && digits(value.substr(3));
  if (name == "dopt") return value == "on" || value == "off";
  if (name == "Ofast-compile") return value == "0" || value == "min" || value == "mid" || value == "max";
  if (name == "diag-suppress" || name == "diag-error" || name == "diag-warn")
    return !value.empty() && value.find_first_not_of("0123456789,") == std::string::npos;
  return false;
}

struct Compiled {
  std::string cubin, lowered_name, log;
  double seconds = 0;
};

// One NVRTC program: `source` with `name_expression` its one name expression. Failure throws
// NVRTC's first error line. With `link` (nvJitLink's options) the program is compiled to LTO-IR
// and the cubin is nvJitLink's (nvjitlink.hpp).
inline Compiled compile_program(Nvrtc& nv, const std::string& source, const std::string& name_expression,
                                const std::vector<std::string>& options, const std::vector<std::string>* link = nullptr) {
  std::vector<const char*> argv;
  for (const auto& o : options) argv.push_back(o.c_str());
  if (link) argv.push_back("-dlto");
  auto started = std::chrono::steady_clock::now();
  Nvrtc::Prog prog = nullptr;
  if (nv.create(&prog, source.c_str(), "kfoot_rtc.cu", 0, nullptr, nullptr) != 0) throw Error("nvrtcCreateProgram failed");
  struct Destroy { Nvrtc& nv; Nvrtc::Prog& p; ~Destroy() { nv.destroy(&p); } } destroy{nv, prog};
  nv.add_name(prog, name_expression.c_str());
  int rc = nv.compile(prog, static_cast<int>(argv.size()), argv.data());
  std::size_t log_size = 0;
  nv.log_size(prog, &log_size);
  std::string log(log_size, '\0');
  if (log_size) nv.log(prog, log.data());
  if (rc != 0) {
    std::string first = nv.error_string(rc);
    std::size_t at = 0;
    while (at < log.size()) {
      auto end = log.find('\n', at);
      std::string line = log.substr(at, end == std::string::npos ? std::string::npos : end - at);
      if (line.find("error") != std::string::npos) {
        auto b0 = line.find_first_not_of(" \t"), e0 = line.find_last_not_of(" \t\r\0");
        first = line.substr(b0, e0 - b0 + 1);
        break;
      }
      if (end == std::string::npos) break;
      at = end + 1;
    }
    throw Error("NVRTC failed to compile " + name_expression + ": " + first);
  }
  Compiled out;
  out.log = log;
  const char* lowered = nullptr;
  nv.lowered(prog, name_expression.c_str(), &lowered);
  out.lowered_name = lowered ? lowered : "";
  std::size_t size = 0;
  if (link) {
    if (!nv.ltoir_size || nv.ltoir_size(prog, &size) != 0 || size == 0) throw Error("NVRTC produced no LTO-IR for " + name_expression);
    std::string ir(size, '\0');
    if (nv.ltoir(prog, ir.data()) != 0) throw Error("nvrtcGetLTOIR failed for " + name_expression);
    out.cubin = JitLink::get().link(ir, *link, name_expression);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
  }
  if (nv.cubin_size(prog, &size) != 0 || size == 0)
    throw Error("NVRTC produced no cubin for " + name_expression + " (was a virtual arch given instead of sm_XX?)");
  out.cubin.assign(size, '\0');
  nv.cubin(prog, out.cubin.data());
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace kfoot::detail
