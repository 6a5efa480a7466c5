"""The files a header reaches through #include: one walker for the spec's hash (which sources
a build depends on), the RTC cache key (which sources a cubin depends on) and what an RTC
registry ships (which sources it copies, confined to the folders it may ship)."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from typing import Iterator

from .errors import KfootError

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.MULTILINE)

# A header is source text: one larger than this is no header, and is not read whole.
MAX_HEADER_BYTES = 64 << 20


class IncludeOutside(KfootError):
    """A header reaches a file outside the folders the walk was confined to (`within`)."""

    def __init__(self, path: Path, included_from: Path | None):
        self.file = path
        self.included_from = included_from
        where = f"{included_from}: includes {path}" if included_from else f"header {path}"
        super().__init__(f"{where}, which is outside the folders allowed")


def walk_includes(main_header: Path, include_dirs=(), within=None) -> Iterator[tuple[Path, bytes, list[str]]]:
    """(resolved path, bytes, names that resolved nowhere) for the header and every file it
    reaches, breadth first, each once.

    Quoted includes resolve next to the including file first, then in `include_dirs`; angled
    ones in `include_dirs` only, as nvcc and NVRTC do. Includes inside `#if` blocks are followed
    too: over-approximating costs a spurious rebuild or cache miss, never a stale result.
    `within`: folders every file reached must lie under (after links are resolved); one outside
    raises IncludeOutside before it is read. A file that cannot be read, or is larger than
    MAX_HEADER_BYTES, raises KfootError naming it and the file that includes it."""
    roots = None if within is None else tuple(Path(root).resolve() for root in within)
    seen: set[Path] = set()
    pending: deque[tuple[Path, Path | None]] = deque([(Path(main_header).resolve(), None)])
    while pending:
        path, parent = pending.popleft()
        if path in seen:
            continue
        seen.add(path)
        if roots is not None and not any(path.is_relative_to(root) for root in roots):
            raise IncludeOutside(path, parent)
        data = _read(path, parent)
        unresolved = []
        for kind, name in _INCLUDE.findall(data):
            text = name.decode(errors="replace")
            target = _resolve(text, kind == b'"', path.parent, include_dirs)
            if target is None:
                unresolved.append(text)
            elif target not in seen:
                pending.append((target, path))
        yield path, data, unresolved


def _read(path: Path, parent: Path | None) -> bytes:
    where = f"{parent}: includes {path}" if parent else str(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_HEADER_BYTES + 1)
    except OSError as exc:
        raise KfootError(f"{where}: cannot read it: {exc.strerror or exc}") from None
    if len(data) > MAX_HEADER_BYTES:
        raise KfootError(f"{where}: larger than {MAX_HEADER_BYTES >> 20} MiB, which no header is")
    return data


def _resolve(name: str, quoted: bool, here: Path, include_dirs) -> Path | None:
    candidates = ([here / name] if quoted else []) + [Path(d) / name for d in include_dirs]
    for candidate in candidates:
        try:
            if candidate.is_file():
                return candidate.resolve()
        except OSError:  # a name too long for the file system resolves nowhere, as it would for a compiler
            continue
    return None
