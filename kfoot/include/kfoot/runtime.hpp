// kfoot/runtime.hpp: the C++ side of kfoot's run-time compilation. Header-only, C++17, Linux.
//
//   kfoot::Registry reg = kfoot::Registry::open("out/rtc");   // a folder or its registry.json
//   const kfoot::Kernel& k = reg.kernel("axpby", {{"T", "float32"}, {"UNROLL", "2"}});
//   kfoot::Bytes cubin = k.cubin("sm_90");   // memory, disk cache, or NVRTC: no GPU needed
//   k.launch(grid, block, args, shared_bytes, stream);
//   kfoot::Stats s = reg.stats();
//
// It reads the registry `kfoot build --mode rtc|hybrid` writes and shares the Python runtime's
// disk cache: the same key (kfoot/runtime/fingerprint.py), the same entry format, the same folder
// rules and environment variables (docs/runtime.md), so an entry either side writes is a hit for
// the other. NVRTC and the CUDA driver are loaded with dlopen when first needed: a program links
// against neither, and compiles and runs on a machine without a GPU until it launches.
//
// Build flags: `kfoot config --cflags` (the include folder, and the CUDA roots kfoot uses as
// KFOOT_CUDA_ROOTS) and `kfoot config --libs`.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#ifndef KFOOT_CUDA_ROOTS
#define KFOOT_CUDA_ROOTS ""  // colon-separated; `kfoot config --cflags` defines it
#endif

namespace kfoot {

// The kfoot release this header belongs to: part of every cache key, as in Python
// (tests/test_cpp_runtime.py checks it against kfoot.__version__).
inline constexpr const char* kVersion = "0.1.0";
inline constexpr int kKeySchema = 2;  // kfoot.runtime.fingerprint.KEY_SCHEMA
inline constexpr int kRegistryVersion = 1;

// Every failure: one line naming what and where (a missing registry, an unknown value, NVRTC's
// first error, no GPU at launch time).
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Stats {
  std::uint64_t memory_hits = 0;  // cubin() / launch served from this process's memory
  std::uint64_t disk_hits = 0;    // served from the disk cache
  std::uint64_t compiles = 0;     // NVRTC programs compiled
};

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  Dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

// Contiguous bytes owned by the registry (valid while it lives).
class Bytes {
 public:
  Bytes() = default;
  Bytes(const unsigned char* data, std::size_t size) : data_(data), size_(size) {}
  const unsigned char* data() const { return data_; }
  std::size_t size() const { return size_; }
  const unsigned char* begin() const { return data_; }
  const unsigned char* end() const { return data_ + size_; }
  std::string str() const { return std::string(reinterpret_cast<const char*>(data_), size_); }

 private:
  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

namespace detail {

// -- sha256 (FIPS 180-4): the cache names cubins and checks entries by it ----------------------
class Sha256 {
 public:
  Sha256() { reset(); }
  void reset() {
    static const std::uint32_t init[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    std::memcpy(h_, init, sizeof h_);
    length_ = 0;
    used_ = 0;
  }
  void update(const void* data, std::size_t n) {
    auto p = static_cast<const unsigned char*>(data);
    length_ += n;
    while (n) {
      std::size_t take = std::min<std::size_t>(64 - used_, n);
      std::memcpy(block_ + used_, p, take);
      used_ += take;
      p += take;
      n -= take;
      if (used_ == 64) {
        compress(block_);
        used_ = 0;
      }
    }
  }
  void update(std::string_view s) { update(s.data(), s.size()); }
  std::array<unsigned char, 32> digest() {
    std::uint64_t bits = length_ * 8;
    unsigned char pad = 0x80;
    update(&pad, 1);
    unsigned char zero = 0;
    while (used_ != 56) update(&zero, 1);
    unsigned char len[8];
    for (int i = 0; i < 8; ++i) len[i] = static_cast<unsigned char>(bits >> (56 - 8 * i));
    update(len, 8);
    std::array<unsigned char, 32> out{};
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 4; ++j) out[4 * i + j] = static_cast<unsigned char>(h_[i] >> (24 - 8 * j));
    return out;
  }
  std::string hexdigest() {
    static const char* hex = "0123456789abcdef";
    std::string s;
    for (unsigned char c : digest()) {
      s += hex[c >> 4];
      s += hex[c & 15];
    }
    return s;
  }
  static std::string hex(std::string_view data) {
    Sha256 h;
    h.update(data);
    return h.hexdigest();
  }

 private:
  static std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
  void compress(const unsigned char* b) {
    static const std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
      w[i] = (std::uint32_t(b[4 * i]) << 24) | (std::uint32_t(b[4 * i + 1]) << 16) |
             (std::uint32_t(b[4 * i + 2]) << 8) | std::uint32_t(b[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
      std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = h_[0], bb = h_[1], c = h_[2], d = h_[3], e = h_[4], f = h_[5], g = h_[6], h = h_[7];
    for (int i = 0; i < 64; ++i) {
      std::uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
      std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = bb;
      bb = a;
      a = t1 + t2;
    }
    h_[0] += a; h_[1] += bb; h_[2] += c; h_[3] += d; h_[4] += e; h_[5] += f; h_[6] += g; h_[7] += h;
  }
  std::uint32_t h_[8];
  unsigned char block_[64];
  std::uint64_t length_;
  std::size_t used_;
};

// -- JSON: enough to read registry.json and cache entries, and to write keys and entries -------
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  std::string text;  // String: the value; Number: its spelling in the file
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;  // in file order

  const Json* get(std::string_view name) const {
    for (const auto& m : members)
      if (m.first == name) return &m.second;
    return nullptr;
  }
  bool is_integer() const {
    return kind == Number && text.find_first_of(".eE") == std::string::npos;
  }
  // A value as the registry's axes compare it: strings as they are, numbers and booleans spelled.
  std::string scalar() const {
    if (kind == String || kind == Number) return text;
    if (kind == Bool) return boolean ? "true" : "false";
    return "null";
  }
};

class JsonReader {
 public:
  JsonReader(std::string_view s, std::string what) : s_(s), what_(std::move(what)) {}
  Json parse() {
    Json v = value(0);
    skip();
    if (i_ != s_.size()) fail("trailing data");
    return v;
  }

 private:
  [[noreturn]] void fail(const char* why) {
    throw Error(what_ + ": not valid JSON (" + why + " at byte " + std::to_string(i_) + ")");
  }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
  }
  Json value(int depth) {
    if (depth > 64) fail("nesting too deep");
    skip();
    if (i_ >= s_.size()) fail("unexpected end");
    Json v;
    char c = s_[i_];
    if (c == '{') {
      v.kind = Json::Object;
      ++i_;
      skip();
      if (i_ < s_.size() && s_[i_] == '}') { ++i_; return v; }
      for (;;) {
        skip();
        if (i_ >= s_.size() || s_[i_] != '"') fail("expected a member name");
        std::string name = string();
        skip();
        if (i_ >= s_.size() || s_[i_] != ':') fail("expected ':'");
        ++i_;
        v.members.emplace_back(std::move(name), value(depth + 1));
        skip();
        if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
        if (i_ < s_.size() && s_[i_] == '}') { ++i_; return v; }
        fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v.kind = Json::Array;
      ++i_;
      skip();
      if (i_ < s_.size() && s_[i_] == ']') { ++i_; return v; }
      for (;;) {
        v.items.push_back(value(depth + 1));
        skip();
        if (i_ < s_.size() && s_[i_] == ',') { ++i_; continue; }
        if (i_ < s_.size() && s_[i_] == ']') { ++i_; return v; }
        fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v.kind = Json::String;
      v.text = string();
      return v;
    }
    if (literal("true")) { v.kind = Json::Bool; v.boolean = true; return v; }
    if (literal("false")) { v.kind = Json::Bool; return v; }
    if (literal("null")) return v;
    std::size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    while (i_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.' || s_[i_] == 'e' ||
                              s_[i_] == 'E' || s_[i_] == '+' || s_[i_] == '-'))
      ++i_;
    if (start == i_ || (i_ == start + 1 && s_[start] == '-')) fail("unexpected character");
    v.kind = Json::Number;
    v.text = std::string(s_.substr(start, i_ - start));
    return v;
  }
  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) == word) { i_ += word.size(); return true; }
    return false;
  }
  unsigned hex4() {
    if (i_ + 4 > s_.size()) fail("short \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= unsigned(c - '0');
      else if (c >= 'a' && c <= 'f') v |= unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') v |= unsigned(c - 'A' + 10);
      else fail("bad \\u escape");
    }
    return v;
  }
  static void utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) out += char(cp);
    else if (cp < 0x800) { out += char(0xC0 | (cp >> 6)); out += char(0x80 | (cp & 63)); }
    else if (cp < 0x10000) { out += char(0xE0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 63)); out += char(0x80 | (cp & 63)); }
    else { out += char(0xF0 | (cp >> 18)); out += char(0x80 | ((cp >> 12) & 63)); out += char(0x80 | ((cp >> 6) & 63)); out += char(0x80 | (cp & 63)); }
  }
  std::string string() {
    ++i_;  // the opening quote
    std::string out;
    for (;;) {
      if (i_ >= s_.size()) fail("unterminated string");
      char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') { out += c; continue; }
      if (i_ >= s_.size()) fail("unterminated escape");
      char e = s_[i_++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {
            std::size_t back = i_;
            i_ += 2;
            unsigned low = hex4();
            if (low >= 0xDC00 && low < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            else i_ = back;
          }
          utf8(out, cp);
          break;
        }
        default: fail("bad escape");
      }
    }
  }
  std::string_view s_;
  std::string what_;
  std::size_t i_ = 0;
};

