"""Adding image results up into a file's figures, and files into the totals: every byte of a file
lands in exactly one bucket (host, container overhead, device per arch, filtered out)."""

from __future__ import annotations

import functools

from ..binary import compress_modes
from .decode import ImageResult
from .families import strip_module_ids
from .model import (ArchStats, CrossDuplicate, Duplicate, FamilyStats, Figures, FileReport, ImageLoad,
                    SectionStats, Totals, Undecodable, empty_sections)


# The same names recur in every arch's image: each is stripped once (a C-level cache lookup after).
_stable_name = functools.lru_cache(maxsize=1 << 17)(strip_module_ids)


class _Names:
    """One side's families (loaded, or the relocatable copies): their figures and name sets."""

    def __init__(self):
        self.family_names: dict[str, set[str]] = {}  # families partition the names: no separate set
        self.family_stats: dict[str, FamilyStats] = {}


class Accumulator:
    """Adds image results into figures; keeps the name sets needed for distinct counts.

    Relocatable copies (ImageResult.relocatable: never loaded) are added into the file's
    `relocatable` figures, the loaded images into the file's own: the two never mix, and only
    loaded kernels can be duplicates. Sections are where the bytes lie, and count both."""

    def __init__(self, report, options):
        self.report = report
        self.options = options
        self.loaded, self.never_loaded = _Names(), _Names()
        if report.relocatable is None:
            report.relocatable = Figures()
        self.archs_seen: set[str] = set()  # every image's arch, --arch or not: for "matches nothing"
        # Every loaded SASS kernel's name and code bytes, per arch, in the order found: duplicates
        # (the same name without module IDs, found more than once for an arch) are found once at
        # the end. Extending two flat columns per family is C-speed work; the set and dict work
        # per image that this replaced was a third of MXNet 1.7's serial add-up (0.6 s).
        self.names_by_arch: dict[str, list[str]] = {}
        self.sizes_by_arch: dict[str, list[int]] = {}
        self.more_copies: dict[tuple[str, str], list[int]] = {}  # (arch, name): each copy's bytes (finish)
        # A file served whole from the report cache: fills the two columns above when copies() is
        # first asked (only cross-file duplicates need them), and more_copies from them.
        self.pending_copies = None

    @property
    def family_names(self) -> dict[str, set[str]]:
        return self.loaded.family_names

    @property
    def family_stats(self) -> dict[str, FamilyStats]:
        return self.loaded.family_stats

    def add_image(self, image: ImageResult) -> None:
        file = self.report
        self.archs_seen.add(image.arch)
        if self.options.archs is not None and image.arch not in self.options.archs:
            file.filtered_bytes += image.stored_bytes
            return
        r, side = (file.relocatable, self.never_loaded) if image.relocatable else (file, self.loaded)
        r.stored_bytes += image.stored_bytes
        r.image_bytes += image.image_bytes
        r.images[image.kind] = r.images.get(image.kind, 0) + 1
        r.compression[image.compression] = r.compression.get(image.compression, 0) + 1
        arch = r.archs.setdefault(image.arch, ArchStats(image.kind))
        kind = r.kinds.setdefault(image.kind, ArchStats(image.kind))
        section = file.sections.setdefault(image.section, SectionStats())
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
        if file.what_if_compress is not None:  # every container's bytes, relocatable ones too
            for mode in compress_modes.MODES:
                file.what_if_compress[mode] += image.stored_bytes if image.what_if is None else image.what_if[mode]
        file.image_loads.append(ImageLoad(image.container, image.arch, image.kind, image.load_bytes, image.image_bytes,
                                          image.error is None, image.kernel_total, image.section, image.data_bytes,
                                          image.offset, image.relocatable))
        if image.error is not None:
            r.images["undecodable"] += 1
            file.undecodable.append(Undecodable(image.offset, image.section, image.arch, image.kind, image.error))
        if image.kind == "ptx":
            arch.kernels += image.ptx_entries
            kind.kernels += image.ptx_entries
            return
        r.global_symbols += image.global_symbols
        section.global_symbols += image.global_symbols
        counted = 0
        names = sizes = None
        for family, group in image.families.items():
            stats = side.family_stats.get(family)
            if stats is None:
                stats = side.family_stats[family] = FamilyStats(family)
                side.family_names[family] = set()
            stats.kernels += group.kernels
            stats.code_bytes += group.code_bytes
            r.code_bytes += group.code_bytes
            side.family_names[family].update(group.names)
            counted += group.kernels
            if not image.relocatable:  # never loaded: not a duplicate of the linked copy
                if names is None:
                    names = self.names_by_arch.setdefault(image.arch, [])
                    sizes = self.sizes_by_arch.setdefault(image.arch, [])
                names += group.names
                sizes.extend(group.sizes)
        if file.kernel_rows is not None and image.rows:
            if image.relocatable:
                for row in image.rows:
                    row.relocatable = True
            file.kernel_rows.extend(image.rows)
        arch.kernels += counted
        kind.kernels += counted
        section.kernels += counted
        r.kernels += counted

    def _find_copies(self) -> None:
        """more_copies: every (arch, name without module IDs) found more than once, with each
        copy's code bytes in the order found. Column-wise: MXNet 1.7 has 546,647 loaded kernels
        and 53,256 names found more than once; a Python loop over them took 0.5 s."""
        if not self.names_by_arch:
            return
        import numpy as np

        raw_ids: dict[str, int] = {}  # a name recurs in many images: each is stripped once
        columns = {arch: np.fromiter([raw_ids.setdefault(name, len(raw_ids)) for name in raw_names], np.int64,
                                     len(raw_names)) for arch, raw_names in self.names_by_arch.items()}
        stable_ids: dict[str, int] = {}
        stable_of_raw = np.fromiter([stable_ids.setdefault(_stable_name(name), len(stable_ids)) for name in raw_ids],
                                    np.int64, len(raw_ids))
        stable_names = list(stable_ids)
        for arch, ids in columns.items():
            stable = stable_of_raw[ids]
            found = np.bincount(stable, minlength=len(stable_names))
            again = np.flatnonzero(found[stable] > 1)
            if not len(again):
                continue
            order = again[np.argsort(stable[again], kind="stable")]  # stable: copies stay in the order found
            by_name = stable[order]
            starts = np.flatnonzero(np.diff(by_name, prepend=-1))
            sizes = np.asarray(self.sizes_by_arch[arch], np.int64)[order].tolist()
            ends = starts[1:].tolist() + [len(order)]
            self.more_copies.update(((arch, stable_names[name]), sizes[start:end])
                                    for name, start, end in zip(by_name[starts].tolist(), starts.tolist(), ends))

    def copies(self):
        """((arch, name without module IDs), code bytes of each copy) for every loaded SASS kernel."""
        if self.pending_copies is not None:
            self.pending_copies, fill = None, self.pending_copies
            fill()
            self._find_copies()
        for arch, raw_names in self.names_by_arch.items():
            first = dict(zip(map(_stable_name, reversed(raw_names)), reversed(self.sizes_by_arch[arch])))
            for name, size in first.items():
                yield (arch, name), self.more_copies.get((arch, name)) or [size]

    def finish(self, duplicates: list[Duplicate] | None = None) -> None:
        """The figures derived from what was added up; `duplicates`: the file's, already found
        (a file served whole from the report cache), else found here."""
        r = self.report
        if duplicates is None:
            self._find_copies()
            duplicates = sorted((Duplicate(name, arch, len(sizes), sum(sizes) - max(sizes))
                                 for (arch, name), sizes in self.more_copies.items()),
                                key=lambda d: (-d.wasted_bytes, d.name, d.arch))
        for figures, side in ((r, self.loaded), (r.relocatable, self.never_loaded)):
            figures.distinct_kernels = sum(len(names) for names in side.family_names.values())
            for name, stats in side.family_stats.items():
                stats.distinct_kernels = len(side.family_names[name])
            figures.families = sorted(side.family_stats.values(), key=lambda f: (-f.code_bytes, -f.kernels, f.name))
        r.relocatable_kernels, r.relocatable_bytes = r.relocatable.kernels, r.relocatable.stored_bytes
        r.duplicates = duplicates
        r.duplicate_bytes = sum(d.wasted_bytes for d in r.duplicates)


