"""Lean RTC cubins (kfoot/runtime/nvjitlink.py): within 2x of what nvcc makes for the template-id alone.

The oracle is nvcc: `nvcc -cubin` of one explicit instantiation of the same template-id (its
parameter list spelled by c++filt from the kernel's mangled name), measured in bytes; cuobjdump
names the functions each cubin defines and pyelftools reads the kernel's .text.
"""

from __future__ import annotations

import re
import subprocess
from types import SimpleNamespace

import cxxfilt
import pytest
from elftools.elf.elffile import ELFFile

from kfoot import runtime
from kfoot.core.prelude import prelude
from kfoot.runtime import nvjitlink
from kfoot.runtime.kernel_cache import DiskCache
from oracles.cli import run_kfoot
from test_cpp_runtime import _env, _run

CUB_HEADER = r"""#pragma once
#include <cub/block/block_reduce.cuh>
namespace lean {
template <typename T, int BLOCK>
__global__ void block_sum(const T* in, T* out) {
  using Reduce = cub::BlockReduce<T, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  T s = Reduce(tmp).Sum(in[blockIdx.x * BLOCK + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}
}  // namespace lean
"""

CUB_SPEC = """
[[family]]
name   = "block_sum"
header = "lean.cuh"
kernel = "lean::block_sum"
params = ["T", "BLOCK"]
[family.axes]
T      = ["float32"]
BLOCK  = [256]
"""

BUNDLED_REDUCE = ("reduce.nested", {"op": "kfoot::op::Sum", "x": "float32", "out": "float32", "ndim": 1})

pytestmark = pytest.mark.skipif(nvjitlink.version() is None, reason="no usable libnvJitLink (pip install nvidia-nvjitlink)")


