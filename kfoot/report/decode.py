"""Decoding one work item (an image, or a `--concat` group) into image results: read, decompress,
parse, and group its kernels by family. Runs in the process itself or in forked workers
(kfoot.report.analyze decides); never raises for a bad payload, it marks the image undecodable."""

from __future__ import annotations

import functools
import re
from array import array
from dataclasses import dataclass, field
from operator import itemgetter

from ..binary import compress_modes, cubin, fatbin, walk
from ..binary.walk import ContainerKey, Window
from ..core.errors import FormatError
from ..core.limits import MAX_MEMORY_ENV
from ..core.units import format_bytes
from .families import demangle, family_of
from .name_filter import name_matches


@dataclass(slots=True)
class Work:
    """One entry to decode: an image, or a `--concat` group of images compressed together.

    `ref` reads the bytes through a descriptor the walk opened for this analysis; workers are
    forked while it is open and inherit it, so a work item pickles as two integers."""

    ref: Window
    key: ContainerKey  # the container the entry is in (the driver picks one image per container)
    section: str
    entry: fatbin.Entry | None  # None: the whole source is one raw cubin of `raw_size` bytes
    members: list[fatbin.Entry] | None = None
    shares: list[int] | None = None  # stored bytes attributed to each member of a group
    raw_size: int = 0
    resources: bool = False  # measure registers, shared memory, parameters (--kernels)
    ptx: bool = False  # count .entry functions in PTX payloads
    kernel_filter: str | None = None  # count only kernels whose names match (--filter)
    load: bool = True  # measure the image's load bytes
    memory_share: int | None = None  # bytes decoding it may hold: its decoder's share of the memory bound
    what_if: bool = False  # predict the entry's slot under each --compress-mode (compress_modes)
    relocatable: bool = False  # a relocatable copy, never loaded (kfoot.binary.walk.Found.relocatable)
    fingerprints: bool = False  # each kernel's code fingerprint (kfoot explain's identical code)
    image_sections: bool = True  # measure the image's bytes by section category (kfoot explain does not read them)

    @property
    def stored(self) -> int:
        return self.entry.slot_size if self.entry is not None else self.raw_size


@dataclass(slots=True)
class FamilyGroup:
    """One family's kernels in one image, grouped in the worker so that the parent (the serial
    part) adds a few families per image instead of walking every kernel."""

    kernels: int = 0
    code_bytes: int = 0
    names: list = field(default_factory=list)  # mangled names (decode_batch: indices while pickled)
    sizes: list = field(default_factory=list)  # each name's code bytes

    def __reduce__(self):  # as cubin.Kernel's: a compact pickle for the trip from the worker
        return FamilyGroup, (self.kernels, self.code_bytes, self.names, self.sizes)


