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
# A macro operand, `#include NAME(args)` or `#include NAME` (CUTLASS's CUDA_STD_HEADER(type_traits)),
# and the definitions that can give it a header name: `#define NAME(params) <...>` or `"..."`.
_MACRO_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?:[ \t]*\(([^()\n]*)\))?', re.MULTILINE)
_DEFINE = re.compile(rb'^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?:\(([^()\n]*)\))?[ \t]+([<"])([^>"\n]+)[>"]',
                     re.MULTILINE)
_IDENTIFIER = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*")

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
    A macro operand (`#include NAME(args)`) is followed through every `#define NAME(params) <...>`
    or `"..."` of the files read: once the files run out, each is expanded with every definition
    found so far (params replaced by args, whole identifiers), and the walk goes on from the files
    they reach, until nothing new is found. Such a name found nowhere is not listed as unresolved
    (the macro's text is in the hashed files already).
    `within`: folders every file reached must lie under (after links are resolved); one outside
    raises IncludeOutside before it is read. A file that cannot be read, or is larger than
    MAX_HEADER_BYTES, raises KfootError naming it and the file that includes it."""
    roots = None if within is None else tuple(Path(root).resolve() for root in within)
    seen: set[Path] = set()
    pending: deque[tuple[Path, Path | None]] = deque([(Path(main_header).resolve(), None)])
    macro_includes: list[tuple[Path, bytes, bytes | None]] = []  # (including file, name, args or None)
    definitions: dict[bytes, list[tuple[bytes | None, bytes, bytes]]] = {}  # name -> (params, quote, body)
    while pending:
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
            for match in _MACRO_INCLUDE.finditer(data):
                macro_includes.append((path, match.group(1), match.group(2)))
            for match in _DEFINE.finditer(data):
                definitions.setdefault(match.group(1), []).append(match.group(2, 3, 4))
            yield path, data, unresolved
        for path, name, args in macro_includes:
            for kind, text in _expand(definitions.get(name, ()), args):
                target = _resolve(text, kind, path.parent, include_dirs)
                if target is not None and target not in seen:
                    pending.append((target, path))


def _expand(definitions, args: bytes | None) -> Iterator[tuple[bool, str]]:
    """(quoted, header name) for each definition a macro include's `args` fit: an object-like
    macro for no parentheses, a function-like one of as many parameters as arguments."""
    for params, quote, body in definitions:
        if (params is None) != (args is None):
            continue
        if params is not None:
            names = [p.strip() for p in params.split(b",")] if params.strip() else []
            values = [a.strip() for a in args.split(b",")] if args.strip() else []
            if len(names) != len(values):
                continue
            table = dict(zip(names, values))
            body = _IDENTIFIER.sub(lambda m: table.get(m.group(0), m.group(0)), body)
        text = body.strip()
        if text and b">" not in text and b'"' not in text:
            yield quote == b'"', text.decode(errors="replace")


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
