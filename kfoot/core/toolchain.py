"""Locating the CUDA tools: an explicit path, else CUDA_HOME, else NVIDIA's pip wheels.

A system CUDA install on PATH is deliberately not consulted: results must not depend on
what happens to be installed on the machine, only on what the user points at or the wheels.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import subprocess
from pathlib import Path

from .errors import ToolMissing

# Folder layouts of the wheels: CUDA 13 puts everything under nvidia/cu13, CUDA 12 one folder per package.
_WHEEL_SUBDIRS = ("cu13", "cuda_nvcc", "cuda_cuobjdump", "cuda_runtime", "cuda_nvrtc")


@functools.cache
def wheel_roots() -> tuple[Path, ...]:
    """Roots inside the installed `nvidia` namespace package that look like a CUDA tree."""
    spec = importlib.util.find_spec("nvidia")
    if spec is None or not spec.submodule_search_locations:
        return ()
    roots = []
    for location in spec.submodule_search_locations:
        for sub in _WHEEL_SUBDIRS:
            candidate = Path(location) / sub
            if candidate.is_dir():
                roots.append(candidate)
    return tuple(roots)


def cuda_roots(explicit_home: str | os.PathLike | None = None) -> list[Path]:
    roots: list[Path] = []
    home = explicit_home or os.environ.get("CUDA_HOME")
    if home:
        roots.append(Path(home))
    roots.extend(wheel_roots())
    return roots


def find_tool(name: str, explicit: str | os.PathLike | None = None) -> Path:
    """Path of a CUDA tool (`nvcc`, `cuobjdump`, ...), or ToolMissing with what was tried."""
    if explicit:
        path = Path(explicit)
        if path.is_file() and os.access(path, os.X_OK):
            return path
        raise ToolMissing(f"{name} given as {path} is not an executable file")
    tried = []
    for root in cuda_roots():
        candidate = root / "bin" / name
        tried.append(str(candidate))
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    hint = "install the cuda extra (pip install 'kfoot[cuda]') or set CUDA_HOME"
    if name == "cuobjdump":
        hint = "pip install nvidia-cuda-cuobjdump or set CUDA_HOME"
    raise ToolMissing(f"{name} not found ({hint}); looked in: {', '.join(tried) or 'no CUDA root'}")


def find_library(stem: str) -> Path:
    """A shared library from the CUDA roots, e.g. find_library('libnvrtc.so')."""
    for root in cuda_roots():
        for sub in ("lib", "lib64"):
            folder = root / sub
            if folder.is_dir():
                matches = sorted(folder.glob(stem + "*"))
                if matches:
                    return matches[0]
    raise ToolMissing(f"{stem} not found in the CUDA roots; install the cuda extra or set CUDA_HOME")


@functools.cache
def tool_version(path: Path) -> str:
    """The release string a CUDA tool prints for --version (e.g. '13.5.37'), or 'unknown'."""
    try:
        out = subprocess.run([str(path), "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    match = re.search(r"V(\d+\.\d+\.\d+)", out) or re.search(r"release (\d+\.\d+)", out)
    return match.group(1) if match else "unknown"


@functools.cache
def nvcc_arch_numbers(nvcc: Path) -> frozenset[int]:
    """The SM numbers an nvcc compiles for (`--list-gpu-code`: sm_75 ... sm_121); empty when it
    cannot say (an old nvcc), in which case nothing is checked up front."""
    try:
        out = subprocess.run([str(nvcc), "--list-gpu-code"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(int(n) for n in re.findall(r"\bsm_(\d+)", out))

