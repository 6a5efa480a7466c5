"""Windows PE/COFF images (DLLs and executables) around device code: their sections.

A CUDA DLL is laid out like an ELF shared object, with section names cut to 8 bytes:
`.nv_fatb` holds the containers the CUDA runtime registers (`.nv_fatbin`), reached through the
wrappers in `.nvFatBi` (`.nvFatBinSegment`); libraries embed more containers in `.data` and
`.rdata`, as on Linux (curand64_10.dll: 13 in `.nv_fatb`, 1,747 in `.data`). kfoot.binary.host
holds the rule that finds them; this module only reads the section table.

The headers are parsed by pefile (a well-kept parser) from the bytes up to the end of the
section table, read through the caller's buffer (kfoot.binary.walk.FileBytes, pread on demand):
a few hundred bytes, never the whole file nor a mapping of it (pefile's fast_load took 5 ms on
nvjpeg64_13.dll). pefile is imported on the first PE met: 21 ms that a report of ELF files does
not pay. The bounds kfoot relies on (sections inside the file) are checked here, not left to
pefile's warnings.
"""

from __future__ import annotations

import struct

from ..core.errors import FormatError
from .host import RELOCATABLE_SECTIONS, Host, Section, shown_name

MZ_MAGIC = b"MZ"
PE_SIGNATURE = b"PE\0\0"
# `.nv_fatbin` where a linker kept the long name (mingw's ld can), `.nv_fatb` where it cut it.
FATBIN_SECTIONS = (".nv_fatb", ".nv_fatbin", *RELOCATABLE_SECTIONS)
_SKIPPED = (".reloc", ".pdata", ".xdata", ".idata", ".edata", ".debug", ".tls", "/")  # "/N": mingw's debug sections
IMAGE_FILE_DLL = 0x2000
IMAGE_SCN_CNT_CODE = 0x20
IMAGE_SCN_MEM_EXECUTE = 0x20000000
_COFF_HEADER = struct.Struct("<4sHHIIIHH")  # signature, machine, sections, time, symbols, count, optional size, flags
MAX_HEADER_BYTES = 1 << 20  # the DOS stub, COFF and optional headers and the section table: kilobytes in real files


class _Headers(bytes):
    """The file's first bytes (its headers), whose len() is the file's: pefile checks each
    section against len(data), and reads nothing past the headers with fast_load."""

    def __new__(cls, data: bytes, size: int):
        headers = super().__new__(cls, data)
        headers.size = size
        return headers

    def __len__(self) -> int:
        return self.size


def parse_pe(buf, where=None) -> Host:
    """The sections of a PE image (`buf`: bytes or FileBytes). FormatError for anything that is
    not one, or whose section table points outside the file."""
    size = len(buf)
    if size < 64 or buf[:2] != MZ_MAGIC:
        raise FormatError("not a PE file: no MZ header", where, 0)
    lfanew = int.from_bytes(buf[0x3C:0x40], "little")
    if lfanew + _COFF_HEADER.size > min(size, MAX_HEADER_BYTES):
        raise FormatError("not a PE file: its PE header offset points past the end of the file "
                          "(an MS-DOS program?)", where, 0x3C)
    signature, _machine, count, _time, _symbols, _nsyms, optional, _flags = _COFF_HEADER.unpack(
        buf[lfanew:lfanew + _COFF_HEADER.size])
    if signature != PE_SIGNATURE:
        raise FormatError("not a PE file: no PE signature where its MZ header points", where, lfanew)
    end = lfanew + _COFF_HEADER.size + optional + 40 * count
    if end > min(size, MAX_HEADER_BYTES):
        raise FormatError(f"PE section table ({count} sections) points past the end of the file", where, lfanew)
    import pefile  # here: only a PE pays for the import

    try:
        pe = pefile.PE(data=_Headers(buf[:end], size), fast_load=True)
    except Exception as exc:  # pefile's PEFormatError, and struct errors on forged headers
        raise FormatError(f"malformed PE: {type(exc).__name__}: {exc}", where, 0) from None
    if len(pe.sections) != count:
        # pefile stops at a section it finds too odd (three anomalies), and drops the rest without
        # an error: refused here, or a forged header could hide .nv_fatb.
        problems = "; ".join(w for w in pe.get_warnings() if f"section {len(pe.sections)}" in w)
        raise FormatError(f"malformed PE: section {len(pe.sections)} of {count} does not parse"
                          + (f" ({problems})" if problems else ""), where, lfanew + _COFF_HEADER.size + optional
                          + 40 * len(pe.sections))
    sections = []
    table = lfanew + _COFF_HEADER.size + optional
    for index, sec in enumerate(pe.sections):
        name = sec.Name.rstrip(b"\0").decode("utf-8", "replace")
        stored = sec.SizeOfRawData if sec.PointerToRawData else 0
        # The file holds SizeOfRawData bytes, padded to the file alignment; a section's own bytes
        # end at its VirtualSize (0 in some linkers' output: then all of them). Past them: host.
        used = min(stored, sec.Misc_VirtualSize) if sec.Misc_VirtualSize else stored
        if used and sec.PointerToRawData + used > size:
            raise FormatError(f"section {shown_name(name, index)} points past the end of the file", where,
                              table + 40 * index)
        executable = bool(sec.Characteristics & (IMAGE_SCN_CNT_CODE | IMAGE_SCN_MEM_EXECUTE))
        sections.append(Section(name, sec.PointerToRawData, used, used > 0, executable))
    fmt = "shared-object" if pe.FILE_HEADER.Characteristics & IMAGE_FILE_DLL else "executable"
    machine = pefile.MACHINE_TYPE.get(pe.FILE_HEADER.Machine, hex(pe.FILE_HEADER.Machine))
    return Host(fmt, sections, machine, FATBIN_SECTIONS, _SKIPPED)
