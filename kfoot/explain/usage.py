"""Which of a binary's kernels a workload launched: usage names (kfoot.explain.usage_files)
matched to the kernels, exactly when mangled, by a normalised demangled form otherwise (with or
without the parameter list: Kineto and Nsight name kernels with it, kfoot's trace by template-id)."""

from __future__ import annotations

import re
from collections import Counter

from ..binary.cubin import Kernel
from ..memory.estimate import KERNEL_OVERHEAD
from ..report.families import demangle, strip_module_ids
from .model import UNMATCHED_LISTED, ArchUsage, Usage, UsageSource, stable_name

_SPACES = re.compile(r"\s+")
_NOT_BETWEEN_WORDS = re.compile(r" (?=\W)|(?<=\W) ")


def normalise(demangled: str) -> str:
    """A demangled name compared across demanglers and tools: module IDs and CCCL's versioned
    namespaces removed, a leading `void ` dropped, spaces kept only between two word characters."""
    text = _SPACES.sub(" ", strip_module_ids(demangled)).strip()
    if text.startswith("void "):
        text = text[5:]
    return _NOT_BETWEEN_WORDS.sub("", text)


def without_parameters(text: str) -> str:
    """`text` less its trailing parameter list `(...)`, when it has one."""
    if not text.endswith(")"):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            return text[:i] if i > 0 else text
    return text


def match_usage(kernels: list[Kernel], read: list[tuple[str, str, Counter]]) -> Usage:
    """`read`: (path, format, launches by name) per usage file."""
    exact: dict[str, str] = {}
    by_form: dict[str, set[str]] = {}
    for k in kernels:
        stable = stable_name(k.name)
        if stable in exact:
            continue
        exact[stable] = stable
        full = normalise(demangle(k.name))  # as written: a stable name may not demangle (families.demangle)
        for form in {full, without_parameters(full)}:
            by_form.setdefault(form, set()).add(stable)
    launched: set[str] = set()
    launches: Counter = Counter()
    unmatched: set[str] = set()
    sources = []
    for path, fmt, names in read:
        sources.append(UsageSource(path, fmt, len(names), sum(names.values())))
        for name, count in names.items():
            stable = strip_module_ids(name)
            found = {stable} if stable in exact else set()
            if not found:
                form = normalise(demangle(name))
                found = by_form.get(form) or by_form.get(without_parameters(form)) or set()
            if not found:
                unmatched.add(name)
            for kernel in found:
                launched.add(kernel)
                launches[kernel] += count
    listed = sorted(unmatched)[:UNMATCHED_LISTED]
    return Usage(sources, launched, launches, listed, len(unmatched))


def eager_bytes(kernel: Kernel) -> int:
    """What one kernel adds to the driver's code heap when its module loads eagerly (kfoot's
    model, kfoot.memory.estimate): its code, its constant bank 0 and the per-kernel overhead.
    Under lazy loading a kernel never launched never loads: 0."""
    return kernel.code_bytes + kernel.constant_bytes + KERNEL_OVERHEAD


def apply_usage(family, kernels: list[Kernel], usage: Usage) -> None:
    """Set `family.usage` and each arch's (kfoot.explain.model.ArchUsage): distinct kernels per
    arch, a name in several images of one arch counted once."""
    total = ArchUsage()
    by_arch: dict[str, dict[str, Kernel]] = {}
    for k in kernels:
        by_arch.setdefault(k.arch, {}).setdefault(stable_name(k.name), k)
    for arch_family in family.archs:
        counts = ArchUsage()
        for name, k in by_arch.get(arch_family.arch, {}).items():
            if name in usage.launched:
                counts.launched += 1
                counts.launched_bytes += k.code_bytes
            else:
                counts.never_launched += 1
                counts.never_launched_bytes += k.code_bytes
                counts.never_launched_eager_bytes += eager_bytes(k)
        arch_family.usage = counts
        total.launched_bytes += counts.launched_bytes
        total.never_launched_bytes += counts.never_launched_bytes
        total.never_launched_eager_bytes += counts.never_launched_eager_bytes
    names = {n for per_arch in by_arch.values() for n in per_arch}
    total.launched = len(names & usage.launched)
    total.never_launched = len(names) - total.launched
    family.usage = total
