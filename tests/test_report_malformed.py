"""Bad input: one line naming the file, what is wrong and the byte offset; exit 2; never a traceback.
Bad payloads inside a good file are counted from their headers and never fatal."""

from __future__ import annotations

import os
import random
import struct

import pytest

from kfoot.core.errors import KfootError
from kfoot.report.analyze import analyze_paths
from oracles import fatbin, mutate
from oracles.cli import run_kfoot
from oracles.errors import assert_error

ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def _first_entry(path) -> fatbin.Entry:
    """The first entry of the file's first container, found by the oracle's header walk."""
    return fatbin.containers(path)[0].entries[0]


def test_empty_file(tmp_path):
    empty = tmp_path / "empty.so"
    empty.write_bytes(b"")
    assert_error(run_kfoot("report", empty, check_rc=None), str(empty), "empty")


def test_random_bytes(tmp_path):
    junk = tmp_path / "junk.bin"
    junk.write_bytes(random.Random(1).randbytes(4096))
    assert_error(run_kfoot("report", junk, check_rc=None), str(junk), "not a CUDA binary")


def test_directory_without_binaries(tmp_path):
    (tmp_path / "notes.txt").write_text("nothing here\n")
    assert_error(run_kfoot("report", tmp_path, check_rc=None), str(tmp_path), "no ELF")


def test_missing_path(tmp_path):
    assert_error(run_kfoot("report", tmp_path / "nope.so", check_rc=None), "nope.so", "no such file")


@pytest.mark.parametrize("name", ["obj_none.o", "libfixture.so", "libfixture.a", "fixture.fatbin"])
@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9])
def test_truncated_files(cuda_fixtures, tmp_path, name, fraction):
    data = cuda_fixtures[name].read_bytes()
    cut = tmp_path / f"cut_{name}"
    cut.write_bytes(data[: int(len(data) * fraction)])
    proc = run_kfoot("report", "--json", cut, check_rc=None)
    assert_error(proc, str(cut), "byte offset")


def test_container_size_past_the_end(cuda_fixtures, tmp_path):
    data = bytearray(cuda_fixtures["fixture.fatbin"].read_bytes())
    assert fatbin.containers(cuda_fixtures["fixture.fatbin"])[0].offset == 0
    struct.pack_into("<Q", data, fatbin.CONTAINER_PAYLOAD_SIZE_AT, 1 << 40)
    bad = tmp_path / "bad.fatbin"
    bad.write_bytes(bytes(data))
    assert_error(run_kfoot("report", bad, check_rc=None), str(bad), "byte offset 0x0", "past the end")


def test_entry_size_past_the_end(cuda_fixtures, tmp_path):
    data = bytearray(cuda_fixtures["obj_none.o"].read_bytes())
    entry = _first_entry(cuda_fixtures["obj_none.o"]).offset
    struct.pack_into("<Q", data, entry + fatbin.ENTRY_PAYLOAD_SIZE_AT, 1 << 33)  # first entry's payload size
    bad = tmp_path / "bad_entry.o"
    bad.write_bytes(bytes(data))
    line = assert_error(run_kfoot("report", bad, check_rc=None), str(bad), "past the end")
    assert f"byte offset {entry:#x}" in line


def test_corrupted_compressed_payload_is_undecodable_not_fatal(cuda_fixtures, tmp_path):
    data = bytearray(cuda_fixtures["obj_size.o"].read_bytes())
    frame = data.index(ZSTD_MAGIC)  # the first image: SASS for sm_80, zstd at --compress-mode=size
    for i in range(frame + 16, frame + 200):
        data[i] ^= 0x5A
    bad = tmp_path / "corrupt.o"
    bad.write_bytes(bytes(data))
    file = analyze_paths([bad]).files[0]
    assert file.images["undecodable"] == 1
    assert file.undecodable[0].arch == "sm_80"
    assert file.archs["sm_80"].images == 1 and file.archs["sm_80"].stored_bytes > 0  # counted from its header
    assert file.kernels == 0
    assert file.host_bytes + file.overhead_bytes + file.stored_bytes == file.size
    proc = run_kfoot("report", bad)
    assert "undecodable" in proc.stdout


def test_decompression_bomb_is_refused(cuda_fixtures, tmp_path):
    data = bytearray(cuda_fixtures["obj_size.o"].read_bytes())
    entry = _first_entry(cuda_fixtures["obj_size.o"]).offset
    struct.pack_into("<Q", data, entry + fatbin.ENTRY_UNCOMPRESSED_SIZE_AT, 1 << 40)  # declared uncompressed size: 1 TiB
    bad = tmp_path / "bomb.o"
    bad.write_bytes(bytes(data))
    file = analyze_paths([bad]).files[0]
    assert file.images["undecodable"] == 1
    assert "refused" in file.undecodable[0].reason


def test_zstd_frame_declaring_a_different_size_is_refused(cuda_fixtures, tmp_path):
    data = bytearray(cuda_fixtures["obj_size.o"].read_bytes())
    entry = _first_entry(cuda_fixtures["obj_size.o"])
    struct.pack_into("<Q", data, entry.offset + fatbin.ENTRY_UNCOMPRESSED_SIZE_AT, entry.uncompressed_size * 2)
    bad = tmp_path / "liar.o"
    bad.write_bytes(bytes(data))
    file = analyze_paths([bad]).files[0]
    assert file.images["undecodable"] == 1


def test_random_mutations_never_crash(cuda_fixtures, tmp_path):
    """Flip bytes in a fatbin at random: the result is a report or one KfootError, nothing else."""
    original = cuda_fixtures["fixture.fatbin"].read_bytes()
    target = tmp_path / "mutant.fatbin"
    outcomes = {"ok": 0, "error": 0}
    for index in range(150):
        # 1..8 bytes set, mostly (0.7) in the first 512 bytes: the container and first entry headers
        data, _ = mutate.mutant(original, 2026, index, [(0, 512)], ops=("byte",), max_ops=8, bias=0.7)
        target.write_bytes(data)
        try:
            file = analyze_paths([target]).files[0]
        except KfootError as exc:
            assert str(target) in str(exc)
            outcomes["error"] += 1
        else:
            assert file.host_bytes + file.overhead_bytes + file.stored_bytes == file.size
            outcomes["ok"] += 1
    assert outcomes["ok"] and outcomes["error"]


def test_elf_with_garbage_after_the_magic(tmp_path):
    bad = tmp_path / "fake.so"
    bad.write_bytes(b"\x7fELF" + os.urandom(200))
    assert_error(run_kfoot("report", bad, check_rc=None), str(bad))


def test_corrupted_ptx_is_undecodable_without_decoding_it_whole(cuda_fixtures, tmp_path):
    data = bytearray(cuda_fixtures["obj_size.o"].read_bytes())
    first = data.index(ZSTD_MAGIC)
    ptx_frame = data.index(ZSTD_MAGIC, first + 4)  # the second image: compute_90 PTX
    for i in range(ptx_frame + 6, ptx_frame + 60):
        data[i] ^= 0xA5
    bad = tmp_path / "corrupt_ptx.o"
    bad.write_bytes(bytes(data))
    file = analyze_paths([bad]).files[0]
    assert [u.arch for u in file.undecodable] == ["compute_90"]
    assert file.kernels == 8  # the SASS image is intact
