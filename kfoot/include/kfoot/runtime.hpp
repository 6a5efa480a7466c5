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
// Build flags: `kfoot config --cflags` (the include folder alone) and `kfoot config --libs`.
// NVRTC is found where the program runs (docs/runtime.md#finding-nvrtc).
//
// This header is the API; the code is in kfoot/detail/, one header per Python module it must
// agree with (each names its module on its first line), held to the same answers by
// tests/test_cpp_vectors.py.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace kfoot {

// The kfoot release this header belongs to: part of every cache key, as in Python
// (tests/test_cpp_vectors.py checks it against kfoot.__version__).
inline constexpr const char* kVersion = "0.1.0";

// Every failure: one line naming what and where (a missing registry, an unknown value, NVRTC's
// first error, no GPU at launch time).
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One axis value as a caller writes it: text ("float32", "256") or a number or boolean (256,
// true), held as the spec's text (true/false for booleans), so BLOCK=256 and "256" are one value.
struct AxisValue {
  std::string text;
  AxisValue(const char* value) : text(value) {}
  AxisValue(std::string value) : text(std::move(value)) {}
  AxisValue(bool value) : text(value ? "true" : "false") {}
  template <class Int, std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool> && !std::is_same_v<Int, char>, int> = 0>
  AxisValue(Int value) : text(std::to_string(value)) {}
};

struct Stats {
  std::uint64_t memory_hits = 0;  // cubin() / launch served from this process's memory
  std::uint64_t disk_hits = 0;    // served from the disk cache
  std::uint64_t compiles = 0;     // NVRTC programs compiled
  std::uint64_t pch_hits = 0;     // programs this process compiled with a precompiled header (all registries)
  std::uint64_t pack_hits = 0;    // served from an installed pack ($KFOOT_PACK_PATH; docs/runtime.md)
};

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
  Dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};

// Contiguous bytes. Those `Kernel::cubin` returns share ownership of the registry they came
// from, so they stay valid however long the Registry and Kernel objects that made them live.
class Bytes {
 public:
  Bytes() = default;
  Bytes(const unsigned char* data, std::size_t size) : data_(data), size_(size) {}
  Bytes(const unsigned char* data, std::size_t size, std::shared_ptr<const void> owner)
      : owner_(std::move(owner)), data_(data), size_(size) {}
  const unsigned char* data() const { return data_; }
  std::size_t size() const { return size_; }
  const unsigned char* begin() const { return data_; }
  const unsigned char* end() const { return data_ + size_; }
  std::string str() const { return std::string(reinterpret_cast<const char*>(data_), size_); }

 private:
  std::shared_ptr<const void> owner_;  // keeps the bytes' registry alive
  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace kfoot

#include "detail/sha256.hpp"
#include "detail/json.hpp"
#include "detail/fs.hpp"
#include "detail/inputfile.hpp"
#include "detail/toolkit.hpp"
#include "detail/archs.hpp"
#include "detail/units.hpp"
#include "detail/includes.hpp"
#include "detail/prelude.hpp"
#include "detail/fingerprint.hpp"
#include "detail/nvjitlink.hpp"
#include "detail/nvrtc.hpp"
#include "detail/pch.hpp"
#include "detail/driver.hpp"
#include "detail/cache.hpp"
#include "detail/elf.hpp"
#include "detail/pack.hpp"

namespace kfoot {

class Registry;
struct Shared;
namespace detail {
// The AOT image a hybrid registry's variant launches from (detail/kernel.hpp).
inline std::string aot_image(const Registry& registry, const std::string& template_id);
}  // namespace detail

// A variant of a registry: a small handle that shares ownership of the registry's state, so it
// (and every cubin it returns) stays valid after the Registry it came from is gone, e.g.
//   const kfoot::Kernel& k = kfoot::Registry::open(path).kernel("f", {...});
// Copying one costs an atomic increment; all copies are the same kernel, sharing its cubins.
class Kernel {
 public:
  Kernel() = default;  // empty: only assignable (every member throws kfoot::Error)
  explicit operator bool() const { return state_ != nullptr; }
  const std::string& family() const;
  const std::string& template_id() const;
  // Every axis value, derived ones included, as the registry spells them.
  const std::vector<std::pair<std::string, std::string>>& values() const;
  // The cubin that holds this kernel for `arch` (sm_90, sm90, 90, sm_90a): memory, else an
  // installed pack ($KFOOT_PACK_PATH), else the disk cache, else NVRTC. No GPU needed.
  Bytes cubin(std::string_view arch) const;
  // The kernel's mangled name in that cubin (for cuModuleGetFunction).
  std::string lowered_name(std::string_view arch) const;
  // "aot" when a hybrid registry's AOT library holds SASS of this variant that `arch` runs, else "rtc".
  std::string route(std::string_view arch) const;
  // Launch on the calling thread's current context (the primary context of device 0 if none).
  // `args` as cuLaunchKernel takes them: one pointer per kernel parameter.
  void launch(Dim3 grid, Dim3 block, void** args, unsigned shared_bytes = 0, void* stream = nullptr) const;

