"""Hostile report JSON for `kfoot diff` and `kfoot gate` (either side, the baseline included) is
bad input: one line, exit 2, never a traceback, and never a long read. Integers past 64 bits
(and past the 4,300 digits int() refuses), 1e400, NaN and Infinity, 100,000-deep nesting,
`options` of the wrong type, and a file far beyond any real report's size.

The size case is measured from outside: the child's wall time and peak RSS (getrusage)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from oracles.cli import REPO, run_main
from oracles.errors import PREFIX, assert_error

try:
    from test_diff import BASE, make_report
except ImportError:  # tests collected as a package
    from tests.test_diff import BASE, make_report

GOOD = json.dumps(make_report(BASE), indent=1)


def with_arch(name: str, entry: dict) -> dict:
    report = make_report(BASE)
    report["totals"]["archs"][name] = entry
    return report


# (name, the report's text, words the one line must hold)
CASES = [
    ("int past 4300 digits", GOOD.replace('"kernels": 28', '"kernels": ' + "9" * 5000, 1), "64-bit"),
    ("int past 64 bits", GOOD.replace('"kernels": 28', f'"kernels": {2 ** 64}', 1), "64-bit"),
    ("negative int past 64 bits", GOOD.replace('"kernels": 28', f'"kernels": -{2 ** 63 + 1}', 1), "64-bit"),
    ("1e400", GOOD.replace('"kernels": 28', '"kernels": 1e400', 1), "finite"),
    ("float of 5000 digits", GOOD.replace('"kernels": 28', '"kernels": 1' + "0" * 5000 + ".5", 1), "finite"),
    ("NaN", GOOD.replace('{', '{"x": NaN, ', 1), "NaN"),
    ("Infinity", GOOD.replace('{', '{"x": [-Infinity], ', 1), "Infinity"),
    ("deep nesting", GOOD.replace('{', '{"x": ' + "[" * 100_000 + "]" * 100_000 + ", ", 1), "nested"),
    ("deep objects", GOOD.replace('{', '{"x": ' + '{"a":' * 100_000 + "1" + "}" * 100_000 + ", ", 1), "nested"),
    ("options a string", GOOD.replace('{', '{"options": "archs", ', 1), "options"),
    ("options a list", GOOD.replace('{', '{"options": [1, 2], ', 1), "options"),
    ("options.archs a number", GOOD.replace('{', '{"options": {"archs": 5}, ', 1), "options.archs"),
    ("options.archs holds a number", GOOD.replace('{', '{"options": {"archs": ["sm_80", 7]}, ', 1),
     "options.archs"),
    ("options.filter a list", GOOD.replace('{', '{"options": {"filter": ["x"]}, ', 1), "options.filter"),
    ("a figure a huge string", GOOD.replace('"kernels": 28', '"kernels": "' + "7" * 100_000 + '"', 1),
     "files[0].kernels is"),
    ("an arch named with a newline", json.dumps(with_arch("sm\n80" + "x" * 10_000, {"kind": 5})), "kind"),
    ("an arch's figure a list", json.dumps(with_arch("sm_100", {"kind": "sass", "images": [1]})),
     "totals.archs.sm_100.images"),
    ("totals.families a string", GOOD.replace('"families": [', '"families": "x", "_": [', 1), "families"),
]
assert all(text != GOOD for _, text, _ in CASES)


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    path = tmp_path_factory.mktemp("good") / "good.json"
    path.write_text(GOOD)
    return path


# The longest error line: the offending text is named, not echoed whole.
LONGEST = 600


@pytest.mark.parametrize("name, text, words", CASES, ids=[c[0] for c in CASES])
def test_hostile_reports_are_one_line(tmp_path, capsys, good, name, text, words):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    for args in (["diff", bad, good], ["diff", good, bad], ["gate", "--baseline", bad, good], ["gate", "--baseline", good, bad]):
        assert len(PREFIX + assert_error(run_main(capsys, *args), words)) < LONGEST


def test_ints_that_fit_64_bits_are_read(tmp_path, capsys, good):
    # The edge of the range is fine: only what does not fit is refused.
    text = GOOD.replace('"host_bytes": 10000', f'"host_bytes": {2 ** 63 - 1}', 1)
    assert text != GOOD
    path = tmp_path / "edge.json"
    path.write_text(text)
    code, out, err = run_main(capsys, "diff", good, path, "--json")
    assert code == 0, err


_MEASURE = """
import resource, subprocess, sys, time
started = time.monotonic()
proc = subprocess.run([sys.executable, "-m", "kfoot", *sys.argv[1:]], capture_output=True, text=True)
sys.stdout.write(repr((proc.returncode, proc.stderr, time.monotonic() - started,
                       resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)))
