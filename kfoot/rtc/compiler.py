"""Turning registry variants into cached cubins: one kernel on demand, or many in bulk (warm).

Bulk compiling is where RTC's cost is won back: NVRTC's fixed cost per program (parsing the
headers, cuda_fp16/bf16 included) dominates a small kernel, so `warm` puts many variants into one
program (one name expression each) and runs several programs in parallel processes.
"""

from __future__ import annotations

import concurrent.futures as futures
import functools
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from . import fingerprint, nvrtc
from .cache import DiskCache
from .registry import Registry, RegistryVariant, load_registry

DEFAULT_BATCH = 32


@dataclass(frozen=True)
class KernelBinary:
    """A compiled kernel: the cubin that holds it (maybe with others) and its mangled name."""

    cubin: bytes
    lowered_name: str
    arch: str
    from_cache: bool


@dataclass
class WarmResult:
    requested: int = 0
    cache_hits: int = 0
    compiled: int = 0
    programs: int = 0
    compile_seconds: float = 0.0  # summed over workers (CPU time spent in NVRTC)
    wall_seconds: float = 0.0
    failures: list[tuple[str, str]] = field(default_factory=list)  # (template-id, first error line)

    @property
    def seconds_per_kernel(self) -> float:
        """Wall time per compiled kernel: what the user waits, parallelism included."""
        return self.wall_seconds / self.compiled if self.compiled else 0.0


class SourceContext:
    """What compiling a registry's variants needs, computed once: options and header digests."""

    def __init__(self, registry: Registry, arch: str):
        self.registry = registry
        self.arch = nvrtc.normalize_arch(arch)
        self.nvrtc_version = nvrtc.nvrtc_version()
        self.include_dirs = nvrtc.include_dirs()
        self._digests: dict[Path, str] = {}

    def options(self, header: Path) -> tuple[str, ...]:
        return nvrtc.compile_options(self.arch, (f"-I{header.parent}",))

    def digest(self, header: Path) -> str:
        digest = self._digests.get(header)
        if digest is None:
            digest = self._digests[header] = fingerprint.source_digest(header, self.include_dirs)
        return digest

    def key(self, variant: RegistryVariant) -> str:
        header = self.registry.families[variant.family].header
        return fingerprint.cache_key(
            nvrtc_version=self.nvrtc_version,
            arch=self.arch,
            options=self.options(header),
            source_sha256=self.digest(header),
            name_expression=variant.template_id,
        )

    def meta(self, variant: RegistryVariant, seconds: float, batch: int) -> dict:
        return {
            "name_expression": variant.template_id,
            "family": variant.family,
            "arch": self.arch,
            "nvrtc": self.nvrtc_version,
            "kfoot": __version__,
            "compile_seconds": round(seconds, 4),
            "program_kernels": batch,
        }


def program_source(header: Path) -> str:
    return f'#include "{header.name}"\n'


def compile_variants(context: SourceContext, variants: list[RegistryVariant], cache: DiskCache | None):
    """Compile variants of one header as one program and store them; returns the CompiledProgram."""
    header = context.registry.families[variants[0].family].header
    program = nvrtc.compile_program(program_source(header), [v.template_id for v in variants], context.options(header))
    if cache is not None:
        cache.put_program(
            program.cubin,
            [(context.key(v), program.lowered_names[v.template_id], context.meta(v, program.seconds, len(variants))) for v in variants],
        )
    return program


def get_kernel_binary(context: SourceContext, variant: RegistryVariant, cache: DiskCache | None) -> KernelBinary:
    """The cubin of one variant: from the disk cache, else compiled alone (and cached)."""
    if cache is not None:
        hit = cache.get(context.key(variant))
        if hit is not None:
            return KernelBinary(hit.cubin, hit.lowered_name, context.arch, True)
    program = compile_variants(context, [variant], cache)
    return KernelBinary(program.cubin, program.lowered_names[variant.template_id], context.arch, False)


# -- bulk warm -------------------------------------------------------------------------------
def plan_batches(context: SourceContext, variants: list[RegistryVariant], cache: DiskCache | None, batch_size: int):
    """(hits, batches): the variants already cached, and the rest grouped by header into programs."""
    hits = 0
    todo: dict[Path, list[RegistryVariant]] = {}
    for variant in variants:
        if cache is not None and cache.get(context.key(variant)) is not None:
            hits += 1
            continue
        header = context.registry.families[variant.family].header
        todo.setdefault(header, []).append(variant)
    batches = []
    for group in todo.values():
        for start in range(0, len(group), batch_size):
            batches.append([v.template_id for v in group[start : start + batch_size]])
    return hits, batches


def warm(
    registry: Registry,
    variants: list[RegistryVariant],
    arch: str,
    cache: DiskCache,
    *,
    jobs: int | None = None,
    batch_size: int = DEFAULT_BATCH,
    on_progress=None,
) -> WarmResult:
    """Compile every variant not in the cache into it, `batch_size` per NVRTC program, `jobs` processes.

    `on_progress(kernels_done)` is called as programs finish (for a progress bar).
    """
    start = time.perf_counter()
    cache.ensure_root()
    context = SourceContext(registry, arch)
    result = WarmResult(requested=len(variants))
    result.cache_hits, batches = plan_batches(context, variants, cache, max(1, batch_size))
    if on_progress and result.cache_hits:
        on_progress(result.cache_hits)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(batches) or 1))
    args = [(str(registry.path), context.arch, str(cache.root), batch) for batch in batches]
    if jobs == 1:
        outcomes = map(_warm_batch_star, args)
        _collect(outcomes, result, on_progress)
    else:
        # spawn, not fork: the parent may run threads (rich's refresh thread) and holds cupy state.
        with futures.ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
            _collect((f.result() for f in futures.as_completed([pool.submit(_warm_batch, *a) for a in args])), result, on_progress)
    if cache.max_bytes is not None:
        cache.prune(cache.max_bytes)
    result.wall_seconds = time.perf_counter() - start
    return result


def _collect(outcomes, result: WarmResult, on_progress) -> None:
    for compiled, programs, seconds, failures in outcomes:
        result.compiled += compiled
        result.programs += programs
        result.compile_seconds += seconds
        result.failures.extend(failures)
        if on_progress:
            on_progress(compiled + len(failures))


def _warm_batch_star(args):
    return _warm_batch(*args)


@functools.lru_cache(maxsize=8)
def _worker_context(registry_path: str, arch: str, cache_root: str):
    registry = load_registry(registry_path)
    # Workers never prune: the parent does once at the end, so a bound never evicts mid-warm.
    return SourceContext(registry, arch), DiskCache(cache_root)


def _warm_batch(registry_path: str, arch: str, cache_root: str, template_ids: list[str]):
    """Worker: compile one program; on failure split it in halves to isolate the bad variants."""
    context, cache = _worker_context(registry_path, arch, cache_root)
    variants = [context.registry.by_template_id[t] for t in template_ids]
    compiled = programs = 0
    seconds = 0.0
    failures: list[tuple[str, str]] = []
    pending = [variants]
    while pending:
        group = pending.pop()
        try:
            program = compile_variants(context, group, cache)
        except nvrtc.CompileError as exc:
            if len(group) == 1:
                failures.append((group[0].template_id, str(exc)))
            else:
                middle = len(group) // 2
                pending += [group[:middle], group[middle:]]
            continue
        compiled += len(group)
        programs += 1
        seconds += program.seconds
    return compiled, programs, seconds, failures
