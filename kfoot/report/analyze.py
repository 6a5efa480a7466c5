"""From paths to a Report: find every fatbin container, decode every image, add it all up.

Three steps per file:
1. plan (here): the file as kfoot.binary.walk found it (ELF sections, archive members, wheel
   members, container and entry headers, which are small) becomes work items; payloads are not
   touched.
2. decode (kfoot.report.decode): each image's payload is read, decompressed and parsed on its
   own, in worker processes for large files, so memory holds one image per worker, never the
   library; or its results come from the report cache (kfoot.report.result_codec).
3. accumulate (kfoot.report.accumulate): per-image results are added into the file's figures;
   every byte of the file lands in exactly one bucket (host, container overhead, device per
   arch, filtered out).
"""

from __future__ import annotations

import collections
import contextlib
import functools
import gc
import json
import os
import signal
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from ..binary import compress_modes, fatbin, walk
from ..binary.walk import ContainerKey
from ..core import workers
from ..core.errors import KfootError
from ..core.heap import collector_paused, reuse_freed_memory
from ..core.limits import max_memory
from . import result_codec
from .accumulate import Accumulator, cross_duplicates, merge_into_totals
from .decode import ImageResult, Work, decode_batch, decode_many, unpack_batch
from .families import stable_name
from .model import Duplicate, FamilyStats, FileReport, Filters, Report, SectionStats, Totals
from .name_filter import check_filter
from .result_cache import ReportCache

# Below this many payload bytes in a file, worker processes cost more than they save.
PARALLEL_THRESHOLD = 24 << 20
# Report cache entries written under one taking of the store's lock.
WRITE_BATCH = 32
# Encoded entries held back while the workers decode (written once they are done), at most.
WRITE_HOLD = 64 << 20

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
    fingerprints: bool = False  # kernel rows with their code fingerprints (kfoot explain), resources only with kernel_rows
    image_sections: bool = True  # measure each SASS image's bytes by section category (kfoot explain does not read them)
    cache: bool = False  # reuse per-container results from the report cache (kfoot.report.result_cache; KFOOT_CACHE=0: off)

    @property
    def filters(self) -> Filters:
        """The options that narrow what the figures count (the report keeps them)."""
        return Filters.of(self.sections, self.archs, self.kernel_filter)


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
    options_flags = {"resources": options.kernel_rows, "ptx": options.ptx_entries,
                     "kernel_filter": options.kernel_filter, "load": options.load_bytes,
                     "what_if": options.what_if_compress, "fingerprints": options.fingerprints,
                     "image_sections": options.image_sections}
    for found in binary.containers:
        section, container = found.section, found.container
        flags = {**options_flags, "relocatable": found.relocatable}
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


# ---------------------------------------------------------------- driver

def _batches(work: list[Work], parts: int) -> list[list[Work]]:
    """Split work into batches of similar stored size, keeping each container whole: its images
    share kernel names across archs, so each name is demangled in one worker only. Many more
    batches than workers keeps them all busy to the end. Batches hold containers in the walk's
    order, so that the parent adds each batch up while the workers decode the next ones (it adds
    containers in that order: _results)."""
    containers: dict[ContainerKey, list[Work]] = {}
    for item in work:
        containers.setdefault(item.key, []).append(item)
    groups = list(containers.values())
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


def _jobs(options: ReportOptions) -> int:
    """How many processes may decode at once (-j, else one per core)."""
    return options.jobs or os.cpu_count() or 1


def _uses_workers(plan: FilePlan, options: ReportOptions) -> bool:
    """Whether the plan is decoded by worker processes: when it is large enough to pay."""
    return _jobs(options) > 1 and sum(w.stored for w in plan.work) >= PARALLEL_THRESHOLD and len(plan.work) >= 2


def _worker_imports() -> None:
    """What starting the workers imports, imported here (once; then free): not at the top,
    since a report served from the cache starts no worker (30 ms of imports saved); and early by
    a first report, while its threads hash the containers (on MXNet 1.7, 0.1-0.15 s with one
    core idle otherwise)."""
    import multiprocessing  # noqa: F401
    import multiprocessing.context  # noqa: F401

    # numpy (the cubin parser's) before the fork, so that workers inherit it: each imported it
    # again, 0.14 s of CPU each on MXNet 1.6, and the parent needs it anyway (duplicates).
    import numpy  # noqa: F401