"""


def child_run(*args) -> tuple[int, str, float, int]:
    """`python -m kfoot ARGS` under a fresh parent, whose only child it is: (exit status,
    stderr, wall seconds, peak RSS in bytes as getrusage(RUSAGE_CHILDREN) reports it)."""
    proc = subprocess.run([sys.executable, "-c", _MEASURE, *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, timeout=120, check=True)
    return eval(proc.stdout)  # noqa: S307 - our own repr of a tuple


def test_a_250_mb_baseline_is_refused_fast(tmp_path, good):
    big = tmp_path / "big.json"
    with big.open("wb") as handle:  # real bytes, not a sparse file: a report's own shape, padded
        handle.write(GOOD[:-2].encode() + b', "pad": "')
        chunk = b"x" * (1 << 20)
        for _ in range(250):
            handle.write(chunk)
        handle.write(b'"}\n')
    assert big.stat().st_size > 250 * 10 ** 6
    for args in (["gate", "--baseline", big, good], ["diff", big, good], ["diff", good, big]):
        code, err, wall, peak = child_run(*args)
        assert_error((code, "", err), "MiB limit")
        assert wall < 10, wall
        assert peak < 200 * 2 ** 20, peak  # the file is 250 MB: it was not read whole


def test_the_limit_is_on_the_bytes(good, monkeypatch, capsys):
    # One byte under the file's size is refused, the file's own size is read.
    from kfoot.report import report_json

    monkeypatch.setattr(report_json, "JSON_MAX_BYTES", os.path.getsize(good) - 1)
    assert len(PREFIX + assert_error(run_main(capsys, "gate", "--baseline", good, good), "MiB limit")) < LONGEST
    monkeypatch.setattr(report_json, "JSON_MAX_BYTES", os.path.getsize(good))
    code, _, err = run_main(capsys, "gate", "--baseline", good, good)
    assert code == 0, err


# --------------------------------------------------------------------------------------------
# Budget files (TOML) and budget flags: the same rules


BUDGETS = [
    ("int past 4300 digits", "max-kernel-growth = " + "9" * 5000, "thousands of digits"),
    ("int of 400 digits", "max-size-growth = " + "9" * 400, "max-size-growth"),
    ("int past 64 bits", f"max-kernel-growth = {2 ** 64}", "max-kernel-growth"),
    ("inf", "max-size-growth = inf", "max-size-growth"),
    ("-inf", "max-kernel-growth = -inf", "max-kernel-growth"),
    ("nan size", "max-size-growth = nan", "max-size-growth"),
    ("percent of 5000 digits", 'max-kernel-growth = "' + "9" * 5000 + '%"', "max-kernel-growth"),
    ("size of 5000 digits", 'max-size-growth = "' + "9" * 5000 + 'KiB"', "max-size-growth"),
    ("family percent inf", '[families."f"]\nmax-size-growth = "' + "9" * 400 + '%"', "max-size-growth"),
    ("deep nesting", "x = " + "[" * 100_000 + "]" * 100_000, "nested"),
    ("deep tables", "x = " + "{a = " * 100_000 + "1" + "}" * 100_000, "nested"),
    ("a huge budget file", "# " + "x" * (5 * 2 ** 20), "MiB"),
]


@pytest.mark.parametrize("name, text, words", BUDGETS, ids=[c[0] for c in BUDGETS])
def test_hostile_budget_files_are_one_line(tmp_path, capsys, good, name, text, words):
    budget = tmp_path / "budget.toml"
    budget.write_text(text + "\n")
    assert len(PREFIX + assert_error(run_main(capsys, "gate", "--budget", budget, "--baseline", good, good), words)) < LONGEST


@pytest.mark.parametrize("flag, value", [("--max-kernel-growth", "9" * 5000), ("--max-kernel-growth", "9" * 400 + "%"),
                                         ("--max-size-growth", "9" * 5000), ("--max-size-growth", "9" * 400 + "MiB"),
                                         ("--family-budget", "f=" + "9" * 5000)])
def test_hostile_budget_flags_are_one_line(capsys, good, flag, value):
    message = assert_error(run_main(capsys, "gate", flag, value, "--baseline", good, good), flag.lstrip("-").split("-")[0])
    assert len(PREFIX + message) < LONGEST
