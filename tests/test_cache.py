"""The RTC disk cache: checksums, rejection of bad entries, ownership, LRU bound, export/import, CLI."""

from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import warnings
from pathlib import Path

import pytest
from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error

from kfoot.core.errors import KfootError
from kfoot.core.units import parse_bytes
from kfoot.core.store import default_cache_root
from kfoot.runtime.kernel_cache import CacheWarning, DiskCache
from test_cache_hostile import fake_cubin


def key(n: int) -> str:
    return hashlib.sha256(str(n).encode()).hexdigest()


def fill(cache: DiskCache, n: int, payload_size: int = 1000) -> list[str]:
    """n entries, each with its own cubin (a fabricated CUDA ELF defining the entry's kernel, as
    lookups, import and verify check) of about payload_size bytes."""
    keys = []
    for i in range(n):
        k = key(i)
        cache.put_program(fake_cubin(f"_Z{i}", pad=payload_size), [(k, f"_Z{i}", {"arch": "sm_90", "name_expression": f"k<{i}>"})])
        keys.append(k)
    return keys


def test_roundtrip_and_private_directory(tmp_path):
    cache = DiskCache(tmp_path / "c")
    cubin = fake_cubin("_Z1a", pad=500, also=("_Z1b",))
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
    cubin = fake_cubin("_Z1a", pad=2000, also=("_Z1b",))
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

    def footprint(k: str) -> int:  # its entry's and its cubin's bytes, as the file system counts them
        entry = cache.entry_path(k)
        return entry.stat().st_size + cache.blob_path(json.loads(entry.read_bytes().partition(b"\n")[0])["blob"]).stat().st_size

    # Room for four: what the two least recently used take, to the byte (entries can differ by a
    # byte or two, so a sixth of the total each was not exact: CI once saw a third evicted).
    bound = total - footprint(keys[4]) - footprint(keys[3])
    result = cache.prune(bound)
    assert result.removed_entries == 2 and result.removed_cubins == 2
    remaining = {i.key for i in cache.entries()}
    assert remaining == {keys[0], keys[1], keys[2], keys[5]}
    assert cache.usage()[2] <= bound


def test_shared_cubin_stays_while_any_entry_uses_it(tmp_path):
    cache = DiskCache(tmp_path / "c")
    cache.put_program(fake_cubin("_Za", pad=5000, also=("_Zb",)), [(key(1), "_Za", {}), (key(2), "_Zb", {})])
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
    assert_error(run_kfoot("cache", "--cache-dir", tmp_path / "b", "import", archive, check_rc=None), "refusing archive")


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
    assert_error(run_kfoot(*base, "prune", check_rc=None), "KFOOT_CACHE_MAX_BYTES")


# ---------------------------------------------------------------------- issue 11: the cache commands

NOBODY = 65534


def _cli(root, *args, check_rc=0):
    return run_kfoot("cache", "--cache-dir", root, *args, check_rc=check_rc)


def test_stats_counts_as_bad_what_verify_finds(tmp_path):
    cache = DiskCache(tmp_path / "c")
    keys = fill(cache, 3)
    blob = cache.blobs()[json.loads(cache.entry_path(keys[0]).read_bytes().split(b"\n")[0])["blob"]]
    data = bytearray(blob.read_bytes()); data[5] ^= 0xFF; blob.write_bytes(bytes(data))  # the cubin, not its entry
    bad = cache.verify()
    assert len(bad) == 2  # the cubin and the entry that uses it
    stats = json.loads(_cli(tmp_path / "c", "stats", "--json").stdout)
    assert (stats["bad"], stats["bad_cubins"], stats["bad_entries"]) == (2, 1, 1)
    assert stats["bad"] == len(json.loads(_cli(tmp_path / "c", "verify", "--json", check_rc=1).stdout)["bad"])
    text = _cli(tmp_path / "c", "stats").stdout
    assert "3 (1 bad)" in text and "kfoot cache verify lists them" in text
    cache.verify(fix=True)
    stats = json.loads(_cli(tmp_path / "c", "stats", "--json").stdout)
    assert (stats["bad"], stats["entries"], stats["cubins"]) == (0, 2, 2)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_export_archive_mode_follows_the_umask(tmp_path, umask, mode):
    cache = DiskCache(tmp_path / "c")
    fill(cache, 2)
    archive = tmp_path / "cache.tar"
    old = os.umask(umask)
    try:
        assert cache.export(archive) == 2
    finally:
        os.umask(old)
    assert oct(stat.S_IMODE(archive.stat().st_mode)) == oct(mode)


COMMANDS = [("ls",), ("stats",), ("verify",), ("verify", "--fix"), ("prune", "--max-bytes", "0"), ("clear",),
            ("export", "out.tar"), ("import", "in.tar")]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: "-".join(a))
