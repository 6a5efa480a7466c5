"""Windows DLLs and executables (PE/COFF) read like ELF shared objects: `.nv_fatb`'s containers and
those embedded in `.data` and `.rdata`, the same figures and attribution, the memory estimate,
wheels' `.dll` members.

Oracles: cuobjdump on each container cut out of the DLL by the tests' own walk (tests/oracles/pe.py
reads the section table with struct, tests/oracles/fatbin.py walks and scans the containers):
cuobjdump cannot read a DLL itself ("does not contain device code"). The DLLs: one linked here by
x86_64-w64-mingw32's binutils around a real nvcc-built fatbin, and NVIDIA's own nvjpeg64_13.dll
from the win_amd64 nvidia-nvjpeg wheel (3 MB), downloaded once.
"""

from __future__ import annotations

import json
import subprocess
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from conftest import downloaded_wheel
from oracles import fatbin, pe
from oracles.cli import run_kfoot
from oracles.cuobjdump import CuobjdumpCounts, cuobjdump_symbols, run_cuobjdump

# The fixture DLL's layout: two containers back to back in .nv_fatb (what the CUDA runtime
# registers; 16-byte aligned, as in NVIDIA's DLLs), one embedded in .data after host bytes, one
# in .rdata.
ASSEMBLY = """
    .section .nv_fatb,"dr"
    .balign 16
    .incbin "{fatbin}"
    .balign 16
    .incbin "{fatbin}"
    .data
    .ascii "host data before the embedded container"
    .balign 8
    .incbin "{fatbin}"
    .ascii "host data after it"
    .section .rdata,"dr"
    .ascii "read-only host data"
    .balign 8
    .incbin "{fatbin}"
    .text
    .globl entry
entry:
    movl $1, %eax
    ret
"""
NVJPEG = "nvidia-nvjpeg==13.3.2.43"
NVJPEG_DLL = "nvidia/cu13/bin/x86_64/nvjpeg64_13.dll"


@pytest.fixture(scope="module")
def windows_binaries(cuda_fixtures, mingw_binutils, tmp_path_factory) -> dict[str, Path]:
    """k.dll and k.exe (the same sections), and a wheel holding the DLL."""
    folder = tmp_path_factory.mktemp("pe")
    source = folder / "k.s"
    source.write_text(ASSEMBLY.format(fatbin=cuda_fixtures["fixture.fatbin"]))
    subprocess.run([mingw_binutils["as"], source, "-o", folder / "k.o"], check=True)
    out = {"k.dll": folder / "k.dll", "k.exe": folder / "k.exe"}
    subprocess.run([mingw_binutils["ld"], "-shared", "--entry", "entry", folder / "k.o", "-o", out["k.dll"]],
                   check=True)
    subprocess.run([mingw_binutils["ld"], "--entry", "entry", folder / "k.o", "-o", out["k.exe"]], check=True)
    wheel = out["wheel"] = folder / "k-1.0-py3-none-win_amd64.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(out["k.dll"], "k/bin/k.dll")
        z.writestr("k/__init__.py", "")
        z.writestr("k/lib/k.lib", b"!<arch>\n")  # an import library: not a binary the wheel runs
    return out


def _cut(data: bytes, section: pe.PeSection, back_to_back: bool, into: Path) -> Path:
    """The containers of one section written out as a .fatbin file, which cuobjdump reads."""
    found = (fatbin.walk(data, section.start, section.end, align=16) if back_to_back
             else fatbin.scan(data, section.start, section.end))
    assert found, section.name
    into.write_bytes(b"".join(data[c.offset:c.end] for c in found))
    return into


def _oracle(path: Path, workdir: Path) -> dict[str, CuobjdumpCounts]:
    """cuobjdump -symbols per section of the DLL that holds containers, by the tests' own walk."""
    data = path.read_bytes()
    out = {}
    for section in pe.sections(data):
        if section.name == ".nv_fatb":
            out[section.name] = cuobjdump_symbols(_cut(data, section, True, workdir / "nv_fatb.fatbin"))
        elif section.end > section.start and fatbin.scan(data, section.start, section.end):
            out[section.name] = cuobjdump_symbols(_cut(data, section, False, workdir / f"{section.name[1:]}.fatbin"))
    return out


def _report(*args) -> dict:
    return json.loads(run_kfoot("report", "--json", *args).stdout)


def _sass_kernels_by_arch(entry: dict) -> dict[str, int]:
    return {name: a["kernels"] for name, a in entry["archs"].items() if a["kind"] == "sass" and a["kernels"]}


def _check_against_oracle(entry: dict, oracle: dict[str, CuobjdumpCounts]) -> None:
    assert entry["kernels"] == sum(o.kernels for o in oracle.values()) > 0
    assert entry["global_symbols"] == sum(o.global_symbols for o in oracle.values())
    assert {name: s["kernels"] for name, s in entry["sections"].items()} == \
        {name: o.kernels for name, o in oracle.items()}
    assert _sass_kernels_by_arch(entry) == dict(sum((o.kernels_by_arch for o in oracle.values()), Counter()))
    assert entry["images"]["sass"] == sum(sum(o.sass_images_by_arch.values()) for o in oracle.values())
    assert entry["images"]["ptx"] == sum(sum(o.ptx_images_by_arch.values()) for o in oracle.values())


