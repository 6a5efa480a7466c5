"""`--filter REGEX`, and the same filter read back from a baseline's `options.filter`, which is
untrusted: a pattern that does not compile is one line naming where it came from, and no
pattern can make matching take exponential time (`(\\w+)+;` against a 40-character name is 2^40
steps for a backtracking matcher; kfoot's is linear, google-re2).

The kernels are extern "C" ones built by nvcc, so their names are exactly what the source says;
which of them a filter selects is checked against Python's own `re` where both agree on the
pattern's meaning."""

from __future__ import annotations

import json
import re
import subprocess
import time

import pytest

from oracles.cli import run_kfoot
from oracles.errors import assert_error

LONG = "a" * 40  # all \w, no ';': the worst case of (\w+)+;
NAMES = [LONG, "binary_float", "reduce_double", "binary_half"]


@pytest.fixture(scope="module")
def cubin(tmp_path_factory, nvcc):
    out = tmp_path_factory.mktemp("kfilter")
    (out / "k.cu").write_text("".join(f'extern "C" __global__ void {n}(int* p) {{ p[threadIdx.x] = {i}; }}\n'
                                      for i, n in enumerate(NAMES)))
    subprocess.run([str(nvcc), "-cubin", "-arch=sm_90", str(out / "k.cu"), "-o", str(out / "k.cubin")],
                   check=True, capture_output=True, timeout=300)
    return out / "k.cubin"


def baseline_with_filter(cubin, tmp_path, pattern: str):
    report = json.loads(run_kfoot("report", "--json", cubin).stdout)
    report["options"]["filter"] = pattern
    path = tmp_path / "baseline.json"
    path.write_text(json.dumps(report))
    return path


@pytest.mark.parametrize("pattern", ["(", "a{2,1}", "[z-a]"])
def test_a_baseline_filter_that_does_not_compile_is_one_line(cubin, tmp_path, pattern):
    base = baseline_with_filter(cubin, tmp_path, pattern)
    for args in (["gate", "--baseline", base, cubin], ["diff", base, cubin], ["gate", "--baseline", base, base]):
        assert_error(run_kfoot(*args, check_rc=None), "options.filter", str(base))


def test_a_command_line_filter_that_does_not_compile_is_one_line(cubin):
    assert_error(run_kfoot("report", "--filter", "(", cubin, check_rc=None), "--filter")


@pytest.mark.parametrize("where", ["baseline", "command line"])
def test_a_catastrophic_pattern_finishes_at_once(cubin, tmp_path, where):
    pattern = r"(\w+)+;"
    started = time.monotonic()
    if where == "baseline":
        proc = run_kfoot("gate", "--baseline", baseline_with_filter(cubin, tmp_path, pattern), cubin,
                         "--json", check_rc=None, timeout=120)
        assert proc.returncode in (0, 1), proc.stderr
    else:
        proc = run_kfoot("report", "--json", "--filter", pattern, cubin, check_rc=None, timeout=120)
        assert proc.returncode == 0 and json.loads(proc.stdout)["totals"]["kernels"] == 0, proc.stderr
    assert time.monotonic() - started < 30


@pytest.mark.parametrize("pattern", ["binary", "^binary_(float|half)$", "double$", "a{40}", "^$"])
def test_the_filter_selects_what_python_re_selects(cubin, pattern):
    expected = sum(1 for name in NAMES if re.search(pattern, name))
    report = json.loads(run_kfoot("report", "--json", "--filter", pattern, cubin).stdout)
    assert report["totals"]["kernels"] == expected
