// The RTC cache key: must agree with kfoot/runtime/fingerprint.py (KEY_SCHEMA, source_digest,
// portable_options, cache_key), so that an entry either side writes is a hit for the other
// (docs/runtime.md, "The key, step by step"; tests/vectors/cache_key.json, includes.json).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <string>
#include <vector>

#include "fs.hpp"
#include "includes.hpp"
#include "json.hpp"
#include "sha256.hpp"

namespace kfoot {

inline constexpr int kKeySchema = 3;  // kfoot.runtime.fingerprint.KEY_SCHEMA

namespace detail {

// A file's name in the digest: relative to the header's folder or to the first include folder
// it lies under (so registries and caches can move), else its base name.
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

// sha256 over the header and every file it includes, in walk order: each file's name, a NUL,
// its raw sha256, then "builtin:<name>" and a NUL for each include found nowhere.
inline std::string source_digest(const std::string& main_header, const std::vector<std::string>& include_dirs) {
  Sha256 digest;
  std::string main_dir = parent_of(real_path(main_header));
  walk_includes(main_header, include_dirs,
                [&](const std::string& path, const std::string& data, const std::vector<std::string>& unresolved) {
                  digest.update(display_name(path, main_dir, include_dirs));
                  digest.update("\0", 1);
                  auto file_hash = [&] { Sha256 h; h.update(data); return h.digest(); }();
                  digest.update(file_hash.data(), file_hash.size());
                  for (const auto& name : unresolved) {
                    digest.update("builtin:");
                    digest.update(name);
                    digest.update("\0", 1);
                  }
                });
  return digest.hexdigest();
}

// The options minus include paths (their content is in the source digest).
inline std::vector<std::string> portable_options(const std::vector<std::string>& options) {
  std::vector<std::string> out;
  for (const auto& o : options)
    if (o.rfind("-I", 0) != 0) out.push_back(o);
  return out;
}

// The fingerprint of one kernel: sha256 of json.dumps(material, sort_keys=True,
// separators=(",", ":")), written here key by key in sorted order.
inline std::string cache_key(const std::string& nvrtc_version, const std::string& arch,
                             const std::vector<std::string>& options, const std::string& prelude_sha256,
                             const std::string& source_sha256, const std::string& name_expression,
                             const std::string& link) {
  std::string listed = "[";
  for (const auto& o : portable_options(options)) listed += (listed.size() > 1 ? "," : "") + json_string(o);
  listed += "]";
  std::string material = "{\"arch\":" + json_string(arch) + ",\"kfoot\":" + json_string(kVersion) +
                         ",\"link\":" + json_string(link) + ",\"name\":" + json_string(name_expression) + ",\"nvrtc\":" + json_string(nvrtc_version) +
                         ",\"options\":" + listed + ",\"prelude\":" + json_string(prelude_sha256) +
                         ",\"schema\":" + std::to_string(kKeySchema) + ",\"source\":" + json_string(source_sha256) + "}";
  return Sha256::hex(material);
}

}  // namespace detail
}  // namespace kfoot
