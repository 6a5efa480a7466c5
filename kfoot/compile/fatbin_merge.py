"""The standalone `.fatbin` of a build: every shard's fatbin container, back to back.

A container (16-byte header, then self-describing entries; see kfoot.binary.fatbin) is one
compile unit: the CUDA driver loads one module per container and picks one image per arch
from it. So shards are not merged under one header (a module would then expose only one
shard's kernels per arch); each shard's container is written intact, in shard order, each
starting at an 8-byte boundary, as the linker lays them out in `.nv_fatbin`. cuobjdump lists
every container of such a file and `kfoot report` reads them all. To load it, cut out one
container (kfoot.binary.fatbin.iter_containers) and load that as a module.

The merge records where each input's container went (INDEX_NAME, beside the inputs in build/):
a hybrid build tells the runtime which container of the merged file holds a kernel, and takes
that from the merge, not from reading the merged file back.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..binary import fatbin
from ..core.errors import KfootError
from ..core.atomic import write_atomic

ALIGN = 8
INDEX_NAME = "fatbin_index.json"


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


def merge_files(output: Path, inputs: list[Path], index: Path | None = None) -> list[int]:
    """Write `output`: the containers of `inputs`, in order; -> the index in it of each input's
    (first) container, also written to `index` when given (read back by `read_index`)."""
    containers: list[bytes] = []
    first: list[int] = []
    for path in inputs:
        first.append(len(containers))
        containers.extend(split_containers(path.read_bytes(), path))
    write_atomic(output, concat_containers(containers))
    if index is not None:
        write_atomic(index, json.dumps({"inputs": [str(p) for p in inputs], "containers": first}) + "\n")
    return first


def read_index(index: Path) -> dict[str, int]:
    """What `merge_files` recorded: each input (as the merge was given it) -> its container's
    index in the merged file. One line when the record is missing or damaged."""
    try:
        data = json.loads(Path(index).read_text())
        found = dict(zip(data["inputs"], data["containers"], strict=True))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KfootError(f"the fatbin merge's record of its containers is unreadable ({exc}); delete the output "
                         "directory and rebuild", path=index) from None
    if not all(isinstance(k, str) and isinstance(v, int) for k, v in found.items()):
        raise KfootError("the fatbin merge's record of its containers is damaged; delete the output directory "
                         "and rebuild", path=index)
    return found


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    index = None
    if argv[:1] == ["--index"] and len(argv) > 1:
        index, argv = Path(argv[1]), argv[2:]
    if len(argv) < 2:
        print("usage: python -m kfoot.compile.fatbin_merge [--index INDEX.json] OUT.fatbin IN.fatbin...",
              file=sys.stderr)
        return 2
    args = argv
    if len(argv) == 2 and argv[1].startswith("@"):
        args = [argv[0], *Path(argv[1][1:]).read_text().split()]
    try:
        merge_files(Path(args[0]), [Path(p) for p in args[1:]], index)
    except (OSError, KfootError) as exc:
        print(f"kfoot fatbin_merge: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
