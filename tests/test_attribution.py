"""Every byte of a file attributed exactly once, even where the file's regions overlap (Bloaty's
rule: the first claim on a byte wins) or are empty.

Files are crafted from nvcc-built fixtures by patching their section header tables or a fatbin
entry header. Oracles: the file's size; section ranges read with pyelftools; containers and
entries found by the tests' own fatbin walk (tests/oracles/fatbin.py); kernels counted by
cuobjdump on the crafted file itself."""

from __future__ import annotations

import io
import json
import struct
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from oracles import fatbin as oracle_fatbin
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols

BUCKETS = ("host_bytes", "overhead_bytes", "stored_bytes", "filtered_bytes")
# Elf64_Shdr field offsets
SH_NAME, SH_TYPE, SH_OFFSET, SH_SIZE = 0, 4, 24, 32
SHT_PROGBITS = 1


def _section_headers(data: bytes) -> dict[str, tuple[int, dict]]:
    """name -> (file offset of its section header, the header as pyelftools reads it)."""
    elf = ELFFile(io.BytesIO(bytes(data)))
    shoff, size = elf.header["e_shoff"], elf.header["e_shentsize"]
    return {sec.name: (shoff + i * size, sec.header) for i, sec in enumerate(elf.iter_sections())}


def _sections(path: Path) -> list[tuple[str, int, int]]:
    """(name, start, end) of every section with file bytes, read with pyelftools."""
    with open(path, "rb") as f:
        return [(s.name, s["sh_offset"], s["sh_offset"] + s["sh_size"]) for s in ELFFile(f).iter_sections()
                if s["sh_type"] not in ("SHT_NOBITS", "SHT_NULL")]


def _union(spans) -> int:
    """Bytes covered by a set of (start, end) ranges, each byte once."""
    total, reach = 0, 0
    for start, end in sorted(spans):
        start = max(start, reach)
        if end > start:
            total += end - start
            reach = end
    return total


def _report(path: Path) -> dict:
    return json.loads(run_kfoot("report", "--json", path).stdout)["files"][0]


def _assert_attributed_once(file: dict, path: Path, device_bytes: int, kernels: int) -> None:
    size = path.stat().st_size
    assert file["size"] == size
    assert all(file[b] >= 0 for b in BUCKETS), file
    assert sum(file[b] for b in BUCKETS) == size
    assert file["overhead_bytes"] + file["stored_bytes"] == device_bytes
    assert file["host_bytes"] == size - device_bytes
    assert file["kernels"] == kernels


def test_rodata_overlapping_nv_fatbin_counts_its_containers_once(cuda_fixtures, tmp_path):
    original = cuda_fixtures["libfixture.so"]
    data = bytearray(original.read_bytes())
    headers = _section_headers(data)
    rodata_at, rodata = headers[".rodata"]
    _, nv = headers[".nv_fatbin"]
    assert rodata["sh_offset"] < nv["sh_offset"]
    # no container in the original .rodata: whatever the crafted one holds is .nv_fatbin's
    assert oracle_fatbin.scan(bytes(data), rodata["sh_offset"], rodata["sh_offset"] + rodata["sh_size"]) == []
    struct.pack_into("<Q", data, rodata_at + SH_SIZE, nv["sh_offset"] + nv["sh_size"] - rodata["sh_offset"])
    crafted = tmp_path / "liboverlap.so"
    crafted.write_bytes(bytes(data))
    spans = dict((name, (start, end)) for name, start, end in _sections(crafted))
    assert spans[".rodata"][0] <= spans[".nv_fatbin"][0] and spans[".nv_fatbin"][1] <= spans[".rodata"][1]

    file = _report(crafted)
    expected = cuobjdump_symbols(crafted, all_fatbins=True).kernels
    assert expected == cuobjdump_symbols(original, all_fatbins=True).kernels > 0
    _assert_attributed_once(file, crafted, nv["sh_size"], expected)
    assert set(file["sections"]) == {".nv_fatbin"}
    containers = oracle_fatbin.containers(crafted)
    assert file["sections"][".nv_fatbin"]["containers"] == len(containers)


@pytest.mark.parametrize("overlap", ["same bytes", "half over, half past"])
def test_two_fatbin_sections_over_the_same_bytes(cuda_fixtures, tmp_path, overlap):
    """A second section header named .nv_fatbin (the .comment header, repointed) over the first's bytes."""
    data = bytearray(cuda_fixtures["libfixture.so"].read_bytes())
    headers = _section_headers(data)
    _, nv = headers[".nv_fatbin"]
    comment_at, _ = headers[".comment"]
    if overlap == "same bytes":
        start, size = nv["sh_offset"], nv["sh_size"]
    else:  # from the middle of .nv_fatbin to 16 bytes past its end
        start, size = nv["sh_offset"] + nv["sh_size"] // 2, nv["sh_size"] - nv["sh_size"] // 2 + 16
    struct.pack_into("<II", data, comment_at + SH_NAME, nv["sh_name"], SHT_PROGBITS)
    struct.pack_into("<QQ", data, comment_at + SH_OFFSET, start, size)
    crafted = tmp_path / "libtwice.so"
    crafted.write_bytes(bytes(data))
    named = [(s, e) for name, s, e in _sections(crafted) if name == ".nv_fatbin"]
    assert len(named) == 2

    file = _report(crafted)
    expected = cuobjdump_symbols(crafted, all_fatbins=True).kernels
    assert expected > 0
    _assert_attributed_once(file, crafted, _union(named), expected)


def test_group_entry_without_members_is_attributed(cuda_fixtures, tmp_path):
    """A `--concat` group whose member table lists none: its payload bytes are container overhead
    (it holds no image), and every byte of the file is still counted once."""
    original = cuda_fixtures["obj_concat.o"]
    data = bytearray(original.read_bytes())
    (container,) = oracle_fatbin.containers(original)
    groups = [e for e in container.entries if e.kind == 256]
    assert len(groups) == 1
    struct.pack_into("<I", data, groups[0].offset + 64, 0)  # the member count
    crafted = tmp_path / "group0.o"
    crafted.write_bytes(bytes(data))

    file = _report(crafted)
    spans = [(s, e) for name, s, e in _sections(crafted) if name == ".nv_fatbin"]
    # cuobjdump sees no SASS image left; the PTX image outside the group is untouched
    _assert_attributed_once(file, crafted, _union(spans), cuobjdump_symbols(crafted).kernels)
    assert file["stored_bytes"] == sum(e.payload_size for e in container.entries if e.kind != 256)
    assert file["overhead_bytes"] == container.size - file["stored_bytes"]
