"""From diagnosis to remedy: a kfoot spec whose variants are exactly one family's instantiations
(`--emit-spec`), and the launched kernels as a kfoot usage trace (`--emit-trace`) for
`kfoot build --mode hybrid --hot`."""

from __future__ import annotations

import json
import re

from ..core.errors import KfootError
from ..core.escape import shown
from ..variants import dtypes
from ..variants.loader import MAX_VARIANTS
from .axes import ABSENT
from .model import Explanation, FamilyExplanation

ANONYMOUS_NAMESPACE = "(anonymous namespace)::"
MAX_EXCLUDES = 10_000  # missing grid points written as excludes; a sparser family is refused


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


_INTEGER = re.compile(r"-?[0-9]+")


def _toml_value(value: str, *, in_axis: bool) -> str:
    """A demangled argument as a spec writes it: an integer or a boolean as such, a C++ type kfoot
    has as a dtype by its spelling (`float`), any other C++ type or value as `cpp:` + its text in
    an axis list (an exclude names it as the axis shows it, without `cpp:`)."""
    if _INTEGER.fullmatch(value) and len(value) < 19:
        return value
    if value in ("true", "false"):
        return value
    dtype = dtypes.BUILTIN.from_cpp(value)
    if dtype is not None:
        return _toml_string(dtype)  # `double` is float64, whose template-id spelling is `double`
    return _toml_string(value if not in_axis else "cpp:" + value)


def _family(explanation: Explanation, name: str) -> FamilyExplanation:
    for family in explanation.families:
        if family.name == name:
            return family
    raise KfootError(f"--emit-spec {shown(name)}: no such family in the binaries (kfoot explain lists them)")


def template_id(kernel: str, args: tuple[str, ...]) -> str:
    """The spelling kfoot's specs give a template-id: `kernel<A, B>`."""
    return f"{kernel}<{', '.join(args)}>"


def spec_kernel(family_name: str) -> str:
    """The family's kernel as a spec names it. An anonymous namespace has no name to write; its
    members are visible, unqualified, to the translation units that include the header, where the
    spec's variants are instantiated."""
    return family_name.replace(ANONYMOUS_NAMESPACE, "")


def present_arguments(family: FamilyExplanation, names) -> set[tuple[str, ...]]:
    return {family.kernel_arguments[n] for n in names}


def emit_spec(explanation: Explanation, name: str, header: str) -> str:
    """The spec text for family `name`: its axes, the grid's missing points as excludes."""
    family = _family(explanation, name)
    if "<" in family.name:
        raise KfootError(f"--emit-spec {shown(name)}: a wrapper family's kernels are not one template's "
                         "instantiations; no spec is written")
    if not family.axes:
        raise KfootError(f"--emit-spec {shown(name)}: not a template, nothing to enumerate")
    if any(ABSENT in a.values for a in family.axes):
        raise KfootError(f"--emit-spec {shown(name)}: its kernels have argument lists of different lengths "
                         "(a variadic template), which a spec's axes cannot write")
    if family.grid > MAX_VARIANTS or family.grid - family.instantiations > MAX_EXCLUDES:
        raise KfootError(f"--emit-spec {shown(name)}: {family.instantiations:,} instantiations of a "
                         f"{family.grid:,} grid would take over {MAX_EXCLUDES:,} excludes")
    params = [f"arg{a.position}" for a in family.axes]
    present = present_arguments(family, family.kernel_names)
    kernel = spec_kernel(family.name)
    lines = [f"# kfoot spec written by `kfoot explain --emit-spec` from {', '.join(explanation.paths)}",
             f"# {family.instantiations:,} instantiations of a {family.grid:,} grid; the grid's missing points are excludes",
             "", "[[family]]",
             f"name   = {_toml_string(re.sub(r'[^A-Za-z0-9_]+', '_', family.name).strip('_') or 'family')}",
             f"header = {_toml_string(header)}",
             *([f"# kernel: {family.name} less its anonymous namespace, as the header's includers name it"]
               if kernel != family.name else []),
             f"kernel = {_toml_string(kernel)}",
             f"params = [{', '.join(_toml_string(p) for p in params)}]",
             "[family.axes]"]
    for param, axis in zip(params, family.axes):
        for c in axis.collapses:
            same = ", ".join(c.values)
            what = "never changes the code" if axis.never_changes_code else f"gives the same code for {same}"
            lines.append(f"# {param} {what}: a candidate for a same/promote/map dependence")
        lines.append(f"{param} = [{', '.join(_toml_value(v, in_axis=True) for v in axis.values)}]")
    missing = _grid(family) - present
    for point in sorted(missing):
        lines += ["[[family.exclude]]", *(f"{p} = {_toml_value(v, in_axis=False)}" for p, v in zip(params, point))]
    return "\n".join(lines) + "\n"


def _grid(family: FamilyExplanation) -> set[tuple[str, ...]]:
    points = [()]
    for axis in family.axes:
        points = [p + (v,) for p in points for v in axis.values]
    return set(points)


def emit_trace(explanation: Explanation, family_name: str | None) -> str:
    """The launched kernels (of `family_name`, or of every family but wrappers and non-templates)
    as kfoot trace lines: {"template_id", "family"}."""
    if explanation.usage is None:
        raise KfootError("--emit-trace needs --usage: the kernels a workload launched")
    lines = []
    for family in explanation.families:
        if (family_name is not None and family.name != family_name) or "<" in family.name or not family.axes:
            continue
        spec_name = re.sub(r"[^A-Za-z0-9_]+", "_", family.name).strip("_") or "family"
        launched = [n for n in family.kernel_names if n in explanation.usage.launched]
        for args in sorted(present_arguments(family, launched)):
            lines.append(json.dumps({"template_id": template_id(spec_kernel(family.name), args), "family": spec_name}))
    return "".join(line + "\n" for line in lines)
