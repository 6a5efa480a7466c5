// Lean cubins: NVRTC's LTO-IR linked by nvJitLink (loaded with dlopen), which drops the
// variables no kernel uses. Must agree with kfoot/runtime/nvjitlink.py (link_options,
// usable_with, link_tag: tests/vectors/nvjitlink.json; link); the reason is in its docstring
// and docs/runtime.md ("Lean cubins").
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <cstring>
#include <string>
#include <vector>

#include <dlfcn.h>

#include "toolkit.hpp"

namespace kfoot::detail {

// Whether an NVRTC option is front-end only (nvJitLink never sees it): kfoot/runtime/nvjitlink.py's
// _FRONT_END, matched by hand, not with std::regex, whose <regex> was ~2 s of g++ CPU in every
// program that includes runtime.hpp. As std::regex_match's `.*` did, the rest stops at '\n' or '\r'.
inline bool is_front_end_option(const std::string& o) {
  static const char* const prefixes[] = {"-D", "-U", "--define-macro=", "--undefine-macro=", "-std=", "--std=", "-I",
                                         "-diag-suppress=", "--diag-suppress=", "-diag-error=", "--diag-error=",
                                         "-diag-warn=", "--diag-warn="};
  static const char* const whole[] = {"-default-device", "--device-as-default-execution-space", "-no-source-include",
                                      "--no-source-include", "-w", "--disable-warnings", "-restrict", "--restrict",
                                      "-Wno-deprecated-declarations", "-Wreorder", "-rdc=false", "--rdc=false",
                                      "-relocatable-device-code=false", "--relocatable-device-code=false"};
  for (const char* word : whole)
    if (o == word) return true;
  for (const char* prefix : prefixes) {
    const std::size_t n = std::strlen(prefix);
    if (o.compare(0, n, prefix) == 0 && o.find_first_of("\n\r", n) == std::string::npos) return true;
  }
  return false;
}

// nvJitLink's options for a program compiled with NVRTC `options`; nullopt when kfoot does not
// link it (debug or relocatable code, or an option whose link-time spelling is unknown).
inline std::optional<std::vector<std::string>> link_options(const std::string& arch, const std::vector<std::string>& options) {
  std::vector<std::string> out{"-arch=" + arch, "-lto", "-optimize-unused-variables"};
  for (const auto& o : options) {
    if (o.rfind("-arch=", 0) == 0 || is_front_end_option(o)) continue;
    std::string s = o.substr(o.find_first_not_of('-') == std::string::npos ? o.size() : o.find_first_not_of('-'));
    auto eq = s.find('=');
    std::string name = s.substr(0, eq), value = eq == std::string::npos ? "" : s.substr(eq + 1);
    if (name == "maxrregcount") out.push_back("-maxrregcount=" + value);
    else if (name == "ftz" || name == "prec-div" || name == "prec-sqrt") out.push_back("-" + name + "=" + value);
    else if (name == "fmad") out.push_back("-fma=" + value);
    else if (name == "use_fast_math" && eq == std::string::npos)
      out.insert(out.end(), {"-ftz=true", "-prec-div=false", "-prec-sqrt=false", "-fma=true"});
    else if (o == "-lineinfo" || o == "--generate-line-info") out.push_back("-lineinfo");
    else return std::nullopt;
  }
  return out;
}

// nvJitLink reads the LTO-IR of an NVRTC of its own major version and no newer minor.
inline bool usable_with(const std::string& nvrtc_version, const std::string& jitlink_version) {
  if (jitlink_version.empty()) return false;
  auto parse = [](const std::string& v, int& major, int& minor) {
    return std::sscanf(v.c_str(), "%d.%d", &major, &minor) == 2;
  };
  int nm = 0, nn = 0, jm = 0, jn = 0;
  return parse(nvrtc_version, nm, nn) && parse(jitlink_version, jm, jn) && jm == nm && jn >= nn;
}

// What links a program's cubin, for its cache key: "nvJitLink <major.minor>", or "".
inline std::string link_tag(const std::string& nvrtc_version, const std::string& jitlink_version, const std::string& arch,
                            const std::vector<std::string>& options) {
  if (usable_with(nvrtc_version, jitlink_version) && link_options(arch, options)) return "nvJitLink " + jitlink_version;
  return std::string();
}

class JitLink {
 public:
  using Handle = void*;
  int (*create)(Handle*, unsigned, const char**) = nullptr;
  int (*destroy)(Handle*) = nullptr;
  int (*add_data)(Handle, int, const void*, std::size_t, const char*) = nullptr;
  int (*complete)(Handle) = nullptr;
  int (*cubin_size)(Handle, std::size_t*) = nullptr;
  int (*cubin)(Handle, void*) = nullptr;
  int (*error_log_size)(Handle, std::size_t*) = nullptr;
  int (*error_log)(Handle, char*) = nullptr;
  std::string version;  // "major.minor"; empty when no usable libnvJitLink was found

