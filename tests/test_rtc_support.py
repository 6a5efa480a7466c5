"""Helpers shared by the RTC test files (no tests here): a tiny spec, kernel names as cuobjdump
(tests/oracles/cuobjdump.py) and c++filt see them.

The tiny spec keeps NVRTC compiles short (one header, a few variants); the bundled demo spec is
exercised separately in test_rtc_build.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import cxxfilt

from oracles.cuobjdump import image_elf_kernels

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


def build_mini_registry(folder: Path) -> Path:
    """The mini spec (write_mini_spec) built as an RTC registry in folder/registry."""
    from kfoot.compile.rtc_registry import build_rtc
    from kfoot.variants.loader import load_spec

    out = folder / "registry"
    build_rtc(load_spec(write_mini_spec(folder / "spec")), out)
    return out


def cubin_facts(cubin: bytes, tmp: Path) -> tuple[int, set[str]]:
    """(sm number, demangled kernel names) as cuobjdump reads them: the independent oracle."""
    found = image_elf_kernels(cubin, tmp)
    assert len(found) == 1, f"cuobjdump found no kernels, or more than one arch: {found}"
    (arch, kernels), = found.items()
    return int(arch.removeprefix("sm_")), {cxxfilt.demangle(k) for k in kernels}


def template_id_of(demangled: str) -> str:
    """'void ns::k<A, B>(A const*, ...)' -> 'ns::k<A, B>'."""
    body = demangled.split(" ", 1)[1] if demangled.startswith("void ") else demangled
    return body[: body.rindex("(")]


# How a demangler spells the fixed-width typedefs kfoot_common.cuh defines (LP64).
_TYPEDEFS = {"int8_t": "signed char", "uint8_t": "unsigned char", "int32_t": "int", "int64_t": "long"}


def demangled_form(template_id: str) -> str:
    """A template-id as the demangled kernel name spells it (int32_t -> int, ...)."""
    return re.sub(r"\b(u?int(?:8|32|64)_t)\b", lambda m: _TYPEDEFS[m.group(1)], template_id)
