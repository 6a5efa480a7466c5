"""`kfoot enumerate`: counts checked against an independent itertools product over the raw
TOML, and the bundled templates' promised shape (ops, nested vs dependent)."""

from __future__ import annotations

import itertools
import json
import tomllib

import numpy as np
import pytest

from kfoot.variants.loader import BUNDLED_SPEC, DEMO_SPEC
from oracles.cli import run_kfoot
from oracles.errors import assert_error

CPP = {"bool": "bool", "int8": "signed char", "uint8": "unsigned char", "int16": "short", "int32": "int", "int64": "long",
       "float16": "__half", "bfloat16": "__nv_bfloat16", "float32": "float", "float64": "double"}


def np_promote(names):
    if set(names) == {"float16", "bfloat16"}:
        return "float32"
    subst = ["float16" if n == "bfloat16" else n for n in names]
    result = np.result_type(*subst).name
    return "bfloat16" if result == "float16" and "bfloat16" in names and "float16" not in names else result


def oracle_variants(path):
    """Every (family, template-id) of a spec, computed straight from its TOML."""
    raw = tomllib.loads(path.read_text())
    typesets = raw.get("typesets", {})
    out = []
    for fam in raw["family"]:
        axes = fam["axes"]
        free = {k: (typesets[v] if isinstance(v, str) else v) for k, v in axes.items() if not isinstance(v, dict)}
        names = list(free)
        for combo in itertools.product(*free.values()):
            values = dict(zip(names, combo))
            for k, v in axes.items():
                if isinstance(v, dict):
                    values[k] = values[v["same"]] if "same" in v else np_promote([values[s] for s in v["promote"]])
            excluded = any(all(values[k] in (w if isinstance(w, list) else [w]) for k, w in rule.items())
                           for rule in fam.get("exclude", []))
            if excluded:
                continue
            args = []
            for p in fam["params"]:
                v = values[p]
                args.append(str(v).lower() if isinstance(v, bool) else CPP.get(v, str(v)))
            out.append((fam["name"], f"{fam['kernel']}<{', '.join(args)}>"))
    return out


@pytest.mark.parametrize("spec", [DEMO_SPEC, BUNDLED_SPEC], ids=["demo", "bundled"])
def test_list_equals_independent_product(spec):
    proc = run_kfoot("enumerate", str(spec), "--list", "--json")
    listed = [(v["family"], v["template_id"]) for v in json.loads(proc.stdout)]
    assert listed == oracle_variants(spec)


def test_summary_json_counts_per_family():
    expected: dict[str, int] = {}
    for family, _ in oracle_variants(BUNDLED_SPEC):
        expected[family] = expected.get(family, 0) + 1
    proc = run_kfoot("enumerate", "--json")  # default spec is the bundled one
    data = json.loads(proc.stdout)
    assert {f["name"]: f["variants"] for f in data["families"]} == expected
    assert data["totals"]["variants"] == sum(expected.values())
    binary = next(f for f in data["families"] if f["name"] == "binary.nested")
    assert binary["cross"] == 9 * 9 ** 3 and binary["removed_by_excludes"] == 9 * 9  # Mod with lhs=bool
    dep = next(f for f in data["families"] if f["name"] == "broadcast.dependent")
    assert dep["removed_by_derived"] == dep["nested"] - dep["cross"] == 6 * 9 ** 3 * 5 - 6 * 81 * 5


def test_plain_list_is_one_template_id_per_line():
    proc = run_kfoot("enumerate", str(DEMO_SPEC), "--list")
    lines = proc.stdout.splitlines()
    assert lines == [tid for _, tid in oracle_variants(DEMO_SPEC)]


def test_explain_nested_against_dependent():
    raw = tomllib.loads(BUNDLED_SPEC.read_text())
    counts: dict[str, int] = {}
    for family, _ in oracle_variants(BUNDLED_SPEC):
        counts[family] = counts.get(family, 0) + 1
    data = json.loads(run_kfoot("enumerate", "--explain", "--json").stdout)
    groups = {g["group"]: g for g in data["groups"]}
    for fam in raw["family"]:
        group, name = fam["group"], fam["name"]
        key = "nested" if name.endswith(".nested") else "dependent"
        groups[group].setdefault("_" + key, 0)
        groups[group]["_" + key] += counts[name]
    for g in groups.values():
        assert g["nested"] == g["_nested"] and g["dependent"] == g["_dependent"], g["group"]
    # The output type is what a nested switch multiplies by 9 and dependence removes.
    assert groups["binary"]["growth_axes"][0] == {"axis": "out", "nested_factor": 9, "dependent_factor": 1,
                                                  "saving": 9.0}
    assert data["totals"]["nested"] > 10 * data["totals"]["dependent"] / 2
    proc = run_kfoot("enumerate", "--explain")
    assert "broadcast" in proc.stdout


def test_bundled_library_shape():
    raw = tomllib.loads(BUNDLED_SPEC.read_text())
    fams = {f["name"]: f for f in raw["family"]}
    assert len(fams["unary.nested"]["axes"]["op"]) >= 20
    assert len(fams["binary.nested"]["axes"]["op"]) + len(fams["compare.nested"]["axes"]["op"]) >= 10
    assert fams["broadcast.nested"]["axes"]["ndim"] == [1, 2, 3, 4, 5]
    reduce_ops = {op.rsplit("::", 1)[1] for op in fams["reduce.nested"]["axes"]["op"]}
    assert reduce_ops == {"Sum", "Prod", "Max", "Min", "Mean"}
    nested = sum(1 for f, _ in oracle_variants(BUNDLED_SPEC) if f.endswith(".nested"))
    assert 10_000 <= nested < 100_000  # "tens of thousands"
    kernels = {f["kernel"] for f in raw["family"]}
    assert {"kfoot::unary_backward_kernel", "kfoot::binary_backward_kernel",
            "kfoot::binary_scalar_kernel"} <= kernels


def test_family_filter_and_unknown_family():
    data = json.loads(run_kfoot("enumerate", "--family", "reduce*", "--json").stdout)
    assert {f["group"] for f in data["families"]} == {"reduce"}
    assert_error(run_kfoot("enumerate", "--family", "nope", check_rc=None), "no family matches")
