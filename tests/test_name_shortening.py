"""Tables for people shorten long C++ names; files, JSON and --wide keep them whole (issue 27).

Oracle: the kernel names `cuobjdump -symbols` lists for a real library (libcurand), demangled by
binutils' c++filt. A shortened name must be an outline of one of them: every `…` stands for text
that was there, so the name with each `…` read as "any text" matches a whole c++filt name.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.oracles.cli import run_kfoot
from tests.oracles.cuobjdump import cuobjdump_symbols

PIPE_LIMIT = 120  # kfoot.cli.terminal.PIPE_NAME_LIMIT, as docs/report.md states it


@pytest.fixture(scope="module")
def curand_names(curand_library, cuobjdump) -> set[str]:
    mangled = sorted(cuobjdump_symbols(curand_library).kernel_names)
    out = subprocess.run(["c++filt"], input="\n".join(mangled) + "\n", capture_output=True, text=True,
                         check=True).stdout
    return set(out.splitlines())


def _kernel_cells(text: str) -> list[str]:
    """The kernel column of the `--kernels` table: everything left of the `arch` heading."""
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if re.match(r"\s*kernel\s+arch\s+code\b", line))
    column = lines[header].index(" arch ")
    cells = []
    for line in lines[header + 2:]:
        if not line.strip():
            break
        cells.append(line[:column].strip())
    return cells


def _outline_matches(cell: str, names: set[str]) -> bool:
    pattern = re.compile(".*".join(re.escape(part) for part in cell.split("…")), re.DOTALL)
    return any(pattern.fullmatch(name) for name in names)


def test_a_pipe_gets_outlines_of_the_real_names(curand_library, curand_names):
    cells = _kernel_cells(run_kfoot("report", "--kernels", "--top", "40", curand_library).stdout)
    assert len(cells) == 40
    assert max(len(c) for c in cells) <= PIPE_LIMIT
    assert any("…" in c for c in cells), "libcurand has kernel names longer than a pipe's limit"
    for cell in cells:
        assert _outline_matches(cell, curand_names), cell


def test_wide_and_files_keep_whole_names(curand_library, curand_names, tmp_path):
    wide = _kernel_cells(run_kfoot("report", "--kernels", "--top", "40", "--wide", curand_library).stdout)
    out = tmp_path / "report.txt"
    run_kfoot("report", "--kernels", "--top", "40", "-o", out, curand_library)
    in_file = _kernel_cells(out.read_text())
    assert wide == in_file
    assert max(len(c) for c in wide) > PIPE_LIMIT
    assert set(wide) <= curand_names
    # stdout redirected to a regular file is a file too
    with open(tmp_path / "redirected.txt", "w") as stdout:
        import sys
        subprocess.run([sys.executable, "-m", "kfoot", "report", "--kernels", "--top", "40", str(curand_library)],
                       stdout=stdout, check=True)
    assert _kernel_cells((tmp_path / "redirected.txt").read_text()) == wide


@pytest.mark.parametrize("name, limit, expected", [
    ("void f<int>(float const*, int)", 20, "void f<int>(…)"),
    ("a<b<c<d>>, e<f>>(x)", 16, "a<b<…>, e<…>>(…)"),
    ("a<b<c<d>>, e<f>>(x)", 12, "a<…>(…)"),
    ("bool operator< <int>(int, int)", 23, "bool operator< <int>(…)"),
    ("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 10, "xxxxxxxxx…"),
])
def test_outline_by_hand(name, limit, expected):
    from kfoot.core.shorten import shorten_name

    assert shorten_name(name, limit) == expected
