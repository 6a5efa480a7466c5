// Installed kernel-cache packs, read-only cache roots: must agree with kfoot/runtime/cache_pack.py
// (pack_search_path, manifest_verdict, PackReader): the same folders ($KFOOT_PACK_PATH; C++ has no
// sys.path), the same manifest rules (tests/vectors/pack_manifest.json) and the same checks on
// every entry as `kfoot cache import` makes (its checksum and key, the cubin's sha256, the kernel
// the cubin must define). A pack that does not match is ignored with one warning line per process;
// a bad entry is one warning and a miss (the kernel is compiled): never a failure.
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.hpp"
#include "fingerprint.hpp"
#include "fs.hpp"
#include "inputfile.hpp"
#include "json.hpp"
#include "sha256.hpp"

namespace kfoot::detail {

// Defined in registry.hpp: a manifest is read as strictly as a registry (kfoot.core.jsonfile).
inline std::size_t utf8_error(const std::string& text);
inline void check_numbers(const Json& value, const std::string& path);

constexpr long long kMaxManifestBytes = 64LL << 10;  // cache_pack.py MAX_MANIFEST_BYTES

// A byte limit as kfoot.core.store.format_bytes spells it in refusals ("64.0 KiB", "256.0 MiB").
inline std::string pack_limit_text(long long limit) {
  char text[32];
  if (limit >= (1LL << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(limit) / (1 << 20));
  else
    std::snprintf(text, sizeof text, "%.1f KiB", static_cast<double>(limit) / (1 << 10));
  return text;
}

// Whether group `gid` has exactly one member, the user `owner` (a user private group: pip under
// umask 002 makes pack files group-writable): kfoot.core.store.group_is_owners_alone, whose
// docstring says why. getgrgid/getpwuid/getpwent under one lock, each answer remembered.
inline bool group_is_owners_alone(gid_t gid, uid_t owner) {
  static std::mutex mutex;
  static std::map<std::pair<gid_t, uid_t>, bool> known;
  std::lock_guard<std::mutex> guard(mutex);
  auto found = known.find({gid, owner});
  if (found != known.end()) return found->second;
  bool alone = false;
  std::vector<std::string> listed;
  std::string owner_name;
  bool have = false;
  if (const group* g = ::getgrgid(gid)) {
    for (char** m = g->gr_mem; m && *m; ++m) listed.push_back(*m);
    if (const passwd* p = ::getpwuid(owner)) {
      owner_name = p->pw_name;
      have = true;
    }
  }
  if (have) {
    int members = 0;
    bool other = false;
    ::setpwent();
    while (const passwd* p = ::getpwent()) {
      if (p->pw_gid != gid) continue;
      if (p->pw_uid != owner) {
        other = true;
        break;
      }
      ++members;
    }
    ::endpwent();
    if (!listed.empty()) {
      if (listed.size() != 1 || listed[0] != owner_name) other = true;
      ++members;
    }
    alone = !other && members > 0;
  }
  known[{gid, owner}] = alone;
  return alone;
}

// 0 and the bytes of a regular file of at most `limit` bytes, never through a link at its name,
// owned by this user or root (pip installs as either) and writable by no one else (others, or
// a group anyone but the file's owner is in: group_is_owners_alone): a pack's
// cubins run in the process. Else ENOENT (missing), another errno, or EPERM with `refused` saying
// why, in Store.read's words (kfoot/core/store.py, sole_writer), checked on the open handle.
inline int read_pack_file(const std::string& path, std::string& out, long long limit, std::string& refused) {
  refused.clear();
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return errno;
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return err;
  }
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    refused = "owned by uid " + std::to_string(st.st_uid) + ", neither you nor root";
  else if ((st.st_mode & S_IWOTH) || ((st.st_mode & S_IWGRP) && !group_is_owners_alone(st.st_gid, st.st_uid))) {
    char mode[16];
    std::snprintf(mode, sizeof mode, "%o", static_cast<unsigned>(st.st_mode & 07777));
    refused = std::string("writable by group or others (mode ") + mode + ")";
  } else if (!S_ISREG(st.st_mode))
    refused = "not a regular file";
  else if (st.st_size > limit)
    refused = "larger than " + pack_limit_text(limit);
  if (!refused.empty()) {
    ::close(fd);
    return EPERM;
  }
  out.clear();
  if (read_bounded(fd, out, static_cast<std::size_t>(limit))) return 0;
  refused = "larger than " + pack_limit_text(limit);  // it grew while it was read
  return EPERM;
}

// Why a pack file could not be read, as Python words it: a refusal, else the errno's text.
inline std::string pack_read_problem(int rc, const std::string& refused) {
  return refused.empty() ? std::string(std::strerror(rc)) : refused;
}

// Whether a pack whose manifest is `data` serves `registry_sha`'s kernels on `arch`; `problem`
// says why it is ignored ("" with false: another arch's pack, skipped without a word). `nvrtc`
// is asked only when the pack is for this registry and arch (it loads the library). `linked`:
// the nvJitLink version that linked the pack's cubins ("" for NVRTC's own), which its keys are
// looked up with: serving a cubin needs no nvJitLink, so a runtime that links otherwise or has
// none (only libnvrtc) is served all the same.
inline bool manifest_verdict(const std::string& data, const std::string& registry_sha,
                             const std::function<std::string()>& nvrtc, const std::string& arch, std::string& problem,
                             std::string& linked) {
  problem.clear();
  linked.clear();
  if (static_cast<long long>(data.size()) > kMaxManifestBytes) {
    problem = "manifest unreadable (larger than " + std::to_string(kMaxManifestBytes >> 10) + " KiB)";
    return false;
  }
  Json manifest;
  try {
    if (utf8_error(data) != std::string::npos) throw Error("not UTF-8");
    manifest = JsonReader(data, "manifest").parse();
    check_numbers(manifest, "manifest");
  } catch (const Error&) {
    problem = "manifest unreadable (not JSON)";
    return false;
  }
  const Json* format = manifest.get("format");
  if (manifest.kind != Json::Object || !format || format->kind != Json::String || format->text != "kfoot-pack/1") {
    problem = "not a kfoot-pack/1 manifest";
    return false;
  }
  const Json* schema = manifest.get("key_schema");
  if (!schema || !schema->is_integer() || schema->text != std::to_string(kKeySchema)) {
    problem = "made for another cache key schema (this kfoot's is " + std::to_string(kKeySchema) + ")";
    return false;
  }
  const Json* digest = manifest.get("registry_sha256");
  if (!digest || digest->kind != Json::String || digest->text != registry_sha) {
    problem = "made from another registry.json (pack the registry folder the program opens: kfoot ship writes one of its own)";
    return false;
  }
  const Json* archs = manifest.get("archs");
  bool names = archs && archs->kind == Json::Array;
  for (std::size_t i = 0; names && i < archs->items.size(); ++i) names = archs->items[i].kind == Json::String;
  if (!names) {
    problem = "manifest field 'archs' is not a list of arch names";
    return false;
  }
  if (std::none_of(archs->items.begin(), archs->items.end(), [&](const Json& a) { return a.text == arch; })) return false;
  const Json* version = manifest.get("nvrtc");
  if (!version || version->kind != Json::String) {
    problem = "manifest field 'nvrtc' is not a string";
    return false;
  }
  if (version->text != nvrtc()) {
    problem = "compiled by NVRTC " + shown(version->text) + ", this is " + nvrtc();
    return false;
  }
  // nvJitLink's version is part of every key (its link tag): the pack's are looked up with it.
  const Json* made = manifest.get("nvjitlink");
  if (!made || !((made->kind == Json::String && !made->text.empty()) || made->kind == Json::Null)) {
    problem = "manifest field 'nvjitlink' is not a string or null";
    return false;
  }
  if (made->kind == Json::String) {
    // major.minor, 1 to 6 digits each (cache_pack.py _VERSION)
    const std::string& v = made->text;
    std::size_t dot = v.find('.');
    auto digits = [&](std::size_t from, std::size_t to) {
      return to > from && to - from <= 6 && std::all_of(v.begin() + from, v.begin() + to, [](char c) { return c >= '0' && c <= '9'; });
    };
    if (dot == std::string::npos || !digits(0, dot) || !digits(dot + 1, v.size())) {
      problem = "manifest field 'nvjitlink' is not a major.minor version: " + shown(v);
      return false;
    }
    linked = v;
  }
  return true;
}

// One warning line per process for each thing named (a pack, an entry).
inline void pack_warning(const std::string& subject, const std::string& line) {
  static std::mutex mutex;
  static std::unordered_set<std::string> warned;
  std::lock_guard<std::mutex> guard(mutex);
  if (warned.insert(subject).second) std::fprintf(stderr, "kfoot: %s\n", line.c_str());
}

// Every pack on $KFOOT_PACK_PATH (':'-separated absolute folders, each a pack or holding
// kfoot_packs/; a relative one is one warning), in its order, each once.
inline std::vector<std::string> pack_folders() {
  std::vector<std::string> found;
  std::set<std::string> seen;
  auto add = [&](const std::string& pack) {
    if (seen.insert(real_path(pack)).second) found.push_back(pack);
  };
  for (const auto& folder : split(env("KFOOT_PACK_PATH"), ':')) {
    if (folder.empty()) continue;
    if (folder[0] != '/') {  // it would take kernels from wherever the program runs
      pack_warning("KFOOT_PACK_PATH " + folder, "KFOOT_PACK_PATH entry " + shown(folder) + " ignored: not an absolute path");
      continue;
    }
    if (is_file(join(folder, "manifest.json"))) {
      add(folder);
      continue;
    }
    std::string packs = join(folder, "kfoot_packs");
    std::string trimmed = folder.substr(0, folder.find_last_not_of('/') + 1);
    // a kfoot_packs folder itself (the one pip fills), as cache_pack.py _packs_in takes it
    if (!is_dir(packs) && trimmed.size() >= 12 && trimmed.compare(trimmed.size() - 12, 12, "/kfoot_packs") == 0) packs = folder;
    DIR* d = is_dir(packs) ? ::opendir(packs.c_str()) : nullptr;
    if (!d) continue;
    std::vector<std::string> names;
    while (dirent* e = ::readdir(d))
      if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) names.push_back(e->d_name);
    ::closedir(d);
    std::sort(names.begin(), names.end());
    for (const auto& name : names)
      if (is_file(join(join(packs, name), "manifest.json"))) add(join(packs, name));
  }
  return found;
}