// A string as Python's json.dumps writes it (ensure_ascii): what the cache key hashes.
inline std::string json_string(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out = "\"";
  auto escape16 = [&](unsigned u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(u >> shift) & 15];
  };
  for (std::size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
          if (c < 0x20) escape16(c);
          else out += char(c);
      }
      continue;
    }
    // Non-ASCII: decode UTF-8, escape as \uXXXX (a surrogate pair above the BMP).
    unsigned cp = 0;
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    cp = extra == 3 ? (c & 7) : extra == 2 ? (c & 15) : extra == 1 ? (c & 31) : c;
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 63);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      escape16(0xD800 + (cp >> 10));
      escape16(0xDC00 + (cp & 0x3FF));
    } else {
      escape16(cp);
    }
  }
  return out + "\"";
}

// -- files ------------------------------------------------------------------------------------
inline bool read_file(const std::string& path, std::string& out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  out.clear();
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
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

inline std::string expand_user(const std::string& path) {
  if (path.size() && path[0] == '~' && (path.size() == 1 || path[1] == '/')) return env("HOME") + path.substr(1);
  return path;
}

// -- the CUDA roots, as kfoot.core.toolchain.cuda_roots: CUDA_HOME, then the wheels ------------
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

// -- the include walk and source digest (kfoot.core.includes, kfoot.runtime.fingerprint) -------
// Matches ^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"] at line starts, as the Python regex.
inline std::vector<std::pair<bool, std::string>> scan_includes(const std::string& data) {
  std::vector<std::pair<bool, std::string>> out;
  std::size_t n = data.size(), resume = 0;
  for (std::size_t ls = 0; ls <= n;) {
    std::size_t i = ls;
    bool matched = false;
    if (ls >= resume) {
      auto blanks = [&] { while (i < n && (data[i] == ' ' || data[i] == '\t')) ++i; };
      blanks();
      if (i < n && data[i] == '#') {
        ++i;
        blanks();
        if (data.compare(i, 7, "include") == 0) {
          i += 7;
          blanks();
          if (i < n && (data[i] == '<' || data[i] == '"')) {
            bool quoted = data[i] == '"';
            std::size_t start = ++i;
            while (i < n && data[i] != '>' && data[i] != '"') ++i;
            if (i < n && i > start) {
              out.emplace_back(quoted, data.substr(start, i - start));
              resume = i + 1;
              matched = true;
            }
          }
        }
      }
    }
    std::size_t from = matched ? resume : ls;
    auto nl = data.find('\n', from);
    if (nl == std::string::npos) break;
    ls = nl + 1;
  }
  return out;
}

inline std::string display_name(const std::string& path, const std::string& main_dir,
                                const std::vector<std::string>& include_dirs) {
  std::vector<std::string> bases{main_dir};
  for (const auto& d : include_dirs) bases.push_back(real_path(d));
  for (const auto& base : bases) {
    if (path.size() > base.size() && path.compare(0, base.size(), base) == 0 && path[base.size()] == '/')
      return path.substr(base.size() + 1);
  }
  auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

inline std::string source_digest(const std::string& main_header, const std::vector<std::string>& include_dirs) {
  Sha256 digest;
  std::string main = real_path(main_header);
  std::string main_dir = parent_of(main);
  std::unordered_set<std::string> seen;
  std::vector<std::string> pending{main};
  for (std::size_t next = 0; next < pending.size(); ++next) {
    std::string path = pending[next];
    if (!seen.insert(path).second) continue;
    std::string data;
    if (!read_file(path, data)) throw Error("template source unreadable: " + path + "; copy the registry folder whole");
    std::vector<std::string> unresolved;
    for (const auto& [quoted, name] : scan_includes(data)) {
      std::vector<std::string> candidates;
      if (quoted) candidates.push_back(join(parent_of(path), name));
      for (const auto& d : include_dirs) candidates.push_back(join(d, name));
      std::string target;
      for (const auto& c : candidates)
        if (is_file(c)) { target = real_path(c); break; }
      if (target.empty()) unresolved.push_back(name);
      else if (!seen.count(target)) pending.push_back(target);
    }
    std::string shown = display_name(path, main_dir, include_dirs);
    digest.update(shown);
    digest.update("\0", 1);
    auto file_hash = [&] { Sha256 h; h.update(data); return h.digest(); }();
    digest.update(file_hash.data(), file_hash.size());
    for (const auto& name : unresolved) {
      digest.update("builtin:");
      digest.update(name);
      digest.update("\0", 1);
    }
  }
  return digest.hexdigest();
}

// kfoot.core.prelude.prelude(template_ids): the first lines of every NVRTC program.
inline std::string prelude(const std::vector<std::string>& template_ids) {
  std::string text =
      "// kfoot prelude: defines every type kfoot spells in a template-id (see docs/spec.md).\n"
      "#include <cuda_fp16.h>\n"
      "#include <cuda_bf16.h>\n";
  for (const auto& t : template_ids)
    if (t.find("cuda::std::complex<") != std::string::npos) {
      text += "#include <cuda/std/complex>\n";
      break;
    }
  return text + "// end of the kfoot prelude\n";
}

// -- archs (kfoot.core.archs) -----------------------------------------------------------------
struct Arch {
  int number = 0;
  std::string suffix;  // "", "a" or "f"
  std::string name() const { return "sm_" + std::to_string(number) + suffix; }
};

inline Arch parse_arch(std::string_view raw) {
  std::string s;
  for (char c : raw) s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  s = s.substr(i);
  std::string rest = s;
  if (rest.rfind("sm_", 0) == 0) rest = rest.substr(3);
  else if (rest.rfind("sm", 0) == 0) rest = rest.substr(2);
  std::size_t digits = 0;
  while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
  std::string suffix = rest.substr(digits);
  if (digits < 2 || digits > 3 || !(suffix.empty() || suffix == "a" || suffix == "f"))
    throw Error("arch: bad arch '" + std::string(raw) + "': it is not a SASS arch such as sm_90 or sm_90a");
  return Arch{std::stoi(rest.substr(0, digits)), suffix};
}

inline bool sass_runs_on(const Arch& built, const Arch& device) {
  if (!built.suffix.empty()) return built.number == device.number && built.suffix == device.suffix;
  return built.number / 10 == device.number / 10 && built.number % 10 <= device.number % 10;
}

// -- sizes (kfoot.core.units.parse_bytes) -----------------------------------------------------
inline std::uint64_t parse_bytes(const std::string& text, const char* what) {
  std::size_t i = 0, n = text.size();
  auto bad = [&] { return Error(std::string(what) + ": '" + text + "' is not a size (e.g. 4096, 64KiB, 500M, 1MB)"); };
  while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::size_t start = i;
  while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  if (i == start) throw bad();
  if (i < n && text[i] == '.') {
    std::size_t frac = ++i;
    while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == frac) throw bad();
  }
  std::string number = text.substr(start, i - start);
  while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::string unit;
  while (i < n && std::isalpha(static_cast<unsigned char>(text[i])))
    unit += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
  while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != n) throw bad();
  static const std::map<std::string, long double> units = {
      {"", 1}, {"b", 1}, {"kb", 1e3L}, {"mb", 1e6L}, {"gb", 1e9L}, {"tb", 1e12L},
      {"kib", 1024.0L}, {"mib", 1048576.0L}, {"gib", 1073741824.0L}, {"tib", 1099511627776.0L},
      {"k", 1024.0L}, {"m", 1048576.0L}, {"g", 1073741824.0L}, {"t", 1099511627776.0L}};
  auto found = units.find(unit);
  if (found == units.end())
    throw Error(std::string(what) + ": '" + text + "' has an unknown unit '" + unit +
                "'; use B, kB, MB, GB (powers of 1000) or KiB, MiB, GiB, K, M, G (powers of 1024)");
  return static_cast<std::uint64_t>(std::floor(std::strtold(number.c_str(), nullptr) * found->second));
}

