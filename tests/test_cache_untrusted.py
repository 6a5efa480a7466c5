"""Cache files are untrusted input (issue 29, items 9 and 15): a FIFO (ours or another user's) at an
entry, a cubin, memo.json or a report-cache record never blocks a reader; a huge sparse file there is
never read whole (each child runs under a 1 GiB address-space limit, so reading one would be a
MemoryError); entries with a valid checksum but fields of the wrong type are bad entries, never a
crash. The oracles: the clock, the kernel's exit status, the files left on disk."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from oracles.cli import REPO, run_kfoot
from test_cache_hostile import OTHER_UID, fake_cubin, fill, key

from kfoot.runtime.kernel_cache import DiskCache

LIMIT = 1 << 30  # address space of each child: reading an 8 GiB file whole cannot fit
SPARSE = 8 << 30
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to chown a file to another user")


def _child(code: str, *args, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """Python `code` (kfoot importable, tests/ on the path) in a child under the address-space limit."""
    wrapper = (f"import resource, sys; resource.setrlimit(resource.RLIMIT_AS, ({LIMIT}, {LIMIT})); "
               f"sys.path.insert(0, {str(REPO / 'tests')!r})\n" + textwrap.dedent(code))
    return subprocess.run([sys.executable, "-c", wrapper, *map(str, args)], capture_output=True, text=True,
                          cwd=REPO, env=env, timeout=timeout, check=False)


def _kfoot_limited(*args, env: dict | None = None) -> subprocess.CompletedProcess:
    return _child("import runpy; sys.argv = ['kfoot', *sys.argv[1:]]; runpy.run_module('kfoot', run_name='__main__')",
                  *args, env=env)


def _plant(path: Path, what: str, owner: str) -> None:
    """Replace `path` with a FIFO nobody writes to, or an 8 GiB sparse file; chowned to another user
    when `owner` is "other"."""
    path.unlink(missing_ok=True)
    if what == "fifo":
        os.mkfifo(path)
    else:
        with open(path, "wb") as handle:
            handle.truncate(SPARSE)
    if owner == "other":
        os.chown(path, OTHER_UID, OTHER_UID)


OWNERS = ["mine", pytest.param("other", marks=needs_root)]


# ------------------------------------------------------------------------------ item 9
@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("what", ["fifo", "sparse"])
@pytest.mark.parametrize("where", ["entry", "cubin"])
def test_a_planted_cache_file_neither_blocks_nor_is_read_whole(tmp_path, what, owner, where):
    root = tmp_path / "c"
    cache = DiskCache(root)
    keys = fill(cache, 2)
    target = entry = cache.entry_path(keys[0])
    if where == "cubin":
        meta = json.loads(target.read_bytes().partition(b"\n")[0])
        target = cache.blob_path(meta["blob"])
    _plant(target, what, owner)
    # The runtime's lookup: a miss (the kernel would be compiled again), at once, in bounded memory.
    proc = _child("""
        import warnings
        from kfoot.runtime.kernel_cache import DiskCache
        warnings.simplefilter("ignore")
        cache = DiskCache(sys.argv[1])
        print(cache.get(sys.argv[2]) is None, cache.get(sys.argv[3]) is not None)
    """, root, keys[0], keys[1])
    assert proc.returncode == 0 and proc.stdout.split() == ["True", "True"], proc.stderr[-2000:]
    # Every `kfoot cache` command that reads the entries: the planted file is a bad entry, never a hang.
    for args in (("ls", "--json"), ("stats", "--json"), ("verify", "--json"), ("export", tmp_path / "out.tar")):
        proc = _kfoot_limited("cache", "--cache-dir", root, *args)
        assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, (args, proc.stderr[-2000:])
    verify = json.loads(_kfoot_limited("cache", "--cache-dir", root, "verify", "--json").stdout)
    assert str(entry) in [row["path"] for row in verify["bad"]]  # the entry, or the entry whose cubin it is
    assert target.exists()  # verify without --fix deletes nothing, another user's file never


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("what", ["fifo", "sparse"])
def test_a_planted_memo_neither_blocks_nor_is_read_whole(tmp_path, what, owner):
    root = tmp_path / "c"
    fill(DiskCache(root), 1)
    _plant(root / "memo.json", what, owner)
    header = tmp_path / "h.cuh"
    header.write_text("// stamped\n")
    proc = _child("""
        from kfoot.runtime.kernel_cache import DiskCache
        memo = DiskCache(sys.argv[1]).memo
        print(memo.get("fact"))
        memo.put("fact", [sys.argv[2]], 7)
        print(DiskCache(sys.argv[1]).memo.get("fact"))
    """, root, header)
    assert proc.returncode == 0, proc.stderr[-2000:]
    # The planted file is replaced by the new memo (the folder is ours; nothing is written through it).
    assert proc.stdout.split() == ["None", "7"]


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("what", ["fifo", "sparse"])
def test_a_planted_report_record_neither_blocks_nor_is_read_whole(tmp_path, what, owner):
    binary = tmp_path / "k.cubin"
    binary.write_bytes(fake_cubin("_Z3foov", pad=1000))
    env = {**{k: v for k, v in os.environ.items() if k != "KFOOT_CACHE"}, "KFOOT_CACHE_DIR": str(tmp_path / "c")}
    first = run_kfoot("report", "--json", binary, env=env).stdout
    # The container's entry and the whole file's record: both planted, so that neither is read
    # whole or blocks (the file's record is looked up first, then each container's entry).
    records = sorted((tmp_path / "c" / "report" / "entries").glob("*/*.json"))
    assert len(records) == 2
    for record in records:
        _plant(record, what, owner)
    proc = _kfoot_limited("report", "--json", binary, env=env)
    assert proc.returncode == 0 and proc.stdout == first, proc.stderr[-2000:]
    for args in (("stats", "--json"), ("verify", "--json")):
        proc = _kfoot_limited("cache", "--cache-dir", tmp_path / "c", *args)
        assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, (args, proc.stderr[-2000:])


# ------------------------------------------------------------------------------ item 15
def _retyped(cache: DiskCache, key_: str, **fields) -> Path:
    """Rewrite the entry of `key_` with `fields` changed, its checksum made valid again (json.dumps
    and hashlib: the entry format of docs/runtime.md)."""
    import hashlib

    path = cache.entry_path(key_)
    meta = json.loads(path.read_bytes().partition(b"\n")[0])
    body = json.dumps({**meta, **fields}, sort_keys=True, separators=(",", ":")).encode()
    path.write_bytes(body + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n")
    return path


@pytest.mark.parametrize("fields", [{"blob_size": "x"}, {"blob_size": [1]}, {"arch": 90}, {"name_expression": {"a": 1}},
                                    {"lowered_name": 7}, {"blob": int("1" * 64)}, {"created": "now"}],
                         ids=lambda f: "-".join(f"{k}={v}" for k, v in f.items()))
def test_an_entry_with_a_field_of_the_wrong_type_is_a_bad_entry(tmp_path, fields):
    """Issue 29, item 15: a valid checksum but `blob_size: "x"` crashed every `kfoot cache` command
    and, with a size bound, the next compile's store. Now it is a bad entry: listed, counted,
    deleted by `verify --fix` and `prune`, left out of `export`, a miss for the runtime."""
    root = tmp_path / "c"
    cache = DiskCache(root)
    keys = fill(cache, 3)
    bad = _retyped(cache, keys[0], **fields)
    for args in (("ls", "--json"), ("ls",), ("stats", "--json"), ("stats",), ("verify", "--json")):
        proc = run_kfoot("cache", "--cache-dir", root, *args, check_rc=None)
        assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, (args, proc.stderr[-2000:])
    verify = json.loads(proc.stdout)  # the last command's: verify --json
    assert [row["path"] for row in verify["bad"]] == [str(bad)]
    export = run_kfoot("cache", "--cache-dir", root, "export", tmp_path / "out.tar", check_rc=None)
    assert export.returncode == 0, export.stderr
    import tarfile

    with tarfile.open(tmp_path / "out.tar") as tar:  # the oracle: the archive's own member list
        exported = {Path(m.name).name for m in tar.getmembers() if m.name.startswith("entries/")}
    assert exported == {f"{k}.entry" for k in keys[1:]}
    # The runtime: a miss, and with a bound set the next store (which lists every entry) works.
    with pytest.warns(Warning, match="entry field|another key|no valid cubin"):
        assert DiskCache(root).get(keys[0]) is None
    bad = _retyped(cache, keys[1], **fields)
    bounded = DiskCache(root, max_bytes=1 << 20)
    (bounded.root / "usage").unlink(missing_ok=True)  # measured afresh: every entry is read
    fill(bounded, 1, start=10)
    assert bounded.get(key(10)) is not None
    for args in (("verify", "--fix"), ("prune", "--max-bytes", "0")):
        proc = run_kfoot("cache", "--cache-dir", root, *args, check_rc=None)
        assert proc.returncode in (0, 1) and "Traceback" not in proc.stderr, (args, proc.stderr[-2000:])
    assert not bad.exists()


# ------------------------------------------------------------------------------ issue 26: use counters
@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("what", ["fifo", "sparse"])
def test_a_planted_counters_file_neither_blocks_nor_is_read_whole(tmp_path, what, owner):
    root = tmp_path / "c"
    fill(DiskCache(root), 1)
    _plant(root / "counters", what, owner)
    proc = _kfoot_limited("cache", "--cache-dir", root, "stats", "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    stats = json.loads(proc.stdout)
    assert (stats["pch_hits"], stats["remote"]) == (0, {"hits": 0, "misses": 0, "errors": 0})
    assert stats["counters_problem"] and stats["entries"] == 1
    # A process that adds to them replaces the planted file (the folder is ours; nothing is written through it).
    proc = _child("""
        from kfoot.runtime.kernel_cache import DiskCache
        from kfoot.runtime.cache_counters import Counters
        DiskCache(sys.argv[1]).count(Counters(pch_hits=3, remote_misses=1))
    """, root)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (root / "counters").stat().st_size < 200
    stats = json.loads(run_kfoot("cache", "--cache-dir", root, "stats", "--json").stdout)
    assert (stats["pch_hits"], stats["remote"]["misses"], stats["counters_problem"]) == (3, 1, None)


@pytest.mark.parametrize("text", ['{"pch_hits": -1}', '{"pch_hits": 1.5}', '{"remote_hits": true}', "[1, 2]",
                                  '{"pch_hits": 9223372036854775808}', "not json", '{"pch_hits": ' * 5000])
def test_a_bad_counters_file_is_one_line_in_stats_and_counted_as_zero(tmp_path, text):
    root = tmp_path / "c"
    fill(DiskCache(root), 1)
    (root / "counters").write_text(text)
    proc = run_kfoot("cache", "--cache-dir", root, "stats")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    counter_lines = [line for line in proc.stdout.splitlines() if "counted as zero" in line]
    assert len(counter_lines) == 1
    stats = json.loads(run_kfoot("cache", "--cache-dir", root, "stats", "--json").stdout)
    assert stats["pch_hits"] == 0 and stats["counters_problem"]


def test_counters_from_many_processes_add_up(tmp_path):
    root = tmp_path / "c"
    code = """
        from kfoot.runtime.kernel_cache import DiskCache
        from kfoot.runtime.cache_counters import Counters
        cache = DiskCache(sys.argv[1])
        for _ in range(50):
            cache.count(Counters(pch_hits=1, remote_hits=2, remote_errors=1))
    """
    procs = [subprocess.Popen([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(REPO)!r})\n" + textwrap.dedent(code),
                               str(root)], cwd=REPO) for _ in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0] * 4
    stats = json.loads(run_kfoot("cache", "--cache-dir", root, "stats", "--json").stdout)
    assert (stats["pch_hits"], stats["remote"]) == (200, {"hits": 400, "misses": 0, "errors": 200})
