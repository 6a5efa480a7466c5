"""The fatbinary container (`.nv_fatbin`, `__nv_relfatbin`, `.fatbin` files, or embedded in data).

Layout, all little-endian:
- container header, 16 bytes: magic 0xBA55ED50, u16 version (1), u16 header size (16), u64 size of
  the entries that follow.
- entries back to back, each a header then a payload slot of `size` bytes:
    +0  u16 kind (1 PTX, 2 ELF/SASS, 8 LTO-IR, 256 a group of entries compressed together: `--concat`)
    +2  u16 (0x0101)   +4 u32 header size   +8 u64 payload slot size (padded to 8)
    +16 u32 compressed size (0 when not compressed)   +20 u32 (64 for PTX/LTO-IR: address size)
    +24 u16 minor, +26 u16 major (PTX ISA or ELF code version)   +28 u32 arch (90 for sm_90)
    +32 u32 name offset, +36 u32 name length   +40 u64 flags   +48 u64   +56 u64 uncompressed size
  Header bytes past 64 hold the compile options string or, for a group, the members' headers.
- flags: 0x1 64-bit, 0x2 debug, 0x10 linux host, 0x2000 LZ4 block, 0x8000 zstd frame,
  0x10000 encoded payload (LTO-IR; not decodable here), 0x100000 arch-specific target
  (sm_90a), 0x200000 family target (sm_100f), 0x1000000 options string in the header.

Everything here is a plain function over a buffer (bytes, or kfoot.binary.walk.FileBytes, which
reads a file with pread when sliced); errors carry the byte offset. Headers are read by slicing
their bytes, and sections are scanned in bounded chunks (zero runs and the magic found by C-speed
searches), so a buffer over a large file is never read whole.
"""

from __future__ import annotations

import functools
import io
import struct
from dataclasses import dataclass, field

import lz4.block
import zstandard

from ..core.errors import FormatError
from ..core.units import format_bytes

MAGIC = 0xBA55ED50
MAGIC_BYTES = struct.pack("<I", MAGIC)
CONTAINER_HEADER = struct.Struct("<IHHQ")
ENTRY_HEADER = struct.Struct("<HHIQIIHHIIIQQQ")  # the fixed 64 bytes of an entry header

KIND_PTX = 1
KIND_ELF = 2
KIND_LTOIR = 8
KIND_GROUP = 256
KIND_NAMES = {KIND_PTX: "ptx", KIND_ELF: "sass", KIND_LTOIR: "ltoir"}

FLAG_LZ4 = 0x2000
FLAG_ZSTD = 0x8000
FLAG_ENCODED = 0x10000  # seen on LTO-IR entries: the payload is not a plain LZ4/zstd stream
FLAG_ARCH_SPECIFIC = 0x100000
FLAG_FAMILY_SPECIFIC = 0x200000

# A decompressed payload larger than this, or this many times its stored size, is refused:
# no real cubin comes close, and a forged header must not make us allocate gigabytes.
MAX_UNCOMPRESSED = 1 << 31
MAX_RATIO = 4096
# Most members one `--concat` group may list (nvcc writes one per image: tens). More is a forged
# header, refused before any member is read.
MAX_GROUP_MEMBERS = 1 << 16

_CHUNK = 1 << 20  # bytes read at a time when scanning a section
_FIRST_CHUNK = 1 << 16  # the first read of a search (see _find)
_ZEROS = bytes(_CHUNK)


def _unpack(fmt: struct.Struct, buf, offset: int) -> tuple:
    """`fmt` at `offset` of a bytes-like or FileBytes buffer (whose slices are read with pread)."""
    return fmt.unpack(buf[offset:offset + fmt.size])


