"""`kfoot explain PATH...`: where a binary's kernels come from, family by family."""

from __future__ import annotations

import click

from ..core.limits import max_memory
from .terminal import terminal


@click.command("explain")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown", "html"]), default="table", show_default=True,
              help="Rich tables, JSON (kfoot.explain/1), Markdown or one self-contained HTML page.")
@click.option("--json", "as_json", is_flag=True, help="Print the explanation as JSON (schema kfoot.explain/1, docs/explain.md).")
@click.option("--usage", "usage_files", multiple=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="Which kernels a workload launched: a kfoot trace, an nsys SQLite export, a Kineto trace, an "
                   "ncu CSV or a list of names (repeatable; docs/explain.md).")
@click.option("--what-if", "what_if", metavar="rtc=FAMILY,...|rtc=unused",
              help="What would leave the binary if these variants were compiled at run time.")
@click.option("--what-if-archs", metavar="TARGETS", help="The bytes and GPU support with only these targets kept (sm_80,compute_90).")
@click.option("--emit-spec", "spec_family", metavar="FAMILY", help="Print a kfoot spec whose variants are this family's instantiations.")
@click.option("--header", help="The header --emit-spec's spec names (relative to where the spec will be).")
@click.option("--emit-trace", "trace_output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the launched kernels (--usage) as a kfoot trace for build --mode hybrid --hot.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Families in the table.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Worker processes (default: all cores).")
@click.option("--max-memory", "max_memory_text", metavar="SIZE", help="What decoding may hold at once (as kfoot report).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the output to this file, atomically.")
def command(paths, fmt, as_json, usage_files, what_if, what_if_archs, spec_family, header, trace_output, top, jobs, max_memory_text, output):
    """Each template family's axes: its template arguments, their values, the grid they span
    against the instantiations present, and the axis that drives the count."""
    from contextlib import ExitStack

    from ..core.errors import KfootError
    from ..explain.run import explain_paths
    from .report_cmd import _progress

    # Each output's modules are imported where it is chosen: --json needs neither the spec writer
    # (kfoot.variants) nor the tables (0.1 s of imports together).

    if bool(spec_family) != bool(header):
        raise KfootError("--emit-spec FAMILY and --header H go together")
    if trace_output and not usage_files:
        raise KfootError("--emit-trace needs --usage: the kernels a workload launched")
    term = terminal()
    with ExitStack() as bars:
        explanation = explain_paths(paths, usage_files=usage_files, what_if=what_if, what_if_archs=what_if_archs, jobs=jobs, max_memory=max_memory(max_memory_text),
                                    progress_factory=_progress(term, bars) if term.interactive else None)
    if trace_output:
        from ..core.atomic import write_output
        from ..explain.emit import emit_trace

        write_output(trace_output, emit_trace(explanation, spec_family))
    if spec_family:
        from ..explain.emit import emit_spec

        term.emit(emit_spec(explanation, spec_family, header), output)
    elif as_json or fmt == "json":
        from ..explain.explain_json import to_document

        term.json(to_document(explanation), output)
    elif fmt == "html":
        from ..explain.html import explain_html

        term.emit(explain_html(explanation), output)
    elif fmt == "markdown":
        from ..explain.render import markdown_explanation

        term.emit(markdown_explanation(explanation, top), output)
    else:
        from ..explain.render import render_explanation

        term.emit(render_explanation(explanation, top), output)
    return 0
