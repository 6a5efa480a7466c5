"""The variant spec: a TOML description of kernel templates and the values their parameters take.

A family names a `__global__` function template, its template parameters in order, and one
axis per parameter. An axis is free (a list of C++ types or values, or a typeset of kfoot
dtypes) or derived from other axes (`{ promote = [...] }`, `{ same = "..." }`), the way a
framework derives an output dtype from its inputs instead of switching over it. Everything is
validated here, once, so every later step can trust a Spec; each error names the spec file,
the family and the offending key.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib.resources
import itertools
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.escape import shown_message
from ..core.includes import walk_includes
from ..core.inputfile import read_limited
from . import dtypes
from .axes import Axis, format_value, load_axis, map_value
from .axes import derive_order as derive_order_of
from .build_options import OPTION_KEYS, BuildOptions, check_allowed_flags, load_build, load_options
from .dtypes import load_dtypes, load_typesets
from .errors import SpecError, header_problem, spec_error

# Package data, found through importlib.resources so an installed wheel finds its own copy.
BUNDLED_DIR = Path(str(importlib.resources.files("kfoot.bundled"))).resolve()
BUNDLED_SPEC = BUNDLED_DIR / "kernels.toml"
DEMO_SPEC = BUNDLED_DIR / "demo.toml"
# `bundled:NAME` on the command line names one of these, wherever kfoot is installed.
BUNDLED_PREFIX = "bundled:"
BUNDLED_SPECS = {"demo": DEMO_SPEC, "kernels": BUNDLED_SPEC}
# A spec is written by hand (the bundled library's is 11 KB): a bound on what reading one costs,
# whatever the path turns out to be (4 MiB of TOML tables parse in about 3.3 s).
SPEC_MAX_BYTES = 4 << 20


def resolve_spec_path(path: str | Path | None) -> Path:
    """The spec file a command-line SPEC names: a path, `bundled:NAME`, or None (the bundled spec)."""
    if path is None:
        return BUNDLED_SPEC
    text = str(path)
    if text.startswith(BUNDLED_PREFIX):
        name = text[len(BUNDLED_PREFIX):]
        if name not in BUNDLED_SPECS:
            known = ", ".join(BUNDLED_PREFIX + known for known in BUNDLED_SPECS)
            raise SpecError(f"{text}: no such bundled spec (bundled: {known})")
        return BUNDLED_SPECS[name]
    return Path(path)


# The most variants one spec may instantiate, counted from its axes' sizes when it is loaded,
# before any is made: ten times the bundled library's 46,000. Enumerating that many takes about
# 400 MB; above it a spec is refused in one line instead of exhausting memory.
MAX_VARIANTS = 500_000

_FAMILY_KEYS = {"name", "header", "kernel", "params", "axes", "exclude", "group", "style", "description",
                "modes", "nested", *OPTION_KEYS}
# How a family may be built: ahead of time (nvcc), at run time (NVRTC), or both (the default).
BUILD_MODES = ("aot", "rtc")
_STYLES = ("nested", "dependent")
_TOP_KEYS = {"dtypes", "typesets", "family", "build"}
_CPP_QUALIFIED_NAME = re.compile(r"^(::)?[A-Za-z_]\w*(::[A-Za-z_]\w*)*$")


@dataclass
class Family:
    name: str
    header: Path
    kernel: str
    params: list[str]
    axes: dict[str, Axis]  # in the order the spec wrote them
    excludes: list[dict[str, tuple[object, ...]]]
    group: str
    description: str
    spec_path: Path
    style: str = "nested"  # "dependent" when outputs derive from inputs (see load)
    derive_order: list[str] = field(default_factory=list)  # derived axes, dependencies first
    build: BuildOptions = field(default_factory=BuildOptions)  # [build] options, then the family's own
    dtypes: dtypes.DTypeTable = dtypes.BUILTIN  # the spec's dtypes: the builtins and its [dtypes.NAME]
    # `modes`: ("aot",) never compiled by NVRTC (nor checked, nor routed to it); ("rtc",) never by nvcc.
    modes: tuple[str, ...] = BUILD_MODES
    # `nested = { In = "all", BLOCK = [128, 256] }`: the values the library's old nested switch
    # covered, per axis; the nested count takes them in place of the axes' own.
    nested_domain: dict[str, tuple[object, ...]] = field(default_factory=dict)
    # Derived axes' values, computed once each in derive_order: a chain of n derived axes costs
    # n steps, not 2^n, and no recursion (a chain of 1,500 is no RecursionError).
    _values: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _nested: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    # -- axes -------------------------------------------------------------------------
    @property
    def free_axes(self) -> list[str]:
        return [name for name, axis in self.axes.items() if not axis.derived]

    @property
    def derived_axes(self) -> list[str]:
        return [name for name, axis in self.axes.items() if axis.derived]

    def axis_values(self, name: str) -> tuple[object, ...]:
        """Values an axis can take: its list if free, the values its rule produces if derived."""
        axis = self.axes[name]
        if not axis.derived:
            return axis.values
        if name not in self._values:
            for derived in self.derive_order:  # dependencies first, so each source is known
                if derived not in self._values:
                    self._values[derived] = self._derived_values(self.axes[derived])
        return self._values[name]

    def _derived_values(self, axis: Axis) -> tuple[object, ...]:
        sources = list(dict.fromkeys(axis.sources))  # promote(a, a) needs a's values once, not squared
        known = [self.axes[s].values if not self.axes[s].derived else self._values[s] for s in sources]
        combos = math.prod(len(values) for values in known)
        if combos > MAX_VARIANTS:
            raise self._error(f"axes.{axis.name}", f"derived from {combos:,} combinations of its sources, over "
                                                   f"the bound of {MAX_VARIANTS:,}")
        seen: dict[object, None] = {}
        for combo in itertools.product(*known):
            seen[self._apply_rule(axis, dict(zip(sources, combo)))] = None
        return tuple(seen)

    def _apply_rule(self, axis: Axis, values: dict) -> object:
        if axis.rule == "same":
            return values[axis.sources[0]]
        if axis.rule == "map":
            try:
                return map_value(axis, values[axis.sources[0]])
            except KeyError as exc:
                raise self._error(f"axes.{axis.name}", f"value {exc.args[0]!r} of axis '{axis.sources[0]}' is neither "
                                                       f"mapped nor covered by a default (add it to values, or "
                                                       f"default = \"same\" or a value)") from None
        return self.dtypes.promote([*(values[s] for s in axis.sources), *axis.constants])

    def _error(self, key: str | None, message: str) -> SpecError:
        return spec_error(self.spec_path, self.name, key, message)

    def derive(self, values: dict) -> dict:
        """Complete a choice of free-axis values with the derived axes, validating every value.

        Unknown axes or values raise SpecError listing what is valid; a derived axis given
        explicitly must agree with its rule (it is not a free choice).
        """
        unknown = [k for k in values if k not in self.axes]
        if unknown:
            raise self._error(unknown[0], f"no such axis; axes are {', '.join(self.axes)}")
        full: dict = {}
        for name in self.free_axes:
            if name not in values:
                raise self._error(name, f"missing a value for axis '{name}'")
            full[name] = self._coerce(name, values[name])
        for name in self.derive_order:
            full[name] = self._apply_rule(self.axes[name], full)
            if name in values and self._normalise(values[name]) != full[name]:
                raise self._error(
                    name,
                    f"derived axis is {format_value(full[name])} for these inputs, "
                    f"not {format_value(values[name])}",
                )
        if self.is_excluded(full):
            raise self._error(None, f"variant {self._describe(full)} is excluded by the spec")
        return {name: full[name] for name in self.axes}

    def is_dtype_axis(self, name: str) -> bool:
        """Whether every value of a free axis is one of the spec's dtypes."""
        return all(isinstance(v, str) and v in self.dtypes for v in self.axes[name].values)

    def _normalise(self, value: object) -> object:
        if isinstance(value, str) and value in dtypes.ALIASES:
            return dtypes.ALIASES[value]  # int64_t is int64
        if isinstance(value, str) and value not in self.dtypes and self.dtypes.from_cpp(value) is not None:
            return self.dtypes.from_cpp(value)  # accept "float" for float32, "__half" for float16
        return value

    def _coerce(self, name: str, value: object) -> object:
        axis = self.axes[name]
        value = self._normalise(value)
        match = _match(axis.values, value)
        if match is not None:
            return match
        if not self.is_dtype_axis(name):
            # A value of either type: BLOCK=256 or "256" (a command line, a trace, a caller).
            for candidate in axis.values:
                if format_value(candidate) == format_value(value):
                    return candidate
        valid = ", ".join(format_value(v) for v in axis.values)
        raise self._error(name, f"unknown value {format_value(value)!r}; valid values: {valid}")

    def _describe(self, values: dict) -> str:
        return ", ".join(f"{k}={format_value(v)}" for k, v in values.items())

    def is_excluded(self, values: dict) -> bool:
        return any(all(values[k] in allowed for k, allowed in rule.items()) for rule in self.excludes)

    # -- counting -----------------------------------------------------------------------
    def cross_count(self) -> int:
        """Variants before excludes: the product of the free axes."""
        return math.prod(len(self.axes[a].values) for a in self.free_axes)

    def nested_count(self) -> int:
        """What a nested switch over every parameter would instantiate: derived axes become
        free over every value they can take, and nothing is excluded."""
        return math.prod(len(self.nested_values(a)) for a in self.axes)

    def nested_values(self, name: str) -> tuple[object, ...]:
        if name in self.nested_domain:
            return self.nested_domain[name]
        axis = self.axes[name]
        if not axis.derived:
            return axis.values
        if not self._nested:
            for derived in self.derive_order:  # dependencies first (see axis_values)
                # same: its source's values; promote: every dtype any source can hold, and its
                # constants; map: the values the mapping gives.
                axis = self.axes[derived]
                if axis.rule == "map":
                    self._nested[derived] = self.axis_values(derived)
                    continue
                seen: dict[object, None] = {}
                for source in axis.sources:
                    seen.update(dict.fromkeys(self._nested.get(source, self.axes[source].values)))
                seen.update(dict.fromkeys(axis.constants))
                self._nested[derived] = tuple(seen)
        return self._nested[name]


