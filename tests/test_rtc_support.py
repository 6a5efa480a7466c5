"""Helpers shared by the RTC test files (no tests here): a tiny spec, the cuobjdump oracle.

The tiny spec keeps NVRTC compiles short (one header, a few variants); the bundled demo spec is
exercised separately in test_rtc_build.py.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import cxxfilt

from kfoot.core.toolchain import find_tool

MINI_HEADER = r"""#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include "mini_ops.cuh"
namespace mini {
template <typename Op, typename T, typename U>
__global__ void apply_kernel(const T* in, U* out, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<U>(Op::apply(static_cast<float>(in[i])));
}
}
"""

MINI_OPS = r"""#pragma once
namespace mini { namespace op {
struct Twice { __device__ static float apply(float x) { return x + x; } };
struct Square { __device__ static float apply(float x) { return x * x; } };
} }
"""

MINI_TOML = """
[typesets]
float = ["float16", "bfloat16", "float32", "float64"]

[[family]]
name = "apply"
header = "mini.cuh"
kernel = "mini::apply_kernel"
params = ["op", "inp", "out"]
[family.axes]
op = ["mini::op::Twice", "mini::op::Square"]
inp = "float"
out = { same = "inp" }
[[family.exclude]]
op = "mini::op::Square"
inp = "float64"
"""

# Every variant of MINI_TOML: 2 ops x 4 dtypes minus the excluded (Square, float64).
MINI_VARIANTS = 7


def write_mini_spec(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mini.cuh").write_text(MINI_HEADER)
    (folder / "mini_ops.cuh").write_text(MINI_OPS)
    spec = folder / "mini.toml"
    spec.write_text(MINI_TOML)
    return spec


def cubin_facts(cubin: bytes, tmp: Path) -> tuple[int, set[str]]:
    """(sm number, demangled kernel names) as cuobjdump reads them: the independent oracle."""
    path = tmp / f"probe_{abs(hash(cubin))}.cubin"
    path.write_bytes(cubin)
    out = subprocess.run([str(find_tool("cuobjdump")), "-elf", str(path)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"\bsm=(\d+)", out)
    assert match, f"cuobjdump found no device code:\n{out[:500]}"
    kernels = {cxxfilt.demangle(m) for m in re.findall(r"^\s*\S+.*\s\.text\.(\S+)\s*$", out, re.MULTILINE)}
    return int(match.group(1)), kernels


def template_id_of(demangled: str) -> str:
    """'void ns::k<A, B>(A const*, ...)' -> 'ns::k<A, B>'."""
    body = demangled.split(" ", 1)[1] if demangled.startswith("void ") else demangled
    return body[: body.rindex("(")]


def run_cli(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """`kfoot ARGS` in a fresh process (what a user runs; also proves there is no traceback)."""
    return subprocess.run([sys.executable, "-m", "kfoot", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=600)


# How a demangler spells the fixed-width typedefs kfoot_common.cuh defines (LP64).
_TYPEDEFS = {"int8_t": "signed char", "uint8_t": "unsigned char", "int32_t": "int", "int64_t": "long"}


def demangled_form(template_id: str) -> str:
    """A template-id as the demangled kernel name spells it (int32_t -> int, ...)."""
    return re.sub(r"\b(u?int(?:8|32|64)_t)\b", lambda m: _TYPEDEFS[m.group(1)], template_id)
