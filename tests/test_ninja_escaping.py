"""Nothing from a name is ever executed: every path and value that reaches build.ninja is escaped
by ninja's rules and quoted for the shell, so spec folders named with a space, quotes or `$`
build, and a newline (which ninja cannot represent) is refused in one line.

Oracles: ninja itself (`ninja -t commands` prints each command as ninja expands it) read back
with shlex (the shell's word splitting), cuobjdump for the built kernels, the file system for
an injected rule's output."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import ninja
import pytest

from kfoot.compile.ninja_file import render_ninja
from kfoot.compile.sources import Shard
from kfoot.core.errors import KfootError
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols
from oracles.errors import assert_error

USERLIB = Path(__file__).parent / "userlib"
NINJA = Path(ninja.BIN_DIR) / "ninja"
HOSTILE = ["sp ace", 'q"q', "s'q", "d$x", "a$b c", "semi;`touch PWNED`$(touch PWNED)"]
SPEC = """\
[[family]]
name = "copy"
header = "plain.cuh"
kernel = "userlib::copy_kernel"
params = ["T"]
[family.axes]
T = ["float32", "int32"]
"""


def ninja_commands(build_ninja_text: str, folder: Path) -> list[list[str]]:
    """Every command of the build as ninja expands it, split into words as the shell would."""
    (folder / "build.ninja").write_text(build_ninja_text)
    proc = subprocess.run([str(NINJA), "-C", str(folder), "-t", "commands", "all"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    return [shlex.split(line) for line in proc.stdout.splitlines()]


def test_hostile_values_reach_the_commands_intact(tmp_path):
    nasty = "a$b c'd\"e`f`;g$(h)|i:j&k\\l"
    nvcc = tmp_path / nasty / "nvcc"
    flags = ["-O3", f"-I{tmp_path / nasty}", "-DX=$HOME", "-DY=$$ $", "-DZ= lead", ""]
    launcher = [str(tmp_path / f"launch {nasty}"), "--opt=$PATH"]
    shard = Shard(name="fam_000", variants=[])
    text = render_ninja([shard], nvcc=nvcc, flags=flags, launcher=launcher, library="../lib.so",
                        fatbin="../k.fatbin")
    commands = ninja_commands(text, tmp_path)
    compile_cmd = next(c for c in commands if "-MD" in c)
    assert compile_cmd[:len(launcher) + 1 + len(flags)] == [*launcher, str(nvcc), *flags]
    assert compile_cmd[compile_cmd.index("-c"):][:4] == ["-c", "src/fam_000.cu", "-o", "obj/fam_000.o"]
    python_cmd = next(c for c in commands if "kfoot.compile.objinfo" in c)
    assert python_cmd[0] == "env" and python_cmd[1].startswith("PYTHONPATH=/")


@pytest.mark.parametrize("value", ["-I/x\nrule evil", "-DA=\r"])
def test_a_newline_in_a_value_is_one_line(value):
    with pytest.raises(KfootError) as err:
        render_ninja([Shard(name="s", variants=[])], nvcc=Path("/usr/bin/nvcc"), flags=[value], launcher=[],
                     library="../l.so", fatbin="../k.fatbin")
    assert_error(err.value, "newline")


def spec_in(folder: Path) -> Path:
    folder.mkdir(parents=True)
    shutil.copy(USERLIB / "plain.cuh", folder / "plain.cuh")
    (folder / "s.toml").write_text(SPEC)
    return folder / "s.toml"


@pytest.mark.parametrize("name", HOSTILE)
def test_spec_folders_with_hostile_names_build(tmp_path, name, cuobjdump):
    spec = spec_in(tmp_path / name)
    out = tmp_path / "out"
    run_kfoot("build", spec, "-o", out, "--arch", "sm_80", "-j", "1", "--no-progress", cwd=tmp_path)
    found = cuobjdump_symbols(out / "libkfoot_kernels.so").entries_by_arch()
    assert sorted(found) == ["sm_80"]
    assert sorted(found["sm_80"]) == ["_ZN7userlib11copy_kernelIfEEvPKT_PS1_l",
                                      "_ZN7userlib11copy_kernelIiEEvPKT_PS1_l"]
    assert not list(tmp_path.rglob("PWNED"))


@pytest.mark.parametrize("name", ["$(touch PWNED)", "`touch PWNED`", 'q"q', "back\\slash"])
def test_an_output_folder_nvcc_would_run_code_from_is_refused(tmp_path, name):
    # nvcc hands the source's real path to its own shell in double quotes
    # (--orig_src_path_name "<cwd>/src/x.cu"): such a folder would run the command.
    spec = spec_in(tmp_path / "lib")
    out = tmp_path / name / "out"
    assert_error(run_kfoot("build", spec, "-o", out, "--arch", "sm_80", "-j", "1", "--no-progress", check_rc=None,
                           cwd=tmp_path), "output folder")
    assert not out.exists()
    assert not list(tmp_path.rglob("PWNED"))


def test_a_newline_folder_is_refused_and_nothing_runs(tmp_path):
    name = "x\nrule evil\n  command = touch PWNED\nbuild PWNED: evil\ndefault PWNED\nzz = "
    spec = spec_in(tmp_path / name)
    assert_error(run_kfoot("build", spec, "-o", tmp_path / "out", "--arch", "sm_80", "-j", "1", "--no-progress",
                           check_rc=None, cwd=tmp_path), "newline")
    assert not list(tmp_path.rglob("PWNED"))


@pytest.mark.parametrize("launcher, words", [('env "unterminated', "--launcher"), ("   ", "--launcher"),
                                             ("", "--launcher")])
def test_bad_launchers_are_one_line_exit_2(tmp_path, launcher, words):
    spec = spec_in(tmp_path / "lib")
    assert_error(run_kfoot("build", spec, "-o", tmp_path / "out", "--arch", "sm_80", "--launcher", launcher,
                           "--no-progress", check_rc=None), words)
    assert not (tmp_path / "out" / "libkfoot_kernels.so").exists()


def test_kfoots_python_keeps_the_callers_pythonpath(tmp_path, monkeypatch):
    """kfoot's own build steps (objinfo, the fatbin merge) run `python -m kfoot...` from ninja.
    Where kfoot's dependencies come from PYTHONPATH (`pip install --target DIR`, as on a GPU
    machine that cannot reach PyPI), that Python must still find them: the step adds kfoot's
    package root to PYTHONPATH, it does not replace it (it did: every AOT build there failed
    with "No module named 'elftools'")."""
    deps = tmp_path / "deps dir"
    deps.mkdir()
    (deps / "kfoot_marker_dep.py").write_text("VALUE = 42\n")
    monkeypatch.setenv("PYTHONPATH", f"{deps}{os.pathsep}{tmp_path / 'other'}")
    text = render_ninja([Shard(name="s", variants=[])], nvcc=Path("/usr/bin/nvcc"), flags=[], launcher=[],
                        library="../l.so", fatbin="../k.fatbin")
    python_cmd = next(c for c in ninja_commands(text, tmp_path) if "kfoot.compile.objinfo" in c)
    prefix = python_cmd[:python_cmd.index("-m")]  # env PYTHONPATH=... python
    out = subprocess.run([*prefix, "-c", "import kfoot, kfoot_marker_dep; print(kfoot_marker_dep.VALUE)"],
                         capture_output=True, text=True, env={"PATH": os.environ.get("PATH", "")}, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "42", out.stderr
