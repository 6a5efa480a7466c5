"""The report's command line, JSON contract, wheels and directories."""

from __future__ import annotations

import json
import zipfile

import pytest

from kfoot.report.analyze import analyze_paths
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols
from oracles.errors import assert_error

CONTRACT_FILE_KEYS = {"path", "format", "size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "kernels",
                      "distinct_kernels", "global_symbols", "images", "compression", "archs", "families"}
CONTRACT_TOTAL_KEYS = {"files", "size", "stored_bytes", "image_bytes", "code_bytes", "kernels", "distinct_kernels",
                       "global_symbols"}


def test_json_contract(cuda_fixtures):
    proc = run_kfoot("report", "--json", cuda_fixtures["libfixture.so"], cuda_fixtures["obj_speed.o"])
    report = json.loads(proc.stdout)
    assert report["schema"] == "kfoot.report/3"
    assert report["tool"]["name"] == "kfoot" and report["tool"]["version"]
    assert len(report["files"]) == 2
    for file in report["files"]:
        assert CONTRACT_FILE_KEYS <= set(file)
        assert set(file["images"]) >= {"sass", "ptx", "ltoir", "undecodable"}
        assert set(file["compression"]) == {"none", "lz4", "zstd"}
        for arch in file["archs"].values():
            assert {"kind", "images", "kernels", "stored_bytes", "image_bytes"} <= set(arch)
        for family in file["families"]:
            assert {"name", "kernels", "distinct_kernels", "code_bytes"} <= set(family)
    assert CONTRACT_TOTAL_KEYS <= set(report["totals"])
    so, obj = report["files"]
    assert so["format"] == "shared-object" and obj["format"] == "object"
    totals = report["totals"]
    assert totals["files"] == 2
    assert totals["kernels"] == so["kernels"] + obj["kernels"]
    assert totals["size"] == so["size"] + obj["size"]
    assert totals["distinct_kernels"] == 8  # the same eight kernels in both


def test_formats_of_every_input(cuda_fixtures):
    expected = {"obj_none.o": "object", "libfixture.so": "shared-object", "fixture_exe": "executable",
                "libfixture.a": "archive", "fixture.fatbin": "fatbin", "fixture_sm90a.cubin": "cubin"}
    for name, fmt in expected.items():
        assert analyze_paths([cuda_fixtures[name]]).files[0].format == fmt, name


def test_table_output_and_breakdowns(cuda_fixtures):
    path = cuda_fixtures["libfixture.so"]
    out = run_kfoot("report", path).stdout
    assert "kfoot::binary_kernel" in out and "sm_90a" in out and "where the bytes are" in out
    for by, needle in (("arch", "sm_80"), ("family", "kfoot::fill_kernel"), ("kind", "sass"),
                       ("section", ".nv_fatbin")):
        assert needle in run_kfoot("report", "--by", by, path).stdout
    kernels = run_kfoot("report", "--kernels", "--top", "3", path).stdout
    assert "regs" in kernels


def test_markdown_output(cuda_fixtures):
    out = run_kfoot("report", "--format", "markdown", "--by", "family", cuda_fixtures["libfixture.so"]).stdout
    assert "| `kfoot::binary_kernel` | 8 | 4 |" in out


def test_output_file_is_written(cuda_fixtures, tmp_path):
    target = tmp_path / "out" / "report.json"
    run_kfoot("report", "--json", "-o", target, cuda_fixtures["obj_none.o"])
    assert json.loads(target.read_text())["files"][0]["kernels"] == 8


def test_filters_on_the_command_line(cuda_fixtures):
    path = cuda_fixtures["libfixture.so"]
    only = json.loads(run_kfoot("report", "--json", "--arch", "sm_90a", "--filter", "binary_kernel", path).stdout)
    file = only["files"][0]
    assert set(file["archs"]) == {"sm_90a"} and file["kernels"] == 4
    assert file["attribution"]["filtered_out"] > 0


