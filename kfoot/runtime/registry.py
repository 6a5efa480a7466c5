"""The RTC registry: `registry.json` plus the template sources, everything the runtime needs.

A registry lists every variant of a spec (family, axis values, template-id, a hash of its
source) and carries copies of the headers, so it can be shipped and opened without the spec.
Derived axes need no rules at run time: each variant is indexed by its free-axis values, whose
derived values the spec computed when the registry was written.

This module is the format's one home: `write_registry` lays the file out and `load_registry`
reads and validates it (docs/runtime.md documents it field by field; the C++ runtime,
kfoot/include/kfoot/runtime.hpp, reads the same file). The builder (kfoot.compile.rtc_registry)
decides what goes in, and gets back the `Registry` it wrote.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..core.atomic import write_atomic
from ..core.errors import KfootError
from ..core.escape import shown
from ..core.inputfile import read_limited
from ..core.jsonfile import parse_json_limited

REGISTRY_FORMAT = "kfoot-rtc-registry"
REGISTRY_VERSION = 1
REGISTRY_NAME = "registry.json"
# registry.json: the bundled library's 46,000 variants take 11 MB; a 75 MB one took 1.9 GB to parse.
REGISTRY_MAX_BYTES = 64 << 20
# A hybrid build's fatbin, read whole for the driver: 1 GiB (libcusparse's whole library is 250 MB).
AOT_FATBIN_MAX_BYTES = 1 << 30
_MISSING = object()
_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})  # what an axis value may be (exact types: JSON's)
_LARGEST_REGISTRY = "the bundled library's 46,000 variants take 11 MB"
_NOT_IN_TEMPLATE_ID = re.compile(r"[\x00-\x1f\x7f#]")
TEMPLATES_DIR = "templates"


@dataclass(frozen=True)
class RegistryVariant:
    family: str
    template_id: str
    values: tuple[tuple[str, object], ...]  # every axis, in the family's axis order
    source_sha256: str
    aot_archs: tuple[str, ...] = ()  # hybrid: archs the AOT library holds this variant for

    @property
    def values_dict(self) -> dict:
        return dict(self.values)


@dataclass(frozen=True)
class AotKernel:
    """Where a hybrid build's AOT library keeps one variant."""

    symbol: str  # the kernel's mangled name
    fatbin: str  # the shard fatbin that holds it, relative to the registry folder
    container: int | None  # that shard's container in `AotPart.fatbin`; None: an older kfoot wrote it


@dataclass(frozen=True)
class AotPart:
    """The AOT half of a hybrid build (registry.json's `aot`); file names relative to the folder."""

    library: str
    fatbin: str  # kernels.fatbin: every shard's container, back to back
    manifest: str
    archs: tuple[str, ...]
    sass_archs: tuple[str, ...]
    kernels: dict[str, AotKernel]  # template-id -> where it is


@dataclass(frozen=True)
class FamilyEntry:
    """A family as `write_registry` records it: paths relative to the registry folder."""

    kernel: str
    header: str
    axes: tuple[str, ...]  # one per template parameter, in parameter order
    free_axes: tuple[str, ...]
    include_dirs: tuple[str, ...] | None = None  # None: the family has no build options to record
    nvrtc_options: tuple[str, ...] | None = None
    modes: tuple[str, ...] = ("aot", "rtc")  # the spec's `modes` (both unless it says otherwise)


