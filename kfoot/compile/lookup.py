"""The C++ face of an AOT library: `NAME/kernels.hpp` and the lookup compiled into `libNAME.so`.

`NAME::find_kernel(template_id)` returns the host stub of a variant (what `cudaLaunchKernel`
takes) or nullptr; `NAME::launch_kernel` launches it through the CUDA runtime linked into the
library (statically, by nvcc's default), the one its stubs are registered with. The lookup is generated from the same shard list the library is linked from,
so it follows whatever packing the shards have; the template-ids are the canonical spelling
(`kfoot enumerate --list`). It indexes the shards' exported stub tables through a hash table
laid out at build time (one hash and a probe or two per call, not a scan).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..core.errors import KfootError
from .sources import Shard

DEFAULT_NAME = "kfoot_kernels"
LOOKUP_SOURCE = "src/kfoot_lookup.cpp"
LOOKUP_OBJECT = "obj/kfoot_lookup.o"

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# C++ keywords and names a namespace may not take (the library is also named after it).
_RESERVED = frozenset("""
alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class
compl concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype
default delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline
int long mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template
this thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t
while xor xor_eq std kfoot
""".split())


def check_name(name: str) -> str:
    """`--name`: a C++ identifier (the namespace of find_kernel, and libNAME.so)."""
    if not _IDENTIFIER.match(name) or name in _RESERVED or name.startswith("__"):
        raise KfootError(f"--name {name!r}: not usable as a C++ namespace and a library name "
                         "(letters, digits and _, not starting with a digit, not a keyword)")
    return name


def library_file(name: str) -> str:
    return f"lib{name}.so"


def header_path(name: str) -> str:
    """Relative to the build's output folder: `include/` goes on the consumer's include path."""
    return f"include/{name}/kernels.hpp"


# Where NAME::registry() looks, beside the library's own file: the folder kfoot_install_kernels
# installs the registry into, then the library's own folder (the build tree).
def shipped_registry_folder(name: str) -> str:
    return f"{name}.kfoot"


def _registry_part(name: str) -> list[str]:
    shipped = shipped_registry_folder(name)
    return [
        "",
        "#include <kfoot/runtime.hpp>",
        "#include <string>",
        "#include <unistd.h>",
        "",
        f"namespace {name} {{",
        f"// The registry shipped with lib{name}.so, found from the library's own file (dladdr), so",
        f"// it is found wherever the library was installed and then moved: {shipped}/ beside it (where",
        "// kfoot_install_kernels puts it), else the library's own folder (the build tree).",
        "inline kfoot::Registry registry(const kfoot::Registry::Options& options = {}) {",
        "  const char* library = library_path();",
        f'  if (!library) throw kfoot::Error("{name}::registry: the path of lib{name}.so is unknown (dladdr)");',
        "  std::string folder(library);",
        "  folder = folder.substr(0, folder.rfind('/') + 1);",
        f'  for (const char* sub : {{"{shipped}/", ""}}) {{',
        '    std::string candidate = folder + sub + "registry.json";',
        "    if (::access(candidate.c_str(), F_OK) == 0) return kfoot::Registry::open(candidate, options);",
        "  }",
        f'  throw kfoot::Error("{name}::registry: no registry.json in " + folder + "{shipped}/ nor in " + folder +',
        '                     " (install it with kfoot_install_kernels)");',
        "}",
        f"}}  // namespace {name}",
    ]


def _by_values_header(name: str) -> list[str]:
    """find_kernel(family, values), inline in kernels.hpp over the library's plain tables: the
    registry's own lookup (kfoot/include/kfoot/detail/axis_lookup.hpp, its text), so an AOT
    library and a registry answer alike, and its std containers live in the program."""
    lookup = [line for line in AXIS_LOOKUP_HEADER.read_text().splitlines() if line.strip() != "#pragma once"]
    return [
        "",
        "#include <mutex>",
        "#include <stdexcept>",
        *lookup,
        "",
        f"namespace {name} {{",
        "// The same by family and axis values, as kfoot::Registry::kernel takes them: every free axis,",
        "// derived ones optional and checked; a miss throws std::invalid_argument with the registry's",
        "// one-line message (the nearest values). Values of either type: {\"BLOCK\", 256} or \"256\".",
        "struct AxisValue {",
        "  std::string text;",
        "  AxisValue(const char* value) : text(value) {}",
        "  AxisValue(std::string value) : text(std::move(value)) {}",
        "  AxisValue(bool value) : text(value ? \"true\" : \"false\") {}",
        "  template <class Int, std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool> && !std::is_same_v<Int, char>, int> = 0>",
        "  AxisValue(Int value) : text(std::to_string(value)) {}",
        "};",
        "namespace detail {",
        "using Values = std::vector<std::pair<std::string, std::string>>;",
        "struct Family {",
        "  std::vector<std::string> axes, free_axes, text_axes;",
        "  std::vector<std::pair<std::string, Values>> rows;  // template-id, every axis' value",
        "  std::unordered_map<std::string, std::size_t> by_free;",
        "};",
        "inline const std::vector<std::pair<std::string, Family>>& families() {",
        "  static const std::vector<std::pair<std::string, Family>> all = [] {",
        "    std::vector<std::pair<std::string, Family>> t;",
        "    for (const FamilyRow* f = family_rows(); f->name; ++f) {",
        "      Family family;",
        "      for (const char* const* a = f->free; *a; ++a) family.free_axes.emplace_back(*a);",
        "      for (const char* const* a = f->text; *a; ++a) family.text_axes.emplace_back(*a);",
        "      t.emplace_back(f->name, std::move(family));",
        "    }",
        "    for (const VariantRow* v = variant_rows(); v->family; ++v)",
        "      for (auto& [family_name, family] : t)",
        "        if (family_name == v->family) {",
        "          Values values;",
        "          for (const char* const* w = v->values; *w; w += 2) values.emplace_back(w[0], w[1]);",
        "          if (family.axes.empty())",
        "            for (const auto& pair : values) family.axes.push_back(pair.first);",
        "          std::string key;",
        "          for (const auto& axis : family.free_axes)",
        "            for (const auto& [a, value] : values)",
        "              if (a == axis) key += value + '\\x1f';",
        "          family.by_free.emplace(key, family.rows.size());",
        "          family.rows.emplace_back(v->template_id, std::move(values));",
        "        }",
        "    return t;",
        "  }();",
        "  return all;",
        "}",
        "}  // namespace detail",
        "inline const void* find_kernel(const std::string& family, const detail::Values& values) {",
        "  const detail::Family* f = nullptr;",
        "  std::vector<std::string> names;",
        "  for (const auto& [family_name, x] : detail::families()) {",
        "    names.push_back(family_name);",
        "    if (family_name == family) f = &x;",
        "  }",
        "  if (!f) throw std::invalid_argument(\"no family '\" + family + \"' in the library; nearest: \" + kfoot::detail::nearest(family, names));",
        "  std::size_t row = kfoot::detail::find_variant(",
        "      family, f->axes, f->free_axes, f->by_free, values,",
        "      [&](const std::string& axis) {",
        "        std::vector<std::string> seen;",
        "        for (const auto& r : f->rows)",
        "          for (const auto& [a, v] : r.second)",
        "            if (a == axis && std::find(seen.begin(), seen.end(), v) == seen.end()) seen.push_back(v);",
        "        return seen;",
        "      },",
        "      [&](const std::string& axis) { return std::find(f->text_axes.begin(), f->text_axes.end(), axis) != f->text_axes.end(); },",
        "      [&](std::size_t i) -> const detail::Values& { return f->rows[i].second; },",
        "      [](const std::string& message) { throw std::invalid_argument(message); });",
        "  return find_kernel(f->rows[row].first.c_str());",
        "}",
        "inline const void* find_kernel(const std::string& family, std::initializer_list<std::pair<std::string, AxisValue>> values) {",
        "  detail::Values texts;",
        "  for (const auto& [axis, value] : values) texts.emplace_back(axis, value.text);",
        "  return find_kernel(family, texts);",
        "}",
        f"}}  // namespace {name}",
    ]


def render_header(name: str, with_registry: bool = False) -> str:
    """NAME/kernels.hpp of an AOT library; `with_registry` (hybrid builds) adds NAME::registry()
    (an rtc build's header is render_registry_header's)."""
    guard = f"KFOOT_{name.upper()}_KERNELS_HPP"
    return "\n".join([
        f"// Generated by kfoot build --name {name}: the kernels of lib{name}.so. Do not edit.",
        f"#ifndef {guard}",
        f"#define {guard}",
        "",
        "#include <initializer_list>",
        "#include <string>",
        "#include <type_traits>",
        "#include <utility>",
        "#include <vector>",
        "",
        f"namespace {name} {{",
        "// The host stub of the variant with this template-id (as `kfoot enumerate --list` spells it),",
        "// for cudaLaunchKernel; nullptr when the library lacks the variant.",
        "const void* find_kernel(const char* template_id);",
        "// The library's variants as plain data, for find_kernel(family, values) below: null-terminated",
        "// arrays (free: the free axes; text: the axes whose values are quoted; values: axis, value, ...).",
        *ROW_TYPES,
        "const FamilyRow* family_rows();",
        "const VariantRow* variant_rows();",
        "// Launch a kernel find_kernel returned through the CUDA runtime the library holds (its",
        "// stubs are registered with that one, not with a runtime the program links itself):",
        "// grid and block as {x, y, z}, args one pointer per kernel parameter, stream a",
        "// cudaStream_t or nullptr. Returns the cudaError_t value (0: launched).",
        "int launch_kernel(const void* kernel, const unsigned grid[3], const unsigned block[3], void** args,",
        "                  unsigned long shared_bytes = 0, void* stream = nullptr);",
        *_library_path_declaration(name),
        *_by_values_header(name),
        *(_registry_part(name) if with_registry else []),
        "",
        f"#endif  // {guard}",
        "",
    ])


def _library_path_declaration(name: str) -> list[str]:
    """The last lines of NAME's namespace in every generated header: library_path()."""
    return [
        f"// The file of lib{name}.so as the dynamic linker loaded it (nullptr if unknown).",
        "const char* library_path();",
        f"}}  // namespace {name}",
    ]


