"""The report cache (kfoot.report.result_cache): a repeated `kfoot report` reads each unchanged container's
result from disk. Held to the uncached report (KFOOT_CACHE=0), byte for byte, whatever the cache
holds: corrupt, tampered, truncated or foreign entries are recomputed, never trusted."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct
import time
from pathlib import Path

import pytest

from oracles import fatbin as oracle
from oracles.cli import run_kfoot

ARGS = ("report", "--json", "--kernels", "--ptx")


def _env(cache: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "KFOOT_CACHE"}
    return {**env, "KFOOT_CACHE_DIR": str(cache), **extra}


def _report(paths, cache: Path, *more, **extra) -> str:
    return run_kfoot(*ARGS, *more, *map(str, paths), env=_env(cache, **extra)).stdout


def _uncached(paths, *more) -> str:
    return run_kfoot(*ARGS, *more, *map(str, paths), env=dict(os.environ, KFOOT_CACHE="0")).stdout


def _entries(cache: Path) -> list[Path]:
    """The containers' entries (not the files' remembered digests, records of the same store)."""
    return sorted(path for path in (cache / "report" / "entries").glob("*/*.json")
                  if b'"kfoot.report-digests/' not in path.read_bytes().partition(b"\n")[0])


@pytest.fixture(scope="module")
def three_containers(cuda_fixtures, tmp_path_factory) -> Path:
    """A raw .fatbin of three containers (the .nv_fatbin sections of three objects, back to back:
    found by the test's own container walk, not kfoot's)."""
    parts = []
    for name in ("obj_none.o", "obj_speed.o", "obj_size.o"):
        data = cuda_fixtures[name].read_bytes()
        start, end = oracle.section_range(data)
        parts.append(data[start:end])
    path = tmp_path_factory.mktemp("three") / "three.fatbin"
    path.write_bytes(b"".join(parts))
    assert len(oracle.walk(path.read_bytes())) == 3
    return path


@pytest.fixture
def inputs(cuda_fixtures, three_containers) -> list[Path]:
    return [cuda_fixtures["libfixture.a"], cuda_fixtures["obj_concat.o"], cuda_fixtures["fixture_sm90a.cubin"],
            three_containers]


def test_cached_report_equals_the_uncached_one(inputs, tmp_path):
    cache = tmp_path / "cache"
    plain = _uncached(inputs, "--what-if-compress")
    first = _report(inputs, cache, "--what-if-compress")
    entries = _entries(cache)
    assert entries, "the first report stored nothing"
    for entry in entries:
        os.utime(entry, (1, 1))  # long unused: a hit marks it used again
    second = _report(inputs, cache, "--what-if-compress")
    assert plain == first == second
    assert json.loads(second)["files"][0]["kernel_list"]
    assert all(entry.stat().st_mtime > 1 for entry in entries), "the second report did not read the cache"
    assert _entries(cache) == entries  # nothing recomputed
    # Other options that change a container's result are other entries, never these.
    assert _report(inputs, cache) == _uncached(inputs)
    assert len(_entries(cache)) == 2 * len(entries)


def _body_hash_fixed(data: bytes, body: bytes) -> bytes:
    """An entry with `body` and a header whose body checksum matches it (a consistent forgery)."""
    header = json.loads(data.partition(b"\n")[0])
    header["body"] = hashlib.sha256(body).hexdigest()
    return json.dumps(header).encode() + b"\n" + body


def _column_changed(data: bytes, change) -> bytes:
    """An entry whose images' packed member-name indices (a width letter, i or q, then base64 of
    little-endian integers: decoded here with struct) are changed by `change` (indices -> new
    list of indices, written at the same width; None: cut a byte short), checksum fixed; unchanged
    when no image has any."""
    body = json.loads(data.partition(b"\n")[2])
    changed = False
    for image in body["images"]:
        column = image["families"]["names"]
        width, raw = column[0], base64.b64decode(column[1:])
        indices = list(struct.unpack(f"<{len(raw) // struct.calcsize(width)}{width}", raw))
        if indices:
            new = change(indices)
            packed = struct.pack(f"<{len(indices)}{width}", *indices)[:-1] if new is None else \
                struct.pack(f"<{len(new)}{width}", *new)
            image["families"]["names"] = width + base64.b64encode(packed).decode()
            changed = True
    return _body_hash_fixed(data, json.dumps(body).encode()) if changed else data


CORRUPTIONS = {
    "flipped byte": lambda data: data[:-10] + bytes([data[-10] ^ 0xFF]) + data[-9:],
    "truncated": lambda data: data[: len(data) // 2],
    "empty": lambda data: b"",
    "garbage": lambda data: os.urandom(len(data)),
    "not json": lambda data: _body_hash_fixed(data, b"\x80\x04K\x01."),  # a pickle: never unpickled
    "wrong shape": lambda data: _body_hash_fixed(data, b'{"names": 5, "images": [[1, 2]]}'),
    "wrong types": lambda data: _body_hash_fixed(data, data.partition(b"\n")[2].replace(b'"sm_', b'0, "sm_', 1)),
    "name index out of range": lambda data: _column_changed(data, lambda indices: [len(indices) + 99999] * len(indices)),
    "negative name index": lambda data: _column_changed(data, lambda indices: [-1] * len(indices)),
    "packed column cut short": lambda data: _column_changed(data, lambda indices: None),
    "packed column one short": lambda data: _column_changed(data, lambda indices: indices[:-1]),
    "deep nesting": lambda data: _body_hash_fixed(data, b"[" * 100_000 + b"]" * 100_000),
    "other digest": lambda data: data.replace(json.loads(data.partition(b"\n")[0])["digest"].encode(), b"0" * 64, 1),
}


@pytest.mark.parametrize("how", list(CORRUPTIONS))
def test_a_corrupted_entry_is_recomputed(inputs, tmp_path, how):
    cache = tmp_path / "cache"
    plain = _uncached(inputs)
    _report(inputs, cache)
    originals = {path: path.read_bytes() for path in _entries(cache)}
    for path, data in originals.items():
        path.write_bytes(CORRUPTIONS[how](data))
    proc = run_kfoot(*ARGS, *map(str, inputs), env=_env(cache))
    assert proc.stdout == plain and "Traceback" not in proc.stderr
    # Recomputed and stored again, as the first report stored it.
    assert {path: path.read_bytes() for path in _entries(cache)} == originals


def test_an_entry_that_is_a_link_is_not_followed(inputs, tmp_path):
    cache = tmp_path / "cache"
    plain = _uncached(inputs)
    _report(inputs, cache)
    target = tmp_path / "elsewhere.json"
    for path in _entries(cache):
        target.write_bytes(path.read_bytes())
        path.unlink()
        path.symlink_to(target)
    assert _report(inputs, cache) == plain
    assert all(not path.is_symlink() for path in _entries(cache))  # replaced by real entries


def test_a_cache_folder_that_is_a_link_is_not_used(inputs, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "report").symlink_to(elsewhere)
    assert _report(inputs, tmp_path / "cache") == _uncached(inputs)
    assert not any(elsewhere.iterdir())


def test_kfoot_cache_0_writes_nothing(inputs, tmp_path):
    cache = tmp_path / "cache"
    for off in ("0", "off", "false"):
        run_kfoot(*ARGS, *map(str, inputs), env=_env(cache, KFOOT_CACHE=off))
    assert not cache.exists()


def test_the_size_bound_holds_and_the_oldest_go_first(inputs, tmp_path):
    cache = tmp_path / "cache"
    _report(inputs, cache)
    sizes = {path: path.stat().st_size for path in _entries(cache)}
    total = sum(sizes.values())
    for age, path in enumerate(sorted(sizes)):
        os.utime(path, (1000 + age, 1000 + age))
    oldest = min(sizes, key=lambda p: p.stat().st_mtime)
    bound = total + 100  # room for this report's entries, not for those of another option set as well
    _report(inputs, cache, "--what-if-compress", KFOOT_REPORT_CACHE_MAX_BYTES=str(bound))
    kept = _entries(cache)
    assert sum(path.stat().st_size for path in kept) <= bound
    assert oldest not in kept and len(kept) >= len(sizes) // 2


def test_a_killed_reports_temporary_files_are_deleted_when_stale(inputs, tmp_path):
    cache = tmp_path / "cache"
    _report(inputs, cache)
    stale, fresh = cache / "report" / "tmp" / ".stale", cache / "report" / "tmp" / ".fresh"
    stale.write_bytes(bytes(1 << 20))
    fresh.write_bytes(b"being written")
    os.utime(stale, (1000, 1000))
    _report(inputs, cache, "--what-if-compress")  # writes entries (other options), then prunes
    assert not stale.exists() and fresh.exists()


def test_a_changed_container_misses_only_for_itself(three_containers, tmp_path):
    cache = tmp_path / "cache"
    _report([three_containers], cache)
    before = {path: path.read_bytes() for path in _entries(cache)}
    assert len(before) == 3
    data = bytearray(three_containers.read_bytes())
    second = oracle.walk(bytes(data))[1]
    data[second.entries[0].offset + 48] ^= 0x01  # a reserved header field: the images decode as before
    changed = tmp_path / "three.fatbin"
    changed.write_bytes(bytes(data))
    assert _report([changed], cache) == _uncached([changed])
    after = {path: path.read_bytes() for path in _entries(cache)}
    assert len(after) == 4 and all(after[path] == data for path, data in before.items())


def _settled(path: Path) -> None:
    """Wait until the file's last change is over a second old: the digests of a file changed
    just now are not remembered (it could change again within its timestamp's tick, unseen)."""
    time.sleep(max(0.0, path.stat().st_ctime + 1.2 - time.time()))


def test_a_repeat_hashes_no_unchanged_file(cuda_fixtures, three_containers, tmp_path, monkeypatch):
    """The second report takes each container's sha256 from the first (the file's device, inode,
    size, mtime and ctime unchanged) instead of reading the containers again."""
    from kfoot.report import analyze, report_json, result_codec

    files = [tmp_path / "three.fatbin", tmp_path / "libfixture.a"]
    files[0].write_bytes(three_containers.read_bytes())
    files[1].write_bytes(cuda_fixtures["libfixture.a"].read_bytes())
    for path in files:
        _settled(path)
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("KFOOT_CACHE", raising=False)
    hashed = []
    real_digest = result_codec.digest
    monkeypatch.setattr(result_codec, "digest", lambda found: hashed.append(found.key) or real_digest(found))
    options = analyze.ReportOptions(cache=True, kernel_rows=True)
    first = report_json.to_document(analyze.analyze_paths(files, options))
    assert len(oracle.walk(files[0].read_bytes())) < len(hashed) == len(set(hashed))  # each container once
    hashed.clear()
    second = report_json.to_document(analyze.analyze_paths(files, options))
    assert hashed == [] and second == first
    assert json.loads(_uncached(files)) == json.loads(_report(files, tmp_path / "cache"))


def test_an_edit_that_keeps_size_and_mtime_is_seen(three_containers, tmp_path):
    """A kernel renamed in place (same length, the mtime set back): the ctime moved, so the
    remembered digests are not used and the report is the changed file's."""
    path = tmp_path / "three.fatbin"
    path.write_bytes(three_containers.read_bytes())
    _settled(path)
    cache = tmp_path / "cache"
    before = _report([path], cache)
    name = json.loads(before)["files"][0]["kernel_list"][0]["name"].encode()
    at = len(name) - len(name.lstrip(b"_Z0123456789N"))  # the identifier's first letter
    renamed = name[:at] + bytes([name[at] ^ 0x20]) + name[at + 1:]  # its case flipped: same length
    info = path.stat()
    data = path.read_bytes()
    assert name in data
    with open(path, "r+b") as handle:  # in place: the same inode
        handle.write(data.replace(name, renamed))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    after = path.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (info.st_ino, info.st_size, info.st_mtime_ns)
    _settled(path)
    expected = _uncached([path])
    assert expected != before and renamed.decode() in expected
    assert _report([path], cache) == expected


def test_figures_past_32_bits_come_back_and_past_64_bits_are_not_stored():
    """The packed columns: a size past 2^31 is stored at 64 bits and read back as it was; one
    past 2^63 (only a hostile binary's) cannot be encoded, and the entry is not written."""
    from kfoot.binary.walk import ContainerKey
    from kfoot.report import result_codec
    from kfoot.report.decode import FamilyGroup, ImageResult

    key = ContainerKey("lib.so", None, 0, 4096)
    image = ImageResult(".nv_fatbin", "sm_90", "sass", "none", 100, 100, 4096 + 64, kernel_total=2)
    image.families["big"] = FamilyGroup(2, 3 << 40, ["_Z1av", "_Z1bv"], [(3 << 40) - 7, 7])
    image.families["small"] = FamilyGroup(1, 16, ["_Z1av"], [16])
    body = json.loads(json.dumps(result_codec.to_cache([image], key.offset)))
    (back,) = result_codec.from_cache(body, ".nv_fatbin", key)
    assert back.offset == image.offset and back.families == image.families
    image.families["big"].sizes[0] = 1 << 64
    with pytest.raises(OverflowError):
        result_codec.to_cache([image], key.offset)


def test_an_entry_made_without_image_sections_never_serves_a_report(inputs, tmp_path, monkeypatch):
    """kfoot explain skips measuring the images' bytes by section; the entries it leaves must not
    serve a report that shows them (held to the uncached report)."""
    from kfoot.report.analyze import ReportOptions, analyze_paths

    monkeypatch.delenv("KFOOT_CACHE", raising=False)
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "cache"))
    skipped = analyze_paths(inputs, ReportOptions(image_sections=False, cache=True))
    assert _entries(tmp_path / "cache")
    assert all(f.image_sections["code"] == 0 for f in skipped.files)  # not measured: all "other"
    cached = analyze_paths(inputs, ReportOptions(cache=True))
    monkeypatch.setenv("KFOOT_CACHE", "0")
    uncached = analyze_paths(inputs, ReportOptions())
    assert [f.image_sections for f in cached.files] == [f.image_sections for f in uncached.files]
    assert all(f.image_sections["code"] > 0 for f in uncached.files)