@dataclass(slots=True)
class ImageResult:
    section: str
    arch: str
    kind: str
    compression: str
    stored_bytes: int
    image_bytes: int  # uncompressed
    offset: int
    error: str | None = None
    kernel_total: int = 0  # kernel entries in the image, before --filter
    families: dict[str, FamilyGroup] = field(default_factory=dict)
    rows: list[cubin.Kernel] | None = None  # each kernel, its family and arch set, with --kernels
    global_symbols: int = 0
    ptx_entries: int = 0
    container: ContainerKey | None = None  # images of one compile unit share it
    load_bytes: int = 0  # SASS: bytes loading the image places on the GPU (kfoot.binary.cubin.Cubin)
    data_bytes: int = 0  # of which module-scope globals
    image_sections: dict | None = None  # SASS: the image's bytes by section category; None: not parsed
    # mode -> predicted payload slot (--what-if-compress); None: not predicted (counted as stored).
    # A --concat group's prediction is carried by its first member, the others carry zeros.
    what_if: dict | None = None
    # A relocatable copy (`__nv_relfatbin` beside `.nv_fatbin`): never loaded, counted apart. Set
    # from where its container lies, not from its bytes (the report cache does not hold it).
    relocatable: bool = False

    def set_kernels(self, image: cubin.Cubin, work: Work, groupings: Groupings | None = None) -> None:
        """Group the image's kernels by family (and keep each as a row with --kernels), sharing
        `groupings` with the other images of the call. A plain report reads only their names and
        sizes: no Kernel object and one family lookup each."""
        names, code_bytes = image.kernel_names, image.kernel_code_bytes
        self.kernel_total = len(names)
        rows = image.kernels if work.resources or work.fingerprints else None
        if work.kernel_filter is not None:
            kept = [i for i, name in enumerate(names) if _name_matches(work.kernel_filter, name)]
            names, code_bytes = [names[i] for i in kept], [code_bytes[i] for i in kept]
            rows = None if rows is None else [rows[i] for i in kept]
        families = self.families
        for family, family_names, pick in (groupings or Groupings()).of(tuple(names)):
            sizes = list(code_bytes) if pick is None else [code_bytes[pick]] if type(pick) is int \
                else list(pick(code_bytes))
            families[family] = FamilyGroup(len(family_names), sum(sizes), family_names, sizes)
        if rows is not None:
            for kernel, family in zip(rows, map(family_of, names)):
                kernel.family, kernel.arch = family, self.arch
            self.rows = rows

    @property
    def kernels(self) -> int:
        return sum(group.kernels for group in self.families.values())


class Groupings:
    """Images' kernels grouped by family, by their list of kernel names, for one decoding call
    (decode_many): a container's images for each arch mostly hold the same names (MXNet 1.6:
    2,424 images with kernels, 372 distinct lists), so each list is grouped once, and its images
    share each family's list of names (packed and pickled once per batch: decode_batch). Held for
    that call only, and at most HELD_NAMES names: cleared when more (the memory bound counts
    what decoding holds, and these outlive their images)."""

    HELD_NAMES = 1 << 16

    def __init__(self) -> None:
        self._found: dict[tuple[str, ...], list] = {}
        self.held = 0  # names in the keys held

    def of(self, names: tuple[str, ...]) -> list[tuple[str, list[str], object]]:
        """(family, its kernels' names, which of the image's kernels they are: None for all, an
        index for one, an itemgetter for more) for each family, in the order of its first
        kernel. The name lists are shared: never changed in place."""
        found = self._found.get(names)
        if found is None:
            members: dict[str, list[int]] = {}
            for index, family in enumerate(map(family_of, names)):
                at = members.get(family)
                if at is None:
                    members[family] = [index]
                else:
                    at.append(index)
            found = [(family, [names[i] for i in at],
                      None if len(at) == len(names) else at[0] if len(at) == 1 else itemgetter(*at))
                     for family, at in members.items()]
            if self.held + len(names) > self.HELD_NAMES:
                self._found.clear()
                self.held = 0
            if len(names) <= self.HELD_NAMES:
                self._found[names] = found
                self.held += len(names)
        return found


@functools.lru_cache(maxsize=1 << 16)
def _name_matches(pattern: str, name: str) -> bool:
    return name_matches(pattern, name) or name_matches(pattern, demangle(name))


_TKINFO_ARCH = re.compile(rb"-arch sm_(\d+)([af]?)")
# The PTX check reads this much of a PTX payload, and only this much is decoded: the LZ4 prefix
# decoder is pure Python (4 KiB of each of MXNet 1.6's 499 LZ4 PTX images: 0.38 s; 256 bytes: 0.01 s).
PTX_CHECK_BYTES = 256
_PTX_START = re.compile(rb"^\s*(//|\.version|\.target)")


def _looks_like_ptx(head) -> bool:
    return bool(_PTX_START.match(bytes(head[:PTX_CHECK_BYTES])))


