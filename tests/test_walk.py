"""The one walker of binaries (kfoot.binary.walk) and the report's file handling.

Oracles: cuobjdump's symbol listing (tests/oracles/cuobjdump.py) for kernel counts; for where
containers are, a scan of every byte of the file for container headers whose entries hold
together (tests/oracles/fatbin.py, written from the format), placed in sections by pyelftools,
with archive members from binutils' `ar` and wheel members from zipfile.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from oracles.cli import REPO
from kfoot.binary.walk import ContainerKey, read_containers, walk
from kfoot.report.analyze import analyze_paths
from oracles import fatbin as oracle_fatbin
from oracles.cuobjdump import cuobjdump_symbols


# ---------------------------------------------------------------- the independent oracle

def scan(data: bytes) -> list[tuple[int, int]]:
    """(offset, size) of every container anywhere in `data` (oracles.fatbin's byte scan)."""
    return [(c.offset, c.size) for c in oracle_fatbin.scan(data)]


def _placed(data: bytes) -> set[tuple[int, int, str]]:
    """(offset, size, section) of every container in an ELF file's bytes; pyelftools names the section."""
    import io

    spans = [(sec.name, sec["sh_offset"], sec["sh_offset"] + sec["sh_size"])
             for sec in ELFFile(io.BytesIO(data)).iter_sections() if sec["sh_type"] != "SHT_NOBITS"]
    out = set()
    for offset, size in scan(data):
        names = [name for name, start, end in spans if start <= offset and offset + size <= end]
        assert len(names) == 1, f"container at {offset:#x} is in sections {names}"
        out.add((offset, size, names[0]))
    return out


def oracle(path: Path) -> set[tuple]:
    """(member, base, offset, size, section) of every container (or raw cubin) in the file."""
    data = path.read_bytes()
    if path.suffix == ".cubin":
        return {(None, 0, 0, len(data), "(file)")}
    if data.startswith(oracle_fatbin.MAGIC_BYTES):
        return {(None, 0, o, s, "(file)") for o, s in scan(data)}
    if data.startswith(b"\x7fELF"):
        return {(None, 0, *placed) for placed in _placed(data)}
    out = set()
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as wheel:
            for name in wheel.namelist():
                member = wheel.read(name)
                if member.startswith(b"\x7fELF"):
                    out |= {(name, 0, *placed) for placed in _placed(member)}
        return out
    for name in subprocess.run(["ar", "t", str(path)], capture_output=True, text=True, check=True).stdout.split():
        member = subprocess.run(["ar", "p", str(path), name], capture_output=True, check=True).stdout
        base = data.find(member)
        assert base > 0 and data.find(member, base + 1) < 0
        out |= {(name, base, *placed) for placed in _placed(member)}
    return out


def _wheel(cuda_fixtures, tmp_path) -> Path:
    wheel = tmp_path / "fixture-1.0-py3-none-manylinux_2_17_x86_64.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(cuda_fixtures["libfixture.so"], "fixture/lib/libfixture.so")
        zf.write(cuda_fixtures["fixture_exe"], "fixture/lib/libexe.so.1")
        zf.writestr("fixture/__init__.py", "")
    return wheel


def _walked(paths, sections=None) -> list:
    with contextlib.closing(walk(paths, sections)) as binaries:
        return [(found, found.read()) for binary in binaries for found in binary.containers]


# ---------------------------------------------------------------- the walker against the oracle

WALKED = ["obj_none.o", "obj_concat.o", "obj_rdc.o", "obj_lto.o", "libfixture.so", "fixture_exe", "libfixture.a",
          "fixture.fatbin", "fixture_sm90a.cubin", "wheel"]


@pytest.mark.parametrize("name", WALKED)
def test_walker_finds_the_containers_a_byte_scan_finds(cuda_fixtures, tmp_path, name):
    path = _wheel(cuda_fixtures, tmp_path) if name == "wheel" else cuda_fixtures[name]
    expected = oracle(path)
    walked = _walked([path])
    got = {(f.member, f.key.base, f.offset, f.size, f.section) for f, _data in walked}
    assert got == expected and len(walked) == len(expected) > 0
    if name == "wheel":
        with zipfile.ZipFile(path) as wheel:
            data = {n: wheel.read(n) for n in wheel.namelist()}
    else:
        data = {None: path.read_bytes()}
    for found, read in walked:
        assert found.key == ContainerKey(str(path), found.member, found.key.base, found.offset)
        assert found.registered == (found.section in (".nv_fatbin", "(file)"))
        # the bytes read are the file's (or the wheel member's) at base + offset
        start = found.key.base + found.offset
        assert read == data[None if name != "wheel" else found.member][start:start + found.size]
    # and a key read back later, after the walk closed its file, gives the same bytes
    assert dict(read_containers([f.key for f, _ in walked])) == {f.key: read for f, read in walked}


@pytest.mark.parametrize("name", ["obj_concat.o", "libfixture.so", "libfixture.a", "fixture_exe"])
def test_walked_containers_hold_what_cuobjdump_sees(cuda_fixtures, tmp_path, name):
    """The walked containers' bytes, cut out into one .fatbin, are every kernel of the file."""
    path = cuda_fixtures[name]
    cut = tmp_path / "walked.fatbin"
    cut.write_bytes(b"".join(data for _found, data in _walked([path])))
    assert cuobjdump_symbols(cut).kernels_by_arch == cuobjdump_symbols(path, all_fatbins=True).kernels_by_arch


def test_walker_finds_embedded_containers(curand_library, tmp_path):
    """libcurand keeps containers in .data as well as .nv_fatbin: all found, only .nv_fatbin registered."""
    expected = oracle(curand_library)
    walked = _walked([curand_library])
    assert {(f.member, f.key.base, f.offset, f.size, f.section) for f, _ in walked} == expected
    assert sum(f.registered for f, _ in walked) == sum(1 for e in expected if e[4] == ".nv_fatbin") > 0
    assert sum(not f.registered for f, _ in walked) > 1000


def test_section_filter_leaves_the_other_sections_unwalked(cuda_fixtures):
    path = cuda_fixtures["libfixture.so"]
    with open(path, "rb") as f:
        nv_fatbin = ELFFile(f).get_section_by_name(".nv_fatbin")["sh_size"]
    with contextlib.closing(walk([path], frozenset({".data"}))) as binaries:
        binary = next(binaries)
        assert binary.containers == [] and binary.filtered_bytes == nv_fatbin


def test_walked_folder_skips_host_only_files(cuda_fixtures, tmp_path):
    shutil.copyfile(cuda_fixtures["libfixture.so"], tmp_path / "libdevice.so")
    shutil.copyfile(sys.executable, tmp_path / "python")  # an ELF without device code
    with contextlib.closing(walk([tmp_path])) as binaries:
        assert [b.path.name for b in binaries] == ["libdevice.so"]


# ---------------------------------------------------------------- a file replaced on disk

def test_a_replaced_file_is_read_anew(cuda_fixtures, tmp_path):
    """kfoot's own writes replace files atomically (os.replace): a second analysis in the same
    process must read the new file, not the bytes of the one it replaced."""
    path = tmp_path / "libkernels.so"
    for source in ("libfixture.so", "obj_none.o", "fixture_exe", "fixture_sm90a.cubin", "libfixture.so"):
        staged = tmp_path / "staged"
        shutil.copyfile(cuda_fixtures[source], staged)
        os.replace(staged, path)
        expected = cuobjdump_symbols(path, all_fatbins=True).kernels
        file = analyze_paths([path]).files[0]
        assert file.kernels == expected > 0, source
        assert not file.undecodable, source


# ---------------------------------------------------------------- descriptors

def test_walk_closes_each_file_before_the_next(cuda_fixtures, tmp_path):
    for i in range(3):
        shutil.copyfile(cuda_fixtures["obj_none.o"], tmp_path / f"k{i}.o")
    before = len(os.listdir("/proc/self/fd"))
    with contextlib.closing(walk([tmp_path])) as binaries:
        for _binary in binaries:
            assert len(os.listdir("/proc/self/fd")) <= before + 1
    assert len(os.listdir("/proc/self/fd")) == before


def test_a_folder_of_binaries_eight_times_the_descriptor_limit(cuda_fixtures, tmp_path):
    """One file open at a time: 512 binaries analysed with 64 descriptors allowed."""
    folder = tmp_path / "many"
    folder.mkdir()
    sources = [cuda_fixtures["fixture_sm90a.cubin"], cuda_fixtures["obj_none.o"]]
    per_file = [cuobjdump_symbols(s, all_fatbins=True).kernels_by_arch for s in sources]
    for i in range(512):
        source = sources[i % 2]
        shutil.copyfile(source, folder / f"k{i:04d}{source.suffix}")

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))

    proc = subprocess.run([sys.executable, "-m", "kfoot", "report", "--json", str(folder)], capture_output=True,
                          text=True, cwd=REPO, preexec_fn=limit)
    assert proc.returncode == 0, proc.stderr[-2000:]
    totals = json.loads(proc.stdout)["totals"]
    assert totals["files"] == 512
    # cuobjdump names no arch for a raw cubin's kernels; the object's are sm_80 SASS
    assert totals["kernels"] == 256 * (sum(per_file[0].values()) + per_file[1]["sm_80"])
