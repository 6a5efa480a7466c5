"""The kernel cache's files, written and read here (the C++ runtime, kfoot/include/kfoot/runtime.hpp
class DiskCache, reads and writes the same bytes):

    entries/<k[:2]>/<key>.entry   two lines: canonical JSON metadata, then the sha256 of that line
    blobs/<h[:2]>/<sha256>.cubin  the cubin of one NVRTC program, named by its own sha256

and the check that a cubin is what an entry says (`kfoot cache verify` and `import` make it)."""

from __future__ import annotations

import hashlib
import json
import re

from ..binary.cubin import parse_cubin
from ..core.errors import FormatError

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


def cubin_claims(data: bytes) -> tuple[int, frozenset[str]] | str:
    """(SM number, the kernels it defines) of a cubin, or why it is not one (kfoot.binary.cubin
    reads the ELF: EM_CUDA, entry symbols of the symtab)."""
    try:
        cubin = parse_cubin(data, with_load=False)
    except FormatError as exc:
        return f"not a cubin ({exc.message})"
    return cubin.sm, frozenset(k.name for k in cubin.kernels)


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
