"""A family's axes: one per template parameter, free (a list of values, or a typeset) or derived
from other axes (`{ promote = [...] }`, `{ same = "..." }`), read and checked here; and the order
derived axes are computed in, dependencies first, found without recursion."""

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
    rule: str | None = None  # derived axes: "promote" or "same"
    sources: tuple[str, ...] = ()  # derived axes: the axes the value comes from

    @property
    def derived(self) -> bool:
        return self.rule is not None


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
            if isinstance(item, bool) or isinstance(item, int):
                values.append(item)
            elif isinstance(item, str) and item.strip():
                # A kfoot dtype name stands for its C++ type; anything else goes in verbatim.
                try:
                    values.append(axis_value(item.strip(), table))
                except ValueError as exc:
                    raise fail(str(exc)) from None
            else:
                raise fail(f"values must be C++ types or values, integers or booleans, not {item!r}")
        for i, v in enumerate(values):
            if any(v == w and type(v) is type(w) for w in values[:i]):
                raise fail(f"value {format_value(v)!r} listed twice")
        return Axis(name=name, values=tuple(values))
    if isinstance(raw, dict):
        rules = [r for r in ("promote", "same") if r in raw]
        extra = [k for k in raw if k not in ("promote", "same")]
        if extra or len(rules) != 1:
            raise fail("a derived axis is { promote = [axes...] } or { same = \"axis\" }")
        rule = rules[0]
        sources = raw[rule]
        if rule == "same":
            if not isinstance(sources, str):
                raise fail("same takes one axis name")
            sources = [sources]
        if not isinstance(sources, list) or not sources or not all(isinstance(s, str) for s in sources):
            raise fail("promote takes a non-empty list of axis names")
        for source in sources:
            if source not in all_axes:
                raise fail(f"derived from unknown axis {source!r}; axes are {', '.join(all_axes)}")
        return Axis(name=name, rule=rule, sources=tuple(sources))
    raise fail("must be a typeset name, a list of values, or a derived rule table")


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
