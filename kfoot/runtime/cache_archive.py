"""Moving a kernel cache between machines: `kfoot cache export` writes its good entries and their
cubins to a tar archive, `kfoot cache import` installs an archive's entries, each checked against
what it claims (kfoot.runtime.cache_entry), streaming with bounded memory."""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import tarfile
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ..core.atomic import output_file
from ..core.errors import KfootError
from ..core.escape import shown
from ..core.store import Refused
from ..core.units import format_bytes
from .cache_entry import (BLOB_SUFFIX, ENTRY_SUFFIX, HEX64, MAX_BLOB_BYTES, MAX_ENTRY_BYTES, claim_problem, cubin_claims,
                          parse_entry)

# `kfoot cache import` reads at most this much per member, and in all: a member declaring more
# is refused from its header, before any of it is read (a 4 MB tar.gz can hold 4 GiB of zeros).
MAX_IMPORT_MEMBER_BYTES = MAX_BLOB_BYTES  # one cubin (one NVRTC program)
MAX_IMPORT_ENTRY_BYTES = MAX_ENTRY_BYTES  # one entry (a few hundred bytes in practice)
MAX_IMPORT_TOTAL_BYTES = 8 << 30
MAX_IMPORT_ENTRIES_TOTAL_BYTES = 256 << 20  # entries are held in memory until their cubins are checked
MAX_IMPORT_MEMBERS = 1_000_000
# tarfile reads a PAX or GNU long-name header's data whole, and each one in a nested call: their
# size and how many precede one member are checked on the header block, before tarfile reads them.
# A long path takes a few hundred bytes; kfoot's own exports use none.
MAX_EXTENDED_HEADER_BYTES = 64 << 10
MAX_EXTENDED_HEADERS_IN_A_ROW = 8
_EXTENDED = {tarfile.XHDTYPE: "PAX", tarfile.XGLTYPE: "PAX global", tarfile.SOLARIS_XHDTYPE: "Solaris extended",
             tarfile.GNUTYPE_LONGNAME: "GNU long-name", tarfile.GNUTYPE_LONGLINK: "GNU long-link"}
_CHUNK = 1 << 20


@dataclass
class ImportResult:
    root: Path
    archive: str
    installed: int = 0
    already_present: int = 0
    rejected: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"root": str(self.root), "archive": self.archive, "installed": self.installed,
                "already_present": self.already_present, "rejected": self.rejected}

    def text(self) -> str:
        return f"installed {self.installed} entries, {self.already_present} already present, {len(self.rejected)} rejected\n"


def export_entries(cache, archive: str | os.PathLike) -> int:
    """Write the good entries of `cache` (a kfoot.runtime.kernel_cache.DiskCache) and their cubins
    to a tar archive (kfoot.core.atomic.output_file: a regular file atomically, a pipe or device
    in place); returns the entry count. What goes in is the bytes read and checked here (bounded,
    never through a link, never blocking on a FIFO swapped in since the listing), not the files
    named: an entry or cubin that changed since is left out."""
    archive = Path(archive)
    good = [i for i in cache.entries() if i.problem is None]
    blobs = cache.blobs()
    with output_file(archive, what="archive") as handle:  # the umask's mode, like any file the user writes
        count = 0
        with tarfile.open(fileobj=handle, mode="w:gz" if archive.name.endswith(("gz", ".tgz")) else "w") as tar:
            added: set[str] = set()
            for info in good:
                sha = info.meta["blob"]
                if sha not in blobs:
                    continue
                entry = _read_checked(cache, info.path, MAX_ENTRY_BYTES)
                if entry is None or parse_entry(entry, info.key)[1] is not None:
                    continue
                if sha not in added:
                    cubin = _read_checked(cache, blobs[sha], MAX_BLOB_BYTES)
                    if cubin is None or hashlib.sha256(cubin).hexdigest() != sha:
                        continue
                    _add(tar, f"blobs/{sha[:2]}/{sha}{BLOB_SUFFIX}", cubin)
                    added.add(sha)
                _add(tar, f"entries/{info.key[:2]}/{info.key}{ENTRY_SUFFIX}", entry)
                count += 1
    return count


def _read_checked(cache, path: Path, limit: int) -> bytes | None:
    try:
        return cache.store.read(path, limit=limit, own=False)
    except (OSError, Refused):
        return None


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    member = tarfile.TarInfo(name)
    member.size, member.mode, member.mtime = len(data), 0o600, int(time.time())
    tar.addfile(member, io.BytesIO(data))


