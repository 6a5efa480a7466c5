"""Reading NVIDIA's cuobjdump output: the independent oracle the tests and benchmarks hold
kfoot's counts against. Nothing in the report itself uses it."""

from __future__ import annotations

import subprocess
from collections import Counter
from dataclasses import dataclass, field

from kfoot.core.toolchain import find_tool


@dataclass
class CuobjdumpCounts:
    kernels: int = 0
    global_symbols: int = 0
    kernel_names: set = field(default_factory=set)
    kernels_by_arch: Counter = field(default_factory=Counter)
    sass_images_by_arch: Counter = field(default_factory=Counter)
    ptx_images_by_arch: Counter = field(default_factory=Counter)


def cuobjdump_symbols(path, *, all_fatbins: bool = False) -> CuobjdumpCounts:
    """Parse `cuobjdump -symbols` (with `-all` for every fatbin section).

    Symbol lines are `TYPE BINDING VISIBILITY OTHER [U] NAME`; kernels have ENTRY in OTHER.
    Fields are compared exactly, so names containing GLOBAL or ENTRY are not miscounted.
    """
    cmd = [str(find_tool("cuobjdump"))] + (["-all"] if all_fatbins else []) + ["-symbols", str(path)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    out = proc.stdout
    if proc.returncode != 0 and "does not contain device code" not in proc.stderr + out:
        raise AssertionError(f"cuobjdump failed on {path}: {proc.stderr.strip()}")
    counts = CuobjdumpCounts()
    arch, kind, in_symbols = None, None, False
    for line in out.splitlines():
        line = line.strip()  # members of a --concat group are indented
        if line.startswith("Fatbin elf code"):
            kind, in_symbols = "sass", False
        elif line.startswith("Fatbin ptx code"):
            kind, in_symbols = "ptx", False
        elif line.startswith("arch = "):
            arch = line.split("=", 1)[1].strip()
            if kind == "sass":
                counts.sass_images_by_arch[arch] += 1
            elif kind == "ptx":
                counts.ptx_images_by_arch[arch.replace("sm_", "compute_")] += 1
        elif line.startswith("symbols:"):
            in_symbols = True
            if arch is None:  # a raw cubin has no fatbin header lines
                arch = "cubin"
        elif in_symbols and line:
            fields = line.split()
            if len(fields) >= 4 and fields[0].isupper():
                if fields[1] == "GLOBAL":
                    counts.global_symbols += 1
                if fields[3] == "ENTRY":
                    counts.kernels += 1
                    counts.kernels_by_arch[arch] += 1
                    counts.kernel_names.add(fields[-1])
        elif not line:
            in_symbols = False
    return counts


def cuobjdump_resources(path) -> dict[tuple[str, str], tuple[int, int]]:
    """(arch, kernel) -> (registers, static shared bytes) from `cuobjdump -res-usage`."""
    out = subprocess.run([str(find_tool("cuobjdump")), "-res-usage", str(path)],
                         capture_output=True, text=True, check=True).stdout
    result, arch, function = {}, None, None
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("arch = "):
            arch = line.split("=", 1)[1].strip()
        elif line.startswith("Function "):
            function = line[len("Function "):].rstrip(":")
        elif line.startswith("REG:") and function:
            parts = dict(p.split(":", 1) for p in line.split())
            result[(arch, function)] = (int(parts["REG"]), int(parts["SHARED"]))
            function = None
    return result
