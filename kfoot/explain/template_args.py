"""A kernel's template arguments, read from its demangled name: one string per argument of the
family's template (for a wrapper family `W<T>`, of the operator template `T`)."""

from __future__ import annotations

import re

from ..report.families import demangle, strip_module_ids

# Operators whose brackets are not template brackets, hidden while the arguments are split.
_OPERATORS = ("operator<<=", "operator>>=", "operator<=>", "operator->*", "operator<<", "operator>>",
              "operator<=", "operator>=", "operator->", "operator<", "operator>")
_HIDDEN = {text: chr(0xE100 + i) for i, text in enumerate(_OPERATORS)}  # private-use characters


def _hide(text: str) -> str:
    if "operator" not in text:  # one scan instead of one per operator: nearly every name
        return text
    for original, placeholder in _HIDDEN.items():
        if original in text:
            text = text.replace(original, placeholder)
    return text


def _show(text: str) -> str:
    for original, placeholder in _HIDDEN.items():
        if placeholder in text:
            text = text.replace(placeholder, original)
    return text


_PUNCTUATION = re.compile(r"[<>(),]")


def split_arguments(text: str, start: int) -> list[str] | None:
    """`text[start]` follows a '<': the arguments up to its matching '>', split at their own
    depth's commas, or None when the brackets do not close."""
    args, depth, begin = [], 0, start
    for match in _PUNCTUATION.finditer(text, start):  # only brackets and commas: C-speed skipping
        i, ch = match.start(), match.group()
        if ch in "<(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == ">":
            if depth == 0:
                args.append(text[begin:i].strip())
                return [] if args == [""] else args
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(text[begin:i].strip())
            begin = i + 1
    return None


def template_arguments(mangled: str, family: str) -> tuple[str, ...]:
    """The arguments of `family`'s template in the kernel `mangled`, demangled, CCCL's versioned
    namespaces and nvcc's module IDs removed; () for a kernel that is not a template."""
    text = _hide(strip_module_ids(demangle(mangled)))
    wrapper, _, operator = family.partition("<")
    at = text.find(_hide(wrapper) + "<")
    if at < 0:
        return ()
    args = split_arguments(text, at + len(_hide(wrapper)) + 1)
    if args is None:
        return ()
    if operator:  # a wrapper family W<T>: the axes are T's arguments
        first = args[0] if args else ""
        inner = first.find("<")
        args = split_arguments(first, inner + 1) if inner >= 0 else None
        if args is None:
            return ()
    if not any(placeholder in text for placeholder in _HIDDEN.values()):
        return tuple(args)  # nothing hidden to show again: nearly every name
    return tuple(_show(a) for a in args)
