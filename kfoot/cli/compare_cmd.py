"""`kfoot compare [SPEC] --arch ... [--hot TRACE]`: AOT vs RTC (vs hybrid) in one table."""

from __future__ import annotations

import click

from ..core.archs import DEFAULT_BUILD_ARCHS
from .specarg import default_spec
from .terminal import terminal

@click.command("compare")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--arch", "archs", default=DEFAULT_BUILD_ARCHS, show_default=True,
              help="Targets for the AOT builds (sm_XX, compute_XX); the newest SASS one is the RTC and memory arch.")
@click.option("--hot", "hot_trace", type=click.Path(dir_okay=False), default=None,
              help="Usage trace (KFOOT_TRACE output): adds the hybrid build and the memory after the trace.")
@click.option("-o", "--output", "work_dir", type=click.Path(file_okay=False), default=None,
              help="Work directory for the builds (default: a temporary one, removed afterwards).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Parallel compile jobs.")
@click.option("--memory", type=click.Choice(["auto", "estimate", "measure"]), default="auto", show_default=True,
              help="Context memory: measured with a GPU, estimated without (auto).")
@click.option("--family", "families", multiple=True, metavar="PATTERN",
              help="Only families whose name or group matches this glob (repeatable), in every mode.")
@click.option("--reuse", is_flag=True, help="Keep earlier builds in -o DIR (incremental; build times then say 'up to date').")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON (schema kfoot.compare/2).")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown"]), default=None,
              help="Output format (default: table).")
def command(spec, archs, hot_trace, work_dir, jobs, memory, families, reuse, as_json, fmt):
    """Build SPEC (a path or bundled:NAME; default: the bundled demo spec) AOT, RTC and, with --hot,
    hybrid; print kernels, sizes, build time, context memory and RTC first-use latency side by side."""
    from ..compare.render import render_markdown, render_rich
    from ..compare.run import compare

    fmt = "json" if as_json else (fmt or "table")
    term = terminal()
    spec = default_spec(spec, term)
    with term.status() as note:
        result = compare(spec, archs=[archs], hot_trace=hot_trace, work_dir=work_dir, jobs=jobs, memory=memory,
                         reuse=reuse, families=families, progress=note)
    if fmt == "json":
        term.json(result.to_dict())
    else:
        term.emit(render_markdown(result) if fmt == "markdown" else render_rich(result))
    return 0
