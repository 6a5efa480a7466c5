"""Relocatable device code: a library linked with `nvcc -rdc=true` keeps the objects' relocatable
images in `__nv_relfatbin` beside the linked `.nv_fatbin`. Nothing registers them: `kernels`,
`global_symbols` and the per-arch figures are what is loaded (`cuobjdump -symbols`, its default
view), and the copies are figures of their own (`relocatable_kernels`, `relocatable_bytes`,
`relocatable`), shown as never loaded, never duplicates.

Oracles: `cuobjdump -symbols` (what is loaded) and `cuobjdump -all -symbols` (everything) on -rdc
builds made here; the tests' own fatbin walk (tests/oracles/fatbin.py) for the copies' bytes;
tests/data/rdc-report-v2.json, the report the /2 kfoot (commit 1ac88c1) wrote of the same library.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter

import pytest
from conftest import FIXTURE_SRC, SM80, SM90A
from oracles import fatbin
from oracles.cli import REPO, run_kfoot
from oracles.cuobjdump import cuobjdump_symbols

V2_REPORT = REPO / "tests" / "data" / "rdc-report-v2.json"


@pytest.fixture(scope="module")
def rdc(nvcc, tmp_path_factory):
    """An -rdc shared library and executable (device-linked by nvcc), as a user builds them."""
    folder = tmp_path_factory.mktemp("rdc")
    source = FIXTURE_SRC / "kernels.cu"
    out = {"librdc.so": folder / "librdc.so", "rdc_exe": folder / "rdc_exe"}
    subprocess.run([str(nvcc), "-rdc=true", "-shared", "-Xcompiler", "-fPIC", *SM80, *SM90A, str(source),
                    "-o", str(out["librdc.so"])], check=True)
    subprocess.run([str(nvcc), "-rdc=true", *SM80, str(source), str(FIXTURE_SRC / "main.cu"),
                    "-o", str(out["rdc_exe"])], check=True)
    return out


def _report(*args) -> dict:
    return json.loads(run_kfoot("report", "--json", *args).stdout)


def _sass(archs: dict, figure: str) -> dict[str, int]:
    return {name: a[figure] for name, a in archs.items() if a["kind"] == "sass" and a[figure]}


@pytest.mark.parametrize("name", ["librdc.so", "rdc_exe"])
def test_kernels_are_what_is_loaded_and_copies_are_apart(rdc, name):
    path = rdc[name]
    loaded, everything = cuobjdump_symbols(path), cuobjdump_symbols(path, all_fatbins=True)
    assert everything.kernels > loaded.kernels > 0  # the copies are there
    entry = _report(path)["files"][0]
    assert (entry["kernels"], entry["global_symbols"]) == (loaded.kernels, loaded.global_symbols)
    assert _sass(entry["archs"], "kernels") == dict(loaded.kernels_by_arch)
    assert _sass(entry["archs"], "images") == dict(loaded.sass_images_by_arch)
    copies = entry["relocatable"]
    assert entry["relocatable_kernels"] == copies["kernels"] == everything.kernels - loaded.kernels
    assert copies["global_symbols"] == everything.global_symbols - loaded.global_symbols
    assert _sass(copies["archs"], "kernels") == dict(Counter(everything.kernels_by_arch) - Counter(loaded.kernels_by_arch))
    assert sum(f["kernels"] for f in copies["families"]) == copies["kernels"]
    # Their bytes: every payload slot of the containers in __nv_relfatbin (the tests' own walk).
    data = path.read_bytes()
    slots = sum(e.payload_size for c in fatbin.containers(data, "__nv_relfatbin") for e in c.entries)
    assert entry["relocatable_bytes"] == copies["stored_bytes"] == slots > 0
    assert entry["stored_bytes"] == sum(e.payload_size for c in fatbin.containers(data) for e in c.entries)
    assert entry["host_bytes"] + entry["overhead_bytes"] + entry["stored_bytes"] + entry["relocatable_bytes"] + \
        entry["filtered_bytes"] == entry["size"] == len(data)
    assert entry["attribution"]["relocatable_copies"] and sum(entry["attribution"]["relocatable_copies"].values()) == slots


def test_an_rdc_object_is_its_relocatable_code(cuda_fixtures):
    """Without a linked .nv_fatbin (an -rdc object) the relocatable images are the device code:
    cuobjdump's default view shows them, and so do the kernels."""
    path = cuda_fixtures["obj_rdc.o"]
    oracle = cuobjdump_symbols(path)
    entry = _report(path)["files"][0]
    assert (entry["kernels"], entry["global_symbols"], entry["relocatable_kernels"]) == \
        (oracle.kernels, oracle.global_symbols, 0)


