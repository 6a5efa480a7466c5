"""What-ifs: what would leave the binary if some variants were compiled at run time (`--what-if
rtc=...`), and what only some targets would keep (`--what-if-archs`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from ..core.archs import parse_arch, parse_targets
from ..core.errors import KfootError
from ..core.escape import shown
from ..memory.estimate import pick_image
from .model import Explanation, stable_name
from .usage import eager_bytes

# What a first use costs once a variant is compiled at run time, as kfoot measured it
# (docs/benchmarks.md, 2-core x86_64, NVRTC 13.5, one kernel per program, one process; a disk
# hit in a new process: README's demo run).
FIRST_USE_COLD_COMPILE_MS = 163
FIRST_USE_DISK_HIT_MS = 5.6
# GPU generations the arch what-if reports on: one SM per generation CUDA 13 builds for.
DEVICES = ("sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_103", "sm_110", "sm_120", "sm_121")
# A PTX JIT's cost on first load, per kernel (docs/explain.md: ptxas on the demo's kernels).
JIT_MS_PER_KERNEL = 40


@dataclass(slots=True)
class RtcWhatIf:
    chosen: list[str]  # family names, or ["unused"]
    kernels: int = 0  # kernel entries leaving, every arch
    variants: int = 0  # distinct kernels that would compile at first use
    code_bytes: int = 0
    stored_bytes: int = 0  # estimated: code bytes at each arch's stored/uncompressed ratio
    eager_bytes: int = 0  # context memory at creation (eager loading) they no longer take


@dataclass(slots=True)
class DeviceRoute:
    device: str
    before: str  # sass | sass-compatible | ptx-jit | none, with every target
    after: str  # with the kept targets only


@dataclass(slots=True)
class ArchsWhatIf:
    kept: list[str]
    stored_bytes_before: int = 0
    stored_bytes_after: int = 0
    devices: list[DeviceRoute] = field(default_factory=list)
    jit_kernels: int = 0  # kernels a device that JITs from PTX compiles on first load (the largest PTX's)


def what_if_rtc(explanation: Explanation, value: str, kernels_by_family: dict, arch_ratios: dict[str, float]) -> RtcWhatIf:
    """`value`: "rtc=FAMILY,..." or "rtc=unused" (needs --usage)."""
    if not value.startswith("rtc="):
        raise KfootError(f"--what-if {shown(value)}: write rtc=FAMILY,... or rtc=unused")
    chosen = [v for v in value[4:].split(",") if v]
    if not chosen:
        raise KfootError("--what-if rtc= names no family")
    families = {f.name for f in explanation.families}
    unused = chosen == ["unused"]
    if unused and explanation.usage is None:
        raise KfootError("--what-if rtc=unused needs --usage: the kernels a workload launched")
    for name in chosen if not unused else ():
        if name not in families:
            raise KfootError(f"--what-if rtc={shown(name)}: no such family in the binaries")
    result = RtcWhatIf(chosen)
    leaving = set()
    for name, kernels in kernels_by_family.items():
        if not unused and name not in chosen:
            continue
        for k in kernels:
            stable = stable_name(k.name)
            if unused and stable in explanation.usage.launched:
                continue
            leaving.add(stable)
            result.kernels += 1
            result.code_bytes += k.code_bytes
            result.stored_bytes += round(k.code_bytes * arch_ratios.get(k.arch, 1.0))
            result.eager_bytes += eager_bytes(k)
    result.variants = len(leaving)
    return result


def what_if_archs(value: str, images: list) -> ArchsWhatIf:
    """`value`: targets to keep (sm_80,sm_90,compute_90); `images`: (arch, kind, stored_bytes,
    kernels) of every image the report counted."""
    kept = parse_targets(value, "--what-if-archs")
    kept_names = {a.name for a in kept}
    result = ArchsWhatIf(sorted(kept_names))
    all_images, kept_images = [], []
    for arch, kind, stored, kernels in images:
        result.stored_bytes_before += stored
        image = SimpleNamespace(arch=arch, kind=kind, kernels=kernels)
        all_images.append(image)
        if arch in kept_names:
            result.stored_bytes_after += stored
            kept_images.append(image)
    for device in DEVICES:
        arch = parse_arch(device)
        before, _ = pick_image(all_images, arch)
        after, _ = pick_image(kept_images, arch)
        result.devices.append(DeviceRoute(device, before, after))
    ptx = [i for i in kept_images if i.kind == "ptx"]
    sass_kernels = max((i.kernels for i in all_images if i.kind == "sass"), default=0)
    result.jit_kernels = sass_kernels if ptx else 0  # a PTX image holds the kernels a SASS one does
    return result
