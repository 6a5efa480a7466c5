"""Turning registry variants into cached cubins: one kernel on demand, or many in bulk (warm).

Bulk compiling is where RTC's cost is won back: NVRTC's fixed cost per program (parsing the
headers, cuda_fp16/bf16 included) dominates a small kernel, so `warm` puts many variants into one
program (one name expression each) and runs several programs in parallel processes.
"""

from __future__ import annotations

import concurrent.futures as futures
import hashlib
import multiprocessing
import os
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..core.archs import parse_device_arch
from ..core import workers
from ..core.errors import KfootError
from ..core.toolchain import bundled_include_dirs
from . import fingerprint, nvjitlink, nvrtc, pch, remote
from .cache_counters import Counters
from .cache_entry import format_entry
from .kernel_cache import CacheHit, CacheWarning, DiskCache
from .statmemo import StatMemo
from .registry import Registry, RegistryFamily, RegistryVariant, load_registry

# Variants per NVRTC program. Each program pays ~100 ms of header parsing (cuda_fp16/bf16 and the
# templates); measured on the bundled binary family, 32 per program gave 3.8-4.7x the one-by-one
# speed per kernel and 64 gave 5.3x. The cost: a module loaded for one kernel brings its 63
# program-mates into GPU memory too (the cache stores one cubin per program).
DEFAULT_BATCH = 64


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
    stored: int = 0  # compiled kernels whose entries were written
    store_problem: str | None = None  # why some were not (a read-only or full cache)
    programs: int = 0
    pch_hits: int = 0  # programs whose headers came from a precompiled header (kfoot.runtime.pch)
    remote: dict | None = None  # the remote tier's hits, misses, errors and sent (kfoot.runtime.remote), if one is set
    compile_seconds: float = 0.0  # time inside NVRTC calls, summed over workers
    wall_seconds: float = 0.0
    failures: list[tuple[str, str]] = field(default_factory=list)  # (template-id, first error line)

    @property
    def seconds_per_kernel(self) -> float:
        """Wall time per compiled kernel: what the user waits, parallelism included."""
        return self.wall_seconds / self.compiled if self.compiled else 0.0

    def summary(self) -> dict:
        """One arch of `kfoot warm --json`."""
        return {
            "requested": self.requested,
            "cache_hits": self.cache_hits,
            "compiled": self.compiled,
            "programs": self.programs,
            "pch_hits": self.pch_hits,
            "remote": self.remote,
            "failed": len(self.failures),
            "wall_seconds": round(self.wall_seconds, 3),
            "nvrtc_seconds": round(self.compile_seconds, 3),
            "ms_per_kernel": round(self.seconds_per_kernel * 1e3, 2),
        }

    def rows(self) -> list[tuple[str, str]]:
        """One arch of `kfoot warm`'s summary table: (label, value)."""
        rows = [("variants requested", str(self.requested)), ("already cached", str(self.cache_hits)),
                ("compiled", f"{self.compiled} in {self.programs} NVRTC program(s)"
                 + (f", {self.pch_hits} with a precompiled header" if self.pch_hits else ""))]
        if self.failures:
            rows.append(("failed", str(len(self.failures))))
        if self.remote is not None:
            rows.append(("remote cache", "{hits} hit(s), {misses} miss(es), {errors} error(s)".format(**self.remote)))
        rows.append(("wall time", f"{self.wall_seconds:.2f} s"))
        if self.compiled:
            rows.append(("average per kernel", f"{self.seconds_per_kernel * 1e3:.1f} ms wall "
                         f"({self.compile_seconds / self.compiled * 1e3:.1f} ms in NVRTC, summed over processes)"))
        return rows


