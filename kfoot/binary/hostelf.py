"""The host ELF around device code: its sections (kfoot.binary.host says which hold containers).

Section headers come from pyelftools; the bytes themselves are read through the caller's
buffer (kfoot.binary.walk.FileBytes: pread on demand, never an mmap), so a 250 MB library is
never copied into memory, and a file truncated meanwhile is a FormatError, not SIGBUS.
"""

from __future__ import annotations

import io

from elftools.common.exceptions import ELFError
from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import Section as ElfSection

from ..core.errors import FormatError
from .host import RELOCATABLE_SECTIONS, Host, Section, shown_name

# Sections the CUDA toolchain writes fatbins into: executable and relocatable device code.
FATBIN_SECTIONS = (".nv_fatbin", *RELOCATABLE_SECTIONS)
# Data sections that hold no containers: symbols, relocations, debug info, notes, unwind tables.
_SKIPPED = (".debug", ".symtab", ".strtab", ".shstrtab", ".dynsym", ".dynstr", ".rela", ".rel.", ".gnu", ".note",
            ".eh_frame")
ET_REL, ET_EXEC, ET_DYN = "ET_REL", "ET_EXEC", "ET_DYN"


class _Window(io.RawIOBase):
    """A read-only stream over a buffer (FileBytes or bytes), for pyelftools."""

    def __init__(self, buf):
        self._buf, self._pos = buf, 0

    def readable(self):
        return True

    def seekable(self):
        return True

    def seek(self, pos, whence=0):
        self._pos = pos if whence == 0 else (self._pos + pos if whence == 1 else len(self._buf) + pos)
        return self._pos

    def tell(self):
        return self._pos

    def readinto(self, out):
        chunk = self._buf[self._pos:self._pos + len(out)]
        out[:len(chunk)] = chunk
        self._pos += len(chunk)
        return len(chunk)


class _SectionHeaders(ELFFile):
    """pyelftools' ELFFile, its hash sections left unparsed: the walk needs each section's name and
    header only, and GNUHashSection reads all of .gnu.hash as it is made (MXNet's libmxnet.so:
    7% of a cached report). Should pyelftools rename these hooks, the walk is only slower."""

    def _make_gnu_hash_section(self, section_header, name):
        return ElfSection(section_header, name, self)

    def _make_elf_hash_section(self, section_header, name):
        return ElfSection(section_header, name, self)


def parse_host_elf(buf, where=None) -> Host:
    size = len(buf)
    try:
        elf = _SectionHeaders(io.BufferedReader(_Window(buf)))
        header = elf.header
        if header["e_shnum"] and header["e_shoff"] + header["e_shnum"] * header["e_shentsize"] > size:
            raise FormatError("section header table points past the end of the file", where, header["e_shoff"])
        sections = []
        for index, sec in enumerate(elf.iter_sections()):
            has_bytes = sec["sh_type"] != "SHT_NOBITS" and sec["sh_type"] != "SHT_NULL"
            if has_bytes and sec["sh_offset"] + sec["sh_size"] > size:
                raise FormatError(f"section {shown_name(sec.name, index)} points past the end of the file",
                                  where, header["e_shoff"] + index * header["e_shentsize"])
            sections.append(Section(sec.name, sec["sh_offset"], sec["sh_size"], has_bytes,
                                    bool(sec["sh_flags"] & SH_FLAGS.SHF_EXECINSTR)))
        etype = header["e_type"]
        if etype == ET_REL:
            fmt = "object"
        elif etype == ET_EXEC or (etype == ET_DYN and any(seg["p_type"] == "PT_INTERP" for seg in elf.iter_segments())):
            fmt = "executable"
        else:
            fmt = "shared-object"
        return Host(fmt, sections, header["e_machine"], FATBIN_SECTIONS, _SKIPPED)
    except FormatError:
        raise
    except (ELFError, ValueError, KeyError, OSError, TypeError, AssertionError) as exc:  # pyelftools' ways to fail
        raise FormatError(f"malformed ELF: {exc}", where, 0) from None
    except Exception as exc:  # construct's StreamError and friends on truncated tables
        raise FormatError(f"malformed ELF: {type(exc).__name__}: {exc}", where, 0) from None