def test_entries_are_keyed_by_each_containers_blake3(three_containers, tmp_path):
    """Each container entry names the BLAKE3 digest of its container's bytes, as the test's own
    container walk cuts them and the blake3 package hashes them whole (kfoot reads and hashes
    them a chunk at a time)."""
    import blake3

    data = three_containers.read_bytes()
    expected = {blake3.blake3(data[c.offset:c.offset + c.size]).hexdigest()
                for c in oracle.walk(data)}
    _report([three_containers], tmp_path / "cache")
    named = {json.loads(path.read_bytes().partition(b"\n")[0])["digest"] for path in _entries(tmp_path / "cache")
             if b'"kfoot.report-cache/' in path.read_bytes().partition(b"\n")[0]}
    assert len(expected) == 3 and named == expected


def test_entries_encoded_by_workers_are_those_encoded_in_process(inputs, tmp_path, monkeypatch):
    """A large file's containers are decoded, and their entries encoded, in worker processes
    (kfoot.report.decode.decode_batch); a small file's in kfoot's own. Both store the same
    entries (the bodies: the keys differ by the memory bound's share per decoder), and a report
    served from either equals the uncached one."""
    from kfoot.report import analyze
    from kfoot.report.analyze import ReportOptions, analyze_paths
    from kfoot.report.report_json import to_document

    def bodies(cache: Path) -> list[bytes]:
        return sorted(path.read_bytes().partition(b"\n")[2] for path in _entries(cache)
                      if b'"kfoot.report-cache/' in path.read_bytes().partition(b"\n")[0])

    monkeypatch.delenv("KFOOT_CACHE", raising=False)
    options = dict(kernel_rows=True, ptx_entries=True, cache=True)
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "alone"))
    alone = analyze_paths(inputs, ReportOptions(jobs=1, **options))
    monkeypatch.setattr(analyze, "PARALLEL_THRESHOLD", 0)  # small fixtures: workers all the same
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "pooled"))
    pooled = analyze_paths(inputs, ReportOptions(jobs=2, **options))
    assert bodies(tmp_path / "alone") and bodies(tmp_path / "pooled") == bodies(tmp_path / "alone")
    repeat = analyze_paths(inputs, ReportOptions(jobs=2, **options))
    monkeypatch.setenv("KFOOT_CACHE", "0")
    uncached = analyze_paths(inputs, ReportOptions(jobs=2, **options))
    documents = [to_document(report) for report in (alone, pooled, repeat, uncached)]
    assert all(document == documents[-1] for document in documents)
    assert all(f["kernel_list"] for f in documents[-1]["files"])


