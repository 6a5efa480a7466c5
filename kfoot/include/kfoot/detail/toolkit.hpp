// The CUDA toolkit the runtime uses: must agree with kfoot/core/toolchain.py (nvrtc_search,
// toolkit_header_roots, toolkit_include_dirs: docs/runtime.md#finding-nvrtc; tests/vectors/
// nvrtc_search.json and toolkit.json). Nothing is compiled in: a program finds NVRTC where it runs.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <dirent.h>
#include <dlfcn.h>

#include "fs.hpp"

namespace kfoot::detail {

// Sonames handed to the dynamic linker (kfoot.core.toolchain.NVRTC_SONAMES), so that
// LD_LIBRARY_PATH, the program's RPATH/RUNPATH and ld.so.cache are honoured.
inline const std::vector<std::string>& nvrtc_sonames() {
  static const std::vector<std::string> names{"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"};
  return names;
}
inline const char* system_cuda() { return "/usr/local/cuda"; }

inline std::vector<std::string> sorted_entries(const std::string& folder, const std::string& prefix) {
  std::vector<std::string> names;
  DIR* d = ::opendir(folder.c_str());
  if (!d) return names;
  while (dirent* e = ::readdir(d))
    if (std::strncmp(e->d_name, prefix.c_str(), prefix.size()) == 0) names.emplace_back(e->d_name);
  ::closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

// The first name starting with `stem`, sorted, in lib/ then lib64/ of `tree` ("" if none).
inline std::string first_library(const std::string& tree, const std::string& stem) {
  for (const char* sub : {"lib", "lib64"}) {
    std::string folder = join(tree, sub);
    auto names = sorted_entries(folder, stem);
    if (!names.empty()) return join(folder, names.front());
  }
  return std::string();
}

// The running Python's path, as far as a program without an interpreter can tell: PYTHONPATH's
// folders, then $VIRTUAL_ENV/lib/python3.*/site-packages (Python asks sys.path itself).
inline std::vector<std::string> python_site_dirs() {
  std::vector<std::string> dirs;
  for (const auto& d : split(env("PYTHONPATH"), ':'))
    if (!d.empty()) dirs.push_back(d);
  std::string venv = env("VIRTUAL_ENV");
  if (!venv.empty())
    for (const auto& name : sorted_entries(join(venv, "lib"), "python3")) dirs.push_back(join(join(join(venv, "lib"), name), "site-packages"));
  return dirs;
}

// The NVIDIA wheels' CUDA trees under those folders (kfoot.core.toolchain._WHEEL_SUBDIRS).
inline std::vector<std::string> wheel_roots() {
  std::vector<std::string> roots;
  for (const auto& site : python_site_dirs())
    for (const char* sub : {"cu13", "cuda_nvcc", "cuda_cuobjdump", "cuda_runtime", "cuda_nvrtc"}) {
      std::string tree = join(join(site, "nvidia"), sub);
      if (is_dir(tree)) roots.push_back(tree);
    }
  return roots;
}

struct NvrtcSearch {
  std::vector<std::string> candidates;  // absolute files, or sonames for the dynamic linker
  std::string looked;                   // where, for the one-line error
};

// kfoot.core.toolchain.nvrtc_search: KFOOT_NVRTC (then nothing else), CUDA_HOME, CUDA_PATH, the
// dynamic linker, the NVIDIA wheels on the Python path, /usr/local/cuda.
inline NvrtcSearch nvrtc_search(const std::string& system = system_cuda()) {
  NvrtcSearch s;
  std::string explicit_path = env("KFOOT_NVRTC");
  if (!explicit_path.empty()) {
    s.candidates.push_back(explicit_path);
    s.looked = "KFOOT_NVRTC=" + explicit_path;
    return s;
  }
  s.looked = "KFOOT_NVRTC (unset)";
  for (const char* var : {"CUDA_HOME", "CUDA_PATH"}) {
    std::string home = env(var);
    if (home.empty()) {
      s.looked += std::string("; ") + var + " (unset)";
      continue;
    }
    std::string found = first_library(home, "libnvrtc.so");
    if (!found.empty()) s.candidates.push_back(found);
    s.looked += std::string("; ") + var + "=" + home;
  }
  std::string names;
  for (const auto& name : nvrtc_sonames()) {
    s.candidates.push_back(name);
    names += (names.empty() ? "" : ", ") + name;
  }
  s.looked += "; the dynamic linker (" + names + ": LD_LIBRARY_PATH, RUNPATH, ld.so.cache)";
  std::string wheels;
  for (const auto& root : wheel_roots()) {
    std::string found = first_library(root, "libnvrtc.so");
    if (!found.empty()) s.candidates.push_back(found);
    wheels += (wheels.empty() ? "" : ", ") + root;
  }
  s.looked += "; NVIDIA wheels (" + (wheels.empty() ? std::string("none on the Python path") : wheels) + ")";
  std::string found = first_library(system, "libnvrtc.so");
  if (!found.empty()) s.candidates.push_back(found);
  s.looked += "; " + system;
  return s;
}

// Another CUDA library found by path alone (libnvJitLink; kfoot.core.toolchain.find_library): the
// first name starting with `stem`, sorted, in lib/ else lib64/ of CUDA_HOME, CUDA_PATH, the
// wheels, /usr/local/cuda; "" when none.
inline std::string find_library(const std::string& stem, const std::string& system = system_cuda()) {
  std::vector<std::string> trees;
  for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
    if (!env(var).empty()) trees.push_back(env(var));
  for (const auto& r : wheel_roots()) trees.push_back(r);
  trees.push_back(system);
  for (const auto& tree : trees) {
    std::string found = first_library(tree, stem);
    if (!found.empty()) return found;
  }
  return std::string();
}

// kfoot.core.toolchain.toolkit_header_roots: KFOOT_NVRTC's tree, CUDA_HOME, CUDA_PATH, the wheels,
// /usr/local/cuda (a registry's bundled copy comes before all of them, in registry.hpp).
inline std::vector<std::string> toolkit_header_roots(const std::string& system = system_cuda()) {
  std::vector<std::string> roots;
  std::string explicit_path = env("KFOOT_NVRTC");
  if (!explicit_path.empty()) roots.push_back(parent_of(parent_of(explicit_path)));
  for (const char* var : {"CUDA_HOME", "CUDA_PATH"})
    if (!env(var).empty()) roots.push_back(env(var));
  for (const auto& r : wheel_roots()) roots.push_back(r);
  roots.push_back(system);
  return roots;
}

// The toolkit headers a shipped registry carries in <root>/toolkit/include (kfoot.runtime.ship),
// and its cccl/ when there; empty when it carries none (kfoot.core.toolchain.bundled_include_dirs).
inline std::vector<std::string> bundled_include_dirs(const std::string& registry_root) {
  std::string inc = join(registry_root, "toolkit/include");
  if (!is_file(join(inc, "cuda_fp16.h"))) return {};
  std::vector<std::string> dirs{inc};
  if (is_dir(join(inc, "cccl"))) dirs.push_back(join(inc, "cccl"));
  return dirs;
}

// Toolkit headers NVRTC needs (kfoot.core.toolchain.toolkit_include_dirs).
inline std::vector<std::string> toolkit_include_dirs(const std::string& system = system_cuda()) {
  std::string looked;
  for (const auto& root : toolkit_header_roots(system)) {
    std::string inc = join(root, "include");
    if (is_file(join(inc, "cuda_fp16.h"))) {
      std::vector<std::string> dirs{inc};
      if (is_dir(join(inc, "cccl"))) dirs.push_back(join(inc, "cccl"));
      return dirs;
    }
    looked += (looked.empty() ? "" : ", ") + inc;
  }
  throw Error("cuda_fp16.h (the CUDA toolkit headers NVRTC needs) not found; looked in: " + looked +
              "; set CUDA_HOME, or ship the registry with its headers (kfoot_install_kernels)");
}

// One function pointer from a dlopen'ed library; false when the library lacks it.
template <class F>
inline bool bind(void* h, F& f, const char* name) {
  f = reinterpret_cast<F>(::dlsym(h, name));
  return f != nullptr;
}

}  // namespace kfoot::detail
