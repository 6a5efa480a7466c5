"""`kfoot diff BASE NEW`: what changed in the device code between two reports or binaries."""

from __future__ import annotations

import json

import click

from .terminal import terminal


@click.command("diff")
@click.argument("base", metavar="BASE")
@click.argument("new", metavar="NEW")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True,
              help="Rich tables, a Markdown report, or JSON for scripts.")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
def command(base, new, fmt, as_json):
    """Change in kernels, distinct kernels and device bytes from BASE to NEW, in totals and per
    family, arch and kind.

    BASE and NEW are report JSON files (`kfoot report --json`) or anything `kfoot report` reads:
    binaries, directories, wheels. Paths and nvcc's random module IDs are not compared, so two
    builds of the same sources diff to zero."""
    from ..gate.diff import diff_reports, load_pair
    from ..gate import render as diff_render

    report_diff = diff_reports(*load_pair(base, new), base, new)
    if as_json or fmt == "json":
        click.echo(json.dumps(report_diff.to_dict(), indent=1))
    elif fmt == "markdown":
        click.echo(diff_render.markdown_diff(report_diff))
    else:
        diff_render.print_diff(report_diff, terminal().out)
