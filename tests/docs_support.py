"""What the tests of the docs share (tests/test_docs*.py, one file a doc): the docs' text and the
helpers that read it, the examples run once per session, and the fixtures more than one of those
files needs. conftest.py registers this module as a plugin, so its fixtures reach every test."""

from __future__ import annotations

import importlib.metadata
import itertools
import json
import re
import sys
from pathlib import Path

import pytest

from oracles.cli import REPO, run_kfoot

sys.path.insert(0, str(REPO / "scripts"))
import docs_examples as dx  # noqa: E402

DOC_PATHS = dx.documents()
DOC_TEXT = {p.relative_to(REPO).as_posix(): p.read_text() for p in DOC_PATHS}
README = DOC_TEXT["README.md"]

# The toolchain and library releases the docs' build-dependent figures were made with.
DOCS_NVCC = "13.5.37"
DOCS_CURAND = "10.4.5.25"


def kfoot_json(*args) -> dict:
    return json.loads(run_kfoot(*args).stdout)


def section(text: str, heading: str) -> str:
    """The text under a Markdown heading, up to the next heading of the same or a higher level."""
    match = re.search(rf"^(#+) {re.escape(heading)}\s*$", text, re.MULTILINE)
    assert match, f"heading {heading!r} not found: the test reads that section"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def table_rows(text: str) -> list[list[str]]:
    """Cells of every Markdown table row in `text` (separator rows left out)."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|") and line.endswith("|") and not re.fullmatch(r"\|[-:| ]+\|", line):
            rows.append([cell.strip() for cell in line[1:-1].split("|")])
    return rows


def first_code(cell: str) -> str | None:
    match = re.match(r"`([^`]+)`", cell)
    return match.group(1) if match else None


def number(text: str) -> int:
    return int(text.replace(",", ""))


def require_distribution(name: str, version: str | None = None) -> None:
    try:
        found = importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        pytest.skip(f"{name} is not installed")
    if version and found != version:
        pytest.skip(f"{name} {found} is installed; the docs' figures were made with {version}")


def phrase(doc: str, text: str) -> None:
    """A claim this test checks must still be in the doc, word for word (else update both)."""
    assert text in " ".join(DOC_TEXT[doc].split()), f"{doc} no longer says {text!r}: update the doc and this test"


_RUNS: dict[str, tuple[list, Path]] = {}


def run_examples(doc: str, tmp_path_factory) -> tuple[list, Path]:
    """Each document's examples run once per session, in order, in one scratch folder."""
    if doc not in _RUNS:
        scratch = tmp_path_factory.mktemp("docs-" + Path(doc).stem)
        _RUNS[doc] = (dx.check_document(REPO / doc, scratch), scratch)
    return _RUNS[doc]


@pytest.fixture(scope="session")
def curand_report(curand_library) -> dict:
    require_distribution("nvidia-curand", DOCS_CURAND)
    return kfoot_json("report", curand_library, "--json")


@pytest.fixture(scope="session")
def demo_registry(tmp_path_factory) -> Path:
    """`kfoot build --mode rtc` of the demo spec, without the NVRTC check: a registry in a second."""
    out = tmp_path_factory.mktemp("demo-registry") / "rtc"
    run_kfoot("build", "--mode", "rtc", "bundled:demo", "-o", out, "--no-check")
    return out


@pytest.fixture
def fake_gpu(monkeypatch):
    """A stand-in for the GPU probe process (`python -m kfoot.memory.probe`, run through
    subprocess.run), answering as the real one does: one JSON line with the device, the memory in
    use and the modules loaded. `fake_gpu(eager=[...], lazy=[...])` sets the differences the
    loads make, in turn, per CUDA_MODULE_LOADING mode; other processes run as usual."""
    import subprocess

    from kfoot.memory import measure

    real_run, baseline, deltas = subprocess.run, 900 << 20, {}

    def run(args, *rest, **kwargs):
        if "kfoot.memory.probe" not in args:
            return real_run(args, *rest, **kwargs)
        mode = kwargs["env"]["CUDA_MODULE_LOADING"].lower()
        loads = "--load" in args
        used = baseline + (next(deltas[mode]) if loads else 0)
        answer = {"device": 0, "gpu": "Fake GPU", "arch": "sm_90", "cuda_driver": "13.0", "driver": "580.00",
                  "used_bytes": used, "total_bytes": 80 << 30, "modules": 2 if loads else 0,
                  "loaded_modules": 1 if loads else 0, "failed_modules": 1 if loads else 0,
                  "load_errors": {"CUDA_ERROR_NO_BINARY_FOR_GPU": 1} if loads else {},
                  "loading": mode.upper()}
        return subprocess.CompletedProcess(args, 0, stdout=json.dumps(answer) + "\n", stderr="")

    def differences(**per_mode):
        for mode, values in per_mode.items():
            deltas[mode] = itertools.cycle(values)

    monkeypatch.setattr(subprocess, "run", run)
    measure.gpu_status.cache_clear()  # asked once per process: ask the stand-in
    yield differences
    measure.gpu_status.cache_clear()


def memory_table() -> dict[tuple[str, str], list[str]]:
    rows = table_rows(section(DOC_TEXT["docs/memory.md"], "Estimates without a GPU"))
    table, label = {}, None
    for row in rows:
        if len(row) == 7 and row[1].startswith("sm_"):
            label = label if row[0] == "same" else row[0]
            table[(label, row[1])] = row
    return table


def check_memory_row(row: list[str], estimate: dict, sass_only: dict) -> None:
    from kfoot.core.units import format_bytes

    eager = number(re.search(r"\(([\d,]+) B\)", row[2]).group(1))
    ptx = number(row[3].split()[0])
    assert eager - ptx == sass_only["eager_bytes"], (row, sass_only["eager_bytes"])
    if estimate is not None:  # no PTX: the whole estimate is checkable
        assert row[2] == f"{format_bytes(estimate['eager_bytes'])} ({estimate['eager_bytes']:,} B)" and ptx == 0
        assert number(row[4].split()[0]) == estimate["load_bytes"]
    routes = {}
    for route, count in sass_only["modules_by_route"].items():
        route = route.replace(", not estimated", "")
        routes[route] = routes.get(route, 0) + count
    assert row[5] == ", ".join(f"{n:,} {r}" for r, n in sorted(routes.items())), (row[5], routes)
    demand = sass_only.get("on_demand") or {}
    expected = f"{demand['modules']:,} modules, {demand['unloadable_modules']:,} unloadable" if demand.get("modules") else "none"
    assert row[6] == expected
