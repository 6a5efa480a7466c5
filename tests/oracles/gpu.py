"""Is there an NVIDIA GPU to run on? One answer for every test.

Asked of a fresh process through the driver API (ctypes on libcuda.so.1: cuInit, a device, its
compute capability), so the test process itself never initialises CUDA: kfoot forks workers,
and a fork inherits a broken driver state. Independent of kfoot and of CuPy.

Tests that need a GPU carry `@pytest.mark.gpu`; tests of the behaviour without one carry
`@pytest.mark.no_gpu`. tests/conftest.py skips either kind, with the reasons below, where it
cannot run, so `pytest -m gpu` selects every GPU test.
"""

from __future__ import annotations

import functools
import subprocess
import sys

NO_GPU = "needs an NVIDIA GPU and driver"
WITH_GPU = "checks the behaviour without a GPU; this machine has one"

_PROBE = r"""
import ctypes, sys
try:
    cuda = ctypes.CDLL("libcuda.so.1")
except OSError as exc:
    sys.exit(f"no CUDA driver ({exc})")
count, device, major, minor = ctypes.c_int(), ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
for rc, what in ((lambda: cuda.cuInit(0), "cuInit"),
                 (lambda: cuda.cuDeviceGetCount(ctypes.byref(count)), "cuDeviceGetCount")):
    if rc() != 0:
        sys.exit(f"{what} failed")
if count.value < 1:
    sys.exit("the driver sees no CUDA device")
if cuda.cuDeviceGet(ctypes.byref(device), 0) != 0 \
        or cuda.cuDeviceGetAttribute(ctypes.byref(major), 75, device) != 0 \
        or cuda.cuDeviceGetAttribute(ctypes.byref(minor), 76, device) != 0:
    sys.exit("cannot read device 0's compute capability")
print(f"sm_{major.value}{minor.value}")
"""


@functools.cache
def gpu_status() -> tuple[str | None, str]:
    """(device 0's SASS arch, e.g. "sm_90", or None; why there is none)."""
    try:
        proc = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120,
                              check=False)
    except subprocess.TimeoutExpired:
        return None, "the GPU probe did not answer in 120 s"
    if proc.returncode == 0 and proc.stdout.strip().startswith("sm_"):
        return proc.stdout.strip(), ""
    return None, (proc.stderr.strip().splitlines() or [f"the GPU probe exited {proc.returncode}"])[-1]


def gpu_arch() -> str | None:
    return gpu_status()[0]


def has_gpu() -> bool:
    return gpu_arch() is not None


def skip_reason() -> str:
    """Why a GPU test skips here."""
    return f"{NO_GPU} ({gpu_status()[1]})"
