"""Guards that run before a build does: archs the toolchain supports (every mode), and one build
per output folder (a second build waits for the first)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

from tests.oracles.cli import REPO, run_kfoot
from tests.oracles.cuobjdump import cuobjdump_elf_kernels
from tests.oracles.errors import assert_error

PARTLIB = REPO / "tests" / "partlib"


def _nvcc_codes() -> list[str]:
    from kfoot.core.toolchain import find_tool

    out = subprocess.run([str(find_tool("nvcc")), "--list-gpu-code"], capture_output=True, text=True).stdout
    return out.split()


@pytest.mark.parametrize("mode", ["aot", "rtc"])
@pytest.mark.parametrize("arch", ["sm_12", "compute_12", "sm_80,sm_999"])
def test_an_arch_the_toolchain_lacks_is_one_line_before_anything_runs(tmp_path, mode, arch):
    out = tmp_path / "out"
    bad = arch.split(",")[-1]
    message = assert_error(run_kfoot("build", "--mode", mode, "bundled:demo", "--arch", arch, "-o", out, check_rc=None),
                           f"{bad} is not supported by {'nvcc' if mode == 'aot' else 'NVRTC'}")
    # The supported list is the toolchain's own (nvcc --list-gpu-code, the oracle for both here).
    listed = re.search(r"\(supported: (.*)\)", message).group(1).replace("compute_", "sm_").split(", ")
    assert sorted(listed) == sorted(_nvcc_codes())
    assert not out.exists()


def test_warm_refuses_an_arch_nvrtc_lacks(tmp_path):
    run_kfoot("build", "--mode", "rtc", "bundled:demo", "-o", tmp_path / "reg")
    assert_error(run_kfoot("warm", tmp_path / "reg", "--arch", "sm_12", check_rc=None), "sm_12", "not supported")


_SLOW_STEP = """
import os, sys, time
from kfoot.compile import aot
real = aot._run_ninja
def slow(*args, **kwargs):
    open(sys.argv[1], "w").close()  # the first build is inside its lock now
    go, deadline = sys.argv[1] + ".go", time.monotonic() + 120
    while not os.path.exists(go) and time.monotonic() < deadline:  # till the second says it waits
        time.sleep(0.05)
    return real(*args, **kwargs)
