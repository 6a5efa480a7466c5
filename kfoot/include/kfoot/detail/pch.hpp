// Precompiled headers, reused within one process: must agree with kfoot/runtime/pch.py
// (enabled: KFOOT_PCH; PCH_HEAP_BYTES; compile_program: --create-pch for a preamble's first
// program, --use-pch for later ones, a refused PCH is a silent recompile; the folder's
// owner.lock and remove_abandoned). Why per process (an NVRTC PCH is tied to its heap's address)
// and why a lock (a killed process leaves its folder) are in that module's docstring and
// docs/runtime.md.
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
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nvrtc.hpp"
#include "sha256.hpp"

namespace kfoot::detail {

inline constexpr std::size_t kPchHeapBytes = std::size_t(512) << 20;  // kfoot.runtime.pch.PCH_HEAP_BYTES
inline constexpr const char* kPchFolderPrefix = "kfoot-pch-";          // kfoot.runtime.pch.FOLDER_PREFIX
inline constexpr const char* kPchOwnerLock = "owner.lock";             // kfoot.runtime.pch.OWNER_LOCK

inline bool pch_own_entry(const std::string& name) {
  auto ends = [&](const char* suffix) {
    std::string s(suffix);
    return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
  };
  return name == kPchOwnerLock || ends(".pch") || ends(".tmp");
}

// Deletes `folder` (a name in `base_fd`) when it is this user's PCH folder whose owner.lock can be
// taken (its owner is gone) and it holds only owner.lock, *.pch and *.tmp regular files.
inline bool pch_remove_if_abandoned(int base_fd, const std::string& folder) {
  int dir = ::openat(base_fd, folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (dir < 0) return false;
  bool removed = false;
  struct stat st;
  int lock = -1;
  std::vector<std::string> entries;
  if (::fstat(dir, &st) == 0 && st.st_uid == ::getuid() &&
      (lock = ::openat(dir, kPchOwnerLock, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)) >= 0 &&
      ::fstat(lock, &st) == 0 && S_ISREG(st.st_mode) && ::flock(lock, LOCK_EX | LOCK_NB) == 0) {
    bool ours = true;
    int listing = ::dup(dir);
    if (DIR* d = listing >= 0 ? ::fdopendir(listing) : nullptr) {
      while (dirent* e = ::readdir(d)) {
        std::string name = e->d_name;
        if (name == "." || name == "..") continue;
        struct stat es;
        if (!pch_own_entry(name) || ::fstatat(dir, name.c_str(), &es, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(es.st_mode)) {
          ours = false;
          break;
        }
        entries.push_back(name);
      }
      ::closedir(d);
    } else {
      if (listing >= 0) ::close(listing);
      ours = false;
    }
    if (ours) {
      std::stable_partition(entries.begin(), entries.end(), [](const std::string& e) { return e != kPchOwnerLock; });
      for (const auto& e : entries) ::unlinkat(dir, e.c_str(), 0);  // the lock last
      removed = ::unlinkat(base_fd, folder.c_str(), AT_REMOVEDIR) == 0;
    }
  }
  if (lock >= 0) ::close(lock);
  ::close(dir);
  return removed;
}

// Deletes the abandoned PCH folders in `base` (pch_remove_if_abandoned); how many.
inline int pch_remove_abandoned(const std::string& base) {
  int base_fd = ::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (base_fd < 0) return 0;
  std::vector<std::string> names;
  int listing = ::dup(base_fd);
  if (DIR* d = listing >= 0 ? ::fdopendir(listing) : nullptr) {
    while (dirent* e = ::readdir(d)) {
      std::string name = e->d_name;
      if (name.compare(0, std::string(kPchFolderPrefix).size(), kPchFolderPrefix) == 0) names.push_back(name);
    }
    ::closedir(d);
  } else if (listing >= 0) {
    ::close(listing);
  }
  int removed = 0;
  for (const auto& name : names) removed += pch_remove_if_abandoned(base_fd, name) ? 1 : 0;
  ::close(base_fd);
  return removed;
}

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
    if (lock_fd_ >= 0) ::close(lock_fd_);
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
      if (base.empty()) base = "/tmp";
      pch_remove_abandoned(base);
      std::string pattern = join(base, std::string(kPchFolderPrefix) + "XXXXXX");
      std::vector<char> buf(pattern.begin(), pattern.end());
      buf.push_back('\0');
      if (::mkdtemp(buf.data())) {
        // owner.lock is locked before it has its name: a sweeper never takes a live process's.
        std::string partial = join(buf.data(), std::string(kPchOwnerLock) + ".tmp");
        int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0 && ::flock(fd, LOCK_EX) == 0 &&
            ::rename(partial.c_str(), join(buf.data(), kPchOwnerLock).c_str()) == 0) {
          nv.set_pch_heap(kPchHeapBytes);
          folder_ = buf.data();
          owner_ = ::getpid();
          lock_fd_ = fd;
        } else {  // no lock, no folder: a killed process's folder must be findable
          if (fd >= 0) ::close(fd);
          ::unlink(partial.c_str());
          ::rmdir(buf.data());
        }
      }
    }
    return folder_;
  }
  std::mutex mutex_;
  std::string folder_;
  bool tried_ = false;
  pid_t owner_ = 0;
  int lock_fd_ = -1;
  std::set<std::string> failed_;
};

}  // namespace kfoot::detail
