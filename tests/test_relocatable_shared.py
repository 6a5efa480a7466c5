"""Relocatable (-rdc) cubins keep CUDA's own section types for shared and global memory and let
those sections run past the end of the file (NCCL's __nv_relfatbin lost one kernel and five
global symbols per arch to this). The oracle: cuobjdump -all -symbols on the same files."""

from __future__ import annotations

import json
import subprocess

import pytest
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols

# An external-linkage __shared__ struct (.nv_debug.shared, as NCCL's ncclShmem), a kernel with a
# large static shared array (.nv.shared.<kernel>) and an uninitialised __device__ array (.nv.global):
# each bigger than the section header table that ptxas writes after it.
SOURCE = r"""
struct Big { int words[2048]; };
extern __shared__ Big ext_shared;
__shared__ Big ext_shared_def;
__device__ int big_global[100000];
__device__ int use(int i) { return ext_shared_def.words[i & 2047] + big_global[i]; }
__global__ void kshared(int* out) {
  __shared__ int tile[4096];
  tile[threadIdx.x] = use(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % 4096];
}
"""


@pytest.fixture(scope="module")
def relocatable(nvcc, tmp_path_factory):
    folder = tmp_path_factory.mktemp("rdc-shared")
    (folder / "k.cu").write_text(SOURCE)
    out = {}
    for mode, name in (("-c", "k.o"), ("-fatbin", "k.fatbin"), ("-cubin", "k.cubin")):
        subprocess.run([str(nvcc), "-rdc=true", "-arch=sm_80", mode, "k.cu", "-o", name], cwd=folder, check=True)
        out[name] = folder / name
    return out


@pytest.mark.parametrize("name", ["k.o", "k.fatbin", "k.cubin"])
def test_relocatable_shared_memory_sections_count_like_cuobjdump(relocatable, name):
    path = relocatable[name]
    expected = cuobjdump_symbols(path, all_fatbins=True)
    report = json.loads(run_kfoot("report", "--json", path).stdout)
    assert report["totals"]["images"]["undecodable"] == 0
    assert (report["totals"]["kernels"], report["totals"]["global_symbols"]) == \
        (expected.kernels, expected.global_symbols) != (0, 0)
