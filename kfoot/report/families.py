"""Kernel names: demangling, and the family a kernel belongs to.

A family is the kernel's template name without template arguments, namespaces kept:
`void kfoot::binary_kernel<kfoot::op::Add, float>(float const*, ...)` -> `kfoot::binary_kernel`.

Demangling uses the C++ runtime's __cxa_demangle (libstdc++'s: c++filt's spelling, which PyTorch's
profiler and most tools print too; through the cxxfilt package), and cpp_demangle (the Rust crate)
for the names it rejects (312 deep CUTLASS names of libcusparse's 6,355). cpp_demangle alone
spelled 1,223 of them unlike c++filt: `(unsigned int)128` for `128u`, `&f(int)` for `&(f(int))`,
and a pointer to a dependent member type misplaced (`T*::a_type` for `T::a_type*`); template
arguments read from those names would not be c++filt's (docs/explain.md#axes).
"""

from __future__ import annotations

import functools
import re

import cpp_demangle

# nvcc names a translation unit by a module ID whose first 8 hex digits change with the build
# folder: `__nv_static_25__edfb10f1_4_t_cu_d589cb60__Z8static_kPf` (static kernels in -rdc code),
# `_GLOBAL__N__edfb10f1_4_t_cu_d589cb60` (anonymous namespaces, when left mangled). The same
# kernel built elsewhere must land in the same family, so families drop those IDs.
# (text each match holds, so a name without it is not scanned: long demangled names, 4 patterns)
_MODULE_ID_PATTERNS = (
    (("__nv_static_",), re.compile(r"__nv_static_\d+__[0-9a-f]{8}_\d+_(\w+?)_[0-9a-f]{8}__"), r"__nv_static__\1__"),
    (("_GLOBAL__N__",), re.compile(r"_GLOBAL__N__[0-9a-f]{8}_\d+_(\w+?)_[0-9a-f]{8}"), r"_GLOBAL__N__\1"),
    # CCCL's versioned inline namespaces, named from the CCCL version and the -arch list, so a
    # toolkit upgrade or a new target renames every cub/thrust kernel:
    # cub/util_namespace.cuh and thrust/detail/config/namespace.h build
    # `cub::CUB_300102_SM_750_800::`, `thrust::THRUST_300102_SM_750_800_NS::` (CCCL 2.x-3.1, _NVHPC
    # under nvc++) and `cub::_V_300500_SM_800::` (CCCL 3.5); libcu++'s ABI namespace is
    # `cuda::std::__4::` (_LIBCUDACXX_ABI_NAMESPACE). Matched in demangled text only.
    # Older eras: `CUB_200101_SM_520_NS` (2.x), and the arch list left unexpanded where the compiler
    # does not define __CUDA_ARCH_LIST__ (clang: TensorFlow's `cub::CUB_200805_SM___CUDA_ARCH_LIST__::`,
    # `THRUST_200805___CUDA_ARCH_LIST___NS`): whatever follows the version is part of the namespace.
    (("::CUB_", "::THRUST_", "::_V_"), re.compile(r"\b(cub|thrust)::(?:(?:CUB|THRUST)_\d+|_V_\d+)\w*::"), r"\1::"),
    (("::__",), re.compile(r"\b(cuda(?:::\w+?)*?)::__\d+::"), r"\1::"),
)

# Substring tests, not one alternation regex: 4x faster over explain's 6,355 demangled names.
_NEEDLES = tuple(needle for needles, _, _ in _MODULE_ID_PATTERNS for needle in needles)


def strip_module_ids(name: str) -> str:
    """A name with nvcc's per-build module IDs and CCCL's versioned namespaces removed."""
    for needle in _NEEDLES:
        if needle in name:
            break
    else:
        return name  # nothing a pattern could match: most names, mangled or demangled
    for needles, pattern, replacement in _MODULE_ID_PATTERNS:
        if any(needle in name for needle in needles):
            name = pattern.sub(replacement, name)
    return name


# strip_module_ids for names that recur (a kernel's name is in every arch's image): each distinct
# name is stripped once per process.
stable_name = functools.lru_cache(maxsize=1 << 17)(strip_module_ids)


# Names whose brackets are not grouping: protected by placeholders while groups are removed.
_PROTECTED = ("(anonymous namespace)", "operator<<=", "operator>>=", "operator<=>", "operator->*",
              "operator<<", "operator>>", "operator<=", "operator>=", "operator->", "operator<",
              "operator>", "operator()")
