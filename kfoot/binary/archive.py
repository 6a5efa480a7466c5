"""`ar` static archives (.a): members are stored as-is, so each is a window of the file.

`buf` is bytes or kfoot.binary.walk.FileBytes (read with pread when sliced): only member headers
and the long-name table are read here."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import FormatError

AR_MAGIC = b"!<arch>\n"
_HEADER_SIZE = 60
MAX_LONG_NAMES = 64 << 20  # the `//` member is read whole: real ones hold kilobytes of names


@dataclass(slots=True)
class Member:
    name: str
    offset: int  # of the member's data
    size: int


def iter_members(buf, where=None):
    """Members of a System V / GNU archive, skipping the symbol and long-name tables."""
    if buf[:8] != AR_MAGIC:
        raise FormatError("not an ar archive", where, 0)
    long_names = b""
    pos, end = 8, len(buf)
    while pos < end:
        if pos + _HEADER_SIZE > end:
            raise FormatError("archive member header is truncated", where, pos)
        header = bytes(buf[pos:pos + _HEADER_SIZE])
        if header[58:60] != b"`\n":
            raise FormatError("archive member header is malformed", where, pos)
        raw_name = header[:16].rstrip(b" ")
        try:
            size = int(header[48:58].strip() or b"0")
        except ValueError:
            raise FormatError("archive member size is not a number", where, pos + 48) from None
        data = pos + _HEADER_SIZE
        if data + size > end:
            raise FormatError(f"archive member of {size} bytes points past the end", where, pos)
        if raw_name == b"//":
            # Past the cap (a forged table) it is not read: members keep their "/N" names.
            long_names = bytes(buf[data:data + size]) if size <= MAX_LONG_NAMES else b""
        elif raw_name not in (b"/", b"/SYM64/", b"__.SYMDEF", b"__.SYMDEF SORTED"):
            yield Member(_member_name(raw_name, long_names), data, size)
        pos = data + size + (size & 1)  # members are 2-byte aligned


def _member_name(raw: bytes, long_names: bytes) -> str:
    if raw.startswith(b"/") and raw[1:].isdigit() and int(raw[1:]) < len(long_names):
        start = int(raw[1:])
        stop = long_names.find(b"/\n", start)
        raw = long_names[start:stop if stop >= 0 else len(long_names)]
    return raw.rstrip(b"/").decode("utf-8", "replace")
