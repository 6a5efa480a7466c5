"""A JSON file read as untrusted input: bounded in size and nesting, 64-bit numbers only.

For the contracts kfoot reads back from files others hand it (a report JSON or a baseline in a
pull request, say): a regular file (kfoot.core.inputfile) of at most `max_bytes` bytes, numbers that fit in 64 bits (no NaN, Infinity or
1e400, no integer of thousands of digits), nesting at most MAX_JSON_DEPTH deep. Anything else is
a KfootError of one line naming the file, exit 2. What the document must hold is the caller's
to check.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

from .errors import KfootError
from .inputfile import open_regular, read_limited

MAX_JSON_DEPTH = 64
_INT_MIN, _INT_MAX = -(2 ** 63), 2 ** 64 - 1  # int64 and uint64 together


class _Refused(ValueError):
    """A number the JSON hooks refuse (raised from inside json.loads)."""


def _parse_int(text: str) -> int:
    # Checked on the digits before int() builds anything: 20 characters hold every 64-bit value.
    if len(text) > 20:
        raise _Refused(f"an integer of {len(text.lstrip('-')):,} digits is outside the 64-bit range")
    value = int(text)
    if not _INT_MIN <= value <= _INT_MAX:
        raise _Refused(f"integer {text} is outside the 64-bit range")
    return value


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else f"{text[:12]}...({len(text):,} characters)"
        raise _Refused(f"number {shown} is not finite in 64-bit floating point")
    return value


def _parse_constant(name: str):
    raise _Refused(f"{name} is not a JSON number (NaN, Infinity and -Infinity are refused)")


def _deeper_than(data: object, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        for child in (node.values() if isinstance(node, dict) else node):
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return False


def load_json_limited(path: str | os.PathLike, *, what: str, max_bytes: int, largest: str = "") -> object:
    """The JSON document in `path`, read with the limits above. `what` names the document in
    messages ("report JSON"); `largest` says, after the size limit, how large real ones get."""
    path = Path(path)
    try:
        raw = read_limited(path, what=what, max_bytes=max_bytes, largest=largest)
    except FileNotFoundError:
        raise KfootError("cannot read: no such file", path=path) from None
    return parse_json_limited(raw, what=what, path=path)


def parse_json_limited(raw: bytes, *, what: str, path: Path) -> object:
    """The JSON document in `raw` (read from `path`, named in messages), with the limits above
    but the size's, which the reader applied."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KfootError(f"not a {what}: not UTF-8 text (byte {exc.start})", path=path) from None
    del raw
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise KfootError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", path=path) from None
    except _Refused as exc:
        raise KfootError(f"not a {what}: {exc}", path=path) from None
    except RecursionError:
        raise KfootError(f"not a {what}: nested too deeply (over {MAX_JSON_DEPTH} levels)", path=path) from None
    if _deeper_than(data, MAX_JSON_DEPTH):
        raise KfootError(f"not a {what}: nested more than {MAX_JSON_DEPTH} levels deep", path=path)
    return data


def looks_like_json(path: str | os.PathLike) -> bool:
    """Whether a file is to be read as JSON: named .json, or starting with `{` (a baseline named
    `baseline.report`, say)."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        return True
    try:
        with open_regular(path, what="file", max_bytes=2 ** 63) as handle:
            head = handle.read(64).lstrip()
    except FileNotFoundError:
        raise KfootError("cannot read: no such file", path=path) from None
    except OSError as exc:
        raise KfootError(f"cannot read: {exc.strerror}", path=path) from None
    return head.startswith(b"{")


INDENTED_LEVELS = 4  # a document's levels written one item a line; deeper values take one line each


def dumps_document(data) -> str:
    """`data` as kfoot writes a JSON document (a report, a baseline, any command's --json): its
    first INDENTED_LEVELS levels indented one space a level, as json.dumps(indent=1) writes them,
    and each deeper value on one line. Read back, it is the same document. Written this way
    because json's indenting encoder is pure Python and its one-line encoder C: MXNet's 20 MB
    report took about 3 s to indent whole, under a second this way."""
    out: list[str] = []
    _write(data, 0, out)
    return "".join(out)


# What json.dumps writes for a string, called directly: explain's 6.9 MB document holds 20,000
# strings, and dumps' argument handling around each took as long as the escaping.
_STRING = json.encoder.encode_basestring_ascii
_SCALARS = frozenset({int, float, bool, type(None)})  # exact types: json.dumps writes them alike at any indent


def _no_default(value):
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# json.dumps' own C encoder with its defaults (ASCII, ", " and ": ", NaN allowed), made once:
# dumps makes one per call, which was most of the time MXNet's 53,256 duplicate rows took.
_C_ENCODER = json.encoder.c_make_encoder and json.encoder.c_make_encoder(
    None, _no_default, _STRING, None, ": ", ", ", False, False, True)


def _one_line(value) -> str:
    """json.dumps(value); without its circular-reference check, which kfoot's documents (trees of
    fresh dicts and lists) never need."""
    return "".join(_C_ENCODER(value, 0)) if _C_ENCODER else json.dumps(value)


def _write(value, depth: int, out: list[str]) -> None:
    if type(value) is str:
        out.append(_STRING(value))
        return
    if type(value) in _SCALARS:
        out.append(_one_line(value))
        return
    if depth >= INDENTED_LEVELS or not isinstance(value, (dict, list)) or not value or \
            (isinstance(value, dict) and not all(isinstance(key, str) for key in value)):
        out.append(_one_line(value) if depth >= INDENTED_LEVELS else json.dumps(value, indent=1).replace(
            "\n", "\n" + " " * depth))
        return
    pad = "\n" + " " * (depth + 1)
    if depth + 1 >= INDENTED_LEVELS and isinstance(value, list):
        # Items of one line each, joined at C speed: MXNet's 40,000 duplicate rows, one _write
        # call and a few string additions each, were a third of writing its report.
        out.append("[" + pad + ("," + pad).join(map(_one_line, value)) + "\n" + " " * depth + "]")
        return
    items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
    out.append("{" if isinstance(value, dict) else "[")
    for index, (key, item) in enumerate(items):
        out.append(("," if index else "") + pad + (_STRING(key) + ": " if key is not None else ""))
        _write(item, depth + 1, out)
    out.append("\n" + " " * depth + ("}" if isinstance(value, dict) else "]"))
