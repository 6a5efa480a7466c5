"""A reader that closes the pipe early (`kfoot ... | head`) never changes kfoot's exit code:
report, diff and enumerate exit 0, gate its verdict (0 PASS, 1 FAIL), with nothing on stderr,
and kfoot stops promptly (issue 24). The oracle is bash itself: `set -o pipefail` makes the
pipeline's status kfoot's, as a CI job's shell sees it. `head -n 0` exits before kfoot writes a
byte, so the broken pipe is certain; `head -1` on output larger than a pipe's buffer closes it
mid-write.
"""

from __future__ import annotations

import importlib.util
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from oracles.cli import REPO

DATA = REPO / "tests" / "data"
SMALL, LARGE = DATA / "rdc-report-v2.json", DATA / "demo-baseline-report-v1.json"


def _cudart() -> Path:
    """libcudart from the CUDA runtime wheel kfoot installs: a real binary to report on."""
    spec = importlib.util.find_spec("nvidia")
    for location in (spec.submodule_search_locations if spec else []):
        for candidate in sorted(Path(location).glob("*/lib/libcudart.so*")):
            return candidate
    pytest.skip("the nvidia-cuda-runtime wheel is not installed")


def _piped(args: list, reader: str) -> tuple[int, str, float]:
    kfoot = shlex.join([sys.executable, "-m", "kfoot", *map(str, args)])
    start = time.monotonic()
    proc = subprocess.run(["bash", "-c", f"set -o pipefail; {kfoot} | {reader} >/dev/null"], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    return proc.returncode, proc.stderr, time.monotonic() - start


CASES = {
    "report": (["report", "CUDART"], 0),
    "report-kernels": (["report", "CUDART", "--kernels"], 0),
    "report-json": (["report", "CUDART", "--json"], 0),
    "diff": (["diff", SMALL, LARGE], 0),
    "enumerate": (["enumerate", "bundled:demo"], 0),
    "enumerate-explain": (["enumerate", "bundled:demo", "--explain"], 0),
    "gate-pass": (["gate", LARGE, "--baseline", LARGE], 0),
    "gate-pass-json": (["gate", LARGE, "--baseline", LARGE, "--json"], 0),
    "gate-fail": (["gate", LARGE, "--baseline", SMALL], 1),
    "gate-fail-markdown": (["gate", LARGE, "--baseline", SMALL, "--format", "markdown"], 1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_reader_that_closes_first_keeps_the_exit_code(case):
    args, rc = CASES[case]
    args = [_cudart() if a == "CUDART" else a for a in args]
    assert subprocess.run([sys.executable, "-m", "kfoot", *map(str, args)], cwd=REPO, capture_output=True,
                          timeout=300).returncode == rc  # unpiped: the code the pipe must keep
    got, err, _ = _piped(args, "head -n 0")
    assert (got, err) == (rc, ""), err


def test_head_mid_write_on_a_long_listing():
    # The bundled library's 46,000 template-ids (about 3 MB): head -1 closes the pipe mid-write.
    got, err, seconds = _piped(["enumerate", "bundled:kernels", "--list"], "head -1")
    assert (got, err) == (0, ""), err
    listed, _, whole = _piped(["enumerate", "bundled:kernels", "--list"], "cat")
    assert listed == 0
    assert seconds < whole + 5  # stops promptly: no slower than writing it all
