"""The report JSON, schema kfoot.report/3: the one module that writes it and reads it back.

The contract is documented field by field in docs/report.md (tests/test_docs.py holds the two
together). Keys may be added, never renamed; a rename or a change of what a figure counts is a
new schema version with an upgrade here (`upgrade_report` reads /1 and /2).

Writing: `to_document(report)`, the document `kfoot report --json` prints. Reading:
`read_report_json(path)`, a typed Report from a file, or `from_document(data, path)` from one
already parsed. A report JSON is untrusted input (a baseline in a pull request, say), read with
limits (kfoot.core.jsonfile): at most JSON_MAX_BYTES (128 MiB; the largest real report
measured, `kfoot report --kernels --json` of libcusparse.so.12 at 250 MB and 63,832 kernels, is
28 MiB, and 1.5 MiB without --kernels), numbers that fit in 64 bits, nesting at most
MAX_JSON_DEPTH (64) deep (a report is 6), and the fields diff and gate compare of the right
types (`validate_report`). Anything else is one line naming the file and the field, exit 2.

A report read back holds those checked figures, typed: the totals' and files' figures of
TOTAL_METRICS (and duplicate_bytes), families, archs, kinds, each file's kernel_list and the
filters; `Figures.absent` names the figures and groups the document lacks. The document itself
stays with it (`Report.document`), and writing the report gives it back as read, so a baseline
copied from a report JSON keeps every field (`kfoot gate --update-baseline`).
"""

from __future__ import annotations

import functools
import json
import operator
import os
from dataclasses import asdict, fields
from pathlib import Path

from .. import __version__
from ..binary.cubin import Kernel
from ..core.errors import KfootError
from ..core.escape import ERROR_PREFIX, shown
from ..core.jsonfile import load_json_limited, looks_like_json
from .model import ArchStats, FamilyStats, Figures, FileReport, Filters, Report, Totals
from .name_filter import check_filter

SCHEMA = "kfoot.report/3"
SCHEMA_V2 = "kfoot.report/2"
SCHEMA_V1 = "kfoot.report/1"
JSON_MAX_BYTES = 128 * 2 ** 20
TOOL = {"name": "kfoot", "version": __version__}

# The figures diff and gate compare at each level, in display order, and so the ones the reader
# checks. The byte figures are named for what they count (docs/report.md): stored_bytes as in
# the file, image_bytes uncompressed, code_bytes the kernels' machine code.
TOTAL_METRICS = ("files", "size", "stored_bytes", "image_bytes", "code_bytes", "kernels", "distinct_kernels",
                 "global_symbols", "relocatable_kernels", "relocatable_bytes")
FAMILY_METRICS = ("kernels", "distinct_kernels", "code_bytes")
ARCH_METRICS = ("images", "kernels", "stored_bytes", "image_bytes")
KIND_METRICS = ARCH_METRICS
# Per-kernel figures the gate compares (kfoot gate --max-register-growth, --max-stack-growth).
KERNEL_RESOURCES = ("registers", "stack_bytes")

# Totals every report must carry; the rest are optional and compared when both sides have them.
_REQUIRED_TOTALS = ("kernels", "distinct_kernels", "stored_bytes")
# The filters `kfoot report` records under "options"; other options (--kernels, -j) do not
# change the figures.
_FILTER_KEYS = ("sections", "archs", "filter")


# ---------------------------------------------------------------------------------------------
# Writing


def to_document(report: Report) -> dict:
    """The report as its JSON document; a report read back from one gives that document back."""
    if report.document is not None:
        return report.document
    return {
        "schema": SCHEMA,
        "tool": dict(TOOL),
        "options": options_document(report.filters),
        "files": [_file_document(f) for f in report.files],
        "totals": {"files": report.totals.files, **_figures_document(report.totals),
                   "duplicates_across_files": [asdict(d) for d in report.totals.duplicates_across_files],
                   "unreadable": [_unreadable_document(u) for u in report.totals.unreadable]},
    }


