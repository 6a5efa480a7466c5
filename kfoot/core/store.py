"""The one cache store: where kfoot's disk caches live, which environment variables govern them,
and the folder both are built on (the kernel cache, kfoot.runtime.kernel_cache, and the report
cache's records, kfoot.core.record_store). Under one root:

    <root>/          KFOOT_CACHE_DIR, else $XDG_CACHE_HOME/kfoot, else ~/.cache/kfoot (0700)
      [folder/]      a store's own folder: none for the kernel cache, report/ for the reports
        entries/     one file per key, in shard folders <k[:2]>/ (the kernel cache adds blobs/)
        tmp/         files being written, renamed into place
        usage        bytes the store holds, kept by its writers under the lock (the size bound)

What every store promises:
- Nothing leaves it: the root, the store's folder and its subfolders are refused (KfootError, one
  line) when they are a symbolic link, and for any change when another user owns them; every write
  and deletion opens the folders from the root down with O_NOFOLLOW, relative to the one before.
- Atomic: files are written in tmp/ and renamed into place (kfoot.core.atomic.write_at).
- Exclusive: changes hold an flock on the store's folder, which keeps `usage` exact under concurrent
  writers (the C++ runtime takes the same lock on the kernel cache).
- Reads see only what is ours: the file opened with O_NOFOLLOW, then checked on the open handle to
  be a regular file of this user within a size limit.
"""

from __future__ import annotations

import errno
import fcntl
import functools
import os
import stat
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .atomic import write_at
from .errors import KfootError
from .units import format_bytes, parse_bytes

USAGE_NAME = "usage"
# The largest size bound: the C++ runtime keeps sizes in 64-bit signed integers (usage file).
DEFAULT_REPORT_CACHE_BYTES = 256 << 20
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# O_NONBLOCK: a FIFO planted as an entry must not hang the open; it is refused as not a regular file.
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


