"""Where a spec's variant count comes from (`kfoot enumerate`, `kfoot enumerate --explain`):
axis sizes, what derived axes and excludes remove, and the nested type switch a spec's
dependent families replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .enumerate import enumerate_family

if TYPE_CHECKING:
    from .loader import Family, Spec


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
            entry.update(kind="derived", rule=axis.rule, sources=[*axis.sources, *axis.constants])
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
        "whole_spec": whole_spec(chosen, {r["family"]: r for r in rows}, groups),
    }


def whole_spec(families, rows: dict, groups: list[dict] = ()) -> dict:
    """The headline: every variant as written against what one nested switch per kernel over
    the same axes would instantiate. Families that declare one `nested` domain for one kernel
    in one group (a family split by accumulator type, say) were one switch: counted once. A
    group that holds both styles (the bundled library's `.nested` twins) is its dependent
    families as written against its nested families, as the groups table counts them."""
    compared = {g["group"]: g for g in groups}
    variants = sum(g["dependent"] for g in groups)
    nested, seen = sum(g["nested"] for g in groups), set()
    for family in families:
        if family.group in compared:
            continue
        variants += rows[family.name]["variants"]
        if family.nested_domain:
            switch = (family.group, family.kernel, tuple(sorted(family.nested_domain.items(), key=lambda i: i[0])))
            if switch in seen:
                continue
            seen.add(switch)
        nested += rows[family.name]["nested"]
    return {"variants": variants, "nested": nested, "ratio": round(nested / variants, 2) if variants else None}


def axis_factor(spec: "Spec", family: str, axis: str) -> int | None:
    """How much `axis` multiplies `family`'s count: its size if free, 1 if derived (a function
    of other axes adds no variants). None when the family has no such axis."""
    fam = spec.family(family)
    if axis not in fam.axes:
        return None
    return 1 if fam.axes[axis].derived else len(fam.axes[axis].values)
