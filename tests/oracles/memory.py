"""What loading a binary should cost in context memory, worked out without kfoot's parsers:
containers walked from their headers (oracles.fatbin), images extracted by cuobjdump
(oracles.cuobjdump), and the bytes a cubin places on the GPU read with pyelftools."""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from kfoot.memory.estimate import MODULE_ALIGN
from oracles import fatbin
from oracles.cuobjdump import cuobjdump_extract

Image = namedtuple("Image", "arch kind file")


def round_up(value: int, to: int) -> int:
    return (value + to - 1) // to * to


def alloc_bytes(cubin: Path) -> int:
    """Bytes a cubin places on the GPU: its SHF_ALLOC sections, each padded to its alignment."""
    with open(cubin, "rb") as f:
        elf = ELFFile(f)
        return sum(round_up(s["sh_size"], max(s["sh_addralign"], 1)) for s in elf.iter_sections()
                   if s["sh_flags"] & SH_FLAGS.SHF_ALLOC)


def expected_eager(modules_bytes: list[int]) -> int:
    """Eager context memory of modules of these sizes: each one rounded up to the module alignment."""
    return sum(round_up(b, MODULE_ALIGN) for b in modules_bytes if b)


def images_by_container(path: Path, workdir: Path) -> list[list[Image]]:
    """Per container the CUDA runtime registers (a .fatbin file's, or an ELF file's .nv_fatbin
    ones), its images as cuobjdump extracts them. cuobjdump numbers ELF and PTX files in file
    order; the header walk says which container each one belongs to."""
    listed = {"sass": cuobjdump_extract(path, workdir, "elf"), "ptx": cuobjdump_extract(path, workdir, "ptx")}
    cursor = {"sass": 0, "ptx": 0}
    result = []
    for container in fatbin.containers(path):
        images = []
        for k in container.kinds:
            kind = {fatbin.PTX: "ptx", fatbin.ELF: "sass"}.get(k)
            if kind is None:
                continue
            file = listed[kind][cursor[kind]]
            cursor[kind] += 1
            arch = file.name.rsplit(".", 2)[-2]  # lib.3.sm_90a.cubin -> sm_90a; lib.1.sm_90.ptx -> sm_90
            images.append(Image(arch if kind == "sass" else arch.replace("sm_", "compute_"), kind, file))
        result.append(images)
    assert cursor == {k: len(v) for k, v in listed.items()}, "every extracted image belongs to a container"
    return result
