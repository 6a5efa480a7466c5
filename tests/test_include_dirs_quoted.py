"""Folders named with quotes build AOT: the spec's include_dirs, two header folders that hold a
header of the same name, and a declared dtype's header folder all reach nvcc through kfoot's
build/inc/<digest> links, never as a raw `-I` path or a quoted `#include "<path>"` (nvcc:
"Stray '\"' character"; a `'` breaks the commands nvcc runs through its own shell).

Oracles: cuobjdump (the kernels in the library) read back with c++filt (their template
arguments), and the build's own files (build.ninja, the generated source) as text.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import cxxfilt

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels
from test_rtc_support import template_id_of

TESTS = Path(__file__).resolve().parent
INC = "in\"c'x"  # the spec's include_dirs folder
HDR = "q\"f'"  # a second header folder, with a header named like the first folder's

SPEC = """\
[dtypes.q16]
cpp = "userlib::q16"
header = "q\\"f'/q16.cuh"

[build]
include_dirs = ["in\\"c'x"]
defines = { FLAGLIB_SCALE = "3" }

[[family]]
name = "scale"
header = "flaglib.cuh"
kernel = "mylib::scale_kernel"
params = ["T"]
[family.axes]
T = ["float32"]

[[family]]
name = "copy"
header = "q\\"f'/flaglib.cuh"
kernel = "userlib::copy_kernel"
params = ["T"]
[family.axes]
T = ["float32", "q16"]
"""


def library(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(TESTS / "flaglib" / "flaglib.cuh", folder / "flaglib.cuh")  # includes <mylib/kernels.cuh>
    shutil.copytree(TESTS / "flaglib" / "include", folder / INC)
    (folder / HDR).mkdir()
    shutil.copy(TESTS / "userlib" / "plain.cuh", folder / HDR / "flaglib.cuh")  # same name, other kernel
    shutil.copy(TESTS / "userlib" / "q16.cuh", folder / HDR / "q16.cuh")
    (folder / "s.toml").write_text(SPEC)
    return folder / "s.toml"


def test_quoted_include_dirs_and_header_folders_build_aot(tmp_path):
    spec = library(tmp_path / "lib")
    out = tmp_path / "out"
    proc = run_kfoot("build", spec, "-o", out, "--arch", "sm_90", "-j", "1", "--no-progress", check_rc=None)
    assert proc.returncode == 0, proc.stderr
    kernels = cuobjdump_elf_kernels(out / "libkfoot_kernels.so")
    assert {template_id_of(cxxfilt.demangle(k)) for k in kernels["sm_90"]} == {
        "mylib::scale_kernel<float>", "userlib::copy_kernel<float>", "userlib::copy_kernel<userlib::q16>"}
    # No folder name reaches nvcc's command lines or the generated sources.
    build = out / "build"
    texts = [(build / "build.ninja").read_text(), *(p.read_text() for p in (build / "src").glob("*.cu"))]
    for text in texts:
        for name in (INC, HDR, str(tmp_path)):
            assert name not in text, name
