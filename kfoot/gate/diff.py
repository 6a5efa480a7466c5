"""What changed between two footprint reports: `diff_reports(base, new)`, the heart of `kfoot diff`
and `kfoot gate`.

Each side is a typed Report (kfoot.report.load reads a report JSON or analyses a binary). The
result is a `ReportDiff`: changes in totals and per family, arch and kind. Only figures that
depend on the device code are compared (counts and sizes, never paths, tool versions or module
IDs), so two builds of the same sources diff to zero. A figure or group a report JSON lacks
(`Figures.absent`) is compared only where both sides have it, and a group the totals lack is
summed over the files.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..report.families import demangle, strip_module_ids
from ..report.model import Report
from ..report.report_json import ARCH_METRICS, FAMILY_METRICS, KERNEL_RESOURCES, KIND_METRICS, TOTAL_METRICS

SCHEMA = "kfoot.diff/2"

__all__ = ["ARCH_METRICS", "FAMILY_METRICS", "KERNEL_RESOURCES", "KIND_METRICS", "SCHEMA", "TOTAL_METRICS",
           "Change", "GroupChange", "ReportDiff", "diff_reports", "kernel_resources"]


# ---------------------------------------------------------------------------------------------
# Comparable figures


def stable_family_name(name: str) -> str:
    """The family name with nvcc's per-build module IDs removed (reports made before families
    dropped them carry the IDs)."""
    return strip_module_ids(name)


def stable_kernel_key(mangled: str) -> str:
    """What makes two builds' kernels the same kernel: the demangled name with nvcc's module IDs
    and CCCL's versioned namespaces removed."""
    return strip_module_ids(demangle(strip_module_ids(mangled)))


def _sources(report: Report, group: str) -> list | None:
    """A group's tables over the whole report: the totals', else each file's (null or missing
    reads as absent, as the report reader lets it); None when neither carries it (a report
    upgraded from /2 whose figures counted relocatable copies: docs/report.md)."""
    if group not in report.totals.absent:
        return [getattr(report.totals, group)]
    if not report.files or any(group in f.absent for f in report.files):
        return None
    return [getattr(f, group) for f in report.files]


def comparable(report: Report, group: str) -> bool:
    """Whether the report carries a group (families, archs, kinds) for the diff to compare."""
    return _sources(report, group) is not None


def family_table(report: Report) -> dict[str, dict]:
    """Per-family figures over the whole report, by stable family name; "names" maps each
    kernel's stable key to its mangled name, where the report lists names."""
    table: dict[str, dict] = {}
    for families in _sources(report, "families") or []:
        for family in families:
            row = table.setdefault(stable_family_name(family.name), dict.fromkeys(FAMILY_METRICS, 0))
            for key in FAMILY_METRICS:
                row[key] += getattr(family, key)
            if family.kernel_names is not None:
                # Keyed by the demangled name without module IDs or CCCL's versioned namespaces
                # (cub::CUB_300102_SM_750_800:: becomes cub::), so a toolkit upgrade renames no
                # kernel; the value is the mangled name the report holds, which the diff lists.
                keyed = row.setdefault("names", {})
                for name in family.kernel_names:
                    keyed.setdefault(stable_kernel_key(name), strip_module_ids(name))
    return table


def group_table(report: Report, group: str, metrics: tuple[str, ...]) -> dict[str, dict]:
    """Per-arch or per-kind figures over the whole report, with the kind."""
    table: dict[str, dict] = {}
    for entries in _sources(report, group) or []:
        for name, entry in entries.items():
            row = table.setdefault(name, dict.fromkeys(metrics, 0))
            for key in metrics:
                row[key] += getattr(entry, key)
            if entry.kind:
                row["kind"] = entry.kind
    return table


def total_figures(report: Report) -> dict[str, int]:
    """Whole-report figures (those of TOTAL_METRICS the report carries)."""
    totals = report.totals
    return {key: getattr(totals, key) for key in TOTAL_METRICS if key not in totals.absent}


def kernel_resources(report: Report) -> dict[tuple[str, str], dict] | None:
    """(stable kernel key, arch) -> {"name", "family", "registers", "stack_bytes"} over every
    file's kernel rows (the largest figure where a kernel is in several images); None when no
    file has them (a report made without --kernels). Keyed like the diff's kernel names, so
    nvcc's per-build module IDs do not unmatch a kernel."""
    found: dict[tuple[str, str], dict] = {}
    seen = False
    for file in report.files:
        if file.kernel_rows is None:
            continue
        seen = True
        for kernel in file.kernel_rows:
            key = (stable_kernel_key(kernel.name), kernel.arch)
            held = found.get(key)
            if held is None:
                found[key] = {"name": strip_module_ids(kernel.name), "family": stable_family_name(kernel.family),
                              **{k: getattr(kernel, k) for k in KERNEL_RESOURCES}}
            else:
                for k in KERNEL_RESOURCES:
                    if getattr(kernel, k) is not None:
                        held[k] = max(held[k] or 0, getattr(kernel, k))
    return found if seen else None


# ---------------------------------------------------------------------------------------------
# The diff


