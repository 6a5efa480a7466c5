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

Everything here is a plain function over a buffer; errors carry the byte offset.
"""

from __future__ import annotations

import functools
import struct
from dataclasses import dataclass, field

import lz4.block
import zstandard

from ..core.errors import FormatError

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
     _name_off, _name_len, flags, _reserved, uncompressed) = ENTRY_HEADER.unpack_from(buf, offset)
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
    members = []
    for i in range(count):
        pos = base + 8 + i * ENTRY_HEADER.size
        (kind, _tag, start, size, compressed, _addr, minor, major, arch,
         _name_off, _name_len, flags, _reserved, uncompressed) = ENTRY_HEADER.unpack_from(buf, pos)
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
    magic, version, header_size, payload_size = CONTAINER_HEADER.unpack_from(buf, offset)
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
    magic, version, header_size, payload_size = CONTAINER_HEADER.unpack_from(buf, offset)
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


def _skip_zeros(buf, pos: int, end: int) -> int:
    while pos < end and buf[pos] == 0:
        pos += 1
    return pos


def find_embedded(buf, start: int, end: int):
    """Containers embedded anywhere in [start, end): scan for the magic, keep what validates."""
    view = buf if isinstance(buf, (bytes, bytearray)) else bytes(buf[start:end])
    base = 0 if view is buf else start
    pos = start
    while True:
        hit = view.find(MAGIC_BYTES, pos - base, end - base)
        if hit < 0:
            return
        hit += base
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


def decompress(entry: Entry, stored: bytes | memoryview, *, prefix: int | None = None) -> bytes | memoryview:
    """The uncompressed payload of an entry, given the bytes of its payload slot.

    With `prefix`, a zstd payload is decoded only far enough to give its first `prefix` bytes:
    enough to check what it holds at a fraction of the cost (LZ4 blocks decode whole, they are cheap).
    """
    method = entry.compression
    if entry.flags & FLAG_ENCODED:
        raise UndecodableEntry(f"payload is encoded (flag {FLAG_ENCODED:#x}); counted from its header")
    if method == "none":
        return stored
    expected = entry.uncompressed_size
    size = entry.compressed_size or entry.slot_size
    if size > len(stored):
        raise UndecodableEntry(f"compressed size {size} exceeds the payload slot ({len(stored)})")
    if expected <= 0 or expected > MAX_UNCOMPRESSED or expected > max(size, 1) * MAX_RATIO:
        raise UndecodableEntry(
            f"refused: declared uncompressed size {expected} is absurd for {size} stored bytes")
    data = stored[:size]
    try:
        if method == "lz4":
            out = lz4.block.decompress(data, uncompressed_size=expected)
        else:
            # The frame may declare its own size; a forged one must not drive the allocation.
            declared = zstandard.frame_content_size(data)
            if declared not in (-1, expected):
                raise UndecodableEntry(f"zstd frame declares {declared} bytes, header says {expected}")
            if prefix is not None and prefix < expected:
                stream, head, pos = _zstd().decompressobj(), b"", 0
                while len(head) < prefix and pos < len(data):  # a block gives output once it is whole
                    head += stream.decompress(bytes(data[pos:pos + 16384]))
                    pos += 16384
                if not head:
                    raise UndecodableEntry("zstd payload gives no bytes")
                return head[:prefix]
            out = _zstd().decompress(data, max_output_size=expected)
    except (lz4.block.LZ4BlockError, zstandard.ZstdError, ValueError, MemoryError) as exc:
        raise UndecodableEntry(f"{method} payload does not decompress: {exc}") from None
    if len(out) != expected:
        raise UndecodableEntry(f"{method} payload gave {len(out)} bytes, header says {expected}")
    return out
