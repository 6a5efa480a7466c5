"""A spec that cannot be used: one line naming the spec file, the family and the key."""

from __future__ import annotations

import re
from pathlib import Path

from ..core.errors import KfootError
from ..core.inputfile import special_kind

IDENTIFIER = re.compile(r"^[A-Za-z_]\w*$")  # a macro, dtype or namespace name


class SpecError(KfootError):
    """A spec that cannot be used; the message names the file, the family and the key."""


def spec_where(path: Path, family: str | None, key: str | None) -> str:
    parts = [str(path)]
    if family is not None:
        parts.append(f"family '{family}'")
    if key is not None:
        parts.append(f"key '{key}'")
    return ": ".join(parts)


def spec_error(path: Path, family: str | None, key: str | None, message: str) -> SpecError:
    return SpecError(f"{spec_where(path, family, key)}: {message}")


def header_problem(value: str, header: Path) -> str | None:
    """Why the spec's header `value` (resolved to `header`) cannot be used, or None. Judged by
    stat, never by opening it: a FIFO would wait for a writer."""
    try:
        mode = header.stat().st_mode
    except OSError:
        return f"header {value!r} does not exist (looked for {header})"
    kind = special_kind(mode)
    return f"header {value!r} is {kind}, not a regular file ({header})" if kind else None
