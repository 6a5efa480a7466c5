"""Adding image results up into a file's figures, and files into the totals: every byte of a file
lands in exactly one bucket (host, container overhead, device per arch, filtered out)."""

from __future__ import annotations

from ..binary import compress_modes
from .decode import ImageResult
from .families import strip_module_ids
from .model import (ArchStats, CrossDuplicate, Duplicate, FamilyStats, FileReport, ImageLoad, SectionStats,
                    Totals, Undecodable, empty_sections)


class Accumulator:
    """Adds image results into figures; keeps the name sets needed for distinct counts."""

    def __init__(self, report, options):
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
                                       image.error is None, image.kernel_total, image.section, image.data_bytes,
                                       image.offset))
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
        for family, group in image.families.items():
            stats = self.family_stats.get(family)
            if stats is None:
                stats = self.family_stats[family] = FamilyStats(family)
                self.family_names[family] = set()
            stats.kernels += group.kernels
            stats.code_bytes += group.code_bytes
            r.code_bytes += group.code_bytes
            self.family_names[family].update(group.names)
            counted += group.kernels
            for name, size in zip(group.names, group.sizes):
                stable = self.stable_names.get(name)
                if stable is None:
                    stable = self.stable_names[name] = strip_module_ids(name)
                self.copies.setdefault((image.arch, stable), []).append(size)
        if r.kernel_rows is not None and image.rows:
            r.kernel_rows.extend(image.rows)
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


def cross_duplicates(files: list[FileReport], accumulators: list["Accumulator"]) -> list[CrossDuplicate]:
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


def merge_into_totals(totals: Totals, acc: Accumulator, file: FileReport, fam_names: dict,
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

