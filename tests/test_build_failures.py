"""Failures named exactly (issue 24): after a failing shard kfoot compiles its variants again one
per translation unit, without --keep-going, and names every failing variant on one line that
starts at the user's own header and line (the instantiation context, not the toolkit header
line nvcc reports first, never kfoot's build/inc link); packed shards are named after the
families they hold.

Oracles: a header whose failing variants are known by construction (cuda::std::max over types
without operator<, on a line found in the header's text), c++filt on the library's kernels.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from types import SimpleNamespace

import pytest

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels

# max.h alone, not <cuda/std/algorithm>: the same cuda::std::max and the same error in the
# toolkit's max.h, at under half the compile time (2.5 s of CPU a unit, not 5.7 s).
HEADER = """\
#include <cuda/std/__algorithm/max.h>
namespace lib {
struct nolt { int v; };
struct nolt2 { float v; };
template <class T> __global__ void pick(T* x) {
  x[0] = cuda::std::max(x[0], x[1]);  // no operator< for nolt, nolt2
}
template <class T> __global__ void copy(T* x) { x[0] = x[1]; }
}
"""

SPEC = """
[[family]]
name = "pick"
header = "lib.cuh"
kernel = "lib::pick"
params = ["T"]
[family.axes]
T = ["float32", "cpp:lib::nolt", "int32", "cpp:lib::nolt2"]

[[family]]
name = "copy"
header = "lib.cuh"
kernel = "lib::copy"
params = ["T"]
[family.axes]
T = ["float32", "cpp:lib::nolt"]
"""

FAILING = ["lib::pick<lib::nolt>", "lib::pick<lib::nolt2>"]


def _setup(folder):
    (folder / "lib.cuh").write_text(HEADER)
    (folder / "s.toml").write_text(SPEC)
    line = next(n for n, text in enumerate(HEADER.splitlines(), 1) if "cuda::std::max" in text)
    return folder / "s.toml", f"{(folder / 'lib.cuh').resolve()}:{line}"


@pytest.fixture(scope="module")
def failed_build(tmp_path_factory) -> SimpleNamespace:
    """The build without --keep-going: the pack fails, its six variants compile one per unit, two fail."""
    folder = tmp_path_factory.mktemp("failures")
    spec, at = _setup(folder)
    out = folder / "out"
    proc = run_kfoot("build", spec, "-o", out, "--arch", "sm_80", "--no-progress", check_rc=2)
    return SimpleNamespace(spec=spec, at=at, out=out, proc=proc)


def test_every_failing_variant_named_at_the_users_line(failed_build):
    at, out, proc = failed_build.at, failed_build.out, failed_build.proc
    lines = proc.stderr.splitlines()
    assert lines[0].startswith("kfoot: error: 2 variant(s) failed to compile"), proc.stderr
    assert lines[1:] == [f"  {at}: {t} [pick]: " + lines[1].split(" [pick]: ", 1)[1] for t in FAILING], proc.stderr
    assert "max.h" in lines[1] and "inc/" not in proc.stderr  # nvcc's own first error, kept after the location
    # The failing shard was compiled again one variant per unit: each has its own log.
    logs = sorted(p.name for p in (out / "build" / "obj").glob("*_k*.o.log"))
    assert len(logs) == 6, logs  # the pack of both families: 4 + 2 variants
    # Shards named after what they hold: the pack holds pick and copy, and says so.
    assert all(name.startswith("pick__copy_") for name in logs), logs
    assert not (out / "libkfoot_kernels.so").exists()


def test_keep_going_links_the_rest_and_records_where(failed_build, tmp_path):
    """--keep-going as a user runs it after the failing build, in (a copy of) its folder: the split
    stays split (test_keep_going_rebuild), so only the two failing units compile again, not all
    seven (a fresh --keep-going build is test_keep_going's and test_sccache's)."""
    at, out = failed_build.at, tmp_path / "out"
    shutil.copytree(failed_build.out, out, symlinks=True)  # mtimes and the include links kept
    run_kfoot("build", failed_build.spec, "-o", out, "--arch", "sm_80", "--no-progress", "--keep-going", check_rc=2)
    manifest = json.loads((out / "manifest.json").read_text())
    assert [(f["template_id"], f["location"]) for f in manifest["failures"]] == [(t, at) for t in FAILING]
    names = cuobjdump_elf_kernels(out / "libkfoot_kernels.so")["sm_80"]
    demangled = subprocess.run([shutil.which("c++filt") or "c++filt"], input="\n".join(sorted(names)) + "\n",
                               capture_output=True, text=True, check=True).stdout.split()
    built = {d.split("(")[0] for d in demangled if "(" in d}
    assert built == {"lib::pick<float>", "lib::pick<int>", "lib::copy<float>", "lib::copy<lib::nolt>"}
