"""What loading a binary should cost in context memory, worked out without kfoot's parsers:
containers walked from their headers (oracles.fatbin), images extracted by cuobjdump
(oracles.cuobjdump), and the bytes a cubin places on the GPU read with pyelftools."""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from kfoot.memory.estimate import CODE_HEAP_SLACK, HEAP_CHUNK, KERNEL_OVERHEAD
from oracles import fatbin
from oracles.cuobjdump import cuobjdump_extract

Image = namedtuple("Image", "arch kind file")


def round_up(value: int, to: int) -> int:
    return (value + to - 1) // to * to


class Load(int):
    """Bytes a cubin places on the GPU (an int, so lists of them sum), with the part that goes to
    the driver's data heap (module-scope globals) and the kernels it holds."""

    data: int
    kernels: int


def alloc_bytes(cubin: Path) -> Load:
    """Bytes a cubin places on the GPU: its SHF_ALLOC sections but static shared memory
    (`.nv.shared.*`, on-chip per block), each padded to its alignment; with its globals'
    share and its kernel count (symbols with CUDA's entry bit, st_other & 0x10, read from the raw
    symbol table)."""
    with open(cubin, "rb") as f:
        elf = ELFFile(f)
        placed = [(s.name, round_up(s["sh_size"], max(s["sh_addralign"], 1))) for s in elf.iter_sections()
                  if s["sh_flags"] & SH_FLAGS.SHF_ALLOC and not s.name.startswith(".nv.shared")]
        symtab = elf.get_section_by_name(".symtab")
        raw = symtab.data() if symtab is not None else b""
        entry = symtab["sh_entsize"] if symtab is not None else 24
    load = Load(sum(size for _, size in placed))
    load.data = sum(size for name, size in placed if name in (".nv.global", ".nv.global.init"))
    load.kernels = sum(1 for off in range(0, len(raw), entry) if raw[off + 5] & 0x10)  # st_other of Elf64_Sym
    return load


def expected_heaps(modules: list[Load]) -> tuple[int, int]:
    """(eager, lazy) context memory of these modules by docs/memory.md's model: each kernel adds
    KERNEL_OVERHEAD to the code heap, both heaps take whole HEAP_CHUNKs, and the context's first
    code chunk has CODE_HEAP_SLACK free."""
    code = sum(m - m.data + KERNEL_OVERHEAD * m.kernels for m in modules)
    data = sum(m.data for m in modules)
    chunks = (lambda n: -(-max(0, n) // HEAP_CHUNK) * HEAP_CHUNK)
    return chunks(code - CODE_HEAP_SLACK) + chunks(data), chunks(data)


def expected_eager(modules: list[Load]) -> int:
    return expected_heaps(modules)[0]


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