class SourceContext:
    """What compiling a registry's variants needs, computed once: options, NVRTC version, digests.

    Keys are only needed with a disk cache; `memo` (the cache's StatMemo) lets a process that
    is served from disk compute them without loading NVRTC or rehashing the toolkit headers.
    """

    def __init__(self, registry: Registry, arch: str, memo: StatMemo | None = None):
        self.registry = registry
        self.arch = parse_device_arch(arch).name
        # A shipped registry's own toolkit headers first (docs/runtime.md#finding-nvrtc).
        self.include_dirs = bundled_include_dirs(registry.root) or nvrtc.include_dirs()
        self.memo = memo
        self._nvrtc_version: str | None = None
        self._jitlink_version: str | None | bool = False  # False: not looked up yet
        self._digests: dict[tuple, str] = {}
        self._preludes: dict[str, str] = {}  # prelude text -> its sha256 (two texts: with and without complex)
        self._packs = None

    @property
    def packs(self) -> list:
        """The installed kernel-cache packs serving this registry and arch (kfoot.runtime.cache_pack),
        looked for once."""
        if self._packs is None:
            from .cache_pack import packs_for  # cache_pack compiles through this module

            self._packs = packs_for(self.registry, self.arch, lambda: self.nvrtc_version)
        return self._packs

    @property
    def nvrtc_version(self) -> str:
        if self._nvrtc_version is None:
            guess = nvrtc.library_guess()
            name = f"nvrtc-version:{guess}:{os.environ.get('CUDA_HOME', '')}"
            version = self.memo.get(name) if self.memo is not None and guess else None
            if version is None:
                version = nvrtc.nvrtc_version()  # loads libnvrtc
                loaded = nvrtc.loaded_library()
                # Remember it only when the library loaded is the one a fresh process guesses.
                if self.memo is not None and guess and loaded and os.path.realpath(loaded) == os.path.realpath(guess):
                    self.memo.put(name, [guess], version)
            self._nvrtc_version = version
        return self._nvrtc_version

    @property
    def jitlink_version(self) -> str | None:
        """The usable libnvJitLink's `major.minor`, or None (remembered in the memo like NVRTC's)."""
        if self._jitlink_version is False:
            guess = nvjitlink.library_guess()
            name = f"nvjitlink-version:{guess}:{os.environ.get('CUDA_HOME', '')}"
            version = self.memo.get(name) if self.memo is not None and guess else None
            if version is None:
                version = nvjitlink.version() or ""  # loads libnvJitLink
                if self.memo is not None and guess:
                    self.memo.put(name, [guess], version)
            self._jitlink_version = version or None
        return self._jitlink_version

    def link_tag(self, family: RegistryFamily, linked_by: str | None | bool = False) -> str:
        """What links this family's cubins: in the key (kfoot.runtime.nvjitlink.link_tag).
        `linked_by`: the nvJitLink version of a pack's cubins (None: NVRTC's own), for the key
        its maker gave them; False: this process's own."""
        jitlink = self.jitlink_version if linked_by is False else linked_by
        return nvjitlink.link_tag(self.nvrtc_version, jitlink, self.arch, self.options(family))

    def options(self, family: RegistryFamily) -> tuple[str, ...]:
        """NVRTC options for a family: its header's folder and the spec's include_dirs (the
        registry's copies), then the spec's defines and flags (registry `nvrtc_options`)."""
        return family_options(self.arch, [family], self.include_dirs)

    def digest(self, family: RegistryFamily) -> str:
        header = family.header
        dirs = (*family.include_dirs, *self.include_dirs)
        digest = self._digests.get((header, dirs))
        if digest is None:
            name = f"digest:{header}:{':'.join(map(str, dirs))}"
            digest = self.memo.get(name) if self.memo is not None else None
            if digest is None:
                try:
                    digest, files = fingerprint.source_digest_and_files(header, dirs)
                except OSError as exc:
                    raise KfootError(f"template source unreadable ({exc.strerror}): {exc.filename}; "
                                     "copy the registry folder whole", path=self.registry.path) from None
                if self.memo is not None:
                    self.memo.put(name, files, digest)
            self._digests[(header, dirs)] = digest
        return digest

    def prelude_digest(self, variant: RegistryVariant) -> str:
        """sha256 of the prelude compiling this variant alone starts with (kfoot.core.prelude,
        read at each call: the key follows the prelude this kfoot compiles with)."""
        text = fingerprint.prelude_text(variant.template_id)
        digest = self._preludes.get(text)
        if digest is None:
            digest = self._preludes[text] = fingerprint.prelude_sha256(variant.template_id)
        return digest

    def key(self, variant: RegistryVariant, linked_by: str | None | bool = False) -> str:
        """The cache key of `variant`; `linked_by` as link_tag takes it (a pack's lookups)."""
        family = self.registry.families[variant.family]
        return fingerprint.cache_key(
            nvrtc_version=self.nvrtc_version,
            arch=self.arch,
            options=self.options(family),
            prelude_sha256=self.prelude_digest(variant),
            source_sha256=self.digest(family),
            name_expression=variant.template_id,
            link=self.link_tag(family, linked_by),
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


def program_source(headers: list[Path], template_ids: list[str] = ()) -> str:
    """kfoot's prelude (the types its template-ids spell), then the families' headers."""
    from ..core.prelude import prelude

    return prelude(template_ids) + "".join(f'#include "{header.name}"\n' for header in headers)


def family_options(arch: str, families: list[RegistryFamily], toolkit: tuple[Path, ...] | None = None) -> tuple[str, ...]:
    """NVRTC options for a program of these families' variants (warm groups a program by
    header and options, so it is usually one family's): -I of each header's folder and of the
    spec's include_dirs, then the spec's defines and flags, each once, in order."""
    includes = [f"-I{f.header.parent}" for f in families]
    includes += [f"-I{d}" for f in families for d in f.include_dirs]
    extra = [opt for f in families for opt in f.options]
    return nvrtc.compile_options(arch, tuple(dict.fromkeys(includes)) + tuple(dict.fromkeys(extra)), toolkit)


def _batch_key(family: RegistryFamily) -> tuple:
    return (family.header, family.include_dirs, family.options)


def compile_variants(context: SourceContext, variants: list[RegistryVariant], cache: DiskCache | None, *,
                     make_pch: bool = True):
    """Compile variants as one NVRTC program and store them; returns the CompiledProgram.

    The program includes the header of every family involved (warm groups by header, so it is
    usually one). Include paths are not part of the key: the headers' content is. `make_pch`
    False: no PCH is made of its preamble (kfoot.runtime.pch), for a caller that compiles each
    preamble once.
    """
    families = list(dict.fromkeys(context.registry.families[v.family].name for v in variants))
    families = [context.registry.families[name] for name in families]
    headers = list(dict.fromkeys(f.header for f in families))
    options = family_options(context.arch, families, context.include_dirs)
    lean = all(context.link_tag(f) for f in families)
    program = pch.compile_program(program_source(headers, [v.template_id for v in variants]),
                                  [v.template_id for v in variants], options,
                                  link=nvjitlink.link_options(context.arch, options) if lean else None,
                                  digests=[context.digest(f) for f in families], make=make_pch)
    if cache is not None:
        kernels = [(context.key(v), program.lowered_names[v.template_id], context.meta(v, program.seconds, len(variants)))
                   for v in variants]
        cache.put_program(program.cubin, kernels)
        if program.pch_hit:
            cache.count(Counters(pch_hits=1))
        remote_tier = remote.tier()
        if remote_tier is not None:  # write-through: the entry as kernel_cache.put_program writes it
            sha = hashlib.sha256(program.cubin).hexdigest()
            for key, lowered, meta in kernels:
                remote_tier.put(key, format_entry(dict(meta, key=key, blob=sha, blob_size=len(program.cubin),
                                                       lowered_name=lowered, created=time.time())), program.cubin)
    return program


def cached(context: SourceContext, cache: DiskCache | None, variant: RegistryVariant) -> CacheHit | None:
    """An installed pack's entry for `variant` (read-only, checked; looked up by the key its
    maker's nvJitLink gave it), else the disk cache's, else the remote tier's (checked, then
    written to the disk cache: read-through), else None."""
    for reader in context.packs:
        hit = reader.get(context.key(variant, reader.linked_by))
        if hit is not None:
            return hit
    if cache is None:
        return None
    key = context.key(variant)
    hit = cache.get(key)
    remote_tier = remote.tier() if hit is None else None
    if remote_tier is None:
        return hit
    outcome, got = remote_tier.fetch(key)
    cache.count(Counters(remote_hits=int(outcome == "hit"), remote_misses=int(outcome == "miss"),
                         remote_errors=int(outcome == "error")))
    if got is None:
        return None
    meta, _, cubin = got
    own = {k: v for k, v in meta.items() if k not in ("key", "blob", "blob_size", "lowered_name", "created")}
    cache.put_program(cubin, [(key, meta["lowered_name"], own)])
    return CacheHit(cubin=cubin, lowered_name=meta["lowered_name"], meta=meta)


def get_kernel_binary(context: SourceContext, variant: RegistryVariant, cache: DiskCache | None) -> KernelBinary:
    """The cubin of one variant: from the disk cache, else compiled alone (and cached)."""
    if cache is not None or context.packs:
        hit = cached(context, cache, variant)
        if hit is not None:
            return KernelBinary(hit.cubin, hit.lowered_name, context.arch, True)
    program = compile_variants(context, [variant], cache)
    return KernelBinary(program.cubin, program.lowered_names[variant.template_id], context.arch, False)


# -- bulk warm -------------------------------------------------------------------------------
def plan_batches(context: SourceContext, variants: list[RegistryVariant], cache: DiskCache | None, batch_size: int):
    """(hits, batches): the variants already cached, and the rest grouped by header into programs."""
    hits = 0
    todo: dict[tuple, list[RegistryVariant]] = {}
    for variant in variants:
        if (cache is not None or context.packs) and cached(context, cache, variant) is not None:
            hits += 1
            continue
        todo.setdefault(_batch_key(context.registry.families[variant.family]), []).append(variant)
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
    context = SourceContext(registry, arch, cache.memo)
    result = WarmResult(requested=len(variants))
    result.cache_hits, batches = plan_batches(context, variants, cache, max(1, batch_size))
    if on_progress and result.cache_hits:
        on_progress(result.cache_hits)
    if batches:
        # Resolve what every key needs once, here, so forked workers inherit it.
        context.nvrtc_version
        context.jitlink_version
        pch.prepare()  # workers forked after this share the PCH heap's address, so each other's PCHs
        for name in {registry.by_template_id[b[0]].family for b in batches}:
            context.digest(registry.families[name])
    # Writers never prune (a bound would evict mid-warm); the bound is applied once at the end.
    writer = DiskCache(cache.root)
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(batches) or 1))
    # One job still compiles in a worker where fork is cheap: NVRTC cannot be interrupted, and
    # Ctrl-C must stop a warm within 2 s, not when the current program is done.
    if jobs == 1 and (not batches or "fork" not in multiprocessing.get_all_start_methods()):
        _collect((_compile_batch(context, writer, batch) for batch in batches), result, on_progress)
    else:
        _collect(_run_pool(context, writer, batches, jobs), result, on_progress)
    if result.stored < result.compiled:  # a warm exists to fill the cache: not doing so is its failure
        raise KfootError(f"{result.compiled - result.stored} of {result.compiled} compiled kernels could not be stored "
                         f"in the cache: {result.store_problem}", path=cache.root)
    if cache.max_bytes is not None:
        cache.prune(cache.max_bytes)
    remote_tier = remote.tier()
    result.remote = remote_tier.stats.to_dict() if remote_tier is not None else None
    result.wall_seconds = time.perf_counter() - start
    return result