@pytest.mark.parametrize("hold", [1, None])
def test_entries_held_back_or_written_early_are_one_per_container(three_containers, tmp_path, monkeypatch, hold):
    """Workers' entries are held back until decoding is done, or written as batches come in once
    more than WRITE_HOLD bytes are held (here: past 1 byte, every batch): either way one entry per
    container, keyed by the BLAKE3 of its bytes as the test's own walk cuts them, and a repeat
    served from them (no decoding) prints what the uncached report prints."""
    import blake3

    from kfoot.report import analyze
    from kfoot.report.analyze import ReportOptions, analyze_paths
    from kfoot.report.report_json import to_document

    data = three_containers.read_bytes()
    expected = {blake3.blake3(data[c.offset:c.offset + c.size]).hexdigest() for c in oracle.walk(data)}
    monkeypatch.delenv("KFOOT_CACHE", raising=False)
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(analyze, "PARALLEL_THRESHOLD", 0)  # small fixtures: workers all the same
    if hold is not None:
        monkeypatch.setattr(analyze, "WRITE_HOLD", hold)
    options = ReportOptions(jobs=2, kernel_rows=True, cache=True)  # kernel rows: no whole-file record
    analyze_paths([three_containers], options)
    heads = [json.loads(path.read_bytes().partition(b"\n")[0]) for path in _entries(tmp_path / "cache")]
    assert sorted(h["digest"] for h in heads) == sorted(expected) and len(expected) == 3
    def nothing_decoded(work):
        assert not work, "the repeat decoded a container"
        return iter(())

    monkeypatch.setattr(analyze, "decode_many", nothing_decoded)
    repeat = analyze_paths([three_containers], options)
    monkeypatch.undo()
    monkeypatch.setenv("KFOOT_CACHE", "0")
    assert to_document(repeat) == to_document(analyze_paths([three_containers], ReportOptions(jobs=2, kernel_rows=True)))