def _run(plan: FilePlan, options: ReportOptions, on_progress=None, encode=None):
    """Yield (containers now wholly decoded, image results, report cache entries) for a plan, in
    worker processes when it is large enough to pay. With `encode`, the workers encode each
    container's entry (decode_batch); decoded here, none are ({}: the caller encodes them)."""
    if not _uses_workers(plan, options):
        left: dict[ContainerKey, int] = {}
        for work in plan.work:
            left[work.key] = left.get(work.key, 0) + 1
        for work, decoded in decode_many(plan.work):
            left[work.key] -= 1
            yield ([work.key] if not left[work.key] else []), decoded, {}
            if on_progress:
                on_progress(work.stored)
        return
    _worker_imports()
    jobs = _jobs(options)
    batches = _batches(plan.work, jobs)
    import multiprocessing

    context = multiprocessing.get_context("fork")  # workers inherit the walk's open descriptors
    # Each worker keeps the memory it frees for the next image, within its share of the bound.
    share = plan.work[0].memory_share or max_memory() // jobs
    # Workers die with kfoot (even kill -9), ignore Ctrl-C, and are killed, not waited for, when
    # this generator unwinds (Ctrl-C, SIGTERM, an error, or the caller closing it).
    with workers.worker_pool(min(jobs, len(batches)), mp_context=context, initializer=reuse_freed_memory,
                             initargs=(share,)) as pool:
        decoder = decode_batch if encode is None else functools.partial(decode_batch, encode=encode)
        # Not pool.map: its iterator cancels the waiting futures as it unwinds, and Python 3.11's
        # pool, finding its killed workers, then sets an error on a cancelled future and prints
        # that thread's traceback (InvalidStateError). Each result is let go once yielded.
        pending = collections.deque(pool.submit(decoder, batch) for batch in batches)
        for batch in batches:
            packed = pending.popleft().result()
            yield [w.key for w in batch], unpack_batch(packed), packed[2]
            if on_progress:
                on_progress(sum(w.stored for w in batch))



def _results(binary: walk.Binary, plan: FilePlan, options: ReportOptions, cache: ReportCache | None,
             digests: dict[ContainerKey, str], writer: ThreadPoolExecutor | None, on_progress=None):
    """Each container's image results, in the order the walk found the containers: from the
    report cache where it holds them (keyed by the container's digest, from `digests`, and the
    options), decoded (and stored in the cache, by `writer`'s thread) where it does not."""
    by_key: dict[ContainerKey, list[Work]] = {}
    for work in plan.work:
        by_key.setdefault(work.key, []).append(work)
    cache = cache if by_key else None
    hits: dict[ContainerKey, list[ImageResult]] = {}
    keys: dict[ContainerKey, tuple[str, str]] = {}
    if cache is not None:
        for key, works in by_key.items():
            keys[key] = digest, cache_key = digests[key], ReportCache.key(digests[key], result_codec.cache_options(works[0]))
            body = cache.get(cache_key, digest)
            if body is None:
                continue
            try:
                hits[key] = result_codec.from_cache(body, works[0].section, key, works[0].relocatable)
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # tampered or from a kfoot that wrote it differently: decoded again
            if on_progress:
                on_progress(sum(w.stored for w in works))
    todo = FilePlan(binary, [w for w in plan.work if w.key not in hits])
    decoded: dict[ContainerKey, list[ImageResult]] = {}
    # Containers are yielded in the walk's order as soon as they and those before them are
    # decoded: the images are added up while the workers decode the rest.
    order, done, given = list(by_key), set(hits), 0
    # The workers encode the entries of what they decode, beside its results (encoded from the
    # results here, they had cost MXNet 1.7's first report 0.6 s of CPU). `writer`'s thread
    # writes them once the workers are done, while the last images are added up and the file
    # is finished with a core idle (the file system calls let go of the GIL); written as they
    # came, they took 0.14-0.35 s of CPU from the decoding, when both cores are busy. Held
    # entries are written early past WRITE_HOLD bytes, so memory stays bounded.
    encode = result_codec.entry_bytes if cache is not None and writer is not None else None
    held: list[tuple[str, str, bytes]] = []
    held_bytes = 0
    for keys_done, images, entries in _run(todo, options, on_progress, encode):
        for image in images:
            decoded.setdefault(image.container, []).append(image)
        done.update(keys_done)
        if encode is not None:
            for key in dict.fromkeys(keys_done):  # a worker's batch names a container once per image
                body = entries[key] if key in entries else encode(decoded.get(key, []), key.offset)
                if body is not None:
                    held.append((keys[key][1], keys[key][0], body))
                    held_bytes += len(body)
            if held_bytes >= WRITE_HOLD:
                _write_entries(writer, cache, held)
                held, held_bytes = [], 0
        while given < len(order) and order[given] in done:
            yield hits.get(order[given]) or decoded.get(order[given], [])
            given += 1
    if held:
        _write_entries(writer, cache, held)
    for key in order[given:]:
        yield hits[key] if key in hits else decoded.get(key, [])


