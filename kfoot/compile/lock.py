"""One build per output folder: a second `kfoot build -o DIR` waits for the first.

Two builds writing one folder interleave (one deletes the other's sources, or both succeed and
one summary describes the other's library), so every build holds an exclusive flock on
DIR/.kfoot-build.lock while it writes. Waiting, not refusing: a CI job that starts a build
while another finishes should get a correct library, not an error. The lock goes with the
process (a killed build never leaves the folder locked); the file itself stays, empty.
"""

from __future__ import annotations

import errno
import fcntl
import os
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import KfootError

LOCK_NAME = ".kfoot-build.lock"


@contextmanager
def output_lock(out_dir: Path, on_wait=None):
    """Hold DIR's build lock (creating DIR); `on_wait(message)` is called once if another build
    holds it, before waiting. Ctrl-C interrupts the wait."""
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(out_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except (FileExistsError, NotADirectoryError):
        raise KfootError(f"{out_dir}: output path exists and is not a directory") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise KfootError(f"{out_dir / LOCK_NAME}: a symbolic link where kfoot keeps its build lock; "
                             "remove it") from None
        raise KfootError(f"{out_dir}: cannot create the output directory: {exc.strerror}") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if on_wait is not None:
                on_wait(f"kfoot: another kfoot build is writing {out_dir}; waiting for it to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
