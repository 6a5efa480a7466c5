"""One measurement, run as `python -m kfoot.memory.probe [--load PATH]` in a fresh process.

Creates the primary context of device 0 through the driver API (ctypes on libcuda, as the CUDA
runtime does), loads every module of PATH with cuModuleLoadData (what `__cudaRegisterFatBinary`
leads to; under CUDA_MODULE_LOADING=LAZY the driver defers the kernels), synchronises, and
prints one JSON line: device memory in use (total - free from cuMemGetInfo), the GPU, its
driver, and how many modules loaded or failed. Without PATH it is the baseline: the same
context, no library. The parent (kfoot.memory.measure) subtracts and repeats.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys


class DriverError(RuntimeError):
    pass


def load_driver() -> ctypes.CDLL:
    try:
        return ctypes.CDLL("libcuda.so.1")
    except OSError as exc:
        raise DriverError(f"no CUDA driver (libcuda.so.1: {exc})") from None


def _check(lib, rc: int, what: str) -> None:
    if rc != 0:
        name = ctypes.c_char_p()
        lib.cuGetErrorName(rc, ctypes.byref(name))
        raise DriverError(f"{what} failed: {name.value.decode() if name.value else rc}")


def device_info(lib) -> dict:
    """cuInit, device 0: name, compute capability, CUDA driver version, NVIDIA driver version."""
    _check(lib, lib.cuInit(0), "cuInit")
    count = ctypes.c_int()
    _check(lib, lib.cuDeviceGetCount(ctypes.byref(count)), "cuDeviceGetCount")
    if count.value < 1:
        raise DriverError("the driver sees no CUDA device")
    device = ctypes.c_int()
    _check(lib, lib.cuDeviceGet(ctypes.byref(device), 0), "cuDeviceGet")
    name = ctypes.create_string_buffer(256)
    _check(lib, lib.cuDeviceGetName(name, 256, device), "cuDeviceGetName")
    major, minor = ctypes.c_int(), ctypes.c_int()
    _check(lib, lib.cuDeviceGetAttribute(ctypes.byref(major), 75, device), "compute capability")  # MAJOR
    _check(lib, lib.cuDeviceGetAttribute(ctypes.byref(minor), 76, device), "compute capability")  # MINOR
    version = ctypes.c_int()
    _check(lib, lib.cuDriverGetVersion(ctypes.byref(version)), "cuDriverGetVersion")
    return {"device": device.value, "gpu": name.value.decode(), "arch": f"sm_{major.value}{minor.value}",
            "cuda_driver": f"{version.value // 1000}.{version.value % 1000 // 10}", "driver": nvidia_driver_version()}


def nvidia_driver_version() -> str | None:
    try:
        nvml = ctypes.CDLL("libnvidia-ml.so.1")
    except OSError:
        return None
    if nvml.nvmlInit_v2() != 0:
        return None
    buf = ctypes.create_string_buffer(96)
    try:
        return buf.value.decode() if nvml.nvmlSystemGetDriverVersion(buf, 96) == 0 else None
    finally:
        nvml.nvmlShutdown()


def registered_containers(path: str) -> list:
    """(Found, bytes) of every container the library registers when it loads, in file order:
    embedded containers wait for the library's own code."""
    import contextlib

    from ..binary.walk import walk

    with contextlib.closing(walk([path])) as binaries:
        return [(found, found.read()) for binary in binaries for found in binary.containers if found.registered]


def open_context(lib, info: dict) -> None:
    """Device 0's primary context, current and idle: what the CUDA runtime creates."""
    ctx = ctypes.c_void_p()
    _check(lib, lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), info["device"]), "cuDevicePrimaryCtxRetain")
    _check(lib, lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    _check(lib, lib.cuCtxSynchronize(), "cuCtxSynchronize")


def memory_in_use(lib) -> tuple[int, int]:
    """(used, total) device bytes after the context's work is done (cuMemGetInfo)."""
    _check(lib, lib.cuCtxSynchronize(), "cuCtxSynchronize")
    free, total = ctypes.c_size_t(), ctypes.c_size_t()
    _check(lib, lib.cuMemGetInfo_v2(ctypes.byref(free), ctypes.byref(total)), "cuMemGetInfo")
    return total.value - free.value, total.value


def load_module(lib, data: bytes):
    """(module handle, None) or (None, the driver's error name) for cuModuleLoadData on `data`."""
    handle = ctypes.c_void_p()
    buf = ctypes.create_string_buffer(data, len(data))
    rc = lib.cuModuleLoadData(ctypes.byref(handle), buf)
    if rc == 0:
        return handle, None
    name = ctypes.c_char_p()
    lib.cuGetErrorName(rc, ctypes.byref(name))
    return None, name.value.decode() if name.value else str(rc)


def probe(load: str | None) -> dict:
    # Read the binary before touching the GPU: the baseline and this run then differ only in the loads.
    modules = [data for _found, data in registered_containers(load)] if load else []
    lib = load_driver()
    info = device_info(lib)
    open_context(lib, info)
    loaded, failed, errors = [], 0, {}
    for data in modules:
        handle, error = load_module(lib, data)
        if error is None:
            loaded.append(handle)
        else:
            failed += 1
            errors[error] = errors.get(error, 0) + 1
    used, total = memory_in_use(lib)
    info.update(used_bytes=used, total_bytes=total, modules=len(modules),
                loaded_modules=len(loaded), failed_modules=failed, load_errors=errors,
                loading=os.environ.get("CUDA_MODULE_LOADING", ""))
    return info


def main(argv: list[str]) -> int:
    load = None
    if argv[:1] == ["--load"] and len(argv) == 2:
        load = argv[1]
    elif argv:
        print("usage: python -m kfoot.memory.probe [--load PATH]", file=sys.stderr)
        return 2
    try:
        result = probe(load)
    except DriverError as exc:
        print(json.dumps({"error": str(exc)}))
        return 3
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
