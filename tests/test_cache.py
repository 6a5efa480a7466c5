"""The RTC disk cache: checksums, rejection of bad entries, ownership, LRU bound, export/import, CLI."""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import tarfile
import time
import warnings
from pathlib import Path

import pytest

from kfoot.core.errors import KfootError
from kfoot.core.units import parse_bytes
from kfoot.runtime.cache import CacheWarning, DiskCache, default_cache_root
from oracles.cli import run_kfoot


def key(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


def fill(cache: DiskCache, n: int, payload_size: int = 1000) -> list[str]:
    """n entries, each with its own cubin of payload_size distinct bytes."""
    keys = []
    for i in range(n):
        k = key(i)
        cache.put_program(bytes([i % 251]) * payload_size + str(i).encode(), [(k, f"_Z{i}", {"arch": "sm_90", "name_expression": f"k<{i}>"})])
        keys.append(k)
    return keys


def test_roundtrip_and_private_directory(tmp_path):
    cache = DiskCache(tmp_path / "c")
    cubin = b"\x7fELF" + os.urandom(500)
    cache.put_program(cubin, [(key(1), "_Z1a", {"arch": "sm_90"}), (key(2), "_Z1b", {"arch": "sm_90"})])
    hit = cache.get(key(2))
    assert hit.cubin == cubin and hit.lowered_name == "_Z1b"
    assert cache.get(key(3)) is None
    assert stat.S_IMODE((tmp_path / "c").stat().st_mode) == 0o700
    # One cubin stored for both kernels of the program.
    assert len(cache.blobs()) == 1 and len(cache.entries()) == 2
    assert not list((tmp_path / "c" / "tmp").iterdir())


@pytest.mark.parametrize("damage", ["flip_entry", "truncate_entry", "flip_cubin", "truncate_cubin", "wrong_key", "garbage"])
def test_damaged_entry_is_discarded_with_one_warning(tmp_path, damage):
    cache = DiskCache(tmp_path / "c")
    cubin = os.urandom(2000)
    cache.put_program(cubin, [(key(1), "_Z1a", {})])
    entry = cache.entry_path(key(1))
    blob = next(iter(cache.blobs().values()))
    if damage == "flip_entry":
        data = bytearray(entry.read_bytes()); data[10] ^= 0x01; entry.write_bytes(bytes(data))
    elif damage == "truncate_entry":
        entry.write_bytes(entry.read_bytes()[:-20])
    elif damage == "flip_cubin":
        data = bytearray(blob.read_bytes()); data[1234] ^= 0x80; blob.write_bytes(bytes(data))
    elif damage == "truncate_cubin":
        blob.write_bytes(blob.read_bytes()[:1000])
    elif damage == "wrong_key":  # a sound entry of another key copied under this key's name
        cache.put_program(cubin, [(key(2), "_Z1b", {})])
        entry.write_bytes(cache.entry_path(key(2)).read_bytes())
    elif damage == "garbage":
        entry.write_bytes(b"not an entry")
    fresh = DiskCache(tmp_path / "c")  # a new process: nothing verified in memory
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert fresh.get(key(1)) is None
        assert fresh.get(key(1)) is None  # asked again: still a miss, no second warning
    assert [w.category for w in caught] == [CacheWarning]
    assert not entry.exists()  # discarded, so the recompiled kernel can take its place
    fresh.put_program(cubin, [(key(1), "_Z1a", {})])
    assert fresh.get(key(1)).cubin == cubin


def test_verify_lists_bad_entries_and_fix_removes_them(tmp_path):
    cache = DiskCache(tmp_path / "c")
    keys = fill(cache, 3)
    bad_entry = cache.entry_path(keys[1])
    data = bytearray(bad_entry.read_bytes()); data[3] ^= 0x20; bad_entry.write_bytes(bytes(data))
    bad = cache.verify()
    assert [p for p, _ in bad] == [bad_entry]
    cache.verify(fix=True)
    assert cache.verify() == [] and not bad_entry.exists()
    assert cache.get(keys[0]) is not None and cache.get(keys[2]) is not None


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to create a file owned by another user")
def test_entries_owned_by_another_user_are_ignored_not_deleted(tmp_path):
    cache = DiskCache(tmp_path / "c")
    cache.put_program(b"cubin-bytes", [(key(1), "_Z1a", {})])
    entry = cache.entry_path(key(1))
    os.chown(entry, 4242, 4242)
    with pytest.warns(CacheWarning, match="owned by uid 4242"):
        assert DiskCache(tmp_path / "c").get(key(1)) is None
    assert entry.exists()
    assert DiskCache(tmp_path / "c").prune(0).removed_entries == 0 and entry.exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to create a directory owned by another user")
def test_cache_root_owned_by_another_user_is_refused(tmp_path):
    root = tmp_path / "c"
    root.mkdir()
    os.chown(root, 4242, 4242)
    with pytest.raises(KfootError, match="owned by uid 4242"):
        DiskCache(root).ensure_root()  # what `kfoot warm` does first: one line, exit 2
    cache = DiskCache(root)
    with pytest.warns(CacheWarning, match="owned by uid 4242"):  # the runtime: warn once, go on
        cache.put_program(b"x", [(key(1), "_Z", {})])
    with warnings.catch_warnings(record=True) as again:
        warnings.simplefilter("always")
        cache.put_program(b"x", [(key(1), "_Z", {})])
    assert again == [] and not list(root.iterdir())


def test_prune_removes_least_recently_used_first(tmp_path):
    cache = DiskCache(tmp_path / "c")
    keys = fill(cache, 6, payload_size=10_000)
    now = time.time()
    for age, k in enumerate(keys):  # keys[0] used most recently, keys[5] least
        os.utime(cache.entry_path(k), (now - 100 * age, now - 100 * age))
    DiskCache(tmp_path / "c").get(keys[5])  # a hit makes keys[5] the most recent
    _, _, total = cache.usage()
    per_kernel = total // 6
    result = cache.prune(total - 2 * per_kernel)  # room for four
    assert result.removed_entries == 2 and result.removed_blobs == 2
    remaining = {i.key for i in cache.entries()}
    assert remaining == {keys[0], keys[1], keys[2], keys[5]}
    assert cache.usage()[2] <= total - 2 * per_kernel


def test_shared_cubin_stays_while_any_entry_uses_it(tmp_path):
    cache = DiskCache(tmp_path / "c")
    cache.put_program(os.urandom(5000), [(key(1), "_Za", {}), (key(2), "_Zb", {})])
    now = time.time()
    os.utime(cache.entry_path(key(1)), (now - 1000, now - 1000))
    _, _, total = cache.usage()
    cache.prune(total - 1)  # dropping the older entry frees too little: the cubin is still used
    assert cache.get(key(1)) is None and cache.get(key(2)) is not None and len(cache.blobs()) == 1
    cache.prune(0)
    assert cache.entries() == [] and cache.blobs() == {}


def test_size_bound_from_environment_is_applied_on_write(tmp_path, monkeypatch):
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("KFOOT_CACHE_MAX_BYTES", "25K")
    cache = DiskCache.from_env()
    assert cache.max_bytes == 25 * 1024
    fill(cache, 10, payload_size=5000)
    assert cache.usage()[2] <= 25 * 1024
    assert len(cache.entries()) < 10 and cache.get(key(9)) is not None  # the newest survives


def test_cache_location_and_switch_from_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("KFOOT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_root() == tmp_path / "xdg" / "kfoot"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_root() == tmp_path / "home" / ".cache" / "kfoot"
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path / "explicit"))
    assert DiskCache.from_env().root == tmp_path / "explicit"
    monkeypatch.setenv("KFOOT_CACHE", "0")
    assert DiskCache.from_env() is None
    assert parse_bytes("2G", "x") == 2 << 30 and parse_bytes("1048576", "x") == 1 << 20


