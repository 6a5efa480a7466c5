"""Merging fatbin containers: the standalone `.fatbin` of a build is every shard's entries
under one container header.

A container is a 16-byte header (magic 0xBA55ED50, version, header size, payload size)
followed by entries, each self-describing (its own header with its size), so merging is
concatenating entries and writing a new header. Compressed entries stay as nvcc wrote them.
The result holds one image per shard per arch, like fatbinary given several cubins per arch.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

MAGIC = 0xBA55ED50
_HEADER = struct.Struct("<IHHQ")


def split_containers(data: bytes) -> list[bytes]:
    """The containers in a section or file (nvcc pads between them to 8 bytes)."""
    containers = []
    offset = 0
    while offset + _HEADER.size <= len(data):
        magic, _version, header_size, payload = _HEADER.unpack_from(data, offset)
        if magic != MAGIC:
            if data[offset:].strip(b"\0"):
                raise ValueError(f"not a fatbin container at byte offset {offset:#x}")
            break  # trailing padding
        end = offset + header_size + payload
        if end > len(data):
            raise ValueError(f"fatbin container at byte offset {offset:#x} runs past the end")
        containers.append(data[offset:end])
        offset = (end + 7) & ~7
    return containers


def merge_containers(containers: list[bytes]) -> bytes:
    if len(containers) == 1:
        return containers[0]
    entries = []
    for container in containers:
        _magic, _version, header_size, payload = _HEADER.unpack_from(container, 0)
        entries.append(container[header_size:header_size + payload])
    body = b"".join(entries)
    return _HEADER.pack(MAGIC, 1, _HEADER.size, len(body)) + body


def merge_files(output: Path, inputs: list[Path]) -> None:
    containers = []
    for path in inputs:
        containers.extend(split_containers(path.read_bytes()))
    data = merge_containers(containers) if containers else b""
    tmp = output.with_name(f".{output.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, output)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2:
        print("usage: python -m kfoot.build.fatbin_merge OUT.fatbin IN.fatbin...", file=sys.stderr)
        return 2
    args = argv
    if len(argv) == 2 and argv[1].startswith("@"):
        args = [argv[0], *Path(argv[1][1:]).read_text().split()]
    try:
        merge_files(Path(args[0]), [Path(p) for p in args[1:]])
    except (OSError, ValueError) as exc:
        print(f"kfoot fatbin_merge: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
