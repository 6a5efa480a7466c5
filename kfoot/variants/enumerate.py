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
    from .loader import Family, Spec


def cpp_argument(value: object, table: dtypes.DTypeTable = dtypes.BUILTIN) -> str:
    """How an axis value is spelled as a template argument (dtype names as `table` spells them:
    the family's, which knows its spec's declared dtypes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value in table:
        return table.cpp(value)
    return str(value)


def format_template_id(kernel: str, args: tuple[str, ...] | list[str]) -> str:
    """The one canonical spelling: `ns::kernel<A, B, C>` (", " between arguments)."""
    return f"{kernel}<{', '.join(args)}>"


@dataclass(frozen=True, slots=True)
class Variant:
    family: str
    kernel: str
    args: tuple[str, ...]  # C++ template arguments, in parameter order
    values: tuple[tuple[str, object], ...]  # axis name -> kfoot value, in parameter order
    header: Path

    @property
    def template_id(self) -> str:
        return format_template_id(self.kernel, self.args)

    def to_dict(self) -> dict:
        """One entry of `kfoot enumerate --list --json`."""
        return {"family": self.family, "template_id": self.template_id, "values": dict(self.values)}


def make_variant(family: "Family", values: dict) -> Variant:
    """A variant from a full assignment of axis values (as `Family.derive` returns)."""
    ordered = tuple((p, values[p]) for p in family.params)
    return Variant(
        family=family.name,
        kernel=family.kernel,
        args=tuple(cpp_argument(v, family.dtypes) for _, v in ordered),
        values=ordered,
        header=family.header,
    )


def enumerate_family(family: "Family") -> list[Variant]:
    free = family.free_axes
    params = family.params
    # Spellings and derived values are computed once per distinct input, not per variant:
    # the bundled spec has ~46,000 variants and a no-op rebuild enumerates them all.
    spelled: dict[object, str] = {}
    derived_memo: dict[tuple, object] = {}
    derive_order = [(name, family.axes[name]) for name in family.derive_order]
    out: list[Variant] = []
    for combo in itertools.product(*(family.axes[a].values for a in free)):
        values = dict(zip(free, combo))
        for name, axis in derive_order:
            key = (name, *(values[src] for src in axis.sources))
            result = derived_memo.get(key, derived_memo)
            if result is derived_memo:
                result = derived_memo[key] = family._apply_rule(axis, values)
            values[name] = result
        if family.excludes and family.is_excluded(values):
            continue
        ordered = tuple((p, values[p]) for p in params)
        args = []
        for _, value in ordered:
            text = spelled.get((type(value), value))
            if text is None:
                text = spelled[(type(value), value)] = cpp_argument(value, family.dtypes)
            args.append(text)
        out.append(Variant(family=family.name, kernel=family.kernel, args=tuple(args), values=ordered,
                           header=family.header))
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
