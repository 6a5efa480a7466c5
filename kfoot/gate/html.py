"""`kfoot diff --format html`: the diff on kfoot.report.html's page (its script draws both),
from the typed ReportDiff: the families as a treemap of NEW's kernel code coloured by what grew
or shrank, and the tables of totals, families, archs and kinds."""

from __future__ import annotations

from ..report.families import demangle
from ..report.html import KERNELS_PER_FAMILY, page, short_name, tree_node
from .diff import Change, GroupChange, ReportDiff


def direction(family: GroupChange) -> str:
    """grew, shrank, added, removed or unchanged: what the diff page colours a family by (code
    bytes first, kernels when the code did not move)."""
    if family.status in ("added", "removed", "unchanged"):
        return family.status
    key = family.delta("code_bytes") or family.delta("kernels")
    return "grew" if key > 0 else "shrank" if key < 0 else "unchanged"


def _change(change: Change | None) -> list[int]:
    return [change.base, change.new, change.delta] if change is not None else [0, 0, 0]


def _groups(groups: list[GroupChange]) -> list[list]:
    return [[g.name, g.status, *_change(g.figures.get("stored_bytes")), *_change(g.figures.get("image_bytes"))]
            for g in groups]


def diff_payload(diff: ReportDiff) -> dict:
    families = diff.families
    tree_children = [tree_node(f.name, f.figures["code_bytes"].new, "family", s=direction(f), d=f.delta("code_bytes"))
                     for f in families]
    tree = tree_node("kernel code in NEW", sum(c["v"] for c in tree_children), "root", tree_children)
    kernel_changes = [[f.name, way, short_name(demangle(name))] for f in families
                      for way in ("added", "removed") for name in (getattr(f, f"kernels_{way}") or [])[:KERNELS_PER_FAMILY]]
    return {
        "page": "diff",
        "title": f"kfoot diff: {diff.base_label} → {diff.new_label}",
        "base": diff.base_label, "new": diff.new_label, "zero": diff.is_zero,
        "totals": [[key, *_change(change)] for key, change in diff.totals.items()],
        "families": [[f.name, direction(f), *_change(f.figures.get("kernels")), *_change(f.figures.get("code_bytes"))]
                     for f in families],
        "archs": _groups(diff.archs),
        "kinds": _groups(diff.kinds),
        "kernel_changes": kernel_changes,
        "tree": tree,
        "limits": {"kernels_per_family": KERNELS_PER_FAMILY},
    }


def diff_html(diff: ReportDiff) -> str:
    """The page for a diff."""
    return page(diff_payload(diff))
