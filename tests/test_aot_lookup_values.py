"""AOT lookup by axis values (issue 24): the generated NAME::find_kernel(family, values) routes
and refuses exactly as the registry does on the same spec (kfoot::Registry::kernel, whose
lookup it shares: kfoot/include/kfoot/detail/axis_lookup.hpp), values of either type.

Oracle: the C++ registry of an RTC build of the same spec, asked the same requests in one
program (tests/cpp/lookup_values.cpp); the stub is the one find_kernel(template_id) returns.
"""

from __future__ import annotations

import shutil
import subprocess
import textwrap

import pytest

from oracles.cli import REPO, run_kfoot

HEADER = """\
namespace mylib {
template <class In, class Acc, int BLOCK> __global__ void block_sum(const In*, Acc*) {}
template <class T, bool FAST> __global__ void scale(T*) {}
}
"""
SPEC = """
[[family]]
name = "sum"
header = "k.cuh"
kernel = "mylib::block_sum"
params = ["In", "Acc", "BLOCK"]
[family.axes]
In = ["float16", "int8", "int32", "float32"]
Acc = { map = "In", values = { float16 = "float32", int8 = "int32" }, default = "same" }
BLOCK = [128, 256]
[[family.exclude]]
In = "float32"
BLOCK = 128

[[family]]
name = "scale"
header = "k.cuh"
kernel = "mylib::scale"
params = ["T", "FAST"]
[family.axes]
T = ["float32"]
FAST = [true, false]
"""
REQUESTS = ["sum In=int8 BLOCK=256", "sum In=float16 BLOCK=128 Acc=float32", "sum In=int9 BLOCK=256",
            "sum In=int8", "sum In=int8 BLOCK=256 Acc=float32", "sum In=int8 BLOCK=256 Nope=1",
            "sum In=float32 BLOCK=128", "sum In=int32 BLOCK=512", "scale T=float32 FAST=true",
            "scale T=float32 FAST=maybe", "sun In=int8 BLOCK=256"]


def test_aot_find_kernel_by_values_answers_as_the_registry(tmp_path):
    compiler = shutil.which("g++") or pytest.skip("no C++ compiler (g++)")
    (tmp_path / "k.cuh").write_text(HEADER)
    (tmp_path / "s.toml").write_text(SPEC)
    run_kfoot("build", tmp_path / "s.toml", "-o", tmp_path / "aot", "--arch", "sm_80", "-j", "2", "--no-progress")
    run_kfoot("build", "--mode", "rtc", tmp_path / "s.toml", "-o", tmp_path / "rtc", "--no-check", "--no-progress")
    flags, libs = run_kfoot("config", "--cflags").stdout.split(), run_kfoot("config", "--libs").stdout.split()
    program = tmp_path / "lookup_values"
    subprocess.run([compiler, "-std=c++17", "-Wall", "-Wextra", "-Werror", *flags, f"-I{tmp_path / 'aot' / 'include'}",
                    str(REPO / "tests" / "cpp" / "lookup_values.cpp"), "-o", str(program), *libs,
                    f"-L{tmp_path / 'aot'}", "-lkfoot_kernels", f"-Wl,-rpath,{tmp_path / 'aot'}"], check=True)
    # The typed request in the program asks sum for In=int8 and BLOCK=256 (an int).
    lines = subprocess.run([str(program), str(tmp_path / "rtc")], input="\n".join(REQUESTS) + "\n",
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert lines[-1] == "typed ok"
    answers = list(zip(lines[0:-1:2], lines[1:-1:2]))
    assert len(answers) == len(REQUESTS)
    for request, (registry, library) in zip(REQUESTS, answers):
        assert library == registry.replace("in the registry", "in the library"), request
    assert [r for r, _ in answers][:2] == ["mylib::block_sum<signed char, int, 256>", "mylib::block_sum<__half, float, 128>"]
    assert answers[6][0] == "error: sum has no variant In='float32', BLOCK=128 (excluded by the spec)"
    assert answers[8][0] == "mylib::scale<float, true>"
