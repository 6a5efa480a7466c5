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


_OPEN = {"<": ">", "(": ")", "[": "]"}
_CLOSE = {v: k for k, v in _OPEN.items()}


@functools.lru_cache(maxsize=1 << 16)
def demangle(name: str) -> str:
    """The demangled name, or the name itself when it is not an Itanium-mangled C++ name."""
    if not name.startswith("_Z"):
        return name
    try:
        return cpp_demangle.demangle(name)
    except Exception:  # the binding raises a bare Exception for names it cannot parse
        return name


def _strip_trailing_group(text: str, closer: str) -> str:
    """Drop the balanced (...) or <...> group that ends `text`."""
    if not text.endswith(closer):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if ch in _CLOSE:
            depth += 1
        elif ch in _OPEN:
            depth -= 1
            if depth == 0:
                return text[:i]
    return text


def _drop_template_args(text: str) -> str:
    """Remove every <...> group at any level of the qualified name, keep `operator<` names intact."""
    out = []
    depth = 0
    i = 0
    while i < len(text):
        if text.startswith("operator", i) and depth == 0:
            # operator<, operator<<, operator<=>, operator() : keep the operator token as written
            j = i + len("operator")
            while j < len(text) and text[j] in "<>=!+-*/%^&|~()[],":
                j += 1
            out.append(text[i:j])
            i = j
            continue
        ch = text[i]
        if ch == "<":
            depth += 1
        elif ch == ">" and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
        i += 1
    return "".join(out)


def _drop_return_type(text: str) -> str:
    """`void ns::f` -> `ns::f`: the name is what follows the last space outside brackets."""
    depth = 0
    cut = 0
    for i, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif ch == " " and depth == 0 and not text.startswith("operator", max(0, i - 8)):
            cut = i + 1
    return text[cut:]


@functools.lru_cache(maxsize=1 << 16)
def family_of(name: str) -> str:
    """Family of a (mangled) kernel name."""
    text = demangle(name)
    if text is name and name.startswith("_Z"):
        return strip_module_ids(name)  # undemanglable: the mangled name is its own family
    text = text.strip()
    for suffix in (" const", " volatile", " &", " &&"):
        if text.endswith(suffix):
            text = text[: -len(suffix)]
    text = _strip_trailing_group(text, ")")
    text = _drop_return_type(text)
    return strip_module_ids(_drop_template_args(text).strip() or name)