def cross_duplicates(files: list[FileReport], accumulators: list["Accumulator"]) -> list[CrossDuplicate]:
    """Kernels present for one arch in more than one file: each file's largest copy stands for
    it, and all but the largest of those are waste (copies within a file are its duplicates)."""
    if len(files) < 2:  # nothing to find, and MXNet's 546,647 kernels took a second to look at
        return []
    found: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for file, acc in zip(files, accumulators):
        for key, sizes in acc.copies():
            found.setdefault(key, []).append((file.path, max(sizes)))
    out = [CrossDuplicate(name, arch, [path for path, _ in held],
                          sum(size for _, size in held) - max(size for _, size in held))
           for (arch, name), held in found.items() if len(held) > 1]
    return sorted(out, key=lambda d: (-d.wasted_bytes, d.name, d.arch))


def merge_into_totals(totals: Totals, acc: Accumulator, file: FileReport, fam_names: dict,
                       fam_stats: dict, relocatable_names: dict | None = None) -> None:
    """Add a file's figures into the totals; its families' names into `fam_names` (and the
    relocatable copies' into `relocatable_names`), for the distinct counts over all files."""
    totals.files += 1
    for attr in ("size", "host_bytes", "overhead_bytes", "filtered_bytes", "duplicate_bytes", "relocatable_kernels",
                 "relocatable_bytes"):
        setattr(totals, attr, getattr(totals, attr) + getattr(file, attr))
    for key, stats in file.sections.items():
        into = totals.sections.setdefault(key, SectionStats())
        for attr in ("containers", "images", "kernels", "global_symbols", "stored_bytes", "overhead_bytes"):
            setattr(into, attr, getattr(into, attr) + getattr(stats, attr))
    if file.what_if_compress is not None:
        if totals.what_if_compress is None:
            totals.what_if_compress = dict.fromkeys(file.what_if_compress, 0)
        for key, value in file.what_if_compress.items():
            totals.what_if_compress[key] += value
    if totals.relocatable is None:
        totals.relocatable = Figures()
    for into, figures, side, names in ((totals, file, acc.loaded, fam_names),
                                       (totals.relocatable, file.relocatable, acc.never_loaded,
                                        {} if relocatable_names is None else relocatable_names)):
        _merge_figures(into, figures)
        stats_into = fam_stats if into is totals else {f.name: f for f in into.families}
        for family, stats in side.family_stats.items():
            into_family = stats_into.setdefault(family, FamilyStats(family))
            into_family.kernels += stats.kernels
            into_family.code_bytes += stats.code_bytes
            names.setdefault(family, set()).update(side.family_names[family])
        if into is not totals:
            into.families = list(stats_into.values())


def _merge_figures(into, figures) -> None:
    """The image figures of a file (or its relocatable copies) added into the totals'."""
    for attr in ("stored_bytes", "image_bytes", "code_bytes", "kernels", "global_symbols"):
        setattr(into, attr, getattr(into, attr) + getattr(figures, attr))
    for key, value in figures.image_sections.items():
        into.image_sections[key] += value
    for key, value in figures.images.items():
        into.images[key] = into.images.get(key, 0) + value
    for key, value in figures.compression.items():
        into.compression[key] = into.compression.get(key, 0) + value
    for table_name in ("archs", "kinds"):
        table = getattr(into, table_name)
        for key, stats in getattr(figures, table_name).items():
            entry = table.setdefault(key, ArchStats(stats.kind))
            entry.images += stats.images
            entry.kernels += stats.kernels
            entry.stored_bytes += stats.stored_bytes
            entry.image_bytes += stats.image_bytes
            if stats.image_sections is not None:
                if entry.image_sections is None:
                    entry.image_sections = empty_sections()
                for part, value in stats.image_sections.items():
                    entry.image_sections[part] += value
