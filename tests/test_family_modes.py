"""Per-family build modes (issue 24): `modes = ["aot"]` for a family NVRTC cannot compile (never
checked under NVRTC, never compiled or routed to it, Python or C++: an arch the library lacks is
one error naming the family and the archs it was built for), `modes = ["rtc"]` for one never
compiled ahead of time, even when hot; `--no-check-family` skips the NVRTC check for the families
it names.

Oracles: cuobjdump's kernel list of the library (what nvcc really compiled), NVRTC itself (the
header it cannot compile includes <cstdint>, which NVRTC lacks), and the C++ runtime built with
g++ against the same registry (tests/cpp/rtc_check.cpp).
"""

from __future__ import annotations

import json
import subprocess
import textwrap

import cxxfilt
import pytest

from kfoot.core.errors import KfootError
from kfoot.runtime import api as runtime
from kfoot.runtime.trace import append_trace
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels
from oracles.errors import assert_error
from test_rtc_support import demangled_form, template_id_of

NVRTC_CANNOT = "#include <cstdint>\ntemplate <class T> __global__ void gemm(T* x) { x[0] = T(std::int32_t(1)); }\n"
PLAIN = "template <class T> __global__ void {name}(T* x) {{ x[0] = T(2); }}\n"


def _family(name: str, header: str, modes: str = "") -> str:
    return textwrap.dedent(f"""
        [[family]]
        name = "{name}"
        header = "{header}"
        kernel = "{name}"
        params = ["T"]
        {modes}
        [family.axes]
        T = ["float32", "float64"]
        """)


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("modes")
    (folder / "gemm.cuh").write_text(NVRTC_CANNOT)
    for name in ("fast", "both"):
        (folder / f"{name}.cuh").write_text(PLAIN.format(name=name))
    spec = folder / "lib.toml"
    spec.write_text(_family("gemm", "gemm.cuh", 'modes = ["aot"]') + _family("fast", "fast.cuh", 'modes = ["rtc"]')
                    + _family("both", "both.cuh"))
    trace = folder / "trace.jsonl"
    for family in ("fast", "both"):  # hot: fast (never AOT all the same) and one of both's
        append_trace(trace, {"family": family, "values": {"T": "float32"}, "template_id": f"{family}<float>"})
    out = folder / "hybrid"
    run_kfoot("build", "--mode", "hybrid", "--hot", trace, spec, "-o", out, "--arch", "sm_80", "-j", "2",
              "--no-progress")  # with the NVRTC check: gemm is not checked
    return folder, spec, out


def test_hybrid_compiles_aot_families_whole_and_rtc_families_never(library):
    _, _, out = library
    kernels = {template_id_of(cxxfilt.demangle(n)) for n in cuobjdump_elf_kernels(out / "libkfoot_kernels.so")["sm_80"]}
    assert kernels == {demangled_form(t) for t in ("gemm<float>", "gemm<double>", "both<float>")}
    families = json.loads((out / "registry.json").read_text())["families"]
    assert [families[f]["modes"] for f in ("gemm", "fast", "both")] == [["aot"], ["rtc"], ["aot", "rtc"]]


ROUTES = [("gemm<float>", "sm_80", "aot"), ("gemm<double>", "sm_86", "aot"), ("fast<float>", "sm_80", "rtc"),
          ("both<float>", "sm_80", "aot"), ("both<double>", "sm_80", "rtc"),
          ("gemm<float>", "sm_90", "error: family 'gemm' is built ahead of time only (modes = [\"aot\"]) and its "
                                   "library holds sm_80, none of which runs on sm_90; rebuild with --arch naming it")]


@pytest.mark.parametrize("template_id, arch, route", ROUTES)
def test_python_and_cpp_route_alike(library, rtc_check, template_id, arch, route):
    _, _, out = library
    reg = runtime.open_registry(out, cache=None, trace=None)
    kernel = reg.kernel_by_id(template_id)
    if route.startswith("error: "):
        with pytest.raises(KfootError) as err:
            kernel.route(arch)
        assert f"error: {err.value}" == route
        with pytest.raises(KfootError, match="built ahead of time only"):
            kernel.cubin(arch)  # never NVRTC
    else:
        assert kernel.route(arch) == route
    proc = subprocess.run([str(rtc_check), "--route", str(out), template_id, arch], capture_output=True, text=True)
    assert proc.stdout.strip() == route


def test_aot_build_leaves_rtc_families_out(library, tmp_path):
    _, spec, _ = library
    run_kfoot("build", "--mode", "aot", spec, "-o", tmp_path / "aot", "--arch", "sm_80", "--family", "fast",
              "--family", "both", "--no-progress", "--json")
    names = [v["template_id"] for v in json.loads((tmp_path / "aot" / "manifest.json").read_text())["variants"]]
    assert names == ["both<float>", "both<double>"]
    assert_error(run_kfoot("build", spec, "-o", tmp_path / "x", "--family", "fast", check_rc=2),
                 'nothing to build', 'modes = ["rtc"]: fast')


def test_rtc_build_never_registers_or_checks_aot_families(library, tmp_path):
    _, spec, _ = library
    run_kfoot("build", "--mode", "rtc", spec, "-o", tmp_path / "rtc", "--arch", "sm_80", "--no-progress")
    assert set(json.loads((tmp_path / "rtc" / "registry.json").read_text())["families"]) == {"fast", "both"}


def test_no_check_family_skips_the_named_families(library, tmp_path):
    folder, _, _ = library
    spec = folder / "plain.toml"  # gemm without modes: NVRTC's check fails on it, by name
    spec.write_text(_family("gemm", "gemm.cuh") + _family("both", "both.cuh"))
    failed = run_kfoot("build", "--mode", "rtc", spec, "-o", tmp_path / "a", "--arch", "sm_80", "--no-progress",
                       check_rc=2)
    assert "family 'gemm': header gemm.cuh" in failed.stderr and "cstdint" in failed.stderr
    run_kfoot("build", "--mode", "rtc", spec, "-o", tmp_path / "b", "--arch", "sm_80", "--no-progress",
              "--no-check-family", "gem*")
    assert_error(run_kfoot("build", "--mode", "rtc", spec, "-o", tmp_path / "c", "--no-check-family", "nope",
                           check_rc=2), "no family matches nope")


@pytest.mark.parametrize("modes", ['[]', '["jit"]', '"aot"', '["aot", "aot"]'])
def test_bad_modes_is_one_line(tmp_path, modes):
    (tmp_path / "both.cuh").write_text(PLAIN.format(name="both"))
    spec = tmp_path / "s.toml"
    spec.write_text(_family("both", "both.cuh", f"modes = {modes}"))
    assert_error(run_kfoot("enumerate", spec, check_rc=2), "family 'both'", "key 'modes'", "aot")
