"""The fatbin container walk the tests use: written here from the format, never from kfoot.binary,
so that it stays an oracle for kfoot's own parser.

A container is a 16-byte header (magic 0xBA55ED50, u16 version, u16 header size, u64 payload
size) and then its entries, each with a header of its own (u16 kind, u16 version, u32 header
size, u64 payload size, ..., u64 uncompressed size at +56) followed by its payload. Containers
follow each other 8-byte aligned with zero padding between them: in a .fatbin file, and in the
.nv_fatbin section of an ELF file (the containers the CUDA runtime registers when it loads).
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass
from pathlib import Path

from elftools.elf.elffile import ELFFile

MAGIC = 0xBA55ED50
MAGIC_BYTES = struct.pack("<I", MAGIC)
CONTAINER_HEADER = struct.Struct("<IHHQ")  # magic, version, header size, payload size
ENTRY_HEADER = struct.Struct("<HHIQ")  # kind, version, header size, payload size
# Byte offsets of fields the tests read or overwrite.
CONTAINER_PAYLOAD_SIZE_AT = 8
ENTRY_PAYLOAD_SIZE_AT = 8
ENTRY_UNCOMPRESSED_SIZE_AT = 56
ALIGN = 8

PTX, ELF = 1, 2  # entry kinds


@dataclass(frozen=True)
class Entry:
    offset: int  # of its header, in the data walked
    kind: int  # 1 PTX, 2 ELF (SASS), others (LTO-IR, ...) as found
    header_size: int
    payload_size: int
    uncompressed_size: int


@dataclass(frozen=True)
class Container:
    offset: int  # of its header, in the data walked
    version: int
    header_size: int
    payload_size: int
    entries: tuple[Entry, ...]

    @property
    def size(self) -> int:
        return self.header_size + self.payload_size

    @property
    def end(self) -> int:
        return self.offset + self.size

    @property
    def kinds(self) -> list[int]:
        return [e.kind for e in self.entries]


def _entries(data: bytes, start: int, stop: int) -> tuple[Entry, ...]:
    entries, pos = [], start
    while pos + ENTRY_HEADER.size <= stop:
        kind, _version, header_size, payload = ENTRY_HEADER.unpack_from(data, pos)
        if kind == 0:  # zero fill after the last entry
            break
        assert header_size >= ENTRY_HEADER.size, f"an entry header at {pos:#x} is {header_size} bytes"
        uncompressed = struct.unpack_from("<Q", data, pos + ENTRY_UNCOMPRESSED_SIZE_AT)[0] \
            if header_size >= ENTRY_UNCOMPRESSED_SIZE_AT + 8 else 0
        entries.append(Entry(pos, kind, header_size, payload, uncompressed))
        pos += header_size + payload
    assert pos <= stop, f"an entry at {pos:#x} runs past its container's end {stop:#x}"
    return tuple(entries)


def walk(data: bytes, start: int = 0, end: int | None = None, align: int = ALIGN) -> list[Container]:
    """Every container in data[start:end], back to back: each must begin with the magic, end
    inside the range, and be followed by zero padding up to the next `align`-byte boundary (8 in
    ELF files; a Windows DLL's .nv_fatb aligns them to 16)."""
    end = len(data) if end is None else end
    containers, pos = [], start
    while pos < end:
        assert pos + CONTAINER_HEADER.size <= end, f"a container header at {pos:#x} runs past {end:#x}"
        magic, version, header_size, payload = CONTAINER_HEADER.unpack_from(data, pos)
        assert magic == MAGIC, f"no container header at {pos:#x}"
        stop = pos + header_size + payload
        assert stop <= end, f"the container at {pos:#x} runs past {end:#x}"
        containers.append(Container(pos, version, header_size, payload, _entries(data, pos + header_size, stop)))
        pos = min(end, start + ((stop - start + align - 1) & ~(align - 1)))
        assert not any(data[stop:pos]), f"non-zero bytes between containers at {stop:#x}"
    return containers


def scan(data: bytes, start: int = 0, end: int | None = None) -> list[Container]:
    """Containers embedded anywhere in data[start:end] (a library may keep some in .data, for its
    own code to load): every place the magic appears whose header and entries hold together."""
    end = len(data) if end is None else end
    found, pos = [], start
    while (hit := data.find(MAGIC_BYTES, pos, end)) >= 0:
        try:
            _magic, version, header_size, payload = CONTAINER_HEADER.unpack_from(data, hit)
            stop = hit + header_size + payload
            assert header_size == CONTAINER_HEADER.size and payload > 0 and stop <= end
            entries = _entries(data, hit + header_size, stop)
            assert entries
        except (AssertionError, struct.error):
            pos = hit + 1
            continue
        found.append(Container(hit, version, header_size, payload, entries))
        pos = stop
    return found


def section_range(source: Path | bytes, section: str = ".nv_fatbin") -> tuple[int, int] | None:
    """(start, end) offsets of an ELF section (an ELF file, or its bytes), read with pyelftools;
    None without it."""
    with (io.BytesIO(source) if isinstance(source, (bytes, bytearray)) else open(source, "rb")) as f:
        found = ELFFile(f).get_section_by_name(section)
        return None if found is None else (found["sh_offset"], found["sh_offset"] + found["sh_size"])


def containers(source: Path | bytes, section: str = ".nv_fatbin") -> list[Container]:
    """The containers of a .fatbin, or of an ELF file's `section` (none if it has none): from a
    file, or from its bytes (an archive or wheel member, say). Offsets are from the start of it."""
    data = source if isinstance(source, (bytes, bytearray)) else Path(source).read_bytes()
    if data[:4] != b"\x7fELF":
        return walk(data)
    span = section_range(data, section)
    return walk(data, *span) if span else []
