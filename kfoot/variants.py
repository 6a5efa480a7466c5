"""Variants: one concrete instantiation of a family's kernel template, and their enumeration.

Enumeration walks the free axes in the order the spec lists them (the order a nested switch
would nest), fills the derived axes, and drops excluded combinations. The result is stable
for a given spec, so shard assignment and manifests are reproducible.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import dtypes

if TYPE_CHECKING:
    from .spec import Family, Spec


def cpp_argument(value: object) -> str:
    """How an axis value is spelled as a template argument."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value in dtypes.DTYPES:
        return dtypes.cpp_type(value)
    return str(value)


def format_template_id(kernel: str, args: tuple[str, ...] | list[str]) -> str:
    """The one canonical spelling: `ns::kernel<A, B, C>` (", " between arguments)."""
    return f"{kernel}<{', '.join(args)}>"


@dataclass(frozen=True)
class Variant:
    family: str
    kernel: str
    args: tuple[str, ...]  # C++ template arguments, in parameter order
    values: tuple[tuple[str, object], ...]  # axis name -> kfoot value, in parameter order
    header: Path

    @property
    def template_id(self) -> str:
        return format_template_id(self.kernel, self.args)

    @property
    def value_dict(self) -> dict[str, object]:
        return dict(self.values)

    def to_dict(self) -> dict:
        return {
            "family": self.family,
            "template_id": self.template_id,
            "values": {k: v for k, v in self.values},
            "header": str(self.header),
        }


def make_variant(family: "Family", values: dict) -> Variant:
    """A variant from a full assignment of axis values (as `Family.derive` returns)."""
    ordered = tuple((p, values[p]) for p in family.params)
    return Variant(
        family=family.name,
        kernel=family.kernel,
        args=tuple(cpp_argument(v) for _, v in ordered),
        values=ordered,
        header=family.header,
    )


def enumerate_family(family: "Family") -> list[Variant]:
    free = family.free_axes
    out: list[Variant] = []
    for combo in itertools.product(*(family.axes[a].values for a in free)):
        values = dict(zip(free, combo))
        for name in family.derive_order:
            values[name] = family._apply_rule(family.axes[name], values)
        if family.excludes and family.is_excluded(values):
            continue
        out.append(make_variant(family, values))
    return out


def enumerate_spec(spec: "Spec", families: list[str] | None = None) -> list[Variant]:
    """Every variant of the spec (or of the named families / glob patterns), in spec order."""
    chosen = spec.select(families) if families else spec.families
    out: list[Variant] = []
    for family in chosen:
        out.extend(enumerate_family(family))
    return out


def unique_by_template_id(variants: list[Variant]) -> tuple[list[Variant], list[Variant]]:
    """Split into first occurrences and repeats of the same template-id (two families may
    instantiate the same kernel; compiling it twice would only duplicate it in the binary)."""
    seen: set[str] = set()
    unique, repeats = [], []
    for v in variants:
        (repeats if v.template_id in seen else unique).append(v)
        seen.add(v.template_id)
    return unique, repeats
