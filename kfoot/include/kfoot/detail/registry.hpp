// The registry `kfoot build --mode rtc|hybrid` writes: must agree with kfoot/runtime/registry.py
// (load_registry: the format and version checks, headers and include_dirs confined to the
// registry's folder, nvrtc_options filtered as kfoot/runtime/nvrtc.py does; lookup: free axes,
// derived axes checked, one-line misses with the nearest values).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cstdint>
#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "axis_lookup.hpp"
#include "cache.hpp"
#include "fingerprint.hpp"
#include "fs.hpp"
#include "inputfile.hpp"
#include "json.hpp"
#include "nvrtc.hpp"
#include "pack.hpp"
#include "pch.hpp"
#include "prelude.hpp"
#include "toolkit.hpp"
#include "units.hpp"

namespace kfoot {

inline constexpr int kRegistryVersion = 1;
// registry.json and a hybrid build's fatbins (kfoot.runtime.registry REGISTRY_MAX_BYTES, AOT_FATBIN_MAX_BYTES).
inline constexpr std::uint64_t kRegistryMaxBytes = std::uint64_t(64) << 20;
inline constexpr std::uint64_t kAotFatbinMaxBytes = std::uint64_t(1) << 30;

namespace detail {


struct Family {
  std::string name, kernel, header;  // header: absolute, inside the registry folder
  std::vector<std::string> axes, free_axes, include_dirs, options;
  std::vector<std::size_t> members;  // variant indexes
  std::unordered_map<std::string, std::size_t> by_free;  // free values joined by '\x1f' -> variant
  std::map<std::string, bool> axis_is_string;
  bool aot_only = false;  // modes = ["aot"]: the AOT library only, never NVRTC
  std::string digest;  // source digest, computed once
  std::once_flag digest_once;
};

// A variant of an AOT-only family that `arch` cannot run (Python: RegistryFamily.not_built_for).
inline std::string not_built_for(const std::string& family, const std::vector<std::string>& built, std::string_view arch) {
  std::string held;
  for (const auto& a : built) held += (held.empty() ? "" : ", ") + a;
  return "family '" + family + "' is built ahead of time only (modes = [\"aot\"]) and its library holds " +
         (held.empty() ? "no arch" : held) + ", none of which runs on " + std::string(arch) + "; rebuild with --arch naming it";
}

struct AotEntry {
  std::string symbol, fatbin;
  long long container = -1;
};

[[noreturn]] inline void malformed(const std::string& path, const std::string& why) {
  throw Error(path + ": registry.json is malformed (" + why + ")");
}

inline const Json& need(const Json& obj, const char* name, Json::Kind kind, const std::string& path, const std::string& where) {
  const Json* v = obj.get(name);
  if (!v || v->kind != kind) malformed(path, where + " lacks '" + name + "'");
  return *v;
}

inline std::vector<std::string> strings(const Json& arr, const std::string& path, const std::string& where) {
  if (arr.kind != Json::Array) malformed(path, where + " must be a list of strings");
  std::vector<std::string> out;
  for (const auto& item : arr.items) {
    if (item.kind != Json::String) malformed(path, where + " must be a list of strings");
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
  // A NUL would cut the path short for realpath (found by fuzzing: Python refused, C++ accepted).
  if (relative.empty() || relative.find('\0') != std::string::npos) malformed(path, what + " is not a path");
  if (relative[0] == '/') throw Error(path + ": " + what + " " + shown(relative) + " is an absolute path, outside the registry's folder: refused");
  std::string joined = join(root, relative);
  char* found = ::realpath(joined.c_str(), nullptr);
  std::string resolved = found ? std::string(found) : lexical(joined);
  std::free(found);
  std::string base = real_path(root);
  if (resolved != base && resolved.compare(0, base.size() + 1, base + "/") != 0)
    throw Error(path + ": " + what + " " + shown(relative) + " resolves outside the registry's folder (to " + shown(resolved) +
                ", through '..' or a symbolic link): refused");
  return resolved;
}

// Why `id` cannot be a template-id of `kernel`, or "" (kfoot.runtime.registry.template_id_problem):
// NVRTC pastes a name expression into source, so it is the kernel, '<', arguments, '>', on one
// line, without '#'.
inline std::string template_id_problem(const std::string& id, const std::string& kernel) {
  if (id.size() < kernel.size() + 2 || id.compare(0, kernel.size(), kernel) != 0 || id[kernel.size()] != '<' || id.back() != '>')
    return "is not the family's kernel " + shown(kernel) + " followed by <arguments>";
  for (char c : id) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f || c == '#')
      return "holds " + shown(std::string(1, c)) + " (a control character or '#' could reach NVRTC's preprocessor)";
  }
  return "";
}

// Where `text` stops being UTF-8, or npos (json.loads reads only UTF-8: Python refuses the rest).
inline std::size_t utf8_error(const std::string& text) {
  std::size_t i = 0, n = text.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!len || i + len > n || (len == 2 && c < 0xc2) || (len == 4 && c > 0xf4)) return i;
    unsigned char c1 = len > 1 ? static_cast<unsigned char>(text[i + 1]) : 0x80;
    if ((len == 3 && ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f))) || (len == 4 && ((c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f))))
      return i;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80) return i;
    i += len;
  }
  return std::string::npos;
}

