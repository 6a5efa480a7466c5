"""Loading two footprint reports and computing what changed between them.

The input of `kfoot diff` and `kfoot gate`: each side is a report JSON (schema kfoot.report/2,
or /1 upgraded on reading: `upgrade_report`) or anything `kfoot report` reads (a binary, a directory, a wheel), which is analysed on the fly.
The result is a `ReportDiff`: changes in totals and per family, arch and kind. Only figures that
depend on the device code are compared (counts and sizes, never paths, tool versions or module
IDs), so two builds of the same sources diff to zero.

A report JSON is untrusted input (a baseline in a pull request, say), read with limits: at most
JSON_MAX_BYTES (128 MiB; the largest real report measured, `kfoot report --kernels
--json` of libcusparse.so.12 at 250 MB and 63,832 kernels, is 28 MiB, and 1.5 MiB without
--kernels), numbers that fit in 64 bits (no NaN, Infinity or 1e400), nesting at most
MAX_JSON_DEPTH deep (a report is 6), and the known fields of the right types. Anything else is
one line naming the file and the field, exit 2.
"""

from __future__ import annotations

import copy
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import KfootError
from ..report.families import demangle, strip_module_ids
from ..report.model import SCHEMA as REPORT_SCHEMA

SCHEMA = "kfoot.diff/2"
REPORT_SCHEMA_V1 = "kfoot.report/1"

# Figures compared at each level. Order is display order. The byte figures are named for what
# they count (kfoot.report.model): stored_bytes as in the file, image_bytes uncompressed,
# code_bytes the kernels' machine code.
TOTAL_METRICS = ("files", "size", "stored_bytes", "image_bytes", "code_bytes", "kernels", "distinct_kernels",
                 "global_symbols")
FAMILY_METRICS = ("kernels", "distinct_kernels", "code_bytes")
ARCH_METRICS = ("images", "kernels", "stored_bytes", "image_bytes")
KIND_METRICS = ARCH_METRICS

# Totals every report must carry; the rest are optional and compared when both sides have them.
_REQUIRED_TOTALS = ("kernels", "distinct_kernels", "stored_bytes")


# ---------------------------------------------------------------------------------------------
# Loading


def load_report(source: str | os.PathLike, like: dict | None = None, kernels: bool = False) -> dict:
    """A report dict from a report JSON file, or from analysing a binary/directory/wheel.

    `like`: a report whose filters (`kfoot report --section/--arch/--filter`) a binary is
    analysed with, so it is measured the same way as the report it is compared to; a binary is
    analysed with per-kernel rows (`--kernels`) when `kernels` is set or `like` has them.
    Raises KfootError (exit 2) for a missing path, a JSON file that is not a kfoot report
    (wrong or unknown schema, missing or mistyped figures) and anything the analyser rejects.
    """
    path = Path(source)
    if not path.exists():
        raise KfootError("no such file or directory", path=path)
    if is_report_json(path):
        return read_report_json(path)
    kernels = kernels or bool(like and any(isinstance(f, dict) and "kernel_list" in f for f in like.get("files", [])))
    return _analyze(path, report_filters(like) if like else {}, kernels)


def is_report_json(path: Path) -> bool:
    return path.is_file() and _looks_like_json(path)


def load_pair(base: str | os.PathLike, new: str | os.PathLike, kernels: bool = False) -> tuple[dict, dict]:
    """Both sides of a comparison. A report JSON is read first and a binary on the other side is
    analysed with its filters; two reports made with different filters are bad input, since
    their figures count different things."""
    base_path, new_path = Path(base), Path(new)
    if not is_report_json(base_path) and is_report_json(new_path):
        new_report = load_report(new_path, kernels=kernels)
        base_report = load_report(base_path, like=new_report, kernels=kernels)
    else:
        base_report = load_report(base_path, kernels=kernels)
        new_report = load_report(new_path, like=base_report, kernels=kernels)
    base_filters, new_filters = report_filters(base_report), report_filters(new_report)
    if base_filters != new_filters:
        raise KfootError(f"made with {_describe_filters(new_filters)}, but {base_path} with "
                         f"{_describe_filters(base_filters)}: the figures are not comparable", path=new_path)
    return base_report, new_report


