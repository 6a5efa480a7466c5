#!/usr/bin/env python3
"""Stop `kfoot report` with signals at random moments, many times, and check each stop.

    .venv/bin/python scripts/stress_interrupts.py [--runs 60] [--seed 1] [--library PATH]
        [--copies 40] [--delay 1.5] [--load 1] [--signals term,int,int-int,term-term] [--py-spy PATH]

Each run starts `kfoot report --json -j 2` of --copies copies of --library (default: the venv's
libcurand; KFOOT_CACHE=0, so every copy is decoded by two worker processes) in a session of its
own, waits until the workers run, sleeps a random 0 to --delay seconds, and sends one of
--signals: `term` (SIGTERM to kfoot alone), `int` (Ctrl-C: SIGINT to the process group), or two
of them 0-50 ms apart (`int-int`, `term-term`). A stop passes when kfoot exits within 2 s with
143 (SIGTERM) or 130 (Ctrl-C), prints no traceback and no "Exception ignored", and leaves no
process in its session. --load starts that many busy processes beside it: the windows that
hang a stop are a few microseconds wide, and a loaded machine widens them.

A run that has not exited 10 s after its signal is a hang: its Python stacks are written with
py-spy (--py-spy, if given) to hang-PID.txt in the current folder, and its session is killed.
One line per failure, then a summary; exit 1 if any run failed. The tests in
tests/test_interrupt.py hold each window found so far open on purpose; this script looks for
new ones. Results are recorded in docs/security.md ("Processes").
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def session_members(sid: int) -> list[int]:
    """Live processes in session `sid`, from /proc (zombies left out)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[3]) == sid:
            found.append(int(entry))
    return found


def default_library() -> Path:
    import nvidia

    for root in map(Path, nvidia.__path__):
        for found in sorted(root.glob("cu*/lib/libcurand.so*")) + sorted(root.glob("curand/lib/libcurand.so*")):
            return found
    raise SystemExit("no libcurand in this venv: give --library")


def one_stop(library: Path, copies: int, delay: float, kind: str, py_spy: str | None) -> str | None:
    """Start a report, signal it, check the stop: None when it passed, else what went wrong."""
    env = {**os.environ, "KFOOT_CACHE": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "kfoot", "report", "--json", "-j", "2", *[str(library)] * copies],
                            cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while len(session_members(proc.pid)) < 3:  # kfoot and its two workers
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            return f"kfoot ended or stalled before its workers ran (rc {proc.returncode})"
        time.sleep(0.02)
    time.sleep(random.uniform(0, delay))
    sig = signal.SIGTERM if kind.startswith("term") else signal.SIGINT
    send = os.kill if sig == signal.SIGTERM else os.killpg
    send(proc.pid, sig)
    if "-" in kind:
        time.sleep(random.uniform(0, 0.05))
        with contextlib.suppress(ProcessLookupError):
            send(proc.pid, sig)
    started = time.monotonic()
    try:
        code = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        if py_spy:
            with open(f"hang-{proc.pid}.txt", "w") as out:
                subprocess.run([py_spy, "dump", "--pid", str(proc.pid)], stdout=out, stderr=subprocess.STDOUT)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return f"{kind}: no exit 10 s after the signal (hang{f'; stacks in hang-{proc.pid}.txt' if py_spy else ''})"
    elapsed = time.monotonic() - started
    err = proc.stderr.read().decode(errors="replace")
    left = []
    for _ in range(40):
        left = session_members(proc.pid)
        if not left:
            break
        time.sleep(0.05)
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    want = 143 if sig == signal.SIGTERM else 130
    problems = [f"exit {code}, not {want}"] if code != want else []
    problems += [f"{elapsed:.1f} s to stop"] if elapsed > 2 else []
    problems += ["a traceback on stderr"] if "Traceback" in err or "Exception ignored" in err else []
    problems += [f"processes left: {left}"] if left else []
    return f"{kind}: {', '.join(problems)}: {err[-300:]!r}" if problems else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--library", type=Path)
    parser.add_argument("--copies", type=int, default=40)
    parser.add_argument("--delay", type=float, default=1.5, help="the signal comes 0 to DELAY s after the workers start")
    parser.add_argument("--load", type=int, default=1, help="busy processes beside kfoot")
    parser.add_argument("--signals", default="term,int,int-int,term-term")
    parser.add_argument("--py-spy", help="py-spy, for the stacks of a hung run")
    args = parser.parse_args()
    random.seed(args.seed)
    kinds = args.signals.split(",")
    if not set(kinds) <= {"term", "int", "int-int", "term-term"}:
        parser.error("--signals: a list of term, int, int-int, term-term")
    library = args.library or default_library()
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    failures = []
    try:
        for run in range(args.runs):
            problem = one_stop(library, args.copies, args.delay, random.choice(kinds), args.py_spy)
            if problem:
                failures.append(problem)
                print(f"run {run + 1}: {problem}", flush=True)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    print(f"{args.runs} stops ({', '.join(kinds)}; delay 0-{args.delay} s, {args.load} busy processes): "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
