"""The report cache: each container's analysis, on disk, so a repeated report decodes only what changed.

Layout under kfoot's cache folder (kfoot.core.cachedir.default_cache_root: KFOOT_CACHE_DIR, else
$XDG_CACHE_HOME/kfoot, else ~/.cache/kfoot), in its own folder `report/` (created 0700):

    report/entries/<k[:2]>/<key>.json   two lines: a JSON header, then the JSON body
    report/tmp/                          temporary files, renamed into place

`key` is the sha256 of the cache schema, the kfoot version and the code that computes a
container's result (code_version), every option that changes it (kfoot.report.result_codec says
which) and the sha256 of the container's bytes.
The header repeats the key and the container digest and carries the sha256 of the body; an entry
is used only when all three match (and it is a regular file of ours, below MAX_ENTRY_BYTES), else
it is a miss and is recomputed and overwritten. JSON only: nothing read here is ever executed.

Bounded: after a report that wrote entries, the oldest (by last use: a hit touches its entry)
are deleted until the entries fit KFOOT_REPORT_CACHE_MAX_BYTES (default 256 MiB), and temporary
files older than an hour (left by a killed kfoot) go too. KFOOT_CACHE=0
turns the cache off: nothing is read or written. A cache folder that is a symbolic link, not a
folder, or not ours is not used (the report goes on without it).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import stat
import time
from pathlib import Path

from .. import __version__
from ..core.atomic import write_atomic
from ..core.units import parse_bytes
from ..core.cachedir import cache_disabled_by_env, default_cache_root

CACHE_SCHEMA = "kfoot.report-cache/2"
FOLDER = "report"
SUFFIX = ".json"
MAX_BYTES_ENV = "KFOOT_REPORT_CACHE_MAX_BYTES"
DEFAULT_MAX_BYTES = 256 << 20
# A larger entry is neither written nor read: parsing its JSON takes several times its size in
# memory. libcusparse's largest entry is 0.14 MB (1.5 MB with --kernels).
MAX_ENTRY_BYTES = 32 << 20
_OPEN_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC


# The modules whose code makes a container's results: their bytes are part of the key, so a
# kfoot changed without a new version number (a checkout, a patch) never reads an older result.
_CODE = ("binary/cubin.py", "binary/fatbin.py", "binary/compress_modes.py", "report/analyze.py", "report/decode.py",
         "report/result_codec.py", "report/families.py", "report/result_cache.py", "core/units.py",
         "core/errors.py")  # the last two: messages


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@functools.cache
def code_version() -> str:
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{CACHE_SCHEMA}\0{__version__}".encode())
    for name in _CODE:
        try:
            digest.update((root / name).read_bytes())
        except OSError:
            digest.update(b"?" + name.encode())  # not readable (a zip import): the version alone
    return digest.hexdigest()


class ReportCache:
    def __init__(self, root: str | os.PathLike, max_bytes: int = DEFAULT_MAX_BYTES):
        self.root = Path(root)
        self.max_bytes = max_bytes
        self.usable: bool | None = None  # checked on first use
        self.written = 0  # entries written by this process since the last prune

    @classmethod
    def from_env(cls) -> "ReportCache | None":
        """The cache the environment asks for, or None when KFOOT_CACHE=0."""
        if cache_disabled_by_env():
            return None
        raw = os.environ.get(MAX_BYTES_ENV)
        max_bytes = parse_bytes(raw, MAX_BYTES_ENV) if raw else DEFAULT_MAX_BYTES
        return cls(default_cache_root() / FOLDER, max_bytes)

    @staticmethod
    def key(digest: str, options: str) -> str:
        return _sha256(f"{code_version()}\0{options}\0{digest}".encode())

    def _path(self, key: str) -> Path:
        return self.root / "entries" / key[:2] / (key + SUFFIX)

    def _ready(self) -> bool:
        """Create the folders (0700) once; False when they are a link, not folders, or not ours."""
        if self.usable is None:
            self.usable = False
            try:
                for folder in (self.root, self.root / "entries", self.root / "tmp"):
                    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                    info = os.lstat(folder)
                    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
                        return False
            except OSError:
                return False
            self.usable = True
        return self.usable

    def get(self, key: str, digest: str):
        """The body stored under `key` for a container of this digest, or None (a miss: absent,
        unreadable, corrupt, tampered or not ours)."""
        if not self._ready():
            return None
        path = self._path(key)
        try:
            fd = os.open(path, _OPEN_FLAGS)
        except OSError:
            return None
        try:
            with open(fd, "rb") as handle:
                info = os.fstat(handle.fileno())
                if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid() or info.st_size > MAX_ENTRY_BYTES:
                    return None
                data = handle.read(MAX_ENTRY_BYTES + 1)
            head, sep, body = data.partition(b"\n")
            header = json.loads(head)
            if (not sep or not isinstance(header, dict) or header.get("schema") != CACHE_SCHEMA
                    or header.get("key") != key or header.get("digest") != digest
                    or header.get("body") != _sha256(body)):
                return None
            value = json.loads(body)
            os.utime(path)  # last use: the prune keeps what is used
            return value
        except (OSError, ValueError, RecursionError):
            return None

    def put(self, key: str, digest: str, body) -> None:
        """Store `body` (JSON-able) under `key`; a failure to write is only a miss next time."""
        if not self._ready():
            return
        data = json.dumps(body, separators=(",", ":")).encode()
        if len(data) > MAX_ENTRY_BYTES:
            return
        header = json.dumps({"schema": CACHE_SCHEMA, "key": key, "digest": digest, "body": _sha256(data)}).encode()
        path = self._path(key)
        try:
            path.parent.mkdir(mode=0o700, exist_ok=True)
            write_atomic(path, header + b"\n" + data, tmp_dir=self.root / "tmp", mode=0o600, durable=False)
            self.written += 1  # a count, read after the writer threads are done
        except OSError:
            return

    def prune(self) -> int:
        """Delete the least recently used entries until the rest fit max_bytes; the bytes kept."""
        self.written = 0
        files = []
        try:
            with os.scandir(self.root / "entries") as shards:
                folders = [s.path for s in shards if s.is_dir(follow_symlinks=False)]
            for folder in folders:
                with os.scandir(folder) as items:
                    for item in items:
                        if item.name.endswith(SUFFIX) and item.is_file(follow_symlinks=False):
                            info = item.stat(follow_symlinks=False)
                            files.append((info.st_mtime_ns, info.st_size, item.path))
        except OSError:
            return 0
        self._clear_stale_tmp()
        total = sum(size for _, size, _ in files)
        for _, size, path in sorted(files):
            if total <= self.max_bytes:
                break
            try:
                os.unlink(path)
                total -= size
            except FileNotFoundError:
                total -= size  # another process pruned it
            except OSError:
                continue
        return total

    def _clear_stale_tmp(self) -> None:
        """Delete temporary files a killed kfoot left (older than an hour: not one being written)."""
        limit = time.time() - 3600
        try:
            with os.scandir(self.root / "tmp") as items:
                for item in items:
                    if item.is_file(follow_symlinks=False) and item.stat(follow_symlinks=False).st_mtime < limit:
                        with contextlib.suppress(OSError):
                            os.unlink(item.path)
        except OSError:
            return
