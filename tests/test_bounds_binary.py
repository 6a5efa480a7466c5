"""Hostile binaries: `kfoot report` stays inside one memory bound (KFOOT_MAX_MEMORY / --max-memory)
and finishes in seconds, whatever the input declares, with every byte still attributed.

The inputs are built here from the formats (fatbin containers, zstd and LZ4 block framing, ELF
and zip headers), small on disk; the 2 GiB ones are sparse files. Peak memory is measured from
outside: the kfoot process and every worker it forks are watched through /proc, and the sum of
their peak resident sizes (VmHWM, each process's own high-water mark) must stay under the bound
plus a fixed allowance per process for the interpreter and its libraries. Summing per-process
peaks over-counts (forked workers share their parent's pages), so the check is conservative."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import pytest

from oracles import fatbin as oracle
from oracles.cli import REPO
from oracles.errors import assert_error

MiB, GiB = 1 << 20, 1 << 30
BOUND = 256 * MiB  # KFOOT_MAX_MEMORY in these tests
ALLOWANCE = 160 * MiB  # per process: the interpreter, kfoot's imports, the report itself
TIME_S = 20  # each of these took a minute or more, or gigabytes, before

KIND_PTX, KIND_ELF, KIND_GROUP = 1, 2, 256
FLAG_LZ4, FLAG_ZSTD = 0x2000, 0x8000
ENTRY = struct.Struct("<HHIQIIHHIIIQQQ")


# ---------------------------------------------------------------- builders

def entry(kind: int, payload: bytes, *, flags: int = 0x11, declared: int = 0, arch: int = 90,
          extra: bytes = b"") -> bytes:
    """One fatbin entry: 64-byte header (+ `extra` header bytes), payload padded to 8."""
    slot = payload + b"\0" * (-len(payload) % 8)
    compressed = len(payload) if flags & (FLAG_LZ4 | FLAG_ZSTD) else 0
    header = ENTRY.pack(kind, 0x0101, ENTRY.size + len(extra), len(slot), compressed, 64, 0, 8, arch, 0, 0,
                        flags, 0, declared)
    return header + extra + slot


def container(*entries: bytes) -> bytes:
    body = b"".join(entries)
    return oracle.CONTAINER_HEADER.pack(oracle.MAGIC, 1, 16, len(body)) + body


def zstd_zeros(total: int, raw: int = 0) -> bytes:
    """A zstd frame of `total` zero bytes without a declared content size: `raw` of them stored as
    raw blocks (bytes on disk), the rest as RLE blocks (4 bytes per 128 KiB)."""
    block = 128 << 10
    kinds = [0] * (raw // block) + [1] * ((total - raw) // block)
    out = bytearray(b"\x28\xb5\x2f\xfd" + bytes([0x00, 0x38]))  # no content size; 128 KiB window
    for i, kind in enumerate(kinds):
        out += (int(i == len(kinds) - 1) | kind << 1 | block << 3).to_bytes(3, "little")
        out += bytes(block) if kind == 0 else b"\0"
    return bytes(out)


def lz4_zeros(total: int) -> bytes:
    """An LZ4 block of `total` zero bytes: one literal, one long match at offset 1, five literals."""
    extra = total - 1 - 5 - 4 - 15  # match length past the 4-byte minimum and the token's 15
    return (bytes([0x1F, 0]) + (1).to_bytes(2, "little") + b"\xff" * (extra // 255) + bytes([extra % 255])
            + bytes([0x50]) + bytes(5))


def group(payload: bytes, members: list[tuple[int, int]], declared: int, flags: int = 0x11 | FLAG_ZSTD) -> bytes:
    """A `--concat` group entry: member headers hold (offset, size) in the decompressed payload."""
    table = b"".join(ENTRY.pack(KIND_ELF, 0x0101, start, size, 0, 64, 0, 8, 90, 0, 0, 0x11, 0, 0)
                     for start, size in members)
    return entry(KIND_GROUP, payload, flags=flags, declared=declared,
                 extra=struct.pack("<II", len(members), 0) + table)


def elf_with_data(path: Path, data_size: int, embedded: bytes) -> None:
    """A sparse x86-64 shared object: one .data section of `data_size` bytes, zero but for `embedded`
    (a fatbin container) in its middle, then .shstrtab and the section header table."""
    data_at = 4096
    names = b"\0.data\0.shstrtab\0"
    names_at = data_at + data_size
    shoff = (names_at + len(names) + 7) // 8 * 8
    ident = b"\x7fELF\x02\x01\x01" + bytes(9)
    header = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 56, 0, 64, 3, 2)
    sections = (bytes(64)
                + struct.pack("<IIQQQQIIQQ", 1, 1, 3, 0, data_at, data_size, 0, 0, 8, 0)
                + struct.pack("<IIQQQQIIQQ", 7, 3, 0, 0, names_at, len(names), 0, 0, 1, 0))
    with open(path, "wb") as f:
        f.write(header)
        f.seek(data_at + data_size // 2)
        f.write(embedded)
        f.seek(names_at)
        f.write(names)
        f.seek(shoff)
        f.write(sections)


# ---------------------------------------------------------------- measuring from outside

def _tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return out


def _hwm(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def measured(*args, bound: int = BOUND, env: dict | None = None):
    """Run `python -m kfoot ARGS` with KFOOT_MAX_MEMORY=bound; returns (proc, seconds, processes,
    sum of their peak RSS). Peaks are sampled every few ms while each process lives; the last
    sample of a process is its peak up to then, so a process is read until it is gone. The report
    cache is off: a hit from an earlier run would decode nothing and start no worker to measure."""
    env = {**os.environ, "KFOOT_MAX_MEMORY": str(bound), "KFOOT_CACHE": "0", **(env or {})}
    env.pop("GITHUB_STEP_SUMMARY", None)
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()  # pipes would fill while we poll
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "kfoot", *map(str, args)], stdout=out, stderr=err,
                            cwd=REPO, env=env)
    peaks: dict[int, int] = {}
    while proc.poll() is None:
        for pid in _tree(proc.pid):
            hwm = _hwm(pid)
            if hwm is not None:
                peaks[pid] = max(peaks.get(pid, 0), hwm)
        if time.monotonic() - start > 120:
            proc.kill()
        time.sleep(0.003)
    elapsed = time.monotonic() - start
    texts = []
    for file in (out, err):
        file.seek(0)
        texts.append(file.read().decode())
        file.close()
    return (subprocess.CompletedProcess(proc.args, proc.returncode, *texts), elapsed,
            len(peaks), sum(peaks.values()))


def _within(processes: int, total: int, bound: int = BOUND) -> None:
    assert total <= bound + ALLOWANCE * max(processes, 1), \
        f"{total / MiB:.0f} MiB across {processes} processes; bound {bound / MiB:.0f} MiB"


def _attributed(proc, path: Path) -> dict:
    """The report's one file, whose parts must add up to the file's size on disk."""
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    file = json.loads(proc.stdout)["files"][0]
    assert file["size"] == path.stat().st_size
    assert file["host_bytes"] + file["overhead_bytes"] + file["stored_bytes"] + file["filtered_bytes"] \
        == path.stat().st_size
    return file


# ---------------------------------------------------------------- the builders are right

def test_the_bombs_decode_to_what_they_declare():
    import lz4.block
    import zstandard

    assert zstandard.ZstdDecompressor().decompressobj().decompress(zstd_zeros(1 * MiB, 256 << 10)) == bytes(MiB)
    assert lz4.block.decompress(lz4_zeros(100_000), uncompressed_size=100_000) == bytes(100_000)
    assert len(oracle.walk(container(entry(KIND_ELF, b"x" * 9)))) == 1


# ---------------------------------------------------------------- decompression bombs

@pytest.mark.parametrize("method", ["zstd", "lz4"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_decompression_bomb_stays_inside_the_bound(tmp_path, method, jobs):
    if method == "zstd":  # 576 KiB that declare (and are) 2 GiB
        payload, flags, declared = zstd_zeros(2 * GiB, 512 << 10), FLAG_ZSTD, 2 * GiB
    else:  # 4 MiB that declare (and are) 1 GiB
        payload, flags, declared = lz4_zeros(GiB), FLAG_LZ4, GiB
    path = tmp_path / "bomb.fatbin"
    path.write_bytes(container(entry(KIND_ELF, payload, flags=0x11 | flags, declared=declared)))
    proc, seconds, processes, peak = measured("report", "--json", "-j", jobs, path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < TIME_S
    assert file["stored_bytes"] == oracle.walk(path.read_bytes())[0].entries[0].payload_size
    assert [u["reason"] for u in file["undecodable"]] and "memory bound" in file["undecodable"][0]["reason"]


def test_fifty_bombs_across_two_workers_share_one_bound(tmp_path):
    """Each entry alone fits the bound (150 MiB < 256 MiB); two workers decoding one each would
    not. The bound is the total, so with -j 2 each worker gets half."""
    one = entry(KIND_ELF, zstd_zeros(150 * MiB, 512 << 10), flags=0x11 | FLAG_ZSTD, declared=150 * MiB)
    path = tmp_path / "bombs.fatbin"
    path.write_bytes(container(*[one] * 50))  # 28 MiB: past the size at which workers are used
    proc, seconds, processes, peak = measured("report", "--json", "-j", "2", path)
    file = _attributed(proc, path)
    assert processes >= 2  # the workers ran
    _within(processes, peak)
    assert seconds < TIME_S * 2
    assert len(file["undecodable"]) == 50


def test_a_bomb_under_the_bound_is_decoded(tmp_path):
    """The bound refuses only what exceeds it: 64 MiB of zeros decode (and are no cubin)."""
    path = tmp_path / "small.fatbin"
    path.write_bytes(container(entry(KIND_ELF, zstd_zeros(64 * MiB, 128 << 10), flags=0x11 | FLAG_ZSTD,
                                     declared=64 * MiB)))
    proc, _seconds, processes, peak = measured("report", "--json", "-j", "1", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert "does not parse" in file["undecodable"][0]["reason"]
    assert file["image_bytes"] == 64 * MiB


def test_the_ptx_check_reads_a_prefix_not_the_first_chunk_expanded(tmp_path):
    """16 KiB of zstd RLE blocks expand to 512 MiB; the PTX check wants 4 KiB of them."""
    payload = zstd_zeros(512 * MiB)[:16 << 10]
    path = tmp_path / "ptx.fatbin"
    path.write_bytes(container(entry(KIND_PTX, payload, flags=0x11 | FLAG_ZSTD, declared=64 * MiB)))
    proc, seconds, processes, peak = measured("report", "--json", path, bound=64 * MiB)
    file = _attributed(proc, path)
    _within(processes, peak, 64 * MiB)
    assert "PTX" in file["undecodable"][0]["reason"]


def test_the_ptx_check_decodes_an_lz4_prefix_as_lz4_does():
    """The PTX check decodes an LZ4 block only as far as its 4 KiB (kfoot.binary.fatbin.lz4_prefix):
    what it gives is what the lz4 library decodes, cut there, for literal runs, overlapping
    matches and long lengths; a head it cannot decode cleanly (cut short, or forged) gives None,
    never an exception, and the caller then decodes the whole block."""
    import random

    import lz4.block

    from kfoot.binary.fatbin import lz4_prefix

    rng = random.Random(27)
    texts = [b".version 6.4\n.target sm_70\n" + b"".join(rng.choice(
        [b"\tld.param.u64 %rd1, [_Z3fooPf_param_0];\n", b"\t" * rng.randint(1, 300), rng.randbytes(9)])
        for _ in range(3000)), bytes(100_000), b"abc" * 9000, rng.randbytes(20_000)]
    for text in texts:
        for mode in ("default", "fast", "high_compression"):
            block = lz4.block.compress(text, mode=mode, store_size=False)
            whole = lz4.block.decompress(block, uncompressed_size=len(text))
            for prefix in (1, 5, 4096, len(text)):
                assert lz4_prefix(block[:2 * prefix + 1024], prefix) == whole[:prefix]
            # A head too short for the prefix: None (the caller decodes the whole block).
            assert lz4_prefix(block[:8], 4096) is None
    for _ in range(2000):  # forged blocks: a prefix or None, never an exception
        got = lz4_prefix(rng.randbytes(rng.randint(0, 300)), 64)
        assert got is None or len(got) == 64
    assert lz4_prefix(bytes([0x0F, 0x01, 0x00]), 16) is None  # a match before any output


def test_the_memory_estimate_reads_no_ptx_over_the_bound(tmp_path):
    """--memory estimate compiles PTX with ptxas; a PTX image declaring 1 GiB (zstd, 320 KiB
    stored) is neither read whole nor decoded: its module stays "not estimated"."""
    path = tmp_path / "ptx.fatbin"
    path.write_bytes(container(entry(KIND_PTX, zstd_zeros(GiB, 320 << 10), flags=0x11 | FLAG_ZSTD, declared=GiB)))
    proc, seconds, processes, peak = measured("report", "--json", "--memory", "estimate", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < TIME_S
    assert file["memory"]["modules_by_route"] == {"ptx-jit, not estimated": 1}


def test_max_memory_option_and_bad_values(tmp_path):
    path = tmp_path / "bomb.fatbin"
    path.write_bytes(container(entry(KIND_ELF, zstd_zeros(64 * MiB, 128 << 10), flags=0x11 | FLAG_ZSTD,
                                     declared=64 * MiB)))
    proc, _s, processes, peak = measured("report", "--json", "--max-memory", "32MiB", path, bound=GiB)
    file = _attributed(proc, path)
    assert "memory bound" in file["undecodable"][0]["reason"]
    proc, *_ = measured("report", path, bound="lots")
    assert_error(proc, "KFOOT_MAX_MEMORY")


def test_a_two_gib_raw_cubin_is_counted_not_read(tmp_path):
    """A raw .cubin is one image, parsed whole: past the bound it is counted from its size."""
    path = tmp_path / "huge.cubin"
    ident = b"\x7fELF\x02\x01\x01\x33\x08" + bytes(7)
    with open(path, "wb") as f:  # ELF64, EM_CUDA (190), e_flags naming sm_90 (ABI version 8: bits 8-15)
        f.write(ident + struct.pack("<HHIQQQI", 2, 190, 1, 0, 0, 0, 90 << 8))
        f.truncate(2 * GiB)
    proc, seconds, processes, peak = measured("report", "--json", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < TIME_S
    assert file["stored_bytes"] == 2 * GiB and list(file["archs"]) == ["sm_90"]
    assert "memory bound" in file["undecodable"][0]["reason"]


# ---------------------------------------------------------------- group members that overlap

def test_overlapping_group_members_are_linear(tmp_path):
    """700 members that each claim the whole 32 MiB payload: refused from their headers, not
    700 copies of it; every stored byte still lands in one member."""
    size = 32 * MiB
    path = tmp_path / "group.fatbin"
    path.write_bytes(container(group(zstd_zeros(size, 128 << 10), [(0, size)] * 700, size)))
    proc, seconds, processes, peak = measured("report", "--json", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < 10
    assert len(file["undecodable"]) == 700 and "overlap" in file["undecodable"][0]["reason"]


# ---------------------------------------------------------------- zero runs, large sections

def test_zero_padding_of_two_gib_is_skipped_at_c_speed(tmp_path):
    first = container(entry(KIND_ELF, b"a" * 64))
    last = container(entry(KIND_ELF, b"b" * 64))
    path = tmp_path / "padded.fatbin"
    with open(path, "wb") as f:
        f.write(first)
        f.seek(2 * GiB)
        f.write(last)
    proc, seconds, processes, peak = measured("report", "--json", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < TIME_S
    assert file["images"]["sass"] == 2 == len(oracle.walk(first)) + len(oracle.walk(last))


def test_zero_padding_written_out_is_skipped_at_c_speed(tmp_path):
    """The same on a file with no holes: 256 MiB of zeros really on disk, read and skipped."""
    first = container(entry(KIND_ELF, b"a" * 64))
    path = tmp_path / "padded.fatbin"
    with open(path, "wb") as f:
        f.write(first)
        for _ in range(256):
            f.write(bytes(MiB))
        f.write(first)
    proc, seconds, processes, peak = measured("report", "--json", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < 10
    assert file["images"]["sass"] == 2


def test_a_two_gib_data_section_is_scanned_in_chunks(tmp_path):
    embedded = container(entry(KIND_ELF, b"c" * 64))
    path = tmp_path / "libbig.so"
    elf_with_data(path, 2 * GiB, embedded)
    assert [c.offset for c in oracle.scan(embedded)] == [0]
    proc, seconds, processes, peak = measured("report", "--json", path)
    file = _attributed(proc, path)
    _within(processes, peak)
    assert seconds < TIME_S
    assert file["images"]["sass"] == 1
    assert file["stored_bytes"] + file["overhead_bytes"] == len(embedded)


# ---------------------------------------------------------------- wheels

def _wheel(path: Path, members: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for name, data in members.items():
            whl.writestr(name, data)


def _declare(path: Path, size: int) -> None:
    """Set every member's uncompressed size, in its local header and its central directory entry."""
    data = bytearray(path.read_bytes())
    for magic, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        pos = data.find(magic)
        while pos >= 0:
            struct.pack_into("<I", data, pos + at, size)
            pos = data.find(magic, pos + 4)
    path.write_bytes(bytes(data))