def options_document(filters: Filters) -> dict:
    """The report's `options`: its filters, each null when not given."""
    return {"sections": list(filters.sections) if filters.sections else None,
            "archs": list(filters.archs) if filters.archs else None, "filter": filters.kernel_filter}


def _arch_document(arch: ArchStats) -> dict:
    out = {"kind": arch.kind, "images": arch.images, "kernels": arch.kernels, "stored_bytes": arch.stored_bytes,
           "image_bytes": arch.image_bytes}
    if arch.image_sections is not None:
        out["image_sections"] = dict(arch.image_sections)
    return out


def _family_document(family: FamilyStats) -> dict:
    out = {"name": family.name, "kernels": family.kernels, "distinct_kernels": family.distinct_kernels,
           "code_bytes": family.code_bytes}
    if family.kernel_names is not None:
        out["kernel_names"] = list(family.kernel_names)
    return out


def _relocatable_document(fig: Figures) -> dict:
    """The relocatable copies' own figures: those of the loaded images that describe images."""
    return {"kernels": fig.kernels, "distinct_kernels": fig.distinct_kernels, "global_symbols": fig.global_symbols,
            "stored_bytes": fig.stored_bytes, "image_bytes": fig.image_bytes, "code_bytes": fig.code_bytes,
            "images": dict(fig.images), "compression": dict(fig.compression),
            "archs": {name: _arch_document(a) for name, a in sorted(fig.archs.items())},
            "kinds": {name: _arch_document(k) for name, k in sorted(fig.kinds.items())},
            "families": [_family_document(f) for f in fig.families], "image_sections": dict(fig.image_sections)}


def _figures_document(fig: Figures) -> dict:
    """What a file and the totals have in common."""
    relocatable = fig.relocatable if fig.relocatable is not None else Figures()
    return {
        "size": fig.size, "stored_bytes": fig.stored_bytes, "image_bytes": fig.image_bytes,
        "code_bytes": fig.code_bytes, "host_bytes": fig.host_bytes, "overhead_bytes": fig.overhead_bytes,
        "filtered_bytes": fig.filtered_bytes, "kernels": fig.kernels, "distinct_kernels": fig.distinct_kernels,
        "global_symbols": fig.global_symbols, "images": dict(fig.images), "compression": dict(fig.compression),
        "archs": {name: _arch_document(a) for name, a in sorted(fig.archs.items())},
        "kinds": {name: _arch_document(k) for name, k in sorted(fig.kinds.items())},
        "sections": {name: asdict(s) for name, s in sorted(fig.sections.items())},
        "families": [_family_document(f) for f in fig.families],
        "image_sections": dict(fig.image_sections),
        "duplicate_bytes": fig.duplicate_bytes,
        "relocatable_kernels": fig.relocatable_kernels, "relocatable_bytes": fig.relocatable_bytes,
        "attribution": {"host": fig.host_bytes, "container_overhead": fig.overhead_bytes,
                        "device": {f"{name} ({a.kind})": a.stored_bytes for name, a in sorted(fig.archs.items())},
                        "relocatable_copies": {f"{name} ({a.kind})": a.stored_bytes
                                               for name, a in sorted(relocatable.archs.items())},
                        "filtered_out": fig.filtered_bytes},
        "relocatable": _relocatable_document(relocatable),
        **({"memory": fig.memory} if fig.memory is not None else {}),
        **({"what_if_compress": dict(fig.what_if_compress)} if fig.what_if_compress is not None else {}),
    }


def _unreadable_document(problem) -> dict:
    return {"path": problem.path, "member": problem.member, "size": problem.size, "offset": problem.offset,
            "reason": problem.reason}


@functools.cache
def _field_reader(cls, leave_out: str) -> tuple[tuple[str, ...], operator.attrgetter]:
    """The names of a record type's fields but `leave_out`, and a reader of their values (one C
    call for all of them)."""
    names = tuple(f.name for f in fields(cls) if f.name != leave_out)
    read = operator.attrgetter(*names)
    return names, read if len(names) > 1 else lambda record: (read(record),)  # one name: not a tuple