def _image_result(work: Work, entry: fatbin.Entry, payload, stored: int, error: str | None,
                  pending: list | None, groupings: Groupings | None) -> ImageResult:
    declared = entry.uncompressed_size if entry.compression != "none" else entry.slot_size
    full = payload is not None and (entry.compression == "none" or len(payload) == declared)
    result = ImageResult(work.section, entry.arch_name, entry.kind_name, entry.compression, stored,
                         len(payload) if full else declared, entry.offset, error, container=work.key,
                         relocatable=work.relocatable)
    if payload is None:
        return result
    if entry.kind == fatbin.KIND_ELF:
        try:
            image = cubin.parse_cubin(payload, with_resources=work.resources, with_load=work.load, with_sections=work.image_sections,
                                      with_fingerprints=work.fingerprints, defer_tables=pending is not None,
                                      with_kernels=False)
        except FormatError as exc:
            result.error = f"SASS image does not parse: {exc.message}"
            return result
        result.set_kernels(image, work, groupings)
        result.global_symbols = image.global_symbols
        if image.section_table is not None:
            pending.append((result, image.section_table))  # measured with others (decode_many)
        else:
            result.load_bytes = image.load_bytes
            result.data_bytes = image.data_bytes
            result.image_sections = image.sections
    elif entry.kind == fatbin.KIND_PTX and work.ptx:
        result.ptx_entries = bytes(payload).count(b".entry ")  # `.visible .entry name(`: C-speed count
    return result


# Images whose load bytes and sections are measured together (cubin.measure_tables): a sixth of
# MXNet 1.6's cubins took 0.39 s of CPU one at a time (numpy's cost per call), 0.15 s 8 at a time,
# 0.14 s 16, 0.16 s 32 and 0.19 s 64 (their columns outgrow the CPU's caches); the section tables
# they hold stay within a few MiB.
MEASURE_IMAGES = 16
MEASURE_TABLE_BYTES = 4 << 20


def decode_many(works):
    """Decode work items in order, yielding (work, its image results) once each result is
    complete. Never raises for bad payloads: marks them. Images share their kernel groupings
    within the call (Groupings), never with another call's."""
    pending: list[tuple[ImageResult, cubin.SectionTable]] = []
    groupings = Groupings()
    decoded = []
    held = 0
    for work in works:
        before = len(pending)
        decoded.append((work, decode(work, pending, groupings)))
        held += sum(len(t.headers) + len(t.names) for _, t in pending[before:])
        if len(pending) >= MEASURE_IMAGES or held >= MEASURE_TABLE_BYTES:
            _measure(pending)
            yield from decoded
            decoded, held = [], 0
    _measure(pending)
    yield from decoded


def _measure(pending: list) -> None:
    for (result, _), (load_bytes, data_bytes, sections) in zip(pending, cubin.measure_tables([t for _, t in pending])):
        result.load_bytes, result.data_bytes, result.image_sections = load_bytes, data_bytes, sections
    pending.clear()


