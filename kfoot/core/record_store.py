"""Checked records in a cache store (kfoot.core.store): how the report cache keeps its entries.
kfoot.report.result_cache makes the keys and the bodies; `kfoot cache` maintains the records
without knowing what they hold. Under the cache root:

    report/entries/<k[:2]>/<key>.json   two lines: a JSON header, then the body
    report/tmp/                          files being written, renamed into place
    report/usage                         bytes of the entries, kept by the writers under the lock

The header holds the key and the sha256 of the body, with what the writer adds (the report cache:
its format and the container's sha256). A record is read only when it is a regular file of the
user, at most MAX_RECORD_BYTES, its header names its key and the body matches the checksum; anything
else is a miss (and a bad record to `kfoot cache verify`). JSON only: nothing read is executed.

Bounded by LRU (a hit touches the record): writers add what they wrote to `usage`, and `prune` (a
report runs it once, after its writers) deletes the least recently used records until the rest
fit the bound (KFOOT_REPORT_CACHE_MAX_BYTES, kfoot.core.store.report_cache_bound).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .errors import KfootError
from .store import Cleared, Refused, Store, close_folders, not_removed_rows

FOLDER = "report"
SUFFIX = ".json"
# A larger record is neither written nor read: parsing its JSON takes several times its size in
# memory. libcusparse's largest report entry is 0.14 MB (1.5 MB with --kernels).
MAX_RECORD_BYTES = 32 << 20
# Report caches of kfoot 0.x wrote their temporary files without the lock: under it, only those
# older than this are surely abandoned (a killed kfoot's).
STALE_TMP_SECONDS = 3600


@dataclass
class RecordStats:
    root: Path
    entries: int = 0
    total_bytes: int = 0
    max_bytes: int = 0
    bad: int = 0

    def to_dict(self) -> dict:
        return {"root": str(self.root), "entries": self.entries, "total_bytes": self.total_bytes,
                "max_bytes": self.max_bytes, "bad": self.bad}


@dataclass
class RecordsPruned:
    root: Path
    max_bytes: int
    removed_entries: int = 0
    freed_bytes: int = 0
    total_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)  # reason -> paths

    def to_dict(self) -> dict:
        return {"root": str(self.root), "max_bytes": self.max_bytes, "removed_entries": self.removed_entries,
                "freed_bytes": self.freed_bytes, "total_bytes": self.total_bytes,
                "not_removed": not_removed_rows(self.not_removed)}


@dataclass
class RecordsCleared:
    root: Path
    removed_entries: int = 0
    removed_other: int = 0
    freed_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"root": str(self.root), "removed_entries": self.removed_entries, "removed_other": self.removed_other,
                "freed_bytes": self.freed_bytes, "not_removed": not_removed_rows(self.not_removed)}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def pack(key: str, header: dict, body: bytes) -> bytes:
    """A record: the header (with the key and the body's sha256 added) on one line, then the body."""
    line = json.dumps({**header, "key": key, "body": sha256(body)}).encode()
    return line + b"\n" + body


def unpack(data: bytes, key: str) -> tuple[dict, bytes] | str:
    """(header, body) of a sound record of `key`, else what is wrong with it."""
    head, sep, body = data.partition(b"\n")
    if not sep:
        return "truncated record"
    try:
        header = json.loads(head)
    except (ValueError, RecursionError):
        return "header is not JSON"
    if not isinstance(header, dict):
        return "header is not a JSON object"
    if header.get("key") != key:
        return "record holds another key (renamed or copied file)"
    if header.get("body") != sha256(body):
        return "body checksum mismatch"
    return header, body


class RecordStore:
    def __init__(self, root: str | os.PathLike, max_bytes: int):
        self.store = Store(root, FOLDER, ("entries", "tmp"))
        self.max_bytes = max_bytes
        self.usable: bool | None = None  # checked on first use
        self.written = 0  # records written by this process since the last prune

    @property
    def path(self) -> Path:
        return self.store.path

    def record_path(self, key: str) -> Path:
        return self.store.path / "entries" / key[:2] / (key + SUFFIX)

    def _ready(self) -> bool:
        """Create the folders once; False when they are a link, not folders, or not ours (the
        caller goes on without the cache)."""
        if self.usable is None:
            try:
                self.store.ensure()
                self.usable = True
            except (KfootError, OSError):
                self.usable = False
        return self.usable

    # -- use ----------------------------------------------------------------------------------
    def get(self, key: str) -> tuple[dict, bytes] | None:
        """(header, body) of the record of `key`, or None (a miss: absent, unreadable, corrupt,
        tampered, too large or not ours)."""
        if not self._ready():
            return None
        path = self.record_path(key)
        try:
            found = unpack(self.store.read(path, limit=MAX_RECORD_BYTES), key)
        except (OSError, Refused):
            return None
        if isinstance(found, str):
            return None
        try:
            os.utime(path, follow_symlinks=False)  # last use: the prune keeps what is used
        except OSError:
            pass
        return found

    def put(self, key: str, header: dict, body: bytes) -> None:
        """Store a record; a failure to write (a full disk, a refused folder) is only a miss next time."""
        self.put_many([(key, header, body)])

    def put_many(self, records: list[tuple[str, dict, bytes]]) -> None:
        """Store records (key, header, body) under one taking of the lock and one update of the
        usage figure (MXNet's first report writes 493: a lock and a usage file each cost it
        0.9 s of CPU). A failure to write is only a miss next time; what was written is counted."""
        if not self._ready():
            return
        packed = [(key, pack(key, header, body)) for key, header, body in records]
        packed = [(key, data) for key, data in packed if len(data) <= MAX_RECORD_BYTES]
        if not packed:
            return
        try:
            with self.store.locked() as fd:
                delta = 0
                folders: dict = {}
                try:
                    for key, data in packed:
                        old = self.store.write(fd, ("entries", key[:2], key + SUFFIX), data, folders=folders)
                        delta += len(data) - old
                        self.written += 1  # a count, read after the writer threads are done
                finally:
                    close_folders(folders)
                    if delta:
                        self.store.account(fd, delta, measure=self._measure)
        except (OSError, KfootError):
            return

    def _measure(self) -> int:
        return sum(info.st_size for _, info in self.store.scan("entries", SUFFIX))

    # -- maintenance --------------------------------------------------------------------------
    def check_folder(self) -> bool:
        return self.store.check_readable()

    def prune(self, max_bytes: int | None = None) -> RecordsPruned:
        """`kfoot cache prune`: delete the least recently used records until the rest fit `max_bytes`
        (default: the store's bound), and the temporary files a killed kfoot left; under the lock."""
        return self._prune(self.max_bytes if max_bytes is None else max_bytes, trust_usage=False)

    def prune_after_writes(self) -> None:
        """The bound, once after a run that wrote records: the store is listed only when its usage
        figure passes the bound; a store that cannot be pruned is left as it is."""
        try:
            self._prune(self.max_bytes, trust_usage=True)
        except KfootError:
            pass

    def _prune(self, bound: int, *, trust_usage: bool) -> RecordsPruned:
        result = RecordsPruned(self.path, bound)
        self.written = 0
        if not self.store.guard(write=True):
            return result
        with self.store.locked() as fd:
            self.store.sweep_tmp(fd, older_than=STALE_TMP_SECONDS)
            usage = self.store.read_usage(fd) if trust_usage else None
            if usage is not None and usage <= bound:
                result.total_bytes = usage
                return result
            files = [(info.st_mtime, info.st_size, path, info.st_size) for path, info in self.store.scan("entries", SUFFIX)]
            total = sum(size for _, size, _, _ in files)
            for size, removed in self.store.evict(files, lambda: total <= bound, result.not_removed):
                total -= size
                if removed:
                    result.removed_entries += 1
                    result.freed_bytes += size
            result.total_bytes = total
            self.store.set_usage(fd, total)
        return result

    def check(self) -> list[tuple[Path, str]]:
        """(path, problem) of every bad record: not a regular file, another user's, unreadable, too
        large, or not a sound record of the key its name gives."""
        bad = []
        for path, info in self.store.scan("entries", SUFFIX):
            if not stat.S_ISREG(info.st_mode):
                problem = "not a regular file (a symbolic link is not followed)"
            elif info.st_uid != self.store.uid:
                problem = f"owned by uid {info.st_uid}"
            else:
                try:
                    found = unpack(self.store.read(path, limit=MAX_RECORD_BYTES), path.name[: -len(SUFFIX)])
                    problem = found if isinstance(found, str) else None
                except Refused as exc:
                    problem = str(exc)
                except OSError as exc:
                    problem = f"unreadable ({exc.strerror})"
            if problem:
                bad.append((path, problem))
        return bad

    def verify(self, *, fix: bool = False) -> list[tuple[Path, str]]:
        """The bad records (deleted when `fix`, except another user's)."""
        if not self.store.guard(write=fix):
            return []
        bad = self.check()
        if fix and bad:
            with self.store.locked() as fd:
                for path, problem in bad:
                    if not problem.startswith("owned by"):
                        self.store.remove(path)
                self.store.invalidate_usage(fd)
        return bad

    def stats(self) -> RecordStats:
        result = RecordStats(self.path, max_bytes=self.max_bytes)
        if not self.store.guard(write=False):
            return result
        files = self.store.scan("entries", SUFFIX)
        result.entries = len(files)
        result.total_bytes = sum(info.st_size for _, info in files if stat.S_ISREG(info.st_mode))
        result.bad = len(self.check())
        return result

    def clear(self) -> RecordsCleared:
        self.usable = None
        cleared: Cleared = self.store.clear({"entries": SUFFIX})
        return RecordsCleared(self.path, cleared.counts["entries"], cleared.other, cleared.freed_bytes, cleared.not_removed)
