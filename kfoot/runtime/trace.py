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