@dataclass
class RegistryFamily:
    name: str
    kernel: str
    header: Path  # absolute, inside the registry's templates folder
    axes: tuple[str, ...]
    free_axes: tuple[str, ...]
    rows: list[int]  # indexes into the registry's variant rows
    include_dirs: tuple[Path, ...] = ()  # the spec's include_dirs: absolute, inside the registry folder
    options: tuple[str, ...] = ()  # the spec's defines and flags for NVRTC (`nvrtc_options`)
    modes: tuple[str, ...] = ("aot", "rtc")  # ("aot",): only the AOT library, never NVRTC
    _by_free_values: dict | None = None  # tuple of free-axis values -> row index, built on first use
    _axis_values: dict | None = None

    @property
    def aot_only(self) -> bool:
        return "rtc" not in self.modes

    def not_built_for(self, arch: str, built: tuple[str, ...]) -> str:
        """The one line for a variant of an AOT-only family that `arch` cannot run (the C++ runtime
        says the same, detail/registry.hpp)."""
        return (f"family '{self.name}' is built ahead of time only (modes = [\"aot\"]) and its library holds "
                f"{', '.join(built) or 'no arch'}, none of which runs on {arch}; rebuild with --arch naming it")

    def index(self, rows: list[dict]) -> dict:
        if self._by_free_values is None:
            free = self.free_axes
            index: dict = {}
            for i in self.rows:  # the first row wins, as in the C++ runtime and by_template_id
                index.setdefault(tuple(rows[i]["values"][a] for a in free), i)
            self._by_free_values = index
        return self._by_free_values

    def axis_values(self, rows: list[dict]) -> dict:
        """axis -> the values it takes in this registry (for messages), in first-seen order."""
        if self._axis_values is None:
            seen: dict[str, dict] = {a: {} for a in self.axes}
            for i in self.rows:
                for axis, value in rows[i]["values"].items():
                    seen.setdefault(axis, {})[value] = None
            self._axis_values = {a: list(v) for a, v in seen.items()}
        return self._axis_values