// -- NVRTC, loaded with dlopen -----------------------------------------------------------------
// One function pointer from a dlopen'ed library; false when the library lacks it.
template <class F>
inline bool bind(void* h, F& f, const char* name) {
  f = reinterpret_cast<F>(::dlsym(h, name));
  return f != nullptr;
}

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
    path = find_library("libnvrtc.so");
    if (path.empty()) {
      error_ = "libnvrtc not found in the CUDA roots; install nvidia-cuda-nvrtc, compile with $(kfoot config --cflags) or set CUDA_HOME";
      return;
    }
    void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      error_ = "libnvrtc could not be loaded: " + std::string(::dlerror());
      return;
    }
    bool ok = bind(h, version, "nvrtcVersion") && bind(h, create, "nvrtcCreateProgram") &&
              bind(h, destroy, "nvrtcDestroyProgram") && bind(h, compile, "nvrtcCompileProgram") &&
              bind(h, add_name, "nvrtcAddNameExpression") && bind(h, lowered, "nvrtcGetLoweredName") &&
              bind(h, cubin_size, "nvrtcGetCUBINSize") && bind(h, cubin, "nvrtcGetCUBIN") &&
              bind(h, log_size, "nvrtcGetProgramLogSize") && bind(h, log, "nvrtcGetProgramLog") &&
              bind(h, error_string, "nvrtcGetErrorString");
    if (!ok) error_ = path + ": not a usable libnvrtc (a symbol is missing)";
  }
  std::string error_;
};

// -- the CUDA driver, loaded with dlopen when the first launch needs it ------------------------
class Driver {
 public:
  using CUresult = int;
  using CUdevice = int;
  using CUcontext = void*;
  using CUmodule = void*;
  using CUfunction = void*;
  using CUstream = void*;
  CUresult (*init)(unsigned) = nullptr;
  CUresult (*ctx_get_current)(CUcontext*) = nullptr;
  CUresult (*ctx_set_current)(CUcontext) = nullptr;
  CUresult (*ctx_get_device)(CUdevice*) = nullptr;
  CUresult (*device_get)(CUdevice*, int) = nullptr;
  CUresult (*primary_retain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*attribute)(int*, int, CUdevice) = nullptr;
  CUresult (*module_load_data)(CUmodule*, const void*) = nullptr;
  CUresult (*module_get_function)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                     void**, void**) = nullptr;
  CUresult (*error_string)(CUresult, const char**) = nullptr;

  static Driver& get() {
    static Driver instance;
    if (!instance.error_.empty()) throw Error(instance.error_);
    return instance;
  }
  void check(CUresult rc, const char* what) const {
    if (rc == 0) return;
    const char* text = nullptr;
    if (error_string) error_string(rc, &text);
    throw Error(std::string(what) + " failed: " + (text ? text : "CUDA error " + std::to_string(rc)));
  }
  // The device of the calling thread's context; the primary context of device 0 made current
  // when there is none (what the CUDA runtime would use).
  CUdevice current_device() const {
    CUcontext ctx = nullptr;
    check(ctx_get_current(&ctx), "cuCtxGetCurrent");
    if (!ctx) {
      CUdevice dev = 0;
      check(device_get(&dev, 0), "cuDeviceGet");
      check(primary_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
      check(ctx_set_current(ctx), "cuCtxSetCurrent");
    }
    CUdevice dev = 0;
    check(ctx_get_device(&dev), "cuCtxGetDevice");
    return dev;
  }
  Arch device_arch(CUdevice dev) const {
    int major = 0, minor = 0;
    check(attribute(&major, 75, dev), "cuDeviceGetAttribute");  // COMPUTE_CAPABILITY_MAJOR
    check(attribute(&minor, 76, dev), "cuDeviceGetAttribute");  // COMPUTE_CAPABILITY_MINOR
    return Arch{major * 10 + minor, ""};
  }

 private:
  Driver() {
    void* h = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      error_ = "no usable CUDA GPU to launch on (libcuda.so.1 could not be loaded: " + std::string(::dlerror()) +
               "); compiling works without one: kernel.cubin(\"sm_90\")";
      return;
    }
    bool ok = bind(h, init, "cuInit") && bind(h, ctx_get_current, "cuCtxGetCurrent") &&
              bind(h, ctx_set_current, "cuCtxSetCurrent") && bind(h, ctx_get_device, "cuCtxGetDevice") &&
              bind(h, device_get, "cuDeviceGet") && bind(h, primary_retain, "cuDevicePrimaryCtxRetain") &&
              bind(h, attribute, "cuDeviceGetAttribute") && bind(h, module_load_data, "cuModuleLoadData") &&
              bind(h, module_get_function, "cuModuleGetFunction") && bind(h, launch, "cuLaunchKernel") &&
              bind(h, error_string, "cuGetErrorString");
    if (!ok) {
      error_ = "libcuda.so.1 lacks a driver API function kfoot needs";
      return;
    }
    int rc = init(0);
    if (rc != 0) {
      const char* text = nullptr;
      error_string(rc, &text);
      error_ = "no usable CUDA GPU to launch on (cuInit: " + std::string(text ? text : "error " + std::to_string(rc)) +
               "); compiling works without one: kernel.cubin(\"sm_90\")";
    }
  }
  std::string error_;
};

// -- the disk cache (kfoot.runtime.kernel_cache.DiskCache): same layout, same checks ------------------
struct CacheHit {
  std::vector<unsigned char> cubin;
  std::string lowered_name;
};

class DiskCache {
 public:
  DiskCache(std::string root, bool bounded, std::uint64_t max_bytes)
      : root_(std::move(root)), bounded_(bounded), max_bytes_(max_bytes), uid_(::geteuid()) {}
  const std::string& root() const { return root_; }

