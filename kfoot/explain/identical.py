"""Identical code: kernels whose code fingerprints (kfoot.binary.cubin, computed in the report's
workers) are equal within one arch, the bytes folding each group to one kernel would save, and,
per family, the values of an axis that never change the code."""

from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations

from ..binary.cubin import Kernel
from .model import Collapse, IdenticalGroup, stable_name

MAX_PAIRED_VALUES = 64  # an axis with more values is not searched pair by pair (quadratic)


def identical_groups(kernels: list[Kernel]) -> list[IdenticalGroup]:
    """Groups of two or more distinct kernel names (module IDs removed) with one fingerprint in
    one arch; a name in several images of an arch (a duplicate, the report's) counts once.
    Sorted by bytes saved (descending), then arch and first name."""
    # Only a kernel whose (arch, fingerprint) another one shares can be in a group: the others are
    # not named (stable_name; most of libcusparse's 63,832 kernels, named in the parent only here).
    keys = [(k.arch, k.code_digest) for k in kernels]
    shared = Counter(keys)
    by_code: dict[tuple[str, str], dict[str, int]] = defaultdict(dict)
    for k, key in zip(kernels, keys):
        if shared[key] > 1 and key[1]:
            by_code[key].setdefault(stable_name(k.name), k.code_bytes)
    groups = []
    for (arch, _digest), members in by_code.items():
        if len(members) > 1:
            names = sorted(members)
            groups.append(IdenticalGroup(arch, names, members[names[0]], members[names[0]] * (len(names) - 1)))
    groups.sort(key=lambda g: (-g.saved_bytes, g.arch, g.kernels[0]))
    return groups


def family_groups(families, groups: list[IdenticalGroup]) -> None:
    """Each family's identical groups: the part of every group in it, when two or more kernels."""
    owner = {name: family for family in families for name in family.kernel_names}
    for group in groups:
        parts: dict[int, list[str]] = defaultdict(list)
        for name in group.kernels:
            parts[id(owner[name])].append(name)
        for names in parts.values():
            if len(names) > 1:
                owner[names[0]].identical_groups.append(
                    IdenticalGroup(group.arch, names, group.code_bytes, group.code_bytes * (len(names) - 1)))
    for family in families:
        family.identical_groups.sort(key=lambda g: (-g.saved_bytes, g.arch, g.kernels[0]))


def collapses(rows: dict[str, tuple[str, ...]], digests: dict[tuple[str, str], str], width: int) -> list[list[Collapse]]:
    """Per axis position: the sets of values that give one fingerprint wherever the kernels differ
    only there, in every arch and for every other argument list where two or more of them meet.
    `rows`: a kernel name's arguments; `digests`: (arch, name) -> fingerprint."""
    out = []
    in_order = [rows[name] for name in sorted(rows)]  # the axes' value order
    # Each argument list's fingerprint in every arch, as one tuple over `archs` (None: not built
    # there; the last of `digests` wins): the other arguments at a position are cut, and numbered,
    # once per list, and two values' fingerprints are compared in all archs at once.
    archs = sorted({arch for arch, _name in digests})
    column = {arch: i for i, arch in enumerate(archs)}
    by_arch: dict[tuple[str, ...], list] = {}
    for (arch, name), digest in digests.items():
        by_arch.setdefault(rows[name], [None] * len(archs))[column[arch]] = digest
    coded = [(args, tuple(found), len(archs) - found.count(None)) for args, found in by_arch.items()]
    for position in range(width):
        values = list(dict.fromkeys(args[position] for args in in_order))
        if len(values) < 2 or len(values) > MAX_PAIRED_VALUES:
            out.append([])  # one value: nothing to collapse; too many: not searched
            continue
        # the other arguments' number -> value at `position` -> (fingerprints, archs built in)
        contexts: dict[int, dict[str, tuple]] = defaultdict(dict)
        numbers: dict[tuple[str, ...], int] = {}
        for args, found, built in coded:
            others = numbers.setdefault(args[:position] + args[position + 1:], len(numbers))
            contexts[others][args[position]] = (found, built)
        # per pair of values: the kernel pairs (one per arch) that differ only there, and of
        # those, the ones with one fingerprint
        same, met = defaultdict(int), defaultdict(int)
        for found in contexts.values():
            if len(found) < 2:
                continue
            for a, b in combinations(sorted(found), 2):
                (digests_a, built_a), (digests_b, built_b) = found[a], found[b]
                if digests_a == digests_b:  # the same archs, the same code in each
                    meetings = equal = built_a
                else:
                    meetings = equal = 0
                    for x, y in zip(digests_a, digests_b):
                        if x is not None and y is not None:
                            meetings += 1
                            equal += x == y
                if meetings:
                    met[(a, b)] += meetings
                    same[(a, b)] += equal
        parent = {v: v for v in values}

        def root(v):
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for pair, count in met.items():
            if same[pair] == count:
                parent[root(pair[0])] = root(pair[1])
        classes: dict[str, list[str]] = defaultdict(list)
        for v in values:
            classes[root(v)].append(v)
        # joined through a third value, two members may still differ where they meet: not a collapse
        out.append([Collapse(members, sum(met.get(p, 0) for p in pairs))
                    for members in classes.values() if len(members) > 1
                    for pairs in [list(combinations(sorted(members), 2))]
                    if all(same.get(p, 0) == met.get(p, 0) for p in pairs)])
    return out
