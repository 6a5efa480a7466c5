"""`kfoot enumerate` rendered: the summary table of a spec's families and the `--explain` tables,
as rich renderables (the command prints them through the terminal object)."""

from __future__ import annotations

from pathlib import Path


def _axes_text(summary: dict) -> str:
    parts = []
    for axis in summary["axes"]:
        if axis["kind"] == "derived":
            parts.append(f"{axis['name']}={axis['rule']}({', '.join(axis['sources'])})")
        elif axis["kind"] == "typeset":
            parts.append(f"{axis['name']}:{axis['typeset']}[{axis['size']}]")
        else:
            parts.append(f"{axis['name']}[{axis['size']}]")
    return " × ".join(parts)


def render_summary(path: Path, summaries: list[dict]) -> list:
    """One row per family (kfoot.variants.explain.summarize_family), then the totals."""
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    # Names come from the user's spec: plain text, never rich markup.
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
    table.add_row("total", f"{sum(s['variants'] for s in summaries):,}", "",
                  f"{sum(s['removed_by_derived'] for s in summaries):,}",
                  f"{sum(s['removed_by_excludes'] for s in summaries):,}")
    return [table]


def render_explain(data: dict) -> list:
    """`kfoot enumerate --explain` (kfoot.variants.explain.explain_spec): the families, then the
    groups that hold both styles."""
    from rich.table import Table
    from rich.text import Text

    fam = Table(title="Nested switch against dependent types, family by family", title_justify="left")
    for col, justify in (("family", "left"), ("style", "left"), ("nested", "right"), ("variants", "right"),
                         ("saving", "right"), ("largest axis", "left"), ("derived", "left")):
        fam.add_column(col, justify=justify, no_wrap=(col == "family"))
    for r in data["families"]:
        ratio = f"×{r['ratio']:g}" if r["ratio"] else "-"
        fam.add_row(Text(r["family"]), Text(r["style"]), f"{r['nested']:,}", f"{r['variants']:,}", ratio,
                    f"{r['driver']['axis']} (×{r['driver']['factor']})", ", ".join(r["derived_axes"]) or "-")
    whole = data["whole_spec"]
    ratio = f" (×{whole['ratio']:g})" if whole["ratio"] else ""
    headline = Text(f"whole spec: {whole['variants']:,} variants as written; a nested switch over the same axes "
                    f"would instantiate {whole['nested']:,}{ratio}")
    if not data["groups"]:
        return [fam, headline]
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
    return [fam, grp, headline]


def render_list(variants) -> str:
    """One template-id per line, so the output pipes into grep and wc."""
    return "".join(f"{v.template_id}\n" for v in variants)