@dataclass(slots=True)
class Entry:
    """One device image: where its header and payload are, and what the header says."""

    offset: int  # of the entry header, in the buffer it was parsed from
    header_size: int
    slot_size: int  # payload bytes reserved after the header (stored size, padded)
    kind: int
    arch: int
    flags: int
    version: tuple[int, int]
    compressed_size: int
    uncompressed_size: int
    # A member of a `--concat` group: its bytes are a slice of the group's decompressed payload.
    group_slice: tuple[int, int] | None = None

    @property
    def payload_offset(self) -> int:
        return self.offset + self.header_size

    @property
    def compression(self) -> str:
        if self.flags & FLAG_ZSTD:
            return "zstd"
        if self.flags & FLAG_LZ4:
            return "lz4"
        return "none"

    @property
    def kind_name(self) -> str:
        return KIND_NAMES.get(self.kind, f"kind{self.kind}")

    @property
    def arch_name(self) -> str:
        suffix = ""
        if self.flags & FLAG_ARCH_SPECIFIC:
            suffix = "a"
        elif self.flags & FLAG_FAMILY_SPECIFIC:
            suffix = "f"
        prefix = {KIND_ELF: "sm", KIND_PTX: "compute", KIND_LTOIR: "lto"}.get(self.kind, "kind%d" % self.kind)
        return f"{prefix}_{self.arch}{suffix}"

    @property
    def stored_payload_size(self) -> int:
        """Bytes of payload actually used in the slot (compressed size when compressed)."""
        if self.compression != "none" and self.compressed_size:
            return self.compressed_size
        return self.slot_size


@dataclass(slots=True)
class Group:
    """A `--concat` entry: several images compressed as one payload."""

    entry: Entry
    members: list[Entry] = field(default_factory=list)


@dataclass(slots=True)
class Container:
    offset: int
    size: int  # header + entries
    entries: list[Entry]  # images, group members flattened in order
    groups: list[Group]

    @property
    def end(self) -> int:
        return self.offset + self.size

    @property
    def overhead(self) -> int:
        """Container and entry header bytes: everything that is not a payload slot."""
        slots = sum(e.slot_size for e in self.entries if e.group_slice is None)
        slots += sum(g.entry.slot_size for g in self.groups)
        return self.size - slots


def _parse_entry_header(buf, offset: int, limit: int, where) -> Entry:
    if offset + ENTRY_HEADER.size > limit:
        raise FormatError("fatbin entry header runs past the end of its container", where, offset)
    (kind, _tag, header_size, slot_size, compressed, _addr, minor, major, arch,
     _name_off, _name_len, flags, _reserved, uncompressed) = _unpack(ENTRY_HEADER, buf, offset)
    if header_size < ENTRY_HEADER.size or header_size % 4:
        raise FormatError(f"fatbin entry header size {header_size} is invalid", where, offset)
    if offset + header_size + slot_size > limit:
        raise FormatError(
            f"fatbin entry of {slot_size} bytes points past the end of its container", where, offset)
    return Entry(offset, header_size, slot_size, kind, arch, flags, (major, minor), compressed, uncompressed)


def _parse_group_members(buf, group: Entry, where) -> list[Entry]:
    """Members of a `--concat` group.

    The group header's extra bytes start with u32 member count, u32 (unused here), then one
    64-byte header per member in which the header-size field holds the member's offset inside
    the group's decompressed payload.
    """
    base = group.offset + ENTRY_HEADER.size
    header_end = group.offset + group.header_size
    if base + 8 > header_end:
        raise FormatError("fatbin entry group header has no member table", where, group.offset)
    count = int.from_bytes(buf[base:base + 4], "little")
    if base + 8 + count * ENTRY_HEADER.size > header_end:
        raise FormatError(f"fatbin entry group lists {count} members, more than its header holds",
                          where, group.offset)
    if count > MAX_GROUP_MEMBERS:
        raise FormatError(f"fatbin entry group lists {count} members, more than kfoot reads ({MAX_GROUP_MEMBERS})",
                          where, group.offset)
    table = buf[base + 8:base + 8 + count * ENTRY_HEADER.size]  # one read: at most 4 MiB
    members = []
    for i, fields in enumerate(ENTRY_HEADER.iter_unpack(table)):
        pos = base + 8 + i * ENTRY_HEADER.size
        (kind, _tag, start, size, compressed, _addr, minor, major, arch,
         _name_off, _name_len, flags, _reserved, uncompressed) = fields
        if group.uncompressed_size and start + size > group.uncompressed_size:
            raise FormatError("fatbin entry group member points past the group's payload", where, pos)
        member = Entry(pos, 0, size, kind, arch, flags | (group.flags & (FLAG_LZ4 | FLAG_ZSTD)),
                       (major, minor), compressed, uncompressed, (start, size))
        members.append(member)
    return members