  // The process's libnvJitLink, looked for once (the CUDA roots, as for libnvrtc).
  static JitLink& get() {
    static JitLink instance;
    return instance;
  }

  // The cubin nvJitLink makes from one program's LTO-IR; `what` names the program in errors.
  std::string link(const std::string& ltoir, const std::vector<std::string>& options, const std::string& what) {
    std::vector<const char*> argv;
    for (const auto& o : options) argv.push_back(o.c_str());
    Handle h = nullptr;
    if (create(&h, static_cast<unsigned>(argv.size()), argv.data()) != 0) throw Error("nvJitLink refused its options for " + what);
    struct Destroy { JitLink& j; Handle& h; ~Destroy() { j.destroy(&h); } } guard{*this, h};
    if (add_data(h, 3 /* NVJITLINK_INPUT_LTOIR */, ltoir.data(), ltoir.size(), "kfoot_rtc") != 0 || complete(h) != 0) {
      std::size_t size = 0;
      error_log_size(h, &size);
      std::string log(size + 1, '\0');
      error_log(h, log.data());
      std::string first = log.substr(0, log.find_first_of("\n\0", 0, 2));
      throw Error("nvJitLink failed to link " + what + ": " + (first.empty() ? "no log" : first));
    }
    std::size_t size = 0;
    if (cubin_size(h, &size) != 0 || size == 0) throw Error("nvJitLink produced no cubin for " + what);
    std::string out(size, '\0');
    if (cubin(h, out.data()) != 0) throw Error("nvJitLink produced no cubin for " + what);
    return out;
  }

 private:
  JitLink() {
    std::string path = find_library("libnvJitLink.so");
    if (path.empty()) return;
    void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) return;
    int (*get_version)(unsigned*, unsigned*) = nullptr;
    unsigned major = 0, minor = 0;
    if (!bind(h, get_version, "nvJitLinkVersion") || get_version(&major, &minor) != 0) return;
    // The versioned entry points nvJitLink.h's inline wrappers call.
    std::string v = "_" + std::to_string(major) + "_0";
    bool ok = bind(h, create, ("__nvJitLinkCreate" + v).c_str()) && bind(h, destroy, ("__nvJitLinkDestroy" + v).c_str()) &&
              bind(h, add_data, ("__nvJitLinkAddData" + v).c_str()) && bind(h, complete, ("__nvJitLinkComplete" + v).c_str()) &&
              bind(h, cubin_size, ("__nvJitLinkGetLinkedCubinSize" + v).c_str()) &&
              bind(h, cubin, ("__nvJitLinkGetLinkedCubin" + v).c_str()) &&
              bind(h, error_log_size, ("__nvJitLinkGetErrorLogSize" + v).c_str()) &&
              bind(h, error_log, ("__nvJitLinkGetErrorLog" + v).c_str());
    if (ok) version = std::to_string(major) + "." + std::to_string(minor);
  }
};

}  // namespace kfoot::detail