def test_usage_errors_exit_2(cuda_fixtures):
    proc = run_kfoot("report", "--by", "colour", cuda_fixtures["obj_none.o"], check_rc=2)
    assert "Traceback" not in proc.stderr
    assert_error(run_kfoot("report", "--filter", "([", cuda_fixtures["obj_none.o"], check_rc=None), "regular expression")
    run_kfoot("report", check_rc=2)


def test_wheel_is_read_without_extracting(cuda_fixtures, tmp_path):
    so = cuda_fixtures["libfixture.so"]
    wheel = tmp_path / "fixture-1.0-py3-none-manylinux_2_17_x86_64.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(so, "fixture/lib/libfixture.so.1")
        zf.writestr("fixture/__init__.py", "")
        zf.writestr("fixture-1.0.dist-info/METADATA", "Name: fixture\n")
    file = analyze_paths([wheel]).files[0]
    oracle = cuobjdump_symbols(so, all_fatbins=True)
    assert file.format == "wheel"
    assert file.members == ["fixture/lib/libfixture.so.1"]
    assert file.kernels == oracle.kernels
    assert file.global_symbols == oracle.global_symbols
    assert file.size == so.stat().st_size and file.stored_size == wheel.stat().st_size
    assert file.host_bytes + file.overhead_bytes + file.stored_bytes == file.size
    assert sorted(p.name for p in tmp_path.iterdir()) == [wheel.name]  # nothing extracted


def test_directories_are_walked(cuda_fixtures, tmp_path):
    folder = tmp_path / "tree" / "lib"
    folder.mkdir(parents=True)
    for name in ("libfixture.so", "obj_rdc.o"):
        (folder / name).write_bytes(cuda_fixtures[name].read_bytes())
    (folder / "README").write_text("not a binary")
    report = json.loads(run_kfoot("report", "--json", tmp_path / "tree").stdout)
    assert sorted(f["path"].rsplit("/", 1)[-1] for f in report["files"]) == ["libfixture.so", "obj_rdc.o"]
    expected = cuobjdump_symbols(folder / "libfixture.so", all_fatbins=True).kernels + \
        cuobjdump_symbols(folder / "obj_rdc.o", all_fatbins=True).kernels
    assert report["totals"]["kernels"] == expected


def test_walked_folders_keep_only_files_with_device_code(cuda_fixtures, tmp_path):
    """A folder walk (site-packages, a build tree) lists CUDA binaries, not every host library;
    a host library named explicitly is still reported, with zero kernels."""
    import subprocess

    folder = tmp_path / "lib"
    folder.mkdir()
    (folder / "plain.c").write_text("int answer(void) { return 42; }\n")
    subprocess.run(["gcc", "-shared", "-fPIC", str(folder / "plain.c"), "-o", str(folder / "libplain.so")],
                   check=True)
    (folder / "libfixture.so").write_bytes(cuda_fixtures["libfixture.so"].read_bytes())
    walked = json.loads(run_kfoot("report", "--json", folder).stdout)
    assert [f["path"].rsplit("/", 1)[-1] for f in walked["files"]] == ["libfixture.so"]
    named = json.loads(run_kfoot("report", "--json", folder / "libplain.so").stdout)
    assert named["files"][0]["kernels"] == 0 and named["files"][0]["host_bytes"] == named["files"][0]["size"]
    (folder / "libfixture.so").unlink()
    assert_error(run_kfoot("report", folder, check_rc=None), "no CUDA device code")


def test_output_file_gets_the_usual_mode_not_a_private_one(cuda_fixtures, tmp_path):
    """Written atomically through a temporary file, but readable as any new file would be."""
    import os

    umask = os.umask(0)
    os.umask(umask)
    target = tmp_path / "report.json"
    run_kfoot("report", "--json", "-o", target, cuda_fixtures["obj_none.o"])
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    target.chmod(0o640)  # a file that exists keeps its mode
    run_kfoot("report", "--json", "-o", target, cuda_fixtures["obj_none.o"])
    assert target.stat().st_mode & 0o777 == 0o640