def test_cache_dir_that_is_a_file_is_refused_by_every_command(tmp_path, args):
    not_a_folder = tmp_path / "passwd"
    not_a_folder.write_text("root:x:0:0::/root:/bin/sh\n")
    args = [str(tmp_path / a) if a.endswith(".tar") else a for a in args]
    assert_error(_cli(not_a_folder, *args, check_rc=None), str(not_a_folder), "not a folder")
    assert not_a_folder.read_text() == "root:x:0:0::/root:/bin/sh\n" and sorted(os.listdir(tmp_path)) == ["passwd"]


def test_cache_dir_etc_passwd_is_refused():
    assert_error(run_kfoot("cache", "--cache-dir", "/etc/passwd", "ls", check_rc=None), "not a folder")


@pytest.mark.parametrize("args", [("ls",), ("stats",), ("verify",), ("prune", "--max-bytes", "0"), ("export", "x.tar")],
                         ids=lambda a: a[0])
def test_a_file_where_the_cache_keeps_a_folder_is_one_line(tmp_path, args):
    cache = DiskCache(tmp_path / "c")
    fill(cache, 1)
    for sub in (tmp_path / "c" / "entries").iterdir():
        for f in sub.iterdir():
            f.unlink()
        sub.rmdir()
    (tmp_path / "c" / "entries").rmdir()
    (tmp_path / "c" / "entries").write_text("not a folder")
    args = [str(tmp_path / a) if a.endswith(".tar") else a for a in args]
    assert_error(_cli(tmp_path / "c", *args, check_rc=None), "entries", "not a folder")
    assert "removed" not in _cli(tmp_path / "c", "clear").stderr  # clear repairs it: the file is removed
    assert _cli(tmp_path / "c", "stats", "--json").stdout and not (tmp_path / "c" / "entries").is_file()


def _as_another_user(argv: list[str]) -> list[str]:
    """Run argv so that permission bits apply: as nobody when we are root (root ignores them)."""
    if os.geteuid() != 0:
        return argv
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot make a folder unreadable")
    return [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *argv]