// Numbers as kfoot.core.jsonfile reads them: integers within 64 bits (int64 or uint64), no
// floating-point number that overflows (1e400). Python refuses a registry holding one anywhere.
inline void check_numbers(const Json& value, const std::string& path) {
  if (value.kind == Json::Number) {
    const char* first = value.text.data();
    const char* last = first + value.text.size();
    bool fits;
    if (value.is_integer()) {
      long long as_signed;
      unsigned long long as_unsigned;
      fits = std::from_chars(first, last, as_signed).ec == std::errc() ||
             (value.text[0] != '-' && std::from_chars(first, last, as_unsigned).ec == std::errc());
    } else {
      fits = !std::isinf(std::strtod(value.text.c_str(), nullptr));  // underflow is fine, as in json.loads
    }
    if (!fits) throw Error(path + ": not a registry: number " + shown(value.text, 24) + " is outside the 64-bit range");
  }
  for (const auto& item : value.items) check_numbers(item, path);
  for (const auto& member : value.members) check_numbers(member.second, path);
}

// A container index: a non-negative 64-bit integer, or -1 for null (an older kfoot wrote none).
inline long long container_index(const Json* c, const std::string& path, const std::string& where) {
  if (!c || c->kind == Json::Null) return -1;
  long long value = -1;
  if (c->is_integer()) {
    const char* first = c->text.data();
    const char* last = first + c->text.size();
    auto [end, error] = std::from_chars(first, last, value);
    if (error == std::errc::result_out_of_range)
      malformed(path, "aot: " + where + " container index " + shown(c->text) + " is outside the 64-bit range");
    if (error != std::errc() || end != last) value = -1;
  }
  if (value < 0) malformed(path, "aot: " + where + " needs a symbol, a fatbin and a container index (a non-negative integer)");
  return value;
}

}  // namespace detail

struct Shared {
  std::string path, root, mode;
  std::vector<std::unique_ptr<detail::Family>> families;
  std::unordered_map<std::string, detail::Family*> family_by_name;
  std::vector<std::unique_ptr<Kernel::State>> kernels;
  std::unordered_map<std::string, std::size_t> by_template_id;
  std::unordered_map<std::string, detail::AotEntry> aot;
  std::string aot_fatbin;
  std::unique_ptr<detail::DiskCache> cache;
  std::mutex cache_mutex, module_mutex;
  std::map<std::pair<int, std::string>, void*> modules;  // (device, cubin sha or fatbin) -> CUmodule
  std::atomic<std::uint64_t> memory_hits{0}, disk_hits{0}, compiles{0};
  std::string nvrtc_version;
  std::once_flag nvrtc_once;
  std::string registry_sha256;  // what a pack's manifest must name
  std::map<std::string, std::vector<detail::PackReader>> packs_by_arch;  // looked for once per arch
  std::mutex packs_mutex;
  std::atomic<std::uint64_t> pack_hits{0};
  std::vector<std::string> toolkit_dirs;
  std::once_flag toolkit_once;

