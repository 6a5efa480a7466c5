"""The disk cache of compiled kernels: one small index entry per kernel key, cubins stored once.

Layout under the cache root (created 0700):

    entries/<k[:2]>/<key>.entry   two lines: canonical JSON metadata, then sha256 of that line
    blobs/<h[:2]>/<sha256>.cubin  the cubin of one NVRTC program, named by its own sha256
    tmp/                           temporary files, renamed into place (same file system)
    usage                          bytes of entries and cubins, kept by the writers (for the bound)

Why two levels: bulk warm compiles many kernels in one NVRTC program, so one cubin holds many
kernels. Each kernel key gets its own entry (so lookups stay per kernel, as the fingerprint is),
and the entries of one program share the blob instead of storing the cubin once per kernel.

Every read is checked: the entry's own checksum, its key against the file name, the owner, and
the blob's sha256 against its name. A truncated, corrupted or wrong-key entry is deleted with
one warning and reported as a miss, so the caller recompiles; a foreign-owned one is ignored
(never loaded, never deleted). Writes go to tmp/ and are renamed, so concurrent writers of the
same key each install a complete file and readers never see half of one.

Nothing here leaves the cache: a root, entries/, blobs/ or tmp/ that is a symbolic link is refused
(KfootError, one line), and so, for any change, is one owned by another user; every write and
deletion opens the folders from the root down with O_NOFOLLOW, relative to the one before.
Changes (writes, prune, clear, verify --fix, import) hold an exclusive flock on the root folder,
which is what keeps a size bound exact under concurrent writers. Imports are streamed with
bounded memory and every entry is checked against its cubin (kernel symbol, arch), as verify does.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import shutil
import stat
import tarfile
import tempfile
import threading
import time
import warnings
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..binary.cubin import parse_cubin
from ..core.atomic import atomic_output
from ..core.cachedir import cache_disabled_by_env, default_cache_root  # noqa: F401 (part of this module's API)
from ..core.errors import FormatError, KfootError
from ..core.units import format_bytes, parse_bytes
from .statmemo import MEMO_NAME, StatMemo

ENTRY_SUFFIX = ".entry"
BLOB_SUFFIX = ".cubin"
SUBFOLDERS = ("entries", "blobs", "tmp")
USAGE_NAME = "usage"  # bytes of entries plus cubins, kept by the writers under the lock
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SM = re.compile(r"sm_(\d+)[af]?")
# `kfoot cache import` reads at most this much per member, and in all: a member declaring more
# is refused from its header, before any of it is read (a 4 MB tar.gz can hold 4 GiB of zeros).
MAX_IMPORT_MEMBER_BYTES = 256 << 20  # one cubin (one NVRTC program)
MAX_IMPORT_ENTRY_BYTES = 64 << 10  # one entry (a few hundred bytes in practice)
MAX_IMPORT_TOTAL_BYTES = 8 << 30
MAX_IMPORT_ENTRIES_TOTAL_BYTES = 256 << 20  # entries are held in memory until their cubins are checked
MAX_IMPORT_MEMBERS = 1_000_000
_CHUNK = 1 << 20
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


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


@dataclass
class PruneResult:
    removed_entries: int = 0
    removed_blobs: int = 0
    freed_bytes: int = 0
    total_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)  # reason -> paths


@dataclass
class ClearResult:
    removed_entries: int = 0
    removed_blobs: int = 0
    removed_other: int = 0  # temporary files, strays, links
    freed_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)  # reason -> paths


@dataclass
class ImportResult:
    installed: int = 0
    already_present: int = 0
    rejected: list[str] = field(default_factory=list)


def max_bytes_from_env() -> int | None:
    raw = os.environ.get("KFOOT_CACHE_MAX_BYTES")
    if not raw:
        return None
    return parse_bytes(raw, "KFOOT_CACHE_MAX_BYTES")


class DiskCache:
    def __init__(self, root: str | os.PathLike, *, max_bytes: int | None = None):
        self.root = Path(root)
        self.max_bytes = max_bytes
        self._uid = os.geteuid()
        self._warned: set[str] = set()
        self._warn_lock = threading.Lock()
        self._verified_blobs: dict[str, bytes] = {}  # blob sha -> bytes, checked once per process
        self._ready = False
        self.unusable = False  # set when the root turned out unusable: writes are skipped
        self.memo = StatMemo(self.root, write=self._write_memo)  # NVRTC version and header digests, for the key

    @classmethod
    def from_env(cls) -> "DiskCache | None":
        """The cache the environment asks for, or None when KFOOT_CACHE=0."""
        if cache_disabled_by_env():
            return None
        return cls(default_cache_root(), max_bytes=max_bytes_from_env())

    # -- paths ------------------------------------------------------------------------------
    def entry_path(self, key: str) -> Path:
        return self.root / "entries" / key[:2] / (key + ENTRY_SUFFIX)

    def blob_path(self, sha: str) -> Path:
        return self.root / "blobs" / sha[:2] / (sha + BLOB_SUFFIX)

    def ensure_root(self) -> None:
        """Create the cache private to the user; refuse a root (or entries/, blobs/, tmp/) owned by
        someone else or that is a symbolic link (one line, KfootError)."""
        if self._ready:
            return
        try:
            self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise KfootError(f"cannot create the cache directory: {exc.strerror}", path=self.root) from None
        self._guard(write=True)
        for sub in SUBFOLDERS:
            try:
                os.mkdir(self.root / sub, 0o700)
            except FileExistsError:
                pass  # a link or a file there is refused just below, or by the write itself
            except OSError as exc:
                raise KfootError(f"cannot create the cache directory: {exc.strerror}", path=self.root / sub) from None
        self._guard(write=True)
        self._ready = True

    def _guard(self, *, write: bool) -> bool:
        """Check the root and its subfolders before an operation; False when the root does not exist
        yet. A root or subfolder that is a symbolic link is refused for every operation, one owned
        by another user for every operation that writes or deletes (write=True): one line each
        (KfootError). Reading another user's cache (ls, stats, verify, export) stays possible."""
        try:
            info = os.lstat(self.root)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=self.root) from None
        if stat.S_ISLNK(info.st_mode):
            raise KfootError("the cache folder is a symbolic link, not followed; set KFOOT_CACHE_DIR "
                             "(or --cache-dir) to a folder of your own", path=self.root)
        if not stat.S_ISDIR(info.st_mode):
            raise KfootError("not a folder: the cache root must be a folder (or not exist yet)", path=self.root)
        if write and info.st_uid != self._uid:
            raise KfootError(f"cache directory is owned by uid {info.st_uid}, not by you; set KFOOT_CACHE_DIR", path=self.root)
        for sub in SUBFOLDERS:
            path = self.root / sub
            try:
                info = os.lstat(path)
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=path) from None
            if stat.S_ISLNK(info.st_mode):
                raise KfootError(f"a symbolic link where the cache keeps its {sub} folder: not followed, "
                                 "nothing done (remove the link)", path=path)
            if write and info.st_uid != self._uid:
                raise KfootError(f"the cache's {sub} folder is owned by uid {info.st_uid}, not by you: "
                                 "nothing changed", path=path)
        return True

    # -- descriptors: every write and deletion goes through folders opened with O_NOFOLLOW ---
    def _open_root(self) -> int:
        try:
            fd = os.open(self.root, _DIR_FLAGS)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise KfootError("the cache folder is a symbolic link or not a folder: not followed", path=self.root) from None
            raise KfootError(f"cannot open the cache folder: {exc.strerror}", path=self.root) from None
        owner = os.fstat(fd).st_uid
        if owner != self._uid:
            os.close(fd)
            raise KfootError(f"cache directory is owned by uid {owner}, not by you; set KFOOT_CACHE_DIR", path=self.root)
        return fd

    def _open_dir(self, root_fd: int, parts: tuple[str, ...], *, create: bool) -> int:
        """The folder root/parts by descriptor: each step opened with O_NOFOLLOW relative to the one
        before and owned by this user (created 0700 when `create`). OSError otherwise (ELOOP: a link)."""
        fd = os.dup(root_fd)
        try:
            for part in parts:
                if create:
                    try:
                        os.mkdir(part, 0o700, dir_fd=fd)
                    except FileExistsError:
                        pass
                inner = os.open(part, _DIR_FLAGS, dir_fd=fd)
                os.close(fd)
                fd = inner
                owner = os.fstat(fd).st_uid
                if owner != self._uid:
                    raise OSError(errno.EPERM, f"folder {part} is owned by uid {owner}")
            return fd
        except BaseException:
            os.close(fd)
            raise

    def _write_file(self, root_fd: int, parts: tuple[str, ...], data: bytes, *, replace: bool = True) -> int | None:
        """Install root/parts atomically: staged in tmp/ (0600, O_EXCL|O_NOFOLLOW) and renamed into
        place, every folder by descriptor (see _open_dir); not fsynced, a lost entry is a miss.
        Returns the size of the file replaced (0: none), or None when not `replace` and it exists."""
        tmp_fd = self._open_dir(root_fd, ("tmp",), create=True)
        try:
            dir_fd = self._open_dir(root_fd, parts[:-1], create=True)
            try:
                try:
                    old = os.stat(parts[-1], dir_fd=dir_fd, follow_symlinks=False)
                    old_size = old.st_size if stat.S_ISREG(old.st_mode) else 0
                    if not replace:
                        return None
                except FileNotFoundError:
                    old_size = 0
                name = f".{parts[-1]}.{os.getpid()}.{threading.get_ident()}.{time.monotonic_ns()}"
                fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=tmp_fd)
                try:
                    with open(fd, "wb") as handle:
                        handle.write(data)
                    os.rename(name, parts[-1], src_dir_fd=tmp_fd, dst_dir_fd=dir_fd)
                except BaseException:
                    try:
                        os.unlink(name, dir_fd=tmp_fd)
                    except OSError:
                        pass
                    raise
                return old_size
            finally:
                os.close(dir_fd)
        finally:
            os.close(tmp_fd)

    def _write_memo(self, data: bytes) -> None:
        """memo.json in the root, by descriptor like every other write (a linked root is refused)."""
        self.ensure_root()
        root_fd = self._open_root()
        try:
            self._write_file(root_fd, (MEMO_NAME,), data)
        finally:
            os.close(root_fd)

    @contextmanager
    def _locked(self):
        """The root's descriptor, holding an exclusive flock on the root folder itself (no lock file
        to plant or delete): writers, prune, clear, verify --fix and import take it, so a pruner
        never sees a cubin whose entries are still being written, and two pruners never evict on
        the same stale picture. Released when the descriptor closes, or when its process dies."""
        root_fd = self._open_root()
        try:
            fcntl.flock(root_fd, fcntl.LOCK_EX)
            yield root_fd
        finally:
            os.close(root_fd)

    def _read_usage(self, root_fd: int) -> int | None:
        try:
            fd = os.open(USAGE_NAME, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=root_fd)
        except OSError:
            return None
        try:
            text = os.read(fd, 64)
        except OSError:
            return None
        finally:
            os.close(fd)
        return int(text) if text.strip().isdigit() else None

    def _account(self, root_fd: int, delta: int, *, measure: bool) -> int | None:
        """Add `delta` bytes to root/usage (under the lock) and return the total. A missing or
        unreadable usage file is measured afresh when `measure` (a bounded writer), else left alone."""
        current = self._read_usage(root_fd)
        if current is None:
            if not measure:
                return None
            total = self.usage()[2]  # what this writer just installed included
        else:
            total = max(0, current + delta)
        self._write_file(root_fd, (USAGE_NAME,), str(total).encode())
        return total

    def _invalidate_usage(self, root_fd: int) -> None:
        """Forget the usage total (the next bounded writer measures the cache again)."""
        try:
            os.unlink(USAGE_NAME, dir_fd=root_fd)
        except OSError:
            pass

    # -- reading ----------------------------------------------------------------------------
    def get(self, key: str) -> CacheHit | None:
        """The cached kernel for `key`, or None (missing, corrupt: warned and deleted, foreign: ignored)."""
        path = self.entry_path(key)
        try:
            data = self._read_own(path)
        except FileNotFoundError:
            return None
        except OSError as exc:  # ELOOP: the entry is a link, not followed
            self._warn(path, f"unreadable ({exc.strerror})", delete=False)
            return None
        if data is None:
            return None
        meta, problem = parse_entry(data, key)
        if problem:
            self._warn(path, problem, delete=True)
            return None
        cubin = self._read_blob(meta["blob"], path)
        if cubin is None:
            return None
        try:  # the LRU clock: a hit makes the entry recent
            os.utime(path, follow_symlinks=False)
        except OSError:
            pass
        return CacheHit(cubin=cubin, lowered_name=meta["lowered_name"], meta=meta)

    def _read_own(self, path: Path) -> bytes | None:
        """A file's bytes if this user owns it; None (warned) for another user's file. The owner is
        checked on the open handle, so a file swapped in between is not read."""
        with open(os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC), "rb") as handle:
            owner = os.fstat(handle.fileno()).st_uid
            data = handle.read()
        if owner != self._uid:
            self._warn(path, f"owned by uid {owner}, ignored", delete=False)
            return None
        return data

    def _read_blob(self, sha: str, entry_path: Path) -> bytes | None:
        cached = self._verified_blobs.get(sha)
        if cached is not None:
            return cached
        path = self.blob_path(sha)
        try:
            data = self._read_own(path)
        except FileNotFoundError:
            # Pruned by another process between our two reads, or lost: the entry is useless.
            self._unlink(entry_path)
            return None
        except OSError as exc:
            self._warn(path, f"unreadable ({exc.strerror})", delete=False)
            return None
        if data is None:
            return None
        if hashlib.sha256(data).hexdigest() != sha:
            self._warn(path, "cubin checksum mismatch", delete=True)
            self._unlink(entry_path)
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
        try:
            self.ensure_root()
        except KfootError as exc:
            self.unusable = True
            warnings.warn(f"kfoot cache disabled for this process: {exc}", CacheWarning, stacklevel=3)
            return
        sha = hashlib.sha256(cubin).hexdigest()
        keys = {key for key, _, _ in kernels}
        try:
            with self._locked() as root_fd:
                delta = 0
                old = self._write_file(root_fd, ("blobs", sha[:2], sha + BLOB_SUFFIX), cubin, replace=False)
                if old is not None:
                    delta += len(cubin) - old
                self._verified_blobs[sha] = cubin
                for key, lowered, meta in kernels:
                    body = format_entry(dict(meta, key=key, blob=sha, blob_size=len(cubin), lowered_name=lowered, created=time.time()))
                    delta += len(body) - self._write_file(root_fd, ("entries", key[:2], key + ENTRY_SUFFIX), body)
                # The bound, under the same lock: the total every writer keeps in root/usage (measured
                # once when missing), and past the bound a prune that keeps what was just written.
                total = self._account(root_fd, delta, measure=self.max_bytes is not None)
                if self.max_bytes is not None and total is not None and total > self.max_bytes:
                    self._prune_locked(root_fd, self.max_bytes, keep=keys, keep_newest=False)
        except OSError as exc:  # disk full, read-only, a link: the kernel is compiled, only caching failed
            self.unusable = True
            warnings.warn(f"kfoot cache disabled for this process: cannot write in {self.root} ({exc.strerror})",
                          CacheWarning, stacklevel=3)
        except KfootError as exc:  # a damaged or foreign cache: the kernel is still compiled
            self.unusable = True
            warnings.warn(f"kfoot cache disabled for this process: {exc}", CacheWarning, stacklevel=3)

    # -- maintenance ------------------------------------------------------------------------
    # Maintenance lists the cache with lstat and never follows a symbolic link below the root: a
    # folder such as entries/ab that is a link is not the cache's, so nothing under it is listed,
    # read or deleted (deletions open every folder on the way with O_NOFOLLOW, see _unlink).

    def check_folder(self) -> bool:
        """For `kfoot cache`: True when the root is a readable folder, False when it does not exist
        yet; a KfootError (one line, exit 2) when it is a file, cannot be read, or it or one of its
        folders is a symbolic link (another user's cache may be read; changing it is refused later)."""
        if not self._guard(write=False):
            return False
        try:
            info = self.root.stat()
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=self.root) from None
        if not stat.S_ISDIR(info.st_mode):
            raise KfootError("not a folder: the cache root must be a folder (or not exist yet)", path=self.root)
        try:
            with os.scandir(self.root):
                pass
        except OSError as exc:
            raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=self.root) from None
        return True

    def _scan(self, sub: str, suffix: str) -> list[tuple[Path, os.stat_result]]:
        """(path, lstat) of the files named *suffix in the shard folders of root/sub, sorted. Shard
        folders that are symbolic links are skipped; files that are links are listed (by lstat),
        for the caller to flag. A folder that cannot be read is a KfootError."""
        top = self.root / sub
        try:
            info = os.lstat(top)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise KfootError(f"cannot read the cache: {exc.strerror}", path=top) from None
        if not stat.S_ISDIR(info.st_mode):
            raise KfootError("damaged cache: not a folder (kfoot cache clear empties the cache)", path=top)
        found = []
        try:
            with os.scandir(top) as shards:
                folders = [s for s in shards if s.is_dir(follow_symlinks=False)]
            for shard in folders:
                with os.scandir(shard.path) as items:
                    for item in items:
                        if item.name.endswith(suffix):
                            found.append((Path(item.path), item.stat(follow_symlinks=False)))
        except FileNotFoundError:
            pass  # a shard removed by another process while we listed
        except OSError as exc:
            raise KfootError(f"cannot read the cache: {exc.strerror}", path=exc.filename or top) from None
        return sorted(found, key=lambda f: f[0])

    def entries(self) -> list[EntryInfo]:
        """Every entry on disk with its metadata, checked (problem set when bad). Foreign ones included."""
        infos = []
        for path, info in self._scan("entries", ENTRY_SUFFIX):
            key = path.name[: -len(ENTRY_SUFFIX)]
            if not stat.S_ISREG(info.st_mode):
                infos.append(EntryInfo(key, path, 0, info.st_mtime, None, "not a regular file (a symbolic link is not followed)"))
                continue
            try:
                data = _read_nofollow(path)
            except OSError as exc:
                infos.append(EntryInfo(key, path, info.st_size, info.st_mtime, None, f"unreadable ({exc.strerror})"))
                continue
            meta, problem = parse_entry(data, key)
            if info.st_uid != self._uid:
                problem = f"owned by uid {info.st_uid}"
            entry = EntryInfo(key, path, info.st_size, info.st_mtime, None if problem else meta, problem)
            if meta and not problem:
                entry.blob_size = int(meta.get("blob_size", 0))
            infos.append(entry)
        return infos

    def _blob_files(self) -> dict[str, tuple[Path, os.stat_result]]:
        """sha -> (path, lstat) of every cubin that is a regular file (links are not followed)."""
        return {p.name[: -len(BLOB_SUFFIX)]: (p, info) for p, info in self._scan("blobs", BLOB_SUFFIX)
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
                data = _read_nofollow(path)
                ok = hashlib.sha256(data).hexdigest() == sha
                why = "cubin checksum mismatch"
                if ok:
                    claims[sha] = cubin_claims(data)
            except OSError as exc:
                ok, why = False, f"unreadable cubin ({exc.strerror})"
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
        if not self._guard(write=fix):
            return []
        bad = self._check()[0]
        if fix and bad:
            with self._locked() as root_fd:
                for path, problem in bad:
                    if not problem.startswith("owned by"):
                        self._unlink(path)
                self._invalidate_usage(root_fd)
        return bad

    def usage(self) -> tuple[list[EntryInfo], dict[str, int], int]:
        """(entries, referenced blob sizes, total bytes on disk of entries plus blobs)."""
        infos = self.entries()
        blob_sizes = {sha: info.st_size for sha, (_, info) in self._blob_files().items()}
        total = sum(i.size for i in infos) + sum(blob_sizes.values())
        return infos, blob_sizes, total

    def listing(self) -> list[dict]:
        """Every entry, most recently used first, as `kfoot cache ls --json` prints it."""
        infos = sorted(self.entries(), key=lambda i: -i.mtime) if self.root.is_dir() else []
        return [{"key": i.key, "kernel": (i.meta or {}).get("name_expression"), "family": (i.meta or {}).get("family"),
                 "arch": (i.meta or {}).get("arch"), "cubin_bytes": i.blob_size, "last_used": round(i.mtime, 3),
                 "problem": i.problem} for i in infos]

    def stats(self) -> dict:
        """Entries, cubins, bytes on disk, entries per arch, the bound, and what `verify` finds bad
        (`kfoot cache stats --json`; it reads every cubin, as verify does)."""
        bad, infos, blob_sizes = self._check() if self.root.is_dir() else ([], [], {})
        total = sum(i.size for i in infos) + sum(blob_sizes.values())
        per_arch: dict[str, int] = {}
        for info in infos:
            if info.meta:
                arch = info.meta.get("arch", "?")
                per_arch[arch] = per_arch.get(arch, 0) + 1
        bad_cubins = sum(1 for path, _ in bad if path.name.endswith(BLOB_SUFFIX) and path.parent.parent.name == "blobs")
        return {"root": str(self.root), "entries": len(infos), "cubins": len(blob_sizes), "total_bytes": total,
                "max_bytes": self.max_bytes, "bad": len(bad), "bad_entries": len(bad) - bad_cubins,
                "bad_cubins": bad_cubins, "entries_per_arch": dict(sorted(per_arch.items()))}

    def prune(self, max_bytes: int, *, keep=(), keep_newest: bool | None = None) -> PruneResult:
        """Delete least-recently-used entries (and blobs no entry uses) until the cache fits max_bytes,
        under the cache's lock. Unreferenced cubins (a killed writer's) and stale temporary files go
        first. `keep`: keys never evicted (what was just written); `keep_newest`: the most recently
        used entry is never evicted either, so a bound never empties the cache; by default when
        max_bytes is this cache's own bound (KFOOT_CACHE_MAX_BYTES), not for an explicit size."""
        if not self._guard(write=True):
            return PruneResult()
        if keep_newest is None:
            keep_newest = self.max_bytes is not None and max_bytes == self.max_bytes
        with self._locked() as root_fd:
            return self._prune_locked(root_fd, max_bytes, keep=set(keep), keep_newest=keep_newest)

    def _prune_locked(self, root_fd: int, max_bytes: int, *, keep: set, keep_newest: bool) -> PruneResult:
        result = PruneResult()
        infos, _, _ = self.usage()
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
            reason = self._remove(path)
            if reason is None:
                size = blob_sizes.pop(sha)
                result.removed_blobs += 1
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
        self._clear_tmp(root_fd)
        for info in sorted(infos, key=lambda i: i.mtime):
            if total <= max_bytes:
                break
            if info.key in keep:
                continue
            if info.problem and info.problem.startswith("owned by"):
                continue  # not ours to delete
            reason = self._remove(info.path)
            if reason is None:
                result.removed_entries += 1
                result.freed_bytes += info.size
                total -= info.size
            elif reason != "gone":
                result.not_removed.setdefault(reason, []).append(str(info.path))
                continue
            if info.meta:
                sha = info.meta["blob"]
                refcount[sha] -= 1
                if refcount[sha] == 0:
                    drop_blob(sha)
        result.total_bytes = total
        try:
            self._write_file(root_fd, (USAGE_NAME,), str(total).encode())
        except OSError:
            self._invalidate_usage(root_fd)
        return result

    def _clear_tmp(self, root_fd: int) -> None:
        """Remove the files in tmp/ (the caller holds the lock); a link there is removed itself."""
        try:
            tmp_fd = self._open_dir(root_fd, ("tmp",), create=False)
        except OSError:
            return
        try:
            with os.scandir(tmp_fd) as items:
                names = [item.name for item in items if not item.is_dir(follow_symlinks=False)]
            for name in names:
                try:
                    os.unlink(name, dir_fd=tmp_fd)
                except OSError:
                    pass
        finally:
            os.close(tmp_fd)

    def clear(self) -> ClearResult:
        """Delete every entry, cubin and temporary file (another user's files are left alone);
        returns what was removed and, by reason, what could not be. Never follows a link: a link
        inside the cache is removed itself, what it points to is left alone."""
        result = ClearResult()
        self._ready = False
        self._verified_blobs.clear()
        if not self._guard(write=True):
            return result
        with self._locked() as root_fd:
            for sub in SUBFOLDERS:
                self._empty(root_fd, Path(sub), result, keep_folder=True)
            self._invalidate_usage(root_fd)
        return result

    def _empty(self, parent_fd: int, rel: Path, result: ClearResult, *, keep_folder: bool = False) -> bool:
        """Remove root/rel, a name in the folder parent_fd (a folder: its content first). True when
        it is gone. Folders are opened with O_NOFOLLOW relative to their parent's descriptor, so
        swapping one for a link cannot lead the deletion out of the cache."""
        name, path = rel.name, self.root / rel
        try:
            info = os.stat(name, dir_fd=parent_fd, follow_symlinks=False)
            if stat.S_ISDIR(info.st_mode):
                fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent_fd)
                try:
                    with os.scandir(fd) as items:
                        names = [item.name for item in items]
                    # A list, not a generator: every child is tried even after one fails.
                    emptied = all([self._empty(fd, rel / n, result) for n in sorted(names)])  # noqa: C419
                finally:
                    os.close(fd)
                if emptied and not keep_folder:
                    os.rmdir(name, dir_fd=parent_fd)
                return emptied
            if info.st_uid != self._uid:
                result.not_removed.setdefault(f"owned by uid {info.st_uid}", []).append(str(path))
                return False
            os.unlink(name, dir_fd=parent_fd)
        except FileNotFoundError:
            return True
        except OSError as exc:
            result.not_removed.setdefault(exc.strerror or type(exc).__name__, []).append(str(path))
            return False
        regular = stat.S_ISREG(info.st_mode)
        if regular and rel.parts[0] == "entries" and name.endswith(ENTRY_SUFFIX):
            result.removed_entries += 1
        elif regular and rel.parts[0] == "blobs" and name.endswith(BLOB_SUFFIX):
            result.removed_blobs += 1
        else:
            result.removed_other += 1
        result.freed_bytes += info.st_size if regular else 0
        return True

    # -- moving a cache between machines ----------------------------------------------------
    def export(self, archive: str | os.PathLike) -> int:
        """Write the good entries and their blobs to a tar archive (atomically); returns the entry count."""
        archive = Path(archive)
        good = [i for i in self.entries() if i.problem is None]
        blobs = self.blobs()
        with atomic_output(archive) as tmp:  # the umask's mode, like any file the user writes
            count = 0
            with tarfile.open(tmp, "w:gz" if archive.name.endswith(("gz", ".tgz")) else "w") as tar:
                added: set[str] = set()
                for info in good:
                    sha = info.meta["blob"]
                    if sha not in blobs:
                        continue
                    if sha not in added:
                        tar.add(blobs[sha], arcname=f"blobs/{sha[:2]}/{sha}{BLOB_SUFFIX}", recursive=False)
                        added.add(sha)
                    tar.add(info.path, arcname=f"entries/{info.key[:2]}/{info.key}{ENTRY_SUFFIX}", recursive=False)
                    count += 1
        return count

    def import_(self, archive: str | os.PathLike) -> ImportResult:
        """Install the entries of an exported archive, each checked against what it claims; unsafe
        archives are refused whole, before anything is written.

        The archive is read once, streaming, with bounded memory: each member's declared size is
        checked against a bound before any of it is read (MAX_IMPORT_MEMBER_BYTES per cubin,
        MAX_IMPORT_ENTRY_BYTES per entry, MAX_IMPORT_TOTAL_BYTES in all), cubins are hashed as they
        are copied to a private staging folder, links, devices, absolute paths and `..` are refused.
        An entry is installed only when its cubin's sha256 is its name, the cubin parses as a CUDA
        ELF, defines the kernel the entry names (its lowered name, an entry symbol of the symtab)
        and is for the entry's arch; otherwise it is rejected with one line naming the member, and
        neither it nor a cubin no accepted entry uses is written."""
        archive = Path(archive)
        result = ImportResult()
        self._guard(write=True)  # a link or another user's folder: refused before reading anything
        staging = Path(tempfile.mkdtemp(prefix="kfoot-import-"))
        try:
            staged, entries = _read_archive(archive, staging)
            claims: dict[str, tuple[int, frozenset[str]] | str] = {}
            for sha, actual in staged.items():
                if actual != sha:
                    result.rejected.append(f"blobs/{sha[:2]}/{sha}{BLOB_SUFFIX}: checksum mismatch")
                    (staging / sha).unlink()
                    continue
                claims[sha] = cubin_claims((staging / sha).read_bytes())  # one cubin in memory at a time
            accepted: dict[str, tuple[bytes, str]] = {}
            for key, data in entries.items():
                meta, problem = parse_entry(data, key)
                if problem is None:
                    sha = meta["blob"]
                    problem = claim_problem(meta, claims[sha]) if sha in claims else "its cubin is missing or corrupt in the archive"
                if problem:
                    result.rejected.append(f"entries/{key[:2]}/{key}{ENTRY_SUFFIX}: {problem}")
                    continue
                accepted[key] = (data, meta["blob"])
            if not accepted:
                return result
            self.ensure_root()
            with self._locked() as root_fd:
                for sha in dict.fromkeys(sha for _, sha in accepted.values()):
                    self._write_file(root_fd, ("blobs", sha[:2], sha + BLOB_SUFFIX), (staging / sha).read_bytes(), replace=False)
                for key, (data, _) in accepted.items():
                    if self._write_file(root_fd, ("entries", key[:2], key + ENTRY_SUFFIX), data, replace=False) is None:
                        result.already_present += 1
                    else:
                        result.installed += 1
                self._invalidate_usage(root_fd)
        except OSError as exc:
            raise KfootError(f"cannot import: {exc.strerror or exc}", path=exc.filename or self.root) from None
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return result

    # -- helpers ----------------------------------------------------------------------------
    def _warn(self, path: Path, problem: str, *, delete: bool) -> None:
        with self._warn_lock:
            first = str(path) not in self._warned
            self._warned.add(str(path))
        if delete:
            self._unlink(path)
        if first:
            action = "discarded, recompiling" if delete else "not used"
            warnings.warn(f"kfoot cache entry {path}: {problem}; {action}", CacheWarning, stacklevel=4)

    def _unlink(self, path: Path) -> bool:
        """Delete one file of the cache safely (see _remove); True when this call removed it."""
        return self._remove(path) is None

    def _remove(self, path: Path) -> str | None:
        """Unlink one file of the cache without following a link on the way: each folder between
        the root and the file is opened with O_NOFOLLOW relative to the one before, so a folder
        swapped for a link cannot make the deletion land outside the cache (a file that is a link
        is removed itself). None when removed, "gone" when already gone, else why not."""
        try:
            parts = path.relative_to(self.root).parts
        except ValueError:
            return "outside the cache"
        if not parts:
            return "the cache root itself"
        fd = None
        try:
            fd = os.open(self.root, _DIR_FLAGS)
            for part in parts[:-1]:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
                os.close(fd)
                fd = inner
            os.unlink(parts[-1], dir_fd=fd)
            return None
        except FileNotFoundError:
            return "gone"
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                return "a folder on the way is a symbolic link, not followed"
            return exc.strerror or type(exc).__name__
        finally:
            if fd is not None:
                os.close(fd)