@dataclass(frozen=True)
class Change:
    """One figure on both sides."""

    base: int
    new: int

    @property
    def delta(self) -> int:
        return self.new - self.base

    @property
    def percent(self) -> float | None:
        """Relative change in percent; None when the base is zero (growth from nothing)."""
        if self.base == 0:
            return None if self.new else 0.0
        return 100.0 * self.delta / self.base

    def to_dict(self) -> dict:
        pct = self.percent
        return {"base": self.base, "new": self.new, "delta": self.delta,
                "percent": None if pct is None else round(pct, 4)}


# Kernel names listed per family and direction in the diff's JSON; beyond it, a count says how many.
JSON_NAMES_PER_FAMILY = 1000


@dataclass
class GroupChange:
    """A family, arch or kind on both sides. status: added, removed, changed or unchanged."""

    name: str
    status: str
    figures: dict[str, Change]
    kind: str | None = None  # for archs: sass, ptx or ltoir
    # Families: mangled names of the kernels only one side has; None when a side's report does
    # not carry names (a /1 report, or files without totals).
    kernels_added: list[str] | None = None
    kernels_removed: list[str] | None = None

    def delta(self, metric: str) -> int:
        change = self.figures.get(metric)
        return change.delta if change else 0

    def to_dict(self) -> dict:
        out = {"name": self.name, "status": self.status}
        if self.kind:
            out["kind"] = self.kind
        out.update({key: change.to_dict() for key, change in self.figures.items()})
        for key, names in (("kernels_added", self.kernels_added), ("kernels_removed", self.kernels_removed)):
            if names is not None:
                out[key] = names[:JSON_NAMES_PER_FAMILY]
                out[f"{key}_count"] = len(names)
        return out


@dataclass
class ReportDiff:
    base_label: str
    new_label: str
    totals: dict[str, Change]
    families: list[GroupChange] = field(default_factory=list)
    archs: list[GroupChange] = field(default_factory=list)
    kinds: list[GroupChange] = field(default_factory=list)
    # Groups not compared because a side does not carry them (a report upgraded from /2 whose
    # families, archs and kinds counted relocatable copies).
    not_compared: list[str] = field(default_factory=list)

    @property
    def is_zero(self) -> bool:
        groups = self.families + self.archs + self.kinds
        return all(c.delta == 0 for c in self.totals.values()) and all(g.status == "unchanged" for g in groups)

    def families_with(self, status: str) -> list[GroupChange]:
        return [g for g in self.families if g.status == status]

    def family(self, name: str) -> GroupChange | None:
        return next((g for g in self.families if g.name == name), None)

    def to_dict(self) -> dict:
        return {
            "schema": SCHEMA,
            "base": self.base_label,
            "new": self.new_label,
            "zero": self.is_zero,
            "totals": {key: change.to_dict() for key, change in self.totals.items()},
            "families": [g.to_dict() for g in self.families],
            "families_added": [g.name for g in self.families_with("added")],
            "families_removed": [g.name for g in self.families_with("removed")],
            "archs": [g.to_dict() for g in self.archs],
            "kinds": [g.to_dict() for g in self.kinds],
            "not_compared": list(self.not_compared),
        }


def diff_reports(base: Report, new: Report, base_label: str = "base", new_label: str = "new") -> ReportDiff:
    """Changes from `base` to `new`. Families are listed biggest growth first, shrinkage last."""
    base_totals, new_totals = total_figures(base), total_figures(new)
    totals = {key: Change(base_totals[key], new_totals[key])
              for key in TOTAL_METRICS if key in base_totals and key in new_totals}
    missing = [group for group in ("families", "archs", "kinds")
               if not (comparable(base, group) and comparable(new, group))]
    families = _compare_groups(family_table(base), family_table(new), FAMILY_METRICS) if "families" not in missing else []
    families.sort(key=lambda g: (-g.delta("kernels"), -g.delta("code_bytes"), g.name))
    archs, kinds = ([] if group in missing else
                    _compare_groups(group_table(base, group, metrics), group_table(new, group, metrics), metrics)
                    for group, metrics in (("archs", ARCH_METRICS), ("kinds", KIND_METRICS)))
    return ReportDiff(base_label, new_label, totals, families, archs, kinds, missing)


def _compare_groups(base: dict[str, dict], new: dict[str, dict], metrics: tuple[str, ...]) -> list[GroupChange]:
    out = []
    for name in sorted(base.keys() | new.keys()):
        before, after = base.get(name), new.get(name)
        figures = {key: Change((before or {}).get(key, 0), (after or {}).get(key, 0)) for key in metrics}
        if before is None:
            status = "added"
        elif after is None:
            status = "removed"
        elif any(change.delta for change in figures.values()):
            status = "changed"
        else:
            status = "unchanged"
        kind = (after or before).get("kind")
        change = GroupChange(name, status, figures, kind)
        old_names, new_names = (before or {}).get("names"), (after or {}).get("names")
        if (old_names is not None or before is None) and (new_names is not None or after is None):
            old_names, new_names = old_names or {}, new_names or {}
            change.kernels_added = sorted(new_names[k] for k in new_names.keys() - old_names.keys())
            change.kernels_removed = sorted(old_names[k] for k in old_names.keys() - new_names.keys())
            if status == "unchanged" and (change.kernels_added or change.kernels_removed):
                status = change.status = "changed"  # as many kernels, but other ones
        out.append(change)
    return out
