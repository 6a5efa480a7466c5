"""Reading a file somebody else wrote (a trace, a baseline, a budget, a spec): a regular file only,
opened without waiting on it, bounded in size before anything is read.

O_NONBLOCK makes opening a FIFO return at once (it changes nothing for a regular file), and the
type is checked on the open descriptor, so a FIFO, device or socket put in place after a check
is still refused: /dev/zero, a FIFO nobody writes to or a socket is one line, never a hang or an
allocation without end. Binaries have their own reader (kfoot.binary.inputs.open_path), which
also takes standard input, and the same names for what a path is.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import KfootError

_SPECIAL = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
            (stat.S_ISBLK, "a block device"), (stat.S_ISDIR, "a folder"))


def special_kind(mode: int) -> str | None:
    """What a file that is not a regular one is ("a FIFO", "a character device", ...), or None."""
    return next((what for test, what in _SPECIAL if test(mode)), None)


def open_regular(path: str | os.PathLike, *, what: str, max_bytes: int, largest: str = "",
                 error: type[KfootError] = KfootError):
    """`path` opened for reading (binary), when it is a regular file of at most `max_bytes`.
    FileNotFoundError is left to the caller, which knows what a missing file means; anything
    else is `error` (a KfootError class), one line naming the file and `what` it should be;
    `largest` says, after the size limit, how large real ones get."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise error(f"cannot read the {what}: {exc.strerror or exc}", path=path) from None
    try:
        info = os.fstat(fd)
        kind = special_kind(info.st_mode)
        if kind is not None:
            raise error(f"the {what} is {kind}, not a regular file", path=path)
        if info.st_size > max_bytes:
            raise error(f"{info.st_size / 2 ** 20:,.1f} MiB is over {_limit(what, max_bytes, largest)}", path=path)
        return open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_limited(path: str | os.PathLike, *, what: str, max_bytes: int, largest: str = "",
                 error: type[KfootError] = KfootError) -> bytes:
    """The bytes of `path` (see open_regular), refused once they pass `max_bytes` (the file may
    grow while it is read)."""
    with open_regular(path, what=what, max_bytes=max_bytes, largest=largest, error=error) as handle:
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise error(f"cannot read the {what}: {exc.strerror or exc}", path=path) from None
    if len(data) > max_bytes:
        raise error(f"grew over {_limit(what, max_bytes, largest)} while it was read", path=path)
    return data


def _limit(what: str, max_bytes: int, largest: str) -> str:
    return f"the {max_bytes / 2 ** 20:,.3g} MiB limit for a {what}" + (f" ({largest})" if largest else "")