  const std::vector<std::string>& toolkit() {
    // A shipped registry's own toolkit headers first (kfoot.core.toolchain.bundled_include_dirs).
    std::call_once(toolkit_once, [&] {
      toolkit_dirs = detail::bundled_include_dirs(root);
      if (toolkit_dirs.empty()) toolkit_dirs = detail::toolkit_include_dirs();
    });
    return toolkit_dirs;
  }
  const std::string& nvrtc() {
    std::call_once(nvrtc_once, [&] { nvrtc_version = detail::Nvrtc::get().version_string(); });
    return nvrtc_version;
  }
  // The installed packs (detail/pack.hpp) serving this registry on `arch`.
  const std::vector<detail::PackReader>& packs(const std::string& arch) {
    std::lock_guard<std::mutex> guard(packs_mutex);
    auto found = packs_by_arch.find(arch);
    if (found == packs_by_arch.end())
      found = packs_by_arch.emplace(arch, detail::packs_for(registry_sha256, arch, [this] { return nvrtc(); })).first;
    return found->second;
  }
  const std::string& digest(detail::Family& f) {
    std::call_once(f.digest_once, [&] {
      std::vector<std::string> dirs = f.include_dirs;
      for (const auto& d : toolkit()) dirs.push_back(d);
      f.digest = detail::source_digest(f.header, dirs);
    });
    return f.digest;
  }
  // What links f's cubins for `arch` (detail::link_tag: nvJitLink's version, or "").
  std::string link_tag(detail::Family& f, const std::string& arch) {
    std::vector<std::string> options = detail::compile_options(arch);
    options.insert(options.end(), f.options.begin(), f.options.end());
    bool ltoir = detail::Nvrtc::get().ltoir_size != nullptr;
    return ltoir ? detail::link_tag(nvrtc(), detail::JitLink::get().version, arch, options) : std::string();
  }
  // The disk cache's key for `k` on `arch` (the options the compile uses, less its -I folders);
  // with `linked_by`, the key a pack's maker gave it (its cubins linked by that nvJitLink, "" for
  // NVRTC's own), whatever this process links with.
  std::string key(const Kernel::State& k, detail::Family& f, const std::string& arch,
                  const std::string* linked_by = nullptr) {
    std::vector<std::string> options = detail::compile_options(arch);
    options.insert(options.end(), f.options.begin(), f.options.end());
    std::string link = linked_by ? detail::link_tag(nvrtc(), *linked_by, arch, options) : link_tag(f, arch);
    return detail::cache_key(nvrtc(), arch, options, detail::Sha256::hex(detail::prelude({k.template_id})), digest(f),
                             k.template_id, link);
  }
};