def test_images_sharing_name_lists_encode_as_images_holding_copies():
    """The decoder shares a family's list of names among a container's images (one per arch);
    the entry packs each shared set of lists once. The entry must be the one written for the
    same images holding copies of those lists, and read back to the same families."""
    import copy

    from kfoot.binary.walk import ContainerKey
    from kfoot.report import result_codec
    from kfoot.report.decode import FamilyGroup, ImageResult

    key = ContainerKey("lib.so", None, 0, 4096)
    gemm, conv = ["_Z4gemmIfEvv", "_Z4gemmIdEvv"], ["_Z4convv"]
    images = []
    for index, arch in enumerate(("sm_70", "sm_80", "sm_90")):
        image = ImageResult(".nv_fatbin", arch, "sass", "none", 100, 100, 4096 + 64 * (index + 1), kernel_total=3)
        image.families["gemm"] = FamilyGroup(2, 30 + index, gemm, [10, 20 + index])
        image.families["conv"] = FamilyGroup(1, 7, conv, [7])
        images.append(image)
    images.append(ImageResult(".nv_fatbin", "sm_90", "sass", "none", 100, 100, 4096 + 512, kernel_total=1))
    images[-1].families["conv"] = FamilyGroup(1, 9, conv, [9])  # a list shared with other sets
    unshared = [copy.deepcopy(image) for image in images]
    assert images[0].families["gemm"].names is images[1].families["gemm"].names
    assert unshared[0].families["gemm"].names is not unshared[1].families["gemm"].names
    assert result_codec.entry_bytes(images, key.offset) == result_codec.entry_bytes(unshared, key.offset)
    back = result_codec.from_cache(json.loads(result_codec.entry_bytes(images, key.offset)), ".nv_fatbin", key)
    assert [b.families for b in back] == [i.families for i in unshared]


