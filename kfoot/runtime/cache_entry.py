"""The kernel cache's files, written and read here (the C++ runtime, kfoot/include/kfoot/runtime.hpp
class DiskCache, reads and writes the same bytes):

    entries/<k[:2]>/<key>.entry   two lines: canonical JSON metadata, then the sha256 of that line
    blobs/<h[:2]>/<sha256>.cubin  the cubin of one NVRTC program, named by its own sha256

and the check that a cubin is what an entry says (`kfoot cache verify` and `import` make it)."""

from __future__ import annotations

import hashlib
import json
import re
import struct

ENTRY_SUFFIX = ".entry"
# The largest files of a kernel cache anything reads, checked on the open file before reading it:
# an entry is a few hundred bytes, a cubin holds one NVRTC program.
MAX_ENTRY_BYTES = 64 << 10
MAX_BLOB_BYTES = 256 << 20
BLOB_SUFFIX = ".cubin"
HEX64 = re.compile(r"[0-9a-f]{64}")
_SM = re.compile(r"sm_(\d+)[af]?")


def format_entry(meta: dict) -> bytes:
    body = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
    return body + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n"


# The fields readers use, with the JSON type each must have when present (an entry is untrusted:
# a valid checksum proves nothing about who wrote it). Others are left alone. The C++ reader
# (detail/cache.hpp parse_cache_entry) checks the same, in the same order (tests/vectors/cache_entry.json).
_STRING, _COUNT, _NUMBER = "a string", "a non-negative integer", "a number"
FIELD_TYPES = {"arch": _STRING, "blob_size": _COUNT, "compile_seconds": _NUMBER, "created": _NUMBER, "family": _STRING,
               "kfoot": _STRING, "lowered_name": _STRING, "name_expression": _STRING, "nvrtc": _STRING,
               "program_kernels": _COUNT}


def _has_type(value: object, kind: str) -> bool:
    if isinstance(value, bool):
        return False
    if kind == _STRING:
        return isinstance(value, str)
    if kind == _COUNT:
        return isinstance(value, int) and value >= 0
    return isinstance(value, (int, float))


def parse_entry(data: bytes, key: str) -> tuple[dict | None, str | None]:
    """(metadata, None) for a sound entry of `key`, else (None or metadata, the problem): every
    field of FIELD_TYPES present has its type, so readers may use them as they are."""
    body, sep, rest = data.partition(b"\n")
    if not sep or not rest.endswith(b"\n"):
        return None, "truncated entry"
    if hashlib.sha256(body).hexdigest().encode() != rest[:-1]:
        return None, "entry checksum mismatch"
    try:
        meta = json.loads(body)
    except (ValueError, RecursionError):
        return None, "entry is not JSON"
    if not isinstance(meta, dict) or not all(k in meta for k in ("key", "blob", "lowered_name")):
        return None, "entry lacks its key, blob or kernel name"
    if not isinstance(meta["key"], str) or meta["key"] != key:
        return None, "entry holds another key (renamed or copied file)"
    if not isinstance(meta["blob"], str) or not HEX64.fullmatch(meta["blob"]):
        return None, "entry names no valid cubin"
    for name, kind in FIELD_TYPES.items():
        if name in meta and not _has_type(meta[name], kind):
            return None, f"entry field '{name}' is not {kind}"
    if not meta["lowered_name"]:
        return None, "entry field 'lowered_name' is empty"
    return meta, None


# Sections that hold no bytes in the file (kfoot/binary/cubin.py's NO_FILE_BYTES).
_NO_FILE_BYTES = frozenset((8, 0x70000007, 0x7000000A, 0x70000015))
_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_SHDR = struct.Struct("<IIQQQQIIQQ")
_SYM = struct.Struct("<IBBHQQ")


def cubin_claims(data: bytes) -> tuple[int, frozenset[str]] | str:
    """(SM number, the kernels it defines) of an ELF64 cubin, or why it is not one, in the words of
    kfoot.binary.cubin's FormatError and as detail/elf.hpp reads it (tests/vectors/cubin_claims.json).

    A reader of its own, not parse_cubin: every disk hit of a new process runs it, and parse_cubin
    needs numpy, whose import (60-250 ms measured here) is ten times a whole disk hit. Offsets are
    compared, never added past the image (a forged 64-bit offset would wrap in C++)."""
    size = len(data)
    if size < 52 or data[:4] != b"\x7fELF":
        return "not a cubin (not an ELF image)"
    if data[4] != 2 or data[5] != 1:  # NVRTC writes only ELF64
        return f"not a cubin (unsupported ELF class {data[4]} or byte order {data[5]})"
    if size < _EHDR.size:
        return "not a cubin (ELF header is truncated)"
    ident, _type, machine, _v, _e, _ph, shoff, flags, _eh, _phe, _phn, shentsize, shnum, shstrndx = _EHDR.unpack_from(data)
    if machine != 190:
        return f"not a cubin (ELF machine {machine} is not CUDA (190))"
    if shnum and (shentsize != _SHDR.size or shoff > size or shnum * shentsize > size - shoff):
        return "not a cubin (section header table points past the end of the image)"
    sections = [_SHDR.unpack_from(data, shoff + i * _SHDR.size) for i in range(shnum)]
    for index, (_n, kind, _f, _a, offset, length, *_rest) in enumerate(sections):
        if kind not in _NO_FILE_BYTES and (offset > size or length > size - offset):
            return f"not a cubin (section {index} points past the end of the image)"
    if shstrndx >= shnum:
        return "not a cubin (section name table index is out of range)"
    kernels = set()
    for _n, kind, _f, _a, offset, length, link, _i, _al, entsize in sections:
        if kind != 2:  # SHT_SYMTAB
            continue
        if link >= shnum or (entsize and entsize != _SYM.size):
            return "not a cubin (symbol table is malformed)"
        str_begin = min(sections[link][4], size)  # clamped, as a NOBITS table may point anywhere
        strings = data[str_begin:str_begin + sections[link][5]]
        for name, _info, other, *_rest in _SYM.iter_unpack(data[offset:offset + length // _SYM.size * _SYM.size]):
            if other & 0x10:  # STO_CUDA_ENTRY
                end = strings.find(b"\0", name)
                kernels.add(strings[name:end if end >= 0 else len(strings)].decode("utf-8", "replace"))
    return (flags >> 8 if ident[8] >= 8 else flags) & 0xFF, frozenset(kernels)


def claim_problem(meta: dict, claims: tuple[int, frozenset[str]] | str) -> str | None:
    """Why an entry's cubin is not what the entry says (None when it is): the cubin must define the
    kernel the entry names and, when the entry names an sm_ arch, be for that SM."""
    if isinstance(claims, str):
        return f"its cubin is {claims}"
    sm, kernels = claims
    lowered = str(meta.get("lowered_name"))
    if lowered not in kernels:
        return f"its cubin does not define the kernel the entry names ({lowered})"
    arch = _SM.fullmatch(str(meta.get("arch", "")))
    if arch and int(arch.group(1)) != sm:
        return f"its cubin is for sm_{sm}, the entry for {meta['arch']}"
    return None
