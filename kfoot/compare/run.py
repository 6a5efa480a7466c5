"""`kfoot compare`: the same spec built ahead of time (AOT), for run-time compilation (RTC) and,
with a usage trace, hybrid; the trade-off in one table.

Per mode: variants compiled ahead of time, kernels in the binary, shipped bytes, device bytes
(`kfoot report`), build time, context memory (eager and lazy at context creation, and after
the trace's kernels are in use), and the RTC first-use latency (cold NVRTC compile, the compile
with the family's precompiled header warm, disk-cache hit in a fresh process, remote-tier hit in
a fresh process with an empty disk cache, in-memory hit).

Context memory is measured when a GPU is present (kfoot.memory.measure) and estimated otherwise
(kfoot.memory.estimate), and every figure says which. "After the trace" is what each mode has
loaded once the traced kernels ran: AOT under eager loading holds every module anyway; RTC holds
one module per distinct cubin serving the trace (after `kfoot warm --trace`, kernels compiled in
one NVRTC program share a cubin); hybrid holds its AOT library of the traced variants.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import KfootError

SCHEMA = "kfoot.compare/2"
MODES = ("aot", "rtc", "hybrid")

# Runs in a fresh process: the first request for a kernel whose cubin is in the disk cache.
_DISK_HIT_CHILD = r"""
import json, sys, time
from kfoot import runtime
from kfoot.runtime import remote
from kfoot.runtime.kernel_cache import DiskCache
registry, cache, arch, template_id, other = sys.argv[1:6]
t0 = time.perf_counter()
reg = runtime.open_registry(registry, cache=DiskCache(cache), trace=None)
t1 = time.perf_counter()
binary = reg.kernel_by_id(template_id).binary(arch)
t2 = time.perf_counter()
next_s = None
if other:  # a second kernel: what each further first use costs once the process has its keys ready
    second = reg.kernel_by_id(other).binary(arch)
    next_s = time.perf_counter() - t2
    binary = binary if second.from_cache else second
tier = remote.tier()
print(json.dumps({"open_s": t1 - t0, "first_request_s": t2 - t1, "next_request_s": next_s,
                  "from_cache": binary.from_cache, "remote": tier.stats.to_dict() if tier else None}))
