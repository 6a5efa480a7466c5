"""Worker processes that never outlive kfoot, and prompt cancellation: the one implementation.

Every process kfoot starts (the `warm` and `report` pools, ninja for a build) dies with it:
- a worker asks Linux to SIGKILL it when its parent dies (prctl PR_SET_PDEATHSIG), then checks
  that the parent is still the one that started it (it may have died before the prctl);
- workers ignore SIGINT: Ctrl-C reaches the whole process group, and the parent decides;
- on any exception in the parent (KeyboardInterrupt, SIGTERM, an error) the pool's pending work
  is cancelled and its workers are killed, never waited for: `shutdown(cancel_futures=True)`
  alone waits for busy workers to finish their batch, which is minutes on a big warm.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# ctypes, multiprocessing and concurrent.futures are imported where a pool or a worker needs
# them: every kfoot command imports this module for its signal handlers (30 ms saved).

_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36
_libc = None


def _prctl(option: int, value: int) -> bool:
    """prctl(option, value) on Linux; False where it cannot be made."""
    global _libc
    if not sys.platform.startswith("linux"):
        return False
    try:
        if _libc is None:
            import ctypes
            import ctypes.util

            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return _libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent(parent_pid: int | None = None, sig: int = signal.SIGKILL) -> None:
    """Ask the kernel to send `sig` to this process when its parent dies (Linux; elsewhere nothing).

    `parent_pid` is the parent that started us: if it is already gone (we were re-parented before
    the prctl took effect), exit now."""
    if not _prctl(_PR_SET_PDEATHSIG, int(sig)):
        return
    if parent_pid is not None and os.getppid() != parent_pid:
        os._exit(1)


def _init_worker(parent_pid: int, initializer, initargs) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent_pid)
    if initializer is not None:
        initializer(*initargs)


def process_pool(max_workers: int, *, mp_context=None, initializer=None, initargs=()) -> "ProcessPoolExecutor":
    """A ProcessPoolExecutor whose workers die with this process and ignore SIGINT.

    Use it as `with worker_pool(...)`, which also kills the workers on an exception."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers, mp_context=mp_context or multiprocessing.get_context(),
                               initializer=_init_worker, initargs=(os.getpid(), initializer, initargs))


def kill_pool(pool: "ProcessPoolExecutor") -> None:
    """Cancel what has not started and SIGKILL every worker now; do not wait for busy ones.
    A second Ctrl-C or SIGTERM meanwhile is raised once it is done: left halfway, the pool's
    manager thread could be left reading a killed worker's result, and the exit waiting for it."""
    with interrupts_held():
        _kill_pool(pool)


def _kill_pool(pool: "ProcessPoolExecutor") -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
    manager = getattr(pool, "_executor_manager_thread", None)
    result_queue = getattr(pool, "_result_queue", None)  # shutdown forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(1.0)
    # A worker killed while sending its result leaves the manager thread reading the rest of it,
    # and this process holds the pipe's write end too: closed here, the read ends (EOF) and the
    # manager takes its broken-pool path instead of blocking forever (and the exit with it).
    with contextlib.suppress(Exception):
        result_queue._writer.close()
    # The pool's manager thread sees the dead workers and closes its wakeup pipe; let it finish
    # now, or concurrent.futures' exit hook may write to that pipe as it closes (EBADF traceback).
    if manager is not None:
        with contextlib.suppress(Exception):
            manager.join(1.0)


@contextlib.contextmanager
def worker_pool(max_workers: int, *, mp_context=None, initializer=None, initargs=()):
    """`process_pool` as a context: a normal exit waits for the workers, an exception kills them."""
    pool = process_pool(max_workers, mp_context=mp_context, initializer=initializer, initargs=initargs)
    try:
        yield pool
    except BaseException:
        kill_pool(pool)
        raise
    else:
        pool.shutdown(wait=True)


def die_with_me():
    """A `preexec_fn` for a subprocess (ninja) that must die with this process: it gets SIGTERM
    when kfoot dies, which ninja passes on to the compilers it runs before it exits."""
    parent = os.getpid()
    return lambda: die_with_parent(parent, signal.SIGTERM)


