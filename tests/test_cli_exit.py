"""How the `kfoot` script and `python -m kfoot` end (kfoot.cli.run): the interpreter's teardown is
skipped, but nothing a normal exit does for the user is: buffered output is written, exit
handlers registered while the command ran (worker pools, PCH folders) run, threads it started
finish, its exit code is kept, and a bug still ends with Python's traceback and status 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from oracles.cli import REPO

# Python's own buffering, whatever the environment says: what is left in a buffer at exit is what
# these tests are about.
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def _run_with_main(body: str) -> subprocess.CompletedProcess:
    """`kfoot.cli.run()` in a fresh interpreter, with main() replaced by `body`'s main()."""
    program = "import kfoot.cli\n" + textwrap.dedent(body) + "kfoot.cli.main = main\nkfoot.cli.run()\n"
    return subprocess.run([sys.executable, "-c", program], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env=BUFFERED)


def test_handlers_and_threads_of_the_command_run_before_the_exit():
    proc = _run_with_main("""
        import atexit, threading, time
        def main():
            # Printed into stdout's buffer (a pipe): written only if the exit flushes after them.
            atexit.register(print, "handler ran")
            threading.Thread(target=lambda: (time.sleep(0.3), print("thread done"))).start()
            return 3
        """)
    assert proc.returncode == 3, proc.stderr
    assert proc.stdout.splitlines() == ["thread done", "handler ran"]


def test_buffered_output_reaches_a_file(tmp_path):
    # A file is block-buffered: what the command printed last is still in the buffer at exit.
    out = tmp_path / "out.json"
    with open(out, "w") as handle:
        proc = subprocess.run([sys.executable, "-m", "kfoot", "enumerate", "bundled:kernels", "--json"], cwd=REPO,
                              stdout=handle, stderr=subprocess.PIPE, text=True, timeout=120, env=BUFFERED)
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert len(text) > 2 * 8192 and text.endswith("}\n")
    json.loads(text)


def test_a_bug_keeps_pythons_traceback_and_status():
    proc = _run_with_main("""
        def main():
            raise RuntimeError("a bug")
        """)
    assert proc.returncode == 1
    assert "Traceback" in proc.stderr and "RuntimeError: a bug" in proc.stderr