def import_entries(cache, archive: str | os.PathLike) -> ImportResult:
    """Install the entries of an exported archive into `cache` (a DiskCache), each checked against what it claims; unsafe
    archives are refused whole, before anything is written.

    The archive is read once, streaming, with bounded memory: each member's declared size is
    checked against a bound before any of it is read (MAX_IMPORT_MEMBER_BYTES per cubin,
    MAX_IMPORT_ENTRY_BYTES per entry, MAX_IMPORT_TOTAL_BYTES in all), cubins are hashed as they
    are copied to a private staging folder, links, devices, absolute paths and `..` are refused.
    An entry is installed only when its cubin's sha256 is its name, the cubin parses as a CUDA
    ELF, defines the kernel the entry names (its lowered name, an entry symbol of the symtab)
    and is for the entry's arch; otherwise it is rejected with one line naming the member, and
    neither it nor a cubin no accepted entry uses is written."""
    result = ImportResult(cache.root, str(archive))
    archive = Path(archive)
    cache.store.guard(write=True)  # a link or another user's folder: refused before reading anything
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
        cache.store.ensure()
        with cache.store.locked() as root_fd:
            for sha in dict.fromkeys(sha for _, sha in accepted.values()):
                cache.store.write(root_fd, ("blobs", sha[:2], sha + BLOB_SUFFIX), (staging / sha).read_bytes(), replace=False)
            for key, (data, _) in accepted.items():
                if cache.store.write(root_fd, ("entries", key[:2], key + ENTRY_SUFFIX), data, replace=False) is None:
                    result.already_present += 1
                else:
                    result.installed += 1
            cache.store.invalidate_usage(root_fd)
    except OSError as exc:
        raise KfootError(f"cannot import: {exc.strerror or exc}", path=exc.filename or cache.root) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return result


def _read_archive(archive: Path, staging: Path) -> tuple[dict[str, str], dict[str, bytes]]:
    """Stream the archive: (cubin name -> sha256 of its bytes, staged as staging/NAME; entry key ->
    bytes). Every bound is checked on the member's header, before reading it."""
    try:
        tar = tarfile.open(archive, "r|*", tarinfo=_bounded_tarinfo(archive))
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
                    raise KfootError(f"refusing archive: member {shown(member.name)} declares {format_bytes(member.size)}, "
                                     f"over the bound of {format_bytes(bound)} per {'cubin' if kind == 'blob' else 'entry'}",
                                     path=archive)
                total += member.size
                entry_total += member.size if kind == "entry" else 0
                if total > MAX_IMPORT_TOTAL_BYTES or entry_total > MAX_IMPORT_ENTRIES_TOTAL_BYTES:
                    raise KfootError(f"refusing archive: its members declare more than the bound of "
                                     f"{format_bytes(MAX_IMPORT_TOTAL_BYTES)} in all, or of "
                                     f"{format_bytes(MAX_IMPORT_ENTRIES_TOTAL_BYTES)} of entries (at {shown(member.name)})", path=archive)
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


def _bounded_tarinfo(archive: Path) -> type[tarfile.TarInfo]:
    """A TarInfo class whose frombuf (tarfile's parser of each 512-byte header block, called before
    the member's data or an extended header's is read) refuses, in one line: an extended header
    over MAX_EXTENDED_HEADER_BYTES, more than MAX_EXTENDED_HEADERS_IN_A_ROW of them before one
    member, and GNU sparse members (whose chained blocks tarfile keeps in memory)."""
    in_a_row = 0

    class BoundedTarInfo(tarfile.TarInfo):
        @classmethod
        def frombuf(cls, buf, encoding, errors):
            nonlocal in_a_row
            info = super().frombuf(buf, encoding, errors)
            what = _EXTENDED.get(info.type)
            if info.type == tarfile.GNUTYPE_SPARSE:
                raise KfootError(f"refusing archive: member {shown(info.name)} is a GNU sparse file (a cache file never is)",
                                 path=archive)
            if what is None:
                in_a_row = 0
                return info
            in_a_row += 1
            if info.size > MAX_EXTENDED_HEADER_BYTES:
                raise KfootError(f"refusing archive: a {what} header declares {format_bytes(info.size)}, over the bound "
                                 f"of {format_bytes(MAX_EXTENDED_HEADER_BYTES)}", path=archive)
            if in_a_row > MAX_EXTENDED_HEADERS_IN_A_ROW:
                raise KfootError(f"refusing archive: more than {MAX_EXTENDED_HEADERS_IN_A_ROW} extended (PAX or GNU "
                                 "long-name) headers before one member", path=archive)
            return info

    return BoundedTarInfo


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


def _check_member(member: tarfile.TarInfo, archive: Path) -> tuple[str | None, str]:
    """('blob'|'entry', key) for a cache file, (None, '') for a folder; unsafe members end the import."""
    name = member.name
    if name.startswith("/") or os.path.isabs(name) or ".." in Path(name).parts:
        raise KfootError(f"refusing archive: member {shown(name)} has an absolute path or '..'", path=archive)
    if member.issym() or member.islnk():
        raise KfootError(f"refusing archive: member {shown(name)} is a link", path=archive)
    if member.isdir():
        return None, ""
    if not member.isfile():
        raise KfootError(f"refusing archive: member {shown(name)} is not a regular file", path=archive)
    parts = Path(name).parts
    if parts and parts[0] == ".":
        parts = parts[1:]
    if len(parts) == 3 and parts[0] == "blobs" and parts[2].endswith(BLOB_SUFFIX):
        kind, stem = "blob", parts[2][: -len(BLOB_SUFFIX)]
    elif len(parts) == 3 and parts[0] == "entries" and parts[2].endswith(ENTRY_SUFFIX):
        kind, stem = "entry", parts[2][: -len(ENTRY_SUFFIX)]
    else:
        raise KfootError(f"refusing archive: member {shown(name)} is not a kfoot cache file", path=archive)
    if not HEX64.fullmatch(stem) or parts[1] != stem[:2]:
        raise KfootError(f"refusing archive: member {shown(name)} is not a kfoot cache file", path=archive)
    return kind, stem