def _flat(records: list, leave_out: str = "") -> list[dict]:
    """Records of scalars of one type (duplicates, kernels) as dicts: dataclasses.asdict, which
    copies deeply, took 4 s for MXNet's 53,000 duplicates, and a getattr per field in a dict
    comprehension 0.05 s for MXNet 1.6's 40,512 (0.03 s this way)."""
    if not records:
        return []
    names, read = _field_reader(type(records[0]), leave_out)
    return [dict(zip(names, read(record))) for record in records]


def _file_document(file: FileReport) -> dict:
    out = {"path": file.path, "format": file.format, **_figures_document(file)}
    if file.stored_size is not None:
        out["stored_size"] = file.stored_size
    if file.members:
        out["members"] = list(file.members)
    out["undecodable"] = _flat(file.undecodable)
    if file.format == "wheel":
        out["unreadable"] = [{k: v for k, v in _unreadable_document(u).items() if k != "path"} for u in file.unreadable]
    out["duplicates"] = _flat(file.duplicates)
    if file.kernel_rows is not None:
        # the code fingerprint is kfoot explain's, not part of the report's contract
        out["kernel_list"] = _flat(file.kernel_rows, leave_out="code_digest")
    return out


# ---------------------------------------------------------------------------------------------
# Reading


def is_report_json(path: str | os.PathLike) -> bool:
    """Whether `path` is to be read as a report JSON (else it is a binary to analyse)."""
    path = Path(path)
    return path.is_file() and looks_like_json(path)


def read_report_json(path: str | os.PathLike) -> Report:
    """The typed report in a report JSON file; KfootError (one line, exit 2) for anything else."""
    data = load_json_limited(path, what="report JSON", max_bytes=JSON_MAX_BYTES,
                             largest="the largest real ones are ~30 MiB")
    return from_document(data, path)


def from_document(data: object, path: object) -> Report:
    """The typed report of a parsed report JSON document (checked, and a /1 upgraded in place)."""
    validate_report(data, path)
    entries, holder = data.get("files", []), data["totals"]
    totals = Totals(**_figures_read(holder))
    if "files" in holder:
        totals.files = holder["files"]
    elif "files" in data:
        totals.files = len(entries)
    else:
        totals.absent |= {"files"}
    options = data.get("options") or {}
    filters = Filters.of(options.get("sections"), options.get("archs"), options.get("filter"))
    return Report([_file_read(entry) for entry in entries], totals, filters, document=data)


# Figures' whole-number fields: read where the document has them (the reader checks those of
# TOTAL_METRICS and duplicate_bytes; any other that is not a whole number >= 0 reads as absent).
_FIGURE_COUNTS = ("size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "overhead_bytes",
                  "filtered_bytes", "kernels", "distinct_kernels", "global_symbols", "duplicate_bytes",
                  "relocatable_kernels", "relocatable_bytes")
_KERNEL_COUNTS = ("code_bytes", "shared_bytes", "param_bytes", "local_bytes", "constant_bytes")


def _count(value: object) -> int | None:
    return value if type(value) is int and value >= 0 else None


def _figures_read(holder: dict) -> dict:
    """The Figures fields of a checked totals or file entry."""
    out = {key: _count(holder.get(key)) for key in _FIGURE_COUNTS}
    absent = {key for key, value in out.items() if value is None}
    absent |= {group for group in ("families", "archs", "kinds") if holder.get(group) is None}  # null: absent
    out = {key: value for key, value in out.items() if value is not None}
    out["families"] = [FamilyStats(f["name"], *(f.get(key, 0) for key in FAMILY_METRICS),
                                   kernel_names=[n for n in f["kernel_names"] if isinstance(n, str)]
                                   if isinstance(f.get("kernel_names"), list) else None)
                       for f in holder.get("families") or []]
    for group in ("archs", "kinds"):
        out[group] = {name: ArchStats(entry.get("kind", ""), *(entry.get(key, 0) for key in ARCH_METRICS))
                      for name, entry in (holder.get(group) or {}).items()}
    out["absent"] = frozenset(absent)
    return out


