"""The disk cache of compiled kernels: one small index entry per kernel key, cubins stored once.

A cache store (kfoot.core.store: the root, its environment, the descriptor-safe, owner-checked,
atomic, locked and bounded folder) whose files are those of kfoot.runtime.cache_entry:

    entries/<k[:2]>/<key>.entry   two lines: canonical JSON metadata, then sha256 of that line
    blobs/<h[:2]>/<sha256>.cubin  the cubin of one NVRTC program, named by its own sha256
    tmp/                           temporary files, renamed into place (same file system)
    usage                          bytes of entries and cubins, kept by the writers (for the bound)
    counters                       PCH and remote-tier hits, added by each process (kfoot.runtime.cache_counters)
    memo.json                      facts the key needs, remembered (kfoot.runtime.statmemo)

Why two levels: bulk warm compiles many kernels in one NVRTC program, so one cubin holds many
kernels. Each kernel key gets its own entry (so lookups stay per kernel, as the fingerprint is),
and the entries of one program share the blob instead of storing the cubin once per kernel.

Every read is checked: the entry's own checksum, its key against the file name, the owner, the
blob's sha256 against its name, and that the cubin defines the kernel the entry names (for the SM
it names; read once per cubin per process). A truncated, corrupted, wrong-key or lying entry is deleted with
one warning and reported as a miss, so the caller recompiles; a foreign-owned one is ignored
(never loaded, never deleted). The C++ runtime (kfoot/include/kfoot/runtime.hpp) reads and writes
the same files under the same lock. Moving a cache between machines: kfoot.runtime.cache_archive.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import KfootError
from ..core.store import Refused, Store, cache_disabled_by_env, default_cache_root, kernel_cache_bound, not_removed_rows
from . import cache_archive, cache_counters
from .cache_entry import (BLOB_SUFFIX, ENTRY_SUFFIX, MAX_BLOB_BYTES, MAX_ENTRY_BYTES, claim_problem, cubin_claims,
                          format_entry, parse_entry)
from .statmemo import StatMemo

SUBFOLDERS = ("entries", "blobs", "tmp")


class CacheWarning(UserWarning):
    """A cache entry was discarded or ignored; the kernel is recompiled."""


@dataclass(frozen=True)
class CacheHit:
    cubin: bytes
    lowered_name: str
    meta: dict


@dataclass
class EntryInfo:
    key: str
    path: Path
    size: int  # the entry file alone
    mtime: float  # last use (a hit touches it): the LRU order
    meta: dict | None  # None when the entry is unreadable or corrupt
    problem: str | None = None
    blob_size: int = 0

    def to_dict(self) -> dict:
        """A row of `kfoot cache ls --json`."""
        meta = self.meta or {}
        return {"key": self.key, "kernel": meta.get("name_expression"), "family": meta.get("family"),
                "arch": meta.get("arch"), "cubin_bytes": self.blob_size, "last_used": round(self.mtime, 3),
                "problem": self.problem}


@dataclass
class KernelStats:
    """`kfoot cache stats` for the kernel cache: what `verify` finds bad counted too."""
    root: Path
    entries: int = 0
    cubins: int = 0
    total_bytes: int = 0  # entries and cubins on disk
    max_bytes: int | None = None
    bad_entries: int = 0
    bad_cubins: int = 0
    entries_per_arch: dict[str, int] = field(default_factory=dict)
    counters: cache_counters.Counters = field(default_factory=cache_counters.Counters)
    counters_problem: str | None = None  # why the counters file was not read (counted as zero)

    @property
    def bad(self) -> int:
        return self.bad_entries + self.bad_cubins

    def to_dict(self) -> dict:
        return {"root": str(self.root), "entries": self.entries, "cubins": self.cubins, "total_bytes": self.total_bytes,
                "max_bytes": self.max_bytes, "bad": self.bad, "bad_entries": self.bad_entries,
                "bad_cubins": self.bad_cubins, "entries_per_arch": dict(sorted(self.entries_per_arch.items())),
                **self.counters.to_dict(), "counters_problem": self.counters_problem}


@dataclass
class PruneResult:
    root: Path
    max_bytes: int
    removed_entries: int = 0
    removed_cubins: int = 0
    freed_bytes: int = 0
    total_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)  # reason -> paths

    def to_dict(self) -> dict:
        return {"root": str(self.root), "max_bytes": self.max_bytes, "removed_entries": self.removed_entries,
                "removed_cubins": self.removed_cubins, "freed_bytes": self.freed_bytes,
                "total_bytes": self.total_bytes, "not_removed": not_removed_rows(self.not_removed)}


@dataclass
class ClearResult:
    root: Path
    removed_entries: int = 0
    removed_cubins: int = 0
    removed_other: int = 0  # temporary files, strays, links
    freed_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)  # reason -> paths

    def to_dict(self) -> dict:
        return {"root": str(self.root), "removed_entries": self.removed_entries, "removed_cubins": self.removed_cubins,
                "removed_other": self.removed_other, "freed_bytes": self.freed_bytes,
                "not_removed": not_removed_rows(self.not_removed)}


class DiskCache:
    def __init__(self, root: str | os.PathLike, *, max_bytes: int | None = None):
        self.store = Store(root, subfolders=SUBFOLDERS)
        self.root = self.store.root
        self.max_bytes = max_bytes
        self._warned: set[str] = set()
        self._warn_lock = threading.Lock()
        self._verified_blobs: dict[str, bytes] = {}  # blob sha -> bytes, checked once per process
        self._blob_claims: dict[str, tuple[int, frozenset[str]] | str] = {}  # blob sha -> what it defines, read once
        self.unusable = False  # set when the root turned out unusable: writes are skipped
        self.unusable_reason: str | None = None  # why, for a caller that reports it (kfoot warm)
        self.memo = StatMemo(self.store)  # NVRTC version and header digests, for the key

    @classmethod
    def from_env(cls) -> "DiskCache | None":
        """The cache the environment asks for, or None when KFOOT_CACHE=0."""
        if cache_disabled_by_env():
            return None
        return cls(default_cache_root(), max_bytes=kernel_cache_bound())

    # -- paths ------------------------------------------------------------------------------
    def entry_path(self, key: str) -> Path:
        return self.root / "entries" / key[:2] / (key + ENTRY_SUFFIX)

    def blob_path(self, sha: str) -> Path:
        return self.root / "blobs" / sha[:2] / (sha + BLOB_SUFFIX)

    def ensure_root(self) -> None:
        """Create the cache private to the user; refuse a root (or entries/, blobs/, tmp/) owned by
        someone else or that is a symbolic link (one line, KfootError)."""
        self.store.ensure()

    def check_folder(self) -> bool:
        """For `kfoot cache`: True when the root is a readable folder, False when it does not exist
        yet; a KfootError (one line, exit 2) when it is a file, cannot be read, or it or one of its
        folders is a symbolic link (another user's cache may be read; changing it is refused later)."""
        return self.store.check_readable()

    # -- reading ----------------------------------------------------------------------------
    def get(self, key: str) -> CacheHit | None:
        """The cached kernel for `key`, or None (missing, corrupt: warned and deleted, foreign: ignored)."""
        path = self.entry_path(key)
        data = self._read_own(path, limit=MAX_ENTRY_BYTES)
        if data is None:
            return None
        meta, problem = parse_entry(data, key)
        if problem:
            self._warn(path, problem, delete=True)
            return None
        cubin = self._read_blob(meta["blob"], path)
        if cubin is None:
            return None
        claims = self._blob_claims.get(meta["blob"])
        if claims is None:
            claims = self._blob_claims[meta["blob"]] = cubin_claims(cubin)
        problem = claim_problem(meta, claims)
        if problem:  # sound files, but not the kernel the key names: a miss, compiled again
            self._warn(path, problem, delete=True)
            return None
        try:  # the LRU clock: a hit makes the entry recent
            os.utime(path, follow_symlinks=False)
        except OSError:
            pass
        return CacheHit(cubin=cubin, lowered_name=meta["lowered_name"], meta=meta)

    def _read_own(self, path: Path, *, limit: int, missing=None) -> bytes | None:
        """A file's bytes if it is a regular file of this user of at most `limit` bytes; None when it
        is missing (after `missing()`), or warned about (a link, another user's, too large,
        unreadable) and left alone."""
        try:
            return self.store.read(path, limit=limit)
        except FileNotFoundError:
            if missing is not None:
                missing()
        except Refused as exc:
            self._warn(path, f"{exc}, ignored", delete=False)
        except OSError as exc:  # ELOOP: a link, not followed
            self._warn(path, f"unreadable ({exc.strerror})", delete=False)
        return None

    def _read_blob(self, sha: str, entry_path: Path) -> bytes | None:
        cached = self._verified_blobs.get(sha)
        if cached is not None:
            return cached
        path = self.blob_path(sha)
        # Missing: pruned by another process between our two reads, or lost: the entry is useless.
        data = self._read_own(path, limit=MAX_BLOB_BYTES, missing=lambda: self.store.remove(entry_path))
        if data is None:
            return None
        if hashlib.sha256(data).hexdigest() != sha:
            self._warn(path, "cubin checksum mismatch", delete=True)
            self.store.remove(entry_path)
            return None
        self._verified_blobs[sha] = data
        return data

    # -- writing ----------------------------------------------------------------------------
    def put_program(self, cubin: bytes, kernels: list[tuple[str, str, dict]]) -> None:
        """Store one program's cubin and an entry per kernel: (key, lowered name, metadata).

        A cache that cannot be used (a root owned by someone else, a read-only disk) warns once
        and is skipped: the kernel was compiled, the caller still gets it.
        """
        if self.unusable:
            return
        sha = hashlib.sha256(cubin).hexdigest()
        keys = {key for key, _, _ in kernels}
        try:
            self.store.ensure()
            with self.store.locked() as root_fd:
                delta = 0
                old = self.store.write(root_fd, ("blobs", sha[:2], sha + BLOB_SUFFIX), cubin, replace=False)
                if old is not None:
                    delta += len(cubin) - old
                self._verified_blobs[sha] = cubin
                for key, lowered, meta in kernels:
                    body = format_entry(dict(meta, key=key, blob=sha, blob_size=len(cubin), lowered_name=lowered, created=time.time()))
                    delta += len(body) - self.store.write(root_fd, ("entries", key[:2], key + ENTRY_SUFFIX), body)
                # The bound, under the same lock: the total every writer keeps in root/usage (measured
                # once when missing), and past the bound a prune that keeps what was just written.
                measure = (lambda: self.usage()[2]) if self.max_bytes is not None else None
                total = self.store.account(root_fd, delta, measure)
                if self.max_bytes is not None and total is not None and total > self.max_bytes:
                    self._prune_locked(root_fd, self.max_bytes, keep=keys, keep_newest=False)
        except OSError as exc:  # disk full, read-only, a link: the kernel is compiled, only caching failed
            self._disable(f"cannot write in {self.root} ({exc.strerror})")
        except KfootError as exc:  # a damaged or foreign cache: the kernel is still compiled
            self._disable(str(exc))

    def count(self, seen: cache_counters.Counters) -> None:
        """Add a lookup's or a compile's PCH and remote-tier figures to the cache's counters."""
        if not self.unusable:
            cache_counters.add(self.store, seen)

    def _disable(self, why: str) -> None:
        self.unusable, self.unusable_reason = True, why
        warnings.warn(f"kfoot cache disabled for this process: {why}", CacheWarning, stacklevel=4)

    # -- maintenance ------------------------------------------------------------------------
    # Maintenance lists the cache with lstat and never follows a symbolic link below the root: a
    # folder such as entries/ab that is a link is not the cache's, so nothing under it is listed,
    # read or deleted (deletions open every folder on the way with O_NOFOLLOW: Store.remove).

    def entries(self) -> list[EntryInfo]:
        """Every entry on disk with its metadata, checked (problem set when bad). Foreign ones included."""
        infos = []
        for path, info in self.store.scan("entries", ENTRY_SUFFIX):
            key = path.name[: -len(ENTRY_SUFFIX)]
            if not stat.S_ISREG(info.st_mode):
                infos.append(EntryInfo(key, path, 0, info.st_mtime, None, "not a regular file (a symbolic link is not followed)"))
                continue
            try:
                data = self.store.read(path, limit=MAX_ENTRY_BYTES, own=False)
            except (OSError, Refused) as exc:
                why = str(exc) if isinstance(exc, Refused) else exc.strerror
                infos.append(EntryInfo(key, path, info.st_size, info.st_mtime, None, f"unreadable ({why})"))
                continue
            meta, problem = parse_entry(data, key)
            if info.st_uid != self.store.uid:
                problem = f"owned by uid {info.st_uid}"
            entry = EntryInfo(key, path, info.st_size, info.st_mtime, None if problem else meta, problem)
            if meta and not problem:
                entry.blob_size = int(meta.get("blob_size", 0))
            infos.append(entry)
        return infos

    def _blob_files(self) -> dict[str, tuple[Path, os.stat_result]]:
        """sha -> (path, lstat) of every cubin that is a regular file (links are not followed)."""
        return {p.name[: -len(BLOB_SUFFIX)]: (p, info) for p, info in self.store.scan("blobs", BLOB_SUFFIX)
                if stat.S_ISREG(info.st_mode)}

    def blobs(self) -> dict[str, Path]:
        return {sha: path for sha, (path, _) in self._blob_files().items()}

    def _check(self) -> tuple[list[tuple[Path, str]], list[EntryInfo], dict[str, int]]:
        """The one check behind `verify` and the bad counts of `stats`: (bad (path, problem) pairs,
        cubins first, then entries; the entries; the cubins' sizes). An entry is bad when it is
        corrupt, foreign, not a regular file, or its cubin is missing or corrupt; a cubin is bad
        when its sha256 is not its name or it cannot be read."""
        bad: list[tuple[Path, str]] = []
        blob_ok: dict[str, bool] = {}
        claims: dict[str, tuple[int, frozenset[str]] | str] = {}
        sizes: dict[str, int] = {}
        for sha, (path, info) in self._blob_files().items():
            sizes[sha] = info.st_size
            try:
                data = self.store.read(path, limit=MAX_BLOB_BYTES, own=False)
                ok = hashlib.sha256(data).hexdigest() == sha
                why = "cubin checksum mismatch"
                if ok:
                    claims[sha] = cubin_claims(data)
            except (OSError, Refused) as exc:
                ok, why = False, f"unreadable cubin ({exc if isinstance(exc, Refused) else exc.strerror})"
            blob_ok[sha] = ok
            if not ok:
                bad.append((path, why))
        infos = self.entries()
        for info in infos:
            problem = info.problem
            if problem is None and not blob_ok.get(info.meta["blob"], False):
                problem = "its cubin is missing or corrupt"
            if problem is None:  # sound files, but does the cubin hold the kernel the entry names?
                problem = claim_problem(info.meta, claims[info.meta["blob"]])
            if problem:
                bad.append((info.path, problem))
        return bad, infos, sizes

    def verify(self, *, fix: bool = False) -> list[tuple[Path, str]]:
        """Check every entry and blob; returns (path, problem) for the bad ones (deleted when fix,
        except another user's files)."""
        if not self.store.guard(write=fix):
            return []
        bad = self._check()[0]
        if fix and bad:
            with self.store.locked() as root_fd:
                for path, problem in bad:
                    if not problem.startswith("owned by"):
                        self.store.remove(path)
                self.store.invalidate_usage(root_fd)
        return bad

    def usage(self) -> tuple[list[EntryInfo], dict[str, int], int]:
        """(entries, referenced blob sizes, total bytes on disk of entries plus blobs)."""
        infos = self.entries()
        blob_sizes = {sha: info.st_size for sha, (_, info) in self._blob_files().items()}
        total = sum(i.size for i in infos) + sum(blob_sizes.values())
        return infos, blob_sizes, total

    def listing(self) -> list[EntryInfo]:
        """Every entry, most recently used first (`kfoot cache ls`)."""
        return sorted(self.entries(), key=lambda i: -i.mtime) if self.root.is_dir() else []

    def stats(self) -> KernelStats:
        """Entries, cubins, bytes on disk, entries per arch, the bound, and what `verify` finds bad
        (it reads every cubin, as verify does)."""
        result = KernelStats(self.root, max_bytes=self.max_bytes)
        bad, infos, blob_sizes = self._check() if self.root.is_dir() else ([], [], {})
        result.entries, result.cubins = len(infos), len(blob_sizes)
        result.total_bytes = sum(i.size for i in infos) + sum(blob_sizes.values())
        for info in infos:
            if info.meta:
                arch = info.meta.get("arch", "?")
                result.entries_per_arch[arch] = result.entries_per_arch.get(arch, 0) + 1
        result.bad_cubins = sum(1 for path, _ in bad if path.name.endswith(BLOB_SUFFIX) and path.parent.parent.name == "blobs")
        result.bad_entries = len(bad) - result.bad_cubins
        if self.root.is_dir():
            result.counters, result.counters_problem = cache_counters.read(self.store)
        return result

    def prune(self, max_bytes: int, *, keep=(), keep_newest: bool | None = None) -> PruneResult:
        """Delete least-recently-used entries (and blobs no entry uses) until the cache fits max_bytes,
        under the cache's lock. Unreferenced cubins (a killed writer's) and stale temporary files go
        first. `keep`: keys never evicted (what was just written); `keep_newest`: the most recently
        used entry is never evicted either, so a bound never empties the cache; by default when
        max_bytes is this cache's own bound (KFOOT_CACHE_MAX_BYTES), not for an explicit size."""
        if not self.store.guard(write=True):
            return PruneResult(self.root, max_bytes)
        if keep_newest is None:
            keep_newest = self.max_bytes is not None and max_bytes == self.max_bytes
        with self.store.locked() as root_fd:
            return self._prune_locked(root_fd, max_bytes, keep=set(keep), keep_newest=keep_newest)

    def _prune_locked(self, root_fd: int, max_bytes: int, *, keep: set, keep_newest: bool) -> PruneResult:
        result = PruneResult(self.root, max_bytes)
        infos = self.entries()
        files = self._blob_files()
        blob_sizes = {sha: info.st_size for sha, (_, info) in files.items()}
        total = sum(i.size for i in infos) + sum(blob_sizes.values())
        refcount: dict[str, int] = {}
        for info in infos:
            if info.meta:
                refcount[info.meta["blob"]] = refcount.get(info.meta["blob"], 0) + 1
        if keep_newest:
            ours = [i for i in infos if i.meta and not i.problem]
            if ours:
                keep = keep | {max(ours, key=lambda i: i.mtime).key}

        def drop_blob(sha: str) -> None:
            nonlocal total
            if sha not in blob_sizes:
                return  # not listed (missing, or under a link): nothing of ours to delete
            path = files[sha][0]
            reason = self.store.remove(path)
            if reason is None:
                size = blob_sizes.pop(sha)
                result.removed_cubins += 1
                result.freed_bytes += size
                total -= size
            elif reason != "gone":
                result.not_removed.setdefault(reason, []).append(str(path))

        # Orphans first (a killed writer's cubin, or one whose entries were all replaced). Writers
        # hold the lock from their cubin to their last entry, so under it no orphan is mid-write,
        # and no temporary file either.
        for sha in list(blob_sizes):
            if refcount.get(sha, 0) == 0:
                drop_blob(sha)
        self.store.sweep_tmp(root_fd)
        # Another user's entries are not ours to delete; `keep` stays.
        candidates = [(i.mtime, i.size, i.path, i) for i in infos
                      if i.key not in keep and not (i.problem and i.problem.startswith("owned by"))]
        for info, removed in self.store.evict(candidates, lambda: total <= max_bytes, result.not_removed):
            if removed:
                result.removed_entries += 1
                result.freed_bytes += info.size
                total -= info.size
            if info.meta:
                sha = info.meta["blob"]
                refcount[sha] -= 1
                if refcount[sha] == 0:
                    drop_blob(sha)
        result.total_bytes = total
        self.store.set_usage(root_fd, total)
        return result

    def clear(self) -> ClearResult:
        """Delete every entry, cubin and temporary file (another user's files are left alone);
        returns what was removed and, by reason, what could not be. Never follows a link: a link
        inside the cache is removed itself, what it points to is left alone."""
        self._verified_blobs.clear()
        self._blob_claims.clear()
        cleared = self.store.clear({"entries": ENTRY_SUFFIX, "blobs": BLOB_SUFFIX})
        return ClearResult(self.root, cleared.counts["entries"], cleared.counts["blobs"], cleared.other,
                           cleared.freed_bytes, cleared.not_removed)

    # -- moving a cache between machines (kfoot.runtime.cache_archive) ----------------------
    def export(self, archive: str | os.PathLike) -> int:
        """Write the good entries and their cubins to a tar archive; returns the entry count."""
        return cache_archive.export_entries(self, archive)

    def import_(self, archive: str | os.PathLike) -> cache_archive.ImportResult:
        """Install the entries of an exported archive, each checked against what it claims."""
        return cache_archive.import_entries(self, archive)

    # -- helpers ----------------------------------------------------------------------------
    def _warn(self, path: Path, problem: str, *, delete: bool) -> None:
        with self._warn_lock:
            first = str(path) not in self._warned
            self._warned.add(str(path))
        if delete:
            self.store.remove(path)
        if first:
            action = "discarded, recompiling" if delete else "not used"
            warnings.warn(f"kfoot cache entry {path}: {problem}; {action}", CacheWarning, stacklevel=4)
