"""docs/memory.md held to the code: the estimate's fields and values, the estimates table
(libcurand's rows recomputed; the demo's are in test_docs_readme.py, which builds it), the model's
constants and the measurement's stopping rule (run against a stand-in GPU probe)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from docs_support import check_memory_row, DOC_TEXT, DOCS_CURAND, kfoot_json, memory_table, phrase, require_distribution


_PTX = """.version 8.0
.target sm_{arch}
.address_size 64

.visible .entry k()
{{
	{body};
}}
"""


@pytest.fixture(scope="module")
def tiny_fatbins(tmp_path_factory) -> dict[str, Path]:
    """Raw .fatbin files made by NVIDIA's ptxas and fatbinary from a one-line kernel: `mixed` holds
    sm_80 SASS and compute_90 PTX; `bad_ptx` holds PTX that ptxas refuses."""
    import subprocess

    from kfoot.core.errors import ToolMissing
    from kfoot.core.toolchain import find_tool

    try:
        ptxas, fatbinary = find_tool("ptxas"), find_tool("fatbinary")
    except ToolMissing as exc:
        pytest.skip(str(exc))
    out = tmp_path_factory.mktemp("tiny-fatbins")
    for name, arch, body in (("k80", 80, "ret"), ("k90", 90, "ret"), ("bad", 90, "no_such_instruction")):
        (out / f"{name}.ptx").write_text(_PTX.format(arch=arch, body=body))
    subprocess.run([ptxas, "-arch=sm_80", out / "k80.ptx", "-o", out / "k80.cubin"], check=True)
    for name, images in (("mixed", ["kind=elf,sm=80,file=k80.cubin", "kind=ptx,sm=90,file=k90.ptx"]),
                         ("bad_ptx", ["kind=ptx,sm=90,file=bad.ptx"])):
        subprocess.run([fatbinary, f"--create={name}.fatbin", "--64", *(f"--image3={i}" for i in images)],
                       cwd=out, check=True)
    return {name: out / f"{name}.fatbin" for name in ("mixed", "bad_ptx")}


def test_memory_estimate_fields_are_the_documented_ones(curand_analysis, tiny_fatbins):
    from kfoot.memory.estimate import estimate_file

    paragraph = next(p for p in DOC_TEXT["docs/memory.md"].split("\n\n") if p.startswith("JSON fields of an estimate"))
    documented = {token.split(":")[0] for token in re.findall(r"`([^`]+)`", paragraph)}
    estimate = estimate_file(curand_analysis, "sm_90", jit_ptx=False).to_dict()
    keys = set(estimate) | {k for v in estimate.values() if isinstance(v, dict) and v is not estimate["modules_by_route"] for k in v}
    assert keys <= documented, f"the estimate has fields docs/memory.md does not list: {sorted(keys - documented)}"
    # The values the paragraph names: every route and both ways of handling PTX occur, and no other.
    routes = {" ".join(r.split()) for r in re.findall(r"`([^`]+)`", paragraph.split("`modules_by_route` (")[1].split(")")[0])}
    ptx = set(re.findall(r"`(\w+)`", paragraph.split("`ptx`:")[1].split(",")[0]))
    seen_routes, seen_ptx = set(), set()
    for name, arch in (("mixed", "sm_80"), ("mixed", "sm_86"), ("mixed", "sm_90"), ("mixed", "sm_75"), ("bad_ptx", "sm_90")):
        memory = kfoot_json("report", "--memory", "estimate", "--memory-arch", arch, "--json", tiny_fatbins[name])
        memory = memory["files"][0]["memory"]
        seen_routes |= {"..., not estimated" if r.endswith(", not estimated") else r for r in memory["modules_by_route"]}
        seen_ptx.add(memory["model"]["ptx"])
    assert seen_routes == routes and seen_ptx == ptx, (seen_routes, seen_ptx)


def test_memory_table_curand_rows(curand_library, curand_analysis):
    from kfoot.memory.estimate import estimate_file

    require_distribution("nvidia-curand", DOCS_CURAND)
    table = {arch: row for (label, arch), row in memory_table().items() if label.startswith("libcurand")}
    assert set(table) == {"sm_90", "sm_80"}
    assert f"{curand_library.stat().st_size:,} B)" in next(l for l, _ in memory_table() if l.startswith("libcurand"))
    file = curand_analysis
    for arch, row in table.items():
        check_memory_row(row, None, estimate_file(file, arch, jit_ptx=False).to_dict())
    sm90 = estimate_file(file, "sm_90", jit_ptx=False).to_dict()
    phrase("docs/memory.md", f"and {sm90['on_demand']['unloadable_modules']:,} of them have nothing an `sm_90` loads")
    compute75_only = 0
    by_container: dict = {}
    for image in file.image_loads:
        by_container.setdefault(image.container, []).append(image)
    for images in by_container.values():
        if images[0].section == ".data" and {(i.kind, i.arch) for i in images} == {("ptx", "compute_75")}:
            compute75_only += 1
    phrase("docs/memory.md", f"(libcurand's {compute75_only} `compute_75`-only containers are on-demand")
    ptx_modules = sum(n for r, n in sm90["modules_by_route"].items() if r.startswith("ptx-jit"))
    phrase("docs/memory.md", f"libcurand's {ptx_modules} registered containers that an `sm_90` loads as PTX, "
                             f"{table['sm_90'][3].split()[0]} bytes of its estimate")


def test_curand_figures(curand_report):
    sections = curand_report["files"][0]["sections"]
    data, registered = sections[".data"], sections[".nv_fatbin"]
    for doc in ("README.md", "docs/memory.md"):
        phrase(doc, f"libcurand keeps {data['containers']:,} in `.data`")
    phrase("README.md", f"sees the {registered['kernels']:,} kernels of `.nv_fatbin`; `kfoot report --section .nv_fatbin` "
                        f"gives exactly those {registered['kernels']:,}, and the other {data['kernels']:,} are in the "
                        "containers embedded in `.data`")
    phrase("docs/memory.md", f"libcurand: {registered['containers']}")
    phrase("docs/memory.md", f"libcurand's {data['containers']:,} on-demand containers hold one arch each")


def test_memory_doc_constants():
    from kfoot.memory import estimate, measure
    from kfoot.runtime import compiler

    phrase("docs/runtime.md", f"(`--batch`, default {compiler.DEFAULT_BATCH}:")
    phrase("docs/memory.md", "libcusparse: 137 containers in `.nv_fatbin`")
    phrase("docs/benchmarks.md", "137 containers in `.nv_fatbin`")

    phrase("docs/memory.md", f"`KERNEL_OVERHEAD` = {estimate.KERNEL_OVERHEAD:,}")
    phrase("docs/memory.md", f"`CODE_HEAP_SLACK` = {estimate.CODE_HEAP_SLACK // 1024} KiB")
    assert estimate.HEAP_CHUNK == 2 << 20


def test_the_measurement_stops_as_documented(fake_gpu):
    """docs/memory.md: pairs repeat until the last N differences agree within G MiB + P% (at most M
    pairs); the median of the last N is reported. Held at the edge of that rule, in both modes."""
    from kfoot.memory.measure import measure_file

    rule = re.search(r"the last (\d+) differences agree within (\d+) MiB \+ (\d+)% \(at most (\d+) pairs\)",
                     " ".join(DOC_TEXT["docs/memory.md"].split()))
    assert rule, "docs/memory.md no longer states when the measurement stops: update it and this test"
    last, granularity, percent, most = int(rule[1]), int(rule[2]) << 20, int(rule[3]), int(rule[4])
    low = 100 << 20
    widest = (100 * granularity + percent * low) // (100 - percent)  # high - low <= G + P% of high
    for spread, settles in ((0, True), (widest, True), (widest + 1, False)):
        fake_gpu(eager=[low] * (last - 1) + [low + spread], lazy=[low] * (last - 1) + [low + spread])
        memory = measure_file(__file__)
        for mode in ("eager", "lazy"):
            samples = memory["samples"][mode]
            assert len(samples) == (last if settles else most) and memory["stable"][mode] is settles, (spread, samples)
            assert memory[f"{mode}_bytes"] == sorted(samples[-last:])[last // 2]
    assert memory["granularity"] == granularity


def test_compare_json_fields_in_the_memory_doc():
    from kfoot.compare.run import ModeResult

    keys = ", ".join(f"`{key}`" for key in ModeResult("aot").to_dict())
    phrase("docs/memory.md", f'`--json` prints the same figures with `"schema": "kfoot.compare/2"`, one object per mode '
                             f"under `modes` ({keys})")