def test_a_zip_bomb_wheel_is_refused_from_its_declared_sizes(tmp_path):
    """Two members declaring 3 GiB each (what a 6 MB deflate bomb declares): past what kfoot
    extracts from one wheel (4 GiB), refused before anything is extracted, in one line."""
    path = tmp_path / "bomb-1.0-py3-none-any.whl"
    _wheel(path, {"a/liba.so": b"\x7fELF" + bytes(MiB), "a/libb.so": b"\x7fELF" + bytes(MiB)})
    _declare(path, 3 * GiB)
    assert [i.file_size for i in zipfile.ZipFile(path).infolist()] == [3 * GiB] * 2
    proc, seconds, processes, peak = measured("report", path)
    assert_error(proc, "declare")
    _within(processes, peak)
    assert seconds < 5


def test_a_wheel_member_inflating_past_its_declared_size_stops_there(tmp_path):
    """The central directory says 1 MiB; the deflate stream holds 64 MiB: reading stops at 1 MiB."""
    path = tmp_path / "liar-1.0-py3-none-any.whl"
    _wheel(path, {"a/liba.so": b"\x7fELF" + bytes(64 * MiB - 4)})
    _declare(path, MiB)
    proc, seconds, processes, peak = measured("report", path)
    assert_error(proc, str(path))
    _within(processes, peak)


