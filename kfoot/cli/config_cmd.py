"""`kfoot config --cflags|--libs|--include-dir|--cmake-dir|--cuda-roots|--json`: what a C++ or
CMake build needs to use kfoot's C++ runtime and packages (pkg-config style)."""

from __future__ import annotations

import click

from ..core.errors import KfootError
from ..runtime import cpp_config
from .terminal import terminal


@click.command("config")
@click.option("--cflags", "wanted", flag_value="cflags", multiple=True, help="Compiler flags: the include folder (nothing to unquote).")
@click.option("--libs", "wanted", flag_value="libs", multiple=True, help="Linker flags (-ldl -pthread: no CUDA library is linked).")
@click.option("--include-dir", "wanted", flag_value="include_dir", multiple=True, help="The folder holding kfoot/runtime.hpp.")
@click.option("--cmake-dir", "wanted", flag_value="cmake_dir", multiple=True, help="The folder for kfoot_DIR (find_package(kfoot)).")
@click.option("--cuda-roots", "wanted", flag_value="cuda_roots", multiple=True, help="The CUDA trees of the NVIDIA wheels this Python sees, ':'-separated.")
@click.option("--json", "as_json", is_flag=True, help="Everything, as one JSON object.")
def command(wanted, as_json):
    """Print what a C++ build needs to use kfoot: g++ -std=c++17 $(kfoot config --cflags) prog.cpp
    $(kfoot config --libs). Several flags print their values on one line, in the order given."""
    if as_json:
        terminal().json(cpp_config.describe())
        return 0
    if not wanted:
        raise KfootError("kfoot config: say what to print: --cflags, --libs, --include-dir, --cmake-dir, "
                         "--cuda-roots or --json")
    terminal().emit(cpp_config.line(list(wanted)))
    return 0