def cubin_claims(data: bytes) -> tuple[int, frozenset[str]] | str:
    """(SM number, the kernels it defines) of a cubin, or why it is not one (kfoot.binary.cubin
    reads the ELF: EM_CUDA, entry symbols of the symtab)."""
    try:
        cubin = parse_cubin(data, with_load=False)
    except FormatError as exc:
        return f"not a cubin ({exc.message})"
    return cubin.sm, frozenset(k.name for k in cubin.kernels)


def claim_problem(meta: dict, claims: tuple[int, frozenset[str]] | str) -> str | None:
    """Why an entry's cubin is not what the entry says (None when it is): the cubin must define the
    kernel the entry names and, when the entry names an sm_ arch, be for that SM."""
    if isinstance(claims, str):
        return f"its cubin is {claims}"
    sm, kernels = claims
    lowered = str(meta.get("lowered_name"))
    if lowered not in kernels:
        return f"its cubin does not define the kernel the entry names ({lowered})"
    arch = _SM.fullmatch(str(meta.get("arch", "")))
    if arch and int(arch.group(1)) != sm:
        return f"its cubin is for sm_{sm}, the entry for {meta['arch']}"
    return None


def _read_archive(archive: Path, staging: Path) -> tuple[dict[str, str], dict[str, bytes]]:
    """Stream the archive: (cubin name -> sha256 of its bytes, staged as staging/NAME; entry key ->
    bytes). Every bound is checked on the member's header, before reading it."""
    try:
        tar = tarfile.open(archive, "r|*")
    except (OSError, tarfile.TarError) as exc:
        raise KfootError(f"not a readable tar archive ({exc})", path=archive) from None
    staged: dict[str, str] = {}
    entries: dict[str, bytes] = {}
    total = entry_total = count = 0
    try:
        with tar:
            while True:
                member = tar.next()
                if member is None:
                    break
                tar.members = []  # streaming: keep no list of what was read
                count += 1
                if count > MAX_IMPORT_MEMBERS:
                    raise KfootError(f"refusing archive: more than {MAX_IMPORT_MEMBERS} members", path=archive)
                kind, name = _check_member(member, archive)
                if kind is None:
                    continue
                bound = MAX_IMPORT_MEMBER_BYTES if kind == "blob" else MAX_IMPORT_ENTRY_BYTES
                if member.size > bound:
                    raise KfootError(f"refusing archive: member {member.name!r} declares {format_bytes(member.size)}, "
                                     f"over the bound of {format_bytes(bound)} per {'cubin' if kind == 'blob' else 'entry'}",
                                     path=archive)
                total += member.size
                entry_total += member.size if kind == "entry" else 0
                if total > MAX_IMPORT_TOTAL_BYTES or entry_total > MAX_IMPORT_ENTRIES_TOTAL_BYTES:
                    raise KfootError(f"refusing archive: its members declare more than the bound of "
                                     f"{format_bytes(MAX_IMPORT_TOTAL_BYTES)} in all, or of "
                                     f"{format_bytes(MAX_IMPORT_ENTRIES_TOTAL_BYTES)} of entries (at {member.name!r})", path=archive)
                source = tar.extractfile(member)
                if kind == "blob":
                    staged[name] = _stage(source, member.size, staging / name)
                else:
                    entries[name] = source.read(member.size)
    except (tarfile.TarError, EOFError, zlib.error) as exc:
        raise KfootError(f"not a readable tar archive ({exc})", path=archive) from None
    except OSError as exc:
        raise KfootError(f"cannot read the archive: {exc.strerror or exc}", path=archive) from None
    return staged, entries


