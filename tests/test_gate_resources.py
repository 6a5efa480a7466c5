"""`kfoot gate --max-register-growth / --max-stack-growth` against two builds of one kernel, with
and without `-maxrregcount` (cuobjdump -res-usage gives each build's registers)."""

from __future__ import annotations

import json
import subprocess

import pytest

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_resource_usage
from oracles.errors import assert_error

SOURCE = r"""
namespace {  // module IDs in the mangled names: matching must survive them
__global__ void heavy_kernel(double* out, const double* in, int n) {
  double acc[24];
  #pragma unroll
  for (int k = 0; k < 24; ++k) acc[k] = in[(threadIdx.x + k * 37) % n];
  for (int r = 0; r < n; ++r) {
    #pragma unroll
    for (int k = 0; k < 24; ++k) acc[k] = acc[k] * acc[(k + 1) % 24] + in[(r + k) % n];
  }
  double s = 0;
  #pragma unroll
  for (int k = 0; k < 24; ++k) s += acc[k];
  out[threadIdx.x] = s;
}
}
void launch(double* o, const double* i, int n) { heavy_kernel<<<1, 32>>>(o, i, n); }
__global__ void small_kernel(int* out) { out[threadIdx.x] = threadIdx.x; }
"""


@pytest.fixture(scope="module")
def builds(tmp_path_factory, nvcc):
    out = tmp_path_factory.mktemp("regs")
    source = out / "heavy.cu"
    source.write_text(SOURCE)
    paths = {}
    for name, extra in (("capped.o", ["-maxrregcount=32"]), ("free.o", [])):
        paths[name] = out / name
        proc = subprocess.run([str(nvcc), "-c", "-gencode", "arch=compute_80,code=sm_80", *extra, str(source),
                               "-o", str(paths[name])], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
    return paths


def _usage(path) -> dict[str, dict]:
    return {name: figures for _, name, figures in cuobjdump_resource_usage(path)}


def test_register_growth_fails_naming_the_kernel_with_before_and_after(builds):
    before, after = _usage(builds["capped.o"]), _usage(builds["free.o"])
    heavy = next(n for n in before if "heavy_kernel" in n)
    assert before[heavy]["REG"] == 32 < after[heavy]["REG"]  # the oracle: the cap moved the registers
    proc = run_kfoot("gate", "--baseline", builds["capped.o"], builds["free.o"], "--max-size-growth", "100%",
                     "--max-register-growth", "4", "--json", check_rc=1)
    verdict = json.loads(proc.stdout)
    registers = next(c for c in verdict["kernel_checks"] if c["metric"] == "registers")
    assert registers["kernels_compared"] == 2 and not registers["passed"]
    [offender] = registers["offenders"]
    assert "heavy_kernel" in offender["kernel"] and offender["arch"] == "sm_80"
    assert (offender["base"], offender["new"], offender["allowed"]) == (before[heavy]["REG"], after[heavy]["REG"], 4)
    text = run_kfoot("gate", "--baseline", builds["capped.o"], builds["free.o"], "--max-size-growth", "100%",
                     "--max-register-growth", "4", check_rc=1).stdout
    assert "heavy_kernel" in text and f"{after[heavy]['REG']}" in text
    # Enough room passes; the stack check compares the same kernels (cuobjdump's STACK).
    growth = after[heavy]["REG"] - before[heavy]["REG"]
    ok = json.loads(run_kfoot("gate", "--baseline", builds["capped.o"], builds["free.o"], "--max-size-growth", "100%",
                              "--max-register-growth", str(growth), "--max-stack-growth", "0", "--json").stdout)
    assert ok["passed"] and all(c["passed"] for c in ok["kernel_checks"])


def test_a_family_budget_of_its_own_and_reports_without_kernel_rows(builds, tmp_path):
    budget = tmp_path / "budget.toml"
    budget.write_text('max-size-growth = "100%"\nmax-register-growth = 0\n\n'
                      '[families."(anonymous namespace)::heavy_kernel"]\nmax-register-growth = 64\n')
    verdict = json.loads(run_kfoot("gate", "--baseline", builds["capped.o"], builds["free.o"], "--budget", budget,
                                   "--json").stdout)
    assert verdict["passed"] and [c["scope"] for c in verdict["kernel_checks"]] == ["library", "family"]
    plain = tmp_path / "plain.json"
    run_kfoot("report", builds["capped.o"], "--json", "-o", plain)
    assert_error(run_kfoot("gate", "--baseline", plain, builds["free.o"], "--max-register-growth", "0", check_rc=None),
                 "kernel_list")