def test_export_import_roundtrip(tmp_path):
    source = DiskCache(tmp_path / "a")
    keys = fill(source, 4)
    archive = tmp_path / "cache.tar.gz"
    assert source.export(archive) == 4
    target = DiskCache(tmp_path / "b")
    result = target.import_(archive)
    assert result.installed == 4 and result.rejected == []
    for k in keys:
        assert target.get(k).cubin == source.get(k).cubin
    assert target.import_(archive).already_present == 4


def _tar_with(tmp_path: Path, members: list[tarfile.TarInfo], payloads: dict[str, bytes]) -> Path:
    archive = tmp_path / "evil.tar"
    with tarfile.open(archive, "w") as tar:
        for info in members:
            data = payloads.get(info.name, b"")
            info.size = len(data) if info.isfile() else 0
            tar.addfile(info, io.BytesIO(data) if info.isfile() else None)
    return archive


@pytest.mark.parametrize("kind", ["absolute", "dotdot", "symlink", "hardlink", "stray"])
def test_import_refuses_unsafe_archives_and_writes_nothing(tmp_path, kind):
    k = key(1)
    name = {"absolute": f"/tmp/entries/{k[:2]}/{k}.entry", "dotdot": f"entries/../../{k}.entry",
            "stray": "notes.txt"}.get(kind, f"entries/{k[:2]}/{k}.entry")
    info = tarfile.TarInfo(name)
    if kind == "symlink":
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
    elif kind == "hardlink":
        info.type, info.linkname = tarfile.LNKTYPE, "/etc/passwd"
    archive = _tar_with(tmp_path, [info], {name: b"x"})
    target = DiskCache(tmp_path / "b")
    with pytest.raises(KfootError, match="refusing archive"):
        target.import_(archive)
    assert not (tmp_path / "b").exists()
    proc = run_kfoot("cache", "--cache-dir", tmp_path / "b", "import", archive, check_rc=2)
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_import_rejects_corrupt_entries_and_keeps_good_ones(tmp_path):
    source = DiskCache(tmp_path / "a")
    keys = fill(source, 2)
    bad = source.entry_path(keys[0])
    data = bytearray(bad.read_bytes()); data[0] ^= 1; bad.write_bytes(bytes(data))
    archive = tmp_path / "x.tar"
    with tarfile.open(archive, "w") as tar:  # export skips bad entries, so build the archive by hand
        for path in (source.root / "entries").rglob("*.entry"):
            tar.add(path, arcname=str(path.relative_to(source.root)))
        for path in (source.root / "blobs").rglob("*.cubin"):
            tar.add(path, arcname=str(path.relative_to(source.root)))
    target_dir = tmp_path / "b"
    proc = run_kfoot("cache", "--cache-dir", target_dir, "import", archive, check_rc=1)
    assert "installed 1 entries" in proc.stdout and keys[0] in proc.stderr
    target = DiskCache(target_dir)
    assert target.get(keys[1]) is not None and target.get(keys[0]) is None


