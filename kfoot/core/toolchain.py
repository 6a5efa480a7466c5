"""Locating the CUDA tools: an explicit path, else CUDA_HOME, else NVIDIA's pip wheels.

A system CUDA install on PATH is deliberately not consulted for the build tools: results must
not depend on what happens to be installed on the machine, only on what the user points at or
the wheels. The run-time side (libnvrtc and the toolkit headers NVRTC needs) follows the search
order of docs/runtime.md#finding-nvrtc, shared with the C++ runtime (kfoot/include/kfoot/detail/
toolkit.hpp, tests/vectors/nvrtc_search.json): it must work on a machine that has only NVRTC.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import subprocess
from dataclasses import dataclass
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
    return _wheel_trees(Path(location) for location in spec.submodule_search_locations)


def _wheel_trees(nvidia_folders) -> tuple[Path, ...]:
    roots = []
    for location in nvidia_folders:
        for sub in _WHEEL_SUBDIRS:
            candidate = Path(location) / sub
            if candidate.is_dir():
                roots.append(candidate)
    return tuple(roots)


# The run-time search (docs/runtime.md#finding-nvrtc). Sonames handed to the dynamic linker, so
# that LD_LIBRARY_PATH, a program's RPATH/RUNPATH and ld.so.cache are honoured.
NVRTC_SONAMES = ("libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12")
SYSTEM_CUDA = Path("/usr/local/cuda")


@dataclass(frozen=True)
class NvrtcSearch:
    """Where libnvrtc may be, in order: absolute files (found in a tree), or sonames for the
    dynamic linker; `looked` says where that was, for the one-line error when none loads."""

    candidates: tuple[str, ...]
    looked: str


def _first_library(tree: Path, stem: str) -> Path | None:
    for sub in ("lib", "lib64"):
        folder = tree / sub
        if folder.is_dir():
            matches = sorted(folder.glob(stem + "*"))
            if matches:
                return matches[0]
    return None


def runtime_wheel_roots(env=None, site_dirs=None) -> tuple[Path, ...]:
    """NVIDIA wheels' trees on the running Python's path (`site_dirs`, default sys.path)."""
    del env  # the same signature as the C++ side, which reads PYTHONPATH and VIRTUAL_ENV instead
    if site_dirs is None:
        return wheel_roots()
    return _wheel_trees(Path(d) / "nvidia" for d in site_dirs)


def nvrtc_search(env=None, site_dirs=None, system: Path = SYSTEM_CUDA) -> NvrtcSearch:
    """The libnvrtc candidates: KFOOT_NVRTC (a file; then nothing else), CUDA_HOME and CUDA_PATH
    (lib/, lib64/), the dynamic linker's own search (NVRTC_SONAMES), the NVIDIA wheels on the
    running Python's path, /usr/local/cuda."""
    environ = os.environ if env is None else env
    explicit = environ.get("KFOOT_NVRTC")
    if explicit:
        return NvrtcSearch((explicit,), f"KFOOT_NVRTC={explicit}")
    candidates: list[str] = []
    looked: list[str] = ["KFOOT_NVRTC (unset)"]
    for var, home in (("CUDA_HOME", environ.get("CUDA_HOME")), ("CUDA_PATH", environ.get("CUDA_PATH"))):
        if home:
            found = _first_library(Path(home), "libnvrtc.so")
            if found:
                candidates.append(str(found))
            looked.append(f"{var}={home}")
        else:
            looked.append(f"{var} (unset)")
    candidates.extend(NVRTC_SONAMES)
    looked.append("the dynamic linker (" + ", ".join(NVRTC_SONAMES) + ": LD_LIBRARY_PATH, RUNPATH, ld.so.cache)")
    wheels = runtime_wheel_roots(environ, site_dirs)
    for root in wheels:
        found = _first_library(root, "libnvrtc.so")
        if found:
            candidates.append(str(found))
    looked.append("NVIDIA wheels (" + (", ".join(map(str, wheels)) or "none on the Python path") + ")")
    found = _first_library(Path(system), "libnvrtc.so")
    if found:
        candidates.append(str(found))
    looked.append(str(system))
    return NvrtcSearch(tuple(candidates), "; ".join(looked))


def find_library(stem: str, env=None, site_dirs=None, system: Path = SYSTEM_CUDA) -> Path:
    """Another CUDA library found by path alone (libnvJitLink): the first name starting with
    `stem`, sorted, in lib/ else lib64/ of CUDA_HOME, CUDA_PATH, the NVIDIA wheels on the
    running Python's path, /usr/local/cuda (detail/toolkit.hpp's find_library)."""
    environ = os.environ if env is None else env
    trees = [Path(home) for home in (environ.get("CUDA_HOME"), environ.get("CUDA_PATH")) if home]
    trees += [*runtime_wheel_roots(environ, site_dirs), Path(system)]
    for tree in trees:
        found = _first_library(tree, stem)
        if found:
            return found
    raise ToolMissing(f"{stem} not found; looked in: {', '.join(map(str, trees))}")


def toolkit_header_roots(env=None, site_dirs=None, system: Path = SYSTEM_CUDA) -> list[Path]:
    """The trees whose include/ may hold the toolkit headers NVRTC needs (cuda_fp16.h, CCCL), in
    order: KFOOT_NVRTC's tree (the folder above its lib/), CUDA_HOME, CUDA_PATH, the NVIDIA wheels
    on the running Python's path, /usr/local/cuda. A registry's own bundled copy comes first
    (kfoot.runtime.registry); the dynamic linker has no say in headers."""
    environ = os.environ if env is None else env
    roots: list[Path] = []
    if environ.get("KFOOT_NVRTC"):
        roots.append(Path(environ.get("KFOOT_NVRTC")).parent.parent)
    roots += [Path(home) for home in (environ.get("CUDA_HOME"), environ.get("CUDA_PATH")) if home]
    roots.extend(runtime_wheel_roots(environ, site_dirs))
    roots.append(Path(system))
    return roots


# Where a shipped registry keeps its toolkit headers, relative to its folder (kfoot.runtime.ship):
# the runtimes look there before any CUDA installation.
BUNDLE = "toolkit/include"


def bundled_include_dirs(registry_root: Path) -> tuple[Path, ...] | None:
    """The toolkit headers a shipped registry carries (include/, and include/cccl when there), or None."""
    inc = Path(registry_root) / BUNDLE
    if not (inc / "cuda_fp16.h").is_file():
        return None
    return (inc, inc / "cccl") if (inc / "cccl").is_dir() else (inc,)


def toolkit_include_dirs(env=None, site_dirs=None, system: Path = SYSTEM_CUDA) -> tuple[Path, ...]:
    """include/ of the first header root holding include/cuda_fp16.h, and its cccl/ when there."""
    roots = toolkit_header_roots(env, site_dirs, system)
    for root in roots:
        inc = root / "include"
        if (inc / "cuda_fp16.h").is_file():
            return (inc, inc / "cccl") if (inc / "cccl").is_dir() else (inc,)
    raise ToolMissing("cuda_fp16.h (the CUDA toolkit headers NVRTC needs) not found; looked in: "
                      + ", ".join(str(r / "include") for r in roots)
                      + "; set CUDA_HOME, or ship the registry with its headers (kfoot_install_kernels)")


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

