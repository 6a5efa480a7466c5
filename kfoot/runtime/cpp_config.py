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
    """The NVIDIA wheels' CUDA trees this Python sees (for information: the C++ runtime compiles
    nothing in and finds NVRTC where it runs, docs/runtime.md#finding-nvrtc)."""
    return [str(root) for root in wheel_roots()]


def _word(path: str, what: str) -> str:
    # `$(kfoot config --cflags)` is split on whitespace and never unquoted (Make, sh, shlex alike
    # keep a word without quotes as it is): a path that would need quoting cannot pass.
    if any(c.isspace() for c in path) or any(c in path for c in "\"'\\$`"):
        raise KfootError(f"{what} {path!r} holds whitespace, a quote, a backslash, '$' or '`', which a compiler "
                         "command line built from $(kfoot config ...) cannot carry unquoted; use --include-dir "
                         "quoted, or the CMake package")
    return path


def cflags() -> str:
    # The include folder only: nothing that a shell, Make, CMake or shlex must unquote.
    return f'-I{_word(str(include_dir()), "include folder")}'


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
