"""README.md and docs/benchmarks.md held to the code: the `make demo` table's computed rows (from
the demo spec, and from the session's demo AOT build with the nvcc release the docs name), the
benchmarks it quotes, and that every measurement names the script that made it."""

from __future__ import annotations

import re
import sys

import pytest

from docs_support import check_memory_row, DOC_TEXT, DOCS_NVCC, kfoot_json, memory_table, phrase, README, section, table_rows
from oracles.cli import REPO


@pytest.fixture(scope="module")
def demo_enumeration() -> dict:
    return kfoot_json("enumerate", "kfoot/bundled/demo.toml", "--json")


@pytest.fixture(scope="module")
def bundled_explained() -> dict:
    return kfoot_json("enumerate", "--explain", "--json")


def _readme_demo_table() -> dict[str, list[str]]:
    block = section(README, "Example: `make demo`").split("```")[1]
    rows = {}
    for line in block.splitlines():
        match = re.match(r"^  (\S.*?)\s{2,}(\S+(?: \S+)?)\s{2,}(\S+(?: \S+)?)\s{2,}(\S+(?: \S+)?)\s*$", line)
        if match:
            rows[match.group(1)] = [match.group(2), match.group(3), match.group(4)]
    return rows


def _benchmarks_demo_table() -> dict[str, list[str]]:
    rows = table_rows(section(DOC_TEXT["docs/benchmarks.md"], "context memory"))
    return {row[0]: row[1:] for row in rows if len(row) == 4 and row[0]}


def test_readme_and_benchmarks_show_the_same_demo_run():
    readme, bench = _readme_demo_table(), _benchmarks_demo_table()
    assert len(readme) == 15 and readme == bench, "README.md and docs/benchmarks.md show different make demo runs"
    dates = re.findall(r"20\d\d-\d\d-\d\d", section(README, "Example: `make demo`"))
    assert dates and dates[0] in section(DOC_TEXT["docs/benchmarks.md"], "context memory")
    phrase("README.md", "Real output of `make demo` (`scripts/demo.py`")


def test_demo_table_rows_kfoot_computes(demo_enumeration, tmp_path):
    from kfoot.core.units import format_bytes

    sys.path.insert(0, str(REPO / "scripts"))
    import demo

    rows = _readme_demo_table()
    variants = demo_enumeration["totals"]["variants"]
    traced = len({(family, tuple(sorted(values.items()))) for family, values in demo.WORKLOAD})
    archs = len(demo.ARCHS)
    assert rows["variants available"] == [str(variants)] * 3
    assert rows["variants compiled ahead of time"] == [str(variants), "0", str(traced)]
    assert rows["kernels in the binary"] == [str(variants * archs), "0", str(traced * archs)]
    assert rows["device images, stored"][1] == "0 B" and rows["context memory: lazy (*)"] == ["0 B"] * 3
    nested = sum(f["nested"] for f in demo_enumeration["families"])
    phrase("README.md", f"{variants} variants as written; a nested type switch over the same axes "
                        f"would instantiate {nested} (x{nested / variants:.2f}). archs: {', '.join(demo.ARCHS)}.")
    phrase("README.md", f"recorded a usage trace of {len(demo.WORKLOAD)} variants")
    # RTC ships registry.json and the templates; registry.json names the spec by its absolute
    # path, so the size moves with the checkout's path length: that much is tolerated.
    out = tmp_path / "rtc"
    kfoot_json("build", "--mode", "rtc", "kfoot/bundled/demo.toml", "-o", out, "--json")
    shipped = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    shown = float(rows["binary size (shipped)"][1].split()[0]) * 1024
    assert rows["binary size (shipped)"][1].endswith("KiB")
    assert abs(shipped - shown) <= 52 + len(str(REPO)), (format_bytes(shipped), rows["binary size (shipped)"][1])


def test_demo_memory_comparison_in_benchmarks():
    rows = _benchmarks_demo_table()
    aot, rtc = rows["context memory: after the trace (*)"][:2]
    phrase("docs/benchmarks.md", f"holds {rtc} against the AOT library's {aot} under eager loading")
    phrase("docs/benchmarks.md", f"later kernels from disk cost {rows['first use: next kernel from disk'][1]} each")


