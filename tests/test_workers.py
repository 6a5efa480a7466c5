"""kfoot.core.workers: pool workers die with their parent (even kill -9), ignore Ctrl-C, and are
killed, not waited for, when the parent unwinds. Checked from outside: /proc and exit codes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from oracles.cli import REPO
from test_interrupt import alive, session_members, wait_gone

# A parent with a 2-worker pool whose tasks sleep for a minute; it prints its workers' pids.
SCRIPT = r"""
import os, sys, time
from kfoot.core.workers import worker_pool

def task(_):
    time.sleep(60)

def pid(_):
    return os.getpid()

if __name__ == "__main__":
    with worker_pool(2) as pool:
        pids = set()
        while len(pids) < 2:  # both workers up (each reports its own pid)
            pids |= set(pool.map(pid, range(8)))
        futures = [pool.submit(task, i) for i in range(4)]
        print(*sorted(pids), flush=True)
        for f in futures:
            f.result()
"""


def _start(tmp_path):
    script = tmp_path / "pool.py"
    script.write_text(SCRIPT)
    proc = subprocess.Popen([sys.executable, str(script)], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=dict(os.environ, PYTHONPATH=str(REPO)),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers = [int(p) for p in proc.stdout.readline().split()]
    assert len(workers) == 2 and all(alive(p) for p in workers)
    return proc, workers


def test_kill_9_of_the_parent_takes_its_busy_workers_within_2_s(tmp_path):
    proc, workers = _start(tmp_path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=5)
    assert wait_gone(workers, 2.0), f"workers outlived a kill -9 of their parent: {[p for p in workers if alive(p)]}"


def test_ctrl_c_kills_busy_workers_at_once_and_they_print_no_traceback(tmp_path):
    proc, workers = _start(tmp_path)
    os.killpg(proc.pid, signal.SIGINT)
    started = time.monotonic()
    proc.wait(timeout=30)
    assert time.monotonic() - started < 2.0  # the tasks had 60 s to go: nobody waited for them
    assert wait_gone(workers, 2.0)
    assert session_members(proc.pid) == []
    err = proc.stderr.read()
    # The parent's own KeyboardInterrupt traceback is expected; a worker's would follow
    # "Process ForkProcess-N:" (multiprocessing's banner for a child that raised).
    assert "ForkProcess" not in err and err.count("Traceback") <= 1, err


# A worker killed while it sends its result leaves the pool's manager thread reading the rest of
# that result from a pipe the parent itself still holds open for writing: without kill_pool's
# care, it read forever and Python's exit hook joined it forever (`report` hung on SIGTERM in CI).
# Here the worker sends a header promising 1 MiB and 10 bytes of it, then waits to be killed.
HALF_SENT = r"""
import os, struct, sys, time
from kfoot.core.workers import worker_pool

def half_sent(flag):
    frame = sys._getframe()
    while "result_queue" not in frame.f_locals:  # concurrent.futures' worker loop holds the queue
        frame = frame.f_back
    writer = frame.f_locals["result_queue"]._writer
    os.write(writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 10)
    open(flag, "w").close()
    time.sleep(60)

if __name__ == "__main__":
    flag = sys.argv[1]
    try:
        with worker_pool(1) as pool:
            pool.submit(half_sent, flag)
            while not os.path.exists(flag):
                time.sleep(0.01)
            time.sleep(0.3)  # the manager thread has read the header and waits for the rest
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        print("unwound", flush=True)
"""


def test_a_worker_killed_halfway_through_sending_its_result_does_not_hang_the_exit(tmp_path):
    script = tmp_path / "half_sent.py"
    script.write_text(HALF_SENT)
    proc = subprocess.Popen([sys.executable, str(script), str(tmp_path / "sent")], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env=dict(os.environ, PYTHONPATH=str(REPO)))
    try:
        out, err = proc.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        raise AssertionError(f"the parent did not exit within 15 s of killing its pool: {out!r} {err!r}")
    assert out == "unwound\n", err
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert session_members(proc.pid) == []


def test_signal_handlers_installed_again_and_again_still_report_a_finalizers_error_once():
    """main() installs kfoot's handlers each time it runs (tests call it thousands of times in one
    process): an error in a finalizer must still reach Python's hook once, not through a chain of
    wrappers as deep as the calls (RecursionError)."""
    code = ("import gc\nfrom kfoot.core import workers\n"
            "for _ in range(3000):\n    workers.install_signal_handlers()\n"
            "class Broken:\n    def __del__(self):\n        raise ValueError('from a finalizer')\n"
            "Broken()\ngc.collect()\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("ValueError: from a finalizer") == 1, done.stderr
    assert "RecursionError" not in done.stderr and "sys.unraisablehook" not in done.stderr, done.stderr
