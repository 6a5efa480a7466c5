"""The report cache's whole-file record (kfoot.report.result_cache FILE_SCHEMA): a repeat of an
unchanged file reads one record of its added-up figures instead of every container's entry. Held
to the uncached report (KFOOT_CACHE=0), byte for byte: a changed file, other options, a tampered
or truncated record are never served a wrong figure, and never a traceback."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from oracles import fatbin as oracle
from oracles.cli import run_kfoot

FILE_SCHEMA = b'"schema": "kfoot.report-file/'


def _env(cache: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "KFOOT_CACHE"}
    return {**env, "KFOOT_CACHE_DIR": str(cache), **extra}


def _report(paths, cache: Path, *args) -> str:
    proc = run_kfoot("report", *args, *map(str, paths), env=_env(cache))
    assert "Traceback" not in proc.stderr
    return proc.stdout


def _uncached(paths, *args) -> str:
    return run_kfoot("report", *args, *map(str, paths), env=dict(os.environ, KFOOT_CACHE="0")).stdout


def _records(cache: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted((cache / "report" / "entries").glob("*/*.json"))}


def _file_records(cache: Path) -> list[Path]:
    return [path for path, data in _records(cache).items() if FILE_SCHEMA in data.partition(b"\n")[0]]


@pytest.fixture
def files(cuda_fixtures, tmp_path) -> list[Path]:
    """Two libraries holding the same kernels (cross-file duplicates) and an object."""
    copy = tmp_path / "inputs" / "libcopy.a"
    copy.parent.mkdir()
    shutil.copyfile(cuda_fixtures["libfixture.a"], copy)
    return [cuda_fixtures["libfixture.a"], copy, cuda_fixtures["obj_concat.o"]]


VIEWS = (("--json",), ("--json", "--by", "duplicate"), ("--by", "duplicate"), ())


def test_a_repeat_reads_the_files_records_only(files, tmp_path):
    cache = tmp_path / "cache"
    plain = {view: _uncached(files, *view) for view in VIEWS}
    assert json.loads(plain[("--json",)])["totals"]["duplicates_across_files"], "no cross-file duplicates to test"
    assert _report(files, cache, "--json") == plain[("--json",)]
    whole = _file_records(cache)
    assert len(whole) == 2  # the copy's containers are the library's: one record serves both
    for path in _records(cache):
        os.utime(path, (1, 1))
    for view in VIEWS:
        assert _report(files, cache, *view) == plain[view], view
    entries = [path for path, data in _records(cache).items() if b'"kfoot.report-cache/' in data.partition(b"\n")[0]]
    assert entries and all(path.stat().st_mtime == 1 for path in entries)  # no container's entry was read
    assert all(path.stat().st_mtime > 1 for path in whole)


def test_a_changed_file_is_not_served_its_old_record(cuda_fixtures, tmp_path):
    cache = tmp_path / "cache"
    path = tmp_path / "obj.o"
    path.write_bytes(cuda_fixtures["obj_concat.o"].read_bytes())
    before = _report([path], cache, "--json")
    assert before == _uncached([path], "--json")
    assert len(_file_records(cache)) == 1
    # One byte of a container changed in place, size and mtime kept (a reserved entry-header
    # field: the images decode as before): the record is keyed by the bytes, so another one.
    data = bytearray(path.read_bytes())
    first = oracle.walk(bytes(data), *oracle.section_range(bytes(data)))[0]
    data[first.entries[0].offset + 48] ^= 0x01
    info = path.stat()
    with open(path, "r+b") as handle:
        handle.write(data)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert _report([path], cache, "--json") == _uncached([path], "--json")
    assert len(_file_records(cache)) == 2
    # Another object at the same path: its own figures.
    path.write_bytes(cuda_fixtures["obj_none.o"].read_bytes())
    expected = _uncached([path], "--json")
    assert expected != before and _report([path], cache, "--json") == expected


@pytest.mark.parametrize("args", [("--arch", "ARCH"), ("--what-if-compress",), ("--filter", "FILTER"),
                                  ("--section", ".nv_fatbin"), ("--kernels",)])
def test_options_that_change_the_figures_are_other_records(files, tmp_path, args):
    cache = tmp_path / "cache"
    plain = json.loads(_uncached(files, "--json", "--kernels"))
    kernel = plain["files"][0]["kernel_list"][0]
    args = tuple({"ARCH": kernel["arch"], "FILTER": kernel["family"][:4]}.get(arg, arg) for arg in args)
    assert _report(files, cache, "--json") == _uncached(files, "--json")
    for _ in range(2):  # stored, then served
        assert _report(files, cache, "--json", *args) == _uncached(files, "--json", *args)
    assert _report(files, cache, "--json") == _uncached(files, "--json")


def _forged(data: bytes, change) -> bytes:
    """The record with its body changed by `change` (the body as JSON -> None, in place) and its
    checksum fixed: a consistent forgery, which only the checks of every field can refuse. Each
    change below makes a record unsound whatever it holds (an empty column gets a bad item)."""
    header, _, body = data.partition(b"\n")
    document = json.loads(body)
    change(document)
    body = json.dumps(document).encode()
    header = json.loads(header)
    header["body"] = hashlib.sha256(body).hexdigest()
    return json.dumps(header).encode() + b"\n" + body


def _packed(value: list[int]) -> str:
    return "q" + base64.b64encode(b"".join(v.to_bytes(8, "little", signed=True) for v in value)).decode()


def _set(*path_and_value):
    *path, value = path_and_value

    def change(document):
        for key in path[:-1]:
            document = document[key]
        document[path[-1]] = value(document[path[-1]]) if callable(value) else value
    return change


def _set_files_places(value):
    return _set("image_loads", "container", _packed(value))


TAMPERINGS = {
    "flipped byte": lambda data: data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:],
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "not json": lambda data: _forged(data, lambda d: d.clear()),
    "a figure a string": lambda data: _forged(data, _set("file", "stored_bytes", "12")),
    "a figure a float": lambda data: _forged(data, _set("file", "kernels", 1.5)),
    "a bool for an int": lambda data: _forged(data, _set("filtered_bytes", True)),
    "a field missing": lambda data: _forged(data, lambda d: d.pop("sections")),
    "a field more": lambda data: _forged(data, _set("extra", 1)),
    "an image section missing": lambda data: _forged(data, lambda d: d["file"]["image_sections"].popitem()),
    "an arch row cut": lambda data: _forged(data, _set("file", "archs", lambda rows: [row[:-1] for row in rows] or [[]])),
    "a name out of range": lambda data: _forged(data, _set("loaded", "names", _packed([10 ** 6]))),
    "a container out of range": lambda data: _forged(data, lambda d: _set_files_places([99] * len(
        d["image_loads"]["arch"]))(d)),
    "a negative container": lambda data: _forged(data, lambda d: _set_files_places([-1] * len(
        d["image_loads"]["arch"]))(d)),
    "a column one short": lambda data: _forged(data, _set("image_loads", "arch", lambda v: v[:-1] if v else ["sm_80"])),
    "a packed column cut": lambda data: _forged(data, _set("copies", "sizes", lambda v: v[:-4] if len(v) > 4 else "q" + "A" * 12)),
    "copies counted wrong": lambda data: _forged(data, _set("copies", "counts", lambda v: [c + 1 for c in v] or [1])),
    "a family named twice": lambda data: _forged(data, _set("loaded", "family", lambda v: v[:1] * 2 + v[2:] or ["x"])),
    "a duplicate's arch a number": lambda data: _forged(data, _set("duplicates", "arch", lambda v: [1] * max(len(v), 1))),
    "deep nesting": lambda data: _forged(data, _set("undecodable", json.loads("[" * 50 + "]" * 50))),
    "another schema": lambda data: data.replace(b"kfoot.report-file/", b"kfoot.report-file/9", 1),
}


@pytest.mark.parametrize("how", list(TAMPERINGS))
def test_a_tampered_record_is_a_miss(files, tmp_path, how):
    cache = tmp_path / "cache"
    plain = _uncached(files, "--json")
    _report(files, cache, "--json")
    originals = {path: _records(cache)[path] for path in _file_records(cache)}
    assert originals
    for path, data in originals.items():
        path.write_bytes(TAMPERINGS[how](data))
    assert _report(files, cache, "--json") == plain
    # Added up again and stored again, as the first report stored it.
    assert {path: path.read_bytes() for path in originals} == originals


def test_a_file_record_round_trips_past_32_bits():
    """Figures past 2^31 come back as they were (packed at 64 bits), and a figure past 2^63
    (only a hostile binary's) leaves the record unwritten."""
    from kfoot.binary.walk import ContainerKey
    from kfoot.report import result_codec
    from kfoot.report.accumulate import Accumulator
    from kfoot.report.analyze import ReportOptions
    from kfoot.report.decode import FamilyGroup, ImageResult
    from kfoot.report.model import FileReport

    key = ContainerKey("lib.so", None, 0, 4096)
    file = FileReport()
    acc = Accumulator(file, ReportOptions())
    for offset in (100, 200):
        image = ImageResult(".nv_fatbin", "sm_90", "sass", "none", 3 << 40, 3 << 40, 4096 + offset, container=key,
                            kernel_total=1)
        image.families["big"] = FamilyGroup(1, 3 << 40, ["_Z1av"], [3 << 40])
        acc.add_image(image)
    acc.finish()
    body = json.loads(json.dumps(result_codec.file_to_cache(file, acc, [key])))
    back = FileReport()
    back_acc = Accumulator(back, ReportOptions())
    back_acc.finish(result_codec.file_from_cache(body, back, back_acc, [key]))
    assert back == file and list(back_acc.copies()) == list(acc.copies()) == [(("sm_90", "_Z1av"), 3 << 40)]
    file.duplicates[0].wasted_bytes = 1 << 64
    with pytest.raises(OverflowError):
        result_codec.file_to_cache(file, acc, [key])
