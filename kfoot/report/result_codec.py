"""One container's image results as a report-cache body (kfoot.report.result_cache stores it) and
back: what the cache key holds besides the container's bytes, and an encoding checked field by
field on reading, so a tampered or foreign entry is a miss, never a wrong figure."""

from __future__ import annotations

import hashlib
import json

from ..binary import compress_modes, walk
from ..binary.walk import ContainerKey
from .decode import PTX_CHECK_BYTES, ImageResult, Work
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
                       PTX_CHECK_BYTES])


def to_cache(images: list[ImageResult], base: int) -> dict:
    """One container's results as JSON: names once in a table, offsets from the container's start."""
    table: dict[str, int] = {}
    out = []
    for i in images:
        families = {f: [n, code, [table.setdefault(name, len(table)) for name in names], list(sizes)]
                    for f, (n, code, names, sizes) in i.families.items()}
        out.append([i.arch, i.kind, i.compression, i.stored_bytes, i.image_bytes, i.offset - base, i.error,
                    i.kernel_total, families, i.rows, i.global_symbols, i.ptx_entries, i.load_bytes, i.data_bytes,
                    i.what_if, i.image_sections])
    return {"names": list(table), "images": out}


def _check(value, kind):
    if type(value) is not kind:  # bool is not an int here, nor an int a bool
        raise ValueError("bad cache entry")
    return value


def from_cache(body, section: str, key: ContainerKey) -> list[ImageResult]:
    """ImageResults from a cache body, every field checked; ValueError (a miss) on anything odd."""
    names = _check(_check(body, dict)["names"], list)
    if not all(type(n) is str for n in names):
        raise ValueError("bad cache entry")
    images = []
    for item in _check(body["images"], list):
        (arch, kind, compression, stored, image_bytes, offset, error, kernel_total, families, rows, global_symbols,
         ptx_entries, load_bytes, data_bytes, what_if, image_sections) = _check(item, list)
        result = ImageResult(section, _check(arch, str), _check(kind, str), _check(compression, str),
                             _check(stored, int), _check(image_bytes, int), key.offset + _check(offset, int),
                             None if error is None else _check(error, str), _check(kernel_total, int),
                             global_symbols=_check(global_symbols, int), ptx_entries=_check(ptx_entries, int),
                             container=key, load_bytes=_check(load_bytes, int), data_bytes=_check(data_bytes, int))
        for family, group in _check(families, dict).items():
            count, code, indices, sizes = _check(group, list)
            _check(count, int), _check(code, int)
            if not all(type(i) is int and 0 <= i < len(names) for i in _check(indices, list)) \
                    or len(_check(sizes, list)) != len(indices) or not all(type(v) is int for v in sizes):
                raise ValueError("bad cache entry")
            result.families[family] = [count, code, [names[i] for i in indices], sizes]
        if rows is not None:
            result.rows = [tuple(_check(r, list)) for r in _check(rows, list)]
            if not all(len(r) == 9 and type(r[0]) is str and type(r[1]) is str and all(type(v) is int for v in r[2:])
                       for r in result.rows):
                raise ValueError("bad cache entry")
        if image_sections is not None:
            if set(_check(image_sections, dict)) != set(empty_sections()) or not all(
                    type(v) is int for v in image_sections.values()):
                raise ValueError("bad cache entry")
            result.image_sections = image_sections
        if what_if is not None:
            if set(_check(what_if, dict)) != set(compress_modes.MODES) or not all(
                    type(v) is int for v in what_if.values()):
                raise ValueError("bad cache entry")
            result.what_if = what_if
        images.append(result)
    return images

