"""`kfoot build --mode hybrid --hot TRACE`: AOT for the variants a workload uses, RTC for the rest.

The output directory holds both builds: the AOT library of the traced ("hot") variants, as
`build_aot` writes it, and a registry of every variant in which the hot ones carry the archs
the library holds them for, their mangled name and the per-shard fatbin to load them from. The
runtime then picks, once per variant and device, the library when it has SASS the device can
run, and NVRTC otherwise (kfoot.runtime.Kernel.route).
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import KfootError
from ..runtime.registry import AotKernel, AotPart
from ..runtime.trace import resolve_trace
from ..variants.enumerate import enumerate_spec
from .fatbin_merge import INDEX_NAME, read_index
from .lock import output_lock
from .lookup import DEFAULT_NAME, check_name
from .nvcc_checks import refuse_unsafe_flags
from .outputs import check_output_folder
from .nvrtc_checks import check_nvrtc_flags, check_nvrtc_targets, check_registry
from .results import RegistryResult
from .rtc_registry import register_variants, shipped_sources


def build_hybrid(spec, out_dir, *, hot_trace, archs, on_wait=None, check: bool = False, unchecked=(),
                 **options) -> RegistryResult:
    """AOT-compile the variants in `hot_trace` for `archs`, register all of the spec's variants; -> registry.json.
    Holds the output folder's build lock throughout (kfoot.compile.lock). With `check`, every
    family of the registry is compiled once with NVRTC (kfoot.compile.nvrtc_checks.check_registry)."""
    # Inputs checked before the lock, which creates the folder: a bad trace, arch or flag leaves nothing.
    check_nvrtc_targets(archs)
    every = enumerate_spec(spec)
    by_id = {}
    for variant in every:
        by_id.setdefault(variant.template_id, variant)
    traced = resolve_trace(hot_trace, by_id, "spec")
    # A family of modes = ["rtc"] is never compiled ahead of time, even when hot; one of
    # modes = ["aot"] always is, every variant, since NVRTC never compiles it.
    modes = {fam.name: fam.modes for fam in spec.families}
    hot = list({v.template_id: v for v in [*(v for v in every if modes[v.family] == ("aot",)),
                                           *(v for v in traced if "aot" in modes[v.family])]}.values())
    check_nvrtc_flags(spec, [name for name in dict.fromkeys(v.family for v in every) if "rtc" in modes[name]], archs)
    shipped_sources(spec, dict.fromkeys(v.family for v in every))  # refused before anything compiles
    refuse_unsafe_flags(spec, dict.fromkeys(v.family for v in hot))
    check_output_folder(Path(out_dir).resolve(), check_name(options.get("name") or DEFAULT_NAME))
    with output_lock(Path(out_dir).resolve(), on_wait):
        result = _build_hybrid(spec, out_dir, every, hot, archs=archs, **options)
    if check:
        result.check = check_registry(result.registry, archs, skip=unchecked)
    return result


def _build_hybrid(spec, out_dir, every, hot, *, archs, jobs=None, compress_mode=None, nvcc=None, launcher=None,
                  progress=None, **aot_options) -> RegistryResult:
    from .aot import build_aot
    from .ninja_file import ShardPaths

    result = build_aot(spec, out_dir, archs=archs, variants=hot, jobs=jobs, compress_mode=compress_mode, nvcc=nvcc,
                       launcher=launcher, progress=progress, caller_holds_lock=True, header_with_registry=True,
                       **aot_options)
    out = Path(result.out_dir)
    # The shard's own fatbin: loading it brings in that shard's kernels, not the whole library's.
    # Without build/, the runtime cuts the shard's container out of kernels.fatbin instead
    # (one container per shard, back to back): "container" is its index there, as the merge
    # that wrote the file recorded it.
    index = out / "build" / INDEX_NAME
    container_of = read_index(index)
    kernels = {}
    for shard in result.shards:
        fatbin = ShardPaths.of(shard).fatbin
        if fatbin not in container_of:
            raise KfootError(f"the fatbin merge did not record shard {shard.name}; delete the output directory "
                             "and rebuild", path=index)
        for v in shard.variants:
            kernels[v.template_id] = (Path("build") / fatbin).as_posix(), container_of[fatbin]
    aot = AotPart(
        library=result.library.name,
        fatbin=result.fatbin.name,
        manifest=result.manifest.name,
        archs=tuple(result.archs),
        sass_archs=tuple(result.sass_archs),
        kernels={v.template_id: AotKernel(symbol, *kernels[v.template_id])
                 for v, symbol in zip(result.variants, result.symbols)},
    )
    registry = register_variants(spec, out, every, aot=aot)
    return RegistryResult("hybrid", out, registry, aot=result)
