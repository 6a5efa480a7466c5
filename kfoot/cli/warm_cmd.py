"""`kfoot warm REGISTRY`: compile variants into the disk cache ahead of use, without a GPU."""

from __future__ import annotations

import click

from .tables import step_bar, summary_table
from .terminal import terminal


@click.command("warm")
@click.argument("registry", metavar="REGISTRY", type=click.Path(path_type=str))
@click.option("--arch", "archs", default="sm_90", show_default=True,
              help="Target arch(es) for the cubins, comma-separated (sm_80,sm_90).")
@click.option("--trace", "trace", type=click.Path(path_type=str), default=None,
              help="Only the variants in this usage trace (KFOOT_TRACE output); default all.")
@click.option("-j", "--jobs", type=click.IntRange(1), default=None, help="Parallel NVRTC processes [default: CPU count].")
@click.option("--batch", "batch_size", type=click.IntRange(1), default=None,
              help="Variants per NVRTC program (more: faster per kernel, bigger modules to load) [default: 64].")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def command(registry, archs, trace, jobs, batch_size, as_json):
    """Compile REGISTRY's variants (all, or those in --trace) into the disk cache.

    Many variants go into one NVRTC program and programs run in parallel processes; a second warm
    of the same set finds everything cached."""
    from ..core.errors import KfootError
    from ..runtime.warm import plan_warm, run_warm

    term = terminal()
    plan = plan_warm(registry, archs, trace)
    run = run_warm(plan, jobs=jobs, batch_size=batch_size,
                   progress=None if as_json else (lambda arch: step_bar(term, f"warm {arch}")))
    if as_json:
        term.json(run.summary())
    else:
        term.emit([summary_table(f"kfoot warm {arch}", result.rows()) for arch, result in run.results.items()])
    if run.failures:
        for line in run.failure_lines():
            term.note(line)
        raise KfootError(f"{len(run.failures)} variant(s) failed to compile; the others are cached")
    return 0