# NAME::library_path(), in the AOT lookup and in an rtc build's registry library alike.
_LIBRARY_PATH_SOURCE = (
    "// dladdr of a function of this library (bound to itself: -Bsymbolic) names the library's file.",
    '__attribute__((visibility("default"))) const char* library_path() {',
    "  Dl_info info{};",
    "  if (!::dladdr(reinterpret_cast<void*>(&library_path), &info)) return nullptr;",
    "  return info.dli_fname;",
    "}",
)


def render_registry_header(name: str) -> str:
    """NAME/kernels.hpp of an rtc build with --name: NAME::library_path() and NAME::registry()
    only (the registry library holds no kernel, so no find_kernel)."""
    guard = f"KFOOT_{name.upper()}_KERNELS_HPP"
    return "\n".join([
        f"// Generated by kfoot build --mode rtc --name {name}: the registry shipped with lib{name}.so. Do not edit.",
        f"#ifndef {guard}",
        f"#define {guard}",
        "",
        f"namespace {name} {{",
        *_library_path_declaration(name),
        *_registry_part(name),
        "",
        f"#endif  // {guard}",
        "",
    ])


def render_registry_source(name: str) -> str:
    """lib{name}.so of an rtc build: library_path() alone, so NAME::registry() finds the registry
    beside the library's file through dladdr, as a hybrid library's does."""
    return "\n".join([
        f"// Generated by kfoot build --mode rtc --name {name}: where lib{name}.so lies. Do not edit.",
        "#include <dlfcn.h>",
        "",
        f"namespace {name} {{",
        *_LIBRARY_PATH_SOURCE,
        f"}}  // namespace {name}",
        "",
    ])


