"""A wheel or folder holding binaries kfoot cannot read is never a silent 0: each one is named on a
warning line of its own and listed in the JSON, and a wheel none of whose binaries can be read
(a Windows wheel did, before DLLs were read: exit 0, `size 0 B`) exits 2.

Oracles: cuobjdump -symbols on the readable binary alone; the members and files the test wrote."""

from __future__ import annotations

import json
import shutil
import zipfile

import pytest
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols

MACHO = b"\xcf\xfa\xed\xfe" + bytes(60)  # a 64-bit Mach-O header: what a macOS .dylib starts with
BROKEN_ELF = b"\x7fELF\x02\x01\x01" + bytes(9) + b"\x03\x00\x3e\x00" + b"\xff" * 44  # header fields past the end
NOT_PE = b"MZ" + bytes(62)  # an MS-DOS header pointing at no PE header


def _wheel(path, members: dict[str, bytes]):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return path


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("kfoot: skipped")]


@pytest.fixture(scope="module")
def library(cuda_fixtures):
    return cuda_fixtures["libfixture.so"]


def test_a_wheel_names_each_member_it_cannot_read(library, tmp_path):
    wheel = _wheel(tmp_path / "mixed-1.0-py3-none-any.whl", {
        "mixed/libfixture.so": library.read_bytes(), "mixed/libmac.dylib": MACHO,
        "mixed/libbroken.so.1": BROKEN_ELF, "mixed/helper.py": b"print()"})
    proc = run_kfoot("report", "--json", wheel)
    entry, totals = json.loads(proc.stdout)["files"][0], json.loads(proc.stdout)["totals"]
    oracle = cuobjdump_symbols(library)
    assert entry["members"] == ["mixed/libfixture.so"]
    assert (entry["kernels"], entry["size"]) == (oracle.kernels, library.stat().st_size)
    assert sorted(u["member"] for u in entry["unreadable"]) == ["mixed/libbroken.so.1", "mixed/libmac.dylib"]
    assert sorted((u["path"], u["member"]) for u in totals["unreadable"]) == \
        [(str(wheel), "mixed/libbroken.so.1"), (str(wheel), "mixed/libmac.dylib")]
    assert next(u for u in entry["unreadable"] if u["member"].endswith("dylib"))["size"] == len(MACHO)
    warnings = _warnings(proc.stderr)
    assert len(warnings) == 2, proc.stderr
    assert any("mixed/libmac.dylib" in line and "Mach-O" in line for line in warnings)
    assert any("mixed/libbroken.so.1" in line for line in warnings)
    table = run_kfoot("report", wheel).stdout
    assert "left out: 2 binaries kfoot cannot read" in " ".join(table.split())


def test_a_wheel_none_of_whose_binaries_can_be_read_exits_2(tmp_path):
    wheel = _wheel(tmp_path / "mac-1.0-py3-none-macosx_11_0_arm64.whl",
                   {"mac/libmac.dylib": MACHO, "mac/_ext.so": BROKEN_ELF, "mac/__init__.py": b""})
    proc = run_kfoot("report", wheel, check_rc=2)
    lines = proc.stderr.strip().splitlines()
    assert "none of the wheel's 2 binaries can be read" in lines[-1] and str(wheel) in lines[-1], proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_folder_names_each_file_it_cannot_read(library, tmp_path):
    shutil.copy(library, tmp_path / "libfixture.so")
    (tmp_path / "libmac.dylib").write_bytes(MACHO)
    (tmp_path / "stub.dll").write_bytes(NOT_PE)
    (tmp_path / "libbroken.so").write_bytes(BROKEN_ELF)
    (tmp_path / "notes.txt").write_text("not a binary, and not named like one")
    proc = run_kfoot("report", "--json", tmp_path)
    report = json.loads(proc.stdout)
    assert [f["path"] for f in report["files"]] == [str(tmp_path / "libfixture.so")]
    assert report["totals"]["kernels"] == cuobjdump_symbols(library).kernels
    assert sorted(u["path"] for u in report["totals"]["unreadable"]) == \
        [str(tmp_path / name) for name in ("libbroken.so", "libmac.dylib", "stub.dll")]
    warnings = _warnings(proc.stderr)
    assert len(warnings) == 3 and not any("notes.txt" in line for line in warnings), proc.stderr


def test_a_folder_of_unreadable_binaries_exits_2_naming_them(tmp_path):
    (tmp_path / "libmac.dylib").write_bytes(MACHO)
    proc = run_kfoot("report", tmp_path, check_rc=2)
    assert "no CUDA device code found" in proc.stderr and "libmac.dylib" in proc.stderr.splitlines()[-1]
