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
import json
import os
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..core.atomic import write_atomic
from ..core.errors import KfootError

REGISTRY_FORMAT = "kfoot-rtc-registry"
REGISTRY_VERSION = 1
REGISTRY_NAME = "registry.json"
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
    _by_free_values: dict | None = None  # tuple of free-axis values -> row index, built on first use
    _axis_values: dict | None = None

    def index(self, rows: list[dict]) -> dict:
        if self._by_free_values is None:
            free = self.free_axes
            self._by_free_values = {tuple(rows[i]["values"][a] for a in free): i for i in self.rows}
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

    def __init__(self, path: Path, data: dict):
        self.path = path
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
        try:
            members: dict[str, list[int]] = {name: [] for name in fams}
            for i, row in enumerate(rows):
                members[row["family"]].append(i)
            self.families: dict[str, RegistryFamily] = {
                name: RegistryFamily(
                    name=name,
                    kernel=fam["kernel"],
                    header=_confined_header(self.root, name, fam["header"], path),
                    axes=tuple(fam["axes"]),
                    free_axes=tuple(fam["free_axes"]),
                    rows=members[name],
                    include_dirs=tuple(self._inside(d, f"family {name!r} include_dirs")
                                       for d in fam.get("include_dirs", [])),
                    options=_safe_options(name, fam.get("nvrtc_options", []), path),
                )
                for name, fam in fams.items()
            }
        except (KeyError, TypeError) as exc:
            raise KfootError(f"registry.json is malformed (missing {exc})", path=path) from None

    def _inside(self, relative: object, what: str) -> Path:
        """A folder the registry names, resolved; it must lie inside the registry folder."""
        if not isinstance(relative, str) or not relative:
            raise KfootError(f"registry.json is malformed ({what} must be relative paths)", path=self.path)
        path = (self.root / relative).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise KfootError(f"{what} entry {relative!r} lies outside the registry folder", path=self.path)
        return path

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


def _confined_header(root: Path, family: str, header, registry: Path) -> Path:
    """A family's header, resolved: it must lie inside the registry's folder. An absolute path, a
    `..` out of it or a symbolic link leading out of it is refused (one line naming the registry
    and the family), so an edited registry.json cannot make the runtime read and compile files
    from elsewhere."""
    if not isinstance(header, str) or not header:
        raise KfootError(f"registry.json is malformed (family {family!r}: header is not a path)", path=registry)
    if os.path.isabs(header):
        raise KfootError(f"family {family!r}: header {header!r} is an absolute path, outside the registry's folder: refused",
                         path=registry)
    resolved = (root / header).resolve()
    if not resolved.is_relative_to(root.resolve()):
        raise KfootError(f"family {family!r}: header {header!r} resolves outside the registry's folder "
                         f"(to {resolved}, through '..' or a symbolic link): refused", path=registry)
    return resolved


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
    write_atomic(path, _dump(document).encode())
    return Registry(path.resolve(), document)


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
    """Load DIR/registry.json (DIR or the file itself may be given); bad input is one-line KfootError."""
    path = Path(path)
    if path.is_dir():
        path = path / REGISTRY_NAME
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise KfootError("no registry here (build one with `kfoot build --mode rtc -o DIR`)", path=path) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise KfootError(f"cannot read the registry: {exc}", path=path) from None
    if not isinstance(data, dict) or data.get("format") != REGISTRY_FORMAT:
        raise KfootError("not a kfoot RTC registry (format field missing or different)", path=path)
    if data.get("version") != REGISTRY_VERSION:
        raise KfootError(f"registry version {data.get('version')} is not supported (expected {REGISTRY_VERSION})", path=path)
    return Registry(path.resolve(), data)


def _safe_options(family: str, options: object, path: Path) -> tuple[str, ...]:
    """A family's NVRTC options from registry.json: macros and code-generation switches only. An
    option that would read or write a file (--pre-include, --include-path, --time, ...) is
    refused: a registry may come from elsewhere, and its headers must stay inside its folder."""
    from .nvrtc import unsafe_option

    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise KfootError(f"registry.json is malformed (family {family!r} nvrtc_options must be strings)", path=path)
    for option in options:
        if unsafe_option(option):
            raise KfootError(f"family {family!r}: NVRTC option {option[:80]!r} is not one a registry may carry "
                             "(macros and code-generation switches only; headers travel in the registry folder)",
                             path=path)
    return tuple(options)


def _aot_part(aot: object, path: Path) -> AotPart | None:
    """registry.json's `aot` (hybrid builds), checked when the registry is opened: a malformed one
    is one line then, not a KeyError at the kernel's first launch."""
    if aot is None:
        return None

    def malformed(what: str) -> KfootError:
        return KfootError(f"registry.json is malformed (aot: {what})", path=path)

    if not isinstance(aot, dict) or not isinstance(aot.get("fatbin"), str) or not isinstance(aot.get("kernels"), dict):
        raise malformed("needs the fatbin and the kernels")
    kernels = {}
    for template_id, entry in aot["kernels"].items():
        container = entry.get("container") if isinstance(entry, dict) else None
        if (not isinstance(entry, dict) or not isinstance(entry.get("symbol"), str)
                or not isinstance(entry.get("fatbin"), str)
                or not (container is None or (isinstance(container, int) and not isinstance(container, bool)))):
            raise malformed(f"kernel {template_id[:200]!r} needs a symbol, a fatbin and a container index")
        kernels[template_id] = AotKernel(entry["symbol"], entry["fatbin"], container)
    archs, sass = aot.get("archs", []), aot.get("sass_archs", [])
    if not all(isinstance(a, list) and all(isinstance(x, str) for x in a) for a in (archs, sass)):
        raise malformed("archs and sass_archs must be lists of arch names")
    return AotPart(library=str(aot.get("library", "")), fatbin=aot["fatbin"], manifest=str(aot.get("manifest", "")),
                   archs=tuple(archs), sass_archs=tuple(sass), kernels=kernels)