@pytest.mark.parametrize("odd", [None, '"', "\\", "\x01", "\x7f", "\u00e9", "\ud800"])
def test_an_entry_is_the_json_of_its_results_whatever_the_names(odd):
    """entry_bytes writes plain names without the json module; held to json.dumps of the same
    body, for plain names and for names JSON must escape (a quote, a backslash, a control
    character, DEL, non-ASCII, a lone surrogate), and read back to the same names."""
    from kfoot.binary.walk import ContainerKey
    from kfoot.report import result_codec
    from kfoot.report.decode import FamilyGroup, ImageResult

    key = ContainerKey("lib.so", None, 0, 4096)
    names = ["_Z4gemmIfEvv", "_Z4conv/v" if odd is None else f"_Z4co{odd}nvv", "_Z1av"]
    image = ImageResult(".nv_fatbin", "sm_90", "sass", "none", 100, 100, 4096 + 64, kernel_total=3)
    image.families["gemm"] = FamilyGroup(3, 6, names, [1, 2, 3])
    expected = json.dumps(result_codec.to_cache([image], key.offset), separators=(",", ":")).encode()
    assert result_codec.entry_bytes([image], key.offset) == expected
    (back,) = result_codec.from_cache(json.loads(expected), ".nv_fatbin", key)
    assert back.families["gemm"].names == names
