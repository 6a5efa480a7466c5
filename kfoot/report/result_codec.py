"""One container's image results as a report-cache body (kfoot.report.result_cache stores it) and
back: what the cache key holds besides the container's bytes, and an encoding checked field by
field on reading, so a tampered or foreign entry is a miss, never a wrong figure."""

from __future__ import annotations

import base64
import json
import sys
from array import array
from dataclasses import fields
from itertools import chain

from ..binary import compress_modes, walk
from ..binary.cubin import Kernel
from ..binary.walk import ContainerKey
from .decode import PTX_CHECK_BYTES, FamilyGroup, ImageResult, Work
from .model import (COMPRESSIONS, KINDS, ArchStats, Duplicate, FamilyStats, ImageLoad, SectionStats, Undecodable,
                    empty_sections)

_HASH_CHUNK = 1 << 20


def digest(found: walk.Found) -> str:
    """The BLAKE3 digest of a container's (or raw cubin's) bytes, read a chunk at a time. BLAKE3,
    not sha256: a first report hashes every container (MXNet 1.7: 1.1 GB), and sha256 (with the
    CPU's SHA instructions) took twice its CPU here: 0.7 against 0.38 s for 256 MiB."""
    import blake3

    digest = blake3.blake3()
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


def _name_table(names) -> dict[str, int]:
    """Each name's place in a table of the names, each once in the order first met: built at C
    speed (a dict.setdefault per name cost MXNet's first report 0.3 s for its entries, 0.4 s for
    its whole-file record)."""
    table = dict.fromkeys(names)
    return dict(zip(table, range(len(table))))


def to_cache(images: list[ImageResult], base: int) -> dict:
    """One container's results as JSON, in named fields: names once in a table, offsets from the
    container's start (the same container elsewhere in a file, or in another file, hits).
    OverflowError or TypeError (the entry is not written) for a figure that is not a 64-bit integer."""
    # An image's families' name lists, as the decoder shares them (kfoot.report.decode.Groupings:
    # a container's images for each arch mostly hold the same names): each distinct set of lists
    # is listed and packed once (MXNet 1.7.0: 1,230 images with kernels, 154 distinct sets in a
    # third of its containers).
    lists = [tuple(id(g.names) for g in image.families.values()) for image in images]
    members: dict[tuple[int, ...], list[str]] = {}
    for image, ids in zip(images, lists):
        if ids not in members:
            members[ids] = list(chain.from_iterable(g.names for g in image.families.values()))
    row_names = [None if image.rows is None else [k.name for k in image.rows] for image in images]
    table = _name_table(chain(*members.values(), *filter(None, row_names)))

    def indices(names) -> str:
        return _pack(list(map(table.__getitem__, names)))

    packed = {ids: indices(names) for ids, names in members.items()}
    out = []
    for image, ids, rows_named in zip(images, lists, row_names):
        item = {key: getattr(image, key) for key in _PLAIN}
        item["offset"] = image.offset - base
        item["error"] = image.error
        groups = image.families.values()
        item["families"] = {"family": list(image.families), "kernels": [g.kernels for g in groups],
                            "code_bytes": [g.code_bytes for g in groups], "counts": [len(g.names) for g in groups],
                            "names": packed[ids],
                            "sizes": _pack([size for g in groups for size in g.sizes])}
        rows = image.rows
        item["kernels"] = None if rows is None else {
            "name": indices(rows_named), "family": [k.family for k in rows],
            "code_digest": [k.code_digest for k in rows],
            **{figure: _pack([getattr(k, figure) for k in rows]) for figure in _KERNEL_FIGURES}}
        item["what_if"] = image.what_if
        item["image_sections"] = image.image_sections
        out.append(item)
    return {"names": list(table), "images": out}


def entry_bytes(images: list[ImageResult], base: int) -> bytes | None:
    """to_cache's body as the bytes a record holds; None when a figure is not a 64-bit integer (a
    hostile binary's: not stored, decoded again next time). Called where the container was decoded
    (kfoot.report.decode.decode_batch: in the worker, beside its results)."""
    try:
        body = to_cache(images, base)
        return (b'{"names":' + _names_json(body["names"]) + b',"images":'
                + json.dumps(body["images"], separators=(",", ":")).encode() + b"}")
    except (OverflowError, TypeError):
        return None


