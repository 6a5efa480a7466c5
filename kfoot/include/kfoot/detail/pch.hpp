// Precompiled headers, reused within one process: must agree with kfoot/runtime/pch.py
// (enabled: KFOOT_PCH; PCH_HEAP_BYTES; compile_program: --create-pch for a preamble's first
// program, --use-pch for later ones, a refused PCH is a silent recompile). Why per process (an
// NVRTC PCH is tied to its heap's address) is in that module's docstring and docs/runtime.md.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nvrtc.hpp"
#include "sha256.hpp"

namespace kfoot::detail {

inline constexpr std::size_t kPchHeapBytes = std::size_t(512) << 20;  // kfoot.runtime.pch.PCH_HEAP_BYTES

// PCH is on unless KFOOT_PCH is 0, false, no or off (any case).
inline bool pch_enabled() {
  std::string v = env("KFOOT_PCH");
  v.erase(0, v.find_first_not_of(" \t\n\r"));
  v.erase(v.find_last_not_of(" \t\n\r") + 1);
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return !(v == "0" || v == "false" || v == "no" || v == "off");
}

class Pch {
 public:
  std::atomic<std::uint64_t> hits{0}, created{0}, refused{0};

  static Pch& get() {
    static Pch instance;
    return instance;
  }

  // compile_program with this process's PCH of the preamble (source, options, header digest).
  Compiled compile(Nvrtc& nv, const std::string& source, const std::string& name_expression,
                   const std::vector<std::string>& options, const std::vector<std::string>* link, const std::string& digest) {
    if (!pch_enabled() || !nv.set_pch_heap) return compile_program(nv, source, name_expression, options, link);
    std::string material = source + '\0' + digest;
    for (const auto& o : options) material += '\0' + o;
    std::string key = Sha256::hex(material);
    std::string dir;
    {
      std::lock_guard<std::mutex> guard(mutex_);
      dir = folder(nv);
      if (dir.empty() || failed_.count(key)) return compile_program(nv, source, name_expression, options, link);
    }
    std::string path = join(dir, key + ".pch");
    struct stat st;
    if (::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      std::vector<std::string> with = options;
      with.push_back("--use-pch=" + path);
      with.push_back("--pch-messages=true");
      try {
        Compiled out = compile_program(nv, source, name_expression, with, link);
        if (out.log.find("using precompiled header") != std::string::npos) {
          hits.fetch_add(1);
          return out;
        }
        refuse(key);
        return out;  // NVRTC parsed the headers itself: the cubin is sound
      } catch (const Error& e) {
        if (std::string(e.what()).find("precompiled header") == std::string::npos) throw;
        refuse(key);
        return compile_program(nv, source, name_expression, options, link);
      }
    }
    std::string partial = join(dir, key + "." + std::to_string(::getpid()) + "." +
                                         std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id())) + ".tmp");
    std::vector<std::string> with = options;
    with.push_back("--create-pch=" + partial);
    with.push_back("--pch-messages=true");
    Compiled out;
    try {
      out = compile_program(nv, source, name_expression, with, link);
    } catch (...) {
      ::unlink(partial.c_str());
      throw;
    }
    if (out.log.find("creating precompiled header") != std::string::npos && ::rename(partial.c_str(), path.c_str()) == 0) {
      created.fetch_add(1);
    } else {
      ::unlink(partial.c_str());
      std::lock_guard<std::mutex> guard(mutex_);
      failed_.insert(key);
    }
    return out;
  }

 private:
  Pch() = default;
  ~Pch() {
    if (folder_.empty() || owner_ != ::getpid()) return;  // a forked child leaves it to its parent
    if (DIR* d = ::opendir(folder_.c_str())) {
      while (dirent* e = ::readdir(d)) {
        std::string name = e->d_name;
        if (name != "." && name != "..") ::unlink(join(folder_, name).c_str());
      }
      ::closedir(d);
    }
    ::rmdir(folder_.c_str());
  }
  void refuse(const std::string& key) {
    refused.fetch_add(1);
    std::lock_guard<std::mutex> guard(mutex_);
    failed_.insert(key);
  }
  // The process's private PCH folder ($TMPDIR or /tmp, mkdtemp: 0700), made with the heap set.
  std::string folder(Nvrtc& nv) {
    if (folder_.empty() && !tried_) {
      tried_ = true;
      std::string base = env("TMPDIR");
      std::string pattern = join(base.empty() ? "/tmp" : base, "kfoot-pch-XXXXXX");
      std::vector<char> buf(pattern.begin(), pattern.end());
      buf.push_back('\0');
      if (::mkdtemp(buf.data())) {
        nv.set_pch_heap(kPchHeapBytes);
        folder_ = buf.data();
        owner_ = ::getpid();
      }
    }
    return folder_;
  }
  std::mutex mutex_;
  std::string folder_;
  bool tried_ = false;
  pid_t owner_ = 0;
  std::set<std::string> failed_;
};

}  // namespace kfoot::detail
