"""What the command line writes where: tables into a pipe or a file are never cut, `-o FILE`
writes every format, and a command module that fails to import fails loudly."""

from __future__ import annotations

import json
import subprocess
import sys

import cxxfilt
import pytest
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels


def _demangled(path) -> set[str]:
    """Every kernel of `path` as c++filt spells it: the names a table must show whole."""
    return {cxxfilt.demangle(name) for names in cuobjdump_elf_kernels(path).values() for name in names}


def test_piped_kernel_table_with_wide_keeps_every_name_whole(demo_aot):
    # Without --wide a pipe gets names shortened to an outline (tests/test_name_shortening.py).
    names = _demangled(demo_aot.library)
    assert max(len(n) for n in names) > 120  # wider than any terminal default: cutting would show
    proc = run_kfoot("report", "--kernels", "--top", "1000", "--wide", demo_aot.library)
    shown = {name for name in names if name in proc.stdout}
    assert shown == names
    assert "…" not in proc.stdout


def test_table_output_goes_to_the_file(demo_aot, tmp_path):
    target = tmp_path / "report.txt"
    proc = run_kfoot("report", "--kernels", "--top", "1000", "-o", target, demo_aot.library)
    assert proc.stdout == ""
    text = target.read_text()
    assert all(name in text for name in _demangled(demo_aot.library))
    assert "\x1b[" not in text  # no colour codes in a file
    # The same table as on stdout with whole names (both unlimited width, no colour).
    assert text == run_kfoot("report", "--kernels", "--top", "1000", "--wide", demo_aot.library).stdout


@pytest.mark.parametrize("fmt", ["json", "markdown"])
def test_other_formats_go_to_the_file(demo_aot, tmp_path, fmt):
    target = tmp_path / f"report.{fmt}"
    proc = run_kfoot("report", "--format", fmt, "-o", target, demo_aot.library)
    assert proc.stdout == "" and target.stat().st_size > 0
    if fmt == "json":
        assert json.loads(target.read_text())["totals"]["kernels"] == sum(
            len(v) for v in cuobjdump_elf_kernels(demo_aot.library).values())


@pytest.mark.parametrize("argv", [["report", "--help"], ["--help"]])
def test_a_command_module_that_fails_to_import_is_not_hidden(argv):
    # The command module itself cannot be imported (moved, renamed, broken): kfoot must say so,
    # not drop the command from --help as if it did not exist.
    code = (
        "import importlib, sys\n"
        "real = importlib.import_module\n"
        "def fake(name, *args):\n"
        "    if name == 'kfoot.cli.report_cmd':\n"
        "        raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "    return real(name, *args)\n"
        "importlib.import_module = fake\n"
        "import kfoot.cli as cli\n"
        f"sys.exit(cli.main({argv!r}))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode != 0
    assert "No module named 'kfoot.cli.report_cmd'" in proc.stderr
