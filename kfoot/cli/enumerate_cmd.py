"""`kfoot enumerate [SPEC]`: how many variants a spec instantiates, and why."""

from __future__ import annotations

import json

import click
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .terminal import terminal

from ..variants.loader import load_spec
from ..variants.variants import enumerate_spec, explain_spec, summarize_family


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
    chosen = loaded.select(list(families)) if families else loaded.families

    if explain:
        data = explain_spec(loaded, list(families) or None)
        if as_json:
            click.echo(json.dumps(data, indent=1))
        else:
            _print_explain(data)
        return 0

    if list_ids:
        variants = enumerate_spec(loaded, list(families) or None)
        if as_json:
            click.echo(json.dumps([{"family": v.family, "template_id": v.template_id,
                                    "values": dict(v.values)} for v in variants], indent=1))
        else:
            # Plain lines, one template-id each, so the output pipes into grep and wc.
            for v in variants:
                click.echo(v.template_id)
        return 0

    summaries = [summarize_family(f) for f in chosen]
    total = sum(s["variants"] for s in summaries)
    if as_json:
        click.echo(json.dumps({"spec": str(loaded.path), "spec_sha256": loaded.sha256(),
                               "families": summaries, "totals": {"families": len(summaries), "variants": total}},
                              indent=1))
        return 0
    _print_summary(loaded.path, summaries, total)
    return 0


def _axes_text(summary: dict) -> str:
    parts = []
    for axis in summary["axes"]:
        if axis["kind"] == "derived":
            rule = axis["rule"]
            sources = ", ".join(axis["sources"])
            parts.append(f"{axis['name']}={rule}({sources})")
        elif axis["kind"] == "typeset":
            parts.append(f"{axis['name']}:{axis['typeset']}[{axis['size']}]")
        else:
            parts.append(f"{axis['name']}[{axis['size']}]")
    return " × ".join(parts)


def _print_summary(path, summaries: list[dict], total: int) -> None:

    table = Table(title=f"Variants of {escape(str(path))}", title_justify="left")
    table.add_column("family", no_wrap=True)
    table.add_column("variants", justify="right")
    table.add_column("axes (size)")
    table.add_column("derived removed", justify="right")
    table.add_column("excludes removed", justify="right")
    for s in summaries:
        table.add_row(Text(s["name"]), f"{s['variants']:,}", Text(_axes_text(s)),
                      f"{s['removed_by_derived']:,}", f"{s['removed_by_excludes']:,}")
    table.add_section()
    table.add_row("total", f"{total:,}", "", f"{sum(s['removed_by_derived'] for s in summaries):,}",
                  f"{sum(s['removed_by_excludes'] for s in summaries):,}")
    terminal().print(table)


def _print_explain(data: dict) -> None:

    console = terminal()
    fam = Table(title="Nested switch against dependent types, family by family", title_justify="left")
    for col, justify in (("family", "left"), ("style", "left"), ("nested", "right"), ("variants", "right"),
                         ("saving", "right"), ("largest axis", "left"), ("derived", "left")):
        fam.add_column(col, justify=justify, no_wrap=(col == "family"))
    for r in data["families"]:
        ratio = f"×{r['ratio']:g}" if r["ratio"] else "-"
        fam.add_row(Text(r["family"]), Text(r["style"]), f"{r['nested']:,}", f"{r['variants']:,}", ratio,
                    f"{r['driver']['axis']} (×{r['driver']['factor']})", ", ".join(r["derived_axes"]) or "-")
    console.print(fam)
    if data["groups"]:
        grp = Table(title="Groups: nested families against dependent families", title_justify="left")
        for col, justify in (("group", "left"), ("nested", "right"), ("dependent", "right"), ("saving", "right"),
                             ("growth driven by", "left")):
            grp.add_column(col, justify=justify)
        for g in data["groups"]:
            drivers = ", ".join(f"{a['axis']} ×{a['nested_factor']}→×{a['dependent_factor']}" for a in g["growth_axes"])
            grp.add_row(Text(g["group"]), f"{g['nested']:,}", f"{g['dependent']:,}", f"×{g['ratio']:g}", drivers or "-")
        t = data["totals"]
        grp.add_section()
        grp.add_row("total", f"{t['nested']:,}", f"{t['dependent']:,}", f"×{t['ratio']:g}" if t["ratio"] else "-", "")
        console.print(grp)
