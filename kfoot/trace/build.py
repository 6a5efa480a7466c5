"""Building the injection library: the system g++ against the CUPTI headers and library of
NVIDIA's pip wheel (nvidia-cuda-cupti), once per source and CUPTI, into kfoot's cache folder."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from importlib import resources
from pathlib import Path

from ..core.errors import KfootError, ToolMissing
from ..core.store import default_cache_root
from ..core.toolchain import wheel_roots

LIBRARY = "libkfoot_inject.so"
BUILD_TIMEOUT_S = 300


def cupti_tree() -> tuple[Path, Path, Path]:
    """(cupti.h's folder, cuda.h's folder, libcupti's folder) from the installed wheels."""
    include = next((r / "include" for r in wheel_roots() if (r / "include" / "cupti.h").is_file()), None)
    if include is None:
        raise ToolMissing("kfoot trace needs CUPTI's headers: pip install 'kfoot[trace]' (NVIDIA's nvidia-cuda-cupti wheel)")
    cuda = next((r / "include" for r in wheel_roots() if (r / "include" / "cuda.h").is_file()), None)
    if cuda is None:
        raise ToolMissing("kfoot trace needs cuda.h: pip install 'kfoot[trace]' (NVIDIA's nvidia-cuda-runtime wheel)")
    lib = include.parent / "lib"
    if not any(lib.glob("libcupti.so*")):
        raise ToolMissing(f"no libcupti.so* in {lib}: reinstall NVIDIA's nvidia-cuda-cupti wheel")
    return include, cuda, lib


def injection_library() -> Path:
    """The injection library, built now when this source and CUPTI have none yet (atomically: a
    temporary file renamed into place)."""
    source = resources.files(__package__).joinpath("inject.cpp").read_bytes()
    include, cuda, lib = cupti_tree()
    cupti = sorted(lib.glob("libcupti.so*"))[-1]
    key = hashlib.sha256(source + str(cupti.resolve()).encode() + str(cupti.stat().st_size).encode()).hexdigest()[:20]
    folder = default_cache_root() / "trace" / key
    target = folder / LIBRARY
    if target.is_file():
        return target
    compiler = os.environ.get("CXX") or shutil.which("g++")
    if not compiler:
        raise ToolMissing("kfoot trace builds its injection library with g++: none on PATH (or set CXX)")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    (folder / "inject.cpp").write_bytes(source)
    partial = folder / f".{LIBRARY}.{os.getpid()}"
    command = [compiler, "-std=c++17", "-O2", "-shared", "-fPIC", "-fvisibility=hidden", f"-I{include}", f"-I{cuda}",
               str(folder / "inject.cpp"), "-o", str(partial), f"-L{lib}", f"-l:{cupti.name}", f"-Wl,-rpath,{lib}", "-ldl"]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=BUILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        partial.unlink(missing_ok=True)
        raise KfootError(f"building the trace injection library took over {BUILD_TIMEOUT_S} s") from None
    if proc.returncode != 0:
        partial.unlink(missing_ok=True)
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        raise KfootError(f"building the trace injection library with {compiler} failed: {last}")
    os.replace(partial, target)
    return target
