"""The report cache: each container's analysis, on disk, so a repeated report decodes only what changed.

Its entries are records of kfoot.core.record_store, in `report/` under kfoot's cache folder
(kfoot.core.store: KFOOT_CACHE_DIR, else $XDG_CACHE_HOME/kfoot, else ~/.cache/kfoot), which holds
how they are stored, checked, bounded (KFOOT_REPORT_CACHE_MAX_BYTES) and maintained (`kfoot cache`).
This module makes the key and checks what a record says it is for.

`key` is the sha256 of the cache schema, the kfoot version and the code that computes a
container's result (code_version), every option that changes it (kfoot.report.result_codec says
which) and the BLAKE3 digest of the container's bytes. The record's header adds the schema and the
container's digest; an entry is used only when both match too, else it is a miss and is recomputed
and overwritten. KFOOT_CACHE=0 turns the cache off: nothing is read or written. A cache folder that
is a symbolic link, not a folder, or not ours is not used (the report goes on without it).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
import time
from pathlib import Path

from .. import __version__
from ..core.record_store import RecordStore, sha256
from ..core.store import cache_disabled_by_env, default_cache_root, report_cache_bound

CACHE_SCHEMA = "kfoot.report-cache/4"
# A file's container digests, remembered while the file is unchanged (see remembered_digests).
DIGESTS_SCHEMA = "kfoot.report-digests/2"
# A file changed less than this long before kfoot looked at it could change again within the same
# timestamp tick, unseen: its digests are not remembered (git's "racily clean" files).
SETTLED_NS = 1_000_000_000
# A whole file's added-up figures (kfoot.report.result_codec.file_to_cache), keyed by its
# containers' digests and places: a repeat of an unchanged file reads this one record.
FILE_SCHEMA = "kfoot.report-file/2"
_DIGEST_HEX = re.compile(r"[0-9a-f]{64}")


# The modules whose code makes a container's results: their bytes are part of the key, so a
# kfoot changed without a new version number (a checkout, a patch) never reads an older result.
_CODE = ("binary/cubin.py", "binary/fatbin.py", "binary/compress_modes.py", "report/analyze.py", "report/decode.py",
         "report/result_codec.py", "report/families.py", "report/result_cache.py", "core/units.py",
         "core/errors.py")  # the last two: messages


# And those that add a file's images up, for the whole-file record.
_FILE_CODE = (*_CODE, "report/accumulate.py", "report/model.py")


@functools.cache
def code_version(schema: str = CACHE_SCHEMA) -> str:
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{schema}\0{__version__}".encode())
    for name in _FILE_CODE if schema == FILE_SCHEMA else _CODE:
        try:
            digest.update((root / name).read_bytes())
        except OSError:
            digest.update(b"?" + name.encode())  # not readable (a zip import): the version alone
    return digest.hexdigest()


class ReportCache:
    def __init__(self, root: str | os.PathLike, max_bytes: int):
        """`root`: kfoot's cache folder (the records go to its report/)."""
        self.records = RecordStore(root, max_bytes)

    @classmethod
    def from_env(cls) -> "ReportCache | None":
        """The cache the environment asks for, or None when KFOOT_CACHE=0."""
        if cache_disabled_by_env():
            return None
        return cls(default_cache_root(), report_cache_bound())

    @property
    def written(self) -> int:
        return self.records.written

    def note_written(self, count: int) -> None:
        """Entries another process (a forked writer) stored for this run: the prune runs after it."""
        self.records.written += count

    @staticmethod
    def key(digest: str, options: str) -> str:
        return sha256(f"{code_version()}\0{options}\0{digest}".encode())

    def get(self, key: str, digest: str):
        """The body stored under `key` for a container of this digest, or None (a miss: absent,
        unreadable, corrupt, tampered or not ours)."""
        return self._body(key, {"schema": CACHE_SCHEMA, "digest": digest})

    def put(self, key: str, digest: str, body) -> None:
        """Store `body` (JSON-able) under `key`; a failure to write is only a miss next time."""
        self.put_many([(key, digest, json.dumps(body, separators=(",", ":")).encode())])

    def put_many(self, entries: list[tuple[str, str, bytes]]) -> None:
        """Store each (key, digest, body already encoded as JSON) under one taking of the store's lock."""
        self.records.put_many([(key, {"schema": CACHE_SCHEMA, "digest": digest}, body)
                               for key, digest, body in entries])

    @staticmethod
    def file_key(options: str, containers: list[tuple[str, str, bool, str]]) -> str:
        """The key of a whole file's record: the options that change its figures (a container's,
        and --arch), and each container (where it lies in the file, its host section, whether
        it is a relocatable copy, its digest) in the walk's order."""
        return sha256(json.dumps([code_version(FILE_SCHEMA), options, containers]).encode())

    def get_file(self, key: str, containers: int):
        """The body of a whole file's record of `key` for a file of this many containers, or None."""
        return self._body(key, {"schema": FILE_SCHEMA, "containers": containers})

    def _body(self, key: str, expected: dict):
        """The parsed body of the record of `key` whose header holds `expected`, or None."""
        found = self.records.get(key)
        if found is None:
            return None
        header, body = found
        if any(header.get(field) != value for field, value in expected.items()):
            return None
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            return None

    def put_file(self, key: str, containers: int, body) -> None:
        self.records.put(key, {"schema": FILE_SCHEMA, "containers": containers},
                         json.dumps(body, separators=(",", ":")).encode())

    @staticmethod
    def file_stamp(fd: int) -> str | None:
        """What identifies the contents of the regular file open at `fd` while it is unchanged:
        device, inode, size, mtime and ctime (nanoseconds; no user can set a ctime: any write or
        utime moves it to now). None for anything else (an unlinked temporary file: a wheel's
        member), or for a file changed in the last second."""
        try:
            info = os.fstat(fd)
        except OSError:
            return None
        if not stat.S_ISREG(info.st_mode) or info.st_nlink == 0 or time.time_ns() - max(info.st_mtime_ns, info.st_ctime_ns) < SETTLED_NS:
            return None
        return f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}"

    def remembered_digests(self, stamp: str) -> dict[str, str]:
        """The container digests a report stored for the file of this stamp ("position:size" ->
        digest), so a repeat does not hash the file again (MXNet's 1.1 GB of containers: 0.7 s of
        CPU); {} when there is none, or it is not sound (every value is checked)."""
        found = self.records.get(self._digests_key(stamp))
        if found is None:
            return {}
        header, body = found
        if header.get("schema") != DIGESTS_SCHEMA or header.get("stamp") != stamp:
            return {}
        try:
            digests = json.loads(body)
        except (ValueError, RecursionError):
            return {}
        if not isinstance(digests, dict) or not all(
                isinstance(v, str) and _DIGEST_HEX.fullmatch(v) for v in digests.values()):
            return {}
        return digests

    def remember_digests(self, stamp: str, digests: dict[str, str]) -> None:
        self.records.put(self._digests_key(stamp), {"schema": DIGESTS_SCHEMA, "stamp": stamp},
                         json.dumps(digests, separators=(",", ":"), sort_keys=True).encode())

    @staticmethod
    def _digests_key(stamp: str) -> str:
        return sha256(f"{DIGESTS_SCHEMA}\0{stamp}".encode())

    def prune(self) -> None:
        """The size bound, once after a run that wrote entries."""
        self.records.prune_after_writes()
