// Reading a file somebody else wrote (a registry, a hybrid build's fatbin): must agree with
// kfoot/core/inputfile.py (a regular file only, opened without waiting on it, its size bounded
// before anything is read) and kfoot/core/escape.py's `shown` (an error line quotes at most a
// short prefix of a value, with its length).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fs.hpp"

namespace kfoot::detail {

inline constexpr std::size_t kErrorPrefix = 80;  // characters of a value an error line quotes

// `value` for an error line: quoted, control characters as escapes, cut to `limit` bytes with
// the whole length after an ellipsis (kfoot.core.escape.shown).
inline std::string shown(const std::string& value, std::size_t limit = kErrorPrefix) {
  std::string out = "'";
  for (std::size_t i = 0; i < value.size() && i < limit; ++i) {
    unsigned char c = static_cast<unsigned char>(value[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c == '\\' || c == '\'') out += std::string("\\") + static_cast<char>(c);
    else if (c < 0x20 || c == 0x7f) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    } else out += static_cast<char>(c);
  }
  out += "'";
  if (value.size() > limit) {
    std::string count = std::to_string(value.size());  // with thousands separators, as Python's {:,}
    for (int at = static_cast<int>(count.size()) - 3; at > 0; at -= 3) count.insert(static_cast<std::size_t>(at), ",");
    out += "...(" + count + " characters)";
  }
  return out;
}

// What a file that is not a regular one is, or nullptr.
inline const char* special_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISDIR(mode)) return "a folder";
  return nullptr;
}

// The bytes of `path` into `out` when it is a regular file of at most `max_bytes`: false when it
// does not exist (the caller knows what that means); anything else throws E, one line naming
// the file and `what` it should be (kfoot::Error). O_NONBLOCK: opening a FIFO returns at once; the type is
// checked on the open descriptor, so a FIFO put in place after a check is still refused.
inline bool read_regular(const std::string& path, const std::string& what, std::uint64_t max_bytes, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return false;
    throw Error(path + ": cannot read the " + what + ": " + std::strerror(errno));
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int error = errno;
    ::close(fd);
    throw Error(path + ": cannot read the " + what + ": " + std::strerror(error));
  }
  if (const char* kind = special_kind(st.st_mode)) {
    ::close(fd);
    throw Error(path + ": the " + what + " is " + kind + ", not a regular file");
  }
  auto limit = [&] { return "the " + std::to_string(max_bytes >> 20) + " MiB limit for a " + what; };
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    ::close(fd);
    throw Error(path + ": " + std::to_string(static_cast<std::uint64_t>(st.st_size) >> 20) + " MiB is over " + limit());
  }
  out.clear();
  out.reserve(static_cast<std::size_t>(st.st_size));
  if (!read_bounded(fd, out, static_cast<std::size_t>(max_bytes))) {  // it grew while it was read
    out.clear();
    throw Error(path + ": grew over " + limit() + " while it was read");
  }
  return true;
}

}  // namespace kfoot::detail
