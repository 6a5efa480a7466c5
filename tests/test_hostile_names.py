"""Kernel names and sections that once crashed the report: a mangled-looking name with more digits
than int() reads, non-ASCII digits where a length goes, a kernel's .nv.info section of type NOBITS.
Built from an nvcc cubin (extern "C" keeps the names as written), patched where nvcc cannot go.
Every output form must exit 0: the names are odd, the file is sound."""

from __future__ import annotations

import struct
import subprocess

import pytest
from elftools.elf.elffile import ELFFile

from oracles.cli import run_kfoot

LONG = "_Z" + "9" * 5000 + "x"  # int() refuses over 4,300 digits
SOURCE = f"""
extern "C" __global__ void {LONG}(int* out) {{ out[threadIdx.x] = 1; }}
extern "C" __global__ void _ZN3fooXXbarEv(int* out) {{ out[threadIdx.x] = 2; }}
extern "C" __global__ void _ZN3fooIYYEEvv(int* out) {{ out[threadIdx.x] = 3; }}
__global__ void nobits_kernel(int* out) {{ out[threadIdx.x] = 4; }}
"""
OUTPUTS = [[], ["--kernels"], ["--json"], ["--kernels", "--json"], ["--format", "markdown"],
           ["--kernels", "--format", "markdown"]]


@pytest.fixture(scope="module")
def hostile_cubin(tmp_path_factory, nvcc):
    out = tmp_path_factory.mktemp("hostile")
    (out / "names.cu").write_text(SOURCE)
    built = out / "names.cubin"
    proc = subprocess.run([str(nvcc), "-cubin", "-arch=sm_90", str(out / "names.cu"), "-o", str(built)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    original = built.read_bytes()
    variants = {"long digits": original}  # nvcc writes the 5,000-digit name itself
    # Non-ASCII digits where a mangled length is read: '²' (str.isdigit, not \\d) and '٣' (both);
    # each is two bytes in UTF-8, so the placeholders are replaced in every copy of the name
    # (symbol string table and section names) without moving anything.
    patched = original
    for placeholder, digit in ((b"XX", "²"), (b"YY", "٣")):
        patched = patched.replace(b"_ZN3foo" + placeholder, b"_ZN3foo" + digit.encode())
    variants["non-ASCII digits"] = patched
    # nobits_kernel's .nv.info becomes NOBITS (sh_type, header byte 4) placed past the end of the
    # file (sh_offset, byte 24): legal for NOBITS, which occupies no file bytes.
    with open(built, "rb") as f:
        elf = ELFFile(f)
        index = next(i for i, s in enumerate(elf.iter_sections()) if s.name == ".nv.info._Z13nobits_kernelPi")
        header = elf["e_shoff"] + index * elf["e_shentsize"]
    nobits = bytearray(original)
    struct.pack_into("<I", nobits, header + 4, 8)
    struct.pack_into("<Q", nobits, header + 24, len(original) + 0x1000)
    variants["nobits .nv.info"] = bytes(nobits)
    paths = {}
    for number, (name, image) in enumerate(variants.items()):
        paths[name] = out / f"hostile_{number}.cubin"
        paths[name].write_bytes(image)
    return paths


@pytest.mark.parametrize("variant", ["long digits", "non-ASCII digits", "nobits .nv.info"])
@pytest.mark.parametrize("flags", OUTPUTS, ids=lambda f: " ".join(f) or "table")
def test_hostile_names_report_without_a_traceback(hostile_cubin, variant, flags):
    proc = run_kfoot("report", *flags, hostile_cubin[variant])
    assert "Traceback" not in proc.stderr
    if "--json" in flags:
        assert '"kernels":4' in proc.stdout.replace(" ", "")
