"""Session-wide AOT build of the demo spec (kfoot/bundled/demo.toml) for sm_80 and sm_90, and the
C++ test program tests/cpp/rtc_check.cpp.

Compiling the demo is the single most expensive step of the build tests (~30 s of CPU), and
rtc_check takes ~15 s of CPU and serves four modules, so each is made once per run (run_once.py)
and shared. conftest.py registers this module as a plugin, so any test can ask for `demo_aot`
or `rtc_check`.
"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from kfoot.compile.manifest import Manifest, load_manifest
from kfoot.variants.loader import DEMO_SPEC
from oracles.cli import REPO, run_kfoot
from run_once import once_per_run

DEMO_ARCHS = ("sm_80", "sm_90")


@dataclass
class DemoBuild:
    out_dir: Path
    summary: dict  # `kfoot build --json` output
    manifest: Manifest
    wall_s: float

    @property
    def library(self) -> Path:
        return Path(self.summary["library"])

    @property
    def fatbin(self) -> Path:
        return Path(self.summary["fatbin"])


def _build_demo(folder: Path) -> dict:
    started = time.perf_counter()
    proc = run_kfoot("build", "--mode", "aot", str(DEMO_SPEC), "-o", str(folder / "out"), "--arch",
                     ",".join(DEMO_ARCHS), "-j", "2", "--json")
    return {"summary": json.loads(proc.stdout), "wall_s": time.perf_counter() - started}


@pytest.fixture(scope="session")
def demo_aot(tmp_path_factory, nvcc) -> DemoBuild:
    folder, record = once_per_run(tmp_path_factory, "demo_aot", _build_demo)
    out = folder / "out"
    return DemoBuild(out_dir=out, summary=record["summary"], manifest=load_manifest(out), wall_s=record["wall_s"])


def _build_rtc_check(folder: Path) -> dict:
    compiler = shutil.which("g++") or shutil.which("c++")
    if not compiler:
        pytest.skip("no C++ compiler (g++) on this machine")
    # The flags `kfoot config` prints, split as a shell would; -O1 so that -Wall's flow warnings
    # (maybe-uninitialized...) run over the headers too.
    flags = shlex.split(run_kfoot("config", "--cflags").stdout)
    libs = shlex.split(run_kfoot("config", "--libs").stdout)
    program = folder / "rtc_check"
    subprocess.run([compiler, "-std=c++17", "-O1", "-Wall", "-Wextra", "-Werror", *flags,
                    str(REPO / "tests" / "cpp" / "rtc_check.cpp"), "-o", str(program), *libs], check=True)
    return {"program": str(program)}


@pytest.fixture(scope="session")
def rtc_check(tmp_path_factory) -> Path:
    """tests/cpp/rtc_check.cpp built with the flags `kfoot config` prints (and -Wall -Werror)."""
    _, record = once_per_run(tmp_path_factory, "rtc_check", _build_rtc_check)
    return Path(record["program"])