_PLACEHOLDERS = {text: chr(0xE000 + i) for i, text in enumerate(_PROTECTED)}  # private-use characters
_INNERMOST_ANGLE = re.compile(r"<[^<>]*>")
_INNERMOST_PAREN = re.compile(r"\([^()]*\)")


@functools.lru_cache(maxsize=1)
def _cxa_demangle():
    """cxxfilt's demangle, or None without a C++ runtime to load (imported on first use: finding
    the library runs ldconfig)."""
    try:
        import cxxfilt
    except ImportError:
        return None
    if isinstance(cxxfilt.default_demangler, cxxfilt.DeferedErrorDemangler):
        return None
    return cxxfilt.default_demangler.demangle


@functools.lru_cache(maxsize=1 << 16)
def demangle(name: str) -> str:
    """The demangled name, or the name itself when it is not an Itanium-mangled C++ name. Demangle
    a kernel's name as nvcc wrote it: strip_module_ids shortens an anonymous namespace's source
    name but not the length before it, which no demangler then reads."""
    if not name.startswith("_Z"):
        return name
    cxa = _cxa_demangle()
    if cxa is not None:
        try:
            return cxa(name)
        except Exception:  # cxxfilt.InvalidName, or an error decoding what it returned
            pass
    try:
        return cpp_demangle.demangle(name)
    except Exception:  # the binding raises a bare Exception for names it cannot parse
        return name


def _drop_groups(text: str, innermost: re.Pattern) -> str:
    """Remove every balanced group, innermost first: one C-speed pass per nesting level
    (CUTLASS kernel names nest 20 deep and run to 10,000 characters)."""
    while True:
        shorter = innermost.sub("", text)
        if shorter == text:
            return text
        text = shorter


# Single-letter codes that stand alone inside template arguments: builtin types, qualifiers.
_BUILTIN_OR_QUALIFIER = frozenset("vwbcahstijlmxynofdegzPROCGKVrM")
_DIGITS = re.compile(r"[0-9]+")  # ASCII only: str.isdigit and \d take '٣' and '²' too
_MAX_LENGTH_DIGITS = 9  # no identifier is a gigabyte long; int() refuses over 4,300 digits


def _source_name_end(mangled: str, i: int) -> int:
    """Index past a <source-name> (<length><identifier>) starting at `i`."""
    match = _DIGITS.match(mangled, i)
    if match is None or match.end() - i > _MAX_LENGTH_DIGITS:
        return len(mangled) + 1  # not a length: callers read "past the end" as not this shape
    return match.end() + int(match.group())


_ASCII_DIGITS = frozenset("0123456789")
_LITERAL_VALUE = re.compile(r"n?[0-9a-f]*E")
_SUBSTITUTION = re.compile(r"S(?:[0-9A-Z]*_|[tabsiod])")


def _skip_name(mangled: str, i: int) -> int | None:
    """Index past a class or enum name used as a type: a source name, a substitution, or
    N <source names, substitutions, template args> E."""
    n = len(mangled)
    if i < n and mangled[i] in _ASCII_DIGITS:
        return _source_name_end(mangled, i)
    match = _SUBSTITUTION.match(mangled, i)
    if match is not None:
        return match.end()
    if i >= n or mangled[i] != "N":
        return None
    i += 1
    while i < n and mangled[i] != "E":
        if mangled[i] in _ASCII_DIGITS:
            i = _source_name_end(mangled, i)
        elif mangled[i] == "I":
            i = _skip_template_args(mangled, i)
            if i is None:
                return None
        else:
            match = _SUBSTITUTION.match(mangled, i)
            if match is None:
                return None
            i = match.end()
    return i + 1 if i < n else None


