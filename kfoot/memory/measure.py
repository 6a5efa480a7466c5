"""Context memory measured on a GPU: fresh processes, EAGER and LAZY, minus a baseline.

For each mode (CUDA_MODULE_LOADING=EAGER, then LAZY) kfoot runs pairs of fresh processes
(kfoot.memory.probe): a baseline that only creates the context, and one that also loads every
module of the file. used(with) - used(baseline) is the library's context memory. cuMemGetInfo
is device-wide, so other processes on the GPU add noise: pairs are repeated until the last
STABLE_RUNS differences agree within MEASURE_GRANULARITY (cudaMemGetInfo's step) plus 1%, or
MAX_RUNS is reached; the median of the last STABLE_RUNS is reported with every sample.
"""

from __future__ import annotations

import functools
import json
import os
import statistics
import subprocess
import sys

from ..core.errors import KfootError, NoGpuError
from .estimate import MEASURE_GRANULARITY

MODES = ("eager", "lazy")
STABLE_RUNS = 3
MAX_RUNS = 10
PROBE_TIMEOUT_S = 600


@functools.cache
def gpu_status() -> tuple[bool, str]:
    """(available, reason): a GPU the driver can create a context on. Asked of a fresh process,
    so this one never initialises CUDA (a later fork would inherit a broken driver state)."""
    try:
        result = _run_probe(None, "eager")
    except NoGpuError as exc:
        return False, exc.message
    return True, f"{result['gpu']} ({result['arch']}, driver {result['driver'] or result['cuda_driver']})"


def require_gpu() -> None:
    available, reason = gpu_status()
    if not available:
        raise NoGpuError(f"--memory measure needs an NVIDIA GPU: {reason}; use --memory estimate")


def _run_probe(path: str | None, mode: str) -> dict:
    env = dict(os.environ, CUDA_MODULE_LOADING=mode.upper())
    args = [sys.executable, "-m", "kfoot.memory.probe"] + (["--load", path] if path else [])
    try:
        proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=PROBE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise KfootError(f"the memory probe took over {PROBE_TIMEOUT_S} s", path=path) from None
    lines = proc.stdout.strip().splitlines()
    try:
        result = json.loads(lines[-1]) if lines else {}
    except ValueError:
        result = {}
    if "error" in result:
        raise NoGpuError(result["error"])
    if proc.returncode != 0 or "used_bytes" not in result:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise KfootError(f"the memory probe failed (exit {proc.returncode}): {tail}", path=path)
    return result


def _stable(deltas: list[int]) -> bool:
    if len(deltas) < STABLE_RUNS:
        return False
    last = deltas[-STABLE_RUNS:]
    return max(last) - min(last) <= MEASURE_GRANULARITY + 0.01 * max(abs(v) for v in last)


def measure_file(path: str, *, max_runs: int = MAX_RUNS) -> dict:
    """The measured `memory` dict of one file (JSON contract: method, arch, eager_bytes, lazy_bytes)."""
    require_gpu()
    out: dict = {"method": "measured"}
    for mode in MODES:
        deltas, baselines, info = [], [], None
        while len(deltas) < max_runs and not _stable(deltas):
            base = _run_probe(None, mode)
            info = _run_probe(path, mode)
            baselines.append(base["used_bytes"])
            deltas.append(info["used_bytes"] - base["used_bytes"])
        window = deltas[-STABLE_RUNS:]
        out.update(arch=info["arch"], gpu=info["gpu"], driver=info["driver"], cuda_driver=info["cuda_driver"],
                   modules=info["modules"], failed_modules=info["failed_modules"])
        if info["load_errors"]:
            out["load_errors"] = info["load_errors"]
        out[f"{mode}_bytes"] = int(statistics.median(window))
        out.setdefault("samples", {})[mode] = deltas
        out.setdefault("baseline_bytes", {})[mode] = int(statistics.median(baselines[-STABLE_RUNS:]))
        out.setdefault("stable", {})[mode] = _stable(deltas)
    out["granularity"] = MEASURE_GRANULARITY
    return out
