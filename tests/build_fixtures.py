"""Session-wide AOT build of the demo spec (kfoot/bundled/demo.toml) for sm_80 and sm_90, the
C++ test programs tests/cpp/rtc_check.cpp and vectors.cpp, and nvcc_repacked (nvcc builds that
differ only in fatbinary's packing, made from one build's images).

Compiling the demo is the single most expensive step of the build tests (~30 s of CPU), and
each C++ test program ~15 s and serves several modules, so each is made once per run
(run_once.py) and shared. conftest.py registers this module as a plugin, so any test can ask for
`demo_aot`, `rtc_check` or `vectors_program`.
"""

from __future__ import annotations

import json
import os
import re
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


def _build_cpp_program(folder: Path, name: str) -> dict:
    """tests/cpp/NAME.cpp built with the flags `kfoot config` prints, split as a shell would; -O1
    so that -Wall's flow warnings (maybe-uninitialized...) run over the headers too."""
    compiler = shutil.which("g++") or shutil.which("c++")
    if not compiler:
        pytest.skip("no C++ compiler (g++) on this machine")
    flags = shlex.split(run_kfoot("config", "--cflags").stdout)
    libs = shlex.split(run_kfoot("config", "--libs").stdout)
    program = folder / name
    subprocess.run([compiler, "-std=c++17", "-O1", "-Wall", "-Wextra", "-Werror", *flags,
                    str(REPO / "tests" / "cpp" / f"{name}.cpp"), "-o", str(program), *libs], check=True)
    return {"program": str(program)}


@pytest.fixture(scope="session")
def rtc_check(tmp_path_factory) -> Path:
    """tests/cpp/rtc_check.cpp, built once per run (test_cpp_runtime, test_rtc_*, test_family_modes)."""
    _, record = once_per_run(tmp_path_factory, "rtc_check", lambda folder: _build_cpp_program(folder, "rtc_check"))
    return Path(record["program"])


@pytest.fixture(scope="session")
def vectors_program(tmp_path_factory) -> Path:
    """tests/cpp/vectors.cpp, built once per run (test_cpp_vectors, test_fuzz)."""
    _, record = once_per_run(tmp_path_factory, "vectors", lambda folder: _build_cpp_program(folder, "vectors"))
    return Path(record["program"])


def shipped_source_copy(dest: Path) -> Path:
    """The files git would ship (tracked plus new, not ignored): no .venv, no build outputs, no
    file the package needs that a commit would leave out."""
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, check=True).stdout.split(b"\0")
    for name in filter(None, listed):
        src = REPO / os.fsdecode(name)
        if src.is_file():
            target = dest / os.fsdecode(name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    return dest


@pytest.fixture(scope="session")
def kfoot_wheel(tmp_path_factory) -> Path:
    """A wheel of this checkout (pip wheel of the files git would ship), built once per run for
    test_wheel_install, test_cmake_install and test_wheel_example (one pip wheel: 5 s of CPU)."""
    from test_cmake_install import PIP

    def build(folder: Path) -> dict:
        wheels = folder / "wheels"
        subprocess.run([*PIP, "wheel", "--no-deps", "-w", str(wheels), str(shipped_source_copy(folder / "src"))],
                       check=True, timeout=600)
        (wheel,) = wheels.glob("kfoot-*.whl")
        return {"wheel": str(wheel)}

    _, record = once_per_run(tmp_path_factory, "kfoot_wheel", build)
    return Path(record["wheel"])


# nvcc builds that differ only in how fatbinary packs the same images (--compress-mode, --concat,
# -Xfatbin flags) run cicc, ptxas and cudafe++ once: one nvcc -keep build of an anchor, then each
# build the steps of its own dry run from the first that differs from the anchor's (the ones
# before would remake the same files in the -keep folder). conftest.py's objects and
# test_what_if_compress's fatbins; both check the result against nvcc's own.
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def is_assignment(step: str) -> bool:
    """A step of nvcc_steps that sets a variable (PATH=..., CICC_PATH=...), not a command."""
    return _ASSIGNMENT.match(step) is not None


def is_packing(command: str) -> bool:
    """A command of nvcc_steps that packs the images into a fatbin."""
    return command.startswith("fatbinary ")


def nvcc_steps(nvcc: Path, args: list[str], out: Path, keep: Path) -> list[str]:
    """What `nvcc ARGS -o OUT -keep -keep-dir KEEP` would run (its --dryrun): variable
    assignments, then commands. RuntimeError (naming OUT) where nvcc refuses the arguments."""
    proc = subprocess.run([str(nvcc), "--dryrun", *args, "-o", str(out), "-keep", "-keep-dir", str(keep)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"nvcc failed for {out.name}: {proc.stderr[-2000:]}")
    return [line[3:] for line in proc.stderr.splitlines() if line.startswith("#$ ")]


def nvcc_repacked(nvcc: Path, args: list[str], out: Path, keep: Path, anchor_steps: list[str]) -> Path:
    """OUT as `nvcc ARGS -o OUT` makes it, given KEEP holding the files of the nvcc -keep build
    whose nvcc_steps are ANCHOR_STEPS: only the steps from the first that differs are run, and
    never fewer than from the packing on: each replay rewrites KEEP's fatbin, so a build that
    differs from the anchor only after it (another -o) would embed the previous replay's."""
    steps = nvcc_steps(nvcc, args, out, keep)
    env = dict(os.environ)
    env.update(step.split("=", 1) for step in steps if is_assignment(step))
    commands = [step for step in steps if not is_assignment(step)]
    done = [step for step in anchor_steps if not is_assignment(step)]
    same = 0
    packing = next((i for i, command in enumerate(commands) if is_packing(command)), len(commands))
    while same < min(len(commands), len(done), packing) and commands[same] == done[same]:
        same += 1
    for command in commands[same:]:
        proc = subprocess.run(["/bin/sh", "-c", command], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"nvcc failed for {out.name}: {command[:200]}: {proc.stderr[-2000:]}")
    return out
