"""What a C++ build needs to use kfoot (`kfoot config`): the header folder, the flags, the CMake
package. Like pkg-config, from the installed package itself, so they always match the kfoot
that prints them."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import KfootError
from ..core.toolchain import wheel_roots

_PACKAGE = Path(__file__).resolve().parent.parent


def include_dir() -> Path:
    """The folder holding kfoot/runtime.hpp."""
    return _PACKAGE / "include"


def cmake_dir() -> Path:
    """The folder holding kfootConfig.cmake (kfoot_DIR)."""
    return _PACKAGE / "cmake"


def cuda_roots() -> list[str]:
    """The NVIDIA wheels' CUDA trees this kfoot uses: compiled into the C++ runtime as
    KFOOT_CUDA_ROOTS, searched after $CUDA_HOME for libnvrtc and the toolkit headers."""
    return [str(root) for root in wheel_roots()]


def _word(path: str, what: str) -> str:
    # `$(kfoot config --cflags)` splits on whitespace and does not unquote: such a path cannot pass.
    if any(c.isspace() for c in path) or '"' in path or "\\" in path:
        raise KfootError(f"{what} {path!r} holds whitespace, a quote or a backslash, which a compiler "
                         "command line built from $(kfoot config ...) cannot carry; use --include-dir and "
                         "CUDA_HOME instead, or the CMake package")
    return path


def cflags() -> str:
    roots = ":".join(_word(root, "CUDA root") for root in cuda_roots())
    return f'-I{_word(str(include_dir()), "include folder")} -DKFOOT_CUDA_ROOTS="{roots}"'


def libs() -> str:
    # dlopen (NVRTC and the driver) and threads; no CUDA library is linked.
    return "-ldl -pthread"


def describe() -> dict:
    """Everything at once, for `kfoot config --json`."""
    return {
        "include_dir": str(include_dir()),
        "cmake_dir": str(cmake_dir()),
        "cuda_roots": cuda_roots(),
        "cflags": cflags(),
        "libs": libs(),
        "cuda_home": os.environ.get("CUDA_HOME") or None,
    }


# What `kfoot config --NAME` prints for each option, pkg-config style (cuda_roots ':'-separated).
FIELDS = {
    "cflags": cflags,
    "libs": libs,
    "include_dir": lambda: str(include_dir()),
    "cmake_dir": lambda: str(cmake_dir()),
    "cuda_roots": lambda: ":".join(cuda_roots()),
}


def line(names: list[str]) -> str:
    """The values of `names` (keys of FIELDS), in that order, on one line."""
    return " ".join(FIELDS[name]() for name in names) + "\n"