def _check_attribution(entry: dict, path: Path) -> None:
    """Every byte once, and host bytes independently: the file less .nv_fatb's own bytes and the
    containers embedded elsewhere (the oracle's scan)."""
    data = path.read_bytes()
    assert entry["size"] == len(data)
    assert entry["host_bytes"] + entry["overhead_bytes"] + entry["stored_bytes"] + entry["filtered_bytes"] == len(data)
    device = 0
    for section in pe.sections(data):
        if section.name == ".nv_fatb":
            device += section.end - section.start
        elif section.end > section.start:
            device += sum(c.size for c in fatbin.scan(data, section.start, section.end))
    assert entry["host_bytes"] == len(data) - device


@pytest.mark.parametrize("name", ["k.dll", "k.exe"])
def test_a_dll_counts_like_cuobjdump_on_its_containers(windows_binaries, name, tmp_path):
    path = windows_binaries[name]
    assert "ENTRY" not in run_cuobjdump("-symbols", path, allow_no_device_code=True)  # it cannot read a DLL
    oracle = _oracle(path, tmp_path)
    assert set(oracle) == {".nv_fatb", ".data", ".rdata"}
    entry = _report(path)["files"][0]
    assert entry["format"] == ("shared-object" if pe.is_dll(path.read_bytes()) else "executable")
    _check_against_oracle(entry, oracle)
    _check_attribution(entry, path)
    assert {name: s["containers"] for name, s in entry["sections"].items()} == {".nv_fatb": 2, ".data": 1, ".rdata": 1}


def test_section_nv_fatb_is_what_the_runtime_registers(windows_binaries, tmp_path):
    path = windows_binaries["k.dll"]
    oracle = _oracle(path, tmp_path)[".nv_fatb"]
    entry = _report("--section", ".nv_fatb", path)["files"][0]
    assert (entry["kernels"], entry["global_symbols"]) == (oracle.kernels, oracle.global_symbols)
    assert entry["host_bytes"] + entry["overhead_bytes"] + entry["stored_bytes"] + entry["filtered_bytes"] == \
        path.stat().st_size
    assert entry["filtered_bytes"] > 0


def test_the_memory_estimate_loads_nv_fatb_and_leaves_data_on_demand(windows_binaries):
    memory = _report("--memory", "estimate", windows_binaries["k.dll"])["files"][0]["memory"]
    assert memory["modules"] == 2  # the two containers of .nv_fatb
    assert memory["on_demand"]["modules"] == 2  # .data's and .rdata's, which the library's code loads


def test_a_windows_wheel_reads_its_dll(windows_binaries):
    alone = _report(windows_binaries["k.dll"])["files"][0]
    wheel = _report(windows_binaries["wheel"])["files"][0]
    assert wheel["format"] == "wheel" and wheel["members"] == ["k/bin/k.dll"]
    for figure in ("size", "kernels", "global_symbols", "stored_bytes", "image_bytes", "code_bytes", "host_bytes",
                   "overhead_bytes", "sections", "archs", "families"):
        assert wheel[figure] == alone[figure], figure


# ---------------------------------------------------------------- NVIDIA's own DLL

@pytest.fixture(scope="module")
def nvjpeg(tmp_path_factory) -> dict[str, Path]:
    wheel = downloaded_wheel(NVJPEG, "win_amd64")
    folder = tmp_path_factory.mktemp("nvjpeg")
    with zipfile.ZipFile(wheel) as z:
        z.extract(NVJPEG_DLL, folder)
    return {"wheel": wheel, "dll": folder / NVJPEG_DLL}


def test_nvidias_dll_counts_like_cuobjdump_on_its_containers(nvjpeg, tmp_path):
    oracle = _oracle(nvjpeg["dll"], tmp_path)
    assert ".nv_fatb" in oracle
    report = _report(nvjpeg["dll"], nvjpeg["wheel"])
    dll, wheel = report["files"]
    _check_against_oracle(dll, oracle)
    _check_attribution(dll, nvjpeg["dll"])
    assert wheel["members"] == [NVJPEG_DLL]
    assert (wheel["kernels"], wheel["stored_bytes"], wheel["size"]) == (dll["kernels"], dll["stored_bytes"], dll["size"])
    assert wheel["stored_size"] == nvjpeg["wheel"].stat().st_size


# ---------------------------------------------------------------- hostile PE headers

def _pe_with(data: bytes, at: int, value: bytes) -> bytes:
    return data[:at] + value + data[at + len(value):]


def test_broken_pe_headers_are_one_line_exit_2(windows_binaries, tmp_path):
    data = windows_binaries["k.dll"].read_bytes()
    lfanew = int.from_bytes(data[0x3C:0x40], "little")
    table = lfanew + 24 + int.from_bytes(data[lfanew + 20:lfanew + 22], "little")
    nv_fatb = next(i for i, s in enumerate(pe.sections(data)) if s.name == ".nv_fatb")
    cases = {
        "dos.exe": (b"MZ" + bytes(62), "not a PE file"),
        "lfanew.dll": (_pe_with(data, 0x3C, (len(data) + 16).to_bytes(4, "little")), "not a PE file"),
        "signature.dll": (_pe_with(data, lfanew, b"XX\0\0"), "no PE signature"),
        "sections.dll": (_pe_with(data, lfanew + 6, (0xFFFF).to_bytes(2, "little"))[:table + 200],
                         "section table"),
        "past-end.dll": (_pe_with(data, table + 40 * nv_fatb + 20, (len(data) - 16).to_bytes(4, "little")),
                         "section .nv_fatb points past the end of the file"),
    }
    for name, (content, message) in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        proc = run_kfoot("report", path, check_rc=2)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and message in lines[0] and str(path) in lines[0], (name, proc.stderr)
