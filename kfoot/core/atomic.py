"""Atomic writes, the one implementation: readers never see half a file, and a write that fails
(disk full, Ctrl-C) leaves the old file as it was."""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_output(path, *, tmp_dir=None, mode: int | None = None, durable: bool = True):
    """Yield a temporary path; when the block ends without an exception, it replaces `path`.

    The temporary file lies beside `path`, or in `tmp_dir` (which must be on the same file
    system: the RTC cache keeps one private folder for them). `mode` None keeps the mode of the
    file it replaces, else what a plain open would give (mkstemp's 0600 would make shipped
    outputs and committed baselines private). `durable` fsyncs before the rename, so a crash
    cannot leave an empty file under the name; caches skip it (a lost entry is only a miss)."""
    path = Path(path)
    folder = Path(tmp_dir) if tmp_dir is not None else path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    os.close(fd)
    try:
        os.chmod(tmp, _mode_for(path) if mode is None else mode)
        yield Path(tmp)
        if durable:
            with open(tmp, "rb") as handle:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_atomic(path, data: str | bytes, *, tmp_dir=None, mode: int | None = None, durable: bool = True) -> None:
    """Write `data` to `path` atomically (see atomic_output for the options)."""
    with atomic_output(path, tmp_dir=tmp_dir, mode=mode, durable=durable) as tmp:
        with open(tmp, "wb" if isinstance(data, bytes) else "w") as handle:
            handle.write(data)


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
