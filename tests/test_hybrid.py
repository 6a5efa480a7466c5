"""Hybrid builds: the traced variants AOT-compiled (nvcc), every variant registered for RTC, and
the runtime's choice between them. The library's content is checked with cuobjdump."""

from __future__ import annotations

import json
import re
import subprocess

import cxxfilt
import pytest

from kfoot import runtime
from kfoot.build.hybrid import build_hybrid
from kfoot.build.rtc import build_rtc
from kfoot.errors import KfootError
from kfoot.spec import DEMO_SPEC, load_spec
from kfoot.toolchain import find_tool
from kfoot.variants import enumerate_spec
from test_rtc_support import demangled_form, run_cli, template_id_of

HOT = [
    ("binary", {"op": "kfoot::op::Add", "lhs": "float16", "rhs": "int32"}),
    ("reduce", {"op": "kfoot::op::Sum", "x": "float32", "ndim": 2}),
]


@pytest.fixture(scope="module")
def hybrid(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hybrid")
    spec = load_spec(DEMO_SPEC)
    build_rtc(spec, folder / "rtc")
    trace = folder / "trace.jsonl"
    reg = runtime.open_registry(folder / "rtc", cache=None, trace=trace)
    hot_ids = [reg.kernel(family, **values).template_id for family, values in HOT]
    out = folder / "hybrid"
    proc = run_cli("build", "--mode", "hybrid", "--hot", str(trace), str(DEMO_SPEC), "-o", str(out),
                   "--arch", "sm_90", "-j", "2", "--no-progress")
    assert proc.returncode == 0, proc.stderr
    return spec, out, hot_ids, trace, folder


def library_kernels(path) -> dict[str, set[str]]:
    """arch -> template-ids of the kernels cuobjdump finds in a host library."""
    out = subprocess.run([str(find_tool("cuobjdump")), "-elf", str(path)], capture_output=True, text=True, check=True).stdout
    found: dict[str, set[str]] = {}
    arch = None
    for line in out.splitlines():
        match = re.search(r"\bsm=(\d+)", line)
        if match:
            arch = f"sm_{match.group(1)}"
        match = re.search(r"\s\.text\.(\S+)\s*$", line)
        if match and arch and not line.lstrip().startswith("0x"):
            found.setdefault(arch, set()).add(template_id_of(cxxfilt.demangle(match.group(1))))
    return found


def test_registry_holds_every_variant_and_marks_the_hot_ones(hybrid):
    spec, out, hot_ids, _, _ = hybrid
    data = json.loads((out / "registry.json").read_text())
    assert data["mode"] == "hybrid"
    assert {r["template_id"] for r in data["variants"]} == {v.template_id for v in enumerate_spec(spec)}
    marked = {r["template_id"] for r in data["variants"] if r["aot_archs"]}
    assert marked == set(hot_ids)
    assert all(r["aot_archs"] == ["sm_90"] for r in data["variants"] if r["template_id"] in marked)


def test_library_holds_exactly_the_hot_kernels(hybrid):
    _, out, hot_ids, _, _ = hybrid
    assert library_kernels(out / "libkfoot_kernels.so") == {"sm_90": {demangled_form(t) for t in hot_ids}}
    data = json.loads((out / "registry.json").read_text())
    for template_id in hot_ids:  # the shard fatbin the runtime loads holds the kernel too
        entry = data["aot"]["kernels"][template_id]
        assert demangled_form(template_id) in library_kernels(out / entry["fatbin"])["sm_90"]


def test_dispatch_prefers_aot_where_the_library_runs(hybrid):
    _, out, hot_ids, _, _ = hybrid
    reg = runtime.open_registry(out, cache=None, trace=None)
    hot = reg.kernel(HOT[0][0], **HOT[0][1])
    cold = reg.kernel("binary", op="kfoot::op::Mul", lhs="float16", rhs="int32")
    assert hot.route("sm_90") == "aot"
    assert hot.route("sm_80") == "rtc"  # not built for sm_80: NVRTC compiles it there
    assert hot.route("sm_100") == "rtc"  # sm_90 SASS does not run on another major
    assert cold.route("sm_90") == "rtc"


def test_nvrtc_and_nvcc_name_the_kernel_alike(hybrid):
    # The hybrid runtime finds AOT kernels by the mangled name nvcc gave them; RTC ones by the
    # name NVRTC lowers the same template-id to. They must agree or one path would not find it.
    _, out, hot_ids, _, _ = hybrid
    reg = runtime.open_registry(out, cache=None, trace=None)
    data = json.loads((out / "registry.json").read_text())
    for template_id in hot_ids:
        assert reg.kernel_by_id(template_id).lowered_name("sm_90") == data["aot"]["kernels"][template_id]["symbol"]


def test_trace_with_a_variant_the_spec_lacks_is_refused(hybrid, tmp_path):
    spec = hybrid[0]
    trace = tmp_path / "t.jsonl"
    trace.write_text(json.dumps({"template_id": "kfoot::binary_kernel<kfoot::op::Nope, float, float, float>"}) + "\n")
    with pytest.raises(KfootError, match="which the spec does not have"):
        build_hybrid(spec, tmp_path / "o", hot_trace=trace, archs=["sm_90"], progress=False)
    trace.write_text("")
    with pytest.raises(KfootError, match="lists no variants"):
        build_hybrid(spec, tmp_path / "o", hot_trace=trace, archs=["sm_90"], progress=False)


def test_rtc_build_output_has_no_kernels_for_report(hybrid):
    folder = hybrid[4]
    proc = run_cli("report", str(folder / "rtc"), "--json")
    if proc.returncode == 0:
        assert json.loads(proc.stdout)["totals"]["kernels"] == 0
    else:
        assert proc.returncode == 2 and "no ELF" in proc.stderr and "Traceback" not in proc.stderr