# Worker state. With fork (Linux) workers inherit the parent's loaded registry, header digests
# and NVRTC version, which on the bundled spec saves each worker ~1 s of imports and parsing
# (measured: a spawned worker re-imports kfoot and cupy and re-reads the 13 MB registry.json).
# Nothing CUDA runs in the parent during a warm, only NVRTC, so forking it is safe.
_WORKER_STATE: tuple | None = None


def _run_pool(context: SourceContext, writer: DiskCache, batches: list[list[str]], jobs: int):
    global _WORKER_STATE
    if "fork" in multiprocessing.get_all_start_methods():
        _WORKER_STATE = (context, writer)
        method, initargs = "fork", (None,)
    else:
        method, initargs = "spawn", ((str(context.registry.path), context.arch, str(writer.root)),)
    try:
        # Workers die with kfoot (even kill -9) and ignore Ctrl-C; on Ctrl-C, SIGTERM or an error
        # here they are killed at once, not waited for (a busy NVRTC call can run for seconds).
        # An entry is written atomically, so a killed worker leaves at most a stray temp file.
        with workers.worker_pool(jobs, mp_context=multiprocessing.get_context(method),
                                 initializer=_init_worker, initargs=initargs) as pool:
            pending = [pool.submit(_compile_batch_in_worker, batch) for batch in batches]
            for done in futures.as_completed(pending):
                workers.check_interrupted()
                yield done.result()
    finally:
        _WORKER_STATE = None


