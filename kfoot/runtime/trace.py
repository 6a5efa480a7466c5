"""The usage trace (`KFOOT_TRACE=FILE`): JSON lines the runtime appends, one per variant served.

Read back by `kfoot warm --trace` and `kfoot build --mode hybrid --hot`, which need the
template-ids only; the family and axis values are there for people reading the file. A trace is
untrusted input: read as a regular file only, streaming, each line and the whole file bounded.

Appending (`append_trace`) opens the file with O_WRONLY|O_APPEND|O_CREAT|O_NOFOLLOW (0600 when
created): a KFOOT_TRACE that is a symbolic link is refused in one line, never appended to through.
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import stat
from pathlib import Path

from ..core.errors import KfootError
from ..core.escape import shown
from ..core.inputfile import open_regular


class TraceWarning(UserWarning):
    """The usage trace could not be appended to; lookups go on, unrecorded."""


def append_trace(path: str | os.PathLike, record: dict) -> None:
    """Append one JSON line to the trace in one write (O_APPEND keeps concurrent lines whole). A path
    that is a symbolic link is refused (O_NOFOLLOW), as is anything but a regular file."""
    path = Path(path)
    data = (json.dumps(record) + "\n").encode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, 0o600)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise KfootError("the usage trace is a symbolic link: not followed, nothing appended "
                             "(point KFOOT_TRACE at a regular file)", path=path) from None
        raise KfootError(f"cannot append to the usage trace: {exc.strerror}", path=path) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise KfootError("the usage trace is not a regular file: nothing appended", path=path)
        os.write(fd, data)
    except OSError as exc:
        raise KfootError(f"cannot append to the usage trace: {exc.strerror}", path=path) from None
    finally:
        os.close(fd)


# What reading a trace may cost (it is untrusted: a trace from another machine, or a path that is
# /dev/zero or a FIFO is refused by kfoot.core.inputfile). A line holds one template-id, a few
# hundred characters in real traces; the file one line per variant per process that served it.
TRACE_MAX_BYTES = 256 << 20
TRACE_MAX_LINE = 64 << 10
_UNKNOWN_COUNTED = 100_000  # distinct unknown ids counted for the error line, then "at least"


def _trace_ids(path: Path):
    """(line number, template-id) of each record, streaming: at most one line in memory."""
    try:
        handle = open_regular(path, what="usage trace", max_bytes=TRACE_MAX_BYTES)
    except FileNotFoundError:
        raise KfootError("trace file does not exist (run with KFOOT_TRACE=FILE to record one)", path=path) from None
    with handle:
        read = 0
        for number in itertools.count(1):
            try:
                line = handle.readline(TRACE_MAX_LINE + 1)
            except OSError as exc:
                raise KfootError(f"cannot read the trace: {exc.strerror}", path=path) from None
            if not line:
                return
            read += len(line)
            if read > TRACE_MAX_BYTES:
                raise KfootError(f"grew over the {TRACE_MAX_BYTES >> 20} MiB limit for a usage trace while it "
                                 "was read", path=path)
            if len(line) > TRACE_MAX_LINE:
                raise KfootError(f"line {number} is over {TRACE_MAX_LINE >> 10} KiB, the limit for one trace "
                                 "record", path=path)
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                template_id = row["template_id"]
            except (ValueError, KeyError, TypeError, RecursionError):  # ValueError: JSON, UTF-8
                raise KfootError(f"line {number} is not a trace record (JSON with a template_id)", path=path) from None
            if not isinstance(template_id, str):
                raise KfootError(f"line {number}: template_id is not a string", path=path)
            yield number, template_id


def read_trace(path: str | os.PathLike) -> list[str]:
    """The distinct template-ids of a trace, in first-seen order; bad lines are one-line errors."""
    return list(dict.fromkeys(template_id for _, template_id in _trace_ids(Path(path))))


def resolve_trace(path: str | os.PathLike, known, owner: str) -> list:
    """The trace's template-ids looked up in `known` (a mapping from template-id to whatever the
    caller needs: a spec's or a registry's variants), in trace order. A template-id that `known`
    lacks means the trace comes from another build: one error naming the first (a short prefix
    of it) and the count. Only known ids are kept, so memory follows `known`, not the trace."""
    path = Path(path)
    found: dict[str, None] = {}
    first_unknown, unknown = None, set()  # the first unknown id, the hashes of all (to count them)
    for _, template_id in _trace_ids(path):
        if template_id in known:
            found.setdefault(template_id, None)
            continue
        if first_unknown is None:
            first_unknown = template_id
        if len(unknown) < _UNKNOWN_COUNTED:
            unknown.add(hash(template_id))
    if first_unknown is not None:
        at_least = "at least " if len(unknown) == _UNKNOWN_COUNTED else ""
        more = f" (and {at_least}{len(unknown) - 1:,} more)" if len(unknown) > 1 else ""
        raise KfootError(f"the trace names {shown(first_unknown)}{more}, which the {owner} does not have "
                         "(a trace recorded against another build?)", path=path)
    if not found:
        raise KfootError("the trace lists no variants", path=path)
    return [known[t] for t in found]