def parse_container(buf, offset: int, limit: int | None = None, where=None) -> Container:
    """Parse the container whose header starts at `offset`. Raises FormatError on any inconsistency."""
    limit = len(buf) if limit is None else limit
    if offset + CONTAINER_HEADER.size > limit:
        raise FormatError("fatbin container header is truncated", where, offset)
    magic, version, header_size, payload_size = _unpack(CONTAINER_HEADER, buf, offset)
    if magic != MAGIC:
        raise FormatError(f"bad fatbin magic {magic:#010x}", where, offset)
    if header_size < CONTAINER_HEADER.size:
        raise FormatError(f"fatbin container header size {header_size} is too small", where, offset)
    end = offset + header_size + payload_size
    if end > limit:
        raise FormatError(
            f"fatbin container of {payload_size} bytes points past the end ({limit - offset} available)",
            where, offset)
    entries: list[Entry] = []
    groups: list[Group] = []
    pos = offset + header_size
    while pos < end:
        if end - pos < ENTRY_HEADER.size and not any(buf[pos:end]):
            break  # zero padding at the end of the container
        entry = _parse_entry_header(buf, pos, end, where)
        if entry.kind == KIND_GROUP:
            group = Group(entry, _parse_group_members(buf, entry, where))
            groups.append(group)
            entries.extend(group.members)
        else:
            entries.append(entry)
        pos = entry.offset + entry.header_size + entry.slot_size
    return Container(offset, end - offset, entries, groups)


def looks_like_container(buf, offset: int, limit: int) -> bool:
    """Cheap test for a container found by scanning arbitrary bytes for the magic.

    A real container has version 1, a 16-byte header, and entries that tile its payload exactly.
    """
    if offset + CONTAINER_HEADER.size + ENTRY_HEADER.size > limit:
        return False
    magic, version, header_size, payload_size = _unpack(CONTAINER_HEADER, buf, offset)
    if magic != MAGIC or version != 1 or header_size != 16 or payload_size == 0:
        return False
    try:
        container = parse_container(buf, offset, limit)
    except FormatError:
        return False
    return bool(container.entries) and all(
        e.kind in KIND_NAMES and e.header_size <= 4096 for e in container.entries)


def iter_containers(buf, start: int, end: int, where=None):
    """Containers laid back to back in a fatbin section (or a whole `.fatbin` file).

    Zero padding between them is skipped (the linker aligns each to 8 bytes).
    """
    pos = start
    while pos < end:
        if end - pos < CONTAINER_HEADER.size or buf[pos:pos + 4] != MAGIC_BYTES:
            zero_run = _skip_zeros(buf, pos, end)
            if zero_run == end:
                return
            if buf[zero_run:zero_run + 4] != MAGIC_BYTES:
                raise FormatError("expected a fatbin container header", where, zero_run)
            pos = zero_run
        container = parse_container(buf, pos, end, where)
        yield container
        pos = container.end


def _data_at(buf, pos: int, end: int) -> int:
    """Past the holes of a sparse file (FileBytes.data_at), which hold zeros only."""
    data_at = getattr(buf, "data_at", None)
    return pos if data_at is None else min(data_at(pos), end)


def _skip_zeros(buf, pos: int, end: int) -> int:
    """The first nonzero byte in [pos, end), or `end`: a chunk at a time, at C speed (an all-zero
    chunk is one memcmp; the chunk holding the run's end is stripped)."""
    while pos < end:
        pos = _data_at(buf, pos, end)
        chunk = buf[pos:min(end, pos + _CHUNK)]
        if (chunk == _ZEROS) if len(chunk) == _CHUNK else not chunk.lstrip(b"\0"):
            pos += len(chunk)
            continue
        return pos + len(chunk) - len(chunk.lstrip(b"\0"))
    return end


