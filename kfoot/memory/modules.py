"""The units the CUDA driver loads from a binary: one module per fatbin container (a compile
unit registered by `__cudaRegisterFatBinary`), or one per raw .cubin file.

Each module is named by the same key the report gives its images (`ImageLoad.container`:
source, base offset of the archive member or wheel member, container offset), so the estimate
and the measurement talk about the same things.
"""

from __future__ import annotations

import mmap
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..binary import archive, fatbin, hostelf, inputs


@dataclass(slots=True)
class Module:
    key: tuple  # (source, base, container offset), as ImageLoad.container
    kind: str  # "fatbin" (a container: the driver picks one image) | "cubin"
    data: bytes
    registered: bool = True  # handed to the driver when the library loads (.nv_fatbin, raw files)


def _elf_modules(buf, source: str, base: int, where) -> Iterator[Module]:
    host = hostelf.parse_host_elf(buf, where)
    for sec in host.fatbin_sections():
        for container in fatbin.iter_containers(buf, sec.offset, sec.offset + sec.size, where):
            yield Module((source, base, container.offset), "fatbin", bytes(buf[container.offset:container.end]),
                         registered=sec.name == ".nv_fatbin")
    for sec in host.scannable_sections():
        for container in fatbin.find_embedded(buf, sec.offset, sec.offset + sec.size):
            yield Module((source, base, container.offset), "fatbin", bytes(buf[container.offset:container.end]),
                         registered=False)


def iter_modules(paths) -> Iterator[tuple[str, Module]]:
    """(file path as the report names it, module) for every module under `paths`."""
    for item in inputs.discover(paths):
        path = str(item.path)
        if item.kind == "wheel":
            for name, data in inputs.wheel_members(item.path):
                key = f"{item.path}!{name}"
                for module in _elf_modules(data, key, 0, key):
                    yield path, module
            continue
        size = Path(item.path).stat().st_size
        with open(item.path, "rb") as f:
            buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
        try:
            if item.kind == "elf":
                for module in _elf_modules(buf, path, 0, item.path):
                    yield path, module
            elif item.kind == "fatbin":
                for container in fatbin.iter_containers(buf, 0, size, item.path):
                    yield path, Module((path, 0, container.offset), "fatbin", bytes(buf[container.offset:container.end]))
            elif item.kind == "cubin":
                yield path, Module((path, 0, 0), "cubin", bytes(buf[:size]))
            elif item.kind == "archive":
                for member in archive.iter_members(buf, item.path):
                    data = buf[member.offset:member.offset + member.size]
                    if data[:4] != inputs.ELF_MAGIC:
                        continue
                    for module in _elf_modules(data, path, member.offset, f"{item.path}({member.name})"):
                        yield path, module
        finally:
            if isinstance(buf, mmap.mmap):
                buf.close()
