"""`kfoot compare`: a four-variant spec built AOT, RTC and hybrid (one traced variant) for sm_90,
checked against cuobjdump (kernels), the files on disk (sizes), cubins read with pyelftools
(context memory) and the RTC cache's behaviour (cold compile slower than a disk hit, slower than
a memory hit)."""

from __future__ import annotations

import json

import pytest
from elftools.elf.elffile import ELFFile

from kfoot.variants.loader import BUNDLED_DIR
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols
from oracles.errors import assert_error
from oracles.memory import alloc_bytes, expected_eager, images_by_container

HOT = "kfoot::unary_kernel<kfoot::op::Exp, float, float>"
SPEC = f"""
[[family]]
name   = "unary"
header = "{BUNDLED_DIR / 'elementwise.cuh'}"
kernel = "kfoot::unary_kernel"
params = ["op", "x", "out"]
[family.axes]
op  = ["kfoot::op::Neg", "kfoot::op::Exp"]
x   = ["float32", "float64"]
out = {{ same = "x" }}
"""


@pytest.fixture(scope="module")
def tiny(tmp_path_factory, nvcc, cuobjdump):
    root = tmp_path_factory.mktemp("compare")
    spec = root / "tiny.toml"
    spec.write_text(SPEC)
    trace = root / "trace.jsonl"
    trace.write_text(json.dumps({"family": "unary", "template_id": HOT}) + "\n")
    work = root / "work"
    data = json.loads(run_kfoot("compare", spec, "--arch", "sm_90", "--hot", trace, "-o", work, "--json",
                                "--memory", "estimate").stdout)
    return spec, trace, work, data


def test_kernels_and_variants(tiny):
    _spec, _trace, work, data = tiny
    modes = data["modes"]
    # 2 ops x 2 dtypes as written; a nested switch would also cross `out` with x: 2 x 2 x 2
    assert data["variants"] == {"as_written": 4, "nested_switch": 8, "distinct_template_ids": 4}
    assert modes["aot"]["kernels"] == cuobjdump_symbols(work / "aot" / "libkfoot_kernels.so").kernels == 4
    assert modes["hybrid"]["kernels"] == cuobjdump_symbols(work / "hybrid" / "libkfoot_kernels.so").kernels == 1
    assert modes["rtc"]["kernels"] == 0
    assert [modes[m]["variants_aot"] for m in ("aot", "rtc", "hybrid")] == [4, 0, 1]
    assert all(modes[m]["variants"] == 4 for m in modes)
    assert all(modes[m]["build_s"] > 0 for m in modes)
    assert not modes["aot"]["up_to_date"]


def test_shipped_bytes_are_the_files(tiny):
    _spec, _trace, work, data = tiny
    modes = data["modes"]
    library = work / "aot" / "libkfoot_kernels.so"
    assert modes["aot"]["binary_bytes"] == library.stat().st_size
    rtc_files = [work / "rtc" / "registry.json", *(p for p in (work / "rtc" / "templates").rglob("*") if p.is_file())]
    assert modes["rtc"]["binary_bytes"] == sum(p.stat().st_size for p in rtc_files)
    assert modes["rtc"]["stored_bytes"] == 0
    hybrid = work / "hybrid"
    hybrid_files = [hybrid / "libkfoot_kernels.so", hybrid / "registry.json",
                    *(p for p in (hybrid / "templates").rglob("*") if p.is_file())]
    assert modes["hybrid"]["binary_bytes"] == sum(p.stat().st_size for p in hybrid_files)
    assert 0 < modes["hybrid"]["stored_bytes"] < modes["aot"]["stored_bytes"]


def test_context_memory_against_the_cubins(tiny, tmp_path):
    _spec, _trace, work, data = tiny
    modes = data["modes"]
    for mode in ("aot", "hybrid"):
        containers = images_by_container(work / mode / "libkfoot_kernels.so", tmp_path / mode)
        loads = [alloc_bytes(next(i.file for i in c if i.arch == "sm_90")) for c in containers if c]
        memory = modes[mode]["memory"]
        assert memory["method"] == "estimated" and memory["arch"] == "sm_90"
        assert sum(loads) > 0
        assert memory["eager_bytes"] == expected_eager(loads), mode  # 0: within the first code chunk's slack
        assert memory["lazy_bytes"] == 0
    assert modes["rtc"]["memory"]["eager_bytes"] == modes["rtc"]["memory"]["lazy_bytes"] == 0
    # After the trace, RTC holds the one cubin NVRTC made for the traced kernel, and nothing else.
    cubins = list((work / "rtc-loaded").glob("*.cubin"))
    assert len(cubins) == modes["rtc"]["memory"]["after_trace_modules"] == 1
    with open(cubins[0], "rb") as f:
        names = [s.name for s in ELFFile(f).get_section_by_name(".symtab").iter_symbols()]
    assert any("unary_kernel" in n and "Exp" in n for n in names)
    assert modes["rtc"]["memory"]["after_trace_bytes"] == expected_eager([alloc_bytes(cubins[0])])


