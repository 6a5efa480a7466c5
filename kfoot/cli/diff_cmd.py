"""`kfoot diff BASE NEW`: what changed in the device code between two reports or binaries."""

from __future__ import annotations

import click

from .terminal import terminal


@click.command("diff")
@click.argument("base", metavar="BASE")
@click.argument("new", metavar="NEW")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json", "html"]), default="text", show_default=True,
              help="Rich tables, a Markdown report, JSON for scripts, or one self-contained HTML page.")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the output to this file, atomically.")
def command(base, new, fmt, as_json, output):
    """Change in kernels, distinct kernels and device bytes from BASE to NEW, in totals and per
    family, arch and kind.

    BASE and NEW are report JSON files (`kfoot report --json`) or anything `kfoot report` reads:
    binaries, directories, wheels. Paths and nvcc's random module IDs are not compared, so two
    builds of the same sources diff to zero."""
    from ..gate import render
    from ..gate.diff import diff_reports
    from ..report.load import load_pair

    report_diff = diff_reports(*load_pair(base, new), base, new)
    term = terminal()
    fmt = "json" if as_json else fmt
    if fmt == "json":
        term.json(report_diff.to_dict(), output)
    elif fmt == "markdown":
        term.emit(render.markdown_diff(report_diff) + "\n", output)
    elif fmt == "html":
        from ..gate.html import diff_html

        term.emit(diff_html(report_diff), output)
    else:
        term.emit(render.render_diff(report_diff), output)
    return 0
