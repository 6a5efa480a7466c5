"""The issue's scenario through kfoot's own build: a baseline and candidates built AOT from a
spec, the candidate with one more (or one fewer) value on an axis. Expected kernel figures are
worked out from the spec by hand (variants x SASS archs) and checked against cuobjdump."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import cxxfilt
import pytest

from kfoot.compile import aot
from kfoot.variants.loader import load_spec
from oracles.cli import run_main
from oracles.cuobjdump import cuobjdump_symbols

HEADER = """\
#pragma once
namespace kft {
template <typename T> __global__ void scale_kernel(T* y, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * y[i];
}
template <typename T> __global__ void fill_kernel(T* y, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = v;
}
}  // namespace kft
"""

SPEC = """\
[[family]]
name   = "scale"
header = "kft.cuh"
kernel = "kft::scale_kernel"
params = ["T"]
[family.axes]
T = {scale_types}

[[family]]
name   = "fill"
header = "kft.cuh"
kernel = "kft::fill_kernel"
params = ["T"]
[family.axes]
T = ["float32", "int32"]
"""

SPECS = {
    "base": ["float32", "int32"],
    "rebuild": ["float32", "int32"],
    "grown": ["float32", "int32", "float64"],  # one more axis value
    "shrunk": ["float32"],
}
ARCHS = ["sm_80", "sm_90"]


@pytest.fixture(scope="module")
def builds(tmp_path_factory, nvcc):
    root = tmp_path_factory.mktemp("gate-spec")

    def build(name):
        folder = root / name
        folder.mkdir()
        (folder / "kft.cuh").write_text(HEADER)
        (folder / "kft.toml").write_text(SPEC.format(scale_types=json.dumps(SPECS[name])))
        return aot.build_aot(load_spec(folder / "kft.toml"), folder / "out", archs=ARCHS, jobs=1, progress=False)

    with ThreadPoolExecutor(2) as pool:  # two cores: two builds at a time, one nvcc each
        return dict(zip(SPECS, pool.map(build, SPECS)))


def gate(capsys, base, new, *extra):
    code, out, _ = run_main(capsys, "gate", "--baseline", base.library, new.library, *extra)
    return code, out


@pytest.fixture(autouse=True)
def no_step_summary(monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)


def test_builds_hold_one_kernel_per_variant_and_arch(builds):
    # By hand: (scale types + 2 fill types) x 2 archs.
    expected = {"base": 8, "rebuild": 8, "grown": 10, "shrunk": 6}
    assert {name: cuobjdump_symbols(b.library, all_fatbins=True).kernels for name, b in builds.items()} == expected


def test_one_more_axis_value_fails_naming_the_family_and_the_added_kernels(builds, capsys):
    code, out = gate(capsys, builds["base"], builds["grown"])
    assert code == 1
    line = next(l for l in out.splitlines() if "kft::scale_kernel" in l and "changed" in l)
    assert "+2" in line.split()  # float64 x {sm_80, sm_90}
    assert "kft::fill_kernel" not in out  # it did not grow: not listed among the families that grew
    code, out = gate(capsys, builds["base"], builds["grown"], "--json")
    verdict = json.loads(out)
    assert code == 1
    assert [(f["name"], f["kernels"]["delta"]) for f in verdict["families_grown"]] == [("kft::scale_kernel", 2)]
    assert {a["name"]: a["kernels"]["delta"] for a in verdict["diff"]["archs"]} == {"sm_80": 1, "sm_90": 1}


def test_an_identical_rebuild_passes(builds, capsys):
    code, out = gate(capsys, builds["base"], builds["rebuild"])
    assert code == 0 and "no change in device code (8 kernels" in out


def test_a_shrink_passes_and_says_so(builds, capsys):
    code, out = gate(capsys, builds["base"], builds["shrunk"])
    assert code == 0 and "shrank" in out
    line = next(l for l in out.splitlines() if "kft::scale_kernel" in l)
    assert "-2" in line.split()


def test_budgets_in_percent_and_bytes(builds, capsys):
    base, grown = builds["base"], builds["grown"]
    roomy = ("--max-size-growth", "10MiB")
    assert gate(capsys, base, grown, "--max-kernel-growth", "2", *roomy)[0] == 0
    assert gate(capsys, base, grown, "--max-kernel-growth", "1", *roomy)[0] == 1
    assert gate(capsys, base, grown, "--max-kernel-growth", "25%", *roomy)[0] == 0  # 2 of 8
    assert gate(capsys, base, grown, "--max-kernel-growth", "24%", *roomy)[0] == 1  # 1.92 -> 1
    assert gate(capsys, base, grown, "--max-kernel-growth", "2", "--max-size-growth", "0")[0] == 1
    assert gate(capsys, base, grown, "--family-budget", "kft::scale_kernel=100%")[0] == 0  # 2 of 4
    assert gate(capsys, base, grown, "--family-budget", "kft::fill_kernel=100%")[0] == 1


def _names(build) -> set[str]:
    """The kernels of a build as cuobjdump lists them (mangled), any arch."""
    return {name for _arch, name in cuobjdump_symbols(build.library, all_fatbins=True).entries}


@pytest.mark.parametrize("new, direction", [("grown", "added"), ("shrunk", "removed")])
def test_the_kernels_added_or_removed_are_listed(builds, capsys, new, direction):
    # cuobjdump's names on both sides, demangled by c++filt: what the diff must list.
    base, other = _names(builds["base"]), _names(builds[new])
    changed = (other - base) if direction == "added" else (base - other)
    assert len(changed) == 1  # one type value per arch: the same mangled name in both archs
    expected = sorted(cxxfilt.demangle(n) for n in changed)
    code, out = gate(capsys, builds["base"], builds[new], "--json")
    scale = next(f for f in json.loads(out)["diff"]["families"] if f["name"] == "kft::scale_kernel")
    assert scale[f"kernels_{direction}"] == sorted(changed) and scale[f"kernels_{direction}_count"] == 1
    assert not scale["kernels_removed" if direction == "added" else "kernels_added"]
    for fmt in ("text", "markdown"):
        code, out = gate(capsys, builds["base"], builds[new], "--format", fmt)
        assert all(name in out for name in expected), out
    _, out = gate(capsys, builds["base"], builds["rebuild"], "--json")
    assert all(not f["kernels_added"] and not f["kernels_removed"] for f in json.loads(out)["diff"]["families"])