def test_an_archive_long_name_table_of_two_gib_is_not_read(tmp_path):
    """The `//` member (long member names) is read whole when it is small; a forged 2 GiB one is
    left unread (members would keep their /N names), and its bytes are still attributed (host)."""
    path = tmp_path / "libhuge.a"
    size = 2 * GiB
    header = b"//".ljust(48) + str(size).encode().ljust(10) + b"`\n"
    with open(path, "wb") as f:
        f.write(b"!<arch>\n" + header)
        f.truncate(8 + len(header) + size)
    proc, seconds, processes, peak = measured("report", "--json", path)
    file = _attributed(proc, path)
    assert file["host_bytes"] == path.stat().st_size
    _within(processes, peak)
    assert seconds < TIME_S


def test_the_memory_table_says_why_a_sass_module_is_not_estimated(tmp_path):
    """An over-bound SASS image leaves its module 'sass, not estimated'; the table's note says
    the SASS image was not decoded, not that PTX lacked ptxas."""
    path = tmp_path / "bomb.fatbin"
    path.write_bytes(container(entry(KIND_ELF, zstd_zeros(2 * GiB, 512 << 10), flags=0x11 | FLAG_ZSTD,
                                     declared=2 * GiB)))
    proc, _seconds, _processes, _peak = measured("report", "--memory", "estimate", path)
    assert proc.returncode == 0, proc.stderr
    assert "1 sass modules not estimated (SASS image not decoded)" in proc.stdout
    assert "PTX without ptxas" not in proc.stdout


