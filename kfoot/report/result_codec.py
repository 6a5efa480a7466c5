"""One container's image results as a report-cache body (kfoot.report.result_cache stores it) and
back: what the cache key holds besides the container's bytes, and an encoding checked field by
field on reading, so a tampered or foreign entry is a miss, never a wrong figure."""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from array import array

from ..binary import compress_modes, walk
from ..binary.cubin import Kernel
from ..binary.walk import ContainerKey
from .decode import PTX_CHECK_BYTES, FamilyGroup, ImageResult, Work
from .model import empty_sections

_HASH_CHUNK = 1 << 20


def digest(found: walk.Found) -> str:
    """sha256 of a container's (or raw cubin's) bytes, read a chunk at a time."""
    digest = hashlib.sha256()
    for start in range(0, found.size, _HASH_CHUNK):
        digest.update(found.window.read(found.key.offset + start, min(_HASH_CHUNK, found.size - start)))
    return digest.hexdigest()


def cache_options(work: Work) -> str:
    """Everything besides the container's bytes that changes its results."""
    return json.dumps([work.resources, work.ptx, work.kernel_filter, work.load, work.what_if, work.memory_share,
                       PTX_CHECK_BYTES, work.fingerprints, work.image_sections])


# ImageResult fields stored as they are, with their one JSON type each.
_PLAIN = {"arch": str, "kind": str, "compression": str, "stored_bytes": int, "image_bytes": int, "kernel_total": int,
          "global_symbols": int, "ptx_entries": int, "load_bytes": int, "data_bytes": int}
_IMAGE_KEYS = frozenset({*_PLAIN, "offset", "error", "families", "kernels", "what_if", "image_sections"})
# An image's families as columns, one item per family; its members' names and sizes, family after
# family, in `names` and `sizes` (`counts` says how many are each family's).
_FAMILY_KEYS = frozenset({"family", "kernels", "code_bytes", "counts", "names", "sizes"})
# A kernel's figures, one column per figure (--kernels); its name is an index into the names table,
# its family a string, its arch the image's.
_KERNEL_FIGURES = ("code_bytes", "registers", "shared_bytes", "param_bytes", "stack_bytes", "local_bytes",
                   "constant_bytes")
_KERNEL_KEYS = frozenset({"name", "family", "code_digest", *_KERNEL_FIGURES})
# Long integer columns (names, sizes, kernel figures) are packed: a width letter, "i" (32-bit) or
# "q" (64-bit: used when a value needs it), then base64 of the little-endian signed integers. A
# JSON list of numbers costs a Python object per number to parse and a type check per number to
# trust: MXNet's repeat spent 0.24 s parsing 466,000 names and sizes as JSON, 0.03 s on its 10 MB
# of names. The family columns (a dozen numbers an image) stay JSON lists.
_WIDTHS = {"i": 4, "q": 8}
_SWAP = sys.byteorder != "little"


def _pack(values: list[int]) -> str:
    """Integers as one packed column; OverflowError past 64 bits, TypeError for a non-integer."""
    try:
        width, column = "i", array("i", values)
    except OverflowError:
        width, column = "q", array("q", values)
    if _SWAP:
        column.byteswap()
    return width + base64.b64encode(column.tobytes()).decode("ascii")


def to_cache(images: list[ImageResult], base: int) -> dict:
    """One container's results as JSON, in named fields: names once in a table, offsets from the
    container's start (the same container elsewhere in a file, or in another file, hits).
    OverflowError or TypeError (the entry is not written) for a figure that is not a 64-bit integer."""
    table: dict[str, int] = {}

    def indices(names) -> str:
        return _pack([table.setdefault(name, len(table)) for name in names])

    out = []
    for image in images:
        item = {key: getattr(image, key) for key in _PLAIN}
        item["offset"] = image.offset - base
        item["error"] = image.error
        groups = image.families.values()
        item["families"] = {"family": list(image.families), "kernels": [g.kernels for g in groups],
                            "code_bytes": [g.code_bytes for g in groups], "counts": [len(g.names) for g in groups],
                            "names": indices([name for g in groups for name in g.names]),
                            "sizes": _pack([size for g in groups for size in g.sizes])}
        rows = image.rows
        item["kernels"] = None if rows is None else {
            "name": indices([k.name for k in rows]), "family": [k.family for k in rows],
            "code_digest": [k.code_digest for k in rows],
            **{figure: _pack([getattr(k, figure) for k in rows]) for figure in _KERNEL_FIGURES}}
        item["what_if"] = image.what_if
        item["image_sections"] = image.image_sections
        out.append(item)
    return {"names": list(table), "images": out}


