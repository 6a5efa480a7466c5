"""One container's image results as a report-cache body (kfoot.report.result_cache stores it) and
back: what the cache key holds besides the container's bytes, and an encoding checked field by
field on reading, so a tampered or foreign entry is a miss, never a wrong figure."""

from __future__ import annotations

import hashlib
import json

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
                       PTX_CHECK_BYTES, work.fingerprints])


# ImageResult fields stored as they are, with their one JSON type each.
_PLAIN = {"arch": str, "kind": str, "compression": str, "stored_bytes": int, "image_bytes": int, "kernel_total": int,
          "global_symbols": int, "ptx_entries": int, "load_bytes": int, "data_bytes": int}
_IMAGE_KEYS = frozenset({*_PLAIN, "offset", "error", "families", "kernels", "what_if", "image_sections"})
_GROUP_KEYS = frozenset({"kernels", "code_bytes", "names", "sizes"})
# A kernel's figures, one list per figure (--kernels); its name is an index into the names table,
# its family a string, its arch the image's.
_KERNEL_FIGURES = ("code_bytes", "registers", "shared_bytes", "param_bytes", "stack_bytes", "local_bytes",
                   "constant_bytes")
_KERNEL_KEYS = frozenset({"name", "family", "code_digest", *_KERNEL_FIGURES})


def to_cache(images: list[ImageResult], base: int) -> dict:
    """One container's results as JSON, in named fields: names once in a table, offsets from the
    container's start (the same container elsewhere in a file, or in another file, hits)."""
    table: dict[str, int] = {}

    def indices(names) -> list[int]:
        return [table.setdefault(name, len(table)) for name in names]

    out = []
    for image in images:
        item = {key: getattr(image, key) for key in _PLAIN}
        item["offset"] = image.offset - base
        item["error"] = image.error
        item["families"] = {name: {"kernels": g.kernels, "code_bytes": g.code_bytes, "names": indices(g.names),
                                   "sizes": list(g.sizes)} for name, g in image.families.items()}
        rows = image.rows
        item["kernels"] = None if rows is None else {
            "name": indices(k.name for k in rows), "family": [k.family for k in rows],
            "code_digest": [k.code_digest for k in rows],
            **{figure: [getattr(k, figure) for k in rows] for figure in _KERNEL_FIGURES}}
        item["what_if"] = image.what_if
        item["image_sections"] = image.image_sections
        out.append(item)
    return {"names": list(table), "images": out}


def _check(value, kind):
    if type(value) is not kind:  # bool is not an int here, nor an int a bool
        raise ValueError("bad cache entry")
    return value


def _fields(value, keys: frozenset) -> dict:
    if set(_check(value, dict)) != keys:
        raise ValueError("bad cache entry")
    return value


def _list_of(value, kind, length: int | None = None) -> list:
    if not all(type(v) is kind for v in _check(value, list)) or (length is not None and len(value) != length):
        raise ValueError("bad cache entry")
    return value


def _indices(value, names: list[str], length: int | None = None) -> list[str]:
    if not all(0 <= i < len(names) for i in _list_of(value, int, length)):
        raise ValueError("bad cache entry")
    return [names[i] for i in value]


def _counts(value, keys) -> dict | None:
    """An int per key, exactly these keys (image sections, what-if modes), or None."""
    if value is not None:
        _list_of(list(_fields(value, frozenset(keys)).values()), int)
    return value


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
        for family, group in _check(item["families"], dict).items():
            _fields(group, _GROUP_KEYS)
            members = _indices(group["names"], names)
            result.families[family] = FamilyGroup(_check(group["kernels"], int), _check(group["code_bytes"], int),
                                                   members, _list_of(group["sizes"], int, len(members)))
        if item["kernels"] is not None:
            columns = _fields(item["kernels"], _KERNEL_KEYS)
            kernel_names = _indices(columns["name"], names)
            count = len(kernel_names)
            families = _list_of(columns["family"], str, count)
            figures = [_list_of(columns[figure], int, count) for figure in _KERNEL_FIGURES]
            digests = _list_of(columns["code_digest"], str, count)
            result.rows = [Kernel(name, family, result.arch, *values, code_digest=digest)
                           for name, family, digest, *values in zip(kernel_names, families, digests, *figures)]
        result.image_sections = _counts(item["image_sections"], empty_sections())
        result.what_if = _counts(item["what_if"], compress_modes.MODES)
        images.append(result)
    return images