def _write_entries(writer: ThreadPoolExecutor, cache: ReportCache, entries: list[tuple[str, str, bytes]]) -> None:
    """Have `writer`'s thread store the entries, WRITE_BATCH under each taking of the store's lock."""
    for start in range(0, len(entries), WRITE_BATCH):
        writer.submit(cache.put_many, entries[start:start + WRITE_BATCH])


def _apart(store) -> int | None:
    """Run `store` in a forked process: the pid to wait for, or None when it ran here (no fork)."""
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        store()
        return None
    if pid:
        return pid
    try:  # the child: never prints, never returns into the caller's code
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to decide
        workers.die_with_parent(parent)
        gc.disable()  # short-lived: what it allocates goes when it exits
        store()
    finally:
        os._exit(0)


@contextlib.contextmanager
def _waited(writers: list[int]):
    """Wait for the report cache's forked writers (the whole-file records) when the block is
    done, however it ends (a reader that closed the pipe early, an error: what was decoded is
    still stored); kill them when it is interrupted (Ctrl-C, SIGTERM: stop promptly)."""
    try:
        yield
    except KeyboardInterrupt:  # Ctrl-C, and SIGTERM (workers.Terminated is one)
        for pid in writers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        raise
    finally:
        for pid in writers:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


def _digests(found: dict[ContainerKey, walk.Found], cache: ReportCache, meanwhile=None) -> dict[ContainerKey, str]:
    """Each container's digest (result_codec.digest): remembered from an earlier report while its file is unchanged
    (ReportCache.file_stamp), else computed, and then remembered. `meanwhile` is called while
    the threads hash."""
    stamps: dict[int, str | None] = {}
    known: dict[int, dict[str, str]] = {}
    digests, todo = {}, {}
    for key, item in found.items():
        fd = item.window.fd
        if fd not in stamps:
            stamps[fd] = cache.file_stamp(fd)
            known[fd] = cache.remembered_digests(stamps[fd]) if stamps[fd] is not None else {}
        digest = known[fd].get(_position(item))
        if digest is not None:
            digests[key] = digest
        else:
            todo[key] = item
    if todo:
        # hashlib and pread let go of the GIL: threads hash on every core. (Looking entries up
        # while they hash was slower on two cores: the lookups take a core from the hashing.)
        with ThreadPoolExecutor(max_workers=min(len(todo), os.cpu_count() or 1)) as pool:
            hashed = pool.map(result_codec.digest, todo.values())
            if meanwhile is not None:
                meanwhile()
            digests.update(zip(todo, hashed))
        for fd in {item.window.fd for item in todo.values()}:
            if stamps[fd] is not None:
                cache.remember_digests(stamps[fd], {**known[fd], **{
                    _position(item): digests[key] for key, item in found.items() if item.window.fd == fd}})
    return digests


def _position(found: walk.Found) -> str:
    """Where a container lies in its open file, and its size: what a remembered digest is of."""
    return f"{found.window.base + found.key.offset}:{found.size}"