# -- the environment: one function per variable ---------------------------------------------------
def default_cache_root() -> Path:
    """KFOOT_CACHE_DIR (`~` expanded), else $XDG_CACHE_HOME/kfoot, else ~/.cache/kfoot."""
    explicit = os.environ.get("KFOOT_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "kfoot"


def cache_disabled_by_env() -> bool:
    """KFOOT_CACHE set to 0, false, no or off (any case) turns both caches off."""
    return os.environ.get("KFOOT_CACHE", "1").strip().lower() in ("0", "false", "no", "off")


def kernel_cache_bound() -> int | None:
    """KFOOT_CACHE_MAX_BYTES: the kernel cache's bound, None (no bound) when unset or empty."""
    raw = os.environ.get("KFOOT_CACHE_MAX_BYTES")
    return parse_bound(raw, "KFOOT_CACHE_MAX_BYTES") if raw else None


def report_cache_bound() -> int:
    """KFOOT_REPORT_CACHE_MAX_BYTES: the report cache's bound, 256 MiB when unset or empty."""
    raw = os.environ.get("KFOOT_REPORT_CACHE_MAX_BYTES")
    return parse_bound(raw, "KFOOT_REPORT_CACHE_MAX_BYTES") if raw else DEFAULT_REPORT_CACHE_BYTES


def parse_bound(raw: str, what: str) -> int:
    """A size bound, by the one size rule of kfoot.core.units (which C++ shares: up to 2^64 - 1);
    malformed or out of range is a KfootError naming `what` (one line, exit 2)."""
    return parse_bytes(raw, what)


# -- results ----------------------------------------------------------------------------------------
class Refused(Exception):
    """A file of the store that is not read: not a regular file, another user's, or too large."""


@dataclass
class Cleared:
    """What clearing one store removed: files counted by subfolder, the rest, and by reason what
    could not be removed (reason -> paths)."""
    counts: dict[str, int] = field(default_factory=dict)
    other: int = 0  # temporary files, strays, links
    freed_bytes: int = 0
    not_removed: dict[str, list[str]] = field(default_factory=dict)


def not_removed_rows(not_removed: dict[str, list[str]]) -> list[dict]:
    """What a prune or clear could not delete, one row per reason (`not_removed` in the JSON)."""
    return [{"reason": why, "files": len(paths), "first": paths[0]} for why, paths in sorted(not_removed.items())]


# -- the store --------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=64)
def group_is_owners_alone(gid: int, owner: int) -> bool:
    """Whether group `gid` has exactly one member, the user `owner`: as its primary group, or as
    the group's one listed member (a user private group). pip under umask 002 (the default of a
    Debian or Ubuntu login with USERGROUPS_ENAB) makes a pack's files group-writable, and such a
    group lets no one else write them. Debian's OpenSSH accepts group-writable files on the same
    rule (secure_permissions); a group with no member at all is not one (setgid programs use
    those). Mirrored by kfoot/include/kfoot/detail/pack.hpp."""
    import grp
    import pwd

    try:
        listed = grp.getgrgid(gid).gr_mem
        owner_name = pwd.getpwuid(owner).pw_name
    except KeyError:
        return False
    members = 0
    for user in pwd.getpwall():
        if user.pw_gid == gid:
            if user.pw_uid != owner:
                return False
            members += 1
    if listed:
        if listed != [owner_name]:
            return False
        members += 1
    return members > 0


def close_folders(folders: dict) -> None:
    """Close the folder descriptors Store.write kept in `folders`."""
    while folders:
        os.close(folders.popitem()[1])


class Store:
    """The folder `root/folder` with `subfolders`, kept by the rules in the module's docstring."""

    def __init__(self, root: str | os.PathLike, folder: str = "", subfolders: tuple[str, ...] = ("entries", "tmp")):
        self.root = Path(root)
        self.folder = folder
        self.path = self.root / folder if folder else self.root
        self.subfolders = subfolders
        self.uid = os.geteuid()
        self._ready = False

    # -- checks -------------------------------------------------------------------------------
    def guard(self, *, write: bool) -> bool:
        """Check the root, the store's folder and its subfolders; False when the store's folder
        does not exist yet. A symbolic link among them is refused for every operation, a folder of
        another user for every operation that writes or deletes (write=True): one line each
        (KfootError). Reading another user's cache (ls, stats, verify, export) stays possible."""
        if not self._check(self.root, None, write):
            return False
        if self.folder and not self._check(self.path, self.folder, write):
            return False
        for sub in self.subfolders:
            self._check(self.path / sub, f"{self.folder}/{sub}" if self.folder else sub, write, leaf=True)
        return True

    def _check(self, path: Path, name: str | None, write: bool, *, leaf: bool = False) -> bool:
        """One folder of the store (name None: the root); False when it does not exist. A leaf
        (entries/, tmp/) that is not a folder is left for the scan to report and `clear` to repair."""
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=path) from None
        if stat.S_ISLNK(info.st_mode):
            if name is None:
                raise KfootError("the cache folder is a symbolic link, not followed; set KFOOT_CACHE_DIR "
                                 "(or --cache-dir) to a folder of your own", path=path)
            raise KfootError(f"a symbolic link where the cache keeps its {name} folder: not followed, "
                             "nothing done (remove the link)", path=path)
        if not leaf and not stat.S_ISDIR(info.st_mode):
            what = "the cache root" if name is None else f"the cache's {name} folder"
            raise KfootError(f"not a folder: {what} must be a folder (or not exist yet)", path=path)
        if write and info.st_uid != self.uid:
            if name is None:
                raise KfootError(f"cache directory is owned by uid {info.st_uid}, not by you; set KFOOT_CACHE_DIR", path=path)
            raise KfootError(f"the cache's {name} folder is owned by uid {info.st_uid}, not by you: nothing changed", path=path)
        return True

    def check_readable(self) -> bool:
        """For `kfoot cache`: True when the store's folder is a readable folder, False when it does
        not exist yet; one line (KfootError) when it, the root or a subfolder is a link or a file,
        or cannot be read."""
        if not self.guard(write=False):
            return False
        try:
            with os.scandir(self.path):
                pass
        except OSError as exc:
            raise KfootError(f"cannot read the cache folder: {exc.strerror}", path=self.path) from None
        return True

    def ensure(self) -> None:
        """Create the store private to the user (0700): the root with its parents, then the store's
        folders by descriptor. A link or another user's folder among them: KfootError, one line."""
        if self._ready:
            return
        try:
            self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        except OSError as exc:
            raise KfootError(f"cannot create the cache directory: {exc.strerror}", path=self.root) from None
        self.guard(write=True)
        root_fd = self._open_root()
        try:
            for sub in ("", *self.subfolders):
                parts = tuple(p for p in (self.folder, sub) if p)
                try:
                    os.close(self.open_dir(root_fd, parts, create=True))
                except OSError as exc:
                    self.guard(write=True)  # a link or another user's folder, named in one line
                    raise KfootError(f"cannot create the cache directory: {exc.strerror}", path=self.root.joinpath(*parts)) from None
        finally:
            os.close(root_fd)
        self._ready = True

    def forget(self) -> None:
        """Check the folders again before the next write (after a clear)."""
        self._ready = False

    # -- descriptors --------------------------------------------------------------------------
    def _open_root(self) -> int:
        try:
            fd = os.open(self.root, _DIR_FLAGS)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise KfootError("the cache folder is a symbolic link or not a folder: not followed", path=self.root) from None
            raise KfootError(f"cannot open the cache folder: {exc.strerror}", path=self.root) from None
        owner = os.fstat(fd).st_uid
        if owner != self.uid:
            os.close(fd)
            raise KfootError(f"cache directory is owned by uid {owner}, not by you; set KFOOT_CACHE_DIR", path=self.root)
        return fd

    def open(self) -> int:
        """The store's folder by descriptor, from the root down (see open_dir); KfootError if refused."""
        root_fd = self._open_root()
        if not self.folder:
            return root_fd
        try:
            return self.open_dir(root_fd, (self.folder,), create=False)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise KfootError(f"the cache's {self.folder} folder is a symbolic link or not a folder: not followed",
                                 path=self.path) from None
            raise KfootError(f"cannot open the cache's {self.folder} folder: {exc.strerror}", path=self.path) from None
        finally:
            os.close(root_fd)

    def open_dir(self, base_fd: int, parts: tuple[str, ...], *, create: bool) -> int:
        """The folder base/parts by descriptor: each step opened with O_NOFOLLOW relative to the one
        before and owned by this user (created 0700 when `create`). OSError otherwise (ELOOP: a link)."""
        fd = os.dup(base_fd)
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
                if owner != self.uid:
                    raise OSError(errno.EPERM, f"folder {part} is owned by uid {owner}")
            return fd
        except BaseException:
            os.close(fd)
            raise

    @contextmanager
    def locked(self) -> Iterator[int]:
        """The store folder's descriptor, holding an exclusive flock on the folder itself (no lock file
        to plant or delete): writers, prune, clear and every other change take it, so a pruner never
        sees a file whose companions are still being written, and two pruners never evict on the
        same stale picture. Released when the descriptor closes, or when its process dies."""
        fd = self.open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield fd
        finally:
            os.close(fd)

    # -- files --------------------------------------------------------------------------------
    def write(self, fd: int, parts: tuple[str, ...], data: bytes, *, replace: bool = True,
              folders: dict | None = None) -> int | None:
        """Install fd/parts atomically (staged in tmp/, renamed; every folder by descriptor, see
        open_dir). The size of the file replaced (0: none), or None when not `replace` and it exists.
        `folders`: descriptors of folders opened by earlier writes under the same lock, kept there
        for the next (the caller closes them: close_folders); a batch of MXNet's 587 report
        records otherwise opened and created its folders again for each, 0.3 s of system CPU."""
        own = folders is None
        folders = {} if own else folders
        try:
            tmp_fd = self._folder(fd, ("tmp",), folders)
            dir_fd = self._folder(fd, parts[:-1], folders)
            try:
                old = os.stat(parts[-1], dir_fd=dir_fd, follow_symlinks=False)
            except FileNotFoundError:
                old = None
            if old is not None and not replace:
                return None
            write_at(dir_fd, parts[-1], data, tmp_fd=tmp_fd)
            return old.st_size if old is not None and stat.S_ISREG(old.st_mode) else 0
        finally:
            if own:
                close_folders(folders)

    def _folder(self, fd: int, parts: tuple[str, ...], folders: dict) -> int:
        if parts not in folders:
            folders[parts] = self.open_dir(fd, parts, create=True)
        return folders[parts]

    def read(self, path: Path, *, limit: int, own: bool = True, sole_writer: bool = False) -> bytes:
        """A file's bytes, never through a link at its name (OSError ELOOP). Refused when it is not a
        regular file, larger than `limit`, (`own`) another user's, or (`sole_writer`: an installed
        pack's, which pip makes as the user or as root) owned by neither this user nor root or
        writable by others or by a group anyone but its owner is in (group_is_owners_alone), each checked on the open handle before anything is read, so a
        file swapped in between is not read, a FIFO never blocks and a huge sparse file is never
        read whole (every store file has a bound: no unbounded read)."""
        with open(os.open(path, _READ_FLAGS), "rb") as handle:
            info = os.fstat(handle.fileno())
            if own and info.st_uid != self.uid:
                raise Refused(f"owned by uid {info.st_uid}")
            if sole_writer and info.st_uid not in (self.uid, 0):
                raise Refused(f"owned by uid {info.st_uid}, neither you nor root")
            if sole_writer and (info.st_mode & stat.S_IWOTH or (
                    info.st_mode & stat.S_IWGRP and not group_is_owners_alone(info.st_gid, info.st_uid))):
                raise Refused(f"writable by group or others (mode {stat.S_IMODE(info.st_mode):o})")
            if not stat.S_ISREG(info.st_mode):
                raise Refused("not a regular file")
            if info.st_size > limit:
                raise Refused(f"larger than {format_bytes(limit)}")
            # Sized by fstat, not by the limit: a read of limit + 1 bytes allocates (and faults in)
            # a buffer of that size for every file (a repeat reads MXNet's 493 entries: 30 ms).
            want = info.st_size + 1
            data = handle.read(want)
            if len(data) == want:  # it grew after fstat: read on, to the limit
                data += handle.read(limit + 1 - want)
            if len(data) > limit:  # it grew while it was read
                raise Refused(f"larger than {format_bytes(limit)}")
            return data

    def remove(self, path: Path) -> str | None:
        """Unlink one file of the store without following a link on the way: each folder between the
        root and the file is opened with O_NOFOLLOW relative to the one before, so a folder swapped
        for a link cannot make the deletion land outside the cache (a file that is a link is removed
        itself). None when removed, "gone" when already gone, else why not."""
        try:
            parts = Path(path).relative_to(self.path).parts
        except ValueError:
            return "outside the cache"
        if not parts:
            return "the cache root itself"
        parts = (self.folder, *parts) if self.folder else parts
        fd = None
        try:
            fd = os.open(self.root, _DIR_FLAGS)
            for part in parts[:-1]:
                inner = os.open(part, _DIR_FLAGS, dir_fd=fd)
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

    def scan(self, sub: str, suffix: str) -> list[tuple[Path, os.stat_result]]:
        """(path, lstat) of the files named *suffix in the shard folders of sub/, sorted. Shard
        folders that are symbolic links are skipped (not the cache's); files that are links are
        listed (by lstat), for the caller to flag. A folder that cannot be read is a KfootError."""
        top = self.path / sub
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

    def evict(self, files: Iterable[tuple[float, int, Path, object]], fits: Callable[[], bool],
              not_removed: dict[str, list[str]]) -> Iterator[tuple[object, bool]]:
        """The LRU order: remove (mtime, size, path, item) files oldest first until `fits()`; yields
        (item, True) for each removed, (item, False) for one another process removed first. What
        cannot be removed is recorded in `not_removed` by reason (the caller holds the lock)."""
        for _, _, path, item in sorted(files, key=lambda f: (f[0], str(f[2]))):
            if fits():
                return
            reason = self.remove(path)
            if reason is None or reason == "gone":
                yield item, reason is None
            else:
                not_removed.setdefault(reason, []).append(str(path))

    def sweep_tmp(self, fd: int, older_than: float | None = None) -> None:
        """Remove the files in tmp/ (a link there is removed itself), or only those last changed
        more than `older_than` seconds ago. The caller holds the lock: writers that take it never
        leave a file there while it is free."""
        try:
            tmp_fd = self.open_dir(fd, ("tmp",), create=False)
        except OSError:
            return
        limit = None if older_than is None else time.time() - older_than
        try:
            with os.scandir(tmp_fd) as items:
                names = [item.name for item in items if not item.is_dir(follow_symlinks=False)
                         and (limit is None or item.stat(follow_symlinks=False).st_mtime < limit)]
            for name in names:
                try:
                    os.unlink(name, dir_fd=tmp_fd)
                except OSError:
                    pass
        finally:
            os.close(tmp_fd)

    def clear(self, counted: dict[str, str]) -> Cleared:
        """Delete every file in the subfolders (another user's are left alone) and forget the usage;
        files named *suffix in a subfolder of `counted` (subfolder -> suffix) are counted as its, the
        rest as other. Never follows a link: a link inside the store is removed itself."""
        result = Cleared(counts={sub: 0 for sub in counted})
        self.forget()
        if not self.guard(write=True):
            return result
        with self.locked() as fd:
            for sub in self.subfolders:
                self._empty(fd, Path(sub), result, counted, keep_folder=True)
            self.invalidate_usage(fd)
        return result

    def _empty(self, parent_fd: int, rel: Path, result: Cleared, counted: dict[str, str], *, keep_folder: bool = False) -> bool:
        """Remove rel, a name in the folder parent_fd (a folder: its content first). True when it is
        gone. Folders are opened with O_NOFOLLOW relative to their parent's descriptor, so swapping
        one for a link cannot lead the deletion out of the store."""
        name, path = rel.name, self.path / rel
        try:
            info = os.stat(name, dir_fd=parent_fd, follow_symlinks=False)
            if stat.S_ISDIR(info.st_mode):
                fd = os.open(name, _DIR_FLAGS, dir_fd=parent_fd)
                try:
                    with os.scandir(fd) as items:
                        names = [item.name for item in items]
                    # A list, not a generator: every child is tried even after one fails.
                    emptied = all([self._empty(fd, rel / n, result, counted) for n in sorted(names)])  # noqa: C419
                finally:
                    os.close(fd)
                if emptied and not keep_folder:
                    os.rmdir(name, dir_fd=parent_fd)
                return emptied
            if info.st_uid != self.uid:
                result.not_removed.setdefault(f"owned by uid {info.st_uid}", []).append(str(path))
                return False
            os.unlink(name, dir_fd=parent_fd)
        except FileNotFoundError:
            return True
        except OSError as exc:
            result.not_removed.setdefault(exc.strerror or type(exc).__name__, []).append(str(path))
            return False
        regular = stat.S_ISREG(info.st_mode)
        sub = rel.parts[0]
        if regular and sub in counted and name.endswith(counted[sub]):
            result.counts[sub] += 1
        else:
            result.other += 1
        result.freed_bytes += info.st_size if regular else 0
        return True

    # -- the usage figure: bytes held, kept by the writers under the lock --------------------
    def read_usage(self, fd: int) -> int | None:
        try:
            usage_fd = os.open(USAGE_NAME, _READ_FLAGS, dir_fd=fd)
        except OSError:
            return None
        try:
            text = os.read(usage_fd, 64)
        except OSError:
            return None
        finally:
            os.close(usage_fd)
        return int(text) if text.strip().isdigit() else None

    def account(self, fd: int, delta: int, measure: Callable[[], int] | None) -> int | None:
        """Add `delta` bytes to the usage figure (under the lock) and return the total. A missing or
        unreadable figure is measured afresh with `measure` (the store as it is on disk, what the
        caller just wrote included), or left alone without it."""
        current = self.read_usage(fd)
        if current is None:
            if measure is None:
                return None
            total = measure()
        else:
            total = max(0, current + delta)
        self.write(fd, (USAGE_NAME,), str(total).encode())
        return total

    def set_usage(self, fd: int, total: int) -> None:
        try:
            self.write(fd, (USAGE_NAME,), str(total).encode())
        except OSError:
            self.invalidate_usage(fd)

    def invalidate_usage(self, fd: int) -> None:
        """Forget the usage figure (the next bounded writer measures the store again)."""
        try:
            os.unlink(USAGE_NAME, dir_fd=fd)
        except OSError:
            pass
