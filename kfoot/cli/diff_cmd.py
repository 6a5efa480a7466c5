"""`kfoot diff BASE NEW`: what changed in the device code between two reports or binaries."""

from __future__ import annotations

import io
import json

import click

from ..core.atomic import write_atomic
from .terminal import UNLIMITED_WIDTH, terminal


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
    from ..gate import render as diff_render
    from ..gate.diff import diff_reports
    from ..report.load import load_pair

    report_diff = diff_reports(*load_pair(base, new), base, new)
    term = terminal()
    fmt = "json" if as_json else fmt
    if fmt == "text":
        if output:
            from rich.console import Console

            buffer = io.StringIO()
            diff_render.print_diff(report_diff, Console(file=buffer, width=UNLIMITED_WIDTH, color_system=None, highlight=False))
            write_atomic(output, buffer.getvalue())
        else:
            diff_render.print_diff(report_diff, term.out)
        return 0
    if fmt == "json":
        text = json.dumps(report_diff.to_dict(), indent=1) + "\n"
    elif fmt == "markdown":
        text = diff_render.markdown_diff(report_diff) + "\n"
    else:
        from ..gate.html import diff_html

        text = diff_html(report_diff)
    if output:
        write_atomic(output, text)
    else:
        term.write(text)
    return 0