inline Registry Registry::open(const std::string& given, const Options& options) {
  std::string path = detail::is_dir(given) ? detail::join(given, "registry.json") : given;
  std::string text;
  if (!detail::read_regular(path, "registry", kRegistryMaxBytes, text))
    throw Error(path + ": no registry here (build one with `kfoot build --mode rtc -o DIR`)");
  if (std::size_t bad = detail::utf8_error(text); bad != std::string::npos)
    throw Error(path + ": not a registry: not UTF-8 text (byte " + std::to_string(bad) + ")");
  detail::Json data = detail::JsonReader(text, path).parse();
  detail::check_numbers(data, path);
  std::string registry_sha = detail::Sha256::hex(text);
  text.clear();
  text.shrink_to_fit();
  const detail::Json* format = data.get("format");
  if (data.kind != detail::Json::Object || !format || format->text != "kfoot-rtc-registry")
    throw Error(path + ": not a kfoot RTC registry (format field missing or different)");
  const detail::Json* version = data.get("version");
  if (!version || version->text != std::to_string(kRegistryVersion))
    throw Error(path + ": registry version " + (version ? detail::shown(version->scalar()) : "none") + " is not supported (expected 1)");

  auto s = std::make_shared<Shared>();
  s->registry_sha256 = std::move(registry_sha);
  s->path = detail::real_path(path);
  s->root = detail::parent_of(s->path);
  const detail::Json* mode = data.get("mode");
  s->mode = mode && mode->kind == detail::Json::String ? mode->text : "rtc";
  const auto& fams = detail::need(data, "families", detail::Json::Object, path, "the registry");
  const auto& rows = detail::need(data, "variants", detail::Json::Array, path, "the registry");
  for (const auto& [name, fam] : fams.members) {
    auto f = std::make_unique<detail::Family>();
    std::string where = "family " + detail::shown(name);
    if (fam.kind != detail::Json::Object) detail::malformed(path, where + " is not an object");
    f->name = name;
    f->kernel = detail::need(fam, "kernel", detail::Json::String, path, where).text;
    if (f->kernel.empty()) detail::malformed(path, where + " lacks its kernel name");
    f->header = detail::confined(s->root, detail::need(fam, "header", detail::Json::String, path, where).text, path, where + ": header");
    f->axes = detail::strings(detail::need(fam, "axes", detail::Json::Array, path, where), path, where + " axes");
    f->free_axes = detail::strings(detail::need(fam, "free_axes", detail::Json::Array, path, where), path, where + " free_axes");
    for (const auto& axis : f->free_axes)
      if (std::find(f->axes.begin(), f->axes.end(), axis) == f->axes.end())
        detail::malformed(path, where + ": free axis " + detail::shown(axis) + " is not one of its axes");
    if (const auto* dirs = fam.get("include_dirs"))
      for (const auto& d : detail::strings(*dirs, path, where + " include_dirs"))
        f->include_dirs.push_back(detail::confined(s->root, d, path, where + " include_dirs entry"));
    if (const auto* opts = fam.get("nvrtc_options"))
      for (const auto& o : detail::strings(*opts, path, where + " nvrtc_options")) {
        if (!detail::safe_option(o))
          throw Error(path + ": " + where + ": NVRTC option " + detail::shown(o) + " is not one a registry may carry "
                      "(macros and code-generation switches only; headers travel in the registry folder)");
        f->options.push_back(o);
      }
    if (const auto* modes = fam.get("modes")) {
      if (modes->kind != detail::Json::Array) detail::malformed(path, where + ": modes must be \"aot\" and/or \"rtc\"");
      auto list = detail::strings(*modes, path, where + " modes");
      bool aot = false, rtc = false;
      for (const auto& m : list) {
        if (m == "aot") aot = true;
        else if (m == "rtc") rtc = true;
        else detail::malformed(path, where + ": modes must be \"aot\" and/or \"rtc\"");
      }
      if (!aot && !rtc) detail::malformed(path, where + ": modes must be \"aot\" and/or \"rtc\"");
      f->aot_only = !rtc;
    }
    s->family_by_name[name] = f.get();
    s->families.push_back(std::move(f));
  }
  s->kernels.reserve(rows.items.size());
  for (std::size_t i = 0; i < rows.items.size(); ++i) {
    const auto& row = rows.items[i];
    std::string where = "variant " + std::to_string(i);
    if (row.kind != detail::Json::Object) detail::malformed(path, where + " is not an object");
    const auto& family = detail::need(row, "family", detail::Json::String, path, where).text;
    auto found = s->family_by_name.find(family);
    if (found == s->family_by_name.end()) detail::malformed(path, where + " names no family of the registry");
    detail::Family& f = *found->second;
    auto k = std::make_unique<Kernel::State>();
    k->index = i;
    k->family = family;
    k->template_id = detail::need(row, "template_id", detail::Json::String, path, where).text;
    std::string problem = detail::template_id_problem(k->template_id, f.kernel);
    if (!problem.empty()) throw Error(path + ": " + where + ": template-id " + detail::shown(k->template_id) + " " + problem + ": refused");
    const auto& values = detail::need(row, "values", detail::Json::Object, path, where);
    for (const auto& axis : f.axes) {
      const detail::Json* v = values.get(axis);
      if (!v) detail::malformed(path, where + " lacks axis " + detail::shown(axis));
      if (v->kind == detail::Json::Array || v->kind == detail::Json::Object)
        detail::malformed(path, where + " axis " + detail::shown(axis) + ": a value must be a string, number, boolean or null");
      k->values.emplace_back(axis, v->scalar());
      f.axis_is_string[axis] = v->kind == detail::Json::String;
    }
    detail::need(row, "source_sha256", detail::Json::String, path, where);
    if (const auto* archs = row.get("aot_archs")) k->aot_archs = detail::strings(*archs, path, where + " aot_archs");
    k->aot_only = f.aot_only;
    std::string free_key;
    for (const auto& axis : f.free_axes) {
      const detail::Json* v = values.get(axis);
      if (!v) detail::malformed(path, where + " lacks free axis '" + axis + "'");
      free_key += v->scalar() + '\x1f';
    }
    f.by_free.emplace(free_key, i);
    f.members.push_back(i);
    s->by_template_id.emplace(k->template_id, i);
    s->kernels.push_back(std::move(k));
  }
  if (const auto* aot = data.get("aot"); aot && aot->kind != detail::Json::Null) {
    // The AOT half of a hybrid build: its fatbins confined to the registry's folder as headers
    // are (the runtime hands them to the driver), its container indexes 64-bit integers.
    const detail::Json* fatbin = aot->get("fatbin");
    const detail::Json* kernels = aot->get("kernels");
    if (aot->kind != detail::Json::Object || !fatbin || fatbin->kind != detail::Json::String || !kernels ||
        kernels->kind != detail::Json::Object)
      detail::malformed(path, "aot: needs the fatbin and the kernels");
    detail::confined(s->root, fatbin->text, path, "aot: fatbin");
    s->aot_fatbin = fatbin->text;
    for (const auto& [id, entry] : kernels->members) {
      std::string where = "kernel " + detail::shown(id);
      const detail::Json* sym = entry.get("symbol");
      const detail::Json* fb = entry.get("fatbin");
      if (entry.kind != detail::Json::Object || !sym || sym->kind != detail::Json::String || !fb || fb->kind != detail::Json::String)
        detail::malformed(path, "aot: " + where + " needs a symbol, a fatbin and a container index (a non-negative integer)");
      detail::AotEntry e;
      e.symbol = sym->text;
      e.container = detail::container_index(entry.get("container"), path, where);
      detail::confined(s->root, fb->text, path, "aot: " + where + " fatbin");
      e.fatbin = fb->text;
      s->aot.emplace(id, std::move(e));
    }
    for (const char* list : {"archs", "sass_archs"})
      if (const auto* archs = aot->get(list); archs && (archs->kind != detail::Json::Array ||
                                                        !std::all_of(archs->items.begin(), archs->items.end(),
                                                                     [](const detail::Json& a) { return a.kind == detail::Json::String; })))
        detail::malformed(path, "aot: archs and sass_archs must be lists of arch names");
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

// The values `axis` takes in `f`, in first-seen order: for a miss's message only, so gathered
// then (a list kept while loading took time quadratic in the distinct values: 264 s for 282,000).
namespace detail {
inline std::vector<std::string> axis_values(const Shared& s, const Family& f, const std::string& axis) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (std::size_t i : f.members)
    for (const auto& [a, v] : s.kernels[i]->values)
      if (a == axis && seen.insert(v).second) out.push_back(v);
  return out;
}
}  // namespace detail

inline Kernel Registry::kernel(const std::string& family, const std::vector<std::pair<std::string, std::string>>& values) const {
  auto found = s_->family_by_name.find(family);
  if (found == s_->family_by_name.end()) {
    std::vector<std::string> names = families();
    throw Error("no family '" + family + "' in the registry; nearest: " + detail::nearest(family, names));
  }
  detail::Family& f = *found->second;
  std::size_t row = detail::find_variant(
      family, f.axes, f.free_axes, f.by_free, values,
      [&](const std::string& axis) { return detail::axis_values(*s_, f, axis); },
      [&](const std::string& axis) { return f.axis_is_string[axis]; },
      [&](std::size_t i) -> const std::vector<std::pair<std::string, std::string>>& { return s_->kernels[i]->values; },
      [](const std::string& message) { throw Error(message); });
  Kernel::State& k = *s_->kernels[row];
  return Kernel(s_, &k);
}

inline Kernel Registry::kernel_by_id(const std::string& template_id) const {
  auto found = s_->by_template_id.find(template_id);
  if (found == s_->by_template_id.end()) throw Error(s_->path + ": no variant with template-id " + template_id + " in the registry");
  return Kernel(s_, s_->kernels[found->second].get());
}

inline Stats Registry::stats() const {
  return Stats{s_->memory_hits.load(), s_->disk_hits.load(), s_->compiles.load(), detail::Pch::get().hits.load(),
               s_->pack_hits.load()};
}
inline const std::string& Registry::mode() const { return s_->mode; }
inline const std::string& Registry::path() const { return s_->path; }
inline std::size_t Registry::size() const { return s_->kernels.size(); }
inline std::vector<std::string> Registry::families() const {
  std::vector<std::string> out;
  for (const auto& f : s_->families) out.push_back(f->name);
  return out;
}
inline std::string Registry::cache_dir() const { return s_->cache ? s_->cache->root() : std::string(); }

}  // namespace kfoot