# The bytes JSON writes as they are in a string: printable ASCII but the quote and the backslash.
_JSON_PLAIN = bytes(c for c in range(0x20, 0x7F) if c not in b'"\\')


def _names_json(names: list[str]) -> bytes:
    """json.dumps(names) with entry_bytes' separators. Names made only of _JSON_PLAIN (as
    compilers mangle them) are joined as they are: json.dumps took 0.04 s of CPU for a third of
    MXNet 1.7.0's entries' names (7.4 MB), the join and the check 0.01 s."""
    text = "".join(names)
    if names and text.isascii() and not text.encode().translate(None, _JSON_PLAIN):
        return ('["' + '","'.join(names) + '"]').encode()
    return json.dumps(names, separators=(",", ":")).encode()


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


def _column(value, length: int | None = None) -> array:
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
    return column


def _ints(value, length: int | None = None) -> list[int]:
    return _column(value, length).tolist()


def _places(value, count: int, length: int | None = None) -> array:
    """A packed column of indices into a table of `count` items."""
    column = _column(value, length)
    if column and (min(column) < 0 or max(column) >= count):
        raise ValueError("bad cache entry")
    return column


def _indices(value, names: list[str], length: int | None = None) -> list[str]:
    return list(map(names.__getitem__, _places(value, len(names), length)))


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


# ---------------------------------------------------------------- a whole file's figures
#
# What adding a file's images up leaves (kfoot.report.accumulate: the file's figures and the
# Accumulator's name tables), as one report-cache body, so a repeat of an unchanged file reads
# one record instead of every container's entry and skips the add-up (MXNet 1.7: 4,177 images,
# 546,647 kernels). What Accumulator.finish derives (distinct counts, sorted families) is derived
# again on reading, by the same code, so it cannot disagree; but for the duplicates, which the
# record holds as found (MXNet's 53,256: 0.2 s to sort again). Without
# kernel rows only: with --kernels a file's rows would take more than a record may hold.

_FIGURE_INTS = ("stored_bytes", "image_bytes", "code_bytes", "kernels", "global_symbols")
_FIGURE_KEYS = frozenset({*_FIGURE_INTS, "images", "compression", "image_sections", "archs", "kinds"})
_FILE_KEYS = frozenset({"names", "file", "relocatable", "filtered_bytes", "sections", "what_if_compress", "loaded",
                        "never_loaded", "copies", "duplicates", "archs_seen", "image_loads",
                        "undecodable"})
_DUPLICATE_KEYS = frozenset({"name", "arch", "copies", "wasted"})
_SIDE_KEYS = frozenset({"family", "kernels", "code_bytes", "counts", "names"})
_COPY_KEYS = frozenset({"arch", "counts", "stable", "ids", "sizes"})
_LOAD_INTS = ("container", "load_bytes", "image_bytes", "kernels", "data_bytes", "offset")
_LOAD_STRS = ("arch", "kind", "section")
_LOAD_KEYS = frozenset({*_LOAD_INTS, *_LOAD_STRS, "decoded", "relocatable"})
_LOAD_ORDER = tuple(f.name for f in fields(ImageLoad))  # ImageLoad's arguments, the container first
_SECTION_INTS = ("images", "kernels", "global_symbols", "stored_bytes")


def _stats_rows(table) -> list:
    return [[key, s.kind, s.images, s.kernels, s.stored_bytes, s.image_bytes, s.image_sections]
            for key, s in table.items()]


def _figures_out(figures) -> dict:
    return {**{name: getattr(figures, name) for name in _FIGURE_INTS}, "images": figures.images,
            "compression": figures.compression, "image_sections": figures.image_sections,
            "archs": _stats_rows(figures.archs), "kinds": _stats_rows(figures.kinds)}