class Registry:
    """A loaded registry.json. Lookups resolve axis values to a variant or explain the miss.

    The bundled spec has ~46k variants: indexes and variant objects are built on first use, per
    family, so opening a registry costs about one JSON parse.
    """

    def __init__(self, path: Path, data: dict, sha256: str):
        self.path = path
        # Of the bytes `data` was parsed from: packs name the registry by it, and the file may
        # have changed since (a second read would be unchecked and unbounded).
        self.sha256 = sha256
        self.root = path.parent
        self.data = data
        self.mode = data.get("mode", "rtc")
        self.aot = _aot_part(data.get("aot"), path)
        fams = data.get("families")
        rows = data.get("variants")
        if not isinstance(fams, dict) or not isinstance(rows, list):
            raise KfootError("registry.json lacks its families or variants", path=path)
        self._rows = rows
        self._variants: dict[int, RegistryVariant] = {}
        self._by_template_id: dict[str, int] | None = None
        self.families: dict[str, RegistryFamily] = {name: self._family(name, fam) for name, fam in fams.items()}
        self._check_rows(rows)

    def _check_rows(self, rows: list) -> None:
        """Every row, checked when the registry opens (the C++ runtime checks the same): a
        malformed one is one line now, not a KeyError or TypeError at a lookup or in `warm`.
        The well-formed row takes one expression (46,000 rows in ~0.1 s); any doubt goes to
        `_check_row`, which says what is wrong."""
        families = {name: (fam, fam.kernel + "<", fam.axes, fam.rows.append) for name, fam in self.families.items()}
        forbidden = _NOT_IN_TEMPLATE_ID.search
        scalar = _SCALAR_TYPES
        missing = itertools.repeat(_MISSING)  # values.get(axis, _MISSING), at C speed
        for i, row in enumerate(rows):
            found = families.get(row.get("family")) if type(row) is dict and type(row.get("family")) is str else None
            if found is not None:
                _, prefix, axes, add = found
                template_id, values = row.get("template_id"), row.get("values")
                if (type(template_id) is str and template_id.startswith(prefix) and template_id[-1] == ">"
                        and not forbidden(template_id) and type(values) is dict
                        and scalar.issuperset(map(type, map(values.get, axes, missing)))
                        and type(row.get("source_sha256")) is str
                        and ("aot_archs" not in row or _all_strings(row["aot_archs"]))):
                    add(i)
                    continue
            self._check_row(i, row)

    def _family(self, name: str, fam: object) -> RegistryFamily:
        where = f"family {shown(name)}"
        if not isinstance(fam, dict):
            raise KfootError(f"registry.json is malformed ({where} is not an object)", path=self.path)
        kernel = fam.get("kernel")
        if not isinstance(kernel, str) or not kernel:
            raise KfootError(f"registry.json is malformed ({where} lacks its kernel name)", path=self.path)
        axes = _strings(fam.get("axes"), f"{where} axes", self.path)
        free_axes = _strings(fam.get("free_axes"), f"{where} free_axes", self.path)
        for axis in free_axes:
            if axis not in axes:
                raise KfootError(f"registry.json is malformed ({where}: free axis {shown(axis)} is not one of its axes)",
                                 path=self.path)
        include_dirs = _strings(fam.get("include_dirs", []), f"{where} include_dirs", self.path)
        modes = _strings(fam.get("modes", ["aot", "rtc"]), f"{where} modes", self.path)
        if not modes or not set(modes) <= {"aot", "rtc"}:
            raise KfootError(f"registry.json is malformed ({where}: modes must be \"aot\" and/or \"rtc\")",
                             path=self.path)
        return RegistryFamily(modes=tuple(modes),
            name=name, kernel=kernel, header=_confined(self.root, fam.get("header"), f"{where}: header", self.path),
            axes=tuple(axes), free_axes=tuple(free_axes), rows=[],
            include_dirs=tuple(_confined(self.root, d, f"{where} include_dirs entry", self.path) for d in include_dirs),
            options=_safe_options(name, fam.get("nvrtc_options", []), self.path))

    def _check_row(self, i: int, row: object) -> None:
        """One variant row, checked when the registry opens (the C++ runtime checks the same): a
        malformed row is one line now, not a KeyError or TypeError at a lookup or in `warm`."""
        def malformed(what: str) -> KfootError:
            return KfootError(f"registry.json is malformed (variant {i} {what})", path=self.path)

        if not isinstance(row, dict):
            raise malformed("is not an object")
        fam = self.families.get(row.get("family")) if isinstance(row.get("family"), str) else None
        if fam is None:
            raise KfootError(f"registry.json is malformed (variant {i} names no family of the registry)", path=self.path)
        template_id = row.get("template_id")
        if not isinstance(template_id, str):
            raise malformed("lacks its template_id (a string)")
        problem = template_id_problem(template_id, fam.kernel)
        if problem:
            raise KfootError(f"variant {i}: template-id {shown(template_id)} {problem}: refused", path=self.path)
        values = row.get("values")
        if not isinstance(values, dict):
            raise malformed("lacks its values (an object)")
        for axis in fam.axes:
            if axis not in values:
                raise malformed(f"lacks axis {shown(axis)}")
            if not isinstance(values[axis], (str, int, float, bool)) and values[axis] is not None:
                raise malformed(f"axis {shown(axis)}: a value must be a string, number, boolean or null")
        if not isinstance(row.get("source_sha256"), str):
            raise malformed("lacks its source_sha256 (a string)")
        _strings(row.get("aot_archs", []), f"variant {i} aot_archs", self.path)
        fam.rows.append(i)

    def _variant(self, i: int) -> RegistryVariant:
        variant = self._variants.get(i)
        if variant is None:
            row = self._rows[i]
            try:
                fam = self.families[row["family"]]
                variant = RegistryVariant(
                    family=row["family"],
                    template_id=row["template_id"],
                    values=tuple((axis, row["values"][axis]) for axis in fam.axes),
                    source_sha256=row["source_sha256"],
                    aot_archs=tuple(row.get("aot_archs", ())),
                )
            except (KeyError, TypeError) as exc:
                raise KfootError(f"registry.json is malformed (variant {i} lacks {exc})", path=self.path) from None
            self._variants[i] = variant
        return variant

    @property
    def variants(self) -> list[RegistryVariant]:
        return [self._variant(i) for i in range(len(self._rows))]

    def variants_of(self, family: str) -> list[RegistryVariant]:
        return [self._variant(i) for i in self.families[family].rows]

    def __len__(self) -> int:
        return len(self._rows)

    @property
    def by_template_id(self) -> "_TemplateIdView":
        if self._by_template_id is None:
            index: dict[str, int] = {}
            for i, row in enumerate(self._rows):
                index.setdefault(row["template_id"], i)
            self._by_template_id = index
        return _TemplateIdView(self)

    # -- lookup -----------------------------------------------------------------------------
    def family(self, name: str) -> RegistryFamily:
        try:
            return self.families[name]
        except KeyError:
            close = difflib.get_close_matches(name, list(self.families), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else f"; families: {', '.join(self.families)}"
            raise KfootError(f"no family {name!r} in the registry{hint}", path=self.path) from None

    def lookup(self, family_name: str, values: dict) -> RegistryVariant:
        """The variant for these axis values (free axes required, derived ones optional but checked)."""
        fam = self.family(family_name)
        unknown = [axis for axis in values if axis not in fam.axes]
        if unknown:
            raise KfootError(f"{family_name} has no axis {unknown[0]!r} (axes: {', '.join(fam.axes)})")
        missing = [axis for axis in fam.free_axes if axis not in values]
        if missing:
            raise KfootError(f"{family_name} needs a value for {', '.join(missing)} (free axes: {', '.join(fam.free_axes)})")
        values = {axis: _as_registry_value(fam.axis_values(self._rows)[axis], value) for axis, value in values.items()}
        free = tuple(values[axis] for axis in fam.free_axes)
        row = fam.index(self._rows).get(free)
        if row is None:
            raise KfootError(self._miss_message(fam, values))
        variant = self._variant(row)
        full = variant.values_dict
        for axis, value in values.items():
            if full[axis] != value:
                raise KfootError(
                    f"{family_name}: {axis}={value!r} contradicts the spec, which derives {axis}={full[axis]!r} "
                    f"from {', '.join(f'{a}={values[a]!r}' for a in fam.free_axes)}"
                )
        return variant

    def _miss_message(self, fam: RegistryFamily, values: dict) -> str:
        asked = ", ".join(f"{a}={values[a]!r}" for a in fam.free_axes)
        axis_values = fam.axis_values(self._rows)
        for axis in fam.free_axes:
            valid = axis_values[axis]
            if values[axis] not in valid:
                words = [str(v) for v in valid]
                close = difflib.get_close_matches(str(values[axis]), words, n=3, cutoff=0.5)
                shown = ", ".join(close or words[:8]) + ("" if close or len(words) <= 8 else ", ...")
                return f"{fam.name} has no variant {asked}: {axis}={values[axis]!r} is not a value of {axis}; nearest: {shown}"
        # Every value exists on its own but this combination was excluded: show the variants that
        # differ from the request in the fewest axes.
        def distance(item):
            return sum(1 for a, b in zip(item[0], (values[a] for a in fam.free_axes)) if a != b)

        nearest = sorted(fam.index(self._rows).items(), key=distance)[:3]
        shown = "; ".join(", ".join(f"{a}={v!r}" for a, v in zip(fam.free_axes, free)) for free, _ in nearest)
        return f"{fam.name} has no variant {asked} (excluded by the spec); nearest: {shown}"


def _text(value: object) -> str:
    """An axis value as text, as the spec writes it (true/false for booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _as_registry_value(valid: list, value: object) -> object:
    """`value` as the registry holds it: BLOCK="256" is 256 where the spec wrote an integer, and
    256 is "256" where it wrote a string; anything else is left for the lookup to refuse."""
    for known in valid:
        if known == value and type(known) is type(value):
            return known
    text = _text(value)
    for known in valid:
        if _text(known) == text:
            return known
    # A miss: shown in the axis' own type, as the C++ runtime shows it (BLOCK='255' on a text axis).
    if valid and all(isinstance(known, str) for known in valid):
        return text
    if valid and all(isinstance(known, int) and not isinstance(known, bool) for known in valid):
        try:
            return int(text)
        except ValueError:
            pass
    return value


def _confined(root: Path, relative: object, what: str, registry: Path) -> Path:
    """A file the registry names (a family's header, a hybrid build's fatbins), resolved: it must
    lie inside the registry's folder. An absolute path, a `..` out of it or a symbolic link
    leading out of it is refused (one line naming the registry and `what`), so an edited
    registry.json cannot make the runtime read, compile or load files from elsewhere."""
    if not isinstance(relative, str) or not relative or "\0" in relative:  # NUL: found by fuzzing, a ValueError
        raise KfootError(f"registry.json is malformed ({what} is not a path)", path=registry)
    if os.path.isabs(relative):
        raise KfootError(f"{what} {shown(relative)} is an absolute path, outside the registry's folder: refused",
                         path=registry)
    resolved = (root / relative).resolve()
    if not resolved.is_relative_to(root.resolve()):
        raise KfootError(f"{what} {shown(relative)} resolves outside the registry's folder "
                         f"(to {shown(str(resolved))}, through '..' or a symbolic link): refused", path=registry)
    return resolved


def template_id_problem(template_id: str, kernel: str) -> str | None:
    """Why `template_id` cannot be a template-id of `kernel`, or None. NVRTC gets it as a name
    expression, which it pastes into source: a newline and a `#include` there would make it read
    any file, so a template-id is the kernel's name, `<`, arguments, `>`, on one line, without `#`."""
    if not (template_id.startswith(kernel + "<") and template_id.endswith(">")):
        return f"is not the family's kernel {shown(kernel)} followed by <arguments>"
    bad = _NOT_IN_TEMPLATE_ID.search(template_id)
    if bad:
        return f"holds {bad.group()!r} (a control character or '#' could reach NVRTC's preprocessor)"
    return None


def _all_strings(value: object) -> bool:
    return type(value) is list and all(type(item) is str for item in value)


def _strings(value: object, what: str, registry: Path) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise KfootError(f"registry.json is malformed ({what} must be a list of strings)", path=registry)
    return value


class _TemplateIdView:
    """Mapping-like access by template-id that builds variant objects only for the ids asked."""

    def __init__(self, registry: Registry):
        self._registry = registry

    def get(self, template_id: str, default=None):
        i = self._registry._by_template_id.get(template_id)
        return default if i is None else self._registry._variant(i)

    def __getitem__(self, template_id: str) -> RegistryVariant:
        return self._registry._variant(self._registry._by_template_id[template_id])

    def __contains__(self, template_id: str) -> bool:
        return template_id in self._registry._by_template_id


def write_registry(out_dir: str | os.PathLike, *, mode: str, spec_path: str, spec_sha256: str,
                   sources: dict[str, str], families: dict[str, FamilyEntry], variants: list[RegistryVariant],
                   aot: AotPart | None = None) -> Registry:
    """Write OUT/registry.json (the template copies under OUT/templates are the builder's) and
    return it opened, as `load_registry` would: the caller checks and uses what it wrote without
    reading it back. `sources`: sha256 of each copied file, by its path under templates/.
    A hybrid build (`aot`) marks each variant with the SASS archs its library holds it for."""
    family_rows = {}
    for name, fam in families.items():
        row = {"kernel": fam.kernel, "header": fam.header, "params": list(fam.axes), "axes": list(fam.axes),
               "free_axes": list(fam.free_axes)}
        row["modes"] = list(fam.modes)
        if fam.include_dirs is not None:
            # The spec's include_dirs (the copies) and the defines and flags NVRTC gets; they are
            # part of the cache key.
            row["include_dirs"] = list(fam.include_dirs)
            row["nvrtc_options"] = list(fam.nvrtc_options or ())
        family_rows[name] = row
    rows = []
    for variant in variants:
        row = {"family": variant.family, "template_id": variant.template_id,
               "values": {axis: _plain(value) for axis, value in variant.values},
               "source_sha256": variant.source_sha256}
        if aot is not None:
            row["aot_archs"] = list(aot.sass_archs) if variant.template_id in aot.kernels else []
        rows.append(row)
    document = {
        "format": REGISTRY_FORMAT,
        "version": REGISTRY_VERSION,
        "mode": mode,
        "kfoot_version": __version__,
        "spec": {"path": spec_path, "sha256": spec_sha256},
        "sources": sources,
        "families": family_rows,
        "variants": rows,
    }
    if aot is not None:
        document["aot"] = {
            "library": aot.library, "fatbin": aot.fatbin, "manifest": aot.manifest, "archs": list(aot.archs),
            "sass_archs": list(aot.sass_archs),
            "kernels": {template_id: {"symbol": k.symbol, "fatbin": k.fatbin, "container": k.container}
                        for template_id, k in aot.kernels.items()},
        }
    path = Path(out_dir) / REGISTRY_NAME
    text = _dump(document).encode()
    write_atomic(path, text)
    return Registry(path.resolve(), document, hashlib.sha256(text).hexdigest())


def _dump(document: dict) -> str:
    """Readable but compact: the header fields indented, then one variant per line (46k of them)."""
    rows = document.pop("variants")
    head = json.dumps(document, indent=1)
    body = ",\n".join(json.dumps(row, separators=(",", ":")) for row in rows)
    document["variants"] = rows
    return head[:-2] + ',\n "variants": [\n' + body + "\n ]\n}\n"


def _plain(value):
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def load_registry(path: str | os.PathLike) -> Registry:
    """Load DIR/registry.json (DIR or the file itself may be given); bad input is one-line KfootError.
    A regular file of at most REGISTRY_MAX_BYTES (kfoot.core.inputfile), bounded JSON
    (kfoot.core.jsonfile), every family and row checked before anything uses them."""
    path = Path(path)
    if path.is_dir():
        path = path / REGISTRY_NAME
    try:
        raw = read_limited(path, what="registry", max_bytes=REGISTRY_MAX_BYTES, largest=_LARGEST_REGISTRY)
    except FileNotFoundError:
        raise KfootError("no registry here (build one with `kfoot build --mode rtc -o DIR`)", path=path) from None
    data = parse_json_limited(raw, what="registry", path=path)
    sha256 = hashlib.sha256(raw).hexdigest()
    del raw
    if not isinstance(data, dict) or data.get("format") != REGISTRY_FORMAT:
        raise KfootError("not a kfoot RTC registry (format field missing or different)", path=path)
    if type(data.get("version")) is not int or data["version"] != REGISTRY_VERSION:  # 1.0 and true are not 1 (as in C++)
        raise KfootError(f"registry version {shown(data.get('version'))} is not supported (expected {REGISTRY_VERSION})",
                         path=path)
    return Registry(path.resolve(), data, sha256)


def _safe_options(family: str, options: object, path: Path) -> tuple[str, ...]:
    """A family's NVRTC options from registry.json: macros and code-generation switches only. An
    option that would read or write a file (--pre-include, --include-path, --time, ...) is
    refused: a registry may come from elsewhere, and its headers must stay inside its folder."""
    from .nvrtc import unsafe_option

    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise KfootError(f"registry.json is malformed (family {shown(family)} nvrtc_options must be strings)", path=path)
    for option in options:
        if unsafe_option(option):
            raise KfootError(f"family {shown(family)}: NVRTC option {shown(option)} is not one a registry may carry "
                             "(macros and code-generation switches only; headers travel in the registry folder)",
                             path=path)
    return tuple(options)


def _aot_part(aot: object, path: Path) -> AotPart | None:
    """registry.json's `aot` (hybrid builds), checked when the registry is opened: a malformed one
    is one line then, not a KeyError at the kernel's first launch. Its fatbins are confined to the
    registry's folder as headers are: the runtime hands them to the driver."""
    if aot is None:
        return None

    def malformed(what: str) -> KfootError:
        return KfootError(f"registry.json is malformed (aot: {what})", path=path)

    if not isinstance(aot, dict) or not isinstance(aot.get("fatbin"), str) or not isinstance(aot.get("kernels"), dict):
        raise malformed("needs the fatbin and the kernels")
    root = path.parent
    _confined(root, aot["fatbin"], "aot: fatbin", path)
    kernels = {}
    for template_id, entry in aot["kernels"].items():
        container = entry.get("container") if isinstance(entry, dict) else None
        if (not isinstance(entry, dict) or not isinstance(entry.get("symbol"), str)
                or not isinstance(entry.get("fatbin"), str)
                or not (container is None or (isinstance(container, int) and not isinstance(container, bool)
                                              and 0 <= container < 2 ** 63))):
            raise malformed(f"kernel {shown(template_id)} needs a symbol, a fatbin and a container index "
                            "(a non-negative integer)")
        _confined(root, entry["fatbin"], f"aot: kernel {shown(template_id)} fatbin", path)
        kernels[template_id] = AotKernel(entry["symbol"], entry["fatbin"], container)
    archs, sass = aot.get("archs", []), aot.get("sass_archs", [])
    if not all(isinstance(a, list) and all(isinstance(x, str) for x in a) for a in (archs, sass)):
        raise malformed("archs and sass_archs must be lists of arch names")
    return AotPart(library=str(aot.get("library", "")), fatbin=aot["fatbin"], manifest=str(aot.get("manifest", "")),
                   archs=tuple(archs), sass_archs=tuple(sass), kernels=kernels)
