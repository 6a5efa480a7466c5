"""Traces, baselines, budgets and specs are files somebody else may have written: whatever they
hold, reading one costs bounded memory and time and a bad one is one line, exit 2, quoting at
most a short prefix of what it found.

The hostile inputs: /dev/zero (endless), a FIFO nobody writes to (a read would wait for ever),
100,000-deep nesting (a recursive parser's stack), a 100 MB line and a 100 MB template-id (memory,
and an error line that would echo it). Each command runs in a child of a small Python parent
that reports the child's peak RSS (getrusage(RUSAGE_CHILDREN)) and wall time, the oracle for
"bounded"."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from oracles.cli import REPO
from oracles.errors import assert_error

BIG = 100 * 10 ** 6
PEAK_LIMIT = 400 << 20  # the interpreter and kfoot's imports are ~60 MB; the inputs are 100 MB
ERROR_LINE_LIMIT = 600  # characters: the path, the problem and a short quoted prefix

_RUN = """
import json, resource, subprocess, sys, time
started = time.monotonic()
proc = subprocess.run([sys.executable, "-m", "kfoot", *sys.argv[1:]], capture_output=True, text=True,
                      stdin=subprocess.DEVNULL, timeout=60)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr,
                  "wall": time.monotonic() - started, "peak": usage.ru_maxrss * 1024}))
"""


def measured(*args) -> tuple[tuple[int, str, str], dict]:
    proc = subprocess.run([sys.executable, "-c", _RUN, *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    run = json.loads(proc.stdout)
    return (run["rc"], run["stdout"], run["stderr"]), run


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile_inputs")
    files = {"/dev/zero": "/dev/zero"}
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    files["fifo"] = fifo
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    (folder / "deep.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    (folder / "line.json").write_text('{"schema": "' + "a" * BIG + '"}\n')
    (folder / "line.toml").write_text('x = "' + "a" * BIG + '"\n')
    (folder / "id.jsonl").write_text(json.dumps({"template_id": "kfoot::x<" + "a" * BIG + ">"}) + "\n")
    for name in ("deep.json", "deep.toml", "line.json", "line.toml", "id.jsonl"):
        files[name] = folder / name
    files["folder"] = folder
    return files


def assert_bounded(result, run, *needles):
    message = assert_error(result, *needles, stdout=None)
    assert len(message) < ERROR_LINE_LIMIT, message[:1000]
    assert run["peak"] < PEAK_LIMIT, run["peak"]
    assert run["wall"] < 60, run["wall"]
    return message


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "deep.json", "line.json", "id.jsonl"])
def test_a_hostile_trace_is_one_line(hostile, tmp_path, kind):
    result, run = measured("build", "--mode", "hybrid", "bundled:demo", "--hot", hostile[kind], "-o", tmp_path / "out",
                           "--arch", "sm_90")
    assert_bounded(result, run)
    assert not (tmp_path / "out").exists()


def test_a_trace_error_quotes_a_short_prefix_of_an_unknown_template_id(tmp_path):
    trace = tmp_path / "trace.jsonl"
    trace.write_text(json.dumps({"template_id": "kfoot::unknown<" + "b" * 50_000 + ">"}) + "\n")
    result, run = measured("build", "--mode", "hybrid", "bundled:demo", "--hot", trace, "-o", tmp_path / "out",
                           "--arch", "sm_90")
    message = assert_bounded(result, run, "kfoot::unknown<bbb")
    assert "b" * 200 not in message


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "deep.json", "line.json", "folder"])
def test_a_hostile_baseline_is_one_line(hostile, kind):
    new = REPO / "tests" / "data" / "demo-baseline-report-v1.json"
    for args in (["gate", "--baseline", hostile[kind], new], ["diff", hostile[kind], new]):
        result, run = measured(*args)
        assert_bounded(result, run)


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "deep.toml", "line.toml", "folder"])
def test_a_hostile_budget_is_one_line(hostile, kind):
    new = REPO / "tests" / "data" / "demo-baseline-report-v1.json"
    result, run = measured("gate", "--budget", hostile[kind], "--baseline", new, new)
    assert_bounded(result, run)


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "line.toml"])
def test_a_hostile_spec_is_one_line(hostile, kind):
    # (Deeply nested TOML in a spec is the spec loader's own case, tests/test_spec_hostile.py.)
    result, run = measured("enumerate", hostile[kind])
    assert_bounded(result, run)


def test_a_toml_error_quoting_a_long_key_is_cut_short(tmp_path):
    # Found by fuzzing (scripts/fuzz.py --target budget, seed 5, mutant 664): tomllib's message
    # names the key whole, so a 5,000-character family name declared twice was echoed whole.
    name = "z" * 5000
    budget = tmp_path / "budget.toml"
    budget.write_text(f'[families."{name}"]\nmax-kernel-growth = 1\n[families."{name}"]\nmax-kernel-growth = 2\n')
    new = REPO / "tests" / "data" / "demo-baseline-report-v1.json"
    result, run = measured("gate", "--budget", budget, "--baseline", new, new)
    message = assert_bounded(result, run, "not valid TOML", "line 3")
    assert "z" * 200 not in message
    spec = tmp_path / "spec.toml"
    spec.write_text(f'[dtypes."{name}"]\n[dtypes."{name}"]\n')
    result, run = measured("enumerate", spec)
    message = assert_bounded(result, run, "line 2")
    assert "z" * 200 not in message


@pytest.fixture(scope="module")
def hostile_registries(hostile, tmp_path_factory):
    """Registries as `kfoot warm` and the runtimes open them: the shared hostile files, a sparse
    file over the registry's size bound, and a registry whose row holds a list value."""
    folder = tmp_path_factory.mktemp("hostile_registries")
    files = {kind: hostile[kind] for kind in ("/dev/zero", "fifo", "deep.json", "line.json")}
    with open(folder / "huge.json", "wb") as huge:
        huge.truncate(75 * 10 ** 6)
    files["huge.json"] = folder / "huge.json"
    row = folder / "row"
    (row / "templates").mkdir(parents=True)
    (row / "templates" / "k.cuh").write_text("template <class T> __global__ void k() {}\n")
    (row / "registry.json").write_text(json.dumps({
        "format": "kfoot-rtc-registry", "version": 1,
        "families": {"k": {"kernel": "k", "header": "templates/k.cuh", "axes": ["T"], "free_axes": ["T"]}},
        "variants": [{"family": "k", "template_id": "k<float>", "values": {"T": ["float32"]}, "source_sha256": ""}]}))
    files["row"] = row
    return files


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "deep.json", "line.json", "huge.json", "row"])
def test_a_hostile_registry_is_one_line(hostile_registries, tmp_path, monkeypatch, kind):
    """Issue 29, item 13 (registry half) and 16: /dev/zero was a MemoryError, a FIFO hung, a 75 MB
    registry peaked at 1.9 GB, and a row with a list value was a TypeError traceback in `warm`."""
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "cache"))
    result, run = measured("warm", hostile_registries[kind], "--arch", "sm_90")
    assert_bounded(result, run)
