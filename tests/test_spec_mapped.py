"""Specs as libraries write them (issue 24): mapped derived axes (`map`, `values`, `default`),
`promote` over axes and dtype constants, a declared dtype that promotes `like` a builtin, and axis
values of either type (BLOCK=256 or "256") in the Python and C++ runtimes.

Oracles: variant lists written out by hand below (the accumulator rule a CUB-style block_sum
library uses), NumPy's result_type for `promote` with constants, and the Python registry's
answers for the C++ program built with g++ against the same registry.
"""

from __future__ import annotations

import shutil
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest

from kfoot import runtime
from kfoot.core.errors import KfootError
from kfoot.variants import dtypes
from kfoot.variants.enumerate import enumerate_spec
from kfoot.variants.loader import SpecError, load_spec
from oracles.cli import run_kfoot
from oracles.errors import assert_error

HEADER = "template <class In, class Acc, int BLOCK> __global__ void block_sum(const In*, Acc*) {}\n"


def _spec(folder: Path, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "k.cuh").write_text(HEADER)
    path = folder / "s.toml"
    path.write_text(textwrap.dedent(body))
    return path


IN_LINE = 'In = ["float16", "bfloat16", "int8", "int16", "int32", "float32", "float64"]'
ACC_LINE = ('Acc = { map = "In", values = { float16 = "float32", bfloat16 = "float32", int8 = "int32", '
            'int16 = "int32" }, default = "same" }')
SUM = """
[[family]]
name = "sum"
header = "k.cuh"
kernel = "mylib::block_sum"
params = ["In", "Acc", "BLOCK"]
[family.axes]
In = ["float16", "bfloat16", "int8", "int16", "int32", "float32", "float64"]
Acc = { map = "In", values = { float16 = "float32", bfloat16 = "float32", int8 = "int32", int16 = "int32" }, default = "same" }
BLOCK = [128, 256]
"""


def test_mapped_accumulator_axis_is_one_family(tmp_path):
    spec = load_spec(_spec(tmp_path, SUM))
    # By hand: half and bfloat16 accumulate in float, int8/int16 in int, the rest in their own type.
    acc = [("__half", "float"), ("__nv_bfloat16", "float"), ("signed char", "int"), ("short", "int"),
           ("int", "int"), ("float", "float"), ("double", "double")]
    assert [v.template_id for v in enumerate_spec(spec)] == [
        f"mylib::block_sum<{i}, {a}, {b}>" for i, a in acc for b in (128, 256)]
    fam = spec.family("sum")
    assert fam.derive({"In": "int16", "BLOCK": 256})["Acc"] == "int32"
    assert fam.derive({"In": "float64", "BLOCK": "256"})["BLOCK"] == 256  # either type


