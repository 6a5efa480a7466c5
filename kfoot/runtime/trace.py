"""The usage trace (`KFOOT_TRACE=FILE`): JSON lines the runtime appends, one per variant served.

Read back by `kfoot warm --trace` and `kfoot build --mode hybrid --hot`, which need the
template-ids only; the family and axis values are there for people reading the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.errors import KfootError


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