def file_to_cache(file, acc, containers: list[ContainerKey]) -> dict:
    """A file's figures and its Accumulator's tables (added up and finished: the record holds the
    duplicates as found) as JSON; `containers`: the file's containers in the walk's order (an
    image load names its container by its place there, so the record does not hold the file's
    path). Sets are written sorted: the same figures make the same bytes. OverflowError or
    TypeError (the record is not written) for a figure that is not a 64-bit integer."""
    sides = [(side, side.family_stats.values()) for side in (acc.loaded, acc.never_loaded)]
    members = [[name for s in stats for name in sorted(side.family_names[s.name])] for side, stats in sides]
    stable, columns = acc.stable_columns()
    duplicates = [d.name for d in file.duplicates]
    table = _name_table(chain(*members, stable, duplicates))  # MXNet: 100,000 names, 41,773 distinct

    def indices(names) -> str:
        return _pack(list(map(table.__getitem__, names)))

    def side_out(side, stats, names) -> dict:
        return {"family": [s.name for s in stats], "kernels": [s.kernels for s in stats],
                "code_bytes": [s.code_bytes for s in stats],
                "counts": [len(side.family_names[s.name]) for s in stats], "names": indices(names)}

    place = {key: index for index, key in enumerate(containers)}
    loads = file.image_loads
    body = {
        "file": _figures_out(file), "relocatable": _figures_out(file.relocatable),
        "filtered_bytes": file.filtered_bytes,
        "sections": [[name, *(getattr(s, field) for field in _SECTION_INTS)] for name, s in file.sections.items()],
        "what_if_compress": file.what_if_compress,
        **{label: side_out(side, stats, names)
           for label, (side, stats), names in zip(("loaded", "never_loaded"), sides, members)},
        # Each loaded kernel's name without module IDs, as an index into `stable` (itself indices
        # into the record's name table): half a million names are not looked up one by one.
        "copies": {"arch": [arch for arch, _, _ in columns], "counts": [len(ids) for _, ids, _ in columns],
                   "stable": indices(stable), "ids": _pack(list(chain.from_iterable(ids for _, ids, _ in columns))),
                   "sizes": _pack(list(chain.from_iterable(sizes for _, _, sizes in columns)))},
        "duplicates": {"name": indices(duplicates), "arch": [d.arch for d in file.duplicates],
                       "copies": _pack([d.copies for d in file.duplicates]),
                       "wasted": _pack([d.wasted_bytes for d in file.duplicates])},
        "archs_seen": sorted(acc.archs_seen),
        "image_loads": {"container": _pack([place[load.container] for load in loads]),
                        **{name: _pack([getattr(load, name) for load in loads]) for name in _LOAD_INTS[1:]},
                        **{name: [getattr(load, name) for load in loads] for name in _LOAD_STRS},
                        "decoded": [load.decoded for load in loads], "relocatable": [load.relocatable for load in loads]},
        "undecodable": [[u.offset, u.section, u.arch, u.kind, u.reason] for u in file.undecodable],
    }
    body["names"] = list(table)
    return body


def _int_dict(value, required=()) -> dict:
    """A JSON object of int values whose keys include `required`."""
    _list_of(list(_check(value, dict).values()), int)
    if not all(key in value for key in required):
        raise ValueError("bad cache entry")
    return value


def _stats_in(rows) -> dict:
    table = {}
    for row in _check(rows, list):
        if type(row) is not list or len(row) != 7:
            raise ValueError("bad cache entry")
        key, kind, images, kernels, stored, image_bytes, sections = row
        table[_check(key, str)] = ArchStats(_check(kind, str), _check(images, int), _check(kernels, int),
                                            _check(stored, int), _check(image_bytes, int),
                                            _counts(sections, empty_sections()))
    if len(table) != len(rows):
        raise ValueError("bad cache entry")
    return table


def _figures_in(value, figures) -> None:
    _fields(value, _FIGURE_KEYS)
    for name in _FIGURE_INTS:
        setattr(figures, name, _check(value[name], int))
    figures.images = _int_dict(value["images"], (*KINDS, "undecodable"))
    figures.compression = _int_dict(value["compression"], COMPRESSIONS)
    figures.image_sections = _counts(_check(value["image_sections"], dict), empty_sections())
    figures.archs = _stats_in(value["archs"])
    figures.kinds = _stats_in(value["kinds"])


