"""find_package(kfoot) wherever kfoot is installed, with no KFOOT_EXECUTABLE: a venv install, a
`pip install --target` folder and an editable install in a `.venv/` beside its source tree (the
README's set-up). Each is a real pip install of a wheel built from this checkout; the environment
CMake runs in has no PYTHONPATH, no VIRTUAL_ENV and no kfoot on PATH. The oracle: the kfoot
command CMake chose (its cache), and the registry that command built.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from build_fixtures import shipped_source_copy
from test_cmake_package import _cmake, _ninja, _spec_copy

PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]


def _venv(folder: Path) -> Path:
    """A venv whose own site-packages comes first, with this one's dependencies reachable after it
    (a path line in a .pth: the editable kfoot of this environment is not imported from there)."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    site = next((folder / "lib").glob("python3*/site-packages"))
    (site / "zz_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return folder / "bin" / "python"


@pytest.fixture(scope="module")
def installs(tmp_path_factory, kfoot_wheel):
    root = tmp_path_factory.mktemp("installs")
    wheel = kfoot_wheel
    venv_python = _venv(root / "venv")
    subprocess.run([*PIP, "--python", str(venv_python), "install", "--no-deps", str(wheel)], check=True, timeout=600)
    target = root / "target"
    subprocess.run([*PIP, "install", "--no-deps", "--target", str(target), str(wheel)], check=True, timeout=600)
    editable = shipped_source_copy(root / "checkout")  # a checkout, as git would give it
    editable_python = _venv(editable / ".venv")
    subprocess.run([*PIP, "--python", str(editable_python), "install", "--no-deps", "-e", str(editable)], check=True,
                   timeout=600)
    return {
        "venv": (next((root / "venv" / "lib").glob("python3*/site-packages")) / "kfoot", root / "venv" / "bin" / "kfoot"),
        "target": (target / "kfoot", target / "kfoot" / "__init__.py"),
        "editable": (editable / "kfoot", editable / ".venv" / "bin" / "kfoot"),
        "wheel": wheel,
    }


def _clean_env(tmp_path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "KFOOT_EXECUTABLE")}
    env.update(PATH="/usr/bin:/bin", HOME=str(tmp_path), KFOOT_CACHE="off")
    return env


@pytest.mark.parametrize("kind", ["venv", "target", "editable"])
def test_find_package_without_kfoot_executable(installs, kind, tmp_path):
    package, command = installs[kind]
    source = tmp_path / "src"
    _spec_copy(source / "kernels")
    (source / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(found LANGUAGES CXX)\nfind_package(kfoot CONFIG REQUIRED)\n"
        "kfoot_add_kernels(scale_rtc SPEC kernels/scale.toml MODE rtc NO_CHECK)\n")
    build = tmp_path / "build"
    env = _clean_env(tmp_path)
    configure = subprocess.run([_cmake(), "-S", str(source), "-B", str(build), "-G", "Ninja",
                                f"-DCMAKE_MAKE_PROGRAM={_ninja()}", f"-Dkfoot_DIR={package / 'cmake'}"],
                               env=env, capture_output=True, text=True)
    assert configure.returncode == 0 and "belongs to the package in" not in configure.stderr, \
        configure.stdout + configure.stderr
    chosen = next(line for line in configure.stdout.splitlines() if line.startswith("-- kfoot: "))
    if kind == "target":  # the Python that installed it, with the target folder on its path
        assert chosen.endswith(f" -E env PYTHONPATH={package.parent} {sys.executable} -P -m kfoot")
    else:
        assert chosen == f"-- kfoot: {command}"
    built = subprocess.run([_cmake(), "--build", str(build)], env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stdout + built.stderr
    registry = json.loads((build / "kfoot" / "scale_rtc" / "registry.json").read_text())
    assert registry["format"] == "kfoot-rtc-registry"
