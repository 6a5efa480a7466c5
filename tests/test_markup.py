"""Names and paths from the user's files are printed as they are: text that looks like rich
markup (`[/x]`, `[bold]`) neither crashes a table nor changes what it shows."""

from __future__ import annotations

import json
import shutil

import pytest
from oracles.cli import run_kfoot

HOSTILE = b"[/x][bold]ab"  # as long as b"plain_kernel", so every offset in the cubin still holds


@pytest.fixture
def hostile_cubin(cuda_fixtures, tmp_path):
    """The raw sm_90a cubin with `plain_kernel` renamed everywhere (symbol and section names)."""
    data = cuda_fixtures["fixture_sm90a.cubin"].read_bytes()
    assert data.count(b"plain_kernel") >= 2
    # A folder path with markup in it: '[' and 'x]' are two folders, so the path reads '[/x]'.
    folder = tmp_path / "[" / "x]"
    folder.mkdir(parents=True)
    path = folder / "k[bold].cubin"
    path.write_bytes(data.replace(b"plain_kernel", HOSTILE))
    return path


@pytest.mark.parametrize("args", [[], ["--kernels"], ["--by", "family"], ["--by", "section"],
                                  ["--memory", "estimate"], ["--format", "markdown", "--kernels"]])
def test_markup_in_names_and_paths_is_printed_as_text(hostile_cubin, args):
    proc = run_kfoot("report", *args, "--top", "100", hostile_cubin)
    assert "Traceback" not in proc.stderr
    assert "[/x]/k[bold].cubin" in proc.stdout  # the path, whole, brackets and all
    if "--kernels" in args:
        assert HOSTILE.decode() in proc.stdout


def test_markup_in_names_survives_json(hostile_cubin):
    report = json.loads(run_kfoot("report", "--json", "--kernels", hostile_cubin).stdout)
    names = {k["name"] for k in report["files"][0]["kernel_list"]}
    assert any(HOSTILE.decode() in name for name in names)


def test_markup_in_names_in_diff_and_gate(hostile_cubin, cuda_fixtures, tmp_path):
    plain = tmp_path / "plain.cubin"
    shutil.copyfile(cuda_fixtures["fixture_sm90a.cubin"], plain)
    for fmt in ("text", "markdown", "json"):
        proc = run_kfoot("diff", plain, hostile_cubin, "--format", fmt)
        assert "Traceback" not in proc.stderr
        assert HOSTILE.decode() in proc.stdout or fmt == "json" and HOSTILE.decode() in proc.stdout
    proc = run_kfoot("gate", "--baseline", plain, hostile_cubin, "--max-kernel-growth", "10", check_rc=None)
    assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr


def test_the_undecodable_count_is_styled_not_printed_as_markup(tmp_path):
    """The images row flags undecodable images in yellow on a terminal; written to a file it reads
    '(1 undecodable)', never the markup that asked for the colour."""
    from test_bounds_binary import FLAG_ZSTD, KIND_ELF, container, entry, zstd_zeros

    path = tmp_path / "bomb.fatbin"  # 2 GiB declared: over the bound, so counted from its header
    path.write_bytes(container(entry(KIND_ELF, zstd_zeros(2 << 30, 512 << 10), flags=0x11 | FLAG_ZSTD,
                                     declared=2 << 30)))
    out = run_kfoot("report", path).stdout
    assert "(1 undecodable)" in out
    assert "[yellow]" not in out and "[/]" not in out
