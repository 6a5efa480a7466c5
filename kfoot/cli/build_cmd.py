"""`kfoot build --mode aot|rtc|hybrid [SPEC] -o DIR`: compile a spec's variants."""

from __future__ import annotations

import importlib
import json

import click

from ..core.errors import KfootError
from ..spec.loader import load_spec

DEFAULT_ARCHS = "sm_80,sm_90"


def _backend(module: str, function: str):
    """The rtc and hybrid builders live in their own modules, loaded only when asked for."""
    try:
        mod = importlib.import_module(f"kfoot.compile.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"kfoot.compile.{module}":
            raise KfootError(f"--mode {module} is not available in this kfoot yet") from None
        raise
    fn = getattr(mod, function, None)
    if fn is None:
        raise KfootError(f"--mode {module} is not available in this kfoot yet (kfoot.compile.{module}.{function} missing)")
    return fn


@click.command("build")
@click.argument("spec", required=False, type=click.Path(dir_okay=False))
@click.option("--mode", type=click.Choice(["aot", "rtc", "hybrid"]), default="aot", show_default=True,
              help="aot: compile everything now; rtc: registry for run-time compilation; hybrid: AOT for --hot.")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Output directory.")
@click.option("--arch", "archs", default=DEFAULT_ARCHS, show_default=True,
              help="Comma-separated targets: sm_XX for SASS, compute_XX for PTX.")
@click.option("-j", "--jobs", type=int, default=None, help="Parallel compile jobs (default: CPU count).")
@click.option("--compress-mode", type=click.Choice(["default", "size", "speed", "balance", "none"]), default=None,
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
def command(spec, mode, out_dir, archs, jobs, compress_mode, nvcc, launcher, shard_size, families, hot_trace,
            as_json, no_progress):
    """Build the variants of SPEC (default: the bundled kfoot/templates/kernels.toml) into DIR."""
    loaded = load_spec(spec)
    if mode == "aot":
        from ..compile.aot import build_aot

        if hot_trace:
            raise KfootError("--hot goes with --mode hybrid")
        result = build_aot(
            loaded, out_dir, archs=[archs], families=list(families) or None, jobs=jobs,
            compress_mode=compress_mode, nvcc=nvcc, launcher=launcher,
            shard_size=shard_size, progress=not no_progress and not as_json,
        )
        _print_aot_summary(result, as_json)
        return 0
    if mode == "rtc":
        if hot_trace:
            raise KfootError("--hot goes with --mode hybrid")
        build_rtc = _backend("rtc", "build_rtc")
        result = build_rtc(loaded, out_dir, families=list(families) or None)
    else:
        if not hot_trace:
            raise KfootError("--mode hybrid needs --hot TRACE (a KFOOT_TRACE usage trace)")
        if families:
            raise KfootError("--family does not go with --mode hybrid: the trace chooses the AOT variants "
                             "and every variant of the spec is registered")
        build_hybrid = _backend("hybrid", "build_hybrid")
        kwargs = dict(hot_trace=hot_trace, archs=[archs], jobs=jobs, compress_mode=compress_mode, nvcc=nvcc,
                      launcher=launcher, progress=not no_progress and not as_json)
        if shard_size is not None:
            kwargs["shard_size"] = shard_size
        result = build_hybrid(loaded, out_dir, **kwargs)
    if as_json:
        click.echo(json.dumps(_registry_summary(mode, out_dir, result), indent=1))
    elif result is not None:
        click.echo(str(result))
    return 0


def _registry_summary(mode: str, out_dir, registry) -> dict:
    """`--json` for rtc and hybrid builds, read back from the registry.json they wrote."""
    from pathlib import Path

    registry = Path(registry)
    data = json.loads(registry.read_text())
    rows = data["variants"]
    summary = {
        "mode": mode,
        "out_dir": str(out_dir),
        "registry": str(registry),
        "variants": len(rows),
        "families": sorted({r["family"] for r in rows}),
    }
    aot = data.get("aot")
    if aot is not None:
        root = registry.parent
        summary["aot"] = {
            "library": str(root / aot["library"]),
            "fatbin": str(root / aot["fatbin"]),
            "manifest": str(root / aot["manifest"]),
            "archs": aot["archs"],
            "sass_archs": aot["sass_archs"],
            "variants": len(aot["kernels"]),
            "kernels": len(aot["kernels"]) * len(aot["sass_archs"]),
        }
    return summary


def _print_aot_summary(result, as_json: bool) -> None:
    summary = {
        "mode": "aot",
        "out_dir": str(result.out_dir),
        "library": str(result.library),
        "fatbin": str(result.fatbin),
        "manifest": str(result.manifest),
        "variants": len(result.variants),
        "archs": result.archs,
        "kernels": result.kernels,
        "shards": len(result.shards),
        "compiled_shards": result.compiled_shards,
        "up_to_date": result.up_to_date,
        "duplicates_dropped": result.duplicates,
        "library_bytes": result.library_bytes,
        "fatbin_bytes": result.fatbin_bytes,
        "elapsed_s": round(result.elapsed_s, 3),
        "kernels_per_s": round(result.kernels / result.elapsed_s, 1) if result.compiled_shards else None,
    }
    if as_json:
        click.echo(json.dumps(summary, indent=1))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="kfoot build --mode aot", title_justify="left", show_header=False)
    table.add_column(style="bold")
    table.add_column()
    state = "up to date (nothing recompiled)" if result.up_to_date else \
        f"compiled {result.compiled_shards} of {len(result.shards)} shards"
    table.add_row("variants", f"{len(result.variants):,}" +
                  (f" ({result.duplicates} duplicate template-ids dropped)" if result.duplicates else ""))
    table.add_row("archs", ", ".join(result.archs))
    table.add_row("kernels", f"{result.kernels:,} (variants × SASS archs)")
    table.add_row("build", f"{state} in {result.elapsed_s:.2f} s")
    table.add_row("library", f"{result.library} ({result.library_bytes:,} bytes)")
    table.add_row("fatbin", f"{result.fatbin} ({result.fatbin_bytes:,} bytes)")
    table.add_row("manifest", str(result.manifest))
    Console().print(table)