def analyze_paths(paths, options: ReportOptions | None = None, progress_factory=None) -> Report:
    """Report on every CUDA binary under `paths`. Raises KfootError for bad input: a --filter
    that is not a regular expression, no device code, an --arch that matches no image."""
    with report_of(paths, options, progress_factory) as report:
        return report


@contextlib.contextmanager
def report_of(paths, options: ReportOptions | None = None, progress_factory=None):
    """analyze_paths' report, for the block to use while the report cache's forked writers store
    what was decoded: they are waited for, and the cache pruned, when the block ends (killed if
    it ends by an exception). A command that renders the report in the block shares the cores
    with them: on MXNet 1.7 the writers' 1 s of CPU had waited before the finishing and the
    rendering, a serial 0.6 s of the first report's wall. The garbage collector stays paused in
    the block (the report's objects are long-lived; workers forked inside inherit the pause)."""
    options = options or ReportOptions()
    cache = ReportCache.from_env() if options.cache else None
    writers: list[int] = []
    with collector_paused():
        with _waited(writers):
            yield _analyze_paths(paths, options, progress_factory, cache, writers)
        if cache is not None and cache.written:
            cache.prune()  # once per run, after the writers: a folder of many binaries lists the cache once


def _analyze_paths(paths, options: ReportOptions, progress_factory, cache: ReportCache | None,
                   writers: list[int]) -> Report:
    if options.kernel_filter:
        check_filter(options.kernel_filter, "--filter")
    totals = Totals()
    fam_names: dict[str, set] = {}
    fam_stats: dict[str, FamilyStats] = {}
    relocatable_names: dict[str, set] = {}
    files, accumulators = [], []
    # Each binary is open while it is analysed and closed when the walk moves on.
    with contextlib.closing(walk.walk(paths, options.sections, totals.unreadable)) as binaries:
        for binary in binaries:
            file, acc = _analyze(binary, options, progress_factory, cache, writers)
            files.append(file)
            accumulators.append(acc)
            merge_into_totals(totals, acc, file, fam_names, fam_stats, relocatable_names)
    if not files:
        left_out = (f"; {len(totals.unreadable)} binaries kfoot cannot read were left out (first: "
                    f"{totals.unreadable[0].describe()})" if totals.unreadable else "")
        raise KfootError("no CUDA device code found in: " + ", ".join(str(p) for p in paths) + left_out)
    if options.archs and not any(f.archs for f in files):
        # Said plainly rather than an empty report: a typo (sm_99) or the wrong library.
        present = sorted({arch for acc in accumulators for arch in acc.archs_seen})
        raise KfootError(f"--arch {','.join(sorted(options.archs))} matches no image; "
                         f"the input holds {', '.join(present) or 'no images'}")

    totals.duplicates_across_files = cross_duplicates(files, accumulators)
    totals.duplicate_bytes += sum(d.wasted_bytes for d in totals.duplicates_across_files)
    totals.distinct_kernels = sum(len(names) for names in fam_names.values())
    for family, stats in fam_stats.items():
        stats.distinct_kernels = len(fam_names[family])
        # The names diff and gate list as added or removed; without nvcc's per-build module IDs,
        # so a rebuild of the same sources lists none.
        stats.kernel_names = sorted({stable_name(n) for n in fam_names[family]})
    totals.families = sorted(fam_stats.values(), key=lambda f: (-f.code_bytes, -f.kernels, f.name))
    copies = totals.relocatable
    copies.distinct_kernels = sum(len(names) for names in relocatable_names.values())
    for stats in copies.families:
        stats.distinct_kernels = len(relocatable_names[stats.name])
    copies.families.sort(key=lambda f: (-f.code_bytes, -f.kernels, f.name))
    return Report(files, totals, options.filters)


def _share_memory(plan: FilePlan, options: ReportOptions) -> None:
    """Give each work item its decoder's share of the memory bound: all of it when the file is
    decoded in this process, an equal part per worker when workers decode it (as _run decides)."""
    bound = options.max_memory if options.max_memory is not None else max_memory()
    decoders = _jobs(options) if _uses_workers(plan, options) else 1
    for work in plan.work:
        work.memory_share = bound // decoders