def _skip_template_args(mangled: str, i: int, depth: int = 0) -> int | None:
    """`mangled[i]` is the 'I' opening template arguments: the index past their closing 'E', or
    None when something outside the plain subset (expressions, local names, lambdas...) appears.
    Lengths, literal values, substitution and parameter indices are told apart by position.
    `depth`: the levels already open at `i` (_skip_template_args_fast hands over mid-way)."""
    n = len(mangled)
    while i < n:
        c = mangled[i]
        if c in "INFJ":  # template args, nested names, function types, argument packs open a level
            depth += 1
            i += 1
        elif c == "E":
            depth -= 1
            i += 1
            if depth == 0:
                return i
        elif c in _ASCII_DIGITS:
            i = _source_name_end(mangled, i)
        elif c == "L":  # literal: L <type> <value> E, the value's digits are not a length
            i += 1
            if i < n and mangled[i] in _BUILTIN_OR_QUALIFIER:
                i += 1
            else:
                i = _skip_name(mangled, i)  # an enum type: LNS0_9SortOrderE0E
                if i is None:
                    return None
            match = _LITERAL_VALUE.match(mangled, i)
            if match is None:
                return None
            i = match.end()
        elif c == "S":  # substitution S_, S<seq-id>_, or St/Sa/Sb/Ss/Si/So/Sd
            match = _SUBSTITUTION.match(mangled, i)
            if match is None:
                return None
            i = match.end()
        elif c == "T":  # template parameter T_ or T<n>_
            match = re.compile(r"T\d*_").match(mangled, i)
            if match is None:
                return None
            i = match.end()
        elif c == "D":  # half, nullptr, char16/32, pack expansion, _FloatN, vectors
            match = re.compile(r"D(?:[hfdeisunpac]|F\d+[_b]|v\d+_)").match(mangled, i)
            if match is None:
                return None
            i = match.end()
        elif c == "A":  # array type A<dimension>_
            match = re.compile(r"A\d*_").match(mangled, i)
            if match is None:
                return None
            i = match.end()
        elif c == "u":  # vendor extended type: u <source-name>
            i = _source_name_end(mangled, i + 1) if i + 1 < n and mangled[i + 1] in _ASCII_DIGITS else n + 1
        elif c in _BUILTIN_OR_QUALIFIER:
            i += 1
        else:
            return None
    return None


def _source_name_pattern(longest: int) -> str:
    """Regex for <length><identifier> with lengths 0..longest written without leading zeros, as
    a trie of their digits (one alternative per first digit, not `longest` tried in turn)."""
    def branch(prefix: str) -> str:
        options = []
        if prefix and int(prefix) <= longest and (prefix == "0" or not prefix.startswith("0")):
            options.append(f"(?![0-9]).{{{int(prefix)}}}")
        if prefix != "0":
            for digit in "0123456789":
                if (prefix or digit) != "0" and int(prefix + digit) <= longest:
                    options.append(digit + branch(prefix + digit))
                elif not prefix and digit == "0":
                    options.append("0(?![0-9])")
        return "(?:" + "|".join(options) + ")" if len(options) > 1 else options[0]
    return branch("")


# One token of _skip_template_args other than the brackets (I N F J open, E closes), each exactly
# as that loop reads it; a token it would read otherwise (a longer identifier, an enum literal
# L N...E) stops the run and the loop takes over where it stopped.
@functools.cache
def _leaf_run():
    """The compiled token-run pattern: made on first use, not at import (0.05 s that a report
    served from its cache, which reads no kernel name, never needs)."""
    source_name = _source_name_pattern(255)
    return re.compile(
        r"(?>" + "|".join((
            source_name,
            # a literal of a builtin type or an enum named by one name, a substitution or N...E of them
            r"L(?>[vwbcahstijlmxynofdegzPROCGKVrM]|" + source_name + "|" + _SUBSTITUTION.pattern
            + r"|N(?>" + source_name + "|" + _SUBSTITUTION.pattern + r")*+E)n?[0-9a-f]*E",
            _SUBSTITUTION.pattern,
            r"T\d*_",
            r"D(?:[hfdeisunpac]|F\d+[_b]|v\d+_)",
            r"A\d*_",
            r"u" + source_name,
            r"[vwbcahstijlmxynofdegzPROCGKVrM]",
        )) + r")*+",
        re.DOTALL,
    )


def _skip_template_args_fast(mangled: str, i: int) -> int | None:
    """_skip_template_args's answer, with runs of tokens between brackets matched at C speed
    (report workers read tens of thousands of distinct names; the token loop was most of it)."""
    depth, n = 0, len(mangled)
    leaf_run = _leaf_run().match
    while i < n:
        c = mangled[i]
        if c in "INFJ":
            depth += 1
            i += 1
        elif c == "E":
            depth -= 1
            i += 1
            if depth == 0:
                return i
        else:
            end = leaf_run(mangled, i).end()
            if end == i:
                return _skip_template_args(mangled, i, depth)
            i = end
    return None


