"""The headline number (issue 24): `kfoot enumerate --explain` shows, and its JSON carries, what a
nested type switch over the whole spec would instantiate against the variants as written, with
and without groups; a family may declare the domain the library's old switch covered (`nested =
{ In = "all", Acc = [...] }`), so a family split by accumulator type still counts that one switch.

Oracle: a real nested-switch .cu, written by hand below as a library writes one (a switch per
template parameter over the values the old code covered), built with nvcc and its kernels
counted per family with cuobjdump.
"""

from __future__ import annotations

import json
import subprocess
import textwrap
from collections import Counter

import cxxfilt
import pytest

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels

HEADER = """\
#include <cuda_fp16.h>
#include <cuda_bf16.h>
namespace mylib {
template <class In, class Acc, int BLOCK> __global__ void block_sum(const In*, Acc*) {}
template <class T, class U> __global__ void scale(const T*, U*) {}
}
"""

# The library after kfoot: split by accumulator, each split declaring the old switch's domain.
SPEC = """
[typesets]
all = ["float16", "bfloat16", "int8", "int32", "float32"]

[[family]]
name = "sum_lowp"
group = "sum"
header = "k.cuh"
kernel = "mylib::block_sum"
params = ["In", "Acc", "BLOCK"]
nested = { In = "all", Acc = ["float32", "int32"] }
[family.axes]
In = ["float16", "bfloat16"]
Acc = ["float32"]
BLOCK = [128, 256]

[[family]]
name = "sum_int"
group = "sum"
header = "k.cuh"
kernel = "mylib::block_sum"
params = ["In", "Acc", "BLOCK"]
nested = { In = "all", Acc = ["float32", "int32"] }
[family.axes]
In = ["int8", "int32"]
Acc = ["int32"]
BLOCK = [128, 256]

[[family]]
name = "sum_float"
group = "sum"
header = "k.cuh"
kernel = "mylib::block_sum"
params = ["In", "Acc", "BLOCK"]
nested = { In = "all", Acc = ["float32", "int32"] }
[family.axes]
In = ["float32"]
Acc = ["float32"]
BLOCK = [128, 256]

[[family]]
name = "scale"
header = "k.cuh"
kernel = "mylib::scale"
params = ["T", "U"]
[family.axes]
T = ["float32", "float16"]
U = { promote = ["T", "float32"] }
"""

# The library before: one nested switch per kernel over every value each parameter took.
NESTED_CU = """\
#include "k.cuh"
template <class T> struct tag { using type = T; };
template <class F> void each_in(F f) { f(tag<__half>{}); f(tag<__nv_bfloat16>{}); f(tag<signed char>{}); f(tag<int>{}); f(tag<float>{}); }
template <class F> void each_acc(F f) { f(tag<float>{}); f(tag<int>{}); }
template <class F> void each_block(F f) { f(std::integral_constant<int, 128>{}); f(std::integral_constant<int, 256>{}); }
template <class F> void each_scale_type(F f) { f(tag<float>{}); f(tag<__half>{}); }
void* keep[64];
int kept = 0;
void instantiate() {
  each_in([](auto in) { each_acc([](auto acc) { each_block([](auto block) {
    keep[kept++] = (void*)&mylib::block_sum<typename decltype(in)::type, typename decltype(acc)::type, decltype(block)::value>;
  }); }); });
  // U is promote(T, float32) today; the switch covered every type U could be: float and half.
  each_scale_type([](auto t) { each_scale_type([](auto u) {
    keep[kept++] = (void*)&mylib::scale<typename decltype(t)::type, typename decltype(u)::type>;
  }); });
}
"""