@pytest.fixture
def world_dir():
    """A folder another user can reach (pytest's tmp_path is private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="kfoot-cache-test-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _kfoot_as_other(*args) -> subprocess.CompletedProcess:
    env = dict(os.environ, HOME="/nonexistent", PYTHONDONTWRITEBYTECODE="1")
    env.pop("GITHUB_STEP_SUMMARY", None)
    return subprocess.run(_as_another_user([sys.executable, "-m", "kfoot", *map(str, args)]), capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=120, check=False)


@pytest.mark.parametrize("unreadable", ["entries", "root", "shard"])
@pytest.mark.parametrize("command", ["ls", "stats", "verify"])
def test_unreadable_cache_folder_is_one_line(world_dir, unreadable, command):
    root = world_dir / "c"
    cache = DiskCache(root)
    fill(cache, 2)
    for folder in [root, *root.rglob("*")]:
        if folder.is_dir():
            folder.chmod(0o755)
    target = {"root": root, "entries": root / "entries", "shard": next((root / "entries").iterdir())}[unreadable]
    target.chmod(0o700 if os.geteuid() == 0 else 0o000)  # root's 0700: nobody cannot read it
    try:
        proc = _kfoot_as_other("cache", "--cache-dir", root, command)
    finally:
        target.chmod(0o755)
    assert_error(proc, "Permission denied")


@pytest.mark.parametrize("as_json", [False, True])
def test_clear_on_a_read_only_cache_says_what_it_could_not_remove(tmp_path, monkeypatch, capsys, as_json):
    from oracles.cli import run_main

    root = tmp_path / "c"
    keys = fill(DiskCache(root), 2)
    real_unlink = os.unlink

    def read_only(path, *args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), path)

    monkeypatch.setattr(os, "unlink", read_only)
    code, out, err = run_main(capsys, "cache", "--cache-dir", root, "clear", *(["--json"] if as_json else []))
    monkeypatch.setattr(os, "unlink", real_unlink)
    assert code == 1
    assert err.splitlines() == [line for line in err.splitlines() if line.startswith("kfoot: could not remove")]
    assert len(err.splitlines()) == 1 and "could not remove 4 files: Read-only file system" in err  # 2 entries, 2 cubins
    if as_json:
        report = json.loads(out)
        assert (report["removed_entries"], report["removed_cubins"], report["removed_other"], report["freed_bytes"]) == (0, 0, 0, 0)
        assert [(r["reason"], r["files"]) for r in report["not_removed"]] == [("Read-only file system", 4)]
    else:
        assert out.startswith("removed 0 entries and 0 cubins (") and "from " in out
    assert sorted(i.key for i in DiskCache(root).entries()) == sorted(keys)


def test_clear_of_a_cache_the_user_cannot_write(world_dir):
    root = world_dir / "c"
    fill(DiskCache(root), 2)
    if os.geteuid() == 0:
        for path in [root, *root.rglob("*")]:
            os.chown(path, NOBODY, NOBODY)
    writable = [p for p in root.rglob("*") if p.is_dir() and p.parent.name in ("entries", "blobs")]
    for folder in [root, *root.rglob("*")]:
        if folder.is_dir():
            folder.chmod(0o755)
    for folder in writable:
        folder.chmod(0o555)  # the shards read-only: their files cannot be unlinked
    try:
        proc = _kfoot_as_other("cache", "--cache-dir", root, "clear")
    finally:
        for folder in writable:
            folder.chmod(0o755)
    assert proc.returncode == 1 and proc.stdout.startswith("removed 0 entries and 0 cubins"), proc
    assert proc.stderr.count("\n") == 1 and "could not remove 4 files: Permission denied" in proc.stderr
    assert len(DiskCache(root).entries()) == 2


def _documented_json_fields() -> str:
    text = (REPO / "docs" / "runtime.md").read_text()
    return text[text.index("### Maintenance: `kfoot cache`"):text.index("## The registry")]


def test_every_cache_command_has_json_with_the_documented_fields(tmp_path):
    root = tmp_path / "c"
    fill(DiskCache(root), 3)
    archive = tmp_path / "x.tar"
    objects = {
        "ls": json.loads(_cli(root, "ls", "--json").stdout),
        "stats": json.loads(_cli(root, "stats", "--json").stdout),
        "verify": json.loads(_cli(root, "verify", "--json").stdout),
        "export": json.loads(_cli(root, "export", archive, "--json").stdout),
        "import": json.loads(_cli(tmp_path / "d", "import", archive, "--json").stdout),
        "prune": json.loads(_cli(root, "prune", "--max-bytes", "0", "--json").stdout),
    }
    fill(DiskCache(root), 2)
    objects["clear"] = json.loads(_cli(root, "clear", "--json").stdout)
    assert objects["export"] == {"root": str(root), "archive": str(archive), "entries": 3}
    assert objects["import"] == {"root": str(tmp_path / "d"), "archive": str(archive), "installed": 3,
                                 "already_present": 0, "rejected": []}
    prune = objects["prune"]
    assert (prune["removed_entries"], prune["removed_cubins"], prune["total_bytes"], prune["max_bytes"]) == (3, 3, 0, 0)
    assert prune["freed_bytes"] > 3000 and prune["not_removed"] == []
    clear = objects["clear"]
    assert (clear["removed_entries"], clear["removed_cubins"], clear["removed_other"], clear["not_removed"]) == (2, 2, 0, [])
    docs = _documented_json_fields()
    for command, obj in objects.items():
        assert obj["root"] == str(root if command != "import" else tmp_path / "d")
        fields = set(obj) | ({f"entries[].{k}" for k in obj["entries"][0]} if command == "ls" else set())
        for name in fields:
            assert f"`{name.split('.')[-1]}`" in docs, f"kfoot cache {command} --json: field {name} is not documented"
    assert f"`{'reason'}`" in docs and "`files`" in docs and "`first`" in docs  # the not_removed rows


def test_no_command_deletes_through_a_link_out_of_the_cache(tmp_path):
    root = tmp_path / "c"
    cache = DiskCache(root)
    keys = fill(cache, 3)
    outside = tmp_path / "outside"
    outside.mkdir()
    # A folder of entries (valid-looking, but of other keys: verify --fix would delete them) ...
    planted = []
    for n, k in enumerate(keys):
        victim = outside / f"{key(100 + n)}.entry"
        victim.write_bytes(cache.entry_path(k).read_bytes())
        planted.append(victim)
    (root / "entries" / "zz").symlink_to(outside)
    # ... a cubin shard moved out and linked back, and one entry that is a link to a file outside.
    sha = json.loads(cache.entry_path(keys[0]).read_bytes().split(b"\n")[0])["blob"]
    shard = root / "blobs" / sha[:2]
    moved = tmp_path / "moved-shard"
    shard.rename(moved)
    shard.symlink_to(moved)
    lone = tmp_path / "lone.entry"
    lone.write_bytes(b"precious")
    (root / "entries" / key(200)[:2]).mkdir(exist_ok=True)
    (root / "entries" / key(200)[:2] / f"{key(200)}.entry").symlink_to(lone)
    before = {p: p.read_bytes() for p in [*planted, *moved.iterdir(), lone]}

    def untouched():
        return {p: p.read_bytes() for p in before if p.exists()} == before

    _cli(root, "verify", "--fix", check_rc=None)
    assert untouched(), "verify --fix deleted files outside the cache"
    _cli(root, "prune", "--max-bytes", "0", check_rc=None)
    assert untouched(), "prune deleted files outside the cache"
    _cli(root, "clear", check_rc=None)
    assert untouched(), "clear deleted files outside the cache"
    assert not shard.is_symlink() and not (root / "entries" / "zz").is_symlink()  # the links themselves are gone
    assert cache.entries() == [] and cache.blobs() == {}
    # The deletion helper itself refuses to go through a link, even for a path it is handed.
    (root / "entries" / "zz").symlink_to(outside)
    assert cache.store.remove(root / "entries" / "zz" / planted[0].name) is not None and planted[0].exists()
    assert cache.store.remove(outside / planted[0].name) == "outside the cache" and planted[0].exists()