def _init_worker(spawn_args) -> None:
    global _WORKER_STATE
    if spawn_args is not None:
        registry_path, arch, cache_root = spawn_args
        cache = DiskCache(cache_root)
        _WORKER_STATE = (SourceContext(load_registry(registry_path), arch, cache.memo), cache)


def _compile_batch_in_worker(template_ids: list[str]):
    context, writer = _WORKER_STATE
    return _compile_batch(context, writer, template_ids)


def _collect(outcomes, result: WarmResult, on_progress) -> None:
    for compiled, stored, store_problem, programs, seconds, failures, pch_hits in outcomes:
        result.compiled += compiled
        result.stored += stored
        result.store_problem = result.store_problem or store_problem
        result.programs += programs
        result.pch_hits += pch_hits
        result.compile_seconds += seconds
        result.failures.extend(failures)
        if on_progress:
            on_progress(compiled + len(failures))


def _compile_batch(context: SourceContext, cache: DiskCache, template_ids: list[str]):
    """Compile one program; on failure split it in halves to isolate the bad variants."""
    variants = [context.registry.by_template_id[t] for t in template_ids]
    pch_hits_before = pch.STATS.hits
    compiled = stored = programs = 0
    seconds = 0.0
    failures: list[tuple[str, str]] = []
    pending = [variants]
    with warnings.catch_warnings():  # a cache that cannot be written is counted, and warm fails in one line
        warnings.simplefilter("ignore", CacheWarning)
        while pending:
            group = pending.pop()
            try:
                program = compile_variants(context, group, cache)
            except nvrtc.CompileError as exc:
                if len(group) == 1 or exc.whole_program:
                    failures.extend((v.template_id, exc.first_error) for v in group)
                else:
                    middle = len(group) // 2
                    pending += [group[:middle], group[middle:]]
                continue
            compiled += len(group)
            stored += 0 if cache.unusable else len(group)
            programs += 1
            seconds += program.seconds
    return compiled, stored, cache.unusable_reason, programs, seconds, failures, pch.STATS.hits - pch_hits_before