def _check(value, kind):
    if type(value) is not kind:  # bool is not an int here, nor an int a bool
        raise ValueError("bad cache entry")
    return value


def _fields(value, keys: frozenset) -> dict:
    if _check(value, dict).keys() != keys:
        raise ValueError("bad cache entry")
    return value


def _list_of(value, kind, length: int | None = None) -> list:
    # The types counted in C: MXNet's repeat checks 150,000 names.
    if type(value) is not list or (value and set(map(type, value)) != {kind}) \
            or (length is not None and len(value) != length):
        raise ValueError("bad cache entry")
    return value


def _ints(value, length: int | None = None) -> list[int]:
    """A packed column (see _pack); ValueError when it is not one, or not `length` long."""
    width = _WIDTHS.get(_check(value, str)[:1])
    raw = base64.b64decode(value[1:], validate=True)  # binascii.Error is a ValueError
    if width is None or len(raw) % width:
        raise ValueError("bad cache entry")
    column = array(value[0])
    column.frombytes(raw)
    if _SWAP:
        column.byteswap()
    if length is not None and len(column) != length:
        raise ValueError("bad cache entry")
    return column.tolist()


def _indices(value, names: list[str], length: int | None = None) -> list[str]:
    indices = _ints(value, length)
    if indices and (min(indices) < 0 or max(indices) >= len(names)):
        raise ValueError("bad cache entry")
    return list(map(names.__getitem__, indices))


def _counts(value, keys) -> dict | None:
    """An int per key, exactly these keys (image sections, what-if modes), or None."""
    if value is not None:
        _list_of(list(_fields(value, frozenset(keys)).values()), int)
    return value


def _families(value, names: list[str]) -> dict[str, FamilyGroup]:
    columns = _fields(value, _FAMILY_KEYS)
    families = _list_of(columns["family"], str)
    count = len(families)
    counts = _list_of(columns["counts"], int, count)
    members = _indices(columns["names"], names)
    sizes = _ints(columns["sizes"], len(members))
    if len(set(families)) != count or (counts and min(counts) < 0) or sum(counts) != len(members):
        raise ValueError("bad cache entry")
    groups, start = {}, 0
    for family, kernels, code_bytes, size in zip(families, _list_of(columns["kernels"], int, count),
                                                 _list_of(columns["code_bytes"], int, count), counts):
        groups[family] = FamilyGroup(kernels, code_bytes, members[start:start + size], sizes[start:start + size])
        start += size
    return groups


def from_cache(body, section: str, key: ContainerKey, relocatable: bool = False) -> list[ImageResult]:
    """ImageResults from a cache body, every field checked; ValueError (a miss) on anything odd.
    `section` and `relocatable` say where the container lies, which its bytes do not."""
    names = _list_of(_fields(body, frozenset({"names", "images"}))["names"], str)
    images = []
    for item in _check(body["images"], list):
        _fields(item, _IMAGE_KEYS)
        error = item["error"]
        result = ImageResult(section, offset=key.offset + _check(item["offset"], int), container=key,
                             relocatable=relocatable,
                             error=None if error is None else _check(error, str),
                             **{name: _check(item[name], kind) for name, kind in _PLAIN.items()})
        result.families = _families(item["families"], names)
        if item["kernels"] is not None:
            columns = _fields(item["kernels"], _KERNEL_KEYS)
            kernel_names = _indices(columns["name"], names)
            count = len(kernel_names)
            families = _list_of(columns["family"], str, count)
            figures = [_ints(columns[figure], count) for figure in _KERNEL_FIGURES]
            digests = _list_of(columns["code_digest"], str, count)
            result.rows = [Kernel(name, family, result.arch, *values, code_digest=digest)
                           for name, family, digest, *values in zip(kernel_names, families, digests, *figures)]
        result.image_sections = _counts(item["image_sections"], empty_sections())
        result.what_if = _counts(item["what_if"], compress_modes.MODES)
        images.append(result)
    return images