def _family_from_mangled(name: str) -> str | None:
    """The family read straight off the mangled name, for the common shapes
    `_ZN <names> [I <args> E] E ...` and `_Z <name> [I <args> E] ...`; None for anything else
    (the demangler then decides). On libcusparse this answers for nearly every kernel and
    skips demangling 10,000-character CUTLASS names."""
    if not name.startswith("_Z") or len(name) < 4:
        return None
    nested = name[2] == "N"
    i = 3 if nested else 2
    parts = []
    if nested and name.startswith("St", i):
        parts.append("std")
        i += 2
    while i < len(name) and name[i] in _ASCII_DIGITS:
        length = _DIGITS.match(name, i)  # _source_name_end's reading, its digits read once
        start = length.end()
        if start - i > _MAX_LENGTH_DIGITS:
            return None
        end = start + int(length.group())
        if end > len(name):
            return None
        part = name[start:end]
        if part.startswith("_GLOBAL__N"):
            return None  # anonymous namespaces: the demangler spells them
        parts.append(part)
        i = end
        if not nested:
            break
    if not parts or i >= len(name):
        return None
    if name[i] == "I":
        i = _skip_template_args_fast(name, i)
        if i is None or i > len(name):
            return None
        if nested and (i >= len(name) or name[i] != "E"):
            return None  # more of the name follows the template arguments: not this simple shape
    elif nested and name[i] != "E":
        return None
    return "::".join(parts)


# Wrapper templates: one kernel template that launches any operator class, so its name alone lumps
# unrelated kernels (onnxruntime-gpu's cutlass::Kernel: 8,376 kernels of every GEMM and convolution).
# When a wrapper's first template argument is a class template specialisation, the family is named
# after both: `cutlass::Kernel<cutlass::gemm::kernel::Gemm>`. docs/report.md lists these; to add
# a wrapper, add its qualified name here (the report cache's key covers this file).
WRAPPER_TEMPLATES = ("cutlass::Kernel", "cutlass::Kernel2", "cutlass::device_kernel")
_WRAPPERS = frozenset(WRAPPER_TEMPLATES)


@functools.lru_cache(maxsize=1 << 16)
def family_of(name: str) -> str:
    """Family of a (mangled) kernel name: drop template arguments, the parameter list and the
    return type from the demangled name; namespaces stay; a wrapper template is named after its
    operator's template too."""
    quick = _family_from_mangled(name)
    if quick is not None:
        family = strip_module_ids(quick)
        return _wrapped_family(name, family) if family in _WRAPPERS else family
    return _family_from_demangled(name)


def _first_template_argument(text: str, start: int) -> str:
    """The text of the template argument starting at `text[start]` (after '<'), up to the first ','
    or '>' at its own depth."""
    depth = 0
    for end in range(start, len(text)):
        ch = text[end]
        if ch == "<":
            depth += 1
        elif ch in ",>" and depth == 0:
            return text[start:end]
        elif ch == ">":
            depth -= 1
    return ""


def _wrapped_family(name: str, wrapper: str) -> str:
    """`wrapper<Template>` when the kernel's first template argument is a specialisation of the
    class template `Template`; else `wrapper`."""
    text = strip_module_ids(demangle(name))
    for original, placeholder in _PLACEHOLDERS.items():
        if original in text:
            text = text.replace(original, placeholder)
    at = text.find(wrapper + "<")
    if at < 0:
        return wrapper
    argument = _first_template_argument(text, at + len(wrapper) + 1).strip()
    if not argument.endswith(">") or "<" not in argument:
        return wrapper  # a plain class, a value or a member of a specialisation: not a template's name
    template = argument[:argument.index("<")]
    for original, placeholder in _PLACEHOLDERS.items():
        if placeholder in template:
            template = template.replace(placeholder, original)
    return f"{wrapper}<{template}>"


def _family_from_demangled(name: str) -> str:
    text = demangle(name)
    if text is name and name.startswith("_Z"):
        return strip_module_ids(name)  # undemanglable: the mangled name is its own family
    for original, placeholder in _PLACEHOLDERS.items():
        if original in text:
            text = text.replace(original, placeholder)
    text = _drop_groups(_drop_groups(text, _INNERMOST_ANGLE), _INNERMOST_PAREN).strip()
    for suffix in (" const", " volatile", " &&", " &"):
        if text.endswith(suffix):
            text = text[: -len(suffix)]
    text = text.rsplit(" ", 1)[-1]  # the return type of a function template comes first
    for original, placeholder in _PLACEHOLDERS.items():
        if placeholder in text:
            text = text.replace(placeholder, original)
    family = strip_module_ids(text or name)
    return _wrapped_family(name, family) if family in _WRAPPERS else family