def stop_process(proc, grace: float = 1.5) -> None:
    """Stop a subprocess now: SIGTERM (ninja then stops its own children), SIGKILL after `grace` s."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        proc.terminate()
    _wait_or_kill(proc, grace)


def _wait_or_kill(proc, grace: float) -> None:
    """Wait `grace` s for a subprocess to end, then SIGKILL it and reap it."""
    try:
        proc.wait(timeout=grace)
    except Exception:  # subprocess.TimeoutExpired
        with contextlib.suppress(ProcessLookupError):
            proc.kill()
        proc.wait()


def adopt_orphans() -> None:
    """Become the subreaper of this process's descendants (Linux prctl): a child's children whose
    parent dies become ours, so that stop_process_tree reaches them too."""
    _prctl(_PR_SET_CHILD_SUBREAPER, 1)


def stop_process_tree(proc, grace: float = 0.25) -> None:
    """Stop a subprocess that got the same Ctrl-C (or SIGTERM) we did: `grace` s to end, then
    SIGKILL, and SIGKILL for every child we hold then, round after round, which after
    adopt_orphans includes the descendants it left (a program that ignores the signal, and its
    children, leave nothing running)."""
    _wait_or_kill(proc, grace)
    for _ in range(1000):  # a round per generation of orphans; bounded against a fork bomb
        children = _children()
        if not children:
            return
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for pid in children:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def _children() -> list[int]:
    """This process's children, from /proc (every thread's list)."""
    found = []
    with contextlib.suppress(OSError):
        for task in os.listdir("/proc/self/task"):
            with contextlib.suppress(OSError), open(f"/proc/self/task/{task}/children") as handle:
                found += [int(pid) for pid in handle.read().split()]
    return found


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so kfoot unwinds exactly as on Ctrl-C."""


_signalled: int | None = None  # the first SIGINT or SIGTERM this process got


def install_signal_handlers() -> None:
    """SIGINT raises KeyboardInterrupt and SIGTERM `Terminated` in the main thread (the CLI
    installs this); both are also remembered, for `check_interrupted`, and one that lands in a
    finalizer is raised again outside it (`_interrupt_again`)."""
    def handler(signum, frame):
        global _signalled
        _signalled = _signalled or signum
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    with contextlib.suppress(ValueError):  # not the main thread
        signal.signal(signal.SIGINT, handler)
        signal.signal(signal.SIGTERM, handler)
        if not getattr(sys.unraisablehook, "kfoot_interrupt_again", False):  # main() may run many times
            sys.unraisablehook = _interrupt_again(sys.unraisablehook)


def _interrupt_again(default):
    """An unraisable-exception hook that raises again, where the main thread goes on, an
    interrupt that landed in a finalizer (a weakref callback such as the one concurrent.futures
    runs as each pool is freed, a __del__): Python would print it and carry on with the work."""
    def hook(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt) and _signalled is not None:
            import _thread
            import threading

            # Sent from another thread: sent from here, the handler ran inside this hook (and
            # was printed as its error). It runs once this finalizer is over; landing in another
            # one brings it back here; once kfoot ignores signals to unwind, nothing happens.
            _thread.start_new_thread(signal.pthread_kill, (threading.main_thread().ident, _signalled))
            return
        default(unraisable)

    hook.kfoot_interrupt_again = True
    return hook


@contextlib.contextmanager
def interrupts_held():
    """SIGINT and SIGTERM held for the block (in the main thread; elsewhere nothing is held): one
    that arrives is raised again, through the handler there was, when the block ends."""
    held: list[int] = []
    try:
        before = {sig: signal.signal(sig, lambda signum, frame: held.append(signum))
                  for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread: signals are handled there anyway
        yield
        return
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)  # None: not set from Python
        if held:
            signal.raise_signal(held[0])


def signalled() -> int | None:
    """SIGINT or SIGTERM if one arrived (None if not)."""
    return _signalled


def check_interrupted() -> None:
    """Raise again an interrupt that Python swallowed: a signal that lands while a finalizer
    (__del__, a weakref callback) runs is printed as 'Exception ignored' and the work goes on."""
    if _signalled is not None:
        raise Terminated() if _signalled == signal.SIGTERM else KeyboardInterrupt()
