"""From paths to a Report: find every fatbin container, decode every image, add it all up.

Three steps per file:
1. plan: the file as kfoot.binary.walk found it (ELF sections, archive members, wheel members,
   container and entry headers, which are small) becomes work items; payloads are not touched.
2. decode: each image's payload is read, decompressed and parsed on its own, in worker
   processes for large files, so memory holds one image per worker, never the library.
3. accumulate: per-image results are added into the file's figures; every byte of the file
   lands in exactly one bucket (host, container overhead, device per arch, filtered out).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
from array import array
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from ..binary import compress_modes, cubin, fatbin, walk
from ..binary.walk import ContainerKey, Window
from ..core.errors import FormatError, KfootError
from ..core.limits import MAX_MEMORY_ENV, max_memory
from ..core.units import format_bytes
from .result_cache import ReportCache
from .families import demangle, family_of, strip_module_ids
from .model import (ArchStats, CrossDuplicate, Duplicate, FamilyStats, FileReport, ImageLoad, KernelRow, Report,
                    SectionStats, Totals, Undecodable, empty_sections)

# Below this many payload bytes in a file, worker processes cost more than they save.
PARALLEL_THRESHOLD = 24 << 20

# What decoding may hold at once, all decoders together (--max-memory, else KFOOT_MAX_MEMORY):
# each decoder (the process itself, or each worker) gets an equal share, and an image whose
# decoding would take more than its share (read + output + what parsing adds, from the header,
# before anything is read) is not decompressed: it is counted from its header as undecodable,
# its stored bytes attributed as any image's. The interpreter and the report come on top.
# The bound itself: kfoot.core.limits (--max-memory, else KFOOT_MAX_MEMORY, else 512 MiB).


@dataclass(frozen=True)
class ReportOptions:
    sections: frozenset[str] | None = None  # only containers in these host sections
    archs: frozenset[str] | None = None  # only images of these archs
    kernel_filter: str | None = None  # regex over mangled and demangled kernel names
    kernel_rows: bool = False  # collect per-kernel rows (--kernels)
    ptx_entries: bool = False  # count PTX .entry functions (--ptx): a scan of every PTX text
    load_bytes: bool = True  # measure what each image places on the GPU (the memory estimate needs it)
    jobs: int | None = None
    progress: bool = False
    max_memory: int | None = None  # bytes decoding may hold, all workers together; None: max_memory()
    what_if_compress: bool = False  # predict the containers' bytes under each nvcc --compress-mode
    cache: bool = False  # reuse per-container results from the report cache (kfoot.report.result_cache; KFOOT_CACHE=0: off)

    def to_dict(self) -> dict:
        return {"sections": sorted(self.sections) if self.sections else None,
                "archs": sorted(self.archs) if self.archs else None,
                "filter": self.kernel_filter}


# ---------------------------------------------------------------- decoding

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
    budget: int | None = None  # bytes decoding this item may hold (its decoder's share of --max-memory)
    what_if: bool = False  # predict the entry's slot under each --compress-mode (compress_modes)

    @property
    def stored(self) -> int:
        return self.entry.slot_size if self.entry is not None else self.raw_size


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
    # family -> [kernels, code bytes, mangled names, each name's code bytes]: grouped in the worker, so the parent (the
    # serial part) adds a few families per image instead of walking every kernel
    families: dict = field(default_factory=dict)
    # (name, family, code, registers, shared, params, stack, local, constant) per kernel, with --kernels
    rows: list | None = None
    global_symbols: int = 0
    ptx_entries: int = 0
    container: ContainerKey | None = None  # images of one compile unit share it
    load_bytes: int = 0  # SASS: bytes loading the image places on the GPU (kfoot.binary.cubin.Cubin)
    data_bytes: int = 0  # of which module-scope globals
    image_sections: dict | None = None  # SASS: the image's bytes by section category; None: not parsed
    # mode -> predicted payload slot (--what-if-compress); None: not predicted (counted as stored).
    # A --concat group's prediction is carried by its first member, the others carry zeros.
    what_if: dict | None = None

    def set_kernels(self, kernels: list, work: Work) -> None:
        self.kernel_total = len(kernels)
        if work.resources:
            self.rows = []
        for kernel in kernels:
            if work.kernel_filter is not None and not _name_matches(work.kernel_filter, kernel.name):
                continue
            family = family_of(kernel.name)
            group = self.families.get(family)
            if group is None:
                group = self.families[family] = [0, 0, [], []]
            group[0] += 1
            group[1] += kernel.code_bytes
            group[2].append(kernel.name)
            group[3].append(kernel.code_bytes)
            if self.rows is not None:
                self.rows.append((kernel.name, family, kernel.code_bytes, kernel.registers, kernel.shared_bytes,
                                  kernel.param_bytes, kernel.stack_bytes, kernel.local_bytes, kernel.constant_bytes))

    @property
    def kernels(self) -> int:
        return sum(group[0] for group in self.families.values())


@functools.lru_cache(maxsize=1 << 16)
def _name_matches(pattern: str, name: str) -> bool:
    regex = re.compile(pattern)
    return bool(regex.search(name) or regex.search(demangle(name)))


_TKINFO_ARCH = re.compile(rb"-arch sm_(\d+)([af]?)")
PTX_CHECK_BYTES = 4096
_PTX_START = re.compile(rb"^\s*(//|\.version|\.target)")


def _looks_like_ptx(head) -> bool:
    return bool(_PTX_START.match(bytes(head[:256])))


def _image_result(work: Work, entry: fatbin.Entry, payload, stored: int, error: str | None) -> ImageResult:
    declared = entry.uncompressed_size if entry.compression != "none" else entry.slot_size
    full = payload is not None and (entry.compression == "none" or len(payload) == declared)
    result = ImageResult(work.section, entry.arch_name, entry.kind_name, entry.compression, stored,
                         len(payload) if full else declared, entry.offset, error, container=work.key)
    if payload is None:
        return result
    if entry.kind == fatbin.KIND_ELF:
        try:
            image = cubin.parse_cubin(payload, with_resources=work.resources, with_load=work.load, with_sections=True)
        except FormatError as exc:
            result.error = f"SASS image does not parse: {exc.message}"
            return result
        result.set_kernels(image.kernels, work)
        result.global_symbols = image.global_symbols
        result.load_bytes = image.load_bytes
        result.data_bytes = image.data_bytes
        result.image_sections = image.sections
    elif entry.kind == fatbin.KIND_PTX and work.ptx:
        result.ptx_entries = bytes(payload).count(b".entry ")  # `.visible .entry name(`: C-speed count
    return result


def decode(work: Work) -> list[ImageResult]:
    """Decode one work item into image results. Never raises for bad payloads: marks them."""
    if work.entry is None:
        if work.budget is not None and 2 * work.raw_size > work.budget:  # read + the parse's tables
            head = work.ref.read(0, min(work.raw_size, 64))
            sm = cubin.sm_from_flags(head[8], int.from_bytes(head[48:52], "little")) if len(head) == 64 else 0
            return [ImageResult(work.section, f"sm_{sm}", "sass", "none", work.raw_size, work.raw_size, 0,
                                f"not read: needs {format_bytes(2 * work.raw_size)} to parse, more than the "
                                f"{format_bytes(work.budget)} its decoder may take (its share of {MAX_MEMORY_ENV} "
                                "or --max-memory, the memory bound); counted from its size", container=work.key)]
        data = work.ref.read(0, work.raw_size)
        # A raw .cubin that does not parse is bad input: let it raise, naming the file.
        image = cubin.parse_cubin(data, work.ref.where, with_resources=work.resources, with_load=work.load,
                                  with_sections=True)
        match = _TKINFO_ARCH.search(data)
        arch = f"sm_{image.sm}" + (match.group(2).decode() if match and int(match.group(1)) == image.sm else "")
        result = ImageResult(work.section, arch, "sass", "none", work.raw_size, work.raw_size, 0, None,
                             global_symbols=image.global_symbols, load_bytes=image.load_bytes,
                             data_bytes=image.data_bytes, container=work.key, image_sections=image.sections)
        result.set_kernels(image.kernels, work)
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
    limit = None if work.budget is None else work.budget - _parse_allowance(work, prefix)
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
        result = _image_result(work, entry, payload, entry.slot_size, error)
        result.what_if = slots
        return [result]
    results = []
    for member, share in zip(work.members, work.shares):
        start, length = member.group_slice
        part = None if payload is None else payload[start:start + length]
        results.append(_image_result(work, member, part, share, error))
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


def _decode_batch(batch: list[Work]):
    """Worker side: decode a batch and pack it for the trip back. The same kernel name recurs in
    every arch's image, so names travel once per batch and images carry indices (10x less to
    pickle on libcusparse, where unpickling in the parent was the serial bottleneck)."""
    table: dict[str, int] = {}
    images = []
    for work in batch:
        for image in decode(work):
            for group in image.families.values():
                group[2] = array("I", [table.setdefault(n, len(table)) for n in group[2]])
                group[3] = array("Q", group[3])
            images.append(image)
    return list(table), images


def _unpack_batch(packed) -> list[ImageResult]:
    names, images = packed
    for image in images:
        for group in image.families.values():
            group[2] = [names[i] for i in group[2]]
    return images


# ---------------------------------------------------------------- planning

@dataclass(slots=True)
class FilePlan:
    binary: walk.Binary
    work: list[Work] = field(default_factory=list)
    slots: dict[str, int] = field(default_factory=dict)  # payload bytes per section; the rest is overhead
    containers_by_section: dict[str, int] = field(default_factory=dict)


def _shares(group: fatbin.Group) -> list[int]:
    """Split a group's stored bytes over its members in proportion to their sizes, exactly."""
    total = sum(m.slot_size for m in group.members) or 1
    stored = group.entry.slot_size
    shares = [stored * m.slot_size // total for m in group.members]
    if shares:
        shares[-1] += stored - sum(shares)
    return shares


def _plan(binary: walk.Binary, options: ReportOptions) -> FilePlan:
    plan = FilePlan(binary)
    flags = {"resources": options.kernel_rows, "ptx": options.ptx_entries,
             "kernel_filter": options.kernel_filter, "load": options.load_bytes,
             "what_if": options.what_if_compress}
    for found in binary.containers:
        section, container = found.section, found.container
        if container is None:  # a raw cubin: one image, all payload
            plan.work.append(Work(found.window, found.key, section, None, raw_size=found.size, **flags))
            plan.slots[section] = plan.slots.get(section, 0) + found.size
            continue
        plan.containers_by_section[section] = plan.containers_by_section.get(section, 0) + 1
        slots = 0
        grouped = {id(m) for g in container.groups for m in g.members}
        for entry in container.entries:
            if id(entry) not in grouped:
                plan.work.append(Work(found.window, found.key, section, entry, **flags))
                slots += entry.slot_size
        for group in container.groups:
            if not group.members:
                continue  # a group listing no images: its bytes stay container overhead
            plan.work.append(Work(found.window, found.key, section, group.entry, group.members, _shares(group),
                                  **flags))
            slots += group.entry.slot_size
        plan.slots[section] = plan.slots.get(section, 0) + slots
    return plan


# ---------------------------------------------------------------- accumulating

class _Accumulator:
    """Adds image results into figures; keeps the name sets needed for distinct counts."""

    def __init__(self, report, options: ReportOptions):
        self.report = report
        self.options = options
        self.family_names: dict[str, set[str]] = {}  # families partition the names: no separate set
        self.family_stats: dict[str, FamilyStats] = {}
        self.archs_seen: set[str] = set()  # every image's arch, --arch or not: for "matches nothing"
        # (arch, name without module IDs) -> code bytes of each copy in the file's SASS images
        self.copies: dict[tuple[str, str], list[int]] = {}
        self.stable_names: dict[str, str] = {}  # the same names recur per arch: strip each once

    def add_image(self, image: ImageResult) -> None:
        r = self.report
        self.archs_seen.add(image.arch)
        if self.options.archs is not None and image.arch not in self.options.archs:
            r.filtered_bytes += image.stored_bytes
            return
        r.stored_bytes += image.stored_bytes
        r.image_bytes += image.image_bytes
        r.images[image.kind] = r.images.get(image.kind, 0) + 1
        r.compression[image.compression] = r.compression.get(image.compression, 0) + 1
        arch = r.archs.setdefault(image.arch, ArchStats(image.kind))
        kind = r.kinds.setdefault(image.kind, ArchStats(image.kind))
        section = r.sections.setdefault(image.section, SectionStats())
        for stats in (arch, kind, section):
            stats.images += 1
            stats.stored_bytes += image.stored_bytes
        arch.image_bytes += image.image_bytes
        kind.image_bytes += image.image_bytes
        if image.kind == "sass":
            # An image that was not parsed (undecodable) is all `other`: the figures still add
            # up to the SASS images' bytes.
            parts = image.image_sections or {"other": image.image_bytes}
            if arch.image_sections is None:
                arch.image_sections = empty_sections()
            for key, value in parts.items():
                arch.image_sections[key] += value
                r.image_sections[key] += value
        if r.what_if_compress is not None:
            for mode in compress_modes.MODES:
                r.what_if_compress[mode] += image.stored_bytes if image.what_if is None else image.what_if[mode]
        r.image_loads.append(ImageLoad(image.container, image.arch, image.kind, image.load_bytes, image.image_bytes,
                                       image.error is None, image.kernel_total, image.section, image.data_bytes))
        if image.error is not None:
            r.images["undecodable"] += 1
            r.undecodable.append(Undecodable(image.offset, image.section, image.arch, image.kind, image.error))
        if image.kind == "ptx":
            arch.kernels += image.ptx_entries
            kind.kernels += image.ptx_entries
            return
        r.global_symbols += image.global_symbols
        section.global_symbols += image.global_symbols
        counted = 0
        for family, (count, code_bytes, names, sizes) in image.families.items():
            stats = self.family_stats.get(family)
            if stats is None:
                stats = self.family_stats[family] = FamilyStats(family)
                self.family_names[family] = set()
            stats.kernels += count
            stats.code_bytes += code_bytes
            r.code_bytes += code_bytes
            self.family_names[family].update(names)
            counted += count
            for name, size in zip(names, sizes):
                stable = self.stable_names.get(name)
                if stable is None:
                    stable = self.stable_names[name] = strip_module_ids(name)
                self.copies.setdefault((image.arch, stable), []).append(size)
        if r.kernel_rows is not None and image.rows:
            r.kernel_rows.extend(KernelRow(name, family, image.arch, *rest) for name, family, *rest in image.rows)
        arch.kernels += counted
        kind.kernels += counted
        section.kernels += counted
        r.kernels += counted

    def finish(self) -> None:
        r = self.report
        r.distinct_kernels = sum(len(names) for names in self.family_names.values())
        for name, stats in self.family_stats.items():
            stats.distinct_kernels = len(self.family_names[name])
        r.families = sorted(self.family_stats.values(), key=lambda f: (-f.code_bytes, -f.kernels, f.name))
        r.duplicates = sorted((Duplicate(name, arch, len(sizes), sum(sizes) - max(sizes))
                               for (arch, name), sizes in self.copies.items() if len(sizes) > 1),
                              key=lambda d: (-d.wasted_bytes, d.name, d.arch))
        r.duplicate_bytes = sum(d.wasted_bytes for d in r.duplicates)
        self.stable_names.clear()


def _cross_duplicates(files: list[FileReport], accumulators: list["_Accumulator"]) -> list[CrossDuplicate]:
    """Kernels present for one arch in more than one file: each file's largest copy stands for
    it, and all but the largest of those are waste (copies within a file are its duplicates)."""
    found: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for file, acc in zip(files, accumulators):
        for key, sizes in acc.copies.items():
            found.setdefault(key, []).append((file.path, max(sizes)))
    out = [CrossDuplicate(name, arch, [path for path, _ in held],
                          sum(size for _, size in held) - max(size for _, size in held))
           for (arch, name), held in found.items() if len(held) > 1]
    return sorted(out, key=lambda d: (-d.wasted_bytes, d.name, d.arch))


def _merge_into_totals(totals: Totals, acc: _Accumulator, file: FileReport, fam_names: dict,
                       fam_stats: dict) -> None:
    totals.files += 1
    for attr in ("size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "overhead_bytes",
                 "filtered_bytes", "kernels", "global_symbols", "duplicate_bytes"):
        setattr(totals, attr, getattr(totals, attr) + getattr(file, attr))
    for key, value in file.image_sections.items():
        totals.image_sections[key] += value
    for key, value in file.images.items():
        totals.images[key] = totals.images.get(key, 0) + value
    for key, value in file.compression.items():
        totals.compression[key] = totals.compression.get(key, 0) + value
    if file.what_if_compress is not None:
        if totals.what_if_compress is None:
            totals.what_if_compress = dict.fromkeys(file.what_if_compress, 0)
        for key, value in file.what_if_compress.items():
            totals.what_if_compress[key] += value
    for table_name in ("archs", "kinds"):
        table = getattr(totals, table_name)
        for key, stats in getattr(file, table_name).items():
            into = table.setdefault(key, ArchStats(stats.kind))
            into.images += stats.images
            into.kernels += stats.kernels
            into.stored_bytes += stats.stored_bytes
            into.image_bytes += stats.image_bytes
            if stats.image_sections is not None:
                if into.image_sections is None:
                    into.image_sections = empty_sections()
                for part, value in stats.image_sections.items():
                    into.image_sections[part] += value
    for key, stats in file.sections.items():
        into = totals.sections.setdefault(key, SectionStats())
        for attr in ("containers", "images", "kernels", "global_symbols", "stored_bytes", "overhead_bytes"):
            setattr(into, attr, getattr(into, attr) + getattr(stats, attr))
    for family, stats in acc.family_stats.items():
        into = fam_stats.setdefault(family, FamilyStats(family))
        into.kernels += stats.kernels
        into.code_bytes += stats.code_bytes
        fam_names.setdefault(family, set()).update(acc.family_names[family])


# ---------------------------------------------------------------- driver

def _batches(work: list[Work], parts: int) -> list[list[Work]]:
    """Split work into batches of similar stored size, keeping each container whole: its images
    share kernel names across archs, so each name is demangled in one worker only. Many more
    batches than workers keeps them all busy to the end."""
    containers: dict[ContainerKey, list[Work]] = {}
    for item in work:
        containers.setdefault(item.key, []).append(item)
    groups = sorted(containers.values(), key=lambda g: -sum(w.stored for w in g))
    total = sum(w.stored for w in work)
    target = max(total // (parts * 8), 1)
    batches, current, size = [], [], 0
    for group in groups:
        current.extend(group)
        size += sum(w.stored for w in group)
        if size >= target:
            batches.append(current)
            current, size = [], 0
    if current:
        batches.append(current)
    return batches


def _run(plan: FilePlan, options: ReportOptions, on_progress=None):
    """Yield image results for a plan, in worker processes when it is large enough to pay."""
    jobs = options.jobs or os.cpu_count() or 1
    total = sum(w.stored for w in plan.work)
    if jobs <= 1 or total < PARALLEL_THRESHOLD or len(plan.work) < 2:
        for work in plan.work:
            yield from decode(work)
            if on_progress:
                on_progress(work.stored)
        return
    # Imported here: a report served from the cache starts no worker (30 ms of imports saved).
    import multiprocessing

    from ..core import workers

    batches = _batches(plan.work, jobs)
    context = multiprocessing.get_context("fork")  # workers inherit the walk's open descriptors
    # Workers die with kfoot (even kill -9), ignore Ctrl-C, and are killed, not waited for, when
    # this generator unwinds (Ctrl-C, SIGTERM, an error, or the caller closing it).
    with workers.worker_pool(min(jobs, len(batches)), mp_context=context) as pool:
        for batch, packed in zip(batches, pool.map(_decode_batch, batches)):
            yield from _unpack_batch(packed)
            if on_progress:
                on_progress(sum(w.stored for w in batch))


# ---------------------------------------------------------------- the report cache

_HASH_CHUNK = 1 << 20


def _digest(found: walk.Found) -> str:
    """sha256 of a container's (or raw cubin's) bytes, read a chunk at a time."""
    digest = hashlib.sha256()
    for start in range(0, found.size, _HASH_CHUNK):
        digest.update(found.window.read(found.key.offset + start, min(_HASH_CHUNK, found.size - start)))
    return digest.hexdigest()


def _cache_options(work: Work) -> str:
    """Everything besides the container's bytes that changes its results."""
    return json.dumps([work.resources, work.ptx, work.kernel_filter, work.load, work.what_if, work.budget,
                       PTX_CHECK_BYTES])


def _to_cache(images: list[ImageResult], base: int) -> dict:
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


def _from_cache(body, section: str, key: ContainerKey) -> list[ImageResult]:
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


def _results(binary: walk.Binary, plan: FilePlan, options: ReportOptions, cache: ReportCache | None,
             on_progress=None):
    """Each container's image results, in the order the walk found the containers: from the
    report cache where it holds them (keyed by the container's sha256 and the options), decoded
    (and stored in the cache) where it does not."""
    by_key: dict[ContainerKey, list[Work]] = {}
    for work in plan.work:
        by_key.setdefault(work.key, []).append(work)
    cache = cache if by_key else None
    hits: dict[ContainerKey, list[ImageResult]] = {}
    keys: dict[ContainerKey, tuple[str, str]] = {}
    if cache is not None:
        found = {f.key: f for f in binary.containers if f.key in by_key}
        # hashlib and pread let go of the GIL: threads hash on every core. (Looking entries up
        # while they hash was slower on two cores: the lookups take a core from the hashing.)
        with ThreadPoolExecutor(max_workers=min(len(found), os.cpu_count() or 1)) as pool:
            digests = dict(zip(found, pool.map(_digest, found.values())))
        for key, works in by_key.items():
            keys[key] = digest, cache_key = digests[key], ReportCache.key(digests[key], _cache_options(works[0]))
            body = cache.get(cache_key, digest)
            if body is None:
                continue
            try:
                hits[key] = _from_cache(body, works[0].section, key)
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # tampered or from a kfoot that wrote it differently: decoded again
            if on_progress:
                on_progress(sum(w.stored for w in works))
    todo = FilePlan(binary, [w for w in plan.work if w.key not in hits])
    decoded: dict[ContainerKey, list[ImageResult]] = {}
    for image in _run(todo, options, on_progress):
        decoded.setdefault(image.container, []).append(image)
    # Entries are written by threads while the images are added up (a write is mostly system
    # calls: 1.5 ms each here, 0.3 s for libcusparse's 173 containers one after another).
    with ThreadPoolExecutor(max_workers=4) as writers:
        for key in by_key:
            if key in hits:
                yield hits[key]
                continue
            images = decoded.get(key, [])
            if cache is not None:
                writers.submit(cache.put, keys[key][1], keys[key][0], _to_cache(images, key.offset))
            yield images


def analyze_paths(paths, options: ReportOptions | None = None, progress_factory=None) -> Report:
    """Report on every CUDA binary under `paths`. Raises KfootError for bad input."""
    options = options or ReportOptions()
    totals = Totals()
    fam_names: dict[str, set] = {}
    fam_stats: dict[str, FamilyStats] = {}
    files, accumulators = [], []
    cache = ReportCache.from_env() if options.cache else None
    # Each binary is open while it is analysed and closed when the walk moves on.
    with contextlib.closing(walk.walk(paths, options.sections)) as binaries:
        for binary in binaries:
            file, acc = _analyze(binary, options, progress_factory, cache)
            files.append(file)
            accumulators.append(acc)
            _merge_into_totals(totals, acc, file, fam_names, fam_stats)
    if cache is not None and cache.written:
        cache.prune()  # once per run: a folder of many binaries lists the cache once
    if not files:
        raise KfootError("no CUDA device code found in: " + ", ".join(str(p) for p in paths))

    totals.duplicates_across_files = _cross_duplicates(files, accumulators)
    totals.duplicate_bytes += sum(d.wasted_bytes for d in totals.duplicates_across_files)
    totals.distinct_kernels = sum(len(names) for names in fam_names.values())
    for family, stats in fam_stats.items():
        stats.distinct_kernels = len(fam_names[family])
        # The names diff and gate list as added or removed; without nvcc's per-build module IDs,
        # so a rebuild of the same sources lists none.
        stats.kernel_names = sorted({strip_module_ids(n) for n in fam_names[family]})
    totals.families = sorted(fam_stats.values(), key=lambda f: (-f.code_bytes, -f.kernels, f.name))
    report = Report(files, totals, options.to_dict())
    report.archs_present = sorted({a for acc in accumulators for a in acc.archs_seen})
    return report


def _budget(plan: FilePlan, options: ReportOptions) -> None:
    """Give each work item its decoder's share of the memory bound: all of it when the file is
    decoded in this process, an equal part per worker when workers decode it (as _run decides)."""
    bound = options.max_memory if options.max_memory is not None else max_memory()
    jobs = options.jobs or os.cpu_count() or 1
    total = sum(w.stored for w in plan.work)
    decoders = 1 if jobs <= 1 or total < PARALLEL_THRESHOLD or len(plan.work) < 2 else jobs
    for work in plan.work:
        work.budget = bound // decoders


def _analyze(binary: walk.Binary, options: ReportOptions, progress_factory,
             cache: ReportCache | None = None) -> tuple[FileReport, _Accumulator]:
    plan = _plan(binary, options)
    _budget(plan, options)
    file = FileReport(path=str(binary.path), format=binary.format, size=binary.size,
                      stored_size=binary.stored_size, members=list(binary.members),
                      kernel_rows=[] if options.kernel_rows else None,
                      what_if_compress=dict.fromkeys(compress_modes.MODES, 0) if options.what_if_compress else None)
    acc = _Accumulator(file, options)
    advance = progress_factory(binary.path, sum(w.stored for w in plan.work)) if progress_factory else None
    for images in _results(binary, plan, options, cache, advance):
        for image in images:
            acc.add_image(image)
    acc.finish()
    region_bytes = 0
    for region in binary.regions:
        region_bytes += region.size
        file.sections.setdefault(region.section, SectionStats()).overhead_bytes += region.size
    for section, slots in plan.slots.items():
        file.sections[section].overhead_bytes -= slots
    file.overhead_bytes = region_bytes - sum(plan.slots.values())
    if file.what_if_compress is not None:  # headers and padding keep their size in every mode
        for mode in file.what_if_compress:
            file.what_if_compress[mode] += file.overhead_bytes
    for section, count in plan.containers_by_section.items():
        file.sections.setdefault(section, SectionStats()).containers = count
    file.filtered_bytes += binary.filtered_bytes
    file.host_bytes = binary.size - region_bytes - binary.filtered_bytes
    return file, acc
