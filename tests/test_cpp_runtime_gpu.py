"""Kernels launched through the C++ runtime (kfoot/runtime.hpp) on a GPU, against NumPy.

The same sample of every bundled family as tests/test_runtime_gpu.py, with the same NumPy
references; the launch goes through a shared library built on the header (tests/cpp/launch_shim.cpp)
and loaded with ctypes, on arrays CuPy allocates in this process. RTC registries compile through
NVRTC in C++; a hybrid registry's hot variants must take the AOT route on this device's arch.
Marked `gpu`: skipped without one.
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess

import numpy as np
import pytest

from oracles.cli import REPO, run_kfoot
from oracles.gpu import gpu_arch
from test_runtime_gpu import FAMILIES, SAMPLE, SPEC, run_case

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def shim(tmp_path_factory):
    flags = run_kfoot("config", "--cflags").stdout.split()
    libs = run_kfoot("config", "--libs").stdout.split()
    out = tmp_path_factory.mktemp("shim") / "libshim.so"
    subprocess.run(["g++", "-std=c++17", "-O1", "-shared", "-fPIC", *flags, str(REPO / "tests/cpp/launch_shim.cpp"),
                    "-o", str(out), *libs], check=True)
    lib = ctypes.CDLL(str(out))
    lib.shim_open.restype = ctypes.c_void_p
    lib.shim_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    lib.shim_launch.argtypes = [ctypes.c_void_p, ctypes.c_char_p, *[ctypes.c_uint] * 6, ctypes.POINTER(ctypes.c_void_p),
                                ctypes.c_char_p, ctypes.c_int]
    lib.shim_route.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
    lib.shim_compiles.argtypes = [ctypes.c_void_p]
    return lib


class CppKernel:
    """Called as the Python runtime's Kernel is (grid, block, args), launched by C++."""

    def __init__(self, shim, registry, template_id):
        self.shim, self.registry, self.template_id = shim, registry, template_id

    def __call__(self, grid, block, args):
        import cupy

        holders = []
        for arg in args:
            if isinstance(arg, cupy.ndarray):
                holders.append(ctypes.c_void_p(arg.data.ptr))
            else:  # NumPy scalars and the structured meta records: their bytes, as the kernel takes them
                holders.append(ctypes.create_string_buffer(np.asarray(arg).tobytes()))
        pointers = (ctypes.c_void_p * len(holders))(*[ctypes.addressof(h) for h in holders])
        err = ctypes.create_string_buffer(512)
        dims = [*grid, 1, 1][:3] + [*block, 1, 1][:3]
        rc = self.shim.shim_launch(self.registry, self.template_id.encode(), *dims, pointers, err, len(err))
        assert rc == 0, err.value.decode()

    def route(self, arch):
        out = ctypes.create_string_buffer(256)
        assert self.shim.shim_route(self.registry, self.template_id.encode(), arch.encode(), out, len(out)) == 0
        return out.value.decode()


def _open(shim, folder, cache):
    err = ctypes.create_string_buffer(512)
    handle = shim.shim_open(str(folder).encode(), str(cache).encode(), err, len(err))
    assert handle, err.value.decode()
    return handle


@pytest.fixture(scope="module")
def registries(tmp_path_factory, shim):
    pytest.importorskip("cupy")
    folder = tmp_path_factory.mktemp("cpp_gpu")
    run_kfoot("build", "--mode", "rtc", "bundled:kernels", "-o", folder / "rtc", "--no-progress", "--no-check")
    trace = folder / "trace.jsonl"
    trace.write_text("".join(json.dumps({"template_id": v.template_id}) + "\n" for vs in SAMPLE.values() for v in vs))
    run_kfoot("build", "--mode", "hybrid", "bundled:kernels", "-o", folder / "hybrid", "--hot", trace,
              "--arch", gpu_arch(), "--no-progress", "--no-check", "-j", str(os.cpu_count()))
    return {"rtc": _open(shim, folder / "rtc", folder / "cache"), "hybrid": _open(shim, folder / "hybrid", folder / "cache")}


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("mode", ["rtc", "hybrid"])
def test_cpp_launches_match_numpy(shim, registries, family, mode):
    rng = np.random.default_rng(5)
    for variant in SAMPLE[family]:
        kernel = CppKernel(shim, registries[mode], variant.template_id)
        assert kernel.route(gpu_arch()) == ("aot" if mode == "hybrid" else "rtc")
        run_case(kernel, variant, rng)


def test_hybrid_cold_variant_compiles_in_cpp(shim, registries):
    sampled = {v.template_id for vs in SAMPLE.values() for v in vs}
    from kfoot.variants.enumerate import enumerate_spec

    cold = next(v for v in enumerate_spec(SPEC) if v.family == "binary.dependent" and v.template_id not in sampled)
    kernel = CppKernel(shim, registries["hybrid"], cold.template_id)
    assert kernel.route(gpu_arch()) == "rtc"
    before = shim.shim_compiles(registries["hybrid"])
    run_case(kernel, cold, np.random.default_rng(3))
    assert shim.shim_compiles(registries["hybrid"]) == before + 1
