"""Adding image results up into a file's figures, and files into the totals: every byte of a file
lands in exactly one bucket (host, container overhead, device per arch, filtered out)."""

from __future__ import annotations

from ..binary import compress_modes
from .decode import ImageResult
from .families import stable_name
from .model import (ArchStats, CrossDuplicate, Duplicate, FamilyStats, Figures, FileReport, ImageLoad,
                    SectionStats, Totals, Undecodable, empty_sections)


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
        # Every loaded SASS kernel, per arch, in the order found: its name without module IDs (as
        # an index into stable_names) and its code bytes. Duplicates (a name found more than once
        # for an arch) are found from these columns at the end, column-wise; the set and dict work
        # per image that this replaced was a third of MXNet 1.7's serial add-up (0.6 s).
        self.ids_by_arch: dict[str, list[int]] = {}
        self.sizes_by_arch: dict[str, list[int]] = {}
        self.stable_names: list[str] = []
        self._stable_ids: dict[str, int] = {}  # name without module IDs -> its index
        self._id_of: dict[str, int] = {}  # name as found -> the index of its stable name
        # arch -> each duplicated name's index -> its largest copy's bytes (_duplicates); None: not yet found
        self.largest_copy: dict[str, dict[int, int]] | None = None
        # A file served whole from the report cache: fills the two columns above when copies() is
        # first asked (only cross-file duplicates need them).
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
        ids = sizes = None
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
                if ids is None:
                    ids = self.ids_by_arch.setdefault(image.arch, [])
                    sizes = self.sizes_by_arch.setdefault(image.arch, [])
                id_of = self._id_of
                for name in [name for name in group.names if name not in id_of]:  # each name's first time
                    id_of[name] = self._stable_id(stable_name(name))
                ids.extend(map(id_of.__getitem__, group.names))
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

    def set_copies(self, names: list[str], columns) -> None:
        """The loaded kernels, as stable_columns gives them: a file served whole from the report
        cache (copies() reads them)."""
        index = list(map(self._stable_id, names))
        for arch, ids, sizes in columns:
            self.ids_by_arch[arch] = list(map(index.__getitem__, ids))
            self.sizes_by_arch[arch] = sizes

    def stable_columns(self) -> tuple[list[str], list]:
        """The loaded kernels' names without module IDs, and arch by arch (arch, each kernel's
        name as an index into them, each one's code bytes), in the order found."""
        return self.stable_names, [(arch, ids, self.sizes_by_arch[arch]) for arch, ids in self.ids_by_arch.items()]

    def _stable_id(self, name: str) -> int:
        index = self._stable_ids.setdefault(name, len(self._stable_ids))
        if index == len(self.stable_names):
            self.stable_names.append(name)
        return index

    def _duplicates(self) -> list[Duplicate]:
        """Every (arch, name without module IDs) found more than once, with its copies and the
        bytes of all but the largest; each one's largest copy kept for copies(). Column-wise:
        MXNet 1.7 has 546,647 loaded kernels and 53,256 duplicates; a Python loop over them, on
        the serial path after the last image, took 0.5 s. Ordered column-wise too (largest waste
        first, then name and arch): a tuple each, sorted, was half of what was left (MXNet 1.6's
        40,512: 0.149 -> 0.078 s)."""
        import numpy as np

        self.largest_copy = {}
        archs = list(self.ids_by_arch)
        found = []  # per arch: (waste, name indices, arch index, copies)
        for arch_index, (arch, ids) in enumerate(self.ids_by_arch.items()):
            stable = np.array(ids, np.int64)
            seen = np.bincount(stable, minlength=len(self.stable_names))
            again = np.flatnonzero(seen[stable] > 1)
            if not len(again):
                continue
            order = again[np.argsort(stable[again], kind="stable")]
            by_name = stable[order]
            starts = np.flatnonzero(np.diff(by_name, prepend=-1))
            sizes = np.asarray(self.sizes_by_arch[arch], np.int64)[order]
            largest = np.maximum.reduceat(sizes, starts)
            names = by_name[starts]
            self.largest_copy[arch] = dict(zip(names.tolist(), largest.tolist()))
            found.append((np.add.reduceat(sizes, starts) - largest, names, np.full(len(names), arch_index, np.int64),
                          np.diff(starts, append=len(order))))
        if not found:
            return []
        waste, names, arch_of, copies = (np.concatenate(column) for column in zip(*found))
        # Names and archs compared as strings: by their ranks in sorted order.
        listed = np.unique(names)
        name_rank = np.zeros(len(self.stable_names), np.int64)
        name_rank[sorted(listed.tolist(), key=self.stable_names.__getitem__)] = np.arange(len(listed))
        arch_rank = np.zeros(len(archs), np.int64)
        arch_rank[sorted(range(len(archs)), key=archs.__getitem__)] = np.arange(len(archs))
        order = np.lexsort((arch_rank[arch_of], name_rank[names], -waste))
        return list(map(Duplicate, map(self.stable_names.__getitem__, names[order].tolist()),
                        map(archs.__getitem__, arch_of[order].tolist()), copies[order].tolist(),
                        waste[order].tolist()))

    def copies(self):
        """((arch, name without module IDs), its largest copy's code bytes) for every loaded SASS
        kernel."""
        if self.pending_copies is not None:
            self.pending_copies, fill = None, self.pending_copies
            fill()
        if self.largest_copy is None:
            self._duplicates()
        for arch, ids in self.ids_by_arch.items():
            largest = self.largest_copy.get(arch, {})  # a name found once: its one copy's bytes
            for index, size in dict(zip(ids, self.sizes_by_arch[arch])).items():
                yield (arch, self.stable_names[index]), largest.get(index, size)

    def finish(self, duplicates: list[Duplicate] | None = None) -> None:
        """The figures derived from what was added up; `duplicates`: the file's, already found
        (a file served whole from the report cache), else found here."""
        r = self.report
        if duplicates is None:
            duplicates = self._duplicates()
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
        for key, largest in acc.copies():
            found.setdefault(key, []).append((file.path, largest))
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