# The filters `kfoot report` records under "options"; other options (--kernels, -j) do not
# change the figures.
_FILTER_KEYS = ("sections", "archs", "filter")


def report_filters(report: dict) -> dict:
    options = report.get("options") or {}
    filters = {}
    for key in _FILTER_KEYS:
        value = options.get(key)
        if value:
            filters[key] = sorted(value) if isinstance(value, list) else value
    return filters


def _describe_filters(filters: dict) -> str:
    if not filters:
        return "no filters"
    flag = {"sections": "--section", "archs": "--arch", "filter": "--filter"}
    return " ".join(f"{flag[k]} {','.join(v) if isinstance(v, list) else v}" for k, v in filters.items())


def _looks_like_json(path: Path) -> bool:
    if path.suffix.lower() == ".json":
        return True
    try:
        with path.open("rb") as handle:
            head = handle.read(64).lstrip()
    except OSError as exc:
        raise KfootError(f"cannot read: {exc.strerror}", path=path) from None
    return head.startswith(b"{")


JSON_MAX_BYTES = 128 * 2 ** 20
MAX_JSON_DEPTH = 64
_INT_MIN, _INT_MAX = -(2 ** 63), 2 ** 64 - 1  # int64 and uint64 together


class _Refused(ValueError):
    """A number the JSON hooks refuse (raised from inside json.loads)."""


def _parse_int(text: str) -> int:
    # Checked on the digits before int() builds anything: 20 characters hold every 64-bit value.
    if len(text) > 20:
        raise _Refused(f"an integer of {len(text.lstrip('-')):,} digits is outside the 64-bit range")
    value = int(text)
    if not _INT_MIN <= value <= _INT_MAX:
        raise _Refused(f"integer {text} is outside the 64-bit range")
    return value


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 24 else f"{text[:12]}...({len(text):,} characters)"
        raise _Refused(f"number {shown} is not finite in 64-bit floating point")
    return value


def _parse_constant(name: str):
    raise _Refused(f"{name} is not a JSON number (NaN, Infinity and -Infinity are refused)")


