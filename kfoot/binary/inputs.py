"""What a path holds: recognising formats by their first bytes, walking directories and wheels."""

from __future__ import annotations

import os
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import FormatError, KfootError
from .archive import AR_MAGIC
from .cubin import ELF_MAGIC, EM_CUDA
from .fatbin import MAGIC_BYTES

ZIP_MAGIC = b"PK\x03\x04"


def sniff(head: bytes, name: str) -> str | None:
    """Format of a file from its first 20 bytes (and its name for wheels), or None."""
    if head.startswith(ELF_MAGIC):
        if len(head) >= 20 and int.from_bytes(head[18:20], "little") == EM_CUDA:
            return "cubin"
        return "elf"
    if head.startswith(AR_MAGIC):
        return "archive"
    if head.startswith(MAGIC_BYTES):
        return "fatbin"
    if head.startswith(ZIP_MAGIC) and name.endswith(".whl"):
        return "wheel"
    return None


@dataclass(slots=True)
class InputFile:
    path: Path
    kind: str  # elf | cubin | archive | fatbin | wheel
    walked: bool = False  # found by walking a directory, not named by the user


def _head(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read(20)


def discover(paths) -> list[InputFile]:
    """Expand the user's paths: files are taken as given (and must be CUDA binaries or containers of
    them), directories are walked recursively keeping only files whose bytes say binary."""
    found: list[InputFile] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            before = len(found)
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    child = Path(root) / name
                    if child.is_symlink() or not child.is_file():
                        continue
                    try:
                        kind = sniff(_head(child), name)
                    except OSError:
                        continue
                    if kind:
                        found.append(InputFile(child, kind, walked=True))
            if len(found) == before:
                raise KfootError("directory holds no ELF, archive, fatbin, cubin or wheel files", path)
            continue
        if not path.exists():
            raise KfootError("no such file or directory", path)
        try:
            head = _head(path)
        except OSError as exc:
            raise KfootError(f"cannot read: {exc.strerror}", path) from None
        if not head:
            raise FormatError("empty file", path, 0)
        kind = sniff(head, path.name)
        if kind is None:
            raise FormatError("not a CUDA binary: no ELF, ar, fatbin or wheel signature", path, 0)
        found.append(InputFile(path, kind))
    return found


def wheel_members(path: Path, names=None):
    """(name, file) of every shared object in a wheel (only those in `names`, when given). Each is
    copied out of the zip into an anonymous in-memory file (memfd; an unlinked temporary file
    where there is none), not into a bytes object: it then has a descriptor that is read, mapped
    and inherited by forked workers like any file's, and it is gone once the caller closes it."""
    try:
        with zipfile.ZipFile(path) as wheel:
            for info in wheel.infolist():
                base = info.filename.rsplit("/", 1)[-1]
                if info.is_dir() or not (base.endswith(".so") or ".so." in base):
                    continue
                if names is not None and info.filename not in names:
                    continue
                with wheel.open(info) as member:
                    head = member.read(4)
                    if head != ELF_MAGIC:
                        continue
                    file = _anonymous_file()
                    try:
                        file.write(head)
                        shutil.copyfileobj(member, file, 1 << 20)
                        file.flush()
                    except BaseException:
                        file.close()
                        raise
                yield info.filename, file
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError) as exc:
        raise FormatError(f"unreadable wheel: {exc}", path) from None


def _anonymous_file():
    if hasattr(os, "memfd_create"):
        return open(os.memfd_create("kfoot-wheel-member", os.MFD_CLOEXEC), "w+b")
    return tempfile.TemporaryFile()
