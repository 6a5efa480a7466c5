"""Axes of a family: each template argument position, its distinct values, the grid their
product spans against the instantiations present, and the axis that drives the count (the
largest, as `kfoot enumerate --explain` names a spec's)."""

from __future__ import annotations

from collections import defaultdict

from ..binary.cubin import Kernel
from .identical import collapses
from .model import ArchFamily, Axis, FamilyExplanation, stable_name
from .template_args import template_arguments

ABSENT = "(none)"  # the value at a position a kernel's argument list does not reach (variadic templates)


def explain_family(name: str, kernels: list[Kernel]) -> FamilyExplanation:
    """The family `name` from its kernels (loaded copies, every arch)."""
    family = FamilyExplanation(name, kernels=len(kernels), code_bytes=sum(k.code_bytes for k in kernels))
    stable = {k.name: stable_name(k.name) for k in kernels}
    distinct = sorted(set(stable.values()))
    family.distinct_kernels = len(distinct)
    family.kernel_names = distinct
    # Arguments are read from a name as nvcc wrote it (module IDs dropped after demangling): a
    # stable name's shortened anonymous namespace no longer demangles (kfoot.report.families.demangle).
    written = {}
    for k in kernels:
        written.setdefault(stable[k.name], k.name)
    args = family.kernel_arguments = {n: template_arguments(written[n], name) for n in distinct}
    width = max((len(a) for a in args.values()), default=0)
    rows = {n: a + (ABSENT,) * (width - len(a)) for n, a in args.items()}
    for position in range(width):
        values = list(dict.fromkeys(rows[n][position] for n in distinct))
        family.axes.append(Axis(position, values, multiplies=len(values) > 1))
    for axis in family.axes:
        family.grid *= len(axis.values)
    family.instantiations = len(set(rows.values()))
    multiplying = [a for a in family.axes if a.multiplies]
    if multiplying:
        family.driver = max(multiplying, key=lambda a: len(a.values)).position
    by_arch: dict[str, list[Kernel]] = defaultdict(list)
    for k in kernels:
        by_arch[k.arch].append(k)
    family.archs = [ArchFamily(arch, len(ks), len({rows[stable[k.name]] for k in ks}))
                    for arch, ks in sorted(by_arch.items())]
    digests = {(k.arch, stable[k.name]): k.code_digest for k in kernels if k.code_digest}
    for axis, found in zip(family.axes, collapses(rows, digests, width)):
        axis.collapses = found
    return family
