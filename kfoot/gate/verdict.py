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
- Per-kernel rules (`max-register-growth`, `max-stack-growth`) hold every kernel present in both
  reports (matched per arch by name without module IDs) to its family's limit, else the
  library-wide one; both reports need per-kernel rows (`kfoot report --kernels`).
- `max-duplicate-bytes` caps NEW's `totals.duplicate_bytes` (not a growth).
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from ..core.atomic import write_output
from ..core.errors import KfootError
from ..core.escape import shown
from ..core.jsonfile import dumps_document
from ..report.load import load_pair, load_report
from ..report.model import Report
from ..report.report_json import is_report_json, to_document
from .budget import Budget, Limit
from .diff import KERNEL_RESOURCES, Change, ReportDiff, diff_reports, kernel_resources

SCHEMA = "kfoot.gate/2"


@dataclass(frozen=True)
class Check:
    """One rule applied to one figure."""

    scope: str   # "family" for a family's own budget, "library" for everything else
    name: str    # the family, or a description of the rest
    metric: str  # "kernels", "image_bytes", "code_bytes" or "duplicate_bytes"
    change: Change
    limit: Limit
    cap: bool = False  # the limit bounds the new figure itself, not its growth

    @property
    def allowed(self) -> int:
        return self.limit.allowed(self.change.base)

    @property
    def passed(self) -> bool:
        return (self.change.new if self.cap else self.change.delta) <= self.allowed

    def to_dict(self) -> dict:
        return {"scope": self.scope, "name": self.name, "metric": self.metric, **self.change.to_dict(),
                "limit": self.limit.describe("kernels" if self.metric == "kernels" else "bytes"),
                "allowed": self.allowed, "passed": self.passed}


@dataclass(frozen=True)
class KernelCheck:
    """One per-kernel rule (registers or stack bytes) applied to every kernel both reports hold
    within its scope: the library-wide limit, or a family's own."""

    scope: str  # "library" or "family"
    name: str  # "every kernel" (but those of families with their own limit), or the family
    metric: str  # "registers" or "stack_bytes"
    limit: Limit
    compared: int  # kernels (per arch) present on both sides
    offenders: tuple  # (kernel, family, arch, base, new, allowed) of each kernel over its limit

    @property
    def passed(self) -> bool:
        return not self.offenders

    def to_dict(self) -> dict:
        return {"scope": self.scope, "name": self.name, "metric": self.metric,
                "limit": self.limit.describe("registers" if self.metric == "registers" else "bytes"),
                "kernels_compared": self.compared, "passed": self.passed,
                "offenders": [{"kernel": kernel, "family": family, "arch": arch, "base": base, "new": new,
                               "delta": new - base, "allowed": allowed}
                              for kernel, family, arch, base, new, allowed in self.offenders]}


@dataclass
class Verdict:
    diff: ReportDiff
    budget: Budget
    checks: list[Check]
    kernel_checks: list[KernelCheck] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks) and all(k.passed for k in self.kernel_checks)

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
            "kernel_checks": [check.to_dict() for check in self.kernel_checks],
            "failures": [check.to_dict() for check in self.failures],
            "families_grown": [g.to_dict() for g in self.grown_families],
            "families_shrunk": [g.to_dict() for g in self.shrunk_families],
            "diff": self.diff.to_dict(),
        }


def size_metric(diff: ReportDiff) -> str:
    """The library-wide budgeted size: uncompressed image bytes when both reports have them (a /1
    report without kinds or archs lacks them), else stored bytes."""
    return "image_bytes" if "image_bytes" in diff.totals else "stored_bytes"