def decode(work: Work, pending: list | None = None, groupings: Groupings | None = None) -> list[ImageResult]:
    """Decode one work item into image results. Never raises for bad payloads: marks them.
    With `pending`, SASS images' load bytes and sections are left to measure later: each image
    result is added to it with its section table (decode_many)."""
    if work.entry is None:
        if work.memory_share is not None and 2 * work.raw_size > work.memory_share:  # read + the parse's tables
            head = work.ref.read(0, min(work.raw_size, 64))
            sm = cubin.sm_from_flags(head[8], int.from_bytes(head[48:52], "little")) if len(head) == 64 else 0
            return [ImageResult(work.section, f"sm_{sm}", "sass", "none", work.raw_size, work.raw_size, 0,
                                f"not read: needs {format_bytes(2 * work.raw_size)} to parse, more than the "
                                f"{format_bytes(work.memory_share)} its decoder may take (its share of {MAX_MEMORY_ENV} "
                                "or --max-memory, the memory bound); counted from its size", container=work.key,
                                relocatable=work.relocatable)]
        data = work.ref.read(0, work.raw_size)
        # A raw .cubin that does not parse is bad input: let it raise, naming the file.
        image = cubin.parse_cubin(data, work.ref.where, with_resources=work.resources, with_load=work.load,
                                  with_sections=work.image_sections, with_fingerprints=work.fingerprints, with_kernels=False)
        match = _TKINFO_ARCH.search(data)
        arch = f"sm_{image.sm}" + (match.group(2).decode() if match and int(match.group(1)) == image.sm else "")
        result = ImageResult(work.section, arch, "sass", "none", work.raw_size, work.raw_size, 0, None,
                             global_symbols=image.global_symbols, load_bytes=image.load_bytes,
                             data_bytes=image.data_bytes, container=work.key, image_sections=image.sections,
                             relocatable=work.relocatable)
        result.set_kernels(image, work, groupings)
        return [result]
    entry = work.entry
    # The slot is read as decompress needs it (a prefix, or whole once its size is within the bound).
    slot = walk.FileBytes(work.ref, entry.payload_offset + entry.slot_size).sub(entry.payload_offset,
                                                                              entry.slot_size)
    error = None
    payload = None
    # SASS is read whole; PTX, whose kernels are not counted unless asked for (--ptx), only far
    # enough to show it is PTX text: on libcusparse that skips a quarter of the decompression.
    whole = entry.kind == fatbin.KIND_ELF or work.ptx or work.members is not None or work.what_if
    prefix = None if whole else PTX_CHECK_BYTES
    # Decompressing holds input + output (fatbin.memory_needed); parsing holds a part more.
    limit = None if work.memory_share is None else work.memory_share - _parse_allowance(work, prefix)
    # Recompressing for the what-if holds a compression context more: where that does not fit,
    # the entry is decoded as usual and only its prediction is left out (counted as stored).
    predict = work.what_if and (limit is None or fatbin.memory_needed(entry) + compress_modes.compress_memory(
        entry.uncompressed_size if entry.compression != "none" else entry.slot_size) <= limit)
    try:
        if work.members is not None and _overlapping(work.members):
            raise fatbin.UndecodableEntry("group members overlap in its payload (a forged header); "
                                          "counted from their headers")
        payload = fatbin.decompress(entry, slot, prefix=prefix, max_bytes=limit)
        if prefix is not None and entry.kind == fatbin.KIND_PTX and not _looks_like_ptx(payload):
            raise fatbin.UndecodableEntry("payload does not start like PTX text")
    except fatbin.UndecodableEntry as exc:
        error = str(exc)
    slots = _predicted(entry, payload, work.members is not None) if predict and error is None else None
    if work.members is None:
        result = _image_result(work, entry, payload, entry.slot_size, error, pending, groupings)
        result.what_if = slots
        return [result]
    results = []
    for member, share in zip(work.members, work.shares):
        start, length = member.group_slice
        part = None if payload is None else payload[start:start + length]
        results.append(_image_result(work, member, part, share, error, pending, groupings))
        results[-1].what_if = slots if slots is None or len(results) == 1 else dict.fromkeys(slots, 0)
    return results


def _predicted(entry: fatbin.Entry, payload, group: bool) -> dict | None:
    """The entry's payload slot under each --compress-mode, from its decoded payload."""
    if group:
        return compress_modes.predicted_slots(compress_modes.GROUP, payload)
    if entry.kind == fatbin.KIND_PTX and entry.compression == "none":
        payload = compress_modes.ptx_text(payload)  # the slot's zero padding is not part of the text
    if entry.kind not in (fatbin.KIND_PTX, fatbin.KIND_ELF):
        return None
    return compress_modes.predicted_slots(entry.kind, payload)


def _parse_allowance(work: Work, prefix: int | None) -> int:
    """Memory that parsing a decoded payload takes on top of it: a SASS image's symbol and string
    tables (a quarter of the image, generously), and for a group each member's copy as well.
    PTX is only searched (bytes.count, no copy), or only its prefix is looked at."""
    entry = work.entry
    if prefix is not None:
        return 0
    if work.members is not None:
        return max((m.group_slice[1] for m in work.members), default=0) * 5 // 4
    if entry.kind == fatbin.KIND_ELF:
        return (entry.uncompressed_size if entry.compression != "none" else entry.slot_size) // 4
    return 0