def _new_file(binary: walk.Binary, options: ReportOptions) -> tuple[FileReport, Accumulator]:
    """A file's report with no image added yet, and its Accumulator."""
    file = FileReport(path=str(binary.path), format=binary.format, size=binary.size,
                      stored_size=binary.stored_size, members=list(binary.members), unreadable=list(binary.unreadable),
                      kernel_rows=[] if options.kernel_rows or options.fingerprints else None,
                      what_if_compress=dict.fromkeys(compress_modes.MODES, 0) if options.what_if_compress else None)
    return file, Accumulator(file, options)


def _file_key(works: dict[ContainerKey, Work], digests: dict[ContainerKey, str], options: ReportOptions) -> str:
    """The key of the file's whole record: what changes a container's result, --arch (the add-up
    leaves other archs out), and each container's place, section, kind of copy and digest (not
    the file's path: a copy of the file elsewhere hits)."""
    first = next(iter(works.values()))
    return ReportCache.file_key(
        json.dumps([result_codec.cache_options(first), sorted(options.archs) if options.archs is not None else None]),
        [[key.member, key.base, key.offset, work.section, work.relocatable, digests[key]] for key, work in works.items()])


def _file_from_cache(cache: ReportCache, file_key: str, file: FileReport, acc: Accumulator,
                     containers: list[ContainerKey]) -> list[Duplicate] | None:
    """Fill the new `file` and `acc` from the file's whole record; the file's duplicates, or None
    when there is no sound record (then they may be half filled: not to be used)."""
    body = cache.get_file(file_key, len(containers))
    if body is None:
        return None
    try:
        return result_codec.file_from_cache(body, file, acc, containers)
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
        return None


def _store_file(cache: ReportCache, file_key: str, file: FileReport, acc: Accumulator,
                containers: list[ContainerKey]) -> None:
    try:
        body = result_codec.file_to_cache(file, acc, containers)
    except (OverflowError, TypeError):
        return  # a figure past 64 bits (a hostile binary's): added up again next time
    cache.put_file(file_key, len(containers), body)


def _analyze(binary: walk.Binary, options: ReportOptions, progress_factory, cache: ReportCache | None,
             writers: list[int]) -> tuple[FileReport, Accumulator]:
    """A file's report and Accumulator; what the report cache stores of it is stored by forked
    processes whose pids are added to `writers`."""
    plan = _plan(binary, options)
    _share_memory(plan, options)
    file, acc = _new_file(binary, options)
    payload = sum(w.stored for w in plan.work)
    advance = progress_factory(binary.path, payload) if progress_factory else None
    works: dict[ContainerKey, Work] = {}
    for work in plan.work:
        works.setdefault(work.key, work)
    containers = list(works)
    digests: dict[ContainerKey, str] = {}
    file_key, duplicates = None, None
    if cache is not None and containers:
        digests = _digests({f.key: f for f in binary.containers if f.key in works}, cache,
                           _worker_imports if _uses_workers(plan, options) else None)
        if file.kernel_rows is None:  # with kernel rows a file's record would be too large: containers' only
            file_key = _file_key(works, digests, options)
            duplicates = _file_from_cache(cache, file_key, file, acc, containers)
    if duplicates is not None:
        acc.finish(duplicates)
        if advance:
            advance(payload)
    else:
        if file_key is not None:  # a record not sound may have half filled them
            file, acc = _new_file(binary, options)
        writer = ThreadPoolExecutor(max_workers=1) if cache is not None else None
        try:
            for images in _results(binary, plan, options, cache, digests, writer, advance):
                for image in images:
                    acc.add_image(image)
            acc.finish()
        except BaseException:
            if writer is not None:
                writer.shutdown(cancel_futures=True)  # stopping (Ctrl-C, an error): the batch being written ends
            raise
        if writer is not None:
            writer.shutdown()  # before the file's record is forked: no thread is writing then
        if file_key is not None:
            pid = _apart(functools.partial(_store_file, cache, file_key, file, acc, containers))
            if pid is not None:
                writers.append(pid)
            cache.note_written(1)
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
