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
// Whether Python's repr escapes code point `cp` (not str.isprintable): controls, the separators
// and format characters (bidirectional overrides, zero-width ones), private use, non-characters.
// Python's table also escapes unassigned code points, which this does not know.
inline bool repr_escapes(std::uint32_t cp) {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp == 0xad) return true;
  if (cp == 0x34f) return false;
  return cp == 0x61c || cp == 0x1680 || cp == 0x180e || (cp >= 0x2000 && cp <= 0x200f) ||
         (cp >= 0x2028 && cp <= 0x202f) || (cp >= 0x205f && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x206f) ||
         cp == 0x3000 || (cp >= 0xd800 && cp <= 0xf8ff) || cp == 0xfeff || (cp >= 0xfff0 && cp <= 0xfffb) ||
         cp == 0xfffe || cp == 0xffff || (cp >= 0xe0000 && cp <= 0xe0fff) || cp >= 0xf0000;
}

// One UTF-8 sequence's code point at `i` and its length, or length 0 for a byte that starts none.
inline std::size_t utf8_at(const std::string& text, std::size_t i, std::uint32_t& cp) {
  unsigned char c = static_cast<unsigned char>(text[i]);
  std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  cp = n == 1 ? c : n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    unsigned char next = static_cast<unsigned char>(text[i + k]);
    if ((next >> 6) != 0x2) return 0;
    cp = (cp << 6) | (next & 0x3f);
  }
  return n;
}

// `value` for an error line as kfoot.core.escape.shown writes it: Python's repr (its quote choice,
// its escapes), cut to `limit` characters with the full length after an ellipsis. A byte that is
// no UTF-8 is one \xHH character.
inline std::string shown(const std::string& value, std::size_t limit = kErrorPrefix) {
  std::size_t cut = 0;  // the bytes of the first `limit` characters, whose quotes pick repr's quote
  for (std::size_t chars = 0; cut < value.size() && chars < limit; ++chars) {
    std::uint32_t cp = 0;
    std::size_t n = utf8_at(value, cut, cp);
    cut += n ? n : 1;
  }
  std::string head = value.substr(0, cut);
  char quote = head.find('\'') != std::string::npos && head.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  std::size_t chars = 0;
  for (std::size_t i = 0; i < value.size();) {
    std::uint32_t cp = 0;
    std::size_t n = utf8_at(value, i, cp);
    if (n == 0) {
      cp = static_cast<unsigned char>(value[i]);
      n = 1;
    }
    if (chars < limit) {
      char hex[16];
      if (cp == '\n') out += "\\n";
      else if (cp == '\r') out += "\\r";
      else if (cp == '\t') out += "\\t";
      else if (cp == '\\' || cp == static_cast<std::uint32_t>(quote)) out += std::string("\\") + static_cast<char>(cp);
      else if (repr_escapes(cp) || (cp >= 0x80 && n == 1)) {
        std::snprintf(hex, sizeof hex, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
        out += hex;
      } else out.append(value, i, n);
    }
    ++chars;
    i += n;
  }
  out += quote;
  if (chars > limit) {
    std::string count = std::to_string(chars);  // with thousands separators, as Python's {:,}
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
