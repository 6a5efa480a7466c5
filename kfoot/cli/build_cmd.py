"""`kfoot build --mode aot|rtc|hybrid [SPEC] -o DIR`: compile a spec's variants."""

from __future__ import annotations

from contextlib import nullcontext

import click

from ..compile.ninja_file import COMPRESS_MODES
from ..core.archs import DEFAULT_BUILD_ARCHS
from ..core.errors import KfootError
from .specarg import default_spec
from .tables import cost_table, step_bar, summary_table
from .terminal import terminal

@click.command("build")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--mode", type=click.Choice(["aot", "rtc", "hybrid"]), default="aot", show_default=True,
              help="aot: compile everything now; rtc: registry for run-time compilation; hybrid: AOT for --hot.")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Output directory.")
@click.option("--arch", "archs", default=DEFAULT_BUILD_ARCHS, show_default=True,
              help="Comma-separated targets: sm_XX for SASS, compute_XX for PTX.")
@click.option("-j", "--jobs", type=int, default=None, help="Parallel compile jobs (default: CPU count).")
@click.option("--compress-mode", type=click.Choice(COMPRESS_MODES), default=None,
              help="nvcc fatbin compression.")
@click.option("--nvcc", type=click.Path(dir_okay=False), default=None,
              help="nvcc to use (default: $CUDA_HOME/bin/nvcc, else the NVIDIA wheels).")
@click.option("--launcher", default=None, metavar="CMD", help="Compiler launcher, e.g. ccache or sccache.")
@click.option("--shard-size", type=int, default=None, help="Variants per translation unit (default: the spec's [build] shard_size, else 64).")
@click.option("--family", "families", multiple=True, metavar="PATTERN",
              help="Only families whose name or group matches this glob (repeatable).")
@click.option("--hot", "hot_trace", type=click.Path(dir_okay=False, exists=True), default=None,
              help="Usage trace (KFOOT_TRACE output): the variants hybrid mode compiles ahead of time.")
@click.option("--json", "as_json", is_flag=True, help="Print the build summary as JSON.")
@click.option("--no-progress", is_flag=True, help="No progress bar.")
@click.option("--keep-going", is_flag=True,
              help="aot: build the library from every variant that compiles; name the others (exit 2).")
@click.option("--name", default=None, metavar="NAME",
              help="aot and hybrid: name the library libNAME.so and its lookup NAME::find_kernel "
                   "(include/NAME/kernels.hpp); default kfoot_kernels. rtc: also build libNAME.so and "
                   "include/NAME/kernels.hpp whose NAME::registry() finds the registry beside the library.")
@click.option("--depfile", type=click.Path(dir_okay=False), default=None,
              help="Also write a Makefile-syntax depfile: DIR/kfoot.stamp and the spec and headers it was built from.")
@click.option("--no-check", is_flag=True,
              help="rtc and hybrid: skip the NVRTC check (before reporting success, each family's header is "
                   "compiled with NVRTC for variants that between them use every value of every axis).")
@click.option("--no-check-family", "unchecked", multiple=True, metavar="PATTERN",
              help="rtc and hybrid: skip the NVRTC check for the families whose name matches this glob "
                   "(repeatable); families of modes = [\"aot\"] are never checked.")
@click.option("--by", "by", type=click.Choice(["family", "shard"]), default=None,
              help="aot and hybrid: also show compile seconds and kernels per family or per shard.")
def command(spec, mode, out_dir, archs, jobs, compress_mode, nvcc, launcher, shard_size, families, hot_trace,
            as_json, no_progress, keep_going, name, depfile, no_check, unchecked, by):
    """Build the variants of SPEC into DIR. SPEC is a path or bundled:NAME; without it, the
    bundled demo spec (80 variants), never the hours-long bundled:kernels."""
    from ..compile.build import build
    from ..compile.failures import failure_line

    term = terminal()
    with step_bar(term, "building") if not no_progress else nullcontext() as progress:
        result = build(default_spec(spec, term), out_dir, mode=mode, archs=[archs], jobs=jobs,
                       compress_mode=compress_mode, nvcc=nvcc, launcher=launcher, shard_size=shard_size,
                       families=families, hot_trace=hot_trace, keep_going=keep_going, name=name, depfile=depfile,
                       check=not no_check, unchecked=unchecked, progress=progress, on_wait=term.note)
    if as_json:
        term.json(result.summary())
    else:
        shown = [summary_table(f"kfoot build --mode {mode}", result.rows())]
        aot = result if mode == "aot" else getattr(result, "aot", None)
        if by and aot is not None:
            shown.append(cost_table(aot.cost, by))
        term.emit(shown)
    failures = getattr(result, "failures", None)
    if failures:
        for failure in failures:
            term.note(f"  {failure_line(failure)}")
        raise KfootError(f"{len(failures)} variant(s) failed to compile and were left out; the library holds "
                         f"the other {len(result.variants):,}")
    return 0
