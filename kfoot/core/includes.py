"""The files a header reaches through #include: one walker for the spec's hash (which sources
a build depends on) and the RTC cache key (which sources a cubin depends on)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.MULTILINE)


def walk_includes(main_header: Path, include_dirs=()) -> Iterator[tuple[Path, bytes, list[str]]]:
    """(resolved path, bytes, names that resolved nowhere) for the header and every file it
    reaches, breadth first, each once.

    Quoted includes resolve next to the including file first, then in `include_dirs`; angled
    ones in `include_dirs` only, as nvcc and NVRTC do. Includes inside `#if` blocks are followed
    too: over-approximating costs a spurious rebuild or cache miss, never a stale result."""
    seen: set[Path] = set()
    pending = [Path(main_header).resolve()]
    while pending:
        path = pending.pop(0)
        if path in seen:
            continue
        seen.add(path)
        data = path.read_bytes()
        unresolved = []
        for kind, name in _INCLUDE.findall(data):
            text = name.decode(errors="replace")
            target = _resolve(text, kind == b'"', path.parent, include_dirs)
            if target is None:
                unresolved.append(text)
            elif target not in seen:
                pending.append(target)
        yield path, data, unresolved


def _resolve(name: str, quoted: bool, here: Path, include_dirs) -> Path | None:
    candidates = ([here / name] if quoted else []) + [Path(d) / name for d in include_dirs]
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve()
    return None
