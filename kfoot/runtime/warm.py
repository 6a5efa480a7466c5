"""`kfoot warm`: what to compile (a registry's distinct variants, or a usage trace's) for which
archs, into which disk cache, and the outcome per arch with its failures grouped by error.
The bulk compiling itself is kfoot.runtime.compiler.warm."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from ..core.archs import parse_device_arch
from ..core.errors import KfootError
from . import cache_pack, compiler
from .kernel_cache import DiskCache
from .registry import Registry, RegistryVariant, load_registry
from .trace import resolve_trace

FAILURE_LINES = 10  # distinct errors shown; the rest are counted in the headline


@dataclass(frozen=True)
class WarmPlan:
    registry: Registry
    variants: list[RegistryVariant]  # one per template-id (families may share one), in registry or trace order
    archs: list[str]  # as given, each once
    cache: DiskCache


def plan_warm(registry: str | os.PathLike, archs: str, trace: str | os.PathLike | None = None) -> WarmPlan:
    """The registry's variants (or those `trace` names) for the comma-separated `archs`, into
    the disk cache the environment names; bad input is one line before anything compiles."""
    loaded = load_registry(registry)
    cache = DiskCache.from_env()
    if cache is None:
        raise KfootError("the disk cache is disabled (KFOOT_CACHE=0): nothing to warm into")
    return WarmPlan(loaded, select_variants(loaded, trace), parse_archs(archs), cache)


def select_variants(loaded: Registry, trace: str | os.PathLike | None) -> list[RegistryVariant]:
    """The registry's distinct RTC variants, or those `trace` names (`kfoot warm`, `kfoot cache pack`)."""
    if trace:
        variants = resolve_trace(trace, loaded.by_template_id, "registry")
    else:
        seen: set[str] = set()
        variants = [v for v in loaded.variants if not (v.template_id in seen or seen.add(v.template_id))]
    # A family of modes = ["aot"] lives in the library only: NVRTC never compiles it.
    return [v for v in variants if not loaded.families[v.family].aot_only]


def parse_archs(archs: str) -> list[str]:
    """--arch sm_80,sm_90: each once, each checked."""
    arch_list = list(dict.fromkeys(a.strip() for a in archs.split(",") if a.strip()))
    if not arch_list:
        raise KfootError(f"--arch {archs!r} names no arch (give one or more, comma-separated: sm_80,sm_90)")
    for arch in arch_list:
        parse_device_arch(arch)
    return arch_list


@dataclass(frozen=True)
class WarmRun:
    """What `run_warm` did: one compiler.WarmResult per arch, in the plan's order."""

    results: dict[str, compiler.WarmResult]

    def summary(self) -> dict:
        """`kfoot warm --json` (docs/runtime.md)."""
        return {arch: result.summary() for arch, result in self.results.items()}

    @property
    def failures(self) -> list[tuple[str, str]]:
        return [f for result in self.results.values() for f in result.failures]

    def failure_lines(self) -> list[str]:
        """One line per distinct error (the first FAILURE_LINES), naming a variant it broke and
        how many more: a missing header fails every variant of a program with the same error."""
        by_error: dict[str, list[str]] = {}
        for template_id, error in self.failures:
            by_error.setdefault(error, []).append(template_id)
        return [f"kfoot: failed: {ids[0]}{f' and {len(ids) - 1} more' if len(ids) > 1 else ''}: {error}"
                for error, ids in list(by_error.items())[:FAILURE_LINES]]


def run_warm(plan: WarmPlan, *, jobs: int | None = None, batch_size: int | None = None, progress=None) -> WarmRun:
    """Compile the plan, one arch after the other. `progress(arch)`, when given, is a context
    manager yielding `advance(done, total)` (or None): how a caller shows each arch's progress."""
    results = {}
    total = len(plan.variants)
    for arch in plan.archs:
        with (progress(arch) if progress is not None else nullcontext()) as show:
            done = [0]

            def advance(n, show=show):  # compiler.warm reports kernels finished since its last call
                done[0] += n
                show(done[0], total)
            results[arch] = compiler.warm(plan.registry, plan.variants, arch, plan.cache, jobs=jobs,
                                          batch_size=batch_size or compiler.DEFAULT_BATCH,
                                          on_progress=advance if show else None)
    return WarmRun(results)


def pack_registry(registry: Registry, variants: list[RegistryVariant], archs: list[str], out_dir: str | os.PathLike, *,
                  max_wheel_bytes: int, jobs: int | None = None, batch_size: int = compiler.DEFAULT_BATCH):
    """`kfoot cache pack`: compile `variants` for each of `archs` (`batch_size` per NVRTC program)
    into a private disk cache and write its entries as wheels into `out_dir`
    (kfoot.runtime.cache_pack). A program's cubin goes with its entries: a shard that splits a
    program's kernels holds its cubin in each wheel."""
    cache_pack.check_limit(max_wheel_bytes)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    result = cache_pack.PackResult(out, max_wheel_bytes)
    with tempfile.TemporaryDirectory(prefix="kfoot-pack-") as tmp:
        for arch in archs:
            cache = DiskCache(Path(tmp) / arch)
            warmed = compiler.warm(registry, variants, arch, cache, jobs=jobs, batch_size=batch_size)
            if warmed.failures:
                template_id, error = warmed.failures[0]
                raise KfootError(f"{len(warmed.failures)} variant(s) failed to compile for {arch}, "
                                 f"first {template_id}: {error}")
            context = compiler.SourceContext(registry, arch, cache.memo)
            result.wheels += cache_pack.write_pack(out, registry, context.nvrtc_version,
                                                   cache_pack.usable_jitlink(context), arch, cache, max_wheel_bytes)
            shutil.rmtree(cache.root, ignore_errors=True)
    return result