def test_cache_cli_ls_stats_verify_prune_clear(tmp_path):
    root = tmp_path / "c"
    cache = DiskCache(root)
    keys = fill(cache, 3, payload_size=4000)
    base = ("cache", "--cache-dir", str(root))
    listing = json.loads(run_kfoot(*base, "ls", "--json").stdout)
    assert sorted(e["key"] for e in listing["entries"]) == sorted(keys)
    stats = json.loads(run_kfoot(*base, "stats", "--json").stdout)
    assert stats["entries"] == 3 and stats["cubins"] == 3 and stats["total_bytes"] == cache.usage()[2]
    run_kfoot(*base, "verify")  # exits 0
    blob = next(iter(cache.blobs().values()))
    blob.write_bytes(blob.read_bytes()[:-1])
    proc = run_kfoot(*base, "verify", check_rc=1)
    assert "cubin checksum mismatch" in proc.stdout
    run_kfoot(*base, "verify", "--fix")  # exits 0
    run_kfoot(*base, "verify")  # exits 0
    assert len(cache.entries()) == 2
    run_kfoot(*base, "prune", "--max-bytes", "0")  # exits 0
    assert cache.entries() == []
    fill(cache, 2)
    assert "removed 2 entries" in run_kfoot(*base, "clear").stdout and cache.entries() == []
    proc = run_kfoot(*base, "prune", check_rc=2)
    assert "KFOOT_CACHE_MAX_BYTES" in proc.stderr
