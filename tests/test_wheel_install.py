"""kfoot installed from its wheel (not editable, not the checkout) works on the bundled demo spec.

The wheel is built from a copy of the files git would ship, installed with `pip install --no-deps` into a
fresh virtual environment, and run from a folder outside the checkout. Its dependencies (click,
the CUDA wheels, ...) come from the test environment through a path entry, so nothing is
downloaded twice; kfoot itself must come from the fresh environment, which the test asserts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.oracles.cli import REPO
from tests.oracles.cuobjdump import cuobjdump_elf_kernels

pytestmark = pytest.mark.slow


def _run(argv, cwd, timeout=600, env=None):
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert proc.returncode == 0, f"{argv} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory, kfoot_wheel):
    root = tmp_path_factory.mktemp("wheel")
    wheel = kfoot_wheel  # pip wheel of the files git would ship (build_fixtures.py)
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=root)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
          str(wheel)], cwd=root)
    # Dependencies from this environment, after the fresh one's own site-packages. A path line
    # does not run the .pth files of that folder, so the checkout's editable kfoot stays out.
    purelib = Path(sysconfig.get_paths(vars={"base": str(venv), "platbase": str(venv)})["purelib"])
    (purelib / "_kfoot_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # The ninja package finds its binary in the scripts folder of the environment that runs it.
    (venv / "bin" / "ninja").symlink_to(Path(sysconfig.get_paths()["scripts"]) / "ninja")
    work = root / "work"
    work.mkdir()
    return venv, work


def test_the_installed_package_is_the_one_that_runs(installed):
    venv, work = installed
    where = _run([str(venv / "bin" / "python"), "-c", "import kfoot; print(kfoot.__file__)"], cwd=work).stdout
    assert Path(where.strip()).is_relative_to(venv), where
    assert not Path(where.strip()).is_relative_to(REPO)


def test_enumerate_aot_build_and_rtc_warm_of_the_demo_spec(installed):
    venv, work = installed
    kfoot = str(venv / "bin" / "kfoot")
    counted = json.loads(_run([kfoot, "enumerate", "bundled:demo", "--json"], cwd=work).stdout)
    assert Path(counted["spec"]).is_relative_to(venv)  # the installed copy of the demo spec
    assert sum(family["variants"] for family in counted["families"]) == 80  # the demo spec's own count

    _run([kfoot, "build", "--mode", "aot", "bundled:demo", "--family", "unary", "--arch", "sm_90",
          "-o", "aot"], cwd=work)
    libraries = list((work / "aot").glob("*.so"))
    assert len(libraries) == 1, libraries
    # unary: 4 ops x 4 float dtypes, one kernel each (cuobjdump is the oracle).
    assert {arch: len(names) for arch, names in cuobjdump_elf_kernels(libraries[0]).items()} == {"sm_90": 16}

    env = dict(os.environ, KFOOT_CACHE_DIR=str(work / "cache"))
    _run([kfoot, "build", "--mode", "rtc", "bundled:demo", "--family", "unary", "-o", "rtc"], cwd=work, env=env)
    warmed = json.loads(_run([kfoot, "warm", "rtc", "--arch", "sm_90", "--json"], cwd=work, env=env).stdout)
    assert warmed["sm_90"]["compiled"] == 16 and warmed["sm_90"]["failed"] == 0
    # The cubins are on disk: NVRTC really ran from the installed package.
    assert sum(1 for _ in (work / "cache").rglob("*") if _.is_file()) >= 16


def test_the_wheel_carries_the_cpp_header_and_cmake_package(installed):
    """`kfoot config` of the installed wheel points into it, and a program built with its flags runs."""
    venv, work = installed
    kfoot = str(venv / "bin" / "kfoot")
    include = Path(_run([kfoot, "config", "--include-dir"], cwd=work).stdout.strip())
    cmake = Path(_run([kfoot, "config", "--cmake-dir"], cwd=work).stdout.strip())
    assert include.is_relative_to(venv) and (include / "kfoot" / "runtime.hpp").is_file()
    assert cmake.is_relative_to(venv) and (cmake / "kfootConfig.cmake").is_file()
    assert (cmake / "kfootConfigVersion.cmake").is_file()
    program = work / "version.cpp"
    program.write_text('#include <kfoot/runtime.hpp>\n#include <cstdio>\nint main() { std::puts(kfoot::kVersion); }\n')
    flags = _run([kfoot, "config", "--cflags"], cwd=work).stdout.split()
    libs = _run([kfoot, "config", "--libs"], cwd=work).stdout.split()
    _run(["g++", "-std=c++17", *flags, str(program), "-o", str(work / "version"), *libs], cwd=work)
    import kfoot as checkout

    assert _run([str(work / "version")], cwd=work).stdout.strip() == checkout.__version__