def test_map_default_value_and_integer_sources(tmp_path):
    body = SUM.replace('default = "same"', 'default = "float64"').replace(
        'BLOCK = [128, 256]', 'BLOCK = [128, 256]\nWARPS = { map = "BLOCK", values = { 128 = 4, 256 = 8 } }').replace(
        'params = ["In", "Acc", "BLOCK"]', 'params = ["In", "Acc", "BLOCK", "WARPS"]').replace(
        '"int32", "float32", "float64"]', '"float32"]')
    spec = load_spec(_spec(tmp_path, body))
    got = [v.args for v in enumerate_spec(spec)]
    acc = {"__half": "float", "__nv_bfloat16": "float", "signed char": "int", "short": "int", "float": "double"}
    assert got == [(i, acc[i], str(b), str(b // 32)) for i in acc for b in (128, 256)]


@pytest.mark.parametrize("axis, words, key", [
    ('Acc = { map = "In", values = { float16 = "float32" } }', "value 'bfloat16' of axis 'In' is neither mapped",
     "axes.Acc"),
    ('Acc = { map = "In", values = { float8 = "float32" }, default = "same" }', "'float8' is not a value of axis 'In'",
     "axes.Acc.values.float8"),
    ('Acc = { map = "Nope", values = { float16 = "float32" } }', "map takes one axis name", "axes.Acc"),
    ('Acc = { map = "In", values = { float16 = "flaot32" } }', "unknown dtype 'flaot32'", "axes.Acc"),
    ('Acc = { map = "In", value = { float16 = "float32" } }', "unknown key 'value'", "axes.Acc"),
    ('Acc = { map = "Acc", default = "same" }', "depends on itself", "axes.Acc"),
    ('Acc = { promote = ["In", "float33"] }', "unknown axis or dtype 'float33'", "axes.Acc"),
])
def test_bad_mapped_or_promoted_axis_is_one_line(tmp_path, axis, words, key):
    body = SUM.replace(ACC_LINE, axis)
    path = _spec(tmp_path, body)
    with pytest.raises(SpecError) as err:
        load_spec(path)
    assert f"key '{key}'" in str(err.value) and words in str(err.value), str(err.value)
    assert_error(run_kfoot("enumerate", path, check_rc=2), words)


def test_promote_with_a_dtype_constant_is_numpys(tmp_path):
    names = ["bool", "int8", "uint8", "int16", "int32", "uint32", "int64", "float16", "float32", "float64",
             "complex64"]
    body = SUM.replace(IN_LINE, f"In = {names!r}".replace("'", '"')).replace(
        ACC_LINE, 'Acc = { promote = ["In", "float32"] }')
    spec = load_spec(_spec(tmp_path, body))
    got = [v.values for v in enumerate_spec(spec) if dict(v.values)["BLOCK"] == 128]
    assert [dict(v)["Acc"] for v in got] == [np.result_type(np.dtype(n), np.float32).name for n in names]


def test_a_declared_dtype_promotes_like_bfloat16(tmp_path):
    body = '[dtypes.cbf16]\ncpp = "cutlass::bfloat16_t"\nlike = "bfloat16"\n' + SUM.replace(
        IN_LINE, 'In = ["cbf16", "bfloat16", "float16", "int8", "float64"]').replace(
        ACC_LINE, 'Acc = { promote = ["In", "float16"] }').replace("[128, 256]", "[128]")
    spec = load_spec(_spec(tmp_path, body))
    # bfloat16 with float16 is float32 (neither holds the other); int8 fits float16; float64 wins.
    assert [v.args[:2] for v in enumerate_spec(spec)] == [
        ("cutlass::bfloat16_t", "float"), ("__nv_bfloat16", "float"), ("__half", "__half"),
        ("signed char", "__half"), ("double", "double")]
    table = spec.dtypes
    assert table.promote(["cbf16", "bfloat16"]) == "cbf16"  # the result is what it stands for: itself
    assert table.promote(["cbf16", "float32"]) == "float32"
    assert table.promote(["cbf16", "int8"]) == "cbf16" and dtypes.promote(["bfloat16", "int8"]) == "bfloat16"


@pytest.mark.parametrize("table, words", [
    ('like = "bfloat17"', "must name a builtin dtype"),
    ('like = "bfloat16"\nkind = "float"\nbits = 16', "like takes the place of kind and bits"),
])
def test_bad_like_is_one_line(tmp_path, table, words):
    path = _spec(tmp_path, f'[dtypes.x]\ncpp = "x"\n{table}\n' + SUM)
    assert_error(run_kfoot("enumerate", path, check_rc=2), "dtypes.x", words)


BLOCK_TEXT = SUM.replace("BLOCK = [128, 256]", 'BLOCK = ["128", "256"]')


@pytest.mark.parametrize("body", [SUM, BLOCK_TEXT], ids=["int-axis", "text-axis"])
def test_python_registry_takes_either_type(tmp_path, body):
    out = tmp_path / "rtc"
    run_kfoot("build", "--mode", "rtc", _spec(tmp_path, body), "-o", out, "--no-progress", "--no-check")
    reg = runtime.open_registry(out, cache=None, trace=None)
    want = "mylib::block_sum<short, int, 256>"
    for block in (256, "256"):
        assert reg.kernel("sum", In="int16", BLOCK=block).template_id == want
        assert reg["sum", "int16", block].template_id == want
    with pytest.raises(KfootError, match="BLOCK='?255'? is not a value of BLOCK; nearest: 256"):
        reg.kernel("sum", In="int16", BLOCK=255)


CPP = r"""
#include <kfoot/runtime.hpp>
#include <iostream>
int main(int, char** argv) {
  kfoot::Registry reg = kfoot::Registry::open(argv[1]);
  const std::vector<std::pair<std::string, std::string>> texts{{"In", "int16"}, {"BLOCK", "256"}};
  std::cout << reg.kernel("sum", texts).template_id() << "\n";
  std::cout << reg.kernel("sum", {{"In", "int16"}, {"BLOCK", 256}}).template_id() << "\n";
  std::cout << reg.kernel("sum", {{"In", "int16"}, {"BLOCK", 256L}, {"Acc", "int32"}}).template_id() << "\n";
  try {
    reg.kernel("sum", {{"In", "int16"}, {"BLOCK", 255u}});
  } catch (const kfoot::Error& e) {
    std::cout << e.what() << "\n";
  }
}
"""


@pytest.fixture(scope="module")
def cpp_program(tmp_path_factory) -> Path:
    """CPP built once for both registries below (it takes the registry's folder as its argument):
    the header runtime is 10 s of g++ CPU."""
    compiler = shutil.which("g++") or pytest.skip("no C++ compiler")
    folder = tmp_path_factory.mktemp("cpp_registry")
    (folder / "t.cpp").write_text(CPP)
    flags, libs = run_kfoot("config", "--cflags").stdout.split(), run_kfoot("config", "--libs").stdout.split()
    subprocess.run([compiler, "-std=c++17", "-Wall", "-Wextra", "-Werror", *flags, str(folder / "t.cpp"), "-o",
                    str(folder / "t"), *libs], check=True)
    return folder / "t"


@pytest.mark.parametrize("body", [SUM, BLOCK_TEXT], ids=["int-axis", "text-axis"])
def test_cpp_registry_takes_either_type_as_python_does(tmp_path, body, cpp_program):
    out = tmp_path / "rtc"
    run_kfoot("build", "--mode", "rtc", _spec(tmp_path, body), "-o", out, "--no-progress", "--no-check")
    lines = subprocess.run([str(cpp_program), str(out)], capture_output=True, text=True, check=True).stdout.splitlines()
    reg = runtime.open_registry(out, cache=None, trace=None)
    assert lines[:3] == [reg.kernel("sum", In="int16", BLOCK=256).template_id] * 3
    with pytest.raises(KfootError) as err:
        reg.kernel("sum", In="int16", BLOCK=255)
    assert lines[3] == str(err.value)  # the same nearest-value message, quoted as the axis' type
