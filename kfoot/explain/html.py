"""`kfoot explain --format html`: the report's self-contained page (kfoot.report.html.page: inline
script allowed by its hash only, data in an escaped JSON block, names written with textContent)
with the explanation's families; with `--usage`, a treemap and table coloured by launched and
never-launched kernels. Built from the typed Explanation; the page only lays it out."""

from __future__ import annotations

from ..report.html import page, short_name, tree_node
from .model import Explanation, FamilyExplanation
from .render import _driver, _shape

FAMILY_ROWS = 2000  # families in the table; the JSON has them all
TREE_FAMILIES = 200  # families drawn in the treemap; the rest one "other" rectangle


def _status(family: FamilyExplanation) -> str:
    """A family's row colour: every distinct kernel launched, none, or some."""
    if family.usage is None:
        return ""
    if not family.usage.launched:
        return "never-launched"
    return "launched" if not family.usage.never_launched else "partly-launched"


def _family_node(family: FamilyExplanation) -> dict:
    """A family's rectangle: its code bytes; with usage split into the launched kernels' code and
    the never-launched kernels' (the two add up to its code bytes, every arch)."""
    usage = family.usage
    if usage is None:
        return tree_node(family.name, family.code_bytes, "family")
    parts = [tree_node(f"launched: {usage.launched:,} kernels", usage.launched_bytes, "usage", s="launched"),
             tree_node(f"never launched: {usage.never_launched:,} kernels", usage.never_launched_bytes, "usage",
                       s="never-launched")]
    return tree_node(family.name, family.code_bytes, "family", parts, s=_status(family) or None)


def _tree(explanation: Explanation) -> dict:
    families = explanation.families
    shown, rest = families[:TREE_FAMILIES], families[TREE_FAMILIES:]
    children = [_family_node(f) for f in shown]
    if rest:
        children.append(tree_node(f"other: {len(rest):,} smaller families", sum(f.code_bytes for f in rest), "other"))
    return tree_node(f"{explanation.kernels:,} kernels in {len(families):,} families",
                     sum(c["v"] for c in children), "root", children)


def explain_payload(explanation: Explanation) -> dict:
    with_usage = explanation.usage is not None
    rows = []
    for f in explanation.families[:FAMILY_ROWS]:
        row = [short_name(f.name), f.kernels, f.distinct_kernels, f.code_bytes, _shape(f), f.instantiations, f.grid,
               "dense" if f.dense else "sparse", _driver(f), f.foldable_bytes]
        if with_usage:
            row += [f.usage.launched, f.usage.never_launched, f.usage.never_launched_bytes,
                    f.usage.never_launched_eager_bytes, _status(f)]
        rows.append(row)
    payload = {
        "page": "explain",
        "title": "kfoot explain: " + (explanation.paths[0] if len(explanation.paths) == 1 else
                                      f"{len(explanation.paths)} files"),
        "kernels": explanation.kernels,
        "families": rows, "family_count": len(explanation.families),
        "foldable_bytes": explanation.foldable_bytes,
        "identical_groups": len(explanation.identical_groups),
        "tree": _tree(explanation),
        "usage": None,
    }
    if with_usage:
        families = explanation.families
        payload["usage"] = {
            "files": [[s.path, s.format, s.names, s.launches] for s in explanation.usage.sources],
            "summary": [["kernels launched", sum(f.usage.launched for f in families)],
                        ["kernels never launched", sum(f.usage.never_launched for f in families)],
                        ["launched kernels' code bytes", sum(f.usage.launched_bytes for f in families)],
                        ["never-launched kernels' code bytes", sum(f.usage.never_launched_bytes for f in families)],
                        ["never-launched: context memory, eager loading", sum(f.usage.never_launched_eager_bytes for f in families)],
                        ["never-launched: context memory, lazy loading", 0],
                        ["names that match no kernel", explanation.usage.unmatched_count]],
            "unmatched": [[short_name(n)] for n in explanation.usage.unmatched],
        }
    return payload


def explain_html(explanation: Explanation) -> str:
    return page(explain_payload(explanation))