@pytest.fixture(scope="module")
def cub_registry(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lean")
    (folder / "lean.cuh").write_text(CUB_HEADER)
    (folder / "lean.toml").write_text(CUB_SPEC)
    run_kfoot("build", "--mode", "rtc", folder / "lean.toml", "-o", folder / "rtc", "--no-progress", "--no-check")
    return folder / "rtc"


@pytest.fixture(scope="module")
def bundled_registry(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundled") / "rtc"
    run_kfoot("build", "--mode", "rtc", "bundled:kernels", "-o", out, "--no-progress", "--no-check")
    return out


def _nvcc_cubin(nvcc, header, template_id: str, mangled: str, tmp_path) -> bytes:
    """nvcc's cubin of one explicit instantiation of `template_id`, with kfoot's prelude first."""
    signature = cxxfilt.demangle(mangled)  # 'void ns::k<A, B>(A const*, B*)'
    params = signature[signature.rindex("("):]
    source = tmp_path / "one.cu"
    source.write_text(prelude([template_id]) + f'#include "{header.name}"\n'
                      f"template __global__ void {template_id}{params};\n")
    out = tmp_path / "one.cubin"
    subprocess.run([str(nvcc), "-cubin", "-arch=sm_90", "-std=c++17", "-DKFOOT_RTC=1", f"-I{header.parent}",
                    str(source), "-o", str(out)], check=True, capture_output=True, timeout=600)
    return out.read_bytes()


def _functions(cuobjdump, cubin: bytes, tmp_path) -> list[str]:
    path = tmp_path / "fn.cubin"
    path.write_bytes(cubin)
    out = subprocess.run([str(cuobjdump), "-res-usage", str(path)], capture_output=True, text=True, check=True).stdout
    return sorted(re.findall(r"^\s*Function (\S+):", out, re.MULTILINE))


def _kernel_text(cubin: bytes, tmp_path, mangled: str) -> bytes:
    path = tmp_path / "text.cubin"
    path.write_bytes(cubin)
    with open(path, "rb") as handle:
        section = ELFFile(handle).get_section_by_name(f".text.{mangled}")
        return section.data() if section is not None else b""


def _check_lean(cubin: bytes, mangled: str, reference: bytes, cuobjdump, tmp_path):
    assert _functions(cuobjdump, cubin, tmp_path) == [mangled]
    assert _kernel_text(cubin, tmp_path, mangled), "the kernel's .text is missing"
    assert len(cubin) <= 2 * len(reference), (len(cubin), len(reference))


@pytest.fixture(scope="module")
def cub_lean(cub_registry, nvcc, tmp_path_factory) -> SimpleNamespace:
    """Python's lean cubin of block_sum<float, 256> (no cache) and nvcc's cubin of the same
    template-id: made once for the two tests below, each a CUB compile of seconds."""
    kernel = runtime.open_registry(cub_registry, cache=None, trace=None).kernel("block_sum", T="float32", BLOCK=256)
    with pytest.MonkeyPatch.context() as patch:
        # This process compiles the CUB preamble once: no PCH (~300 MB, kept until the process exits).
        patch.setenv("KFOOT_PCH", "0")
        mangled, cubin = kernel.lowered_name("sm_90"), kernel.cubin("sm_90")
    reference = _nvcc_cubin(nvcc, cub_registry / "templates" / "lean.cuh", kernel.template_id, mangled,
                            tmp_path_factory.mktemp("lean_nvcc"))
    return SimpleNamespace(cubin=cubin, mangled=mangled, reference=reference)


def test_a_cub_kernel_is_within_twice_nvccs_cubin(cub_lean, cuobjdump, tmp_path):
    _check_lean(cub_lean.cubin, cub_lean.mangled, cub_lean.reference, cuobjdump, tmp_path)


def test_a_bundled_kernel_is_within_twice_nvccs_cubin(bundled_registry, nvcc, cuobjdump, tmp_path):
    family, values = BUNDLED_REDUCE
    kernel = runtime.open_registry(bundled_registry, cache=None, trace=None).kernel(family, **values)
    header = bundled_registry / "templates" / "reduce.cuh"
    mangled = kernel.lowered_name("sm_90")
    reference = _nvcc_cubin(nvcc, header, kernel.template_id, mangled, tmp_path)
    _check_lean(kernel.cubin("sm_90"), mangled, reference, cuobjdump, tmp_path)


def test_without_nvjitlink_nvrtcs_own_cubin_is_cached_under_another_key(bundled_registry, cuobjdump, tmp_path, monkeypatch):
    family, values = BUNDLED_REDUCE
    lean = runtime.open_registry(bundled_registry, cache=DiskCache(tmp_path / "cache"), trace=None).kernel(family, **values)
    lean_cubin = lean.binary("sm_90").cubin
    monkeypatch.setattr(nvjitlink, "_library", lambda: None)  # as on a machine without libnvJitLink
    monkeypatch.setenv("CUDA_HOME", str(tmp_path / "no-toolkit"))  # and a memo that cannot vouch for the old answer
    plain = runtime.open_registry(bundled_registry, cache=DiskCache(tmp_path / "cache"), trace=None).kernel(family, **values)
    binary = plain.binary("sm_90")
    assert binary.from_cache is False, "NVRTC's own cubin must not be served from the lean cubin's entry"
    assert len(binary.cubin) > len(lean_cubin)
    assert _functions(cuobjdump, binary.cubin, tmp_path) == [plain.lowered_name("sm_90")]


def test_the_cpp_runtime_makes_the_same_lean_cubin(rtc_check, cub_registry, cub_lean, cuobjdump, tmp_path):
    out = tmp_path / "cpp.cubin"
    answer = _run(rtc_check, cub_registry, "sm_90", out, "block_sum", "T=float32", "BLOCK=256", env=_env(None, KFOOT_CACHE="off"))
    assert answer["lowered_name"] == cub_lean.mangled
    cubin = out.read_bytes()
    assert _functions(cuobjdump, cubin, tmp_path) == [answer["lowered_name"]]
    assert _kernel_text(cubin, tmp_path, answer["lowered_name"]) == _kernel_text(cub_lean.cubin, tmp_path, answer["lowered_name"])
    assert len(cubin) <= 2 * len(cub_lean.reference), (len(cubin), len(cub_lean.reference))


def test_every_default_option_reaches_the_link():
    """An NVRTC option kfoot always passes must be one the link knows, or no cubin is lean."""
    from kfoot.runtime import nvrtc

    assert nvjitlink.link_options("sm_90", nvrtc.compile_options("sm_90")) == ("-arch=sm_90", *nvjitlink.LINK_OPTIONS)