"""


@dataclass
class ModeResult:
    name: str
    variants_aot: int = 0  # variants compiled ahead of time
    variants: int = 0  # variants a program can ask for
    kernels: int = 0  # kernel entries in the shipped binary (kfoot report)
    binary_bytes: int = 0  # what ships: the library, the registry and its templates
    stored_bytes: int = 0  # device images as stored in the binary (kfoot report)
    build_s: float = 0.0
    memory: dict = field(default_factory=dict)
    up_to_date: bool = False  # a reused build that compiled nothing: build_s is not a build time

    def to_dict(self) -> dict:
        return {"variants_aot": self.variants_aot, "variants": self.variants, "kernels": self.kernels,
                "binary_bytes": self.binary_bytes, "stored_bytes": self.stored_bytes,
                "build_s": round(self.build_s, 3), "up_to_date": self.up_to_date, "memory": self.memory}


@dataclass
class Comparison:
    spec: str
    archs: list[str]
    memory_arch: str
    trace: str | None
    work_dir: str | None  # None: a temporary folder, removed afterwards
    variants: dict
    modes: dict[str, ModeResult]
    first_use: dict
    memory_method: str
    device: str | None = None

    def to_dict(self) -> dict:
        return {"schema": SCHEMA, "spec": self.spec, "archs": self.archs, "memory_arch": self.memory_arch,
                "memory_method": self.memory_method, "device": self.device, "trace": self.trace,
                "work_dir": self.work_dir, "variants": self.variants,
                "modes": {name: mode.to_dict() for name, mode in self.modes.items()},
                "rtc_first_use": self.first_use}


def _tree_bytes(*paths: Path) -> int:
    total = 0
    for path in paths:
        if path.is_file():
            total += path.stat().st_size
        elif path.is_dir():
            total += sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return total


def _report(paths):
    from ..report.analyze import ReportOptions, analyze_paths

    return analyze_paths([str(p) for p in paths], ReportOptions(jobs=1))


def _memory_of(paths, method: str, arch: str) -> dict:
    """Eager and lazy context memory of the device code in `paths` (files or folders of cubins),
    measured on the GPU (one process per path, summed), or estimated for `arch` with every file's
    modules in one context."""
    from ..memory.estimate import estimate_file, estimate_together

    if method == "measure":
        from ..memory.measure import measure_file

        eager = lazy = 0
        for path in paths:
            m = measure_file(str(path))
            eager += m["eager_bytes"]
            lazy += m["lazy_bytes"]
        return {"method": "measured", "eager_bytes": eager, "lazy_bytes": lazy}
    # The files are loaded into one process (a library, or the cubins RTC serves a trace from).
    eager, lazy = estimate_together([estimate_file(file, arch) for file in _report(paths).files])
    return {"method": "estimated", "arch": arch, "eager_bytes": eager, "lazy_bytes": lazy}


def _newest_sass(archs: list[str]) -> str:
    from ..core.archs import parse_targets

    sass = [t for t in parse_targets(archs) if t.is_sass]
    if not sass:
        raise KfootError("--arch: compare needs at least one SASS arch (sm_XX) to build and compile for")
    return max(sass, key=lambda a: (a.number, a.suffix)).name


@contextmanager
def _work_dir(path):
    if path is not None:
        out = Path(path)
        out.mkdir(parents=True, exist_ok=True)
        yield out.resolve()
        return
    with tempfile.TemporaryDirectory(prefix="kfoot-compare-") as tmp:
        yield Path(tmp)


def _note(progress, message: str) -> None:
    if progress is not None:
        progress(message)


def compare(spec_path=None, *, archs, hot_trace=None, work_dir=None, jobs=None, memory: str = "auto",
            reuse: bool = False, families=None, progress=None, build_progress=None) -> Comparison:
    """Build `spec_path` three ways into `work_dir` (default: a temporary folder) and measure them.
    Builds start clean so build times compare (`reuse` keeps earlier builds: ninja then rebuilds
    only what changed, and the time says so). `families`: only these family globs, in all three
    modes (as `kfoot build --family`). `progress(message)` is told what runs next;
    `build_progress(done, total, current)` follows the AOT compiles (see build_aot)."""
    from ..compile.aot import build_aot
    from ..compile.rtc_registry import build_rtc
    from ..memory import resolve_mode
    from ..runtime.trace import resolve_trace
    from ..variants.loader import load_spec
    from ..variants.enumerate import enumerate_spec, unique_by_template_id
    from ..variants.explain import explain_spec

    spec = load_spec(spec_path)
    if families:
        spec = dataclasses.replace(spec, families=spec.select(families))
    arch_list = [archs] if isinstance(archs, str) else list(archs)
    memory_arch = _newest_sass(arch_list)
    hot_ids = None
    method = resolve_mode(memory)
    device = None
    if method == "measure":
        from ..memory.measure import gpu_status

        device = gpu_status()[1]
    explained = explain_spec(spec)
    unique, _ = unique_by_template_id(enumerate_spec(spec))
    if hot_trace:  # before any compiling: a bad trace should not cost an AOT build
        hot_ids = [v.template_id for v in resolve_trace(hot_trace, {v.template_id: v for v in unique}, "spec")]
    variants = {"as_written": sum(r["variants"] for r in explained["families"]),
                "nested_switch": explained["whole_spec"]["nested"],
                "distinct_template_ids": len(unique)}
    modes: dict[str, ModeResult] = {}
    with _work_dir(work_dir) as root:
        if not reuse:
            for name in ("aot", "rtc", "hybrid", "rtc-cache", "rtc-loaded"):
                shutil.rmtree(root / name, ignore_errors=True)
        # AOT: every variant, compiled now.
        _note(progress, "building AOT (every variant, nvcc)")
        started = time.perf_counter()
        aot = build_aot(spec, root / "aot", archs=arch_list, jobs=jobs, progress=build_progress)
        modes["aot"] = _aot_mode("aot", aot, time.perf_counter() - started, len(unique), method, memory_arch)
        modes["aot"].up_to_date = aot.up_to_date

        # RTC: a registry; nothing compiled until asked for.
        _note(progress, "building RTC (registry)")
        started = time.perf_counter()
        registry = build_rtc(spec, root / "rtc")
        rtc_s = time.perf_counter() - started
        rtc_report = _report([root / "rtc"]) if any((root / "rtc").rglob("*.so")) else None
        modes["rtc"] = ModeResult("rtc", 0, len(unique), rtc_report.totals.kernels if rtc_report else 0,
                                  _tree_bytes(registry.path, root / "rtc" / "templates"),
                                  0, rtc_s, {"method": "by-construction", "eager_bytes": 0, "lazy_bytes": 0,
                                             "note": "no device code until a kernel is first used"})

        # Hybrid: the traced variants AOT, the rest RTC.
        if hot_ids:
            from ..compile.hybrid import build_hybrid

            _note(progress, f"building hybrid ({len(hot_ids)} traced variants AOT, nvcc)")
            started = time.perf_counter()
            built = build_hybrid(spec, root / "hybrid", hot_trace=hot_trace, archs=arch_list, jobs=jobs,
                                 progress=build_progress)
            hybrid_s = time.perf_counter() - started
            library = built.aot.library
            hybrid = ModeResult("hybrid", len(hot_ids), len(unique), build_s=hybrid_s)
            report = _report([library])
            hybrid.kernels = report.totals.kernels
            hybrid.stored_bytes = report.totals.stored_bytes
            hybrid.binary_bytes = _tree_bytes(library, root / "hybrid" / "registry.json", root / "hybrid" / "templates")
            hybrid.memory = _memory_of([library], method, memory_arch)
            hybrid.up_to_date = built.aot.up_to_date
            modes["hybrid"] = hybrid

        # RTC first use, and what RTC holds once the trace ran.
        _note(progress, f"timing RTC first use (NVRTC, {memory_arch})")
        first_use = rtc_first_use(root / "rtc", memory_arch, hot_ids[0] if hot_ids else None, root / "rtc-cache")
        if hot_ids:
            _note(progress, "compiling the trace (kfoot warm) for the RTC memory after it")
            loaded = _rtc_trace_modules(root / "rtc", hot_ids, memory_arch, root / "rtc-cache", jobs,
                                        root / "rtc-loaded")
            after = _memory_of([loaded], method, memory_arch)
            modes["rtc"].memory["after_trace_bytes"] = after["eager_bytes"]
            modes["rtc"].memory["after_trace_modules"] = sum(1 for _ in loaded.glob("*.cubin"))
            modes["aot"].memory["after_trace_bytes"] = modes["aot"].memory["eager_bytes"]
            modes["hybrid"].memory["after_trace_bytes"] = modes["hybrid"].memory["eager_bytes"]
    return Comparison(str(spec.path), arch_list, memory_arch, str(hot_trace) if hot_trace else None,
                      str(work_dir) if work_dir is not None else None, variants, modes, first_use,
                      "measured" if method == "measure" else "estimated", device)


def _aot_mode(name, result, build_s, variants, method, memory_arch) -> ModeResult:
    report = _report([result.library])
    mode = ModeResult(name, len(result.variants), variants, report.totals.kernels, result.library_bytes,
                      report.totals.stored_bytes, build_s)
    mode.memory = _memory_of([result.library], method, memory_arch)
    return mode


@contextmanager
def _pch_off():
    """KFOOT_PCH=0 for this process while the block runs (kfoot.runtime.pch reads it per program)."""
    before = os.environ.get("KFOOT_PCH")
    os.environ["KFOOT_PCH"] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["KFOOT_PCH"]
        else:
            os.environ["KFOOT_PCH"] = before


def _probe(registry_dir: Path, cache_dir: Path, arch: str, template_id: str, other: str, what: str) -> dict:
    """A fresh process's first request for `template_id` (and `other`), served from `cache_dir`
    or, when that is empty, from the remote tier."""
    child = subprocess.run([sys.executable, "-c", _DISK_HIT_CHILD, str(registry_dir), str(cache_dir), arch,
                            template_id, other], capture_output=True, text=True, env=dict(os.environ, KFOOT_TRACE=""))
    if child.returncode != 0:
        tail = (child.stderr.strip().splitlines() or ["no output"])[-1]
        raise KfootError(f"the {what} probe failed: {tail}")
    return json.loads(child.stdout.strip().splitlines()[-1])


def rtc_first_use(registry_dir: Path, arch: str, template_id: str | None, cache_dir: Path) -> dict:
    """First-use latency of one RTC kernel for `arch` (CPU only): a cold NVRTC compile (NVRTC
    already loaded, as after the process's first kernel; no precompiled header), the same first
    use with the family's precompiled header warm (made by a sibling's compile, as in a process
    whose earlier kernels were of that family), a disk-cache hit in a fresh process (its first
    request: opening the cache and reading the cubin), a remote-tier hit in a fresh process with
    an empty disk cache (KFOOT_CACHE_REMOTE; the row says when it is not set or served nothing),
    and an in-memory hit."""
    from ..runtime import api as runtime
    from ..runtime import compiler, pch, remote
    from ..runtime.kernel_cache import DiskCache
    from ..runtime.statmemo import MEMO_NAME

    remote_cache = cache_dir.with_name(cache_dir.name + "-remote")
    for folder in (cache_dir, remote_cache):
        if folder.exists():
            shutil.rmtree(folder)  # cold means cold: nothing cached from an earlier run
    reg = runtime.open_registry(registry_dir, cache=DiskCache(cache_dir), trace=None)
    variants = reg.registry.variants
    if not variants:
        raise KfootError("the spec has no variants to compile", path=registry_dir)
    target = reg.registry.by_template_id[template_id] if template_id else variants[0]
    context = reg.context(arch)
    header = reg.registry.families[target.family].header
    siblings = [v for v in variants if v.template_id != target.template_id and v.family == target.family]
    # A sibling whose program shares the target's preamble (its PCH serves the target), else any.
    same_preamble = [v for v in siblings if compiler.program_source([header], [v.template_id])
                     == compiler.program_source([header], [target.template_id])]
    other = (same_preamble or siblings or [None])[0]
    if other is not None:  # loads NVRTC outside the timing, makes the preamble's PCH, cached for the disk hit
        compiler.compile_variants(context, [other], reg.cache)
    with _pch_off():
        started = time.perf_counter()
        compiler.compile_variants(context, [target], None)
        cold_s = time.perf_counter() - started
    hits_before = pch.STATS.hits
    started = time.perf_counter()
    binary = reg.kernel_by_id(target.template_id).binary(arch)  # compiled, stored, sent to the remote tier
    first_s = time.perf_counter() - started
    if binary.from_cache:
        raise KfootError("cold compile was served from the cache", path=cache_dir)
    if pch.STATS.hits > hits_before:
        warm_pch_ms, warm_pch_note = round(first_s * 1e3, 3), None
    elif not pch.enabled():
        warm_pch_ms, warm_pch_note = None, "off (KFOOT_PCH=0)"
    elif other is None:
        warm_pch_ms, warm_pch_note = None, "no sibling variant to make the PCH"
    else:
        warm_pch_ms, warm_pch_note = None, "NVRTC made or used no PCH"

    other_id = other.template_id if other else ""
    disk = _probe(registry_dir, cache_dir, arch, target.template_id, other_id, "disk-hit")
    if not disk["from_cache"]:
        raise KfootError("the fresh process compiled instead of reading the disk cache", path=cache_dir)
    remote_hit_ms, remote_note = None, "not configured (KFOOT_CACHE_REMOTE)"
    if remote.configured_url() is not None:
        # An empty disk cache but for memo.json (the facts its keys need, as on any machine that ran
        # kfoot before): the row measures the remote tier, as the disk-hit row the disk cache.
        remote_cache.mkdir(mode=0o700)
        shutil.copyfile(cache_dir / MEMO_NAME, remote_cache / MEMO_NAME)
        served = _probe(registry_dir, remote_cache, arch, target.template_id, "", "remote-hit")
        if served["remote"] and served["remote"]["hits"] and served["from_cache"]:
            remote_hit_ms, remote_note = round(served["first_request_s"] * 1e3, 3), None
        else:
            counts = served["remote"] or {"errors": 0, "misses": 0}
            remote_note = f"no remote hit ({counts['errors']} error(s), {counts['misses']} miss(es))"

    family = reg.registry.families[target.family]
    values = {axis: value for axis, value in target.values if axis in family.free_axes}
    reg.kernel(target.family, **values).binary(arch)
    hit = statistics.median(timeit.repeat(lambda: reg.kernel(target.family, **values).binary(arch),
                                          number=20_000, repeat=7)) / 20_000
    return {"variant": target.template_id, "arch": arch, "cold_compile_ms": round(cold_s * 1e3, 3),
            "warm_pch_ms": warm_pch_ms, "warm_pch_note": warm_pch_note,
            "disk_hit_ms": round(disk["first_request_s"] * 1e3, 3),
            "disk_hit_next_ms": round(disk["next_request_s"] * 1e3, 3) if disk["next_request_s"] is not None else None,
            "remote_hit_ms": remote_hit_ms, "remote_note": remote_note,
            "memory_hit_us": round(hit * 1e6, 3),
            "cubin_bytes": len(binary.cubin)}


def _rtc_trace_modules(registry_dir: Path, hot_ids: list[str], arch: str, cache_dir: Path, jobs, out: Path) -> Path:
    """Warm the trace into the cache (as `kfoot warm --trace` does) and write each distinct cubin
    serving it to `out`: the modules the RTC runtime loads once the trace ran."""
    import hashlib

    from ..runtime import api as runtime
    from ..runtime import compiler
    from ..runtime.kernel_cache import DiskCache
    from ..runtime.registry import load_registry

    registry = load_registry(registry_dir)
    cache = DiskCache(cache_dir)
    compiler.warm(registry, [registry.by_template_id[t] for t in hot_ids], arch, cache, jobs=jobs)
    reg = runtime.open_registry(registry_dir, cache=cache, trace=None)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for template_id in hot_ids:
        cubin = reg.kernel_by_id(template_id).binary(arch).cubin
        (out / f"{hashlib.sha256(cubin).hexdigest()[:16]}.cubin").write_bytes(cubin)
    return out