def _stage(source, size: int, target: Path) -> str:
    """Copy at most `size` bytes of `source` to `target` (0600), 1 MiB at a time; their sha256."""
    digest = hashlib.sha256()
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    with open(fd, "wb") as out:
        left = size
        while left > 0:
            chunk = source.read(min(_CHUNK, left))
            if not chunk:
                break
            digest.update(chunk)
            out.write(chunk)
            left -= len(chunk)
    return digest.hexdigest()


def _read_nofollow(path: Path) -> bytes:
    """A file's bytes; a file that is a symbolic link is not followed (OSError ELOOP)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with open(fd, "rb") as handle:
        return handle.read()


def format_entry(meta: dict) -> bytes:
    body = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
    return body + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n"


def parse_entry(data: bytes, key: str) -> tuple[dict | None, str | None]:
    """(metadata, None) for a sound entry of `key`, else (None or metadata, the problem)."""
    body, sep, rest = data.partition(b"\n")
    if not sep or not rest.endswith(b"\n"):
        return None, "truncated entry"
    if hashlib.sha256(body).hexdigest().encode() != rest[:-1]:
        return None, "entry checksum mismatch"
    try:
        meta = json.loads(body)
    except ValueError:
        return None, "entry is not JSON"
    if not isinstance(meta, dict) or not all(k in meta for k in ("key", "blob", "lowered_name")):
        return None, "entry lacks its key, blob or kernel name"
    if meta["key"] != key:
        return meta, "entry holds another key (renamed or copied file)"
    if not _HEX64.fullmatch(str(meta["blob"])):
        return meta, "entry names no valid cubin"
    return meta, None


def _check_member(member: tarfile.TarInfo, archive: Path) -> tuple[str | None, str]:
    """('blob'|'entry', key) for a cache file, (None, '') for a folder; unsafe members end the import."""
    name = member.name
    if name.startswith("/") or os.path.isabs(name) or ".." in Path(name).parts:
        raise KfootError(f"refusing archive: member {name!r} has an absolute path or '..'", path=archive)
    if member.issym() or member.islnk():
        raise KfootError(f"refusing archive: member {name!r} is a link", path=archive)
    if member.isdir():
        return None, ""
    if not member.isfile():
        raise KfootError(f"refusing archive: member {name!r} is not a regular file", path=archive)
    parts = Path(name).parts
    if parts and parts[0] == ".":
        parts = parts[1:]
    if len(parts) == 3 and parts[0] == "blobs" and parts[2].endswith(BLOB_SUFFIX):
        kind, stem = "blob", parts[2][: -len(BLOB_SUFFIX)]
    elif len(parts) == 3 and parts[0] == "entries" and parts[2].endswith(ENTRY_SUFFIX):
        kind, stem = "entry", parts[2][: -len(ENTRY_SUFFIX)]
    else:
        raise KfootError(f"refusing archive: member {name!r} is not a kfoot cache file", path=archive)
    if not _HEX64.fullmatch(stem) or parts[1] != stem[:2]:
        raise KfootError(f"refusing archive: member {name!r} is not a kfoot cache file", path=archive)
    return kind, stem
