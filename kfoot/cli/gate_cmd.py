"""`kfoot gate --baseline BASE NEW`: fail (exit 1) when NEW grows beyond the budget."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import click

from ..core.errors import KfootError
from .terminal import terminal


@click.command("gate")
@click.argument("new", metavar="NEW")
@click.option("--baseline", "baseline", metavar="BASE",
              help="Baseline report JSON (or a binary). Default: `baseline` in the budget file.")
@click.option("--budget", "budget_file", metavar="FILE", help="TOML budget file (see docs/ci.md); flags override it.")
@click.option("--max-kernel-growth", metavar="N|N%", help="Kernels the library may gain (default 0).")
@click.option("--max-size-growth", metavar="BYTES|N%", help="Bytes the library may gain: uncompressed image bytes library-wide, kernel code bytes for the "
                   "rest when families have budgets; 4096, 64KiB, 1MB or 2% (default 0).")
@click.option("--max-register-growth", metavar="N|N%", help="Registers any one kernel may gain (per arch); needs "
                   "per-kernel rows: report JSONs made with --kernels, or binaries.")
@click.option("--max-stack-growth", metavar="BYTES|N%", help="Stack bytes any one kernel may gain (per arch); as above.")
@click.option("--max-duplicate-bytes", metavar="BYTES", help="Most code bytes NEW may hold in duplicate kernel copies "
                   "(totals.duplicate_bytes): a cap, not a growth.")
@click.option("--family-budget", "family_budgets", metavar="NAME=N|N%", multiple=True,
              help="Kernels one family may gain, judged apart from the rest. Repeatable.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--update-baseline", is_flag=True, help="Write NEW as the baseline (after an intentional change) and exit 0.")
@click.pass_context
def command(ctx, new, baseline, budget_file, max_kernel_growth, max_size_growth, max_register_growth, max_stack_growth,
            max_duplicate_bytes, family_budgets, fmt, as_json, update_baseline):
    """Compare NEW with the baseline and exit 0 within budget, 1 on a regression (the families
    that grew most listed first), 2 on bad input. When GITHUB_STEP_SUMMARY is set, the Markdown
    verdict is appended to it."""
    from ..gate import budget as budgets
    from ..gate import render as diff_render
    from ..gate.diff import diff_reports
    from ..gate.verdict import evaluate
    from ..report.load import load_pair

    fmt = "json" if as_json else fmt
    file_budget = budgets.load_budget_file(budget_file) if budget_file else None
    budget = budgets.combine(file_budget, max_kernel_growth, max_size_growth, family_budgets, max_register_growth,
                             max_stack_growth, max_duplicate_bytes)
    base_path = Path(baseline) if baseline else budget.baseline
    if base_path is None:
        raise KfootError("no baseline: give --baseline BASE or set baseline = \"...\" in the budget file")
    # The command that accepts NEW as the baseline, spelled the way this run found the baseline.
    where = ["--baseline", str(base_path)] if baseline or not budget_file else ["--budget", budget_file]
    update_hint = " ".join(shlex.quote(part) for part in ["kfoot", "gate", *where, new, "--update-baseline"])

    if update_baseline:
        _update(ctx, base_path, new, fmt)
        return
    if not base_path.exists():
        raise KfootError(f"baseline not found; to create it: {update_hint}", path=base_path)

    base_report, new_report = load_pair(base_path, new, kernels=budget.per_kernel)
    verdict = evaluate(diff_reports(base_report, new_report, str(base_path), new), budget, base_report, new_report)
    if fmt == "json":
        click.echo(json.dumps(verdict.to_dict(), indent=1))
    elif fmt == "markdown":
        click.echo(diff_render.markdown_verdict(verdict, update_hint))
    else:
        diff_render.print_verdict(verdict, terminal().out, update_hint)
    _append_step_summary(diff_render.markdown_verdict(verdict, update_hint))
    ctx.exit(0 if verdict.passed else 1)


def _update(ctx, base_path: Path, new: str, fmt: str) -> None:
    from ..gate import render as diff_render
    from ..gate.diff import diff_reports
    from ..gate.verdict import SCHEMA, update_baseline

    update = update_baseline(base_path, new)
    if update.warning:
        click.echo(f"kfoot: warning: {update.warning}", err=True)
    if update.previous is None:
        line = f"baseline written: {base_path} ({update.report.totals.kernels:,} kernels)"
    else:
        line = f"baseline updated: {base_path}: {diff_render.summary_line(diff_reports(update.previous, update.report))}"
    if fmt == "json":
        click.echo(json.dumps({"schema": SCHEMA, "updated": str(base_path), "message": line}))
    else:
        click.echo(line)
    ctx.exit(0)


def _append_step_summary(markdown: str) -> None:
    # GitHub Actions renders this file on the run's page. A summary that cannot be written is
    # not a reason to change the verdict, so it is a warning only.
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return
    try:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(markdown.rstrip("\n") + "\n\n")
    except OSError as exc:
        click.echo(f"kfoot: warning: cannot append to GITHUB_STEP_SUMMARY ({target}): {exc.strerror}", err=True)
