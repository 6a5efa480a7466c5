"""Running kfoot's command line from a test: in a fresh process as a user does (`run_kfoot`), or
in this process through kfoot.cli.main where a test needs pytest's capsys or monkeypatch (`run_main`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TIMEOUT_S = 600


def run_kfoot(*args, check_rc: int | None = 0, env: dict | None = None, cwd: Path | None = REPO,
              timeout: float = TIMEOUT_S) -> subprocess.CompletedProcess:
    """`python -m kfoot ARGS` in a fresh process. With `check_rc` (0 unless told otherwise) any
    other exit status fails the test, showing the output; `check_rc=None` leaves it to the caller.
    `env` replaces the environment; GITHUB_STEP_SUMMARY is dropped from it either way, so a test
    run inside a CI job never writes into the job's summary."""
    env = dict(os.environ if env is None else env)
    env.pop("GITHUB_STEP_SUMMARY", None)
    proc = subprocess.run([sys.executable, "-m", "kfoot", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=timeout, check=False)
    if check_rc is not None:
        assert proc.returncode == check_rc, \
            f"rc={proc.returncode}\nstdout:{proc.stdout[-3000:]}\nstderr:{proc.stderr[-3000:]}"
    return proc


def run_main(capsys, *args) -> tuple[int, str, str]:
    """kfoot.cli.main(ARGS) in this process: (exit status, stdout, stderr) as capsys caught them."""
    from kfoot.cli import main

    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err
