"""The verdict of `kfoot gate`: a diff held against a budget, and baseline updates.

Rules (see docs/ci.md):
- A family with its own budget is judged on its own kernels and/or code bytes, whichever limits
  that budget sets.
- Everything else (the whole library minus the families with their own budget) is judged
  together against the library-wide limits. So `--family-budget X=16` lets family X grow by 16
  kernels while the rest stays at the default of no growth. With family budgets, the rest's
  size is the code of its own kernels (see `evaluate`).
- The library-wide size is `image_bytes`, the device images uncompressed: what the GPU loads,
  independent of the fatbin compression setting and unaffected by nvcc's random module IDs. A
  family's size, and the rest's when families have budgets, is `code_bytes`, the machine code of
  its own kernels. Stored bytes and the file size are shown in the diff but not budgeted.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from dataclasses import dataclass

from ..core.atomic import write_atomic
from ..core.errors import KfootError
from .budget import Budget, Limit
from .diff import Change, ReportDiff

SCHEMA = "kfoot.gate/2"


@dataclass(frozen=True)
class Check:
    """One rule applied to one figure."""

    scope: str   # "family" for a family's own budget, "library" for everything else
    name: str    # the family, or a description of the rest
    metric: str  # "kernels", "image_bytes" or "code_bytes"
    change: Change
    limit: Limit

    @property
    def allowed(self) -> int:
        return self.limit.allowed(self.change.base)

    @property
    def passed(self) -> bool:
        return self.change.delta <= self.allowed

    def to_dict(self) -> dict:
        return {"scope": self.scope, "name": self.name, "metric": self.metric, **self.change.to_dict(),
                "limit": self.limit.describe("kernels" if self.metric == "kernels" else "bytes"),
                "allowed": self.allowed, "passed": self.passed}


@dataclass
class Verdict:
    diff: ReportDiff
    budget: Budget
    checks: list[Check]

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [check for check in self.checks if not check.passed]

    @property
    def grown_families(self):
        """Families that gained kernels or bytes, most kernels first (the diff's order)."""
        return [g for g in self.diff.families
                if g.delta("kernels") > 0 or (g.delta("kernels") == 0 and g.delta("code_bytes") > 0)]

    @property
    def shrunk_families(self):
        return [g for g in self.diff.families
                if g.delta("kernels") < 0 or (g.delta("kernels") == 0 and g.delta("code_bytes") < 0)]

    @property
    def outcome(self) -> str:
        """pass, fail, or shrink (passed with a smaller footprint: worth a baseline update)."""
        if not self.passed:
            return "fail"
        kernels = self.diff.totals["kernels"].delta
        size = self.diff.totals[size_metric(self.diff)].delta
        if (kernels < 0 and size <= 0) or (size < 0 and kernels <= 0):
            return "shrink"
        return "pass"

    def to_dict(self) -> dict:
        return {
            "schema": SCHEMA,
            "passed": self.passed,
            "outcome": self.outcome,
            "size_metric": size_metric(self.diff),
            "checks": [check.to_dict() for check in self.checks],
            "failures": [check.to_dict() for check in self.failures],
            "families_grown": [g.to_dict() for g in self.grown_families],
            "families_shrunk": [g.to_dict() for g in self.shrunk_families],
            "diff": self.diff.to_dict(),
        }


def size_metric(diff: ReportDiff) -> str:
    """The library-wide budgeted size: uncompressed image bytes when both reports have them (a /1
    report without kinds or archs lacks them), else stored bytes."""
    return "image_bytes" if "image_bytes" in diff.totals else "stored_bytes"


def evaluate(diff: ReportDiff, budget: Budget) -> Verdict:
    """Applies `budget` to `diff`. A family budget naming a family that is in neither report is
    bad input (exit 2): most likely a typo, and a rule that silently guards nothing."""
    family_checks: list[Check] = []
    for name in sorted(budget.families):
        family = diff.family(name)
        if family is None:
            where = f"{budget.source}: " if budget.source else ""
            raise KfootError(f"{where}budget for family {name!r}, which is in neither report "
                             f"(families are named like {_example_family(diff)})")
        own = budget.families[name]
        if own.kernels is not None:
            family_checks.append(Check("family", name, "kernels", family.figures["kernels"], own.kernels))
        if own.size is not None:
            family_checks.append(Check("family", name, "code_bytes", family.figures["code_bytes"], own.size))

    kernels_total = diff.totals["kernels"]
    if not budget.families:
        library = [Check("library", "whole library", "kernels", kernels_total, budget.kernels),
                   Check("library", "whole library", size_metric(diff), diff.totals[size_metric(diff)], budget.size)]
    else:
        # The rest of the library: the families without their own budget. Kernels are the total
        # minus the budgeted families. Bytes are the rest's own kernel code: the bytes outside any
        # kernel (ELF tables, per-kernel metadata, ~45% of a small kernel's image) grow with every
        # kernel added anywhere, so holding them to the rest's limit would fail the rest for
        # kernels a family budget allowed. They still follow the kernel counts, which are checked.
        rest_families = [g for g in diff.families if g.name not in budget.families]
        budgeted = [diff.family(n).figures["kernels"] for n in budget.families]
        rest_kernels = Change(kernels_total.base - sum(c.base for c in budgeted),
                              kernels_total.new - sum(c.new for c in budgeted))
        rest_bytes = Change(sum(g.figures["code_bytes"].base for g in rest_families),
                            sum(g.figures["code_bytes"].new for g in rest_families))
        library = [Check("library", "rest of the library", "kernels", rest_kernels, budget.kernels),
                   Check("library", "rest of the library", "code_bytes", rest_bytes, budget.size)]
    return Verdict(diff, budget, library + family_checks)


def _example_family(diff: ReportDiff) -> str:
    names = [g.name for g in diff.families[:2]]
    return ", ".join(repr(n) for n in names) if names else "(no families in either report)"


def write_baseline(report: dict, path: str | os.PathLike) -> None:
    """Writes `report` as the new baseline: to a temporary file in the same folder, then renamed
    over the old one, so an interrupted update never leaves a half-written baseline."""
    try:
        write_atomic(path, json.dumps(report, indent=1) + "\n")
    except OSError as exc:
        raise KfootError(f"cannot write baseline: {exc.strerror}", path=path) from None


@dataclass
class BaselineUpdate:
    path: Path
    previous: dict | None  # the baseline replaced, None when there was none (or it was unreadable)
    report: dict  # the new baseline
    warning: str | None = None


def update_baseline(base_path: str | os.PathLike, new: str | os.PathLike) -> BaselineUpdate:
    """Accept `new` (a report JSON or a binary) as the baseline at `base_path`.

    The policy: only a report JSON is ever overwritten (a baseline given as a binary or folder
    is an input, never an output); an unreadable old baseline is replaced with a warning; a
    binary is measured with the old baseline's filters, so the baseline keeps its meaning."""
    from .diff import is_report_json, load_report

    base_path = Path(base_path)
    previous, warning = None, None
    if base_path.exists() and not is_report_json(base_path):
        raise KfootError("is not a report JSON; --update-baseline writes a JSON baseline, give a .json path",
                         path=base_path)
    if base_path.exists():
        try:
            previous = load_report(base_path)
        except KfootError as exc:
            warning = f"replacing an unreadable baseline ({exc})"
    report = load_report(new, like=previous)
    write_baseline(report, base_path)
    return BaselineUpdate(base_path, previous, report, warning)
