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


# -- counting and explaining (`kfoot enumerate`) -----------------------------------------------


def _format(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def summarize_family(family: "Family") -> dict:
    """Where a family's variant count comes from: axis sizes, and what derived axes and
    excludes removed compared with crossing every parameter."""
    variants = len(enumerate_family(family))
    cross = family.cross_count()
    nested = family.nested_count()
    axes = []
    for name, axis in family.axes.items():
        entry = {"name": name, "size": len(family.axis_values(name)), "nested_size": len(family.nested_values(name))}
        if axis.derived:
            entry.update(kind="derived", rule=axis.rule, sources=list(axis.sources))
        else:
            entry.update(kind="typeset" if axis.typeset else "list", typeset=axis.typeset)
        entry["values"] = [_format(v) for v in family.axis_values(name)]
        axes.append(entry)
    return {
        "name": family.name,
        "group": family.group,
        "style": family.style,
        "kernel": family.kernel,
        "header": str(family.header),
        "variants": variants,
        "cross": cross,
        "nested": nested,
        "removed_by_derived": nested - cross,
        "removed_by_excludes": cross - variants,
        "axes": axes,
    }


def _driver(summary: dict) -> dict:
    """The axis contributing the largest factor to the nested count (first one on ties)."""
    best = max(summary["axes"], key=lambda a: a["nested_size"])
    return {"axis": best["name"], "factor": best["nested_size"]}


def explain_spec(spec: "Spec", families: list[str] | None = None) -> dict:
    """Family by family: the nested-switch count against the dependent count and what drives
    the growth; group by group: the nested families' total against the dependent ones'."""
    chosen = spec.select(families) if families else spec.families
    rows = []
    for family in chosen:
        s = summarize_family(family)
        derived = [a["name"] for a in s["axes"] if a["kind"] == "derived"]
        rows.append({
            "family": s["name"],
            "group": s["group"],
            "style": s["style"],
            "nested": s["nested"],
            "variants": s["variants"],
            "ratio": round(s["nested"] / s["variants"], 2) if s["variants"] else None,
            "driver": _driver(s),
            "derived_axes": derived,
            "axes": {a["name"]: a["nested_size"] for a in s["axes"]},
        })
    groups = []
    for group in dict.fromkeys(r["group"] for r in rows):
        members = [r for r in rows if r["group"] == group]
        nested = sum(r["variants"] for r in members if r["style"] == "nested")
        dependent = sum(r["variants"] for r in members if r["style"] == "dependent")
        if not nested or not dependent:
            continue
        # The nested family's biggest axes are the ones the dependent families stopped
        # switching over; name the largest one that a dependent family derives or narrows.
        nested_rows = [r for r in members if r["style"] == "nested"]
        dep_rows = [r for r in members if r["style"] == "dependent"]
        growth = []
        for axis, size in nested_rows[0]["axes"].items():
            factors = [f for f in (axis_factor(spec, r["family"], axis) for r in dep_rows) if f is not None]
            if factors and max(factors) < size:
                growth.append({"axis": axis, "nested_factor": size, "dependent_factor": max(factors),
                               "saving": round(size / max(factors), 2)})
        growth.sort(key=lambda g: -g["saving"])
        groups.append({
            "group": group,
            "nested": nested,
            "dependent": dependent,
            "ratio": round(nested / dependent, 2),
            "nested_families": [r["family"] for r in nested_rows],
            "dependent_families": [r["family"] for r in dep_rows],
            "growth_axes": growth,
        })
    total_nested = sum(g["nested"] for g in groups)
    total_dependent = sum(g["dependent"] for g in groups)
    return {
        "spec": str(spec.path),
        "families": rows,
        "groups": groups,
        "totals": {
            "nested": total_nested,
            "dependent": total_dependent,
            "ratio": round(total_nested / total_dependent, 2) if total_dependent else None,
        },
    }


def axis_factor(spec: "Spec", family: str, axis: str) -> int | None:
    """How much `axis` multiplies `family`'s count: its size if free, 1 if derived (a function
    of other axes adds no variants). None when the family has no such axis."""
    fam = spec.family(family)
    if axis not in fam.axes:
        return None
    return 1 if fam.axes[axis].derived else len(fam.axes[axis].values)
