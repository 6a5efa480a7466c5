"""The project gates itself: the bundled demo spec, built AOT, against ci/demo-baseline.json.

A change to kfoot/bundled/ or kfoot/bundled/demo.toml that adds instantiations fails here, naming the
family and the number of added kernels, until the baseline is updated on purpose:

    KFOOT_UPDATE_BASELINE=1 .venv/bin/python -m pytest tests/test_gate_selfgate.py
"""

from __future__ import annotations

import json
import os

from build_fixtures import DEMO_ARCHS
from kfoot.variants.loader import DEMO_SPEC, load_spec
from kfoot.variants.enumerate import enumerate_spec
from oracles.cli import REPO, run_main

BUDGET = REPO / "ci" / "kfoot-budget.toml"
BASELINE = REPO / "ci" / "demo-baseline.json"
# The session's demo build (tests/build_fixtures.py) is what is gated: no second build.
ARCHS = list(DEMO_ARCHS)


def test_demo_build_is_within_the_committed_baseline(demo_aot, monkeypatch, capsys):
    # Run from the build folder so the report (and an updated baseline) names the library
    # without a machine-specific path.
    monkeypatch.chdir(demo_aot.library.parent)
    library = demo_aot.library.name
    if os.environ.get("KFOOT_UPDATE_BASELINE"):
        assert run_main(capsys, "gate", "--budget", BUDGET, library, "--update-baseline")[0] == 0
    code, out, _ = run_main(capsys, "gate", "--budget", BUDGET, library)
    assert code == 0, f"the demo's footprint left its budget (ci/kfoot-budget.toml):\n{out}"


def test_baseline_matches_the_demo_spec():
    # Independent of any build: the committed baseline must hold one kernel per variant and arch,
    # so a baseline made from another spec or arch list is caught even where nvcc is missing.
    baseline = json.loads(BASELINE.read_text())
    variants = enumerate_spec(load_spec(DEMO_SPEC))
    hint = "kfoot/bundled/demo.toml changed: update ci/demo-baseline.json on purpose (see this file's docstring)"
    assert baseline["totals"]["kernels"] == len(variants) * len(ARCHS), hint
    assert sorted(baseline["totals"]["archs"]) == ARCHS, hint


def test_a_v1_baseline_written_by_the_previous_kfoot_still_gates(demo_aot, monkeypatch, capsys):
    # tests/data/demo-baseline-report-v1.json is ci/demo-baseline.json as kfoot wrote it before the
    # report became kfoot.report/2: the same build diffs to zero against it, every figure on both sides.
    old = REPO / "tests" / "data" / "demo-baseline-report-v1.json"
    assert json.loads(old.read_text())["schema"] == "kfoot.report/1"
    monkeypatch.chdir(demo_aot.library.parent)
    code, out, _ = run_main(capsys, "diff", old, demo_aot.library.name, "--json")
    assert code == 0
    diff = json.loads(out)
    # Every device figure diffs to zero. The library file itself grew once since that baseline was
    # written: it now links the find_kernel lookup (kfoot.compile.lookup, 2026-11-25), host code only.
    changed = {name for name, figure in diff["totals"].items() if isinstance(figure, dict) and figure.get("delta")}
    assert changed <= {"size"}, out
    assert 0 <= diff["totals"]["size"]["delta"] < 64 << 10, out
    assert {"stored_bytes", "image_bytes", "code_bytes", "kernels"} <= set(diff["totals"])
    code, _, _ = run_main(capsys, "gate", "--baseline", old, demo_aot.library.name)
    assert code == 0
