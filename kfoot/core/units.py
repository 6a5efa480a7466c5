"""Byte sizes, read and written by one rule everywhere (gate budgets, KFOOT_CACHE_MAX_BYTES,
`cache prune --max-bytes`, every table):

- `kB`, `MB`, `GB`, `TB` are powers of 1000 (SI): "1MB" is 1,000,000 bytes;
- `KiB`, `MiB`, `GiB`, `TiB` are powers of 1024 (IEC), and so are the short forms `K`, `M`,
  `G`, `T` that `ls -h` and `sort -h` print: "1M" is 1,048,576 bytes;
- `B` or no unit is bytes. Units are case-insensitive; the exact value is rounded down
  ("1.001kB" is 1,001 bytes: decimal arithmetic, not binary floating point), and must not
  exceed 2**64 - 1 bytes.

Digits and spaces are ASCII, as the C++ runtime reads KFOOT_CACHE_MAX_BYTES
(kfoot/include/kfoot/detail/units.hpp; tests/vectors/units.json holds both to the same answers).

Sizes are printed in IEC units (`format_bytes`), exact below 1 KiB.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

from .errors import KfootError
from .escape import shown

UNITS = {
    "": 1, "b": 1,
    "kb": 1000, "mb": 1000**2, "gb": 1000**3, "tb": 1000**4,
    "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
    "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40,
}
SIZE_EXAMPLES = "4096, 64KiB, 500M, 1MB"
MAX_BYTES = (1 << 64) - 1  # the largest size: what the C++ runtime holds in 64 bits
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$", re.ASCII)


def parse_bytes(text: object, what: str) -> int:
    """A size in bytes from `text` (a string with an optional unit, or a number); bad input names `what`."""
    if isinstance(text, bool):
        raise KfootError(f"{what}: {shown(text)} is not a size (e.g. {SIZE_EXAMPLES})")
    if isinstance(text, (int, float)):
        if text < 0 or not math.isfinite(text):
            raise KfootError(f"{what}: {shown(text)} is not a size (e.g. {SIZE_EXAMPLES})")
        return _in_range(int(text), text, what)
    match = _SIZE.match(str(text))
    if not match:
        raise KfootError(f"{what}: {shown(text)} is not a size (e.g. {SIZE_EXAMPLES})")
    factor = UNITS.get(match.group(2).lower())
    if factor is None:
        raise KfootError(f"{what}: {shown(text)} has an unknown unit {shown(match.group(2))}; "
                         "use B, kB, MB, GB (powers of 1000) or KiB, MiB, GiB, K, M, G (powers of 1024)")
    whole, _, fraction = match.group(1).partition(".")
    whole = whole.lstrip("0") or "0"
    if len(whole) > len(str(MAX_BYTES)):
        raise KfootError(f"{what}: {shown(text)} is more than {MAX_BYTES} bytes")
    # Every factor divides 10**40, so fraction digits past the 40th cannot move the floor (and
    # Python refuses to read integers of thousands of digits).
    return _in_range(math.floor(Fraction(f"{whole}.{fraction[:40] or 0}") * factor), text, what)


def _in_range(size: int, text: object, what: str) -> int:
    if size > MAX_BYTES:
        raise KfootError(f"{what}: {shown(text)} is more than {MAX_BYTES} bytes")
    return size


def format_bytes(n: int) -> str:
    """`1536` -> "1.5 KiB"; exact below 1 KiB; negative sizes keep their sign."""
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(value) < 1024 or unit == "GiB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"
