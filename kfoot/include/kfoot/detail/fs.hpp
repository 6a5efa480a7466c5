// Files and paths, with the meaning the Python side's pathlib gives them (Path.resolve,
// Path.is_file, Path.expanduser), for the registry, the include walk and the disk cache.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kfoot::detail {

// The rest of an open file, appended to `out`; the descriptor is closed.
inline void read_all(int fd, std::string& out) {
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
}

// At most `limit` bytes of an open file appended to `out`, false when it holds more (it grew after
// its size was checked); the descriptor is closed.
inline bool read_bounded(int fd, std::string& out, std::size_t limit) {
  char buf[1 << 16];
  std::size_t start = out.size();
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
    if (out.size() - start > limit) {
      ::close(fd);
      return false;
    }
  }
  ::close(fd);
  return true;
}

inline bool read_file(const std::string& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  out.clear();
  read_all(fd, out);
  return true;
}

inline bool is_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

inline bool is_dir(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Symbolic links resolved, as Python's Path.resolve() (the path must exist).
inline std::string real_path(const std::string& path) {
  char* r = ::realpath(path.c_str(), nullptr);
  if (!r) return path;
  std::string out(r);
  std::free(r);
  return out;
}

inline std::string parent_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

inline std::string join(const std::string& a, const std::string& b) {
  if (a.empty() || (!b.empty() && b[0] == '/')) return b;
  return a.back() == '/' ? a + b : a + "/" + b;
}

inline std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    auto end = s.find(sep, start);
    auto part = s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!part.empty()) out.emplace_back(part);
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

inline std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// A leading ~ or ~user, as Python's os.path.expanduser (under Path.expanduser): $HOME (even
// empty), else the password database's home; a user it cannot find leaves the path as it is.
inline std::string expand_user(const std::string& path) {
  if (path.empty() || path[0] != '~') return path;
  std::size_t slash = std::min(path.find('/'), path.size());
  const char* home = slash == 1 ? std::getenv("HOME") : nullptr;
  struct passwd entry, *found = nullptr;
  std::vector<char> buffer(1 << 14);
  if (!home) {
    int rc = slash == 1 ? ::getpwuid_r(::getuid(), &entry, buffer.data(), buffer.size(), &found)
                        : ::getpwnam_r(path.substr(1, slash - 1).c_str(), &entry, buffer.data(), buffer.size(), &found);
    if (rc != 0 || !found || !found->pw_dir) return path;
    home = found->pw_dir;
  }
  std::string out = home;
  while (!out.empty() && out.back() == '/') out.pop_back();
  out += path.substr(slash);
  return out.empty() ? "/" : out;
}

}  // namespace kfoot::detail