  struct State;  // the variant's data and compiled binaries, owned by the registry's state

 private:
  friend class Registry;
  Kernel(std::shared_ptr<Shared> owner, State* state) : owner_(std::move(owner)), state_(state) {}
  State& state() const;

  std::shared_ptr<Shared> owner_;
  State* state_ = nullptr;
};

struct Kernel::State {
  struct Binary {
    std::string arch;
    std::vector<unsigned char> cubin;
    std::string lowered_name;
  };
  std::size_t index = 0;
  std::string family, template_id;
  std::vector<std::pair<std::string, std::string>> values;
  std::vector<std::string> aot_archs;
  bool aot_only = false;  // its family is modes = ["aot"]: never compiled by NVRTC

  const Binary& binary(Shared& s, std::string_view arch) const;
  std::string route(const Shared& s, std::string_view arch) const;
  void* function_for_current_device(Shared& s) const;
  // Make `b` a lock-free hit for the spelling `arch` (a copy named so), once; caller holds mutex.
  void publish(const Binary& b, std::string_view arch) const {
    for (auto& slot : slots) {
      const Binary* there = slot.load(std::memory_order_relaxed);
      if (there && there->arch == arch) return;
      if (!there) {
        const Binary* entry = &b;
        if (b.arch != arch) {
          owned.push_back(std::make_unique<Binary>(b));
          owned.back()->arch = std::string(arch);
          entry = owned.back().get();
        }
        slot.store(entry, std::memory_order_release);
        return;
      }
    }
  }

  // Lock-free hits: binaries are published into fixed slots (arch by arch) and never freed
  // while the registry's state lives; a miss takes the kernel's mutex.
  static constexpr int kSlots = 8;
  mutable std::array<std::atomic<const Binary*>, kSlots> slots{};
  mutable std::vector<std::unique_ptr<Binary>> owned;
  mutable std::array<std::atomic<void*>, 16> functions{};  // per device ordinal: CUfunction
  mutable std::recursive_mutex mutex;  // launch() holds it while binary() may compile
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
  // given and are checked. No lock and no allocation beyond the key on a hit. The Kernel shares
  // ownership of the registry's state: it outlives this Registry object.
  Kernel kernel(const std::string& family, const std::vector<std::pair<std::string, std::string>>& values) const;
  // The same, with values of either type: reg.kernel("sum", {{"In", "float16"}, {"BLOCK", 256}}).
  Kernel kernel(const std::string& family, std::initializer_list<std::pair<std::string, AxisValue>> values) const {
    std::vector<std::pair<std::string, std::string>> texts;
    texts.reserve(values.size());
    for (const auto& [axis, value] : values) texts.emplace_back(axis, value.text);
    return kernel(family, texts);
  }
  // The variant with this template-id (kfoot enumerate --list's spelling).
  Kernel kernel_by_id(const std::string& template_id) const;

  Stats stats() const;
  const std::string& mode() const;
  const std::string& path() const;
  std::size_t size() const;
  std::vector<std::string> families() const;
  // The disk cache folder in use ("" when there is none).
  std::string cache_dir() const;

 private:
  friend std::string detail::aot_image(const Registry&, const std::string&);
  std::shared_ptr<Shared> s_;
};

}  // namespace kfoot

// The definitions of Registry's and Kernel's members.
#include "detail/registry.hpp"
#include "detail/kernel.hpp"