def _match(values: tuple, value: object) -> object:
    for v in values:
        if v == value and type(v) is type(value):
            return v
    return None


@dataclass
class Spec:
    path: Path
    typesets: dict[str, list[str]]
    families: list[Family]
    shard_size: int | None = None  # [build] shard_size: the spec's preferred translation-unit size
    build: BuildOptions = field(default_factory=BuildOptions)  # [build] include_dirs, defines, flags
    dtypes: dtypes.DTypeTable = dtypes.BUILTIN  # the builtins and this spec's [dtypes.NAME], its own
    allow_nvcc_flags: tuple[str, ...] = ()  # [build] allow_nvcc_flags (kfoot.compile.nvcc_checks)

    def family(self, name: str) -> Family:
        for fam in self.families:
            if fam.name == name:
                return fam
        names = ", ".join(f.name for f in self.families)
        raise spec_error(self.path, name, None, f"no such family; families are {names}")

    def select(self, patterns: list[str] | tuple[str, ...] | None) -> list[Family]:
        """Families whose name or group matches any glob pattern (all when none given)."""
        if not patterns:
            return list(self.families)
        chosen = [
            f
            for f in self.families
            if any(fnmatch.fnmatchcase(f.name, p) or fnmatch.fnmatchcase(f.group, p) for p in patterns)
        ]
        if not chosen:
            names = ", ".join(f.name for f in self.families)
            raise spec_error(self.path, None, "family", f"no family matches {', '.join(patterns)}; families are {names}")
        return chosen

    def headers(self) -> list[Path]:
        """Every header the families include, with the quoted #includes they pull in, sorted."""
        found: set[Path] = set()
        for fam in self.families:
            if fam.header.is_file():
                found.update(path for path, _data, _unresolved in walk_includes(fam.header, fam.build.include_dirs))
        return sorted(found)

    def sha256(self) -> str:
        """Hash of the spec file and every header it reaches: changes when any kernel source does."""
        digest = hashlib.sha256()
        digest.update(self.path.read_bytes())
        for header in self.headers():
            digest.update(b"\0" + header.name.encode() + b"\0")
            digest.update(header.read_bytes())
        return digest.hexdigest()


