"""Kernel names: demangling, and the family a kernel belongs to.

A family is the kernel's template name without template arguments, namespaces kept:
`void kfoot::binary_kernel<kfoot::op::Add, float>(float const*, ...)` -> `kfoot::binary_kernel`.

Demangling uses cpp_demangle (the Rust cpp_demangle crate): on libcusparse's 6,247 distinct
kernel names it demangled all, where libstdc++'s __cxa_demangle (c++filt, cxxfilt) rejects 312
deep CUTLASS names.
"""

from __future__ import annotations

import functools
import re

import cpp_demangle

# nvcc names a translation unit by a module ID whose first 8 hex digits change with the build
# folder: `__nv_static_25__edfb10f1_4_t_cu_d589cb60__Z8static_kPf` (static kernels in -rdc code),
# `_GLOBAL__N__edfb10f1_4_t_cu_d589cb60` (anonymous namespaces, when left mangled). The same
# kernel built elsewhere must land in the same family, so families drop those IDs.
_MODULE_ID_PATTERNS = (
    (re.compile(r"__nv_static_\d+__[0-9a-f]{8}_\d+_(\w+?)_[0-9a-f]{8}__"), r"__nv_static__\1__"),
    (re.compile(r"_GLOBAL__N__[0-9a-f]{8}_\d+_(\w+?)_[0-9a-f]{8}"), r"_GLOBAL__N__\1"),
)


def strip_module_ids(name: str) -> str:
    """A name with nvcc's per-build module IDs removed."""
    for pattern, replacement in _MODULE_ID_PATTERNS:
        name = pattern.sub(replacement, name)
    return name


# Names whose brackets are not grouping: protected by placeholders while groups are removed.
_PROTECTED = ("(anonymous namespace)", "operator<<=", "operator>>=", "operator<=>", "operator->*",
              "operator<<", "operator>>", "operator<=", "operator>=", "operator->", "operator<",
              "operator>", "operator()")
_PLACEHOLDERS = {text: chr(0xE000 + i) for i, text in enumerate(_PROTECTED)}  # private-use characters
_INNERMOST_ANGLE = re.compile(r"<[^<>]*>")
_INNERMOST_PAREN = re.compile(r"\([^()]*\)")


@functools.lru_cache(maxsize=1 << 16)
def demangle(name: str) -> str:
    """The demangled name, or the name itself when it is not an Itanium-mangled C++ name."""
    if not name.startswith("_Z"):
        return name
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


@functools.lru_cache(maxsize=1 << 16)
def family_of(name: str) -> str:
    """Family of a (mangled) kernel name: drop template arguments, the parameter list and the
    return type from the demangled name; namespaces stay."""
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
    return strip_module_ids(text or name)
