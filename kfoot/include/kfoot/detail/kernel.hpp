// A kernel's cubin and launch: must agree with kfoot/runtime/api.py (Kernel.binary: memory, else
// an installed pack (detail/pack.hpp), else
// the disk cache, else NVRTC; route: the AOT library for a hybrid registry's variants whose SASS
// runs on the arch, kfoot/core/archs.py's rule; aot_image: a shard cut out of the merged
// fatbin when build/ was not shipped).
//
// Part of kfoot/runtime.hpp: include that header, not this one.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "archs.hpp"
#include "driver.hpp"
#include "pch.hpp"
#include "registry.hpp"

namespace kfoot {

namespace detail {

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

// The image the driver gets for an AOT variant: its shard fatbin, else (build/ not shipped) the
// shard's container cut out of kernels.fatbin; each read as untrusted (a regular file of at most
// kAotFatbinMaxBytes), as kfoot/runtime/api.py's aot_image does.
inline std::string aot_image(const Shared& s, const AotEntry& entry) {
  std::string image;
  if (read_regular(join(s.root, entry.fatbin), "hybrid build's fatbin", kAotFatbinMaxBytes, image)) return image;
  std::string whole;
  std::string merged = join(s.root, s.aot_fatbin);
  if (!read_regular(merged, "hybrid build's fatbin", kAotFatbinMaxBytes, whole))
    throw Error(merged + ": AOT fatbin missing; ship the hybrid build folder whole");
  return fatbin_container(whole, entry.container, merged);
}

inline std::string aot_image(const Registry& registry, const std::string& template_id) {
  auto found = registry.s_->aot.find(template_id);
  if (found == registry.s_->aot.end()) throw Error(registry.s_->path + ": no AOT kernel " + shown(template_id));
  return aot_image(*registry.s_, found->second);
}

}  // namespace detail

inline Kernel::State& Kernel::state() const {
  if (!state_) throw Error("kfoot::Kernel: an empty handle (default-constructed, never assigned a registry's kernel)");
  return *state_;
}
inline const std::string& Kernel::family() const { return state().family; }
inline const std::string& Kernel::template_id() const { return state().template_id; }
inline const std::vector<std::pair<std::string, std::string>>& Kernel::values() const { return state().values; }
inline Bytes Kernel::cubin(std::string_view arch) const {
  const State::Binary& b = state().binary(*owner_, arch);
  return Bytes(b.cubin.data(), b.cubin.size(), owner_);
}
inline std::string Kernel::lowered_name(std::string_view arch) const { return state().binary(*owner_, arch).lowered_name; }
inline std::string Kernel::route(std::string_view arch) const { return state().route(*owner_, arch); }

inline const Kernel::State::Binary& Kernel::State::binary(Shared& s, std::string_view arch_text) const {
  for (const auto& slot : slots) {  // the fast path: no lock
    const Binary* b = slot.load(std::memory_order_acquire);
    if (!b) break;
    if (b->arch == arch_text) {
      s.memory_hits.fetch_add(1, std::memory_order_relaxed);
      return *b;
    }
  }
  if (aot_only) throw Error(detail::not_built_for(family, aot_archs, arch_text));
  std::string arch = detail::parse_arch(arch_text).name();
  std::lock_guard<std::recursive_mutex> guard(mutex);
  const Binary* known = nullptr;
  for (const auto& b : owned)
    if (b->arch == arch) known = b.get();
  if (known) {
    s.memory_hits.fetch_add(1, std::memory_order_relaxed);
    publish(*known, arch_text);  // remember the spelling asked too
    return *known;
  }
  detail::Family& f = *s.family_by_name.at(family);
  auto b = std::make_unique<Binary>();
  b->arch = arch;
  std::string key;
  bool cached = false;
  const std::vector<detail::PackReader>& packs = s.packs(arch);
  if (!packs.empty()) {
    detail::CacheHit hit;
    for (const auto& pack : packs) {
      if (!pack.get(s.key(*this, f, arch, &pack.linked()), hit)) continue;
      b->cubin = std::move(hit.cubin);
      b->lowered_name = std::move(hit.lowered_name);
      s.pack_hits.fetch_add(1, std::memory_order_relaxed);
      cached = true;
      break;
    }
  }
  if (s.cache && !cached) {
    if (key.empty()) key = s.key(*this, f, arch);
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
    std::string source = detail::prelude({template_id}) + "#include \"" + f.header.substr(f.header.rfind('/') + 1) + "\"\n";
    std::vector<std::string> opts = detail::compile_options(arch);
    opts.push_back("-I" + detail::parent_of(f.header));
    for (const auto& d : f.include_dirs) opts.push_back("-I" + d);
    for (const auto& o : f.options) opts.push_back(o);
    for (const auto& d : s.toolkit()) opts.push_back("-I" + d);
    std::optional<std::vector<std::string>> link;
    if (!s.link_tag(f, arch).empty()) link = detail::link_options(arch, opts);
    detail::Compiled compiled =
        detail::Pch::get().compile(nv, source, template_id, opts, link ? &*link : nullptr, s.digest(f));
    b->lowered_name = compiled.lowered_name;
    b->cubin.assign(compiled.cubin.begin(), compiled.cubin.end());
    s.compiles.fetch_add(1, std::memory_order_relaxed);
    if (s.cache) {
      char secs[32];
      std::snprintf(secs, sizeof secs, "%.4f", compiled.seconds);
      std::map<std::string, std::string> fields{
          {"name_expression", detail::json_string(template_id)}, {"family", detail::json_string(family)},
          {"arch", detail::json_string(arch)}, {"nvrtc", detail::json_string(s.nvrtc())},
          {"kfoot", detail::json_string(kVersion)}, {"compile_seconds", secs}, {"program_kernels", "1"}};
      std::lock_guard<std::mutex> cache_guard(s.cache_mutex);
      s.cache->put_program(compiled.cubin, {{key, b->lowered_name, fields}});
    }
  }
  owned.push_back(std::move(b));
  const Binary* made = owned.back().get();
  publish(*made, made->arch);
  publish(*made, arch_text);
  return *made;
}

inline std::string Kernel::State::route(const Shared& s, std::string_view arch) const {
  detail::Arch device = detail::parse_arch(arch);
  if (!s.aot.empty())
    for (const auto& built : aot_archs)
      if (detail::sass_runs_on(detail::parse_arch(built), device)) return "aot";
  if (aot_only) throw Error(detail::not_built_for(family, aot_archs, arch));
  return "rtc";
}

inline void* Kernel::State::function_for_current_device(Shared& s) const {
  detail::Driver& drv = detail::Driver::get();
  int device = drv.current_device();
  if (device >= 0 && device < static_cast<int>(functions.size()))
    if (void* fn = functions[static_cast<std::size_t>(device)].load(std::memory_order_acquire)) return fn;
  std::lock_guard<std::recursive_mutex> guard(mutex);
  detail::Arch arch = drv.device_arch(device);
  void* fn = nullptr;
  void* module = nullptr;
  std::string symbol;
  if (route(s, arch.name()) == "aot") {
    const detail::AotEntry& entry = s.aot.at(template_id);
    std::lock_guard<std::mutex> modules(s.module_mutex);
    auto& slot = s.modules[{device, "aot:" + entry.fatbin}];
    if (!slot) {
      std::string image = detail::aot_image(s, entry);
      drv.check(drv.module_load_data(&slot, image.data()), "cuModuleLoadData");
    }
    module = slot;
    symbol = entry.symbol;
  } else {
    const Binary& b = binary(s, arch.name());
    std::string sha = detail::Sha256::hex(std::string_view(reinterpret_cast<const char*>(b.cubin.data()), b.cubin.size()));
    std::lock_guard<std::mutex> modules(s.module_mutex);
    auto& slot = s.modules[{device, sha}];
    if (!slot) drv.check(drv.module_load_data(&slot, b.cubin.data()), "cuModuleLoadData");
    module = slot;
    symbol = b.lowered_name;
  }
  drv.check(drv.module_get_function(&fn, module, symbol.c_str()), "cuModuleGetFunction");
  if (device >= 0 && device < static_cast<int>(functions.size())) functions[static_cast<std::size_t>(device)].store(fn, std::memory_order_release);
  return fn;
}

inline void Kernel::launch(Dim3 grid, Dim3 block, void** args, unsigned shared_bytes, void* stream) const {
  void* fn = state().function_for_current_device(*owner_);
  detail::Driver& drv = detail::Driver::get();
  drv.check(drv.launch(fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes, stream, args, nullptr),
            "cuLaunchKernel");
}

}  // namespace kfoot