# -- loading ----------------------------------------------------------------------------------


def load_spec(path: str | Path | None = None) -> Spec:
    """Read and validate a spec (the bundled one when `path` is None)."""
    spec_path = resolve_spec_path(path)
    try:
        text = read_limited(spec_path, what="spec", max_bytes=SPEC_MAX_BYTES, error=SpecError)
    except FileNotFoundError:
        raise SpecError(f"{spec_path}: spec file does not exist") from None
    try:
        data = tomllib.loads(text.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SpecError(f"{spec_path}: not UTF-8 text (byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(f"{spec_path}: invalid TOML: {shown_message(str(exc))}") from None
    except RecursionError:
        raise SpecError(f"{spec_path}: invalid TOML for a spec: nested too deeply") from None
    except ValueError:  # tomllib's int(): more digits than Python converts (4,300)
        raise SpecError(f"{spec_path}: invalid TOML for a spec: a number with thousands of digits") from None
    spec_path = spec_path.resolve()

    for key in data:
        if key not in _TOP_KEYS:
            raise spec_error(spec_path, None, key, f"unknown top-level key; expected {', '.join(sorted(_TOP_KEYS))}")
    table = load_dtypes(spec_path, data.get("dtypes", {}))
    typesets = load_typesets(spec_path, data.get("typesets", {}), table)
    build_table = load_build(spec_path, data.get("build", {}))
    build = build_table.options
    raw_families = data.get("family")
    if not isinstance(raw_families, list) or not raw_families:
        raise spec_error(spec_path, None, "family", "the spec needs at least one [[family]] table")

    families: list[Family] = []
    seen_names: set[str] = set()
    for index, raw in enumerate(raw_families):
        fam = _load_family(spec_path, typesets, raw, index, build, table)
        if fam.name in seen_names:
            raise spec_error(spec_path, fam.name, "name", "duplicate family name")
        seen_names.add(fam.name)
        families.append(fam)
    total = sum(fam.cross_count() for fam in families)
    if total > MAX_VARIANTS:
        raise spec_error(spec_path, None, "family", f"the families cross to {total:,} variants, over the bound of "
                                                    f"{MAX_VARIANTS:,} (kfoot.variants.loader.MAX_VARIANTS)")
    check_allowed_flags(spec_path, build_table, families)
    return Spec(path=spec_path, typesets=typesets, families=families, shard_size=build_table.shard_size,
                build=build, dtypes=table, allow_nvcc_flags=build_table.allow_nvcc_flags)


def _load_family(path: Path, typesets: dict[str, list[str]], raw: object, index: int,
                 build: BuildOptions = BuildOptions(), table: dtypes.DTypeTable = dtypes.BUILTIN) -> Family:
    if not isinstance(raw, dict):
        raise spec_error(path, f"#{index + 1}", None, "each [[family]] must be a table")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise spec_error(path, f"#{index + 1}", "name", "every family needs a non-empty string name")

    def fail(key: str | None, message: str) -> SpecError:
        return spec_error(path, name, key, message)

    for key in raw:
        if key not in _FAMILY_KEYS:
            raise fail(key, f"unknown key; family keys are {', '.join(sorted(_FAMILY_KEYS))}")
    for key in ("header", "kernel", "params", "axes"):
        if key not in raw:
            raise fail(key, "missing")

    header_value = raw["header"]
    if not isinstance(header_value, str) or not header_value:
        raise fail("header", "must be a path relative to the spec file")
    header = (path.parent / header_value).resolve()
    problem = header_problem(header_value, header)
    if problem:
        raise fail("header", problem)

    kernel = raw["kernel"]
    if not isinstance(kernel, str) or not _CPP_QUALIFIED_NAME.match(kernel):
        raise fail("kernel", f"must be a qualified C++ name such as kfoot::binary_kernel, not {kernel!r}")

    params = raw["params"]
    if not isinstance(params, list) or not params or not all(isinstance(p, str) and p for p in params):
        raise fail("params", "must be a non-empty list of template parameter names")
    if len(set(params)) != len(params):
        dup = next(p for p in params if params.count(p) > 1)
        raise fail(f"params.{dup}", "parameter listed twice")

    raw_axes = raw["axes"]
    if not isinstance(raw_axes, dict) or not raw_axes:
        raise fail("axes", "must be a table with one axis per parameter")
    for axis_name in raw_axes:
        if axis_name not in params:
            raise fail(f"axes.{axis_name}", f"axis has no parameter; params are {', '.join(params)}")
    for param in params:
        if param not in raw_axes:
            raise fail(f"axes.{param}", "parameter has no axis")

    axes = {a: load_axis(path, name, typesets, a, raw_axes[a], raw_axes, table) for a in params}
    derive_order = derive_order_of(path, name, axes)

    group = raw.get("group", name)
    if not isinstance(group, str) or not group:
        raise fail("group", "must be a non-empty string")
    description = raw.get("description", "")
    if not isinstance(description, str):
        raise fail("description", "must be a string")
    # How the family instantiates: "nested" crosses every parameter, "dependent" derives
    # outputs from inputs. Defaults from the axes; `kfoot enumerate --explain` compares the
    # two styles within a group.
    style = raw.get("style", "dependent" if any(a.derived for a in axes.values()) else "nested")
    if style not in _STYLES:
        raise fail("style", f"must be one of {', '.join(_STYLES)}, not {style!r}")

    modes = raw.get("modes", list(BUILD_MODES))
    if (not isinstance(modes, list) or not modes or not all(m in BUILD_MODES for m in modes)
            or len(set(modes)) != len(modes)):
        raise fail("modes", f'must be a list of distinct build modes, "aot" and/or "rtc", not {modes!r}')

    family = Family(
        name=name, header=header, modes=tuple(m for m in BUILD_MODES if m in modes), kernel=kernel, params=list(params), axes=axes, excludes=[],
        group=group, description=description, spec_path=path, derive_order=derive_order, style=style,
        build=build.merged(load_options(path, name, raw, "")), dtypes=table,
    )
    # Counted from the axes' sizes, before anything is materialised.
    if family.cross_count() > MAX_VARIANTS:
        raise fail("axes", f"the free axes cross to {family.cross_count():,} variants, over the bound of "
                           f"{MAX_VARIANTS:,} (kfoot.variants.loader.MAX_VARIANTS)")
    # A mapped axis must say what every value of its source gives; checked once those are known.
    for axis in axes.values():
        if axis.rule == "map":
            _check_map(family, axis)
    # Promote works on dtypes only; check once the sources' values are known.
    for axis in axes.values():
        if axis.rule == "promote":
            bare = next((c for c in axis.constants if not table.promotable(c)), None)
            if bare is not None:
                raise fail(f"axes.{axis.name}", f"promote needs a kind and bits, and dtype '{bare}' declares none; "
                                                f"add them to [dtypes.{bare}]")
            for source in axis.sources:
                if not all(isinstance(v, str) and v in table for v in family.axis_values(source)):
                    raise fail(f"axes.{axis.name}", f"promote needs dtype axes, and '{source}' is not one")
                bare = next((v for v in family.axis_values(source) if not table.promotable(v)), None)
                if bare is not None:
                    raise fail(f"axes.{axis.name}", f"promote needs a kind and bits, and dtype '{bare}' "
                               f"(axis '{source}') declares none; add them to [dtypes.{bare}]")
    family.excludes = _load_excludes(family, raw.get("exclude", []))
    family.nested_domain = _load_nested(path, name, typesets, raw.get("nested", {}), axes, table)
    return family


def _load_nested(path: Path, family: str, typesets, raw: object, axes: dict[str, Axis],
                 table: dtypes.DTypeTable) -> dict[str, tuple[object, ...]]:
    """`nested = { AXIS = typeset or [values], ... }`: read as axes are (load_axis), for axes of the family."""
    if not isinstance(raw, dict):
        raise spec_error(path, family, "nested", "must be a table: axis = a typeset or a list of values")
    domain = {}
    for name, values in raw.items():
        if name not in axes:
            raise spec_error(path, family, f"nested.{name}", f"no such axis; axes are {', '.join(axes)}")
        if not isinstance(values, (str, list)):
            raise spec_error(path, family, f"nested.{name}", "must be a typeset name or a list of values")
        try:
            domain[name] = load_axis(path, family, typesets, name, values, axes, table).values
        except SpecError as exc:
            raise SpecError(str(exc).replace(f"key 'axes.{name}'", f"key 'nested.{name}'")) from None
    return domain


def _check_map(family: Family, axis: Axis) -> None:
    """Every key names a value of the source axis, and every source value is mapped or defaulted."""
    source = axis.sources[0]
    taken = family.axis_values(source)
    shown = [format_value(v) for v in taken]
    for key, _ in axis.mapping:
        if key not in shown:
            raise spec_error(family.spec_path, family.name, f"axes.{axis.name}.values.{key}",
                             f"{key!r} is not a value of axis '{source}'; its values: {', '.join(shown)}")
    family.axis_values(axis.name)  # a source value neither mapped nor defaulted is one line here


def _load_excludes(family: Family, raw: object) -> list[dict[str, tuple[object, ...]]]:
    def fail(key: str, message: str) -> SpecError:
        return spec_error(family.spec_path, family.name, key, message)

    if not isinstance(raw, list):
        raise fail("exclude", "must be a list of [[family.exclude]] tables")
    rules = []
    for i, rule in enumerate(raw):
        if not isinstance(rule, dict) or not rule:
            raise fail(f"exclude[{i}]", "each exclude is a table of axis = value or [values]")
        parsed: dict[str, tuple[object, ...]] = {}
        for axis_name, value in rule.items():
            key = f"exclude[{i}].{axis_name}"
            if axis_name not in family.axes:
                raise fail(key, f"no such axis; axes are {', '.join(family.axes)}")
            candidates = value if isinstance(value, list) else [value]
            valid = family.axis_values(axis_name)
            resolved = []
            for v in candidates:
                v = family._normalise(v)
                match = _match(valid, v)
                if match is None:
                    listing = ", ".join(format_value(x) for x in valid)
                    raise fail(key, f"value {format_value(v)!r} is not one the axis takes; valid values: {listing}")
                resolved.append(match)
            parsed[axis_name] = tuple(resolved)
        rules.append(parsed)
    return rules
