"""The report: one typed model, rendered three ways (rich tables, JSON, Markdown).

The JSON (`to_dict`) is a contract: schema "kfoot.report/2", documented field by field in
docs/report.md (a test holds the two together). Keys may be added, never renamed; a rename is
a new schema version with a migration (kfoot.gate.diff reads /1 reports by upgrading them).
Every byte of an inspected file is attributed exactly once: host + container overhead +
device images as stored (per arch and kind) + filtered out == size.

Three byte figures, named for what they count:
- stored_bytes: device images as they lie in the file (compressed or not);
- image_bytes: the same images uncompressed (what the driver gets; stable across compress modes);
- code_bytes: the kernels' own machine code (.text sections) inside the SASS images.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from .. import __version__
from ..binary.cubin import IMAGE_SECTIONS, Kernel

if TYPE_CHECKING:
    from ..binary.walk import ContainerKey

SCHEMA = "kfoot.report/2"
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

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "images": self.images, "kernels": self.kernels,
               "stored_bytes": self.stored_bytes, "image_bytes": self.image_bytes}
        if self.image_sections is not None:
            out["image_sections"] = dict(self.image_sections)
        return out


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

    to_dict = asdict


@dataclass(slots=True)
class CrossDuplicate:
    """A kernel present for one arch in several files of one run: `wasted_bytes` is the code of
    one copy per file, all files but the one with the largest copy (copies within a file are
    that file's `duplicates`), so the two never count a byte twice."""

    name: str
    arch: str
    files: list[str]
    wasted_bytes: int

    to_dict = asdict


@dataclass(slots=True)
class SectionStats:
    containers: int = 0
    images: int = 0
    kernels: int = 0
    global_symbols: int = 0
    stored_bytes: int = 0
    overhead_bytes: int = 0

    to_dict = asdict


@dataclass(slots=True)
class FamilyStats:
    name: str
    kernels: int = 0
    distinct_kernels: int = 0
    code_bytes: int = 0
    kernel_names: list[str] | None = None  # totals only: the distinct mangled names (diff lists changes)

    def to_dict(self) -> dict:
        out = {"name": self.name, "kernels": self.kernels, "distinct_kernels": self.distinct_kernels,
               "code_bytes": self.code_bytes}
        if self.kernel_names is not None:
            out["kernel_names"] = list(self.kernel_names)
        return out


@dataclass(slots=True)
class Undecodable:
    offset: int
    section: str
    arch: str
    kind: str
    reason: str

    to_dict = asdict


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

    def attribution(self) -> dict:
        device = {f"{name} ({a.kind})": a.stored_bytes for name, a in sorted(self.archs.items())}
        return {"host": self.host_bytes, "container_overhead": self.overhead_bytes,
                "device": device, "filtered_out": self.filtered_bytes}

    def figures_dict(self) -> dict:
        return {
            "size": self.size, "stored_bytes": self.stored_bytes, "image_bytes": self.image_bytes,
            "code_bytes": self.code_bytes, "host_bytes": self.host_bytes,
            "overhead_bytes": self.overhead_bytes, "filtered_bytes": self.filtered_bytes,
            "kernels": self.kernels, "distinct_kernels": self.distinct_kernels,
            "global_symbols": self.global_symbols, "images": dict(self.images),
            "compression": dict(self.compression),
            "archs": {name: a.to_dict() for name, a in sorted(self.archs.items())},
            "kinds": {name: k.to_dict() for name, k in sorted(self.kinds.items())},
            "sections": {name: s.to_dict() for name, s in sorted(self.sections.items())},
            "families": [f.to_dict() for f in self.families],
            "image_sections": dict(self.image_sections),
            "duplicate_bytes": self.duplicate_bytes,
            "attribution": self.attribution(),
            **({"memory": self.memory} if self.memory is not None else {}),
            **({"what_if_compress": dict(self.what_if_compress)} if self.what_if_compress is not None else {}),
        }


@dataclass(slots=True)
class FileReport(Figures):
    path: str = ""
    format: str = ""
    stored_size: int | None = None  # wheels: the .whl on disk; `size` is what was inspected
    members: list[str] = field(default_factory=list)
    kernel_rows: list[Kernel] | None = None  # with --kernels
    undecodable: list[Undecodable] = field(default_factory=list)
    duplicates: list[Duplicate] = field(default_factory=list)
    image_loads: list[ImageLoad] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = {"path": self.path, "format": self.format}
        out.update(self.figures_dict())
        if self.stored_size is not None:
            out["stored_size"] = self.stored_size
        if self.members:
            out["members"] = list(self.members)
        out["undecodable"] = [u.to_dict() for u in self.undecodable]
        out["duplicates"] = [d.to_dict() for d in self.duplicates]
        if self.kernel_rows is not None:
            out["kernel_list"] = [asdict(k) for k in self.kernel_rows]
        return out


@dataclass(slots=True)
class Totals(Figures):
    files: int = 0
    duplicates_across_files: list[CrossDuplicate] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = {"files": self.files}
        out.update(self.figures_dict())
        out["duplicates_across_files"] = [d.to_dict() for d in self.duplicates_across_files]
        return out


@dataclass(slots=True)
class Report:
    files: list[FileReport]
    totals: Totals
    options: dict = field(default_factory=dict)
    archs_present: list[str] = field(default_factory=list)  # every image's arch, before --arch (not in the JSON)

    def to_dict(self) -> dict:
        return {
            "schema": SCHEMA,
            "tool": {"name": "kfoot", "version": __version__},
            "options": dict(self.options),
            "files": [f.to_dict() for f in self.files],
            "totals": self.totals.to_dict(),
        }
