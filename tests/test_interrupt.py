"""Ctrl-C (SIGINT to the whole foreground process group) stops a long report promptly with exit
130 and leaves no worker behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from oracles.cli import REPO


def _group(pid: int) -> list[str]:
    return subprocess.run(["pgrep", "-g", str(pid)], capture_output=True, text=True).stdout.split()


def test_ctrl_c_stops_a_report_with_130_and_no_process_left(curand_library):
    # libcurand named many times: several seconds of work in two worker processes.
    cmd = [sys.executable, "-m", "kfoot", "report", "--json", "-j", "2", *[str(curand_library)] * 40]
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(2.0)
    assert proc.poll() is None, "the report ended before it could be interrupted: give it more work"
    os.killpg(proc.pid, signal.SIGINT)
    started = time.monotonic()
    code = proc.wait(timeout=30)
    assert time.monotonic() - started < 2.0
    assert code == 130
    assert proc.stderr.read().decode().strip().splitlines()[-1] == "kfoot: interrupted"
    time.sleep(0.3)
    assert _group(proc.pid) == []