def _file_read(entry: dict) -> FileReport:
    def text(key: str) -> str:
        return entry[key] if isinstance(entry.get(key), str) else ""

    file = FileReport(path=text("path"), format=text("format"), **_figures_read(entry))
    if entry.get("kernel_list") is not None:
        # registers and stack_bytes as read (checked; None where an older kfoot did not write them)
        file.kernel_rows = [Kernel(row["name"], row.get("family", ""), row["arch"],
                                   **{key: row.get(key) for key in KERNEL_RESOURCES},
                                   **{key: _count(row.get(key)) or 0 for key in _KERNEL_COUNTS})
                            for row in entry["kernel_list"]]
    return file


# ---------------------------------------------------------------------------------------------
# Checking and upgrading


def validate_report(data: object, path: object) -> None:
    """Checks the parts of the report contract that diff and gate rely on; a /1 or /2 report is
    upgraded to /3 in place first (`upgrade_report`)."""
    if not isinstance(data, dict):
        raise KfootError(f"not a kfoot report: top level is a JSON {type(data).__name__}, expected an object", path=path)
    schema = data.get("schema")
    if schema is None:
        raise KfootError('not a kfoot report: no "schema" key', path=path)
    if schema in (SCHEMA_V1, SCHEMA_V2):
        upgrade_report(data, path)
    elif schema != SCHEMA:
        shown_schema = shown(schema) if isinstance(schema, str) else _shown(schema)
        raise KfootError(f"unsupported report schema {shown_schema} (this kfoot reads {SCHEMA!r}, "
                         f"{SCHEMA_V2!r} and {SCHEMA_V1!r})", path=path)
    _check_options(data.get("options"), path)
    totals = data.get("totals")
    if not isinstance(totals, dict):
        raise KfootError('malformed report: "totals" is missing or not an object', path=path)
    for key in _REQUIRED_TOTALS:
        if key not in totals:
            raise KfootError(f"malformed report: totals.{key} is missing", path=path)
    for key in TOTAL_METRICS:
        if key in totals:
            _check_count(totals[key], f"totals.{key}", path)
    files = data.get("files", [])
    if not isinstance(files, list):
        raise KfootError('malformed report: "files" is not a list', path=path)
    for index, entry in enumerate(files):
        if not isinstance(entry, dict):
            raise KfootError(f"malformed report: files[{index}] is not an object", path=path)
        for key in TOTAL_METRICS:
            if key in entry and key != "files":
                _check_count(entry[key], f"files[{index}].{key}", path)
        _check_groups(entry, f"files[{index}]", path)
        _check_kernel_list(entry.get("kernel_list"), f"files[{index}].kernel_list", path)
    _check_groups(totals, "totals", path)
    if "duplicate_bytes" in totals:
        _check_count(totals["duplicate_bytes"], "totals.duplicate_bytes", path)


def _check_kernel_list(rows: object, where: str, path: object) -> None:
    if rows is None:
        return
    if not isinstance(rows, list):
        raise KfootError(f"malformed report: {where} is not a list", path=path)
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("name"), str) or not isinstance(row.get("arch"), str):
            raise KfootError(f"malformed report: {where}[{index}] has no name or arch", path=path)
        if not isinstance(row.get("family", ""), str):
            raise KfootError(f"malformed report: {where}[{index}].family is not a string", path=path)
        for key in KERNEL_RESOURCES:
            if key in row:
                _check_count(row[key], f"{where}[{index}].{key}", path)