aot._run_ninja = slow
from kfoot.cli import main
sys.exit(main(sys.argv[2:]))
"""


def test_a_second_build_of_one_folder_waits_for_the_first(tmp_path):
    out = tmp_path / "out"
    started = tmp_path / "started"
    common = ["build", "--mode", "aot", "--arch", "sm_90", "-o", str(out), "--json", "--no-progress"]
    first = subprocess.Popen([sys.executable, "-c", _SLOW_STEP, str(started), *common, "bundled:demo",
                              "--family", "unary"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    deadline = time.monotonic() + 120
    while not started.exists():
        assert first.poll() is None and time.monotonic() < deadline, first.communicate()
        time.sleep(0.05)
    # The second build: partlib's two types that compile, one unit (no failing variant to split).
    lib = tmp_path / "lib"
    lib.mkdir()
    shutil.copy(PARTLIB / "part.cuh", lib)
    (lib / "s.toml").write_text((PARTLIB / "part.toml").read_text().replace(
        'T = ["bool", "int8", "float32", "int32"]', 'T = ["float32", "int32"]'))
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_STEP_SUMMARY"}
    second_log = tmp_path / "second.stderr"
    with open(second_log, "w") as log:
        second = subprocess.Popen([sys.executable, "-m", "kfoot", *common, lib / "s.toml"], cwd=REPO, env=env,
                                  stdout=subprocess.PIPE, stderr=log, text=True)
    # The first build holds its lock until the second says it waits (or has ended): no fixed sleep.
    deadline = time.monotonic() + 120
    while "waiting" not in second_log.read_text() and second.poll() is None:
        assert time.monotonic() < deadline, "the second build never said it waits"
        time.sleep(0.05)
    (tmp_path / "started.go").touch()
    first_out, first_err = first.communicate(timeout=300)
    second_out, _ = second.communicate(timeout=300)
    second = subprocess.CompletedProcess(second.args, second.returncode, second_out, second_log.read_text())
    assert second.returncode == 0, second.stderr
    assert first.returncode == 0, first_err
    assert f"another kfoot build is writing {out}; waiting" in second.stderr
    # The second build ran after the first: its library is what is on disk, whole, and its
    # summary describes it (cuobjdump: the 2 partlib kernels, no unary kernel).
    assert json.loads(second.stdout)["variants"] == 2
    names = cuobjdump_elf_kernels(out / "libkfoot_kernels.so")["sm_90"]
    assert len(names) == 2 and all("partlib" in n for n in names)
    assert json.loads(first_out)["variants"] == 16
    assert os.path.exists(out / ".kfoot-build.lock")


def test_hybrid_leaves_no_folder_when_its_trace_or_flags_are_bad(tmp_path):
    trace = tmp_path / "trace.jsonl"
    trace.write_text('{"template_id": "kfoot::no_such_kernel<float>"}\n')
    out = tmp_path / "out"
    assert_error(run_kfoot("build", "--mode", "hybrid", "bundled:demo", "--hot", trace, "--arch", "sm_90", "-o", out,
                           check_rc=None))
    assert not out.exists()


def test_the_nvrtc_check_covers_every_axis_value_not_only_the_first_variant(tmp_path):
    """The family's first variant (int16) compiles under NVRTC; the declared dtype, whose header the
    family header does not include, does not. The build says so, not `warm` later."""
    (tmp_path / "fx.cuh").write_text("#pragma once\nnamespace yl { struct fx16 { short v; }; }\n")
    (tmp_path / "bare.cuh").write_text("#pragma once\nnamespace yl {\ntemplate <class T>\n"
                                       "__global__ void zero_kernel(T* p) { *p = T(); }\n}\n")
    (tmp_path / "s.toml").write_text(
        '[dtypes.fx16]\ncpp = "yl::fx16"\nheader = "fx.cuh"\n\n'
        '[[family]]\nname = "zero"\nheader = "bare.cuh"\nkernel = "yl::zero_kernel"\nparams = ["T"]\n'
        '[family.axes]\nT = ["int16", "fx16"]\n')
    proc = run_kfoot("build", "--mode", "rtc", tmp_path / "s.toml", "--arch", "sm_90", "-o", tmp_path / "out",
                     check_rc=2)
    assert "family 'zero'" in proc.stderr and "fx16" in proc.stderr and "Traceback" not in proc.stderr


def test_a_failing_header_of_several_families_names_only_the_family_that_fails(tmp_path):
    """Families sharing a header are checked as one NVRTC program; when it fails, each family is
    compiled alone (sharing one precompiled header) and only the one that fails is named."""
    (tmp_path / "two.cuh").write_text(
        "#pragma once\nnamespace yl {\ntemplate <class T>\n__global__ void fine_kernel(T* p) { *p = T(); }\n"
        "template <class T>\n__global__ void broken_kernel(T* p) { *p = T::no_such_member; }\n}\n")
    (tmp_path / "s.toml").write_text(
        '[[family]]\nname = "fine"\nheader = "two.cuh"\nkernel = "yl::fine_kernel"\nparams = ["T"]\n'
        '[family.axes]\nT = ["float32"]\n\n'
        '[[family]]\nname = "broken"\nheader = "two.cuh"\nkernel = "yl::broken_kernel"\nparams = ["T"]\n'
        '[family.axes]\nT = ["float32"]\n')
    proc = run_kfoot("build", "--mode", "rtc", tmp_path / "s.toml", "--arch", "sm_90", "-o", tmp_path / "out",
                     check_rc=2)
    assert "1 of 2 families" in proc.stderr and "broken" in proc.stderr, proc.stderr
    assert "family 'fine'" not in proc.stderr and "Traceback" not in proc.stderr