def _deeper_than(data: object, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return True
        for child in (node.values() if isinstance(node, dict) else node):
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
    return False


def load_json_limited(path: Path, what: str = "report JSON") -> object:
    """A JSON file read with the limits in the module docstring; KfootError (one line) otherwise."""
    limit = JSON_MAX_BYTES
    limit_text = f"the {limit / 2 ** 20:,.3g} MiB limit for a {what} (the largest real ones are ~30 MiB)"
    try:
        with path.open("rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                raise KfootError(f"{size / 2 ** 20:,.1f} MiB is over {limit_text}", path=path)
            raw = handle.read(limit + 1)  # the file may have grown since
    except OSError as exc:
        raise KfootError(f"cannot read: {exc.strerror}", path=path) from None
    if len(raw) > limit:
        raise KfootError(f"over {limit_text}", path=path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KfootError(f"not a {what}: not UTF-8 text (byte {exc.start})", path=path) from None
    del raw
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise KfootError(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", path=path) from None
    except _Refused as exc:
        raise KfootError(f"not a {what}: {exc}", path=path) from None
    except RecursionError:
        raise KfootError(f"not a {what}: nested too deeply (over {MAX_JSON_DEPTH} levels)", path=path) from None
    if _deeper_than(data, MAX_JSON_DEPTH):
        raise KfootError(f"not a {what}: nested more than {MAX_JSON_DEPTH} levels deep", path=path)
    return data


def read_report_json(path: Path) -> dict:
    data = load_json_limited(path)
    validate_report(data, path)
    return data


def _analyze(path: Path, filters: dict, kernels: bool = False) -> dict:
    # Imported here: the analyser is only needed when a side is a binary, not a report JSON.
    from ..report.analyze import ReportOptions, analyze_paths

    options = ReportOptions(sections=frozenset(filters["sections"]) if "sections" in filters else None,
                            archs=frozenset(filters["archs"]) if "archs" in filters else None,
                            kernel_filter=filters.get("filter"), kernel_rows=kernels, cache=True)
    report = analyze_paths([path], options)
    data = report.to_dict() if hasattr(report, "to_dict") else report
    validate_report(data, path)
    return data


def validate_report(data: object, path: object) -> None:
    """Checks the parts of the report contract that diff and gate rely on; a /1 report is
    upgraded to /2 in place first (`upgrade_report`)."""
    if not isinstance(data, dict):
        raise KfootError(f"not a kfoot report: top level is a JSON {type(data).__name__}, expected an object", path=path)
    schema = data.get("schema")
    if schema is None:
        raise KfootError('not a kfoot report: no "schema" key', path=path)
    if schema == REPORT_SCHEMA_V1:
        upgrade_report(data, path)
    elif schema != REPORT_SCHEMA:
        raise KfootError(f"unsupported report schema {schema!r} (this kfoot reads {REPORT_SCHEMA!r} "
                         f"and {REPORT_SCHEMA_V1!r})", path=path)
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


# Per-kernel figures the gate compares (kfoot gate --max-register-growth, --max-stack-growth).
KERNEL_RESOURCES = ("registers", "stack_bytes")


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


def kernel_resources(report: dict) -> dict[tuple[str, str], dict] | None:
    """(stable kernel key, arch) -> {"name", "family", "registers", "stack_bytes"} over every
    file's `kernel_list` (the largest figure where a kernel is in several images); None when no
    file has a kernel list (a report made without --kernels). Keyed like the diff's kernel
    names, so nvcc's per-build module IDs do not unmatch a kernel."""
    found: dict[tuple[str, str], dict] = {}
    seen = False
    for entry in report.get("files", []):
        rows = entry.get("kernel_list")
        if rows is None:
            continue
        seen = True
        for row in rows:
            key = (stable_kernel_key(row["name"]), row["arch"])
            held = found.get(key)
            if held is None:
                found[key] = {"name": strip_module_ids(row["name"]),
                              "family": stable_family_name(row.get("family", "")),
                              **{k: row.get(k) for k in KERNEL_RESOURCES}}
            else:
                for k in KERNEL_RESOURCES:
                    if isinstance(row.get(k), int):
                        held[k] = max(held[k] or 0, row[k])
    return found if seen else None


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
            name = _shown(key_name) if not key_name.isidentifier() or len(key_name) > 60 else key_name
            if not isinstance(entry, dict):
                raise KfootError(f"malformed report: {where}.{group}.{name} is not an object", path=path)
            if not isinstance(entry.get("kind", ""), str):
                raise KfootError(f"malformed report: {where}.{group}.{name}.kind is not a string", path=path)
            for key in metrics:
                _check_count(entry.get(key, 0), f"{where}.{group}.{name}.{key}", path)


def upgrade_report(data: dict, path: object = None) -> dict:
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
    data["schema"] = REPORT_SCHEMA
    data["upgraded_from"] = REPORT_SCHEMA_V1
    return data


def _check_count(value: object, where: str, path: object) -> None:
    # bool is an int subclass in Python; a true/false figure is a broken report, not 1/0.
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise KfootError(f"malformed report: {where} is {_shown(value)}, expected a whole number >= 0", path=path)


def _shown(value: object, limit: int = 60) -> str:
    """`value` as JSON on one line, cut short: an error line names a field, it does not echo it."""
    text = json.dumps(value)
    return text if len(text) <= limit else f"{text[:limit - 20]}...({len(text):,} characters)"


# ---------------------------------------------------------------------------------------------
# Extracting comparable figures


def stable_family_name(name: str) -> str:
    """The family name with nvcc's per-build module IDs removed (reports made before families
    dropped them carry the IDs)."""
    return strip_module_ids(name)


def family_table(report: dict) -> dict[str, dict[str, int]]:
    """Per-family figures over the whole report (totals.families, else summed over files)."""
    totals = report["totals"]
    # null reads as absent, as validate_report lets it
    if totals.get("families") is not None:
        sources = [totals["families"]]
    else:
        sources = [entry.get("families") or [] for entry in report.get("files", [])]
    table: dict[str, dict] = {}
    for families in sources:
        for family in families:
            row = table.setdefault(stable_family_name(family["name"]), dict.fromkeys(FAMILY_METRICS, 0))
            for key in FAMILY_METRICS:
                row[key] += family.get(key, 0)
            names = family.get("kernel_names")
            if isinstance(names, list):
                # Keyed by the demangled name without module IDs or CCCL's versioned namespaces
                # (cub::CUB_300102_SM_750_800:: becomes cub::), so a toolkit upgrade renames no
                # kernel; the value is the mangled name the report holds, which the diff lists.
                keyed = row.setdefault("names", {})
                for n in names:
                    if isinstance(n, str):
                        keyed.setdefault(stable_kernel_key(n), strip_module_ids(n))
    return table


def stable_kernel_key(mangled: str) -> str:
    """What makes two builds' kernels the same kernel: the demangled name with nvcc's module IDs
    and CCCL's versioned namespaces removed."""
    return strip_module_ids(demangle(strip_module_ids(mangled)))


def group_table(report: dict, group: str, metrics: tuple[str, ...]) -> dict[str, dict[str, int]]:
    """Per-arch or per-kind figures over the whole report (totals.<group>, else summed over files)."""
    totals = report["totals"]
    sources = [totals[group]] if totals.get(group) is not None else \
        [entry.get(group) or {} for entry in report.get("files", [])]  # null reads as absent
    table: dict[str, dict] = {}
    for entries in sources:
        for name, entry in entries.items():
            row = table.setdefault(name, dict.fromkeys(metrics, 0))
            for key in metrics:
                row[key] += entry.get(key, 0)
            if "kind" in entry:
                row["kind"] = entry["kind"]
    return table


def total_figures(report: dict) -> dict[str, int]:
    """Whole-report figures (those of TOTAL_METRICS the report carries)."""
    totals = report["totals"]
    figures = {key: totals[key] for key in TOTAL_METRICS if key in totals}
    if "files" not in figures and "files" in report:
        figures["files"] = len(report["files"])
    return figures


# ---------------------------------------------------------------------------------------------
# The diff


@dataclass(frozen=True)
class Change:
    """One figure on both sides."""

    base: int
    new: int

    @property
    def delta(self) -> int:
        return self.new - self.base

    @property
    def percent(self) -> float | None:
        """Relative change in percent; None when the base is zero (growth from nothing)."""
        if self.base == 0:
            return None if self.new else 0.0
        return 100.0 * self.delta / self.base

    def to_dict(self) -> dict:
        pct = self.percent
        return {"base": self.base, "new": self.new, "delta": self.delta,
                "percent": None if pct is None else round(pct, 4)}


# Kernel names listed per family and direction in the diff's JSON; beyond it, a count says how many.
JSON_NAMES_PER_FAMILY = 1000


@dataclass
class GroupChange:
    """A family, arch or kind on both sides. status: added, removed, changed or unchanged."""

    name: str
    status: str
    figures: dict[str, Change]
    kind: str | None = None  # for archs: sass, ptx or ltoir
    # Families: mangled names of the kernels only one side has; None when a side's report does
    # not carry names (a /1 report, or files without totals).
    kernels_added: list[str] | None = None
    kernels_removed: list[str] | None = None

    def delta(self, metric: str) -> int:
        change = self.figures.get(metric)
        return change.delta if change else 0

    def to_dict(self) -> dict:
        out = {"name": self.name, "status": self.status}
        if self.kind:
            out["kind"] = self.kind
        out.update({key: change.to_dict() for key, change in self.figures.items()})
        for key, names in (("kernels_added", self.kernels_added), ("kernels_removed", self.kernels_removed)):
            if names is not None:
                out[key] = names[:JSON_NAMES_PER_FAMILY]
                out[f"{key}_count"] = len(names)
        return out


@dataclass
class ReportDiff:
    base_label: str
    new_label: str
    totals: dict[str, Change]
    families: list[GroupChange] = field(default_factory=list)
    archs: list[GroupChange] = field(default_factory=list)
    kinds: list[GroupChange] = field(default_factory=list)

    @property
    def is_zero(self) -> bool:
        groups = self.families + self.archs + self.kinds
        return all(c.delta == 0 for c in self.totals.values()) and all(g.status == "unchanged" for g in groups)

    def families_with(self, status: str) -> list[GroupChange]:
        return [g for g in self.families if g.status == status]

    def family(self, name: str) -> GroupChange | None:
        return next((g for g in self.families if g.name == name), None)

    def to_dict(self) -> dict:
        return {
            "schema": SCHEMA,
            "base": self.base_label,
            "new": self.new_label,
            "zero": self.is_zero,
            "totals": {key: change.to_dict() for key, change in self.totals.items()},
            "families": [g.to_dict() for g in self.families],
            "families_added": [g.name for g in self.families_with("added")],
            "families_removed": [g.name for g in self.families_with("removed")],
            "archs": [g.to_dict() for g in self.archs],
            "kinds": [g.to_dict() for g in self.kinds],
        }


def diff_reports(base: dict, new: dict, base_label: str = "base", new_label: str = "new") -> ReportDiff:
    """Changes from `base` to `new`. Families are listed biggest growth first, shrinkage last.
    A /1 report is read as /2 (a copy is upgraded; the caller's dict is left alone)."""
    base, new = (upgrade_report(copy.deepcopy(r)) if r.get("schema") == REPORT_SCHEMA_V1 else r for r in (base, new))
    base_totals, new_totals = total_figures(base), total_figures(new)
    totals = {key: Change(base_totals[key], new_totals[key])
              for key in TOTAL_METRICS if key in base_totals and key in new_totals}
    families = _compare_groups(family_table(base), family_table(new), FAMILY_METRICS)
    families.sort(key=lambda g: (-g.delta("kernels"), -g.delta("code_bytes"), g.name))
    archs = _compare_groups(group_table(base, "archs", ARCH_METRICS), group_table(new, "archs", ARCH_METRICS), ARCH_METRICS)
    kinds = _compare_groups(group_table(base, "kinds", KIND_METRICS), group_table(new, "kinds", KIND_METRICS), KIND_METRICS)
    return ReportDiff(base_label, new_label, totals, families, archs, kinds)


def _compare_groups(base: dict[str, dict], new: dict[str, dict], metrics: tuple[str, ...]) -> list[GroupChange]:
    out = []
    for name in sorted(base.keys() | new.keys()):
        before, after = base.get(name), new.get(name)
        figures = {key: Change((before or {}).get(key, 0), (after or {}).get(key, 0)) for key in metrics}
        if before is None:
            status = "added"
        elif after is None:
            status = "removed"
        elif any(change.delta for change in figures.values()):
            status = "changed"
        else:
            status = "unchanged"
        kind = (after or before).get("kind")
        change = GroupChange(name, status, figures, kind)
        old_names, new_names = (before or {}).get("names"), (after or {}).get("names")
        if (old_names is not None or before is None) and (new_names is not None or after is None):
            old_names, new_names = old_names or {}, new_names or {}
            change.kernels_added = sorted(new_names[k] for k in new_names.keys() - old_names.keys())
            change.kernels_removed = sorted(old_names[k] for k in old_names.keys() - new_names.keys())
            if status == "unchanged" and (change.kernels_added or change.kernels_removed):
                status = change.status = "changed"  # as many kernels, but other ones
        out.append(change)
    return out