def test_copies_are_not_duplicates(rdc):
    entry = _report("--by", "duplicate", rdc["librdc.so"])["files"][0]
    assert entry["duplicates"] == [] and entry["duplicate_bytes"] == 0
    table = " ".join(run_kfoot("report", "--by", "duplicate", rdc["librdc.so"]).stdout.split())
    assert "relocatable copies (never loaded) are not counted here" in table


def test_section_nv_relfatbin_still_reports_them(rdc):
    path = rdc["librdc.so"]
    loaded, everything = cuobjdump_symbols(path), cuobjdump_symbols(path, all_fatbins=True)
    entry = _report("--section", "__nv_relfatbin", path)["files"][0]
    assert (entry["kernels"], entry["stored_bytes"]) == (0, 0)
    assert entry["relocatable_kernels"] == everything.kernels - loaded.kernels
    assert entry["filtered_bytes"] > 0  # .nv_fatbin, left out


def test_the_table_and_the_page_say_never_loaded(rdc):
    path = rdc["librdc.so"]
    table = run_kfoot("report", path).stdout
    assert "relocatable copies" in table and "never loaded" in table
    by_arch = [line.split() for line in table.splitlines() if "never loaded" in line and line.split()[0].startswith("sm_")]
    assert sorted(row[0] for row in by_arch) == ["sm_80", "sm_90a"]
    markdown = run_kfoot("report", "--format", "markdown", "--by", "family", path).stdout
    assert "(never loaded)" in markdown
    from kfoot.report.analyze import ReportOptions, analyze_paths
    from kfoot.report.html import report_payload

    payload = report_payload(analyze_paths([path], ReportOptions(kernel_rows=True)))
    assert {row[1] for row in payload["archs"]} == {"sass", "sass, never loaded"}
    assert any(row[3].endswith("(never loaded)") for row in payload["kernels"])
    section = next(c for c in payload["tree"]["c"] if c["n"] == "__nv_relfatbin")
    assert any("never loaded" in c["n"] for c in section["c"])


def test_the_memory_estimate_leaves_the_copies_out(rdc):
    memory = _report("--memory", "estimate", rdc["librdc.so"])["files"][0]["memory"]
    assert memory["modules"] == 1  # the one container of .nv_fatbin
    assert memory["on_demand"]["modules"] == 0  # the copies are not loaded on demand either: never


def test_a_v2_report_upgrades_to_loaded_kernels(rdc, tmp_path):
    """The /2 kfoot counted the copies as kernels (32 here, cuobjdump -all's count); read back
    as /3, its kernels are what is loaded, and the figures it cannot split are not compared."""
    old = json.loads(V2_REPORT.read_text())
    assert old["schema"] == "kfoot.report/2" and old["totals"]["kernels"] == \
        cuobjdump_symbols(rdc["librdc.so"], all_fatbins=True).kernels
    diff = json.loads(run_kfoot("diff", V2_REPORT, rdc["librdc.so"], "--json").stdout)
    loaded = cuobjdump_symbols(rdc["librdc.so"])
    assert diff["totals"]["kernels"]["base"] == loaded.kernels == diff["totals"]["kernels"]["new"]
    assert diff["totals"]["relocatable_kernels"]["delta"] == 0
    assert diff["totals"]["relocatable_bytes"]["delta"] == 0 and diff["totals"]["stored_bytes"]["delta"] == 0
    assert "image_bytes" not in diff["totals"] and diff["not_compared"] == ["families", "archs", "kinds"]
    gate = json.loads(run_kfoot("gate", "--baseline", V2_REPORT, rdc["librdc.so"], "--json").stdout)
    assert gate["passed"] and gate["size_metric"] == "stored_bytes"
    budget = tmp_path / "budget.toml"
    budget.write_text('[families."kfoot::binary_kernel"]\nmax-kernel-growth = 0\n')
    proc = run_kfoot("gate", "--baseline", V2_REPORT, "--budget", budget, rdc["librdc.so"], check_rc=2)
    assert "update it (kfoot gate --update-baseline)" in proc.stderr
