"""A family's axes: one per template parameter, free (a list of values, or a typeset) or derived
from other axes (`{ promote = [...] }`, `{ same = "..." }`, `{ map = "...", values = {...},
default = ... }`), read and checked here; and the order derived axes are computed in,
dependencies first, found without recursion."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import dtypes
from .dtypes import axis_value
from .errors import SpecError, spec_error


def format_value(value: object) -> str:
    """A value as the spec user writes it (for messages and tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Axis:
    """One template parameter's values. Free axes hold `values`; derived ones a rule."""

    name: str
    values: tuple[object, ...] = ()  # free axes: dtype names, C++ spellings, ints or bools
    typeset: str | None = None  # the typeset name when the axis was given as one
    rule: str | None = None  # derived axes: "promote", "same" or "map"
    sources: tuple[str, ...] = ()  # derived axes: the axes the value comes from
    constants: tuple[str, ...] = ()  # promote: dtypes promoted with the sources (`["In", "float32"]`)
    mapping: tuple[tuple[str, object], ...] = ()  # map: (source value as written, value) pairs
    default: object = None  # map: a value for unmapped source values; SAME: the source's; None: none

    @property
    def derived(self) -> bool:
        return self.rule is not None


SAME = "same"  # a map's `default = "same"`: an unmapped source value is the axis' value


def list_value(item: object, table: dtypes.DTypeTable) -> object:
    """One value as an axis list holds it: an integer or boolean as is, a string as `axis_value`
    reads it. Raises ValueError with the message."""
    if isinstance(item, (bool, int)):
        return item
    if isinstance(item, str) and item.strip():
        return axis_value(item.strip(), table)
    raise ValueError(f"values must be C++ types or values, integers or booleans, not {item!r}")


def load_axis(path, family, typesets, name, raw, all_axes, table: dtypes.DTypeTable) -> Axis:
    """Axis `name` of a family as the spec writes it (`raw`): a typeset's name, a list, or a rule."""
    key = f"axes.{name}"

    def fail(message: str) -> SpecError:
        return spec_error(path, family, key, message)

    if isinstance(raw, str):
        if raw not in typesets:
            known = ", ".join(typesets) or "none defined"
            raise fail(f"unknown typeset {raw!r}; typesets are {known}")
        return Axis(name=name, values=tuple(typesets[raw]), typeset=raw)
    if isinstance(raw, list):
        if not raw:
            raise fail("an axis needs at least one value")
        values: list[object] = []
        for item in raw:
            # A kfoot dtype name stands for its C++ type; anything else goes in verbatim.
            try:
                values.append(list_value(item, table))
            except ValueError as exc:
                raise fail(str(exc)) from None
        for i, v in enumerate(values):
            if any(v == w and type(v) is type(w) for w in values[:i]):
                raise fail(f"value {format_value(v)!r} listed twice")
        return Axis(name=name, values=tuple(values))
    if isinstance(raw, dict):
        if "map" in raw:
            return _load_map(name, raw, all_axes, table, fail)
        rules = [r for r in ("promote", "same") if r in raw]
        extra = [k for k in raw if k not in ("promote", "same")]
        if extra or len(rules) != 1:
            raise fail("a derived axis is { promote = [axes or dtypes...] }, { same = \"axis\" } or "
                       "{ map = \"axis\", values = { ... }, default = ... }")
        rule = rules[0]
        sources = raw[rule]
        if rule == "same":
            if not isinstance(sources, str):
                raise fail("same takes one axis name")
            sources = [sources]
        if not isinstance(sources, list) or not sources or not all(isinstance(s, str) for s in sources):
            raise fail("promote takes a non-empty list of axis names and dtypes")
        axes_named, constants = [], []
        for source in sources:
            if source in all_axes:
                axes_named.append(source)
            elif rule == "promote" and dtypes.ALIASES.get(source, source) in table:
                constants.append(dtypes.ALIASES.get(source, source))  # a dtype constant: `["In", "float32"]`
            else:
                what = "axis or dtype" if rule == "promote" else "axis"
                raise fail(f"derived from unknown {what} {source!r}; axes are {', '.join(all_axes)}")
        if not axes_named:
            raise fail("promote needs at least one axis among its sources (dtypes alone are a constant: "
                       "write it as a one-value list)")
        return Axis(name=name, rule=rule, sources=tuple(axes_named), constants=tuple(constants))
    raise fail("must be a typeset name, a list of values, or a derived rule table")


def _load_map(name, raw, all_axes, table: dtypes.DTypeTable, fail) -> Axis:
    """`{ map = "In", values = { float16 = "float32", ... }, default = "same" }`: the value of
    axis `map`, looked up in `values` (keys are the source's values as the spec writes them);
    an unmapped value takes `default` ("same": the source's own value, or a value)."""
    extra = [k for k in raw if k not in ("map", "values", "default")]
    if extra:
        raise fail(f"unknown key {extra[0]!r} in a mapped axis; it takes map, values and default")
    source = raw["map"]
    if not isinstance(source, str) or source not in all_axes:
        raise fail(f"map takes one axis name; axes are {', '.join(all_axes)}")
    mapped = raw.get("values", {})
    if not isinstance(mapped, dict):
        raise fail("values must be a table: source value = value")
    pairs = []
    for key, value in mapped.items():
        try:
            pairs.append((_source_key(key, table), list_value(value, table)))
        except ValueError as exc:
            raise fail(f"values.{key}: {exc}") from None
    default = None
    if "default" in raw:
        if raw["default"] == SAME:
            default = SAME
        else:
            try:
                default = list_value(raw["default"], table)
            except ValueError as exc:
                raise fail(f"default: {exc}") from None
    if not pairs and default is None:
        raise fail("a mapped axis needs values, a default, or both")
    return Axis(name=name, rule="map", sources=(source,), mapping=tuple(pairs), default=default)


def _source_key(key: str, table: dtypes.DTypeTable) -> str:
    """A map key as a source value is matched against it: a dtype alias (int64_t) is its dtype."""
    if key.startswith("cpp:"):
        return key[4:].strip()
    return dtypes.ALIASES.get(key, key) if key not in table else key


def map_value(axis: Axis, source_value: object) -> object:
    """The value a mapped axis takes for one value of its source; KeyError when none applies."""
    shown = format_value(source_value)
    for key, value in axis.mapping:
        if key == shown:
            return value
    if axis.default == SAME:
        return source_value
    if axis.default is not None:
        return axis.default
    raise KeyError(shown)


def derive_order(path: Path, family: str, axes: dict[str, Axis]) -> list[str]:
    """Derived axes ordered so each comes after what it depends on; a cycle is an error. A
    depth-first walk with its own stack: a chain of thousands of axes is no RecursionError."""
    order: list[str] = []
    state: dict[str, str] = {}

    def derived_sources(name: str):
        return iter([s for s in dict.fromkeys(axes[name].sources) if axes[s].derived])

    for start, axis in axes.items():
        if not axis.derived or start in state:
            continue
        state[start] = "active"
        chain, stack = [start], [derived_sources(start)]
        while stack:
            source = next(stack[-1], None)
            if source is None:
                stack.pop()
                done = chain.pop()
                state[done] = "done"
                order.append(done)
            elif state.get(source) == "active":
                cycle = chain[chain.index(source):] + [source]
                shown = " -> ".join(cycle if len(cycle) <= 8 else [*cycle[:3], "...", *cycle[-3:]])
                raise spec_error(path, family, f"axes.{chain[-1]}",
                                 f"derived axis depends on itself ({shown}, {len(cycle) - 1} axes)")
            elif source not in state:
                state[source] = "active"
                chain.append(source)
                stack.append(derived_sources(source))
    return order