  static std::string default_root() {
    std::string explicit_dir = env("KFOOT_CACHE_DIR");
    if (!explicit_dir.empty()) return expand_user(explicit_dir);
    std::string xdg = env("XDG_CACHE_HOME");
    std::string base = xdg.empty() ? join(env("HOME"), ".cache") : expand_user(xdg);
    return join(base, "kfoot");
  }
  static bool disabled_by_env() {
    std::string v = env("KFOOT_CACHE");
    auto b = v.find_first_not_of(" \t\n\r"), e = v.find_last_not_of(" \t\n\r");
    v = b == std::string::npos ? std::string() : v.substr(b, e - b + 1);
    for (auto& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return v == "0" || v == "false" || v == "no" || v == "off";
  }

  // The entry for `key`: nullopt-like false when missing, corrupt (deleted, warned) or foreign.
  bool get(const std::string& key, CacheHit& hit) {
    if (!readable()) return false;
    std::string path = entry_path(key);
    std::string data;
    int rc = read_own(path, data);
    if (rc != 0) return false;
    std::string problem;
    Json meta;
    if (!parse_entry(data, key, meta, problem)) {
      warn(path, problem);
      ::unlink(path.c_str());
      return false;
    }
    std::string sha = meta.get("blob")->text;
    std::string blob_path = join(join(join(root_, "blobs"), sha.substr(0, 2)), sha + ".cubin");
    std::string cubin;
    rc = read_own(blob_path, cubin);
    if (rc == ENOENT) {
      ::unlink(path.c_str());  // pruned by another process between the two reads
      return false;
    }
    if (rc != 0) return false;
    if (Sha256::hex(cubin) != sha) {
      warn(blob_path, "cubin checksum mismatch");
      ::unlink(blob_path.c_str());
      ::unlink(path.c_str());
      return false;
    }
    ::utimensat(AT_FDCWD, path.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);  // the LRU clock
    hit.cubin.assign(cubin.begin(), cubin.end());
    hit.lowered_name = meta.get("lowered_name")->text;
    return true;
  }

  // One program's cubin and an entry per kernel: (key, lowered name, entry fields besides
  // key, blob, blob_size, lowered_name and created, as "name":value JSON pieces).
  void put_program(const std::string& cubin, const std::vector<std::tuple<std::string, std::string, std::map<std::string, std::string>>>& kernels) {
    if (unusable_) return;
    std::string problem = ensure_root();
    if (!problem.empty()) {
      disable(problem);
      return;
    }
    int root_fd = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (root_fd < 0) {
      disable("cannot open the cache folder " + root_ + ": " + std::strerror(errno));
      return;
    }
    ::flock(root_fd, LOCK_EX);  // released when the descriptor closes
    std::string sha = Sha256::hex(cubin);
    long long delta = 0;
    bool ok = true;
    std::unordered_set<std::string> keys;
    {
      long long old = write_file(root_fd, {"blobs", sha.substr(0, 2), sha + ".cubin"}, cubin, false, ok);
      if (old >= 0) delta += static_cast<long long>(cubin.size()) - old;
    }
    for (const auto& [key, lowered, fields] : kernels) {
      if (!ok) break;
      std::map<std::string, std::string> all = fields;
      all["key"] = json_string(key);
      all["blob"] = json_string(sha);
      all["blob_size"] = std::to_string(cubin.size());
      all["lowered_name"] = json_string(lowered);
      char created[64];
      struct timeval tv;
      ::gettimeofday(&tv, nullptr);
      std::snprintf(created, sizeof created, "%lld.%06ld", static_cast<long long>(tv.tv_sec), static_cast<long>(tv.tv_usec));
      all["created"] = created;
      std::string body = "{";
      for (const auto& [name, value] : all) {  // std::map: sorted keys, as json.dumps(sort_keys=True)
        if (body.size() > 1) body += ",";
        body += json_string(name) + ":" + value;
      }
      body += "}";
      std::string entry = body + "\n" + Sha256::hex(body) + "\n";
      long long old = write_file(root_fd, {"entries", key.substr(0, 2), key + ".entry"}, entry, true, ok);
      if (old >= 0) delta += static_cast<long long>(entry.size()) - old;
      keys.insert(key);
    }
    if (ok) account(root_fd, delta, keys, ok);
    ::close(root_fd);
    if (!ok) disable("cannot write in " + root_ + " (" + std::strerror(errno) + ")");
  }

 private:
  std::string entry_path(const std::string& key) const {
    return join(join(join(root_, "entries"), key.substr(0, 2)), key + ".entry");
  }
  // The root and its folders: a link is never followed; another user's may be read, not changed.
  std::string guard(bool write) const {
    struct stat st;
    if (::lstat(root_.c_str(), &st) != 0) return errno == ENOENT ? "" : root_ + ": cannot read the cache folder";
    if (S_ISLNK(st.st_mode)) return root_ + ": the cache folder is a symbolic link, not followed; set KFOOT_CACHE_DIR to a folder of your own";
    if (!S_ISDIR(st.st_mode)) return root_ + ": not a folder: the cache root must be a folder (or not exist yet)";
    if (write && st.st_uid != uid_) return root_ + ": cache directory is owned by uid " + std::to_string(st.st_uid) + ", not by you; set KFOOT_CACHE_DIR";
    for (const char* sub : {"entries", "blobs", "tmp"}) {
      std::string path = join(root_, sub);
      if (::lstat(path.c_str(), &st) != 0) continue;
      if (S_ISLNK(st.st_mode)) return path + ": a symbolic link where the cache keeps its " + std::string(sub) + " folder: not followed";
      if (write && st.st_uid != uid_) return path + ": the cache's " + std::string(sub) + " folder is owned by uid " + std::to_string(st.st_uid) + ", not by you";
    }
    return "";
  }
  bool readable() {
    if (unusable_) return false;
    if (checked_read_) return true;
    std::string problem = guard(false);
    if (!problem.empty()) {
      disable(problem);
      return false;
    }
    checked_read_ = true;
    return true;
  }
  std::string ensure_root() {
    if (ready_) return "";
    // Parents as Path.mkdir(parents=True) makes them (0777 less the umask), the root 0700.
    for (std::size_t slash = root_.find('/', 1); slash != std::string::npos; slash = root_.find('/', slash + 1))
      ::mkdir(root_.substr(0, slash).c_str(), 0777);
    if (::mkdir(root_.c_str(), 0700) != 0 && errno != EEXIST)
      return root_ + ": cannot create the cache directory: " + std::strerror(errno);
    std::string problem = guard(true);
    if (!problem.empty()) return problem;
    for (const char* sub : {"entries", "blobs", "tmp"}) ::mkdir(join(root_, sub).c_str(), 0700);
    problem = guard(true);
    if (problem.empty()) ready_ = true;
    return problem;
  }
  void disable(const std::string& why) {
    if (!unusable_) std::fprintf(stderr, "kfoot: cache disabled for this process: %s\n", why.c_str());
    unusable_ = true;
  }
  void warn(const std::string& path, const std::string& problem) {
    std::fprintf(stderr, "kfoot: cache: %s: %s (discarded; the kernel is compiled again)\n", path.c_str(), problem.c_str());
  }
  // 0 and the bytes of a file this user owns; ENOENT; or another errno (a link, another user's file).
  int read_own(const std::string& path, std::string& out) {
    int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return errno;
    struct stat st;
    if (::fstat(fd, &st) != 0 || st.st_uid != uid_ || !S_ISREG(st.st_mode)) {
      ::close(fd);
      return EPERM;
    }
    out.clear();
    out.reserve(static_cast<std::size_t>(st.st_size));
    char buf[1 << 16];
    for (;;) {
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return 0;
  }
  static bool parse_entry(const std::string& data, const std::string& key, Json& meta, std::string& problem) {
    auto nl = data.find('\n');
    if (nl == std::string::npos || data.size() < nl + 2 || data.back() != '\n') { problem = "truncated entry"; return false; }
    std::string body = data.substr(0, nl);
    if (Sha256::hex(body) != data.substr(nl + 1, data.size() - nl - 2)) { problem = "entry checksum mismatch"; return false; }
    try {
      meta = JsonReader(body, "entry").parse();
    } catch (const Error&) {
      problem = "entry is not JSON";
      return false;
    }
    const Json *k = meta.get("key"), *b = meta.get("blob"), *l = meta.get("lowered_name");
    if (meta.kind != Json::Object || !k || !b || !l) { problem = "entry lacks its key, blob or kernel name"; return false; }
    if (k->text != key) { problem = "entry holds another key (renamed or copied file)"; return false; }
    if (b->kind != Json::String || b->text.size() != 64 || b->text.find_first_not_of("0123456789abcdef") != std::string::npos) {
      problem = "entry names no valid cubin";
      return false;
    }
    return true;
  }
  // A folder below the root by descriptor, each step O_NOFOLLOW and owned by this user.
  int open_dir(int root_fd, const std::vector<std::string>& parts, bool create) {
    int fd = ::dup(root_fd);
    for (const auto& part : parts) {
      if (create) ::mkdirat(fd, part.c_str(), 0700);
      int inner = ::openat(fd, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      ::close(fd);
      if (inner < 0) return -1;
      struct stat st;
      if (::fstat(inner, &st) != 0 || st.st_uid != uid_) {
        ::close(inner);
        errno = EPERM;
        return -1;
      }
      fd = inner;
    }
    return fd;
  }
  // Install root/parts atomically (staged in tmp/, renamed). The size it replaced (0: none), or
  // -1 when !replace and the file exists, or on failure (ok = false).
  long long write_file(int root_fd, const std::vector<std::string>& parts, const std::string& data, bool replace, bool& ok) {
    int tmp_fd = open_dir(root_fd, {"tmp"}, true);
    if (tmp_fd < 0) { ok = false; return -1; }
    std::vector<std::string> folders(parts.begin(), parts.end() - 1);
    int dir_fd = open_dir(root_fd, folders, true);
    if (dir_fd < 0) { ::close(tmp_fd); ok = false; return -1; }
    long long old = 0;
    struct stat st;
    if (::fstatat(dir_fd, parts.back().c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
      if (!replace) { ::close(tmp_fd); ::close(dir_fd); return -1; }
      old = st.st_size;
    }
    char name[64];
    static std::atomic<unsigned> counter{0};
    std::snprintf(name, sizeof name, "cpp-%d-%u-%u.tmp", static_cast<int>(::getpid()), counter++, static_cast<unsigned>(std::time(nullptr)));
    int fd = ::openat(tmp_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    bool wrote = fd >= 0;
    for (std::size_t done = 0; wrote && done < data.size();) {
      ssize_t n = ::write(fd, data.data() + done, data.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) wrote = false;
      else done += static_cast<std::size_t>(n);
    }
    if (fd >= 0) ::close(fd);
    if (!wrote || ::renameat(tmp_fd, name, dir_fd, parts.back().c_str()) != 0) {
      ::unlinkat(tmp_fd, name, 0);
      ok = false;
      old = -1;
    }
    ::close(tmp_fd);
    ::close(dir_fd);
    return old;
  }
  long long read_usage(int root_fd) {
    int fd = ::openat(root_fd, "usage", O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    char buf[65] = {0};
    ssize_t n = ::read(fd, buf, 64);
    ::close(fd);
    if (n <= 0) return -1;
    std::string s(buf, static_cast<std::size_t>(n));
    auto b = s.find_first_not_of(" \t\n\r"), e = s.find_last_not_of(" \t\n\r");
    if (b == std::string::npos) return -1;
    s = s.substr(b, e - b + 1);
    if (s.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoll(s);
  }
  struct Listed {
    std::string path, key, blob;
    long long size = 0;
    struct timespec mtime{};
  };
  void list(const std::string& sub, const std::string& suffix, std::vector<Listed>& out) const {
    std::string base = join(root_, sub);
    DIR* d = ::opendir(base.c_str());
    if (!d) return;
    while (dirent* shard = ::readdir(d)) {
      if (shard->d_name[0] == '.') continue;
      std::string folder = join(base, shard->d_name);
      struct stat st;
      if (::lstat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;  // a link is not the cache's
      DIR* inner = ::opendir(folder.c_str());
      if (!inner) continue;
      while (dirent* e = ::readdir(inner)) {
        std::string name = e->d_name;
        if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
        Listed item;
        item.path = join(folder, name);
        if (::lstat(item.path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
        item.key = name.substr(0, name.size() - suffix.size());
        item.size = st.st_size;
        item.mtime = st.st_mtim;
        out.push_back(std::move(item));
      }
      ::closedir(inner);
    }
    ::closedir(d);
  }
  // The size bound, as the Python writers keep it: add to root/usage (measured when missing and
  // bounded); past the bound, delete least-recently-used entries (never those just written) and
  // the cubins no entry uses any more.
  void account(int root_fd, long long delta, const std::unordered_set<std::string>& keep, bool& ok) {
    long long current = read_usage(root_fd);
    if (current < 0 && !bounded_) return;
    std::vector<Listed> entries, blobs;
    long long total = current < 0 ? 0 : std::max(0LL, current + delta);
    bool measured = current < 0 || (bounded_ && static_cast<std::uint64_t>(total) > max_bytes_);
    if (measured) {
      list("entries", ".entry", entries);
      list("blobs", ".cubin", blobs);
      total = 0;
      for (const auto& e : entries) total += e.size;
      for (const auto& b : blobs) total += b.size;
    }
    if (bounded_ && static_cast<std::uint64_t>(total) > max_bytes_) {
      std::unordered_map<std::string, int> users;
      for (auto& e : entries) {
        std::string data;
        Json meta;
        std::string problem;
        if (read_own(e.path, data) == 0 && parse_entry(data, e.key, meta, problem)) e.blob = meta.get("blob")->text;
        ++users[e.blob];
      }
      auto drop_blob = [&](const std::string& sha) {
        for (const auto& b : blobs)
          if (b.key == sha && ::unlink(b.path.c_str()) == 0) total -= b.size;
      };
      for (const auto& b : blobs)
        if (!users.count(b.key) && ::unlink(b.path.c_str()) == 0) total -= b.size;
      std::sort(entries.begin(), entries.end(), [](const Listed& a, const Listed& b) {
        return a.mtime.tv_sec != b.mtime.tv_sec ? a.mtime.tv_sec < b.mtime.tv_sec : a.mtime.tv_nsec < b.mtime.tv_nsec;
      });
      for (const auto& e : entries) {
        if (static_cast<std::uint64_t>(total) <= max_bytes_) break;
        if (keep.count(e.key) || ::unlink(e.path.c_str()) != 0) continue;
        total -= e.size;
        if (--users[e.blob] == 0) drop_blob(e.blob);
      }
    }
    write_file(root_fd, {"usage"}, std::to_string(std::max(0LL, total)), true, ok);
  }

  std::string root_;
  bool bounded_;
  std::uint64_t max_bytes_;
  uid_t uid_;
  bool ready_ = false, checked_read_ = false, unusable_ = false;
};

inline std::string nearest(const std::string& asked, const std::vector<std::string>& valid) {
  // Edit distance, closest first: at most 3 within half the longer length, else the first 8.
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t prev = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        std::size_t cur = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1)});
        prev = cur;
      }
    }
    return row[b.size()];
  };
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& v : valid) {
    std::size_t d = distance(asked, v);
    if (d * 2 <= std::max(asked.size(), v.size())) scored.emplace_back(d, v);
  }
  std::stable_sort(scored.begin(), scored.end(), [](auto& a, auto& b) { return a.first < b.first; });
  std::string out;
  if (!scored.empty()) {
    for (std::size_t i = 0; i < scored.size() && i < 3; ++i) out += (i ? ", " : "") + scored[i].second;
    return out;
  }
  for (std::size_t i = 0; i < valid.size() && i < 8; ++i) out += (i ? ", " : "") + valid[i];
  return valid.size() > 8 ? out + ", ..." : out;
}

struct Family {
  std::string name, kernel, header;  // header: absolute, inside the registry folder
  std::vector<std::string> axes, free_axes, include_dirs, options;
  std::vector<std::size_t> members;  // variant indexes
  std::unordered_map<std::string, std::size_t> by_free;  // free values joined by '\x1f' -> variant
  std::map<std::string, std::vector<std::string>> axis_values;  // in first-seen order
  std::map<std::string, bool> axis_is_string;
  std::string digest;  // source digest, computed once
  std::once_flag digest_once;
};

struct AotEntry {
  std::string symbol, fatbin;
  long long container = -1;
};

}  // namespace detail

class Registry;
struct Shared;

class Kernel {
 public:
  const std::string& family() const { return family_; }
  const std::string& template_id() const { return template_id_; }
  // Every axis value, derived ones included, as the registry spells them.
  const std::vector<std::pair<std::string, std::string>>& values() const { return values_; }
  // The cubin that holds this kernel for `arch` (sm_90, sm90, 90, sm_90a): memory, else the disk
  // cache, else NVRTC. No GPU needed.
  Bytes cubin(std::string_view arch) const {
    const Binary& b = binary(arch);
    return Bytes(b.cubin.data(), b.cubin.size());
  }
  // The kernel's mangled name in that cubin (for cuModuleGetFunction).
  const std::string& lowered_name(std::string_view arch) const { return binary(arch).lowered_name; }
  // "aot" when a hybrid registry's AOT library holds SASS of this variant that `arch` runs, else "rtc".
  std::string route(std::string_view arch) const;
  // Launch on the calling thread's current context (the primary context of device 0 if none).
  // `args` as cuLaunchKernel takes them: one pointer per kernel parameter.
  void launch(Dim3 grid, Dim3 block, void** args, unsigned shared_bytes = 0, void* stream = nullptr) const;

 private:
  friend class Registry;
  struct Binary {
    std::string arch;
    std::vector<unsigned char> cubin;
    std::string lowered_name;
  };
  const Binary& binary(std::string_view arch) const;
  // Make `b` a lock-free hit for the spelling `arch` (a copy named so), once; caller holds mutex_.
  void publish(const Binary& b, std::string_view arch) const {
    for (auto& slot : slots_) {
      const Binary* there = slot.load(std::memory_order_relaxed);
      if (there && there->arch == arch) return;
      if (!there) {
        const Binary* entry = &b;
        if (b.arch != arch) {
          owned_.push_back(std::make_unique<Binary>(b));
          owned_.back()->arch = std::string(arch);
          entry = owned_.back().get();
        }
        slot.store(entry, std::memory_order_release);
        return;
      }
    }
  }
  void* function_for_current_device() const;

  Shared* owner_ = nullptr;
  std::size_t index_ = 0;
  std::string family_, template_id_;
  std::vector<std::pair<std::string, std::string>> values_;
  std::vector<std::string> aot_archs_;
  // Lock-free hits: binaries are published into fixed slots (arch by arch) and never freed
  // while the registry lives; a miss takes the kernel's mutex.
  static constexpr int kSlots = 8;
  mutable std::array<std::atomic<const Binary*>, kSlots> slots_{};
  mutable std::vector<std::unique_ptr<Binary>> owned_;
  mutable std::array<std::atomic<void*>, 16> functions_{};  // per device ordinal: CUfunction
  mutable std::recursive_mutex mutex_;  // launch() holds it while binary() may compile
};

struct Shared {
  std::string path, root, mode;
  std::vector<std::unique_ptr<detail::Family>> families;
  std::unordered_map<std::string, detail::Family*> family_by_name;
  std::vector<std::unique_ptr<Kernel>> kernels;
  std::unordered_map<std::string, std::size_t> by_template_id;
  std::unordered_map<std::string, detail::AotEntry> aot;
  std::string aot_fatbin;
  std::unique_ptr<detail::DiskCache> cache;
  std::mutex cache_mutex, module_mutex;
  std::map<std::pair<int, std::string>, void*> modules;  // (device, cubin sha or fatbin) -> CUmodule
  std::atomic<std::uint64_t> memory_hits{0}, disk_hits{0}, compiles{0};
  std::string nvrtc_version;
  std::once_flag nvrtc_once;
  std::vector<std::string> toolkit_dirs;
  std::once_flag toolkit_once;

  const std::vector<std::string>& toolkit() {
    std::call_once(toolkit_once, [&] { toolkit_dirs = detail::toolkit_include_dirs(); });
    return toolkit_dirs;
  }
  const std::string& nvrtc() {
    std::call_once(nvrtc_once, [&] { nvrtc_version = detail::Nvrtc::get().version_string(); });
    return nvrtc_version;
  }
  const std::string& digest(detail::Family& f) {
    std::call_once(f.digest_once, [&] {
      std::vector<std::string> dirs = f.include_dirs;
      for (const auto& d : toolkit()) dirs.push_back(d);
      f.digest = detail::source_digest(f.header, dirs);
    });
    return f.digest;
  }
  // Options the key covers (kfoot.runtime.fingerprint.portable_options of the compile options).
  static std::vector<std::string> portable_options(const std::string& arch, const detail::Family& f) {
    std::vector<std::string> out{"-arch=" + arch, "-std=c++17", "-default-device", "-DKFOOT_RTC=1"};
    for (const auto& o : f.options)
      if (o.rfind("-I", 0) != 0) out.push_back(o);
    return out;
  }
  std::string key(const Kernel& k, detail::Family& f, const std::string& arch) {
    std::string options = "[";
    for (const auto& o : portable_options(arch, f)) options += (options.size() > 1 ? "," : "") + detail::json_string(o);
    options += "]";
    std::string material = "{\"arch\":" + detail::json_string(arch) + ",\"kfoot\":" + detail::json_string(kVersion) +
                           ",\"name\":" + detail::json_string(k.template_id()) + ",\"nvrtc\":" + detail::json_string(nvrtc()) +
                           ",\"options\":" + options + ",\"prelude\":" +
                           detail::json_string(detail::Sha256::hex(detail::prelude({k.template_id()}))) +
                           ",\"schema\":" + std::to_string(kKeySchema) + ",\"source\":" + detail::json_string(digest(f)) + "}";
    return detail::Sha256::hex(material);
  }
};

class Registry {
 public:
  struct Options {
    bool disk_cache = true;   // false: no disk cache (as KFOOT_CACHE=0)
    std::string cache_dir;    // empty: the environment's (KFOOT_CACHE_DIR, XDG_CACHE_HOME, ~/.cache/kfoot)
  };

  // `path`: the build folder or its registry.json. Throws kfoot::Error (one line) on a missing
  // file, another format or version, or a malformed or unsafe registry.
  static Registry open(const std::string& path) { return open(path, Options{}); }
  static Registry open(const std::string& path, const Options& options);

  // The variant of `family` for these axis values: every free axis needs one; derived axes may be
  // given and are checked. No lock and no allocation beyond the key on a hit.
  const Kernel& kernel(const std::string& family, const std::vector<std::pair<std::string, std::string>>& values) const;
  // The variant with this template-id (kfoot enumerate --list's spelling).
  const Kernel& kernel_by_id(const std::string& template_id) const;

  Stats stats() const {
    return Stats{s_->memory_hits.load(), s_->disk_hits.load(), s_->compiles.load()};
  }
  const std::string& mode() const { return s_->mode; }
  const std::string& path() const { return s_->path; }
  std::size_t size() const { return s_->kernels.size(); }
  std::vector<std::string> families() const {
    std::vector<std::string> out;
    for (const auto& f : s_->families) out.push_back(f->name);
    return out;
  }
  // The disk cache folder in use ("" when there is none).
  std::string cache_dir() const { return s_->cache ? s_->cache->root() : std::string(); }

 private:
  std::shared_ptr<Shared> s_;
};

namespace detail {

[[noreturn]] inline void malformed(const std::string& path, const std::string& why) {
  throw Error(path + ": registry.json is malformed (" + why + ")");
}

inline const Json& need(const Json& obj, const char* name, Json::Kind kind, const std::string& path, const std::string& where) {
  const Json* v = obj.get(name);
  if (!v || v->kind != kind) malformed(path, where + " lacks '" + name + "'");
  return *v;
}

inline std::vector<std::string> strings(const Json& arr, const std::string& path, const std::string& where) {
  std::vector<std::string> out;
  for (const auto& item : arr.items) {
    if (item.kind != Json::String) malformed(path, where + " must hold strings");
    out.push_back(item.text);
  }
  return out;
}

// `..` and `.` folded away without touching the disk (for a path that does not exist).
inline std::string lexical(const std::string& path) {
  std::vector<std::string> parts;
  for (const auto& part : split(path, '/')) {
    if (part == ".") continue;
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (const auto& part : parts) out += "/" + part;
  return out.empty() ? "/" : out;
}

// A path the registry names: relative, and inside the registry folder once links are resolved
// (as Path.resolve(): links followed where the path exists, `..` folded where it does not).
inline std::string confined(const std::string& root, const std::string& relative, const std::string& path, const std::string& what) {
  if (relative.empty()) malformed(path, what + " is not a path");
  if (relative[0] == '/') throw Error(path + ": " + what + " '" + relative + "' is an absolute path, outside the registry's folder: refused");
  std::string joined = join(root, relative);
  char* found = ::realpath(joined.c_str(), nullptr);
  std::string resolved = found ? std::string(found) : lexical(joined);
  std::free(found);
  std::string base = real_path(root);
  if (resolved != base && resolved.compare(0, base.size() + 1, base + "/") != 0)
    throw Error(path + ": " + what + " '" + relative + "' resolves outside the registry's folder (to " + resolved +
                ", through '..' or a symbolic link): refused");
  return resolved;
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

// Container `index` of a file of fatbin containers back to back (8-byte aligned).
inline std::string fatbin_container(const std::string& data, long long index, const std::string& path) {
  std::size_t offset = 0;
  for (long long i = 0; offset + 16 <= data.size(); ++i) {
    std::uint32_t magic;
    std::uint16_t header;
    std::uint64_t size;
    std::memcpy(&magic, data.data() + offset, 4);
    std::memcpy(&header, data.data() + offset + 6, 2);
    std::memcpy(&size, data.data() + offset + 8, 8);
    if (magic != 0xBA55ED50u || size > data.size() || offset + header + size > data.size()) break;
    std::size_t end = offset + header + static_cast<std::size_t>(size);
    if (i == index) return data.substr(offset, end - offset);
    offset = (end + 7) & ~std::size_t(7);
  }
  throw Error(path + ": the fatbin has no container " + std::to_string(index) + ": it does not belong to this registry; ship the hybrid build folder whole");
}

}  // namespace detail

inline Registry Registry::open(const std::string& given, const Options& options) {
  std::string path = detail::is_dir(given) ? detail::join(given, "registry.json") : given;
  std::string text;
  if (!detail::read_file(path, text))
    throw Error(path + ": no registry here (build one with `kfoot build --mode rtc -o DIR`)");
  detail::Json data = detail::JsonReader(text, path).parse();
  text.clear();
  text.shrink_to_fit();
  const detail::Json* format = data.get("format");
  if (data.kind != detail::Json::Object || !format || format->text != "kfoot-rtc-registry")
    throw Error(path + ": not a kfoot RTC registry (format field missing or different)");
  const detail::Json* version = data.get("version");
  if (!version || version->text != std::to_string(kRegistryVersion))
    throw Error(path + ": registry version " + (version ? version->scalar() : "none") + " is not supported (expected 1)");

  auto s = std::make_shared<Shared>();
  s->path = detail::real_path(path);
  s->root = detail::parent_of(s->path);
  const detail::Json* mode = data.get("mode");
  s->mode = mode && mode->kind == detail::Json::String ? mode->text : "rtc";
  const auto& fams = detail::need(data, "families", detail::Json::Object, path, "the registry");
  const auto& rows = detail::need(data, "variants", detail::Json::Array, path, "the registry");
  for (const auto& [name, fam] : fams.members) {
    auto f = std::make_unique<detail::Family>();
    std::string where = "family '" + name + "'";
    f->name = name;
    f->kernel = detail::need(fam, "kernel", detail::Json::String, path, where).text;
    f->header = detail::confined(s->root, detail::need(fam, "header", detail::Json::String, path, where).text, path, where + ": header");
    f->axes = detail::strings(detail::need(fam, "axes", detail::Json::Array, path, where), path, where + " axes");
    f->free_axes = detail::strings(detail::need(fam, "free_axes", detail::Json::Array, path, where), path, where + " free_axes");
    if (const auto* dirs = fam.get("include_dirs"))
      for (const auto& d : detail::strings(*dirs, path, where + " include_dirs"))
        f->include_dirs.push_back(detail::confined(s->root, d, path, where + " include_dirs entry"));
    if (const auto* opts = fam.get("nvrtc_options"))
      for (const auto& o : detail::strings(*opts, path, where + " nvrtc_options")) {
        if (!detail::safe_option(o))
          throw Error(path + ": " + where + ": NVRTC option '" + o.substr(0, 80) + "' is not one a registry may carry "
                      "(macros and code-generation switches only; headers travel in the registry folder)");
        f->options.push_back(o);
      }
    s->family_by_name[name] = f.get();
    s->families.push_back(std::move(f));
  }
  s->kernels.reserve(rows.items.size());
  for (std::size_t i = 0; i < rows.items.size(); ++i) {
    const auto& row = rows.items[i];
    std::string where = "variant " + std::to_string(i);
    const auto& family = detail::need(row, "family", detail::Json::String, path, where).text;
    auto found = s->family_by_name.find(family);
    if (found == s->family_by_name.end()) detail::malformed(path, where + " names no family of the registry");
    detail::Family& f = *found->second;
    auto k = std::make_unique<Kernel>();
    k->owner_ = s.get();
    k->index_ = i;
    k->family_ = family;
    k->template_id_ = detail::need(row, "template_id", detail::Json::String, path, where).text;
    const auto& values = detail::need(row, "values", detail::Json::Object, path, where);
    for (const auto& axis : f.axes) {
      const detail::Json* v = values.get(axis);
      if (!v) detail::malformed(path, where + " lacks axis '" + axis + "'");
      k->values_.emplace_back(axis, v->scalar());
      auto& seen = f.axis_values[axis];
      if (std::find(seen.begin(), seen.end(), v->scalar()) == seen.end()) seen.push_back(v->scalar());
      f.axis_is_string[axis] = v->kind == detail::Json::String;
    }
    if (const auto* archs = row.get("aot_archs")) k->aot_archs_ = detail::strings(*archs, path, where + " aot_archs");
    std::string free_key;
    for (const auto& axis : f.free_axes) {
      const detail::Json* v = values.get(axis);
      if (!v) detail::malformed(path, where + " lacks free axis '" + axis + "'");
      free_key += v->scalar() + '\x1f';
    }
    f.by_free.emplace(free_key, i);
    f.members.push_back(i);
    s->by_template_id.emplace(k->template_id_, i);
    s->kernels.push_back(std::move(k));
  }
  if (const auto* aot = data.get("aot"); aot && aot->kind == detail::Json::Object) {
    if (const auto* fatbin = aot->get("fatbin")) s->aot_fatbin = fatbin->text;
    if (const auto* kernels = aot->get("kernels"))
      for (const auto& [id, entry] : kernels->members) {
        detail::AotEntry e;
        if (const auto* sym = entry.get("symbol")) e.symbol = sym->text;
        if (const auto* fb = entry.get("fatbin")) e.fatbin = fb->text;
        if (const auto* c = entry.get("container"); c && c->is_integer()) e.container = std::stoll(c->text);
        s->aot.emplace(id, std::move(e));
      }
  }
  if (options.disk_cache && (!options.cache_dir.empty() || !detail::DiskCache::disabled_by_env())) {
    std::string bound = detail::env("KFOOT_CACHE_MAX_BYTES");
    std::uint64_t max_bytes = bound.empty() ? 0 : detail::parse_bytes(bound, "KFOOT_CACHE_MAX_BYTES");
    std::string root = options.cache_dir.empty() ? detail::DiskCache::default_root() : options.cache_dir;
    s->cache = std::make_unique<detail::DiskCache>(root, !bound.empty(), max_bytes);
  }
  Registry r;
  r.s_ = std::move(s);
  return r;
}

inline const Kernel& Registry::kernel(const std::string& family, const std::vector<std::pair<std::string, std::string>>& values) const {
  auto found = s_->family_by_name.find(family);
  if (found == s_->family_by_name.end()) {
    std::vector<std::string> names = families();
    throw Error("no family '" + family + "' in the registry; nearest: " + detail::nearest(family, names));
  }
  detail::Family& f = *found->second;
  auto given = [&](const std::string& axis) -> const std::string* {
    for (const auto& [a, v] : values)
      if (a == axis) return &v;
    return nullptr;
  };
  std::string key;
  for (const auto& axis : f.free_axes) {
    const std::string* v = given(axis);
    if (!v) {
      std::string missing, all;
      for (const auto& a : f.free_axes) {
        if (!given(a)) missing += (missing.empty() ? "" : ", ") + a;
        all += (all.empty() ? "" : ", ") + a;
      }
      throw Error(family + " needs a value for " + missing + " (free axes: " + all + ")");
    }
    key += *v;
    key += '\x1f';
  }
  auto hit = f.by_free.find(key);
  auto quote = [&](const std::string& axis, const std::string& v) {
    return f.axis_is_string[axis] ? "'" + v + "'" : v;
  };
  if (hit == f.by_free.end()) {
    for (const auto& [a, v] : values)
      if (std::find(f.axes.begin(), f.axes.end(), a) == f.axes.end()) {
        std::string axes;
        for (const auto& x : f.axes) axes += (axes.empty() ? "" : ", ") + x;
        throw Error(family + " has no axis '" + a + "' (axes: " + axes + ")");
      }
    std::string asked;
    for (const auto& axis : f.free_axes) asked += (asked.empty() ? "" : ", ") + axis + "=" + quote(axis, *given(axis));
    for (const auto& axis : f.free_axes) {
      const auto& valid = f.axis_values[axis];
      if (std::find(valid.begin(), valid.end(), *given(axis)) == valid.end())
        throw Error(family + " has no variant " + asked + ": " + axis + "=" + quote(axis, *given(axis)) + " is not a value of " +
                    axis + "; nearest: " + detail::nearest(*given(axis), valid));
    }
    throw Error(family + " has no variant " + asked + " (excluded by the spec)");
  }
  const Kernel& k = *s_->kernels[hit->second];
  if (values.size() != f.free_axes.size()) {  // derived axes given: check them against the spec's
    for (const auto& [a, v] : values) {
      auto at = std::find_if(k.values_.begin(), k.values_.end(), [&](const auto& p) { return p.first == a; });
      if (at == k.values_.end()) {
        std::string axes;
        for (const auto& x : f.axes) axes += (axes.empty() ? "" : ", ") + x;
        throw Error(family + " has no axis '" + a + "' (axes: " + axes + ")");
      }
      if (at->second != v)
        throw Error(family + ": " + a + "=" + quote(a, v) + " contradicts the spec, which derives " + a + "=" + quote(a, at->second));
    }
  }
  return k;
}

inline const Kernel& Registry::kernel_by_id(const std::string& template_id) const {
  auto found = s_->by_template_id.find(template_id);
  if (found == s_->by_template_id.end()) throw Error(s_->path + ": no variant with template-id " + template_id + " in the registry");
  return *s_->kernels[found->second];
}

inline const Kernel::Binary& Kernel::binary(std::string_view arch_text) const {
  for (const auto& slot : slots_) {  // the fast path: no lock
    const Binary* b = slot.load(std::memory_order_acquire);
    if (!b) break;
    if (b->arch == arch_text) {
      owner_->memory_hits.fetch_add(1, std::memory_order_relaxed);
      return *b;
    }
  }
  std::string arch = detail::parse_arch(arch_text).name();
  std::lock_guard<std::recursive_mutex> guard(mutex_);
  const Binary* known = nullptr;
  for (const auto& b : owned_)
    if (b->arch == arch) known = b.get();
  if (known) {
    owner_->memory_hits.fetch_add(1, std::memory_order_relaxed);
    publish(*known, arch_text);  // remember the spelling asked too
    return *known;
  }
  Shared& s = *owner_;
  detail::Family& f = *s.family_by_name.at(family_);
  auto b = std::make_unique<Binary>();
  b->arch = arch;
  std::string key;
  bool cached = false;
  if (s.cache) {
    key = s.key(*this, f, arch);
    detail::CacheHit hit;
    bool found;
    {
      std::lock_guard<std::mutex> cache_guard(s.cache_mutex);
      found = s.cache->get(key, hit);
    }
    if (found) {
      b->cubin = std::move(hit.cubin);
      b->lowered_name = std::move(hit.lowered_name);
      s.disk_hits.fetch_add(1, std::memory_order_relaxed);
      cached = true;
    }
  }
  if (!cached) {
    detail::Nvrtc& nv = detail::Nvrtc::get();
    std::string source = detail::prelude({template_id_}) + "#include \"" + f.header.substr(f.header.rfind('/') + 1) + "\"\n";
    std::vector<std::string> opts{"-arch=" + arch, "-std=c++17", "-default-device", "-DKFOOT_RTC=1",
                                  "-I" + detail::parent_of(f.header)};
    for (const auto& d : f.include_dirs) opts.push_back("-I" + d);
    for (const auto& o : f.options) opts.push_back(o);
    for (const auto& d : s.toolkit()) opts.push_back("-I" + d);
    std::vector<const char*> argv;
    for (const auto& o : opts) argv.push_back(o.c_str());
    auto started = std::chrono::steady_clock::now();
    detail::Nvrtc::Prog prog = nullptr;
    if (nv.create(&prog, source.c_str(), "kfoot_rtc.cu", 0, nullptr, nullptr) != 0) throw Error("nvrtcCreateProgram failed");
    struct Destroy { detail::Nvrtc& nv; detail::Nvrtc::Prog& p; ~Destroy() { nv.destroy(&p); } } destroy{nv, prog};
    nv.add_name(prog, template_id_.c_str());
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
      throw Error("NVRTC failed to compile " + template_id_ + ": " + first);
    }
    const char* lowered = nullptr;
    nv.lowered(prog, template_id_.c_str(), &lowered);
    b->lowered_name = lowered ? lowered : "";
    std::size_t size = 0;
    if (nv.cubin_size(prog, &size) != 0 || size == 0)
      throw Error("NVRTC produced no cubin for " + template_id_ + " (was a virtual arch given instead of sm_XX?)");
    std::string cubin(size, '\0');
    nv.cubin(prog, cubin.data());
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    b->cubin.assign(cubin.begin(), cubin.end());
    s.compiles.fetch_add(1, std::memory_order_relaxed);
    if (s.cache) {
      char secs[32];
      std::snprintf(secs, sizeof secs, "%.4f", seconds);
      std::map<std::string, std::string> fields{
          {"name_expression", detail::json_string(template_id_)}, {"family", detail::json_string(family_)},
          {"arch", detail::json_string(arch)}, {"nvrtc", detail::json_string(s.nvrtc())},
          {"kfoot", detail::json_string(kVersion)}, {"compile_seconds", secs}, {"program_kernels", "1"}};
      std::lock_guard<std::mutex> cache_guard(s.cache_mutex);
      s.cache->put_program(cubin, {{key, b->lowered_name, fields}});
    }
  }
  owned_.push_back(std::move(b));
  const Binary* made = owned_.back().get();
  publish(*made, made->arch);
  publish(*made, arch_text);
  return *made;
}

inline std::string Kernel::route(std::string_view arch) const {
  detail::Arch device = detail::parse_arch(arch);
  if (owner_->aot.empty()) return "rtc";
  for (const auto& built : aot_archs_)
    if (detail::sass_runs_on(detail::parse_arch(built), device)) return "aot";
  return "rtc";
}

inline void* Kernel::function_for_current_device() const {
  detail::Driver& drv = detail::Driver::get();
  int device = drv.current_device();
  if (device >= 0 && device < static_cast<int>(functions_.size()))
    if (void* fn = functions_[static_cast<std::size_t>(device)].load(std::memory_order_acquire)) return fn;
  std::lock_guard<std::recursive_mutex> guard(mutex_);
  Shared& s = *owner_;
  detail::Arch arch = drv.device_arch(device);
  void* fn = nullptr;
  void* module = nullptr;
  std::string symbol;
  if (route(arch.name()) == "aot") {
    const detail::AotEntry& entry = s.aot.at(template_id_);
    std::lock_guard<std::mutex> modules(s.module_mutex);
    auto& slot = s.modules[{device, "aot:" + entry.fatbin}];
    if (!slot) {
      std::string image;
      std::string path = detail::join(s.root, entry.fatbin);
      if (!detail::read_file(path, image)) {
        // build/ was not shipped: cut this shard's container out of kernels.fatbin.
        std::string whole;
        std::string merged = detail::join(s.root, s.aot_fatbin);
        if (!detail::read_file(merged, whole)) throw Error(merged + ": AOT fatbin unreadable; ship the hybrid build folder whole");
        image = detail::fatbin_container(whole, entry.container, merged);
      }
      drv.check(drv.module_load_data(&slot, image.data()), "cuModuleLoadData");
    }
    module = slot;
    symbol = entry.symbol;
  } else {
    const Binary& b = binary(arch.name());
    std::string sha = detail::Sha256::hex(std::string_view(reinterpret_cast<const char*>(b.cubin.data()), b.cubin.size()));
    std::lock_guard<std::mutex> modules(s.module_mutex);
    auto& slot = s.modules[{device, sha}];
    if (!slot) drv.check(drv.module_load_data(&slot, b.cubin.data()), "cuModuleLoadData");
    module = slot;
    symbol = b.lowered_name;
  }
  drv.check(drv.module_get_function(&fn, module, symbol.c_str()), "cuModuleGetFunction");
  if (device >= 0 && device < static_cast<int>(functions_.size())) functions_[static_cast<std::size_t>(device)].store(fn, std::memory_order_release);
  return fn;
}

inline void Kernel::launch(Dim3 grid, Dim3 block, void** args, unsigned shared_bytes, void* stream) const {
  void* fn = function_for_current_device();
  detail::Driver& drv = detail::Driver::get();
  drv.check(drv.launch(fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes, stream, args, nullptr),
            "cuLaunchKernel");
}

}  // namespace kfoot