def test_bundled_spec_counts(bundled_explained):
    totals = bundled_explained["totals"]
    nested, dependent = totals["nested"], totals["dependent"]
    phrase("docs/benchmarks.md", f"512 / {nested:,}")
    phrase("docs/benchmarks.md", f"512 / {dependent:,}")
    phrase("docs/benchmarks.md", f"all {dependent:,} dependent variants")
    phrase("docs/benchmarks.md", f"all {nested:,} nested variants")
    phrase("docs/benchmarks.md", f"`kfoot enumerate --explain`: {nested / dependent:.1f}× fewer variants")


def test_readme_performance_figures_are_quoted_from_benchmarks():
    text = section(README, "Performance")
    figures = re.findall(r"\d[\d,.]*(?:-\d[\d.]*)?\s?(?:×|µs|ms|s\b|bytes|kernels)", text)
    bench = " ".join(DOC_TEXT["docs/benchmarks.md"].split())
    assert len(figures) >= 8
    missing = [f for f in figures if f not in bench]
    assert not missing, f"README.md's Performance quotes figures docs/benchmarks.md does not have: {missing}"


def test_every_measurement_names_its_script():
    bench = DOC_TEXT["docs/benchmarks.md"]
    for heading in re.findall(r"^## (.+)$", bench, re.MULTILINE):
        body = section(bench, heading)
        assert re.search(r"scripts/\w+\.py", heading + body), f"benchmarks.md section {heading!r} names no script"
        assert re.search(r"20\d\d-\d\d-\d\d", body), f"benchmarks.md section {heading!r} has no date"
    for doc, needle in (("docs/memory.md", "scripts/docs_examples.py memory-table"),
                        ("docs/ci.md", "scripts/docs_examples.py gate-example"),
                        ("README.md", "scripts/demo.py")):
        phrase(doc, needle)


def test_setup_facts_in_the_readme():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    phrase("README.md", f"Both need only Python {project['requires-python'].removeprefix('>=')}+")
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^demo:", makefile, re.MULTILINE) and re.search(r"^test:", makefile, re.MULTILINE)
    assert "scripts/demo.py" in makefile


# ------------------------------------------------------------------------------- the demo build
@pytest.fixture
def session_demo(demo_aot, nvcc):
    """The session's demo AOT build (tests/build_fixtures.py; built here when this file runs
    alone), when it was made with the nvcc release the docs' byte figures were made with."""
    from kfoot.core.toolchain import tool_version

    found = tool_version(nvcc)
    if found != DOCS_NVCC:
        pytest.skip(f"nvcc {found}: the docs' byte figures were made with {DOCS_NVCC}")
    return demo_aot


def test_demo_build_figures(session_demo):
    from kfoot.core.units import format_bytes
    from kfoot.memory.estimate import estimate_file
    from kfoot.report.analyze import analyze_paths

    summary = session_demo.summary
    rows = _readme_demo_table()
    assert rows["binary size (shipped)"][0] == format_bytes(summary["library_bytes"])
    report = kfoot_json("report", session_demo.library, "--json")["files"][0]
    assert rows["device images, stored"][0] == format_bytes(report["stored_bytes"])
    phrase("docs/benchmarks.md", f"writes a {summary['fatbin_bytes']:,}-byte `kernels.fatbin`")
    phrase("docs/benchmarks.md", f"`libkfoot_kernels.so` {summary['library_bytes']:,} bytes")
    file = analyze_paths([session_demo.library]).files[0]
    table = {arch: row for (label, arch), row in memory_table().items() if label.startswith("bundled demo")}
    assert set(table) == {"sm_90", "sm_80"}
    for arch, row in table.items():
        full = estimate_file(file, arch).to_dict()
        check_memory_row(row, full, estimate_file(file, arch, jit_ptx=False).to_dict())
    sm90 = estimate_file(file, "sm_90").to_dict()
    assert rows["context memory: eager (*)"][0] == format_bytes(sm90["eager_bytes"])
    phrase("docs/memory.md", f'"eager_bytes": {sm90["eager_bytes"]}, "lazy_bytes": {sm90["lazy_bytes"]}')
    phrase("docs/memory.md", f"the demo library: {sm90['modules']}")
