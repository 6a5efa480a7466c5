"""The explanation: typed records `kfoot explain` computes and kfoot.explain.explain_json writes."""

from __future__ import annotations

from dataclasses import dataclass, field


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

    @property
    def foldable_bytes(self) -> int:
        return sum(g.saved_bytes for g in self.identical_groups)

    @property
    def dense(self) -> bool:
        return self.instantiations == self.grid


@dataclass(slots=True)
class Explanation:
    paths: list[str]
    kernels: int = 0
    families: list[FamilyExplanation] = field(default_factory=list)
    identical_groups: list[IdenticalGroup] = field(default_factory=list)  # across families too

    @property
    def foldable_bytes(self) -> int:
        return sum(g.saved_bytes for g in self.identical_groups)
