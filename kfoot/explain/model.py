"""The explanation: typed records `kfoot explain` computes and kfoot.explain.explain_json writes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..report.families import stable_name  # noqa: F401 (explain's modules take it from here)


@dataclass(slots=True)
class Collapse:
    """Values of one axis that never change the code: wherever kernels differ only in this
    argument, among these values, their fingerprints are equal (in every arch)."""

    values: list[str]
    pairs: int  # the kernel pairs that showed it (differing only there, same arch)


@dataclass(slots=True)
class Axis:
    """One template argument position of a family and the values its kernels take there."""

    position: int  # 0-based, in the template's argument list
    values: list[str]  # distinct, in the order first met in the kernels sorted by name
    multiplies: bool = False  # more than one value: the axis multiplies the family's count
    collapses: list[Collapse] = field(default_factory=list)

    @property
    def never_changes_code(self) -> bool:
        """Every value of a multiplying axis in one collapsing set."""
        return self.multiplies and any(len(c.values) == len(self.values) for c in self.collapses)


@dataclass(slots=True)
class IdenticalGroup:
    """Distinct kernels of one arch whose code is identical: one could serve for all."""

    arch: str
    kernels: list[str]  # mangled names, module IDs removed, sorted
    code_bytes: int  # each one's
    saved_bytes: int  # folding the group to one kernel: code_bytes × (kernels - 1)


@dataclass(slots=True)
class ArchFamily:
    """A family's instantiations in the images of one arch."""

    arch: str
    kernels: int  # kernel entries
    instantiations: int  # distinct argument lists
    usage: "ArchUsage | None" = None  # with --usage


@dataclass(slots=True)
class ArchUsage:
    """Launched and never-launched distinct kernels of a family in one arch (with --usage)."""

    launched: int = 0
    never_launched: int = 0
    launched_bytes: int = 0  # code
    never_launched_bytes: int = 0
    never_launched_eager_bytes: int = 0  # context memory they take under eager loading (kfoot.explain.usage.eager_bytes)


@dataclass(slots=True)
class FamilyExplanation:
    name: str
    kernels: int = 0  # kernel entries, every arch
    distinct_kernels: int = 0  # distinct names (module IDs removed)
    code_bytes: int = 0
    axes: list[Axis] = field(default_factory=list)
    grid: int = 1  # the product of the axes' sizes
    instantiations: int = 0  # distinct argument lists present
    driver: int | None = None  # position of the largest axis (the first on ties); None: no axis multiplies
    archs: list[ArchFamily] = field(default_factory=list)
    identical_groups: list[IdenticalGroup] = field(default_factory=list)
    usage: ArchUsage | None = None  # with --usage: over every arch
    kernel_names: list[str] = field(default_factory=list)  # distinct, module IDs removed, sorted (not in the JSON)
    kernel_arguments: dict[str, tuple[str, ...]] = field(default_factory=dict)  # kernel_names' template arguments (not in the JSON)

    @property
    def foldable_bytes(self) -> int:
        return sum(g.saved_bytes for g in self.identical_groups)

    @property
    def dense(self) -> bool:
        return self.instantiations == self.grid


UNMATCHED_LISTED = 1000  # unmatched usage names listed; the rest counted


@dataclass(slots=True)
class UsageSource:
    path: str
    format: str
    names: int  # distinct names in it
    launches: int


@dataclass(slots=True)
class Usage:
    sources: list[UsageSource]
    launched: set[str]  # stable mangled names of the binary's kernels launched
    launches: Counter  # stable mangled name -> launches
    unmatched: list[str] = field(default_factory=list)  # at most UNMATCHED_LISTED, sorted
    unmatched_count: int = 0


@dataclass(slots=True)
class Explanation:
    paths: list[str]
    kernels: int = 0
    families: list[FamilyExplanation] = field(default_factory=list)
    identical_groups: list[IdenticalGroup] = field(default_factory=list)  # across families too
    usage: Usage | None = None  # with --usage (kfoot.explain.usage)
    what_if_rtc: object | None = None  # kfoot.explain.whatif.RtcWhatIf, with --what-if
    what_if_archs: object | None = None  # kfoot.explain.whatif.ArchsWhatIf, with --what-if-archs

    @property
    def foldable_bytes(self) -> int:
        return sum(g.saved_bytes for g in self.identical_groups)