def test_an_arch_filter_that_matches_nothing_is_said_plainly(cuda_fixtures):
    path = cuda_fixtures["libfixture.so"]
    present = sorted(cuobjdump_symbols(path).entries_by_arch())
    message = assert_error(run_kfoot("report", "--arch", "sm_99", path, check_rc=None))
    assert message == f"--arch sm_99 matches no image; the input holds {', '.join(present)}"


def test_the_name_filter_says_what_it_narrows(cuda_fixtures):
    import re

    import cxxfilt

    path = cuda_fixtures["libfixture.so"]
    counts = cuobjdump_symbols(path)
    matching = [n for _arch, n in counts.entries if re.search("fill", n) or re.search("fill", cxxfilt.demangle(n))]
    report = json.loads(run_kfoot("report", "--json", "--filter", "fill", path).stdout)["totals"]
    assert report["kernels"] == len(matching) > 0
    assert report["global_symbols"] == counts.global_symbols  # not narrowed, and the output says so
    for fmt in ("table", "markdown"):
        out = run_kfoot("report", "--format", fmt, "--filter", "fill", path).stdout
        assert "--filter counts the matching kernels only" in out
    assert "--filter" not in run_kfoot("report", path).stdout


@pytest.mark.parametrize("command", ["diff", "gate"])
@pytest.mark.parametrize("json_side", ["base", "new"])
def test_diff_and_gate_say_plainly_when_the_reports_arch_filter_matches_nothing_in_a_binary(
        cuda_fixtures, tmp_path, command, json_side):
    """A report JSON made with --arch sm_80, against a binary with no sm_80 image: the binary is
    measured with that filter (docs/ci.md), which leaves nothing. As `kfoot report --arch` says it,
    diff and gate say it: one line, exit 2, not an empty side that reads as everything removed."""
    report, binary = cuda_fixtures["libfixture.so"], cuda_fixtures["fixture_sm90a.cubin"]  # nvcc -cubin -arch=sm_90a
    assert "sm_80" in cuobjdump_symbols(report).entries_by_arch()
    baseline = tmp_path / "sm80.json"
    run_kfoot("report", "--arch", "sm_80", "--json", "-o", baseline, report)
    sides = [baseline, binary] if json_side == "base" else [binary, baseline]
    args = [command, *sides] if command == "diff" else ["gate", "--baseline", *sides]
    proc = run_kfoot(*args, check_rc=2)
    assert proc.stdout == ""
    assert proc.stderr.strip() == "kfoot: error: --arch sm_80 matches no image; the input holds sm_90a"


def test_kernel_rows_from_workers_equal_the_in_process_ones(cuda_fixtures, monkeypatch):
    """Workers send kernel rows to the parent as columns (kfoot.report.decode.decode_batch): the
    rows rebuilt there are the ones decoding in the process itself gives, field for field."""
    from kfoot.report import analyze
    from kfoot.report.analyze import ReportOptions

    monkeypatch.setenv("KFOOT_CACHE", "0")
    paths = [cuda_fixtures["libfixture.so"], cuda_fixtures["obj_speed.o"], cuda_fixtures["obj_concat.o"]]
    options = dict(kernel_rows=True, fingerprints=True)
    alone = analyze_paths(paths, ReportOptions(jobs=1, **options))
    monkeypatch.setattr(analyze, "PARALLEL_THRESHOLD", 0)  # small fixtures: workers all the same
    pooled = analyze_paths(paths, ReportOptions(jobs=2, **options))
    rows = [f.kernel_rows for f in alone.files]
    assert all(rows) and all(k.code_digest and k.family for f in rows for k in f)
    assert [f.kernel_rows for f in pooled.files] == rows
