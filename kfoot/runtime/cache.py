"""The disk cache of compiled kernels: one small index entry per kernel key, cubins stored once.

Layout under the cache root (created 0700):

    entries/<k[:2]>/<key>.entry   two lines: canonical JSON metadata, then sha256 of that line
    blobs/<h[:2]>/<sha256>.cubin  the cubin of one NVRTC program, named by its own sha256
    tmp/                           temporary files, renamed into place (same file system)

Why two levels: bulk warm compiles many kernels in one NVRTC program, so one cubin holds many
kernels. Each kernel key gets its own entry (so lookups stay per kernel, as the fingerprint is),
and the entries of one program share the blob instead of storing the cubin once per kernel.

Every read is checked: the entry's own checksum, its key against the file name, the owner, and
the blob's sha256 against its name. A truncated, corrupted or wrong-key entry is deleted with
one warning and reported as a miss, so the caller recompiles; a foreign-owned one is ignored
(never loaded, never deleted). Writes go to tmp/ and are renamed, so concurrent writers of the
same key each install a complete file and readers never see half of one.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tarfile
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

from ..core.atomic import atomic_output, write_atomic
from ..core.errors import KfootError
from ..core.units import parse_bytes
from .statmemo import StatMemo

ENTRY_SUFFIX = ".entry"
BLOB_SUFFIX = ".cubin"
_HEX64 = re.compile(r"[0-9a-f]{64}")
# Orphan blobs and temp files younger than this may belong to a writer that is mid-way; prune
# leaves them alone so it never deletes a blob whose entry is about to be renamed into place.
GRACE_SECONDS = 120.0


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


def default_cache_root() -> Path:
    explicit = os.environ.get("KFOOT_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "kfoot"


def cache_disabled_by_env() -> bool:
    return os.environ.get("KFOOT_CACHE", "1").strip().lower() in ("0", "false", "no", "off")


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
        self._estimated_total: int | None = None  # bytes on disk, as last scanned plus our writes
        self.memo = StatMemo(self.root)  # NVRTC version and header digests, for the key

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
        """Create the cache private to the user; refuse a root owned by someone else."""
        if self._ready:
            return
        try:
            self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
            info = self.root.stat()
        except OSError as exc:
            raise KfootError(f"cannot create the cache directory: {exc.strerror}", path=self.root) from None
        if info.st_uid != self._uid:
            raise KfootError(f"cache directory is owned by uid {info.st_uid}, not by you; set KFOOT_CACHE_DIR", path=self.root)
        for sub in ("entries", "blobs", "tmp"):
            (self.root / sub).mkdir(mode=0o700, exist_ok=True)
        self._ready = True

    # -- reading ----------------------------------------------------------------------------
    def get(self, key: str) -> CacheHit | None:
        """The cached kernel for `key`, or None (missing, corrupt: warned and deleted, foreign: ignored)."""
        path = self.entry_path(key)
        try:
            data = self._read_own(path)
        except FileNotFoundError:
            return None
        except OSError as exc:
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
            os.utime(path)
        except OSError:
            pass
        return CacheHit(cubin=cubin, lowered_name=meta["lowered_name"], meta=meta)

    def _read_own(self, path: Path) -> bytes | None:
        """A file's bytes if this user owns it; None (warned) for another user's file. The owner is
        checked on the open handle, so a file swapped in between is not read."""
        with open(path, "rb") as handle:
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
        blob = self.blob_path(sha)
        written = 0
        try:
            if not blob.is_file():
                self._atomic_write(blob, cubin)
                written += len(cubin)
            self._verified_blobs[sha] = cubin
            for key, lowered, meta in kernels:
                body = format_entry(dict(meta, key=key, blob=sha, blob_size=len(cubin), lowered_name=lowered, created=time.time()))
                self._atomic_write(self.entry_path(key), body)
                written += len(body)
        except OSError as exc:  # disk full, read-only: the kernel is compiled, only caching failed
            self.unusable = True
            warnings.warn(f"kfoot cache disabled for this process: cannot write in {self.root} ({exc.strerror})",
                          CacheWarning, stacklevel=3)
            return
        if self.max_bytes is not None:
            try:
                self._apply_bound(written)
            except KfootError as exc:  # a damaged or unreadable cache: the kernel is still compiled
                self.unusable = True
                warnings.warn(f"kfoot cache disabled for this process: {exc}", CacheWarning, stacklevel=3)

    def _apply_bound(self, written: int) -> None:
        # Scanning the cache on every write would cost O(entries) per kernel: scan once, then
        # count what this process writes, and prune (a fresh scan) only past the bound.
        if self._estimated_total is None:
            self._estimated_total = self.usage()[2]
        else:
            self._estimated_total += written
        if self._estimated_total > self.max_bytes:
            self._estimated_total = self.prune(self.max_bytes).total_bytes

    def _atomic_write(self, target: Path, data: bytes) -> None:
        # Private (0600), staged in the cache's own tmp folder, not fsynced: a lost entry is a miss.
        target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomic(target, data, tmp_dir=self.root / "tmp", mode=0o600, durable=False)

    # -- maintenance ------------------------------------------------------------------------
    # Maintenance lists the cache with lstat and never follows a symbolic link below the root: a
    # folder such as entries/ab that is a link is not the cache's, so nothing under it is listed,
    # read or deleted (deletions open every folder on the way with O_NOFOLLOW, see _unlink).

    def check_folder(self) -> bool:
        """For `kfoot cache`: True when the root is a readable folder, False when it does not exist
        yet; a KfootError (one line, exit 2) when it is a file or cannot be read."""
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
        sizes: dict[str, int] = {}
        for sha, (path, info) in self._blob_files().items():
            sizes[sha] = info.st_size
            try:
                ok = hashlib.sha256(_read_nofollow(path)).hexdigest() == sha
                why = "cubin checksum mismatch"
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
            if problem:
                bad.append((info.path, problem))
        return bad, infos, sizes

    def verify(self, *, fix: bool = False) -> list[tuple[Path, str]]:
        """Check every entry and blob; returns (path, problem) for the bad ones (deleted when fix,
        except another user's files)."""
        bad = self._check()[0] if self.root.is_dir() else []
        if fix:
            for path, problem in bad:
                if not problem.startswith("owned by"):
                    self._unlink(path)
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

    def prune(self, max_bytes: int) -> PruneResult:
        """Delete least-recently-used entries (and blobs no entry uses) until the cache fits max_bytes."""
        result = PruneResult()
        if not self.root.is_dir():
            return result
        infos, _, _ = self.usage()
        files = self._blob_files()
        blob_sizes = {sha: info.st_size for sha, (_, info) in files.items()}
        total = sum(i.size for i in infos) + sum(blob_sizes.values())
        now = time.time()
        refcount: dict[str, int] = {}
        for info in infos:
            if info.meta:
                refcount[info.meta["blob"]] = refcount.get(info.meta["blob"], 0) + 1

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

        # Orphans first (a crashed writer's blob, or a blob whose entries were all replaced).
        for sha in list(blob_sizes):
            if refcount.get(sha, 0) == 0 and now - files[sha][1].st_mtime > GRACE_SECONDS:
                drop_blob(sha)
        for tmp in self._tmp_files():
            if self._age(tmp, now) > GRACE_SECONDS:
                self._unlink(tmp)
        for info in sorted(infos, key=lambda i: i.mtime):
            if total <= max_bytes:
                break
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
        return result

    def clear(self) -> ClearResult:
        """Delete every entry, cubin and temporary file (another user's files are left alone);
        returns what was removed and, by reason, what could not be. Never follows a link: a link
        inside the cache is removed itself, what it points to is left alone."""
        result = ClearResult()
        self._ready = False
        self._verified_blobs.clear()
        try:
            root_fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
        except FileNotFoundError:
            return result
        except OSError as exc:
            raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=self.root) from None
        try:
            for sub in ("entries", "blobs", "tmp"):
                self._empty(root_fd, Path(sub), result, keep_folder=True)
        finally:
            os.close(root_fd)
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
        """Install the entries of an exported archive, each verified; unsafe archives are refused whole."""
        archive = Path(archive)
        try:
            tar = tarfile.open(archive)
        except (OSError, tarfile.TarError) as exc:
            raise KfootError(f"not a readable tar archive ({exc})", path=archive) from None
        result = ImportResult()
        with tar:
            members = tar.getmembers()
            blobs: dict[str, bytes] = {}
            entries: dict[str, bytes] = {}
            for member in members:
                kind, name = _check_member(member, archive)
                if kind is None:
                    continue
                data = tar.extractfile(member).read()
                (blobs if kind == "blob" else entries)[name] = data
        self.ensure_root()
        for sha, data in blobs.items():
            if hashlib.sha256(data).hexdigest() != sha:
                result.rejected.append(f"blobs/{sha}: checksum mismatch")
                continue
            if not self.blob_path(sha).is_file():
                self._atomic_write(self.blob_path(sha), data)
        for key, data in entries.items():
            meta, problem = parse_entry(data, key)
            if problem is None and (meta["blob"] not in blobs or hashlib.sha256(blobs[meta["blob"]]).hexdigest() != meta["blob"]):
                problem = "its cubin is missing or corrupt in the archive"
            if problem:
                result.rejected.append(f"entries/{key}: {problem}")
                continue
            if self.entry_path(key).is_file():
                result.already_present += 1
                continue
            self._atomic_write(self.entry_path(key), data)
            result.installed += 1
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
            fd = os.open(self.root, os.O_RDONLY | os.O_DIRECTORY)
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

    def _tmp_files(self) -> list[Path]:
        """The files in tmp/ (by lstat: a tmp/ that is a link is not listed)."""
        tmp = self.root / "tmp"
        try:
            if not stat.S_ISDIR(os.lstat(tmp).st_mode):
                return []
            with os.scandir(tmp) as items:
                return [Path(item.path) for item in items if not item.is_dir(follow_symlinks=False)]
        except OSError:
            return []

    @staticmethod
    def _age(path: Path, now: float) -> float:
        try:
            return now - os.lstat(path).st_mtime
        except OSError:
            return 0.0


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