def test_kernel_groupings_hold_a_bounded_number_of_names_and_group_as_family_of_does():
    """Decoding shares each distinct list of kernel names' grouping among the images of one call
    (kfoot.report.decode.Groupings). What it keeps is bounded by names, not by lists: a binary
    of many images of thousands of distinct names each cannot make it hold them all (a bound of
    4,096 lists held 8 M names, 770 MiB). Each grouping is the one a plain pass of family_of
    gives."""
    from collections import defaultdict

    from kfoot.report.decode import Groupings
    from kfoot.report.families import family_of

    groupings = Groupings()
    peak = 0
    for image in range(40):
        names = tuple(f"_ZN2ns{image % 3}6kernelILi{image}ELi{k}EEEvv" if k % 5 else f"_Z5other{k}v" for k in range(5000))
        expected = defaultdict(list)
        for index, name in enumerate(names):
            expected[family_of(name)].append(index)
        got = groupings.of(names)
        assert [(family, members) for family, members, _ in got] == \
            [(family, [names[i] for i in at]) for family, at in expected.items()]
        for family, members, pick in got:
            at = expected[family]
            picked = list(range(len(names))) if pick is None else [pick] if type(pick) is int else list(pick(range(len(names))))
            assert picked == at
        assert groupings.of(names) is got or groupings.held == len(names)  # kept, unless it was just cleared
        peak = max(peak, groupings.held)
    assert 0 < peak <= Groupings.HELD_NAMES