def evaluate(diff: ReportDiff, budget: Budget, base: Report | None = None, new: Report | None = None) -> Verdict:
    """Applies `budget` to `diff`; per-kernel and duplicate rules read the two reports `base` and
    `new` themselves. A family budget naming a family that is in neither report is bad input
    (exit 2): most likely a typo, and a rule that silently guards nothing."""
    family_checks: list[Check] = []
    if budget.families and "families" in diff.not_compared:
        raise KfootError("family budgets need both reports' families, and one report has none: a baseline "
                         "upgraded from kfoot.report/2 whose families counted the relocatable copies of -rdc "
                         "code (docs/report.md, From /2 to /3); update it (kfoot gate --update-baseline)")
    for name in sorted(budget.families):
        family = diff.family(name)
        if family is None:
            where = f"{budget.source}: " if budget.source else ""
            raise KfootError(f"{where}budget for family {shown(name)}, which is in neither report "
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
    if budget.duplicates is not None:
        library.append(Check("library", "whole library", "duplicate_bytes", _duplicate_change(base, new),
                             budget.duplicates, cap=True))
    kernel_checks = _kernel_checks(budget, base, new) if budget.per_kernel else []
    return Verdict(diff, budget, library + family_checks, kernel_checks)


def _duplicate_change(base: Report | None, new: Report | None) -> Change:
    if new is None or "duplicate_bytes" in new.totals.absent:
        raise KfootError("--max-duplicate-bytes: NEW has no totals.duplicate_bytes (a report from an older "
                         "kfoot); make it again with kfoot report --json")
    # A baseline without it shows as 0 (as read): only NEW is capped.
    return Change(base.totals.duplicate_bytes if base is not None else 0, new.totals.duplicate_bytes)


def _kernel_checks(budget: Budget, base: Report | None, new: Report | None) -> list[KernelCheck]:
    tables = []
    for side, report in (("the baseline", base), ("NEW", new)):
        table = kernel_resources(report) if report is not None else None
        if table is None:
            raise KfootError(f"--max-register-growth/--max-stack-growth compare each kernel, but {side} has no "
                             "kernel_list: make it with kfoot report --kernels --json (a binary is read that way)")
        tables.append(table)
    before, after = tables
    shared = sorted(before.keys() & after.keys(), key=lambda k: (after[k]["family"], k[0], k[1]))
    checks = []
    for metric, limit_of in (("registers", lambda b: b.registers), ("stack_bytes", lambda b: b.stack)):
        assert metric in KERNEL_RESOURCES
        scopes = [("family", name, limit_of(own)) for name, own in sorted(budget.families.items())
                  if limit_of(own) is not None]
        own = {name for _, name, _ in scopes}
        if limit_of(budget) is not None:
            scopes.insert(0, ("library", "every kernel", limit_of(budget)))
        for scope, name, limit in scopes:
            keys = [k for k in shared if (after[k]["family"] == name if scope == "family"
                                          else after[k]["family"] not in own)]
            pairs = [(k, before[k][metric], after[k][metric]) for k in keys]
            pairs = [(k, b, a) for k, b, a in pairs if isinstance(b, int) and isinstance(a, int)]
            if keys and not pairs:
                raise KfootError(f"the reports' kernel_list rows have no {metric} (reports from an older kfoot); "
                                 "make them again with kfoot report --kernels --json")
            offenders = tuple((after[k]["name"], after[k]["family"], k[1], b, a, limit.allowed(b))
                              for k, b, a in pairs if a - b > limit.allowed(b))
            checks.append(KernelCheck(scope, name, metric, limit, len(pairs), offenders))
    return checks


def locate_baseline(baseline: str | None, budget: Budget, budget_file: str | None, new: str) -> tuple[Path, str]:
    """The baseline (--baseline, else the budget file's `baseline`) and the command that accepts
    NEW as the baseline, spelled the way this run found the baseline (what a failing gate says)."""
    base_path = Path(baseline) if baseline else budget.baseline
    if base_path is None:
        raise KfootError("no baseline: give --baseline BASE or set baseline = \"...\" in the budget file")
    where = ["--baseline", str(base_path)] if baseline or not budget_file else ["--budget", budget_file]
    return base_path, " ".join(shlex.quote(part) for part in ["kfoot", "gate", *where, new, "--update-baseline"])


def gate(base_path: Path, new: str | os.PathLike, budget: Budget, update_hint: str) -> Verdict:
    """NEW (a report JSON or a binary) held against the baseline under `budget`."""
    if not base_path.exists():
        raise KfootError(f"baseline not found; to create it: {update_hint}", path=base_path)
    base_report, new_report = load_pair(base_path, new, kernels=budget.per_kernel)
    return evaluate(diff_reports(base_report, new_report, str(base_path), str(new)), budget, base_report, new_report)


def append_step_summary(markdown: str) -> str | None:
    """Appends `markdown` to the file GITHUB_STEP_SUMMARY names, when it is set (GitHub Actions
    renders it on the run's page). Returns a warning when it cannot: a summary that cannot be
    written is no reason to change the verdict."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return None
    try:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(markdown.rstrip("\n") + "\n\n")
    except OSError as exc:
        return f"cannot append to GITHUB_STEP_SUMMARY ({target}): {exc.strerror}"
    return None


def _example_family(diff: ReportDiff) -> str:
    names = [g.name for g in diff.families[:2]]
    return ", ".join(shown(n) for n in names) if names else "(no families in either report)"


def write_baseline(report: Report, path: str | os.PathLike) -> None:
    """Writes `report` as the new baseline (its report JSON): to a temporary file in the same
    folder, then renamed over the old one, so an interrupted update never leaves a half-written
    baseline."""
    write_output(path, dumps_document(to_document(report)) + "\n", what="baseline")


@dataclass
class BaselineUpdate:
    path: Path
    previous: Report | None  # the baseline replaced, None when there was none (or it was unreadable)
    report: Report  # the new baseline
    warning: str | None = None
    diff: ReportDiff | None = None  # from the baseline replaced to the new one

    def to_dict(self, message: str) -> dict:
        """What `--update-baseline --json` prints; `message` is the line the text output is."""
        return {"schema": SCHEMA, "updated": str(self.path), "message": message}


def update_baseline(base_path: str | os.PathLike, new: str | os.PathLike) -> BaselineUpdate:
    """Accept `new` (a report JSON or a binary) as the baseline at `base_path`.

    The policy: only a report JSON is ever overwritten (a baseline given as a binary or folder
    is an input, never an output); an unreadable old baseline is replaced with a warning; a
    binary is measured with the old baseline's filters, so the baseline keeps its meaning; a
    report JSON is copied as read (a /1 one upgraded to /2)."""
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
    return BaselineUpdate(base_path, previous, report, warning,
                          diff_reports(previous, report) if previous is not None else None)