def _check_options(options: object, path: object) -> None:
    """`options` (kfoot report's filters, compared by load_pair): an object whose sections and
    archs are lists of strings (or null) and whose filter is a string (or null)."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise KfootError(f'malformed report: "options" is a JSON {_json_type(options)}, expected an object', path=path)
    for key in _FILTER_KEYS:
        value = options.get(key)
        if value is None:
            continue
        if key == "filter":
            if not isinstance(value, str):
                raise KfootError(f"malformed report: options.filter is a JSON {_json_type(value)}, expected a "
                                 f"string or null", path=path)
            # Validated as --filter is: a binary on the other side is analysed with it.
            check_filter(value, "malformed report: options.filter", path)
        elif not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise KfootError(f"malformed report: options.{key} is not a list of strings (or null)", path=path)


def _json_type(value: object) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", int: "number",
            float: "number"}.get(type(value), type(value).__name__)


def _check_groups(holder: dict, where: str, path: object) -> None:
    families = holder.get("families")
    if families is not None:
        if not isinstance(families, list):
            raise KfootError(f"malformed report: {where}.families is not a list", path=path)
        for index, family in enumerate(families):
            if not isinstance(family, dict) or not isinstance(family.get("name"), str):
                raise KfootError(f"malformed report: {where}.families[{index}] has no name", path=path)
            for key in FAMILY_METRICS:
                _check_count(family.get(key, 0), f"{where}.families[{index}].{key}", path)
    for group, metrics in (("archs", ARCH_METRICS), ("kinds", KIND_METRICS)):
        entries = holder.get(group)
        if entries is None:
            continue
        if not isinstance(entries, dict):
            raise KfootError(f"malformed report: {where}.{group} is not an object", path=path)
        for key_name, entry in entries.items():
            name = _shown(key_name) if not key_name.isidentifier() or len(key_name) > ERROR_PREFIX else key_name
            if not isinstance(entry, dict):
                raise KfootError(f"malformed report: {where}.{group}.{name} is not an object", path=path)
            if not isinstance(entry.get("kind", ""), str):
                raise KfootError(f"malformed report: {where}.{group}.{name}.kind is not a string", path=path)
            for key in metrics:
                _check_count(entry.get(key, 0), f"{where}.{group}.{name}.{key}", path)


def upgrade_report(data: dict, path: object = None) -> dict:
    """A kfoot.report/1 or /2 document as /3, in place (docs/report.md, "From /1 to /2" and
    "From /2 to /3"); `upgraded_from` names the schema it had."""
    original = data.get("schema")
    if original == SCHEMA_V1:
        _upgrade_v1(data)
    _upgrade_v2(data)
    data["schema"] = SCHEMA
    data["upgraded_from"] = original
    return data


def _upgrade_v1(data: dict) -> None:
    """A kfoot.report/1 document as /2, in place (docs/report.md, "From /1 to /2"):
    `device_bytes` -> `stored_bytes`; an arch's or kind's `bytes` -> `image_bytes`; a family's
    `bytes` -> `code_bytes`; the totals' and files' `image_bytes` and `code_bytes`, which /1 did
    not carry, summed from the kinds (else archs) and the families, as /2 computes them."""
    files = data.get("files") if isinstance(data.get("files"), list) else []
    for holder in [*files, data.get("totals")]:  # files first: totals without tables sum them
        if not isinstance(holder, dict):
            continue  # validate_report names the problem
        if "device_bytes" in holder and "stored_bytes" not in holder:
            holder["stored_bytes"] = holder.pop("device_bytes")
        for group in ("archs", "kinds"):
            for entry in (holder.get(group) or {}).values() if isinstance(holder.get(group), dict) else ():
                if isinstance(entry, dict) and "bytes" in entry:
                    entry["image_bytes"] = entry.pop("bytes")
        families = holder.get("families")
        for family in families if isinstance(families, list) else ():
            if isinstance(family, dict) and "bytes" in family:
                family["code_bytes"] = family.pop("bytes")
        for group in ("kinds", "archs"):
            entries = holder.get(group)
            if "image_bytes" not in holder and isinstance(entries, dict) and entries:
                holder["image_bytes"] = sum(e.get("image_bytes", 0) for e in entries.values()
                                            if isinstance(e, dict) and isinstance(e.get("image_bytes", 0), int))
        if "code_bytes" not in holder and isinstance(families, list):
            holder["code_bytes"] = sum(f.get("code_bytes", 0) for f in families if isinstance(f, dict)
                                       and isinstance(f.get("code_bytes", 0), int))
        if holder is data.get("totals"):
            for figure in ("image_bytes", "code_bytes"):
                if figure not in holder and files and all(isinstance(f, dict) and isinstance(f.get(figure), int)
                                                          for f in files):
                    holder[figure] = sum(f[figure] for f in files)


# The figures of a /2 report that counted relocatable copies and cannot be split from them (its
# sections carry kernels, global symbols and stored bytes, nothing else): absent after the upgrade.
_MIXED_FIGURES = ("image_bytes", "code_bytes", "duplicate_bytes")
_MIXED_GROUPS = ("families", "archs", "kinds", "images", "compression", "image_sections")
_RELFATBIN = "__nv_relfatbin"


def _upgrade_v2(data: dict) -> None:
    """/2 counted the relocatable copies of an `-rdc` library (`__nv_relfatbin` beside
    `.nv_fatbin`) as kernels; /3 counts them apart. A file whose `sections` hold both (an archive's
    members are objects, whose relocatable images are their device code: never copies) has
    its __nv_relfatbin section's kernels, global symbols and stored bytes moved to
    relocatable_kernels and relocatable_bytes; its figures that cannot be split are dropped
    (absent: diff and gate compare them only where both sides have them). The totals take the
    files' changes, or, with no files, the same rule."""
    files = data.get("files") if isinstance(data.get("files"), list) else []
    totals = data.get("totals")
    moved = {"kernels": 0, "global_symbols": 0, "stored_bytes": 0}
    for entry in files:
        if isinstance(entry, dict) and entry.get("format") != "archive":
            for key, value in _split_copies(entry).items():
                moved[key] += value
    if not isinstance(totals, dict):
        return  # validate_report names the problem
    if not files:
        _split_copies(totals)
    elif any(moved.values()):
        _take_copies(totals, moved)
    for holder in [*files, totals]:
        if isinstance(holder, dict):
            holder.setdefault("relocatable_kernels", 0)
            holder.setdefault("relocatable_bytes", 0)


