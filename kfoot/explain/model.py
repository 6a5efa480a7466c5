"""The explanation: typed records `kfoot explain` computes and kfoot.explain.explain_json writes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Axis:
    """One template argument position of a family and the values its kernels take there."""

    position: int  # 0-based, in the template's argument list
    values: list[str]  # distinct, in the order first met in the kernels sorted by name
    multiplies: bool = False  # more than one value: the axis multiplies the family's count


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

    @property
    def dense(self) -> bool:
        return self.instantiations == self.grid


@dataclass(slots=True)
class Explanation:
    paths: list[str]
    kernels: int = 0
    families: list[FamilyExplanation] = field(default_factory=list)