def test_first_use_latency_orders_compile_disk_memory(tiny):
    first = tiny[3]["rtc_first_use"]
    assert first["variant"] == HOT and first["arch"] == "sm_90" and first["cubin_bytes"] > 0
    # NVRTC compiles in hundreds of ms; reading a cached cubin takes about a millisecond; a
    # repeated request is a dictionary lookup. Orders of magnitude apart, so the order is stable.
    assert first["cold_compile_ms"] > 10 * first["disk_hit_next_ms"]
    assert first["disk_hit_next_ms"] * 1e3 > first["memory_hit_us"]
    assert first["disk_hit_ms"] >= first["disk_hit_next_ms"]
    # The sibling compiled first made the family's PCH; no remote tier is set here
    # (tests/test_rtc_remote.py measures one against redis-server).
    assert first["warm_pch_ms"] > 0 and first["warm_pch_note"] is None
    assert (first["remote_hit_ms"], first["remote_note"]) == (None, "not configured (KFOOT_CACHE_REMOTE)")


def test_markdown_and_reuse(tiny):
    spec, trace, work, _data = tiny
    out = run_kfoot("compare", spec, "--arch", "sm_90", "--hot", trace, "-o", work, "--reuse", "--memory", "estimate",
                    "--format", "markdown").stdout
    lines = out.splitlines()
    assert lines[0] == "|  | AOT | RTC | hybrid |"
    rows = {line.split(" | ")[0].lstrip("| "): line for line in lines if line.startswith("| ")}
    assert "(up to date)" in rows["build time"].split(" | ")[1]  # ninja had nothing to do
    assert rows["kernels in the binary"].split(" | ")[1:] == ["4", "0", "1 |"]
    assert rows["first use: remote hit, new process"].split(" | ")[1:] == ["-", "not measured", "as RTC |"]
    assert "remote hit not measured: not configured (KFOOT_CACHE_REMOTE)" in out
    assert rows["first use: compile, warm PCH"].split(" | ")[2].endswith(" ms")
    assert any("estimated for sm_90" in line for line in lines)


@pytest.mark.parametrize("args, message", [
    (["--arch", "compute_90"], "needs at least one SASS arch"),
    (["--arch", "sm_9x"], "is not an architecture"),
    (["--hot", "no-such-trace.jsonl"], "trace file does not exist"),
])
def test_bad_input_is_one_line(tmp_path, args, message):
    spec = tmp_path / "tiny.toml"
    spec.write_text(SPEC)
    assert_error(run_kfoot("compare", spec, *args, "-o", tmp_path / "w", check_rc=None), message)


def test_a_trace_naming_unknown_variants_fails_before_building(tmp_path):
    spec = tmp_path / "tiny.toml"
    spec.write_text(SPEC)
    trace = tmp_path / "trace.jsonl"
    trace.write_text(json.dumps({"template_id": "kfoot::unary_kernel<kfoot::op::Tan, float, float>"}) + "\n")
    assert_error(run_kfoot("compare", spec, "--arch", "sm_90", "--hot", trace, "-o", tmp_path / "w", check_rc=None),
                 "which the spec does not have")
    assert not (tmp_path / "w" / "aot").exists()


@pytest.mark.no_gpu
def test_measure_without_a_gpu_is_one_line(tmp_path):
    spec = tmp_path / "tiny.toml"
    spec.write_text(SPEC)
    assert_error(run_kfoot("compare", spec, "--arch", "sm_90", "--memory", "measure", "-o", tmp_path / "w", check_rc=None),
                 "needs an NVIDIA GPU")
    assert not (tmp_path / "w" / "aot").exists()


@pytest.mark.gpu  # context memory is measured there
def test_measured_comparison(tiny):
    spec, trace, work, _data = tiny
    data = json.loads(run_kfoot("compare", spec, "--arch", "sm_90", "--hot", trace, "-o", work, "--reuse",
                                "--json").stdout)
    assert data["memory_method"] == "measured" and data["device"]
    aot, rtc = data["modes"]["aot"]["memory"], data["modes"]["rtc"]["memory"]
    assert aot["method"] == "measured" and aot["eager_bytes"] >= rtc["eager_bytes"] == 0


def test_modules_loaded_into_one_context_share_its_heap_chunks(nvcc, tmp_path):
    """RTC after a trace is several cubins loaded into one process: their globals share one data
    chunk and their code one code heap, as the GPU measured (docs/memory.md: 49 traced kernels in
    4 modules, 2 MiB). Chunking each cubin on its own counted 2 MiB per cubin (make demo: 6 MiB).
    The modules are nvcc's, with a global: kfoot's own RTC cubins are linked lean and hold none."""
    import subprocess

    from kfoot.compare.run import _memory_of

    source = tmp_path / "with_global.cu"
    source.write_text("__device__ int table[64];\n"
                      "extern \"C\" __global__ void k(int* out) { out[threadIdx.x] = table[threadIdx.x]; }\n")
    cubin = tmp_path / "with_global.cubin"
    subprocess.run([str(nvcc), "-cubin", "-arch=sm_90", "-o", str(cubin), str(source)], check=True)
    folder = tmp_path / "loaded"
    folder.mkdir()
    for i in range(3):
        (folder / f"m{i}.cubin").write_bytes(cubin.read_bytes())
    load = alloc_bytes(cubin)
    assert load.data > 0
    memory = _memory_of([folder], "estimate", "sm_90")
    assert memory["eager_bytes"] == expected_eager([load] * 3) == 2 << 20