def _split_copies(holder: dict) -> dict[str, int]:
    """Move a holder's relocatable copies (its __nv_relfatbin section, beside .nv_fatbin) out of
    its loaded figures; what was moved."""
    sections = holder.get("sections")
    if not isinstance(sections, dict) or ".nv_fatbin" not in sections or not isinstance(sections.get(_RELFATBIN), dict):
        return {}
    copies = sections[_RELFATBIN]
    moved = {key: copies.get(key) for key in ("kernels", "global_symbols", "stored_bytes")}
    if not all(type(v) is int and v >= 0 for v in moved.values()) or not (moved["kernels"] or moved["stored_bytes"]):
        return {}
    _take_copies(holder, moved)
    return moved


def _take_copies(holder: dict, moved: dict[str, int]) -> None:
    for key, value in moved.items():
        if type(holder.get(key)) is int:
            holder[key] = max(holder[key] - value, 0)
    holder["relocatable_kernels"] = holder.get("relocatable_kernels", 0) + moved["kernels"]
    holder["relocatable_bytes"] = holder.get("relocatable_bytes", 0) + moved["stored_bytes"]
    for key in _MIXED_FIGURES:
        holder.pop(key, None)
    for key in _MIXED_GROUPS:
        if key in holder:
            holder[key] = None


def _check_count(value: object, where: str, path: object) -> None:
    # bool is an int subclass in Python; a true/false figure is a broken report, not 1/0.
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise KfootError(f"malformed report: {where} is {_shown(value)}, expected a whole number >= 0", path=path)


def _shown(value: object, limit: int = ERROR_PREFIX) -> str:
    """`value` as JSON on one line, cut short: an error line names a field, it does not echo it
    (and a container is named, never serialised: it may hold a hundred megabytes)."""
    if isinstance(value, (dict, list)):
        return f"a JSON {_json_type(value)} of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, str) and len(value) > limit:
        return f"{json.dumps(value[:limit])}...({len(value):,} characters)"
    return json.dumps(value)
