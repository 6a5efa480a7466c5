// The CUDA toolkit the runtime uses: must agree with kfoot/core/toolchain.py (cuda_roots:
// $CUDA_HOME, then the NVIDIA wheels' trees, compiled in as KFOOT_CUDA_ROOTS; find_library) and
// kfoot/runtime/nvrtc.py (include_dirs: the toolkit headers NVRTC needs; tests/vectors/toolkit.json).
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

#ifndef KFOOT_CUDA_ROOTS
#define KFOOT_CUDA_ROOTS ""  // colon-separated; `kfoot config --cflags` defines it
#endif

namespace kfoot::detail {

// $CUDA_HOME, then the trees compiled in (kfoot.core.toolchain.cuda_roots: then the wheels).
inline std::vector<std::string> cuda_roots() {
  std::vector<std::string> roots;
  std::string home = env("CUDA_HOME");
  if (!home.empty()) roots.push_back(home);
  for (auto& r : split(KFOOT_CUDA_ROOTS, ':')) roots.push_back(r);
  return roots;
}

// Toolkit headers NVRTC needs (kfoot.runtime.nvrtc.include_dirs).
inline std::vector<std::string> toolkit_include_dirs() {
  for (const auto& root : cuda_roots()) {
    std::string inc = join(root, "include");
    if (is_file(join(inc, "cuda_fp16.h"))) {
      std::vector<std::string> dirs{inc};
      if (is_dir(join(inc, "cccl"))) dirs.push_back(join(inc, "cccl"));
      return dirs;
    }
  }
  throw Error("cuda_fp16.h not found in the CUDA roots (" + std::string(KFOOT_CUDA_ROOTS) +
              "); compile with $(kfoot config --cflags) or set CUDA_HOME");
}

// A shared library from the CUDA roots (kfoot.core.toolchain.find_library): the first name
// starting with `stem`, sorted, in lib/ then lib64/ of each root.
inline std::string find_library(const std::string& stem) {
  for (const auto& root : cuda_roots()) {
    for (const char* sub : {"lib", "lib64"}) {
      std::string folder = join(root, sub);
      DIR* d = ::opendir(folder.c_str());
      if (!d) continue;
      std::vector<std::string> names;
      while (dirent* e = ::readdir(d))
        if (std::strncmp(e->d_name, stem.c_str(), stem.size()) == 0) names.emplace_back(e->d_name);
      ::closedir(d);
      if (!names.empty()) {
        std::sort(names.begin(), names.end());
        return join(folder, names.front());
      }
    }
  }
  return std::string();
}

// One function pointer from a dlopen'ed library; false when the library lacks it.
template <class F>
inline bool bind(void* h, F& f, const char* name) {
  f = reinterpret_cast<F>(::dlsym(h, name));
  return f != nullptr;
}

}  // namespace kfoot::detail
