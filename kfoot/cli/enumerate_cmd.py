"""`kfoot enumerate [SPEC]`: how many variants a spec instantiates, and why."""

from __future__ import annotations

import click

from ..variants.enumerate import enumerate_spec
from ..variants.explain import explain_spec, summarize_family
from ..variants.loader import load_spec
from ..variants.render import render_explain, render_list, render_summary
from .terminal import terminal


@click.command("enumerate")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--family", "families", multiple=True, metavar="PATTERN",
              help="Only families whose name or group matches this glob (repeatable).")
@click.option("--list", "list_ids", is_flag=True, help="Print every variant's template-id.")
@click.option("--explain", is_flag=True, help="Nested against dependent counts, and the axis that drives the growth.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def command(spec, families, list_ids, explain, as_json):
    """Enumerate the variants of SPEC (default: the bundled kfoot/bundled/kernels.toml)."""
    loaded = load_spec(spec)
    chosen = list(families) or None
    term = terminal()
    if explain:
        data = explain_spec(loaded, chosen)
        if as_json:
            term.json(data)
        else:
            term.emit(render_explain(data))
    elif list_ids:
        variants = enumerate_spec(loaded, chosen)
        if as_json:
            term.json([v.to_dict() for v in variants])
        else:
            term.emit(render_list(variants))
    else:
        summaries = [summarize_family(f) for f in (loaded.select(chosen) if chosen else loaded.families)]
        if as_json:
            term.json({"spec": str(loaded.path), "spec_sha256": loaded.sha256(), "families": summaries,
                       "totals": {"families": len(summaries), "variants": sum(s["variants"] for s in summaries)}})
        else:
            term.emit(render_summary(loaded.path, summaries))
    return 0
