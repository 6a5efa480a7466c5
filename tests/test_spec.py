"""The spec loader: promotion against NumPy, derived axes, and one-line errors naming
file, family and key for every kind of bad spec."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import numpy as np
import pytest

from kfoot.variants import dtypes
from kfoot.variants.loader import BUNDLED_SPEC, DEMO_SPEC, SpecError, load_spec
from kfoot.variants.enumerate import enumerate_family
from oracles.cli import run_kfoot
from oracles.errors import assert_error

NUMPY_NAMES = [n for n in dtypes.BUILTIN_NAMES if n != "bfloat16"]  # NumPy has no bfloat16


def numpy_promote(names):
    return np.result_type(*[np.dtype(n) for n in names]).name


@pytest.mark.parametrize("arity", [2, 3])
def test_promote_matches_numpy_result_type(arity):
    for combo in itertools.product(NUMPY_NAMES, repeat=arity):
        assert dtypes.promote(combo) == numpy_promote(combo), combo


def test_bfloat16_promotes_like_float16_except_with_float16():
    assert dtypes.promote(["float16", "bfloat16"]) == "float32"
    assert dtypes.promote(["bfloat16", "float16"]) == "float32"
    for other in NUMPY_NAMES:
        if other == "float16":
            continue
        expected = numpy_promote(["float16", other])
        expected = "bfloat16" if expected == "float16" else expected
        assert dtypes.promote(["bfloat16", other]) == expected, other


def test_cpp_spellings_of_the_builtin_dtypes():
    assert [dtypes.cpp_type(n) for n in dtypes.BUILTIN_NAMES] == [
        "bool", "signed char", "unsigned char", "short", "unsigned short", "int", "unsigned int", "long",
        "unsigned long", "__half", "__nv_bfloat16", "float", "double", "cuda::std::complex<float>",
        "cuda::std::complex<double>"]


def write_spec(tmp_path: Path, body: str, header: str | None = "k.cuh") -> Path:
    if header:
        (tmp_path / header).write_text("// empty\n")
    path = tmp_path / "spec.toml"
    path.write_text(textwrap.dedent(body))
    return path


GOOD = """
[typesets]
float = ["float16", "float32"]
[[family]]
name = "bin"
header = "k.cuh"
kernel = "kfoot::binary_kernel"
params = ["op", "lhs", "rhs", "out"]
[family.axes]
op = ["kfoot::op::Add", "kfoot::op::Mul"]
lhs = "float"
rhs = ["int32", "float64"]
out = { promote = ["lhs", "rhs"] }
[[family.exclude]]
op = "kfoot::op::Mul"
rhs = "float64"
"""


def test_derived_axis_and_exclude(tmp_path):
    spec = load_spec(write_spec(tmp_path, GOOD))
    fam = spec.family("bin")
    ids = [v.template_id for v in enumerate_family(fam)]
    # Independent oracle: cross product, NumPy promotion, the exclude applied by hand.
    cpp = {"float16": "__half", "float32": "float", "float64": "double", "int32": "int"}
    expected = [
        f"kfoot::binary_kernel<{op}, {cpp[l]}, {cpp[r]}, {cpp[numpy_promote([l, r])]}>"
        for op, l, r in itertools.product(["kfoot::op::Add", "kfoot::op::Mul"], ["float16", "float32"],
                                          ["int32", "float64"])
        if not (op == "kfoot::op::Mul" and r == "float64")
    ]
    assert ids == expected
    assert fam.free_axes == ["op", "lhs", "rhs"]
    assert fam.derive({"op": "kfoot::op::Add", "lhs": "float16", "rhs": "int32"})["out"] == "float64"


def test_derive_rejects_unknown_value_listing_valid_ones(tmp_path):
    fam = load_spec(write_spec(tmp_path, GOOD)).family("bin")
    with pytest.raises(SpecError) as err:
        fam.derive({"op": "kfoot::op::Add", "lhs": "int8", "rhs": "int32"})
    msg = str(err.value)
    assert "family 'bin'" in msg and "lhs" in msg and "float16, float32" in msg
    with pytest.raises(SpecError, match="excluded"):
        fam.derive({"op": "kfoot::op::Mul", "lhs": "float16", "rhs": "float64"})
    with pytest.raises(SpecError, match="derived axis is float64"):
        fam.derive({"op": "kfoot::op::Add", "lhs": "float16", "rhs": "int32", "out": "float32"})


BAD_SPECS = {
    "unknown typeset": (GOOD.replace('lhs = "float"', 'lhs = "floats"'), "bin", "axes.lhs", "unknown typeset"),
    "unknown dtype": (GOOD.replace('"float16", "float32"]', '"float16", "float128"]'), None, "typesets.float",
                      "unknown dtype"),
    "self-dependent": (GOOD.replace('out = { promote = ["lhs", "rhs"] }', 'out = { promote = ["lhs", "out"] }'),
                       "bin", "axes.out", "depends on itself"),
    "param without axis": (GOOD.replace('params = ["op", "lhs", "rhs", "out"]',
                                        'params = ["op", "lhs", "rhs", "out", "ndim"]'),
                           "bin", "axes.ndim", "parameter has no axis"),
    "axis without param": (GOOD.replace('params = ["op", "lhs", "rhs", "out"]', 'params = ["op", "lhs", "rhs"]'),
                           "bin", "axes.out", "axis has no parameter"),
    "duplicate family": (GOOD + GOOD.split("[typesets]")[1].split("\n", 2)[2], "bin", "name", "duplicate"),
    "missing header": (GOOD.replace('header = "k.cuh"', 'header = "nope.cuh"'), "bin", "header", "does not exist"),
    "bad exclude value": (GOOD.replace('rhs = "float64"\n', 'rhs = "int8"\n'), "bin", "exclude[0].rhs",
                          "valid values"),
    "promote of non-dtype": (GOOD.replace('out = { promote = ["lhs", "rhs"] }', 'out = { promote = ["op"] }'),
                             "bin", "axes.out", "promote needs dtype axes"),
    "bad shard size": ("[build]\nshard_size = 0\n" + GOOD, None, "build.shard_size", "positive integer"),
    "unknown family key": (GOOD.replace('kernel = "kfoot::binary_kernel"',
                                        'kernel = "kfoot::binary_kernel"\nkernal = "x"'),
                           "bin", "kernal", "unknown key"),
}


@pytest.mark.parametrize("case", sorted(BAD_SPECS))
def test_bad_spec_names_file_family_and_key(tmp_path, case):
    body, family, key, words = BAD_SPECS[case]
    path = write_spec(tmp_path, body)
    with pytest.raises(SpecError) as err:
        load_spec(path)
    msg = str(err.value)
    assert str(path) in msg
    if family:
        assert f"family '{family}'" in msg
    assert f"key '{key}'" in msg
    assert words in msg


def test_bad_spec_on_the_command_line_is_one_line_exit_2(tmp_path):
    path = write_spec(tmp_path, BAD_SPECS["self-dependent"][0])
    for args in (["enumerate", str(path)], ["build", str(path), "-o", str(tmp_path / "o")]):
        assert_error(run_kfoot(*args, check_rc=None), str(path), "family 'bin'", "axes.out")


def test_invalid_toml_and_missing_file(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("[[family]\nname = 1\n")
    with pytest.raises(SpecError, match="invalid TOML"):
        load_spec(broken)
    assert_error(run_kfoot("enumerate", str(tmp_path / "missing.toml"), check_rc=None), "does not exist")


def test_spec_hash_covers_included_headers(tmp_path):
    (tmp_path / "inner.cuh").write_text("// v1\n")
    path = write_spec(tmp_path, GOOD, header=None)
    (tmp_path / "k.cuh").write_text('#include "inner.cuh"\n')
    before = load_spec(path).sha256()
    (tmp_path / "inner.cuh").write_text("// v2\n")
    assert load_spec(path).sha256() != before


def test_bundled_specs_load():
    bundled = load_spec()
    assert bundled.path == BUNDLED_SPEC.resolve()
    assert load_spec(DEMO_SPEC).families


@pytest.mark.parametrize("where", ["family", "dtype"])
def test_a_header_that_is_a_fifo_is_named_as_one_and_never_read(tmp_path, where):
    """A FIFO where a header should be exists: 'does not exist' would send its author looking for
    a missing file. kfoot says what it is, one line, exit 2, without opening it (which would wait
    for a writer forever)."""
    import os

    os.mkfifo(tmp_path / "fifo.cuh")
    body = GOOD if where == "family" else '[dtypes.mine]\ncpp = "float"\nheader = "fifo.cuh"\nkind = "float"\nbits = 32\n' + GOOD
    if where == "family":
        body = body.replace('header = "k.cuh"', 'header = "fifo.cuh"')
    path = write_spec(tmp_path, body)
    with pytest.raises(SpecError, match=r"header 'fifo.cuh' is a FIFO, not a regular file"):
        load_spec(path)
    result = run_kfoot("enumerate", str(path), check_rc=None, timeout=30)
    assert_error(result, str(path), "is a FIFO, not a regular file")
