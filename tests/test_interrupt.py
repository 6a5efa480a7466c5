"""Ctrl-C (SIGINT to the whole foreground process group, or to kfoot alone) and SIGTERM stop a
long warm, report or build within 2 s (exit 130, SIGTERM 143) and leave no process behind; kill -9
of kfoot takes its workers (and ninja's compilers) with it within 2 s. Checked from outside:
/proc/*/stat for the session kfoot was started in, exit codes and stderr."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from oracles.cli import REPO


def _stat(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            text = handle.read()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # fields from state on: state ppid pgrp session


def alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def session_members(sid: int) -> list[tuple[int, str]]:
    """Live processes whose session is `sid` (pid, command name), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and fields[0] != "Z" and int(fields[3]) == sid:
                try:
                    name = open(f"/proc/{entry}/comm").read().strip()
                except OSError:
                    name = "?"
                found.append((int(entry), name))
    return found


def wait_gone(pids, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return not any(alive(p) for p in pids)


def session_empty_within(sid: int, seconds: float) -> list[tuple[int, str]]:
    deadline = time.monotonic() + seconds
    while True:
        left = session_members(sid)
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def start_kfoot(*args, env=None):
    """kfoot in a new session (its own process group), with SIGINT at its default like a shell's
    foreground job."""
    return subprocess.Popen([sys.executable, "-m", "kfoot", *map(str, args)], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def wait_for_children(proc, names=None, count=1, seconds=60.0):
    """Block until kfoot's session holds `count` processes besides kfoot (named one of `names`)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"kfoot ended before it could be interrupted: {proc.stderr.read()}"
        others = [(p, n) for p, n in session_members(proc.pid) if p != proc.pid and (names is None or n in names)]
        if len(others) >= count:
            return others
        time.sleep(0.1)
    raise AssertionError(f"no {names or 'child'} process appeared in {seconds} s")


def signal_and_check(proc, sig, *, group: bool, code: int, last_line: str):
    (os.killpg if group else os.kill)(proc.pid, sig)
    stops_within_2_s(proc, code=code, last_line=last_line)


def stops_within_2_s(proc, *, code: int, last_line: str):
    """kfoot, signalled just now, ends within 2 s with `code` and `last_line`, no traceback and
    nothing left in its session."""
    started = time.monotonic()
    try:
        got = proc.wait(timeout=30)
    finally:
        elapsed = time.monotonic() - started
        left = session_empty_within(proc.pid, 2.0)
        for pid, _ in left:
            os.kill(pid, signal.SIGKILL)
    err = proc.stderr.read().decode()
    assert elapsed < 2.0, f"took {elapsed:.1f} s to stop"
    assert got == code, err
    assert err.strip().splitlines()[-1] == last_line
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert left == [], f"processes left in kfoot's session: {left}"


@pytest.fixture(scope="module")
def big_registry(tmp_path_factory):
    """The bundled demo spec as an RTC registry: 80 variants, minutes of NVRTC for a cold warm."""
    out = tmp_path_factory.mktemp("interrupt") / "registry"
    subprocess.run([sys.executable, "-m", "kfoot", "build", "--mode", "rtc", "--no-check", "--no-progress",
                    "-o", str(out)], cwd=REPO, check=True, capture_output=True)
    return out


def _warm(registry, tmp_path):
    env = dict(os.environ, KFOOT_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("KFOOT_CACHE", None)
    return start_kfoot("warm", registry, "-j", "2", "--batch", "2", "--json", env=env)


def _cache_is_whole(tmp_path):
    from kfoot.runtime.kernel_cache import DiskCache

    root = tmp_path / "cache"
    if root.exists():
        assert DiskCache(root).verify() == []  # every entry written is whole (checksums)


@pytest.mark.parametrize("group", [True, False], ids=["ctrl-c-to-group", "sigint-to-kfoot-alone"])
def test_sigint_stops_warm_within_2_s_with_130_and_no_worker_left(big_registry, tmp_path, group):
    proc = _warm(big_registry, tmp_path)
    wait_for_children(proc, count=2)
    time.sleep(0.5)  # workers busy in NVRTC
    signal_and_check(proc, signal.SIGINT, group=group, code=130, last_line="kfoot: interrupted")
    _cache_is_whole(tmp_path)


def test_sigint_to_warm_alone_stops_it_5_times_out_of_5(big_registry, tmp_path):
    for attempt in range(5):
        proc = _warm(big_registry, tmp_path / str(attempt))
        wait_for_children(proc, count=2)
        time.sleep(0.2 * attempt)
        signal_and_check(proc, signal.SIGINT, group=False, code=130, last_line="kfoot: interrupted")


def test_sigterm_stops_warm_like_ctrl_c_with_143(big_registry, tmp_path):
    proc = _warm(big_registry, tmp_path)
    wait_for_children(proc, count=2)
    time.sleep(0.5)
    signal_and_check(proc, signal.SIGTERM, group=False, code=143, last_line="kfoot: terminated")
    _cache_is_whole(tmp_path)


def _kill_9_takes_the_workers(proc, settle_s: float) -> bool:
    """kill -9 of kfoot once its two workers run; whether they were gone within 2 s (any left
    are killed here, so a failing test leaves nothing behind)."""
    workers = [p for p, _ in wait_for_children(proc, count=2)]
    time.sleep(settle_s)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=5)
    gone = wait_gone(workers, 2.0)
    for pid in workers:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    return gone


def test_kill_9_of_warm_takes_its_workers_within_2_s(big_registry, tmp_path):
    assert _kill_9_takes_the_workers(_warm(big_registry, tmp_path), 0.5), "warm's workers outlived kill -9 of kfoot"


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
    assert session_empty_within(proc.pid, 2.0) == []


def _report(curand_library):
    # Without the report cache: from its second copy on, the library would be read from it, and
    # no worker would start for these tests to stop.
    return start_kfoot("report", "--json", "-j", "2", *[curand_library] * 40, env={**os.environ, "KFOOT_CACHE": "0"})


def test_sigterm_stops_a_report_with_143_and_no_worker_left(curand_library):
    proc = _report(curand_library)
    wait_for_children(proc, count=2)
    time.sleep(1.0)
    signal_and_check(proc, signal.SIGTERM, group=False, code=143, last_line="kfoot: terminated")


# kfoot with a SIGTERM that lands while a finalizer runs in the main thread: when the first
# file's worker pool is freed, a weakref callback on it raises the signal (concurrent.futures'
# own callback on a freed pool runs at that moment too). Python prints an exception raised in a
# finalizer and goes on; the flag file says when the signal was raised.
IN_A_FINALIZER = r"""
import signal, sys, weakref
from kfoot.cli import run
from kfoot.core import workers

made, refs, flag = workers.process_pool, [], sys.argv.pop(1)

def signal_in_a_finalizer(_):
    open(flag, "w").close()
    signal.raise_signal(signal.SIGTERM)  # the handler runs here, inside the weakref callback

def process_pool(*args, **kwargs):
    pool = made(*args, **kwargs)
    if not refs:
        refs.append(weakref.ref(pool, signal_in_a_finalizer))
    return pool

workers.process_pool = process_pool
sys.argv[0] = "kfoot"
run()
"""


def _patched_report(tmp_path, program: str, curand_library, copies: int):
    """`kfoot report --json -j 2` of copies of libcurand, run by `program` (a script that patches
    kfoot and runs it, given a flag file to create at the moment the test waits for), once the
    flag exists."""
    script, flag = tmp_path / "patched_kfoot.py", tmp_path / "flag"
    script.write_text(program)
    proc = subprocess.Popen([sys.executable, str(script), str(flag), "report", "--json", "-j", "2",
                             *[str(curand_library)] * copies], cwd=REPO, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True,
                            env={**os.environ, "KFOOT_CACHE": "0", "PYTHONPATH": str(REPO)})
    deadline = time.monotonic() + 60
    while not flag.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"kfoot never got there: {proc.stderr.read().decode()}")
        time.sleep(0.01)
    return proc


def test_sigterm_that_lands_in_a_finalizer_still_stops_a_report_at_once(curand_library, tmp_path):
    proc = _patched_report(tmp_path, IN_A_FINALIZER, curand_library, 40)  # the flag: just signalled
    stops_within_2_s(proc, code=143, last_line="kfoot: terminated")


# kfoot whose report workers each send half a result (a header promising 1 MiB, then 10 bytes)
# and wait to be killed: as a worker killed while sending its batch's results would leave it.
HALF_SENT = r"""
import os, signal, struct, sys
from kfoot.cli import run
from kfoot.report import analyze

flag = sys.argv.pop(1)

def sends_half_a_result(batch):
    frame = sys._getframe()
    while "result_queue" not in frame.f_locals:  # concurrent.futures' worker loop holds the queue
        frame = frame.f_back
    os.write(frame.f_locals["result_queue"]._writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 10)
    open(flag, "w").close()
    signal.pause()

analyze.decode_batch = sends_half_a_result
sys.argv[0] = "kfoot"
run()
"""


def test_sigterm_while_a_worker_sends_its_results_stops_a_report_with_143(curand_library, tmp_path):
    proc = _patched_report(tmp_path, HALF_SENT, curand_library, 4)
    time.sleep(0.3)  # the pool's manager thread reads the header and waits for the rest
    signal_and_check(proc, signal.SIGTERM, group=False, code=143, last_line="kfoot: terminated")


# The same, and a second SIGTERM that lands while kfoot kills its workers (a second Ctrl-C a
# moment after the first is what people do): sent as each worker is killed.
SIGNALLED_AGAIN = HALF_SENT.replace('sys.argv[0] = "kfoot"', """
import multiprocessing.process
kill = multiprocessing.process.BaseProcess.kill

def kill_and_signal_again(process):
    kill(process)
    signal.raise_signal(signal.SIGTERM)

multiprocessing.process.BaseProcess.kill = kill_and_signal_again
sys.argv[0] = "kfoot"
""")


def test_a_second_sigterm_while_kfoot_kills_its_workers_still_stops_it_with_143(curand_library, tmp_path):
    proc = _patched_report(tmp_path, SIGNALLED_AGAIN, curand_library, 4)
    time.sleep(0.3)
    signal_and_check(proc, signal.SIGTERM, group=False, code=143, last_line="kfoot: terminated")


def test_kill_9_of_a_report_takes_its_workers_within_2_s(curand_library):
    assert _kill_9_takes_the_workers(_report(curand_library), 1.0), "report's workers outlived kill -9 of kfoot"


# nvcc's pipeline: any of these in kfoot's session means a compile is running.
COMPILERS = {"nvcc", "cicc", "ptxas", "cc1plus", "gcc", "g++", "cudafe++", "fatbinary", "nvlink"}


def _aot_build(tmp_path):
    return start_kfoot("build", "--mode", "aot", "--no-progress", "--arch", "sm_80", "-j", "2",
                       "-o", tmp_path / "out")


def test_ctrl_c_stops_an_aot_build_with_130_and_no_ninja_or_nvcc_left(tmp_path):
    proc = _aot_build(tmp_path)
    wait_for_children(proc, names=COMPILERS)
    time.sleep(0.5)
    signal_and_check(proc, signal.SIGINT, group=True, code=130, last_line="kfoot: interrupted")


def test_sigint_to_an_aot_build_alone_stops_ninja_and_nvcc(tmp_path):
    proc = _aot_build(tmp_path)
    wait_for_children(proc, names=COMPILERS)
    time.sleep(0.5)
    signal_and_check(proc, signal.SIGINT, group=False, code=130, last_line="kfoot: interrupted")


def test_kill_9_of_an_aot_build_takes_ninja_and_nvcc_within_2_s(tmp_path):
    proc = _aot_build(tmp_path)
    wait_for_children(proc, names=COMPILERS)
    time.sleep(0.5)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=5)
    left = session_empty_within(proc.pid, 2.0)
    for pid, _ in left:
        os.kill(pid, signal.SIGKILL)
    assert left == [], f"left after kill -9 of kfoot build: {left}"