def _find(buf, needle: bytes, pos: int, end: int) -> int:
    """The first `needle` in [pos, end), or -1: bytes.find over bounded chunks that overlap by
    len(needle) - 1 bytes, so no hit is missed at a chunk's edge and no large range is read whole.
    `needle` must not be all zeros (an all-zero chunk is skipped unsearched)."""
    if isinstance(buf, (bytes, bytearray)):
        return buf.find(needle, pos, end)
    # The first chunk is small and each one after it twice as large, up to _CHUNK: containers
    # embedded one after another (libcurand keeps 1,747 in .data, tens of KB apart) are found
    # without reading 1 MiB each (1.7 GB read, 2.5 s, to walk libcurand).
    size = _FIRST_CHUNK
    while pos < end:
        pos = _data_at(buf, pos, end)
        stop = min(end, pos + size)
        chunk = buf[pos:min(end, stop + len(needle) - 1)]
        hit = -1 if size == _CHUNK and chunk[:_CHUNK] == _ZEROS else chunk.find(needle)  # zeros: one memcmp
        if hit >= 0:
            return pos + hit
        pos = stop
        size = min(2 * size, _CHUNK)
    return -1


def find_embedded(buf, start: int, end: int):
    """Containers embedded anywhere in [start, end): scan for the magic, keep what validates."""
    pos = start
    while True:
        hit = _find(buf, MAGIC_BYTES, pos, end)
        if hit < 0:
            return
        if looks_like_container(buf, hit, end):
            container = parse_container(buf, hit, end)
            yield container
            pos = container.end
        else:
            pos = hit + 1


@functools.cache
def _zstd() -> zstandard.ZstdDecompressor:
    return zstandard.ZstdDecompressor()  # one per process: creating a context per image costs


class UndecodableEntry(Exception):
    """An entry whose payload cannot be turned into an image; the report counts it from its header."""


class OverMemoryBound(UndecodableEntry):
    """An entry whose decoding would take more memory than the caller allows: left compressed,
    counted from its header like any undecodable entry (its stored bytes stay attributed)."""


ZSTD_READ = 1 << 14  # compressed bytes a zstd stream reads at a time


class _SliceReader(io.RawIOBase):
    """A read-only stream over `size` bytes of a sliceable buffer, read as the consumer asks."""

    def __init__(self, buf, size: int):
        self._buf, self._size, self._pos = buf, size, 0

    def readable(self):
        return True

    def read(self, n=-1):
        stop = self._size if n is None or n < 0 else min(self._size, self._pos + n)
        data = bytes(self._buf[self._pos:stop]) if stop > self._pos else b""
        self._pos += len(data)
        return data


def lz4_prefix(block: bytes, prefix: int) -> bytes | None:
    """The first `prefix` bytes an LZ4 block decodes to, decoding no further: the PTX check wants
    4 KiB of images that decode to 3 MB each (MXNet's 351 PTX images: 1.1 GB, 0.9 s of lz4).
    None when `block` (a head of the stored block) does not yield them cleanly: the caller then
    decodes the whole block, which reports what is wrong with it as before.

    The format (lz4's doc/lz4_Block_format.md): sequences of a token (literal length in its high
    4 bits, match length - 4 in its low 4; 15 continues in bytes while they are 255), the
    literals, a 2-byte little-endian offset back into the output, and the match copied from there
    (it may overlap what it writes)."""
    out = bytearray()
    pos, end = 0, len(block)

    def length(start: int, value: int) -> tuple[int, int] | None:
        if value != 15:
            return value, start
        while start < end:
            byte = block[start]
            value += byte
            start += 1
            if byte != 255:
                return value, start
        return None

    while len(out) < prefix:
        if pos >= end:
            return None
        token = block[pos]
        found = length(pos + 1, token >> 4)
        if found is None:
            return None
        literals, pos = found
        out += block[pos:pos + min(literals, prefix - len(out))]
        if len(out) >= prefix:
            break
        if pos + literals > end:
            return None
        pos += literals
        if pos + 2 > end:
            return None
        offset = block[pos] | block[pos + 1] << 8
        found = length(pos + 2, token & 15)
        if offset == 0 or offset > len(out) or found is None:
            return None
        match, pos = found
        match = min(match + 4, prefix - len(out))
        source = out[len(out) - offset:len(out) - offset + match]
        while len(source) < match:  # an overlapping copy repeats the last `offset` bytes
            source += source[:match - len(source)]
        out += source
    return bytes(out[:prefix])