class PackReader {
 public:
  PackReader(std::string folder, std::string linked) : folder_(std::move(folder)), linked_(std::move(linked)) {}
  const std::string& folder() const { return folder_; }
  // The nvJitLink version that linked the pack's cubins ("" for NVRTC's own): its keys' link tag.
  const std::string& linked() const { return linked_; }

  // The pack's entry for `key`, checked as `kfoot cache import` checks it; false when it has none
  // or it is bad (one warning).
  bool get(const std::string& key, CacheHit& hit) const {
    std::string entry_path = join(join(join(folder_, "entries"), key.substr(0, 2)), key + ".entry");
    std::string data, refused;
    int rc = read_pack_file(entry_path, data, kMaxEntryBytes, refused);
    if (rc == ENOENT) return false;
    if (rc != 0) return bad(entry_path, refused.empty() ? std::string("unreadable (") + std::strerror(rc) + ")" : refused);
    Json meta;
    std::string problem;
    if (!parse_cache_entry(data, key, meta, problem)) return bad(entry_path, problem);
    const std::string& sha = meta.get("blob")->text;
    std::string blob_path = join(join(join(folder_, "blobs"), sha.substr(0, 2)), sha + ".cubin");
    std::string cubin;
    rc = read_pack_file(blob_path, cubin, kMaxBlobBytes, refused);
    if (rc != 0) return bad(entry_path, "its cubin is missing or unreadable (" + pack_read_problem(rc, refused) + ")");
    if (Sha256::hex(cubin) != sha) return bad(blob_path, "cubin checksum mismatch");
    problem = claim_problem(meta, cubin);
    if (!problem.empty()) return bad(entry_path, problem);
    hit.cubin.assign(cubin.begin(), cubin.end());
    hit.lowered_name = meta.get("lowered_name")->text;
    return true;
  }

 private:
  bool bad(const std::string& path, const std::string& problem) const {
    pack_warning(path, "pack entry " + path + ": " + problem + "; not used");
    return false;
  }
  std::string folder_;
  std::string linked_;
};

// The installed packs that serve the registry whose registry.json has `registry_sha` for `arch`;
// one that does not match is ignored with one warning line per process.
inline std::vector<PackReader> packs_for(const std::string& registry_sha, const std::string& arch,
                                         const std::function<std::string()>& nvrtc) {
  std::vector<PackReader> readers;
  for (const auto& folder : pack_folders()) {
    std::string manifest_path = join(folder, "manifest.json"), data, problem, refused, linked;
    int rc = read_pack_file(manifest_path, data, kMaxManifestBytes, refused);
    if (rc != 0)
      problem = "manifest unreadable (" + pack_read_problem(rc, refused) + ")";
    else if (manifest_verdict(data, registry_sha, nvrtc, arch, problem, linked))
      readers.emplace_back(folder, linked);
    if (!problem.empty()) pack_warning(folder, "pack " + folder + " ignored: " + problem);
  }
  return readers;
}

}  // namespace kfoot::detail