@pytest.fixture(scope="module")
def nested_build(tmp_path_factory, nvcc):
    folder = tmp_path_factory.mktemp("nested")
    (folder / "k.cuh").write_text(HEADER)
    (folder / "nested.cu").write_text("#include <type_traits>\n" + NESTED_CU)
    (folder / "s.toml").write_text(SPEC)
    subprocess.run([str(nvcc), "-c", "-std=c++17", "-arch=sm_80", "nested.cu", "-o", "nested.o"], cwd=folder,
                   check=True, capture_output=True)
    per_kernel = Counter(cxxfilt.demangle(name).split("<")[0].split(" ")[-1]
                         for name in cuobjdump_elf_kernels(folder / "nested.o")["sm_80"])
    return folder, per_kernel


def test_declared_nested_domain_counts_the_old_switch(nested_build):
    folder, per_kernel = nested_build
    assert per_kernel == {"mylib::block_sum": 20, "mylib::scale": 4}  # 5 x 2 x 2, and 2 x 2
    data = json.loads(run_kfoot("enumerate", folder / "s.toml", "--explain", "--json").stdout)
    nested = {row["family"]: row["nested"] for row in data["families"]}
    # Each split family counts the one switch it came from; the whole spec counts it once.
    assert nested == {"sum_lowp": per_kernel["mylib::block_sum"], "sum_int": per_kernel["mylib::block_sum"],
                      "sum_float": per_kernel["mylib::block_sum"], "scale": per_kernel["mylib::scale"]}
    variants = 4 + 4 + 2 + 2  # by hand: the lists above
    assert data["whole_spec"] == {"variants": variants, "nested": sum(per_kernel.values()),
                                  "ratio": round(sum(per_kernel.values()) / variants, 2)}
    text = run_kfoot("enumerate", folder / "s.toml", "--explain").stdout
    assert (f"whole spec: {variants} variants as written; a nested switch over the same axes would instantiate "
            f"{sum(per_kernel.values())} (×2)") in text


def test_whole_spec_total_without_groups(nested_build):
    folder, per_kernel = nested_build
    spec = folder / "scale_only.toml"
    spec.write_text(SPEC[SPEC.index('[[family]]\nname = "scale"'):])
    data = json.loads(run_kfoot("enumerate", spec, "--explain", "--json").stdout)
    assert data["groups"] == []
    assert data["whole_spec"] == {"variants": 2, "nested": per_kernel["mylib::scale"], "ratio": 2.0}
    assert "whole spec: 2 variants as written; a nested switch over the same axes would instantiate 4 (×2)" in \
        run_kfoot("enumerate", spec, "--explain").stdout


@pytest.mark.parametrize("nested, words", [
    ('{ Nope = "all" }', "key 'nested.Nope': no such axis"),
    ('{ T = "alll" }', "key 'nested.T': unknown typeset 'alll'"),
    ('{ T = 3 }', "key 'nested.T': must be a typeset name or a list"),
    ('["T"]', "key 'nested': must be a table"),
])
def test_bad_nested_domain_is_one_line(tmp_path, nested, words):
    (tmp_path / "k.cuh").write_text(HEADER)
    body = SPEC[SPEC.index('[[family]]\nname = "scale"'):].replace('params = ["T", "U"]',
                                                                    f'params = ["T", "U"]\nnested = {nested}')
    (tmp_path / "s.toml").write_text('[typesets]\nall = ["float32"]\n' + body)
    proc = run_kfoot("enumerate", tmp_path / "s.toml", check_rc=2)
    assert words in proc.stderr and len(proc.stderr.splitlines()) == 1, proc.stderr


def test_a_group_with_nested_twins_counts_its_dependent_families_as_written():
    # The bundled library writes each group twice: `.nested` (the switch) and `.dependent` (what
    # ships). The headline is the shipped families against the switch, not both added up.
    data = json.loads(run_kfoot("enumerate", "bundled:kernels", "--explain", "--json").stdout)
    rows = data["families"]
    shipped = sum(r["variants"] for r in rows if r["family"].endswith(".dependent"))
    switch = sum(r["variants"] for r in rows if r["family"].endswith(".nested"))
    assert data["whole_spec"] == {"variants": shipped, "nested": switch, "ratio": round(switch / shipped, 2)}