def memory_needed(entry: Entry, prefix: int | None = None) -> int:
    """Bytes decompress() holds at once for this entry: what it reads plus what it returns."""
    method = entry.compression
    if method == "none":
        return entry.slot_size if prefix is None else min(prefix, entry.slot_size)
    size = entry.compressed_size or entry.slot_size
    if prefix is not None and method == "zstd" and prefix < entry.uncompressed_size:
        return min(size, ZSTD_READ) + prefix  # streamed: one read's worth in, the prefix out
    return size + entry.uncompressed_size


def decompress(entry: Entry, stored, *, prefix: int | None = None, max_bytes: int | None = None):
    """The uncompressed payload of an entry, given its payload slot: bytes, or a buffer whose
    slices are read on demand (kfoot.binary.walk.FileBytes), of which only what is needed is read.

    With `prefix`, only the first `prefix` bytes are wanted: a stored payload is read that far,
    a zstd one decoded that far as a stream (bounded output however much the frame expands), an
    LZ4 block that far by lz4_prefix (the whole block where that cannot tell). With `max_bytes`, an entry whose decoding would hold more
    (memory_needed: input read plus output, checked from the header before anything is read or
    allocated) raises OverMemoryBound.
    """
    method = entry.compression
    if entry.flags & FLAG_ENCODED:
        raise UndecodableEntry(f"payload is encoded (flag {FLAG_ENCODED:#x}); counted from its header")
    expected = entry.uncompressed_size
    size = entry.compressed_size or entry.slot_size
    if method != "none":
        if size > len(stored):
            raise UndecodableEntry(f"compressed size {size} exceeds the payload slot ({len(stored)})")
        if expected <= 0 or expected > MAX_UNCOMPRESSED or expected > max(size, 1) * MAX_RATIO:
            raise UndecodableEntry(
                f"refused: declared uncompressed size {expected} is absurd for {size} stored bytes")
    need = memory_needed(entry, prefix)
    if max_bytes is not None and need > max_bytes:
        what = "read" if method == "none" else "decompressed"
        raise OverMemoryBound(f"not {what}: needs {format_bytes(need)}, more than the {format_bytes(max_bytes)} "
                              "its decoder may take (its share of KFOOT_MAX_MEMORY or --max-memory, the "
                              "memory bound); counted from its header")
    if method == "none":
        if prefix is not None:
            return bytes(stored[:min(prefix, entry.slot_size)])
        return stored if isinstance(stored, (bytes, bytearray, memoryview)) else stored[:entry.slot_size]
    try:
        if method == "lz4":
            if prefix is not None and prefix < expected:
                head = lz4_prefix(bytes(stored[:min(size, 2 * prefix + 1024)]), prefix)
                if head is not None:
                    return head
            out = lz4.block.decompress(bytes(stored[:size]), uncompressed_size=expected)
        else:
            # The frame may declare its own size; a forged one must not drive the allocation.
            declared = zstandard.frame_content_size(bytes(stored[:min(size, 18)]))
            if declared not in (-1, expected):
                raise UndecodableEntry(f"zstd frame declares {declared} bytes, header says {expected}")
            if prefix is not None and prefix < expected:
                # A stream: output stops at `prefix` bytes however far a few input bytes expand.
                with _zstd().stream_reader(_SliceReader(stored, size), read_size=ZSTD_READ,
                                           closefd=False) as reader:
                    head = reader.read(prefix)
                if not head:
                    raise UndecodableEntry("zstd payload gives no bytes")
                return head[:prefix]
            out = _zstd().decompress(bytes(stored[:size]), max_output_size=expected)
    except (lz4.block.LZ4BlockError, zstandard.ZstdError, ValueError, MemoryError) as exc:
        raise UndecodableEntry(f"{method} payload does not decompress: {exc}") from None
    if len(out) != expected:
        raise UndecodableEntry(f"{method} payload gave {len(out)} bytes, header says {expected}")
    return out
