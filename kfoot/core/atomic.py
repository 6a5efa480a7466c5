"""Atomic writes, the one implementation: readers never see half a file, and a write that fails
(disk full, Ctrl-C) leaves the old file as it was.

Two ways in, one way of doing it (a new file created exclusively, never through a link, then
renamed over the target): `atomic_output`/`write_atomic` by path, for the files kfoot writes in
its own folders, and `write_at` by folder descriptors, for the caches (kfoot.core.store), whose
folders are opened from the cache root down so that none of them can be swapped for a link.

A file the user names (`-o FILE`, a baseline, `kfoot cache export FILE`) goes through
`output_file`/`write_output`: a regular file (or a link to one) is replaced atomically as above;
anything else is written in place and never replaced: a character device (/dev/null), a FIFO,
the process's own stdout or stderr (/dev/stdout, a `/dev/fd/N` from a shell's `>(cmd)`). What
cannot be written is one KfootError line naming the file."""

from __future__ import annotations

import itertools
import os
import threading
import stat
import sys
from contextlib import contextmanager
from pathlib import Path

from .errors import KfootError

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_counter = itertools.count()


@contextmanager
def atomic_output(path, *, mode: int | None = None, durable: bool = True):
    """Yield a temporary path beside `path`; when the block ends without an exception, it replaces
    `path`. `mode` None keeps the mode of the file it replaces, else what a plain open would give
    (a private 0600 would make shipped outputs and committed baselines unreadable to others).
    `durable` fsyncs before the rename, so a crash cannot leave an empty file under the name."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fd, name = _create(folder, path.name, _mode_for(path) if mode is None else mode)
        os.close(fd)
        try:
            yield path.parent / name
            if durable:
                with open(path.parent / name, "rb") as handle:
                    os.fsync(handle.fileno())
            os.replace(name, path, src_dir_fd=folder)
        except BaseException:
            _discard(folder, name)
            raise
    finally:
        os.close(folder)


def write_atomic(path, data: str | bytes, *, mode: int | None = None, durable: bool = True) -> None:
    """Write `data` to `path` atomically (see atomic_output for the options)."""
    with atomic_output(path, mode=mode, durable=durable) as tmp:
        with open(tmp, "wb" if isinstance(data, bytes) else "w") as handle:
            handle.write(data)


def write_at(dir_fd: int, name: str, data: bytes, *, tmp_fd: int, mode: int = 0o600, durable: bool = False) -> None:
    """Install `data` as `name` in the folder `dir_fd`: written to a new file in the folder
    `tmp_fd` (same file system) and renamed into place. Not fsynced by default: the caches lose
    at most an entry to a crash, which is a miss."""
    fd, tmp = _create(tmp_fd, name, mode)
    try:
        with open(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.rename(tmp, name, src_dir_fd=tmp_fd, dst_dir_fd=dir_fd)
    except BaseException:
        _discard(tmp_fd, tmp)
        raise


def _create(folder_fd: int, target: str, mode: int) -> tuple[int, str]:
    """A new file for `target` in `folder_fd`, created exclusively and never through a link; its
    mode set by fchmod, so the umask does not change what the caller asked for."""
    name = f".{target}.{os.getpid()}.{threading.get_ident()}.{next(_counter)}.{os.urandom(3).hex()}"
    fd = os.open(name, _CREATE, 0o600, dir_fd=folder_fd)
    try:
        if mode != 0o600:
            os.fchmod(fd, mode)
    except BaseException:
        os.close(fd)
        _discard(folder_fd, name)
        raise
    return fd, name


def _discard(folder_fd: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=folder_fd)
    except OSError:
        pass


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def output_file(path, *, what: str = "output"):
    """Yield a binary file to write the output the user named `path` into (see the module
    docstring for where it lands). An OSError (disk full, a parent folder that is a file, a
    folder) becomes one KfootError line naming `path` and `what`; a broken pipe is left to the
    command line, which treats it as it treats one on stdout."""
    path = Path(path)
    try:
        with _output_target(path) as handle:
            yield handle
    except BrokenPipeError:
        raise
    except IsADirectoryError:
        raise KfootError(f"cannot write the {what}: it is a folder; name a file", path=path) from None
    except (FileExistsError, NotADirectoryError):  # from creating the parent folders
        raise KfootError(f"cannot write the {what}: a folder on its path is a file", path=path) from None
    except OSError as exc:
        other = f" ({exc.filename})" if exc.filename and not _is_ours(exc.filename, path) else ""
        raise KfootError(f"cannot write the {what}: {exc.strerror or exc}{other}", path=path) from None


def write_output(path, data: str | bytes, *, what: str = "output") -> None:
    """Write `data` to the file the user named (see output_file)."""
    with output_file(path, what=what) as handle:
        handle.write(data.encode() if isinstance(data, str) else data)


@contextmanager
def _output_target(path: Path):
    try:
        info = os.stat(path)  # through links: /dev/stdout is one
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(path)
    if info is not None and not stat.S_ISREG(info.st_mode):
        # Written in place, never replaced. Opened without O_CREAT or O_TRUNC: it exists, and a
        # FIFO waits for its reader as a shell's redirection would.
        with open(os.open(path, os.O_WRONLY | os.O_CLOEXEC | os.O_NOCTTY), "wb") as handle:
            yield handle
        return
    own = _own_stream(info)
    if own is not None:
        # /dev/stdout while stdout is a file: written where the shell's redirection points, with
        # its offset and its append mode.
        own.flush()
        with open(os.dup(own.fileno()), "wb") as handle:
            yield handle
        return
    target = Path(os.path.realpath(path)) if path.is_symlink() else path  # the link is kept
    with atomic_output(target) as tmp, open(tmp, "wb") as handle:
        yield handle


def _own_stream(info: os.stat_result | None):
    """sys.stdout or sys.stderr when `info` is the very file it writes to."""
    if info is None:
        return None
    for stream in (sys.stdout, sys.stderr):
        try:
            own = os.fstat(stream.fileno())
        except (OSError, ValueError, AttributeError):
            continue
        if (own.st_dev, own.st_ino) == (info.st_dev, info.st_ino):
            return stream
    return None


def _is_ours(filename, path: Path) -> bool:
    """Whether an OSError's file is the output or its temporary (named after it)."""
    name = os.path.basename(os.fsdecode(filename))
    return name == path.name or name.startswith(f".{path.name}.") or os.fsdecode(filename) == str(path)
