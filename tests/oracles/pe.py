"""The PE/COFF section table, read from the format with struct: written here, never from
kfoot.binary.pe (which uses pefile), so that it stays an oracle for kfoot's reading of DLLs.

An image starts with the MS-DOS header, whose u32 at 0x3c is where "PE\\0\\0" is; the COFF header
follows it (u16 machine, u16 section count, ..., u16 optional header size at +16 after the
signature, u16 characteristics), then the optional header, then 40 bytes per section: 8 bytes of
name, u32 virtual size, u32 virtual address, u32 size of raw data, u32 pointer to raw data, ...,
u32 characteristics at +36.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

IMAGE_FILE_DLL = 0x2000


@dataclass(frozen=True)
class PeSection:
    name: str
    virtual_size: int
    raw_size: int
    raw_offset: int

    @property
    def start(self) -> int:
        return self.raw_offset

    @property
    def end(self) -> int:
        """Where the section's own bytes end in the file (the rest of its raw data is padding)."""
        used = min(self.raw_size, self.virtual_size) if self.virtual_size else self.raw_size
        return self.raw_offset + used


def sections(data: bytes) -> list[PeSection]:
    assert data[:2] == b"MZ"
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    assert data[pe:pe + 4] == b"PE\0\0"
    count, = struct.unpack_from("<H", data, pe + 6)
    optional, = struct.unpack_from("<H", data, pe + 20)
    table = pe + 24 + optional
    out = []
    for i in range(count):
        name, vsize, _vaddr, raw_size, raw_offset = struct.unpack_from("<8sIIII", data, table + 40 * i)
        out.append(PeSection(name.rstrip(b"\0").decode(), vsize, raw_size, raw_offset))
    return out


def is_dll(data: bytes) -> bool:
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    return bool(struct.unpack_from("<H", data, pe + 22)[0] & IMAGE_FILE_DLL)


def section(data: bytes, name: str) -> PeSection | None:
    return next((s for s in sections(data) if s.name == name), None)
