"""The standalone `.fatbin` of a build: every shard's fatbin container, back to back.

A container (16-byte header, then self-describing entries; see kfoot.binary.fatbin) is one
compile unit: the CUDA driver loads one module per container and picks one image per arch
from it. So shards are not merged under one header (a module would then expose only one
shard's kernels per arch); each shard's container is written intact, in shard order, each
starting at an 8-byte boundary, as the linker lays them out in `.nv_fatbin`. cuobjdump lists
every container of such a file and `kfoot report` reads them all. To load it, cut out one
container (kfoot.binary.fatbin.iter_containers) and load that as a module.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..binary import fatbin
from ..core.errors import KfootError
from ..core.atomic import write_atomic

ALIGN = 8


def split_containers(data, where=None) -> list[bytes]:
    """The containers in a section or file, each as its bytes (zero padding between them skipped)."""
    return [bytes(data[c.offset:c.end]) for c in fatbin.iter_containers(data, 0, len(data), where)]


def merge_containers(containers: list[bytes]) -> bytes:
    """One container holding the entries of several, for containers of the SAME compile unit.

    Only for a shard object whose `.nv_fatbin` holds more than one container (nvcc writes one
    per object): its shard fatbin stays one loadable module. Never across shards.
    """
    if len(containers) == 1:
        return containers[0]
    entries = []
    for container in containers:
        _magic, _version, header_size, payload = fatbin.CONTAINER_HEADER.unpack_from(container, 0)
        entries.append(container[header_size:header_size + payload])
    body = b"".join(entries)
    return fatbin.CONTAINER_HEADER.pack(fatbin.MAGIC, 1, fatbin.CONTAINER_HEADER.size, len(body)) + body


def concat_containers(containers: list[bytes]) -> bytes:
    """Containers back to back, each intact and starting at an 8-byte boundary."""
    out = bytearray()
    for container in containers:
        out += b"\0" * (-len(out) % ALIGN)
        out += container
    return bytes(out)


def merge_files(output: Path, inputs: list[Path]) -> None:
    containers = []
    for path in inputs:
        containers.extend(split_containers(path.read_bytes(), path))
    write_atomic(output, concat_containers(containers))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2:
        print("usage: python -m kfoot.compile.fatbin_merge OUT.fatbin IN.fatbin...", file=sys.stderr)
        return 2
    args = argv
    if len(argv) == 2 and argv[1].startswith("@"):
        args = [argv[0], *Path(argv[1][1:]).read_text().split()]
    try:
        merge_files(Path(args[0]), [Path(p) for p in args[1:]])
    except (OSError, KfootError) as exc:
        print(f"kfoot fatbin_merge: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
