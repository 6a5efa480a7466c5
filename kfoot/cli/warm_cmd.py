"""`kfoot warm REGISTRY`: compile variants into the disk cache ahead of use, without a GPU."""

from __future__ import annotations

import json

import click

from .tables import summary_table
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
    from ..runtime import compiler
    from ..runtime.kernel_cache import DiskCache
    from ..runtime.registry import load_registry
    from ..runtime.trace import resolve_trace

    reg = load_registry(registry)
    cache = DiskCache.from_env()
    if cache is None:
        raise KfootError("the disk cache is disabled (KFOOT_CACHE=0): nothing to warm into")
    if trace:
        variants = resolve_trace(trace, reg.by_template_id, "registry")
    else:
        seen = set()
        variants = [v for v in reg.variants if not (v.template_id in seen or seen.add(v.template_id))]
    arch_list = [a.strip() for a in archs.split(",") if a.strip()]
    results = {}
    for arch in arch_list:
        results[arch] = _warm_one(reg, variants, arch, cache, jobs, batch_size or compiler.DEFAULT_BATCH, as_json)
    if as_json:
        click.echo(json.dumps({arch: _result_dict(r) for arch, r in results.items()}, indent=1))
    else:
        for arch, result in results.items():
            _print_summary(arch, result)
    failures = [f for r in results.values() for f in r.failures]
    if failures:
        by_error: dict[str, list[str]] = {}
        for template_id, error in failures:
            by_error.setdefault(error, []).append(template_id)
        for error, ids in list(by_error.items())[:10]:
            more = f" and {len(ids) - 1} more" if len(ids) > 1 else ""
            click.echo(f"kfoot: failed: {ids[0]}{more}: {error}", err=True)
        raise KfootError(f"{len(failures)} variant(s) failed to compile; the others are cached")
    return 0


def _warm_one(reg, variants, arch, cache, jobs, batch_size, quiet):
    from ..runtime import compiler
    from .tables import step_bar

    if quiet:
        return compiler.warm(reg, variants, arch, cache, jobs=jobs, batch_size=batch_size)
    with step_bar(terminal(), f"warm {arch}") as show:
        done = [0]

        def advance(n):  # warm reports kernels finished since the last call
            done[0] += n
            show(done[0], len(variants))
        return compiler.warm(reg, variants, arch, cache, jobs=jobs, batch_size=batch_size,
                             on_progress=advance if show else None)


def _result_dict(result) -> dict:
    return {
        "requested": result.requested,
        "cache_hits": result.cache_hits,
        "compiled": result.compiled,
        "programs": result.programs,
        "failed": len(result.failures),
        "wall_seconds": round(result.wall_seconds, 3),
        "nvrtc_seconds": round(result.compile_seconds, 3),
        "ms_per_kernel": round(result.seconds_per_kernel * 1e3, 2),
    }


def _print_summary(arch, result) -> None:
    rows = [("variants requested", str(result.requested)), ("already cached", str(result.cache_hits)),
            ("compiled", f"{result.compiled} in {result.programs} NVRTC program(s)")]
    if result.failures:
        rows.append(("failed", str(len(result.failures))))
    rows.append(("wall time", f"{result.wall_seconds:.2f} s"))
    if result.compiled:
        rows.append(("average per kernel", f"{result.seconds_per_kernel * 1e3:.1f} ms wall "
                     f"({result.compile_seconds / result.compiled * 1e3:.1f} ms in NVRTC, summed over processes)"))
    terminal().print(summary_table(f"kfoot warm {arch}", rows))