def _side_in(value, names: list[str], into) -> None:
    columns = _fields(value, _SIDE_KEYS)
    families = _list_of(columns["family"], str)
    count = len(families)
    counts = _list_of(columns["counts"], int, count)
    members = _indices(columns["names"], names)
    if len(set(families)) != count or (counts and min(counts) < 0) or sum(counts) != len(members):
        raise ValueError("bad cache entry")
    start = 0
    for family, kernels, code_bytes, size in zip(families, _list_of(columns["kernels"], int, count),
                                                 _list_of(columns["code_bytes"], int, count), counts):
        into.family_stats[family] = FamilyStats(family, kernels, 0, code_bytes)
        into.family_names[family] = group = set(members[start:start + size])
        if len(group) != size:
            raise ValueError("bad cache entry")
        start += size


def _copies(value, names: list[str]):
    """The copies column set, checked: (archs, counts per arch, names without module IDs, each
    kernel's index into them, sizes)."""
    columns = _fields(value, _COPY_KEYS)
    arch = _list_of(columns["arch"], str)
    counts = _list_of(columns["counts"], int, len(arch))
    if len(set(arch)) != len(arch) or (counts and min(counts) < 0):
        raise ValueError("bad cache entry")
    stable = _indices(columns["stable"], names)
    total = sum(counts)
    return arch, counts, stable, _places(columns["ids"], len(stable), total), _column(columns["sizes"], total)


def _fill_copies(acc, copies) -> None:
    """The Accumulator's columns of loaded kernels by arch, from checked columns (see _copies)."""
    archs, counts, stable, ids, sizes = copies
    columns, start = [], 0
    for arch, count in zip(archs, counts):
        columns.append((arch, ids[start:start + count], sizes[start:start + count].tolist()))
        start += count
    acc.set_copies(stable, columns)


def file_from_cache(body, file, acc, containers: list[ContainerKey]) -> list[Duplicate]:
    """Fill a new FileReport and its new Accumulator from a file_to_cache body, every field
    checked; the file's duplicates, for Accumulator.finish. ValueError (a miss: the caller starts
    again from new ones) on anything odd. The loaded kernels' columns, which only cross-file
    duplicates read, are checked here and built when first read (Accumulator.copies)."""
    _fields(body, _FILE_KEYS)
    names = _list_of(body["names"], str)
    _figures_in(body["file"], file)
    _figures_in(body["relocatable"], file.relocatable)
    file.filtered_bytes = _check(body["filtered_bytes"], int)
    for row in _check(body["sections"], list):
        if type(row) is not list or len(row) != 1 + len(_SECTION_INTS) or _check(row[0], str) in file.sections:
            raise ValueError("bad cache entry")
        file.sections[row[0]] = SectionStats(**dict(zip(_SECTION_INTS, _list_of(row[1:], int))))
    if (body["what_if_compress"] is None) != (file.what_if_compress is None):
        raise ValueError("bad cache entry")
    file.what_if_compress = _counts(body["what_if_compress"], compress_modes.MODES)
    _side_in(body["loaded"], names, acc.loaded)
    _side_in(body["never_loaded"], names, acc.never_loaded)
    copies = _copies(body["copies"], names)
    acc.pending_copies = lambda: _fill_copies(acc, copies)
    duplicates = _fields(body["duplicates"], _DUPLICATE_KEYS)
    duplicate_names = _indices(duplicates["name"], names)
    count = len(duplicate_names)
    found = list(map(Duplicate, duplicate_names, _list_of(duplicates["arch"], str, count),
                     _ints(duplicates["copies"], count), _ints(duplicates["wasted"], count)))
    acc.archs_seen = set(_list_of(body["archs_seen"], str))
    loads = _fields(body["image_loads"], _LOAD_KEYS)
    places = _ints(loads["container"])
    count = len(places)
    if places and (min(places) < 0 or max(places) >= len(containers)):
        raise ValueError("bad cache entry")
    columns = [list(map(containers.__getitem__, places))]
    for name in _LOAD_ORDER[1:]:
        if name in _LOAD_INTS:
            columns.append(_ints(loads[name], count))
        elif name in _LOAD_STRS:
            columns.append(_list_of(loads[name], str, count))
        else:
            columns.append(_list_of(loads[name], bool, count))
    file.image_loads = list(map(ImageLoad, *columns))
    for row in _check(body["undecodable"], list):
        if type(row) is not list or len(row) != 5:
            raise ValueError("bad cache entry")
        offset, *words = row
        file.undecodable.append(Undecodable(_check(offset, int), *(_check(word, str) for word in words)))
    return found
