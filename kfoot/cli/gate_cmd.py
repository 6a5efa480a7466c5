"""`kfoot gate --baseline BASE NEW`: fail (exit 1) when NEW grows beyond the budget."""

from __future__ import annotations

import click

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
    from ..gate import render
    from ..gate import verdict as verdicts

    fmt = "json" if as_json else fmt
    term = terminal()
    file_budget = budgets.load_budget_file(budget_file) if budget_file else None
    budget = budgets.combine(file_budget, max_kernel_growth, max_size_growth, family_budgets, max_register_growth,
                             max_stack_growth, max_duplicate_bytes)
    base_path, update_hint = verdicts.locate_baseline(baseline, budget, budget_file, new)

    if update_baseline:
        update = verdicts.update_baseline(base_path, new)
        if update.warning:
            term.note(f"kfoot: warning: {update.warning}")
        message = render.update_message(update)
        if fmt == "json":
            term.json(update.to_dict(message))
        else:
            term.emit(message + "\n")
        ctx.exit(0)

    verdict = verdicts.gate(base_path, new, budget, update_hint)
    markdown = render.markdown_verdict(verdict, update_hint)
    if fmt == "json":
        term.json(verdict.to_dict())
    elif fmt == "markdown":
        term.emit(markdown + "\n")
    else:
        term.emit(render.render_verdict(verdict, update_hint))
    warning = verdicts.append_step_summary(markdown)
    if warning:
        term.note(f"kfoot: warning: {warning}")
    ctx.exit(0 if verdict.passed else 1)

