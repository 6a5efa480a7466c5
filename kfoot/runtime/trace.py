"""The usage trace (`KFOOT_TRACE=FILE`): JSON lines the runtime appends, one per variant served.

Read back by `kfoot warm --trace` and `kfoot build --mode hybrid --hot`, which need the
template-ids only; the family and axis values are there for people reading the file.

Appending (`append_trace`) opens the file with O_WRONLY|O_APPEND|O_CREAT|O_NOFOLLOW (0600 when
created): a KFOOT_TRACE that is a symbolic link is refused in one line, never appended to through.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

from ..core.errors import KfootError


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


def read_trace(path: str | os.PathLike) -> list[str]:
    """The distinct template-ids of a trace, in first-seen order; bad lines are one-line errors."""
    path = Path(path)
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise KfootError("trace file does not exist (run with KFOOT_TRACE=FILE to record one)", path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise KfootError(f"cannot read the trace: {exc}", path=path) from None
    seen: dict[str, None] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            template_id = row["template_id"]
        except (ValueError, KeyError, TypeError):
            raise KfootError(f"line {number} is not a trace record (JSON with a template_id)", path=path) from None
        if not isinstance(template_id, str):
            raise KfootError(f"line {number}: template_id is not a string", path=path)
        seen.setdefault(template_id, None)
    return list(seen)


def resolve_trace(path: str | os.PathLike, known, owner: str) -> list:
    """The trace's template-ids looked up in `known` (a mapping from template-id to whatever the
    caller needs: a spec's or a registry's variants), in trace order. A template-id that `known`
    lacks means the trace comes from another build: one error naming the first and the count."""
    ids = read_trace(path)
    unknown = [t for t in ids if t not in known]
    if unknown:
        more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
        raise KfootError(f"the trace names {unknown[0]!r}{more}, which the {owner} does not have "
                         "(a trace recorded against another build?)", path=path)
    if not ids:
        raise KfootError("the trace lists no variants", path=path)
    return [known[t] for t in ids]
