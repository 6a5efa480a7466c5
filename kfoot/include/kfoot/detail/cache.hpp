// The disk cache: must agree with kfoot/runtime/kernel_cache.py (DiskCache) and
// kfoot/core/store.py (tests/vectors/cache_dir.json): the same folder rules and environment
// variables, the same layout (entries/<2>/<key>.entry, two lines: JSON with sorted keys and its
// sha256; blobs/<2>/<sha256>.cubin; tmp/; usage), the same checks on every read, the same flock
// and LRU bound on every write, so an entry either side writes is a hit for the other
// (tests/test_cpp_runtime.py).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <map>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "elf.hpp"
#include "fs.hpp"
#include "json.hpp"
#include "sha256.hpp"

namespace kfoot::detail {

// The largest entry and cubin read, checked on the open file before reading
// (kfoot/runtime/cache_entry.py MAX_ENTRY_BYTES, MAX_BLOB_BYTES).
constexpr long long kMaxEntryBytes = 64LL << 10;
constexpr long long kMaxBlobBytes = 256LL << 20;

// A sound entry of `key` (true, its fields in `meta`), or false and the problem, as
// kfoot/runtime/cache_entry.py parse_entry names it (tests/vectors/cache_entry.json): the fields
// readers use have their JSON type when present, checked in the same (sorted) order.
inline bool parse_cache_entry(const std::string& data, const std::string& key, Json& meta, std::string& problem) {
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
  if (k->kind != Json::String || k->text != key) { problem = "entry holds another key (renamed or copied file)"; return false; }
  if (b->kind != Json::String || b->text.size() != 64 || b->text.find_first_not_of("0123456789abcdef") != std::string::npos) {
    problem = "entry names no valid cubin";
    return false;
  }
  enum Type { String, Count, Number };
  static const std::pair<const char*, Type> fields[] = {
      {"arch", String}, {"blob_size", Count}, {"compile_seconds", Number}, {"created", Number}, {"family", String},
      {"kfoot", String}, {"lowered_name", String}, {"name_expression", String}, {"nvrtc", String},
      {"program_kernels", Count}};
  for (const auto& [name, type] : fields) {
    const Json* value = meta.get(name);
    if (!value) continue;
    bool zero = value->text.find_first_not_of("-0") == std::string::npos;  // -0 is 0 to Python
    bool ok = type == String ? value->kind == Json::String
            : type == Number ? value->kind == Json::Number
                             : value->is_integer() && (value->text[0] != '-' || zero);
    if (!ok) {
      problem = std::string("entry field '") + name + "' is not " +
                (type == String ? "a string" : type == Number ? "a number" : "a non-negative integer");
      return false;
    }
  }
  if (l->text.empty()) { problem = "entry field 'lowered_name' is empty"; return false; }
  return true;
}

// Why an entry's cubin is not what the entry says, or "" (kfoot/runtime/cache_entry.py
// claim_problem): it must be a cubin, define the kernel the entry names and, when the entry names
// an sm_ arch, be for that SM.
inline std::string claim_problem(const Json& meta, const std::string& cubin) {
  CubinClaims claims;
  std::string problem;
  if (!cubin_claims(cubin, claims, problem)) return "its cubin is not a cubin (" + problem + ")";
  const std::string& lowered = meta.get("lowered_name")->text;
  if (std::find(claims.kernels.begin(), claims.kernels.end(), lowered) == claims.kernels.end())
    return "its cubin does not define the kernel the entry names (" + lowered + ")";
  const Json* arch = meta.get("arch");
  if (!arch) return "";
  // sm_(\d+)[af]? as a whole, its number compared as a number (sm_090 is sm_90).
  const std::string& a = arch->text;
  std::size_t end = a.size() > 3 && (a.back() == 'a' || a.back() == 'f') ? a.size() - 1 : a.size();
  if (a.compare(0, 3, "sm_") != 0 || end <= 3 || a.find_first_not_of("0123456789", 3) < end) return "";
  std::string digits = a.substr(3, end - 3);
  digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
  if (digits != std::to_string(claims.sm)) return "its cubin is for sm_" + std::to_string(claims.sm) + ", the entry for " + a;
  return "";
}

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
    std::string base = xdg.empty() ? join(expand_user("~"), ".cache") : expand_user(xdg);
    return join(base, "kfoot");
  }
  static bool disabled_by_env() {
    std::string v = env("KFOOT_CACHE");
    const char* space = " \t\n\r\v\f\x1c\x1d\x1e\x1f";  // what Python's str.strip() strips in ASCII
    auto b = v.find_first_not_of(space), e = v.find_last_not_of(space);
    v = b == std::string::npos ? std::string() : v.substr(b, e - b + 1);
    for (auto& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return v == "0" || v == "false" || v == "no" || v == "off";
  }

  // The entry for `key`: nullopt-like false when missing, corrupt (deleted, warned) or foreign.
  bool get(const std::string& key, CacheHit& hit) {
    if (!readable()) return false;
    std::string path = entry_path(key);
    std::string data;
    int rc = read_own(path, data, kMaxEntryBytes);
    if (rc != 0) return false;
    std::string problem;
    Json meta;
    if (!parse_cache_entry(data, key, meta, problem)) {
      warn(path, problem);
      ::unlink(path.c_str());
      return false;
    }
    std::string sha = meta.get("blob")->text;
    std::string blob_path = join(join(join(root_, "blobs"), sha.substr(0, 2)), sha + ".cubin");
    std::string cubin;
    rc = read_own(blob_path, cubin, kMaxBlobBytes);
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
    problem = claim_problem(meta, cubin);
    if (!problem.empty()) {  // sound files, but not the kernel the key names: a miss, compiled again
      warn(path, problem);
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
  // 0 and the bytes of a regular file this user owns of at most `limit` bytes; ENOENT; or another
  // errno (a link, another user's file, a FIFO, too large). O_NONBLOCK: a FIFO nobody writes to
  // opens at once and is refused on the descriptor; the size is checked before anything is read.
  int read_own(const std::string& path, std::string& out, long long limit) {
    int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return errno;
    struct stat st;
    if (::fstat(fd, &st) != 0 || st.st_uid != uid_ || !S_ISREG(st.st_mode) || st.st_size > limit) {
      ::close(fd);
      return EPERM;
    }
    out.clear();
    out.reserve(static_cast<std::size_t>(st.st_size));
    return read_bounded(fd, out, static_cast<std::size_t>(limit)) ? 0 : EFBIG;
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
  // The usage figure, or -1 when it is missing or not at most 64 bytes of digits in a regular file
  // of this user (then it is measured afresh, as Python's Store.read_usage does).
  long long read_usage(int root_fd) {
    int fd = ::openat(root_fd, "usage", O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return -1;
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != uid_) {
      ::close(fd);
      return -1;
    }
    char buf[65] = {0};
    ssize_t n = ::read(fd, buf, 64);
    ::close(fd);
    if (n <= 0) return -1;
    std::string s(buf, static_cast<std::size_t>(n));
    auto b = s.find_first_not_of(" \t\n\r"), e = s.find_last_not_of(" \t\n\r");
    if (b == std::string::npos) return -1;
    s = s.substr(b, e - b + 1);
    long long value = -1;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);  // never throws: 20 digits are -1
    return ec == std::errc() && end == s.data() + s.size() && value >= 0 ? value : -1;
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
        if (read_own(e.path, data, kMaxEntryBytes) == 0 && parse_cache_entry(data, e.key, meta, problem)) e.blob = meta.get("blob")->text;
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

}  // namespace kfoot::detail