def _overlapping(members: list[fatbin.Entry]) -> bool:
    """Whether any two members' slices of the group payload overlap: then decoding each would
    parse the same bytes again (700 members of a 32 MiB payload: 22 GiB copied)."""
    end = 0
    for start, length in sorted(m.group_slice for m in members):
        if start < end:
            return True
        end = max(end, start + length)
    return False


def decode_batch(batch: list[Work], encode=None):
    """Worker side: decode a batch and pack it for the trip back. The same kernel name recurs in
    every arch's image, so names travel once per batch and images carry indices (10x less to
    pickle on libcusparse, where unpickling in the parent was the serial bottleneck). With
    `encode` (images, container offset -> bytes or None), each container's report cache entry is
    encoded here too, while its results are at hand. (names, images, {container: entry}), the
    last empty without `encode`."""
    table: dict[str, int] = {}
    packed: dict = {}  # _once_per_list's memo

    def pack(names: list[str]) -> array:
        return array("I", [table.setdefault(n, len(table)) for n in names])

    images, entries, held = [], {}, {}
    left: dict[ContainerKey, int] = {}
    for work in batch:
        left[work.key] = left.get(work.key, 0) + 1
    for work, decoded in decode_many(batch):
        held.setdefault(work.key, []).extend(decoded)
        left[work.key] -= 1
        if left[work.key]:
            continue  # a container's images are packed together, once its entry is encoded
        container = held.pop(work.key)
        if encode is not None:
            entries[work.key] = encode(container, work.key.offset)
        for image in container:
            for group in image.families.values():
                # A list of names shared by images (Groupings) is packed once, and pickled once.
                group.names = _once_per_list(packed, group.names, pack)
                group.sizes = array("Q", group.sizes)
            if image.rows:
                image.rows = _kernel_columns(image.rows, table)
        images.extend(container)
    return list(table), images, entries


# The kernel rows' integer figures, in cubin.Kernel's order after name, family and arch.
_ROW_FIGURES = ("code_bytes", "registers", "shared_bytes", "param_bytes", "stack_bytes", "local_bytes",
                "constant_bytes")


def _kernel_columns(rows: list[cubin.Kernel], table: dict[str, int]):
    """An image's kernel rows as columns for the trip to the parent: names and families as indices
    into the batch's name table, figures as arrays (one Kernel object each cost the parent 0.3 s of
    unpickling on libcusparse). Rows a column cannot hold (a None figure) travel as they are."""
    try:
        figures = tuple(array("q", [getattr(k, f) for k in rows]) for f in _ROW_FIGURES)
    except TypeError:
        return rows
    return (array("I", [table.setdefault(k.name, len(table)) for k in rows]),
            array("I", [table.setdefault(k.family, len(table)) for k in rows]),
            figures, [k.code_digest for k in rows])


def _once_per_list(memo: dict, shared, convert):
    """convert(shared), made once per distinct object (lists of names that images share:
    Groupings) and the same result returned for it again. `memo` holds each object beside its
    result, so that no other object takes its id while the memo lives."""
    found = memo.get(id(shared))
    if found is None:
        found = memo[id(shared)] = (shared, convert(shared))
    return found[1]


def unpack_batch(packed) -> list[ImageResult]:
    names, images, _entries = packed
    unpacked: dict = {}  # _once_per_list's memo: a list packed once is unpacked once, and shared again

    def unpack(ids: array) -> list[str]:
        return [names[i] for i in ids]

    for image in images:
        for group in image.families.values():
            group.names = _once_per_list(unpacked, group.names, unpack)
        if type(image.rows) is tuple:
            name_ids, family_ids, figures, digests = image.rows
            arch, kernel = image.arch, cubin.Kernel
            image.rows = [kernel(names[n], names[f], arch, *values, False, digest)
                          for n, f, digest, *values in zip(name_ids, family_ids, digests, *figures)]
    return images

