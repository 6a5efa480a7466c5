"""The CUDA ELF (cubin) inside a SASS entry: kernel entries, global symbols, per-kernel resources.

Hand-written over `struct` rather than pyelftools: on libcusparse (1,507 cubins, 63,400 kernels)
pyelftools' symbol iteration alone took longer than cuobjdump's whole run (see
docs/benchmarks.md, "cubin parser"); this module reads only the tables the report needs.

What the report reads:
- a kernel is a symbol whose st_other has the CUDA entry bit (0x10), whatever its binding;
- `.text.<kernel>`: code bytes; the top byte of its sh_info is the register count;
- `.nv.shared.<kernel>` (NOBITS): static shared memory;
- `.nv.info.<kernel>`: attribute EIATTR_CBANK_PARAM_SIZE (0x19) holds the parameter bytes;
- a kernel's bytes are those of every section named after it (.text, .nv.info, .nv.constantN, .rela).
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from ..errors import FormatError

ELF_MAGIC = b"\x7fELF"
EM_CUDA = 190
STO_CUDA_ENTRY = 0x10
STB_GLOBAL = 1
SHT_SYMTAB = 2
SHT_NOBITS = 8

EIATTR_PARAM_CBANK = 0x0A
EIATTR_CBANK_PARAM_SIZE = 0x19
EIFMT_SVAL = 0x04

_LAYOUT = {  # ELF class -> (header, section header, symbol, symbol field order)
    2: (struct.Struct("<16sHHIQQQIHHHHHH"), struct.Struct("<IIQQQQIIQQ"), struct.Struct("<IBBHQQ")),
    1: (struct.Struct("<16sHHIIIIIHHHHHH"), struct.Struct("<IIIIIIIIII"), struct.Struct("<IIIBBH")),
}
# Sections that belong to one kernel are named <prefix>.<mangled kernel name>.
_OWNED_SECTION = re.compile(rb"^(?:\.rela?)?\.(?:text|nv\.info|nv\.constant\d+|nv\.shared|nv\.local)\.(.+)$")


@dataclass(slots=True)
class Kernel:
    name: str
    code_bytes: int
    registers: int
    shared_bytes: int
    param_bytes: int
    bytes: int  # all sections named after the kernel


@dataclass(slots=True)
class Cubin:
    sm: int  # from e_flags; the 'a'/'f' suffix lives in the fatbin entry header
    kernels: list[Kernel]
    global_symbols: int
    symbols: int


def _cstr(table: bytes, offset: int) -> bytes:
    end = table.find(b"\0", offset)
    return table[offset:end if end >= 0 else len(table)]


def sm_from_flags(abi_version: int, e_flags: int) -> int:
    # ABI version 8 (CUDA 12.8+) moved the SM number to bits 8..15; older ones keep it in bits 0..7.
    return (e_flags >> 8) & 0xFF if abi_version >= 8 else e_flags & 0xFF


def parse_cubin(buf, where=None, *, with_resources: bool = True) -> Cubin:
    """Parse a cubin held in `buf` (bytes or memoryview). Raises FormatError with the byte offset."""
    data = bytes(buf) if not isinstance(buf, bytes) else buf
    size = len(data)
    if size < 52 or data[:4] != ELF_MAGIC:
        raise FormatError("not an ELF image", where, 0)
    elf_class = data[4]
    if elf_class not in _LAYOUT or data[5] != 1:
        raise FormatError(f"unsupported ELF class {elf_class} or byte order {data[5]}", where, 4)
    ehdr_s, shdr_s, sym_s = _LAYOUT[elf_class]
    if size < ehdr_s.size:
        raise FormatError("ELF header is truncated", where, 0)
    ident, _etype, machine, _ver, _entry, _phoff, shoff, e_flags, _ehsize, _phentsize, _phnum, \
        shentsize, shnum, shstrndx = ehdr_s.unpack_from(data, 0)
    if machine != EM_CUDA:
        raise FormatError(f"ELF machine {machine} is not CUDA ({EM_CUDA})", where, 18)
    if shnum and (shentsize < shdr_s.size or shoff + shnum * shentsize > size):
        raise FormatError("section header table points past the end of the image", where, shoff)

    sections = []  # (name offset, type, offset, size, link, info, entsize)
    for i in range(shnum):
        fields = shdr_s.unpack_from(data, shoff + i * shentsize)
        if elf_class == 2:
            name, stype, _flags, _addr, off, sz, link, info, _align, entsize = fields
        else:
            name, stype, _flags, _addr, off, sz, link, info, _align, entsize = fields
        if stype != SHT_NOBITS and off + sz > size:
            raise FormatError(f"section {i} points past the end of the image", where, shoff + i * shentsize)
        sections.append((name, stype, off, sz, link, info, entsize))
    if shstrndx >= len(sections):
        raise FormatError("section name table index is out of range", where, 0)
    _, _, str_off, str_size, *_ = sections[shstrndx]
    shstr = data[str_off:str_off + str_size]

    kernels_by_section: dict[int, Kernel] = {}
    kernels: list[Kernel] = []
    global_symbols = 0
    symbol_count = 0
    for name_off, stype, off, sz, link, _info, entsize in sections:
        if stype != SHT_SYMTAB:
            continue
        if link >= len(sections):
            raise FormatError("symbol table links to a missing string table", where, off)
        strtab = data[sections[link][2]:sections[link][2] + sections[link][3]]
        step = entsize or sym_s.size
        count = sz // step
        symbol_count += count
        for i in range(count):
            if elf_class == 2:
                st_name, st_info, st_other, st_shndx, _value, _size = sym_s.unpack_from(data, off + i * step)
            else:
                st_name, _value, _size, st_info, st_other, st_shndx = sym_s.unpack_from(data, off + i * step)
            if st_info >> 4 == STB_GLOBAL:
                global_symbols += 1
            if st_other & STO_CUDA_ENTRY:
                kernel = Kernel(_cstr(strtab, st_name).decode("utf-8", "replace"), 0, 0, 0, 0, 0)
                kernels.append(kernel)
                kernels_by_section[st_shndx] = kernel

    if with_resources and kernels:
        _attach_resources(data, sections, shstr, kernels, kernels_by_section)
    return Cubin(sm_from_flags(ident[8], e_flags), kernels, global_symbols, symbol_count)


def _attach_resources(data, sections, shstr, kernels, kernels_by_section) -> None:
    by_name = {k.name.encode(): k for k in kernels}
    for index, (name_off, stype, off, sz, _link, info, _entsize) in enumerate(sections):
        name = _cstr(shstr, name_off)
        match = _OWNED_SECTION.match(name)
        if not match:
            continue
        kernel = by_name.get(match.group(1))
        if kernel is None:
            continue
        if name.startswith(b".text."):
            kernel.code_bytes = sz
            kernel.registers = info >> 24
        elif name.startswith(b".nv.shared."):
            kernel.shared_bytes = sz
        elif name.startswith(b".nv.info."):
            kernel.param_bytes = _param_bytes(data, off, sz)
        if stype != SHT_NOBITS:
            kernel.bytes += sz


def _param_bytes(data: bytes, off: int, size: int) -> int:
    """Parameter bytes from a kernel's .nv.info attributes (4-byte records, SVAL ones sized)."""
    pos, end = off, off + size
    fallback = 0
    while pos + 4 <= end:
        fmt, attr, value = data[pos], data[pos + 1], int.from_bytes(data[pos + 2:pos + 4], "little")
        if fmt == EIFMT_SVAL:
            if attr == EIATTR_PARAM_CBANK and value >= 8 and pos + 12 <= end:
                fallback = int.from_bytes(data[pos + 10:pos + 12], "little")
            pos += 4 + value
            continue
        if attr == EIATTR_CBANK_PARAM_SIZE:
            return value
        pos += 4
    return fallback
