"""One cache store (kfoot.core.store) under both disk caches: `kfoot cache stats|verify|prune|clear`
see the report cache (report/) as well as the kernel cache, and a report cache folder that is a
symbolic link or another user's is refused as the kernel cache's folders are. The oracles are the
files on disk (counted and sized with os.stat), hand-made damage, and the documented error contract."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from oracles.cli import run_kfoot
from oracles.errors import assert_error
from test_cache_hostile import OTHER_UID, fill, snapshot

from kfoot.report.result_cache import ReportCache
from kfoot.runtime.kernel_cache import DiskCache


def cli(root, *args, env=None):
    return run_kfoot("cache", "--cache-dir", root, *args, check_rc=None, env=env)


def report_entries(root: Path) -> list[Path]:
    return sorted((root / "report" / "entries").glob("*/*.json"))


def fill_reports(root: Path, n: int, size: int = 2000) -> list[Path]:
    """n report cache entries written through the report cache itself (its key, its format)."""
    cache = ReportCache(root, 256 << 20)
    for i in range(n):
        digest = hashlib.sha256(f"container {i}".encode()).hexdigest()
        cache.put(ReportCache.key(digest, "options"), digest, {"images": ["x" * size], "n": i})
    return report_entries(root)


@pytest.fixture
def both(tmp_path) -> Path:
    """A cache root holding 3 kernel entries (3 cubins) and 4 report entries."""
    root = tmp_path / "c"
    fill(DiskCache(root), 3)
    assert len(fill_reports(root, 4)) == 4
    return root


def test_a_real_report_lands_in_the_store_that_stats_counts(cuda_fixtures, tmp_path):
    root = tmp_path / "c"
    env = dict(os.environ, KFOOT_CACHE_DIR=str(root))
    env.pop("KFOOT_CACHE", None)
    run_kfoot("report", "--json", cuda_fixtures["obj_concat.o"], env=env)
    files = report_entries(root)
    assert files
    stats = json.loads(cli(root, "stats", "--json").stdout)
    assert stats["reports"] == {"root": str(root / "report"), "entries": len(files),
                                "total_bytes": sum(p.stat().st_size for p in files),
                                "max_bytes": 256 << 20, "bad": 0}
    assert stats["entries"] == 0 and stats["cubins"] == 0  # the kernel part: nothing compiled
    # The writers keep the usage figure the bound is checked against.
    assert int((root / "report" / "usage").read_text()) == sum(p.stat().st_size for p in files)


def test_stats_counts_each_part(both):
    files = report_entries(both)
    stats = json.loads(cli(both, "stats", "--json").stdout)
    assert (stats["entries"], stats["cubins"], stats["bad"]) == (3, 3, 0)
    assert (stats["reports"]["entries"], stats["reports"]["bad"]) == (4, 0)
    assert stats["reports"]["total_bytes"] == sum(p.stat().st_size for p in files)
    text = cli(both, "stats").stdout
    assert "kernel entries" in text and "3 (0 bad)" in text and "report entries" in text and "4 (0 bad)" in text


def test_verify_finds_and_fixes_a_damaged_report_entry(both):
    files = report_entries(both)
    data = bytearray(files[1].read_bytes())
    data[-3] ^= 0x01  # the body, not the header: its checksum no longer matches
    files[1].write_bytes(bytes(data))
    proc = cli(both, "verify")
    assert proc.returncode == 1 and f"{files[1]}: body checksum mismatch" in proc.stdout
    assert "1 in the report cache" in proc.stdout and "0 in the kernel cache" in proc.stdout
    report = json.loads(cli(both, "verify", "--json").stdout)
    assert report["bad"] == [] and report["reports"]["bad"] == [{"path": str(files[1]), "problem": "body checksum mismatch"}]
    assert json.loads(cli(both, "stats", "--json").stdout)["reports"]["bad"] == 1
    assert cli(both, "verify", "--fix").returncode == 0
    assert report_entries(both) == [f for f in files if f != files[1]]
    assert cli(both, "verify").returncode == 0


@pytest.mark.parametrize("damage", ["copied under another key", "truncated", "a link"])
def test_verify_flags_what_the_report_cache_would_not_read(both, tmp_path, damage):
    files = report_entries(both)
    if damage == "copied under another key":
        files[0].write_bytes(files[1].read_bytes())
    elif damage == "truncated":
        files[0].write_bytes(files[0].read_bytes().partition(b"\n")[0])
    else:
        outside = tmp_path / "outside.json"
        outside.write_bytes(files[0].read_bytes())
        files[0].unlink()
        files[0].symlink_to(outside)
    report = json.loads(cli(both, "verify", "--json").stdout)
    assert [b["path"] for b in report["reports"]["bad"]] == [str(files[0])]
    if damage == "a link":
        assert cli(both, "verify", "--fix").returncode == 0
        assert outside.exists() and not files[0].is_symlink()  # the link is removed, never its target


def test_prune_and_clear_cover_the_report_cache(both):
    files = report_entries(both)
    sizes = sum(p.stat().st_size for p in files)
    for age, path in enumerate(files):
        os.utime(path, (1000 + age, 1000 + age))
    bound = sizes - files[0].stat().st_size  # room for all but the oldest
    pruned = json.loads(cli(both, "prune", "--max-bytes", str(bound), "--json").stdout)
    assert pruned["reports"]["removed_entries"] == 1 and report_entries(both) == files[1:]
    assert pruned["reports"]["total_bytes"] == bound and pruned["reports"]["max_bytes"] == bound
    text = cli(both, "prune", "--max-bytes", "0").stdout
    assert "from the kernel cache" in text and "removed 3 entries from the report cache" in text
    assert report_entries(both) == [] and DiskCache(both).entries() == []

    fill(DiskCache(both), 2)
    files = fill_reports(both, 3)
    (both / "report" / "tmp" / ".left-behind").write_bytes(b"x")
    sizes = sum(p.stat().st_size for p in files) + 1
    cleared = json.loads(cli(both, "clear", "--json").stdout)
    assert (cleared["removed_entries"], cleared["removed_cubins"]) == (2, 2)
    assert cleared["reports"] == {"root": str(both / "report"), "removed_entries": 3, "removed_other": 1,
                                  "freed_bytes": sizes, "not_removed": []}
    assert report_entries(both) == [] and not list((both / "report" / "tmp").iterdir())


def test_prune_without_a_size_takes_each_part_to_its_own_bound(both):
    env = dict(os.environ, KFOOT_CACHE_MAX_BYTES="1G", KFOOT_REPORT_CACHE_MAX_BYTES="3000")
    pruned = json.loads(run_kfoot("cache", "--cache-dir", both, "prune", "--json", env=env).stdout)
    assert (pruned["max_bytes"], pruned["removed_entries"]) == (1 << 30, 0)
    assert pruned["reports"]["max_bytes"] == 3000 and len(report_entries(both)) == 1


MUTATING = [("prune", "--max-bytes", "0"), ("verify", "--fix"), ("clear",)]


@pytest.mark.parametrize("where", ["report", "report/entries", "report/tmp"])
@pytest.mark.parametrize("args", MUTATING + [("stats",), ("verify",)], ids=lambda a: "-".join(a))
def test_a_planted_report_folder_link_is_refused_and_nothing_behind_it_deleted(both, tmp_path, where, args):
    victim = tmp_path / "victim"
    shutil.copytree(both / where, victim)
    (victim / "precious").write_bytes(b"x" * 10)
    shutil.rmtree(both / where)
    (both / where).symlink_to(victim)
    before = snapshot(victim)
    kernels = snapshot(both / "entries")
    assert_error(cli(both, *args), "symbolic link", where)
    assert snapshot(victim) == before and snapshot(both / "entries") == kernels


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to chown a folder to another user")
@pytest.mark.parametrize("where", ["report", "report/entries", "report/tmp"])
@pytest.mark.parametrize("args", MUTATING, ids=lambda a: "-".join(a))
def test_a_report_folder_of_another_user_is_refused_for_changes(both, where, args):
    os.chown(both / where, OTHER_UID, OTHER_UID)
    before = snapshot(both)
    assert_error(cli(both, *args), f"owned by uid {OTHER_UID}", where)
    assert snapshot(both) == before
    assert cli(both, "stats").returncode == 0  # reading another user's folder stays possible


def test_a_report_never_writes_through_a_linked_cache_root(cuda_fixtures, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "c").symlink_to(elsewhere)
    env = dict(os.environ, KFOOT_CACHE_DIR=str(tmp_path / "c"))
    env.pop("KFOOT_CACHE", None)
    plain = run_kfoot("report", "--json", cuda_fixtures["obj_concat.o"], env=dict(env, KFOOT_CACHE="0")).stdout
    assert run_kfoot("report", "--json", cuda_fixtures["obj_concat.o"], env=env).stdout == plain
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("variable, value, needle", [
    ("KFOOT_REPORT_CACHE_MAX_BYTES", "lots", "is not a size"),
    ("KFOOT_REPORT_CACHE_MAX_BYTES", "90000000T", "more than 18446744073709551615 bytes"),
    ("KFOOT_CACHE_MAX_BYTES", "12 parsecs", "unknown unit"),
    ("KFOOT_CACHE_MAX_BYTES", "99999999999999999999", "more than 18446744073709551615 bytes"),
])
def test_a_bad_size_bound_is_one_line(both, variable, value, needle):
    env = dict(os.environ, **{variable: value})
    assert_error(run_kfoot("cache", "--cache-dir", both, "stats", check_rc=None, env=env), variable, needle)


def test_a_bad_report_cache_bound_stops_a_report_in_one_line(cuda_fixtures, tmp_path):
    env = dict(os.environ, KFOOT_CACHE_DIR=str(tmp_path / "c"), KFOOT_REPORT_CACHE_MAX_BYTES="-1")
    env.pop("KFOOT_CACHE", None)
    assert_error(run_kfoot("report", cuda_fixtures["obj_concat.o"], check_rc=None, env=env),
                   "KFOOT_REPORT_CACHE_MAX_BYTES", "not a size")
