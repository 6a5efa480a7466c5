"""The report: one typed model, written and read as JSON (kfoot.report.report_json, the
contract), rendered as tables, Markdown (render) or a page (html), compared by kfoot.gate.

Every byte of an inspected file is attributed exactly once: host + container overhead +
device images as stored (per arch and kind) + filtered out == size.

Three byte figures, named for what they count:
- stored_bytes: device images as they lie in the file (compressed or not);
- image_bytes: the same images uncompressed (what the driver gets; stable across compress modes);
- code_bytes: the kernels' own machine code (.text sections) inside the SASS images.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..binary.cubin import IMAGE_SECTIONS, Kernel

from ..binary.walk import Unreadable

if TYPE_CHECKING:
    from ..binary.walk import ContainerKey

KINDS = ("sass", "ptx", "ltoir")
COMPRESSIONS = ("none", "lz4", "zstd")
BY_CHOICES = ("arch", "family", "kind", "section", "duplicate", "image-section")  # the dimensions a report breaks down by


@dataclass(slots=True)
class ArchStats:
    kind: str
    images: int = 0
    kernels: int = 0  # kernel entries (SASS); `.entry` functions for PTX with --ptx, else 0; 0 for LTO-IR
    stored_bytes: int = 0
    image_bytes: int = 0
    image_sections: dict | None = None  # SASS archs only: image bytes by section category


def empty_sections() -> dict[str, int]:
    return dict.fromkeys(IMAGE_SECTIONS, 0)


@dataclass(slots=True)
class Duplicate:
    """A kernel present more than once for one arch in one file: `wasted_bytes` is the code of
    all copies but the largest."""

    name: str
    arch: str
    copies: int
    wasted_bytes: int


@dataclass(slots=True)
class CrossDuplicate:
    """A kernel present for one arch in several files of one run: `wasted_bytes` is the code of
    one copy per file, all files but the one with the largest copy (copies within a file are
    that file's `duplicates`), so the two never count a byte twice."""

    name: str
    arch: str
    files: list[str]
    wasted_bytes: int


@dataclass(slots=True)
class SectionStats:
    containers: int = 0
    images: int = 0
    kernels: int = 0
    global_symbols: int = 0
    stored_bytes: int = 0
    overhead_bytes: int = 0


@dataclass(slots=True)
class FamilyStats:
    name: str
    kernels: int = 0
    distinct_kernels: int = 0
    code_bytes: int = 0
    kernel_names: list[str] | None = None  # totals only: the distinct mangled names (diff lists changes)


@dataclass(slots=True)
class Undecodable:
    offset: int
    section: str
    arch: str
    kind: str
    reason: str


@dataclass(slots=True)
class ImageLoad:
    """One image as the driver sees it: which container (compile unit) it belongs to, its arch, and
    the bytes loading it places on the GPU (SASS: SHF_ALLOC sections). Not part of the JSON; the
    context-memory estimate reads it."""

    container: "ContainerKey"
    arch: str
    kind: str
    load_bytes: int
    image_bytes: int
    decoded: bool
    kernels: int = 0  # kernel entries in the image (all of them: --filter does not change what loads)
    section: str = ""  # host section of its container: only .nv_fatbin is registered when the library loads
    data_bytes: int = 0  # of load_bytes, module-scope globals (the driver's data heap)
    offset: int = 0  # of its entry header, in the bytes of the file (or member) the container is in
    relocatable: bool = False  # a relocatable copy: never loaded


@dataclass(slots=True)
class Figures:
    """What a file and the totals have in common."""

    size: int = 0
    stored_bytes: int = 0  # device images as stored
    image_bytes: int = 0  # device images uncompressed
    code_bytes: int = 0  # kernel machine code
    host_bytes: int = 0
    overhead_bytes: int = 0
    filtered_bytes: int = 0
    kernels: int = 0
    distinct_kernels: int = 0
    global_symbols: int = 0
    images: dict = field(default_factory=lambda: {k: 0 for k in (*KINDS, "undecodable")})
    compression: dict = field(default_factory=lambda: {c: 0 for c in COMPRESSIONS})
    archs: dict[str, ArchStats] = field(default_factory=dict)
    kinds: dict[str, ArchStats] = field(default_factory=dict)
    sections: dict[str, SectionStats] = field(default_factory=dict)
    families: list[FamilyStats] = field(default_factory=list)
    image_sections: dict = field(default_factory=empty_sections)  # SASS image bytes by section category
    duplicate_bytes: int = 0  # code of duplicate kernel copies (a file's duplicates; totals: and across files)
    memory: dict | None = None  # context memory (kfoot.memory), only with `report --memory`
    # mode -> bytes the fatbin containers would take under nvcc --compress-mode (--what-if-compress)
    what_if_compress: dict | None = None
    # Relocatable copies: images in `__nv_relfatbin` beside a linked `.nv_fatbin` (an `-rdc`
    # library), which nothing loads. Never in the figures above (kernels, stored_bytes, archs,
    # families ... count what is loaded, as `cuobjdump -symbols` lists it): their kernels and
    # stored bytes here, and their own figures (archs, kinds, families ...) in `relocatable`.
    relocatable_kernels: int = 0
    relocatable_bytes: int = 0  # their stored bytes: a bucket of the attribution of its own
    relocatable: "Figures | None" = None
    # Figures a report JSON read back does not carry (they read as 0; a group as empty): totals
    # and file figures (size, image_bytes ...) and the groups (families, archs, kinds). An
    # analysed report carries every one.
    absent: frozenset[str] = frozenset()


@dataclass(slots=True)
class FileReport(Figures):
    path: str = ""
    format: str = ""
    stored_size: int | None = None  # wheels: the .whl on disk; `size` is what was inspected
    members: list[str] = field(default_factory=list)
    kernel_rows: list[Kernel] | None = None  # with --kernels
    undecodable: list[Undecodable] = field(default_factory=list)
    unreadable: list[Unreadable] = field(default_factory=list)  # a wheel's binaries kfoot cannot read, left out
    duplicates: list[Duplicate] = field(default_factory=list)
    image_loads: list[ImageLoad] = field(default_factory=list)


@dataclass(slots=True)
class Totals(Figures):
    files: int = 0
    duplicates_across_files: list[CrossDuplicate] = field(default_factory=list)
    # Every binary left out because kfoot cannot read it: wheels' members and files met while
    # walking a folder (each was named on a warning line). Never a silent 0.
    unreadable: list[Unreadable] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Filters:
    """What `kfoot report --section/--arch/--filter` narrowed a report to: its figures count only
    that, so two reports compare only when their filters are equal (sorted, empty as None)."""

    sections: tuple[str, ...] | None = None
    archs: tuple[str, ...] | None = None
    kernel_filter: str | None = None

    @classmethod
    def of(cls, sections=None, archs=None, kernel_filter: str | None = None) -> "Filters":
        return cls(tuple(sorted(sections)) if sections else None, tuple(sorted(archs)) if archs else None,
                   kernel_filter or None)

    def describe(self) -> str:
        """As the options that make it: `--arch sm_80,sm_90 --filter REGEX`, or `no filters`."""
        parts = [f"{flag} {','.join(value) if isinstance(value, tuple) else value}" for flag, value in
                 (("--section", self.sections), ("--arch", self.archs), ("--filter", self.kernel_filter)) if value]
        return " ".join(parts) or "no filters"


@dataclass(slots=True)
class Report:
    files: list[FileReport]
    totals: Totals
    filters: Filters = Filters()
    # A report read back from a report JSON: that document as read (validated, a /1 upgraded),
    # which is what writing this report gives back (kfoot.report.report_json.to_document).
    document: dict | None = field(default=None, repr=False, compare=False)