def _c_string(text: str) -> str:
    """A C++ string literal holding `text` (UTF-8), every byte outside printable ASCII escaped."""
    out = []
    for byte in text.encode():
        char = chr(byte)
        if char in '"\\?':  # ? too: no trigraphs
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def fnv1a(data: bytes) -> int:
    """FNV-1a, 64 bits: the hash the generated lookup computes at run time (same bytes, same value)."""
    h = _FNV_OFFSET
    for byte in data:
        h = ((h ^ byte) * _FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


# The lookup by axis values the generated source compiles: the registry's own (kfoot/runtime.hpp
# uses the same file), so an AOT library and a registry answer alike.
AXIS_LOOKUP_HEADER = Path(__file__).resolve().parents[1] / "include" / "kfoot" / "detail" / "axis_lookup.hpp"


def _text(value: object) -> str:
    """An axis value as the registry's JSON holds it as text (true/false for booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# The plain rows the library exports for find_kernel(family, values): one spelling, in kernels.hpp
# and the lookup source alike.
ROW_TYPES = (
    "struct FamilyRow { const char* name; const char* const* free; const char* const* text; };",
    "struct VariantRow { const char* family; const char* template_id; const char* const* values; };",
)


def _tables_part(name: str, shards: list[Shard], free_axes: dict[str, list[str]]) -> list[str]:
    """The plain data find_kernel(family, values) looks up (kernels.hpp holds the lookup, so no
    std container's code is compiled into, or exported from, the library): each family's free
    axes and the axes whose values are text, each variant's family, template-id and values,
    in the order the shards hold them (a family's in spec order)."""
    families: dict[str, list] = {}
    for shard in shards:
        for v in shard.variants:
            families.setdefault(v.family, []).append(v)
    lines = [*ROW_TYPES, "namespace {"]
    family_rows, variant_rows = [], []
    for f, (family, variants) in enumerate(families.items()):
        strings = [a for a, v in variants[0].values if isinstance(v, str)]
        lines.append(f"const char* const family{f}_free[] = {{{', '.join(_c_string(a) for a in free_axes[family])}, nullptr}};")
        lines.append(f"const char* const family{f}_text[] = {{{', '.join([*(_c_string(a) for a in strings), 'nullptr'])}}};")
        family_rows.append(f"  {{{_c_string(family)}, family{f}_free, family{f}_text}},")
        for i, v in enumerate(variants):
            words = ", ".join(f"{_c_string(a)}, {_c_string(_text(x))}" for a, x in v.values)
            lines.append(f"const char* const family{f}_row{i}[] = {{{words}, nullptr}};")
            variant_rows.append(f"  {{{_c_string(family)}, {_c_string(v.template_id)}, family{f}_row{i}}},")
    lines += [
        f"const FamilyRow family_table[] = {{", *family_rows, "  {nullptr, nullptr, nullptr},", "};",
        f"const VariantRow variant_table[] = {{", *variant_rows, "  {nullptr, nullptr, nullptr},", "};",
        "}  // namespace",
        '__attribute__((visibility("default"))) const FamilyRow* family_rows() { return family_table; }',
        '__attribute__((visibility("default"))) const VariantRow* variant_rows() { return variant_table; }',
    ]
    return lines


def render_source(name: str, shards: list[Shard], free_axes: dict[str, list[str]] | None = None) -> str:
    """The lookup's translation unit: an open-addressing hash table laid out here, at build time
    (no initialisation at load, no std containers whose code a library would export), over the
    shards' stub tables."""
    entries = [(v.template_id, shard.symbol, index) for shard in shards for index, v in enumerate(shard.variants)]
    size = 1
    while size < 2 * max(1, len(entries)):  # at most half full: short probe sequences
        size *= 2
    slots: list[int | None] = [None] * size
    for position, (template_id, _, _) in enumerate(entries):
        slot = fnv1a(template_id.encode()) & (size - 1)
        while slots[slot] is not None:
            slot = (slot + 1) & (size - 1)
        slots[slot] = position
    lines = [
        f"// Generated by kfoot build --name {name}: template-id -> host stub. Do not edit.",
        "#include <cuda_runtime.h>",
        "#include <dlfcn.h>",
        "#include <cstring>",
        "",
        *[f'extern "C" void* const {shard.symbol}[];' for shard in shards],
        "",
        f"namespace {name} {{",
        "namespace {",
        "struct Entry { const char* id; void* const* table; unsigned index; };",
        f"// {len(entries)} variants in {size} slots, linear probing; an empty slot has no id.",
        f"const Entry slots[{size}] = {{",
    ]
    for position in slots:
        if position is None:
            lines.append("  {nullptr, nullptr, 0u},")
        else:
            template_id, symbol, index = entries[position]
            lines.append(f"  {{{_c_string(template_id)}, {symbol}, {index}u}},")
    lines += [
        "};",
        "unsigned long long fnv1a(const char* s) {",
        f"  unsigned long long h = {_FNV_OFFSET:#x}ull;",
        "  for (; *s; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 0x100000001b3ull;",
        "  return h;",
        "}",
        "}  // namespace",
        "",
        '__attribute__((visibility("default"))) const void* find_kernel(const char* template_id) {',
        "  if (!template_id) return nullptr;",
        f"  for (unsigned long long slot = fnv1a(template_id) & {size - 1}ull;; slot = (slot + 1) & {size - 1}ull) {{",
        "    const Entry& e = slots[slot];",
        "    if (!e.id) return nullptr;",
        "    if (std::strcmp(e.id, template_id) == 0) return e.table[e.index];",
        "  }",
        "}",
        "",
        '__attribute__((visibility("default"))) int launch_kernel(const void* kernel, const unsigned grid[3],',
        "    const unsigned block[3], void** args, unsigned long shared_bytes, void* stream) {",
        "  return static_cast<int>(cudaLaunchKernel(kernel, dim3(grid[0], grid[1], grid[2]), dim3(block[0], block[1], block[2]),",
        "                                          args, shared_bytes, static_cast<cudaStream_t>(stream)));",
        "}",
        "",
        *_LIBRARY_PATH_SOURCE,
        f"}}  // namespace {name}",
        "",
    ]
    if free_axes is not None:
        at = lines.index(f"}}  // namespace {name}", len(lines) - 3)
        lines[at:at] = _tables_part(name, shards, free_axes)
    return "\n".join(lines)
