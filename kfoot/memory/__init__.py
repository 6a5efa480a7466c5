"""Device memory a CUDA binary costs at context creation: estimated from its images (no GPU)
or measured on a GPU. `attach_memory` fills `report.files[*].memory` and `report.totals.memory`
with their JSON objects (docs/memory.md): the report package keeps them as written, since it
cannot know this package's types."""

from __future__ import annotations

from ..core.errors import KfootError
from .estimate import estimate_file, estimate_totals

MODES = ("auto", "estimate", "measure")

__all__ = ["MODES", "attach_memory", "estimate_file", "estimate_totals"]


def resolve_mode(mode: str) -> str:
    """auto -> measure when a GPU is present, else estimate."""
    if mode not in MODES:
        raise KfootError(f"--memory: {mode!r} is not one of {', '.join(MODES)}")
    if mode == "auto":
        from .measure import gpu_status

        return "measure" if gpu_status()[0] else "estimate"
    if mode == "measure":
        from .measure import require_gpu

        require_gpu()
    return mode


def attach_memory(report, mode: str, arch: str | None = None, *, jit_ptx: bool = True,
                  max_bytes: int | None = None) -> str:
    """Fill each file's and the totals' `memory`; returns the method used (estimate|measure).
    Measured files carry the estimate for the device's arch next to the measurement, which is
    what docs/memory.md's calibration compares."""
    method = resolve_mode(mode)
    for file in report.files:
        if method == "measure":
            from .measure import measure_file

            measured = measure_file(file.path)
            estimate = estimate_file(file, measured["arch"], jit_ptx=jit_ptx, max_bytes=max_bytes)
            measured["estimate"] = estimate.to_dict() if estimate is not None else None
            file.memory = measured
        else:
            estimate = estimate_file(file, arch, jit_ptx=jit_ptx, max_bytes=max_bytes)
            file.memory = estimate.to_dict() if estimate is not None else {
                "method": "estimated", "arch": None, "eager_bytes": 0, "lazy_bytes": 0, "modules": 0}
    report.totals.memory = estimate_totals([f.memory for f in report.files])
    return method


def report_memory_arch(memory_arch: str | None, filter_archs) -> str | None:
    """`--memory-arch` when given; else the single SASS arch of `report --arch`, when exactly one
    is given (the user is already looking at that device); else None: each file's newest SASS."""
    if memory_arch:
        from .estimate import device_arch

        return device_arch(memory_arch).name
    sass = [a for a in (filter_archs or ()) if a.startswith("sm_")]
    return sass[0] if len(sass) == 1 else None
