"""What a path holds: recognising formats by their first bytes, walking directories and wheels."""

from __future__ import annotations

import lzma
import os
import stat
import struct
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import FormatError, KfootError
from ..core.inputfile import special_kind
from .archive import AR_MAGIC
from .cubin import ELF_MAGIC, EM_CUDA
from .fatbin import MAGIC_BYTES
from .pe import MZ_MAGIC

ZIP_MAGIC = b"PK\x03\x04"
# Names that say "a binary": what a folder walk or a wheel must either read or name as unreadable
# (never skip without a word). Shared objects, Windows DLLs and Python extensions, macOS dylibs,
# executables, objects and archives, device code.
_BINARY_SUFFIXES = (".so", ".dll", ".pyd", ".dylib", ".exe", ".o", ".obj", ".a", ".lib", ".cubin", ".fatbin")
# Mach-O, 32 and 64 bits, either byte order, and universal binaries: what a .dylib holds.
_MACHO_MAGICS = (b"\xfe\xed\xfa\xce", b"\xfe\xed\xfa\xcf", b"\xce\xfa\xed\xfe", b"\xcf\xfa\xed\xfe",
                 b"\xca\xfe\xba\xbe")


def sniff(head: bytes, name: str, stdin: bool = False) -> str | None:
    """Format of a file from its first 20 bytes (and its name for wheels, any zip on stdin), or None.
    "pe" is a candidate (an MZ header): kfoot.binary.pe checks the PE signature further in."""
    if head.startswith(ELF_MAGIC):
        if len(head) >= 20 and int.from_bytes(head[18:20], "little") == EM_CUDA:
            return "cubin"
        return "elf"
    if head.startswith(AR_MAGIC):
        return "archive"
    if head.startswith(MAGIC_BYTES):
        return "fatbin"
    if head.startswith(ZIP_MAGIC) and (name.endswith(".whl") or stdin):
        return "wheel"
    if head.startswith(MZ_MAGIC):
        return "pe"
    return None


def named_binary(name: str) -> bool:
    """Whether a file's (or wheel member's) name says it is a binary: `libfoo.so.12`, `foo.dll`."""
    base = name.rsplit("/", 1)[-1].lower()
    return base.endswith(_BINARY_SUFFIXES) or ".so." in base


def unknown_format(head: bytes) -> str:
    """Why a binary's first bytes are not a format kfoot reads, in words."""
    if head.startswith(_MACHO_MAGICS):
        return "a Mach-O binary (macOS), a format kfoot does not read"
    if not head:
        return "an empty file"
    return f"no ELF, PE, ar, fatbin or wheel signature (it starts with {ascii(head[:8])})"


@dataclass(slots=True)
class InputFile:
    path: Path
    kind: str | None  # elf | pe | cubin | archive | fatbin | wheel; None: named a binary, not one kfoot reads
    walked: bool = False  # found by walking a directory, not named by the user
    head: bytes = b""  # its first bytes, as sniffed


# Standard input (`-`, or a path naming the same pipe, /dev/stdin) is read once per process into
# an unlinked temporary file (disk, not memory), up to this many bytes; more is refused. Later
# reads of it (the estimate reading containers back) use that copy. Standard input redirected
# from a regular file is read in place, not copied.
MAX_STDIN_BYTES = 4 << 30
STDIN = "-"
_stdin_copy = None  # the one copy of standard input, once read (standard input can be read once)

def _special(mode: int) -> str | None:
    """What a path that is neither a file nor a folder is ("a FIFO", ...), or None."""
    return None if stat.S_ISDIR(mode) else special_kind(mode)


def is_stdin(path) -> bool:
    """Whether `path` is `-`, or names the pipe or socket that is this process's standard input."""
    if str(path) == STDIN:
        return True
    try:
        st, fd0 = os.stat(path), os.fstat(0)
    except OSError:
        return False
    return _special(st.st_mode) is not None and (st.st_dev, st.st_ino) == (fd0.st_dev, fd0.st_ino)


def _stdin_file():
    """A new file object on the copy of standard input (made on first use)."""
    global _stdin_copy
    if _stdin_copy is None:
        try:
            st = os.fstat(0)
        except OSError:
            raise KfootError("standard input is closed", STDIN) from None
        if stat.S_ISREG(st.st_mode):
            _stdin_copy = open(os.dup(0), "rb")  # read in place with pread: the offset does not matter
        elif os.isatty(0) or stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
            raise KfootError("standard input is a terminal or device: pipe a binary into it, or name a file",
                             STDIN)
        else:
            copy = tempfile.TemporaryFile(prefix="kfoot-stdin-")
            total = 0
            try:
                while chunk := os.read(0, 1 << 20):
                    total += len(chunk)
                    if total > MAX_STDIN_BYTES:
                        raise KfootError(f"standard input holds more than {MAX_STDIN_BYTES} bytes, the most kfoot "
                                         "reads from a pipe: save it to a file and name that", STDIN)
                    copy.write(chunk)
                copy.flush()
            except BaseException:
                copy.close()
                raise
            _stdin_copy = copy
    return open(os.dup(_stdin_copy.fileno()), "rb")


def open_path(path):
    """Open a file for reading, never waiting on it: standard input is its copy, and anything
    but a regular file (a FIFO, socket or device, even one put in place since it was listed) is
    a KfootError. O_NONBLOCK makes opening a FIFO return at once; it changes nothing for files."""
    if is_stdin(path):
        return _stdin_file()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise KfootError(f"cannot read: {exc.strerror or exc}", path) from None
    try:
        what = _special(os.fstat(fd).st_mode)
        if what is not None:
            raise KfootError(f"not a regular file but {what}: kfoot reads files (and standard input as -)", path)
        return open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def open_input(item: "InputFile"):
    return open_path(item.path)


def _head(path: Path) -> bytes:
    with open_path(path) as f:
        return os.pread(f.fileno(), 20, 0)


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
                        head = _head(child)
                    except (OSError, KfootError):
                        continue  # unreadable, or no longer a regular file
                    kind = sniff(head, name)
                    if kind or named_binary(name):  # kind None: the walk names it as unreadable
                        found.append(InputFile(child, kind, walked=True, head=head))
            if len(found) == before:
                raise KfootError("directory holds no ELF, PE, archive, fatbin, cubin or wheel files", path)
            continue
        stdin = is_stdin(raw)
        if not stdin and not path.exists():
            raise KfootError("no such file or directory", path)
        if not stdin:
            try:
                what = _special(os.stat(path).st_mode)
            except OSError as exc:
                raise KfootError(f"cannot read: {exc.strerror}", path) from None
            if what is not None:
                raise KfootError(f"not a regular file but {what}: kfoot reads files (and standard input as -)",
                                 path)
        try:
            head = _head(path)
        except OSError as exc:
            raise KfootError(f"cannot read: {exc.strerror}", path) from None
        if not head:
            raise FormatError("empty file", path, 0)
        kind = sniff(head, path.name, stdin)
        if kind is None:
            raise FormatError("not a CUDA binary: no ELF, PE, ar, fatbin or wheel signature", path, 0)
        found.append(InputFile(path, kind))
    return found


# zipfile's ways to fail on damaged data: bad headers, a member that does not inflate, an
# unsupported or encrypted method, a CRC that does not match, a truncated central directory.
_ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, zlib.error, lzma.LZMAError,
               NotImplementedError, RuntimeError, IndexError, ValueError, struct.error, OverflowError)


# The most bytes of binaries kfoot extracts from one wheel (their declared sizes, summed),
# checked from the zip's central directory before any member is read: a zip bomb is refused in
# one line, not inflated. Members go to unlinked temporary files on disk, like standard input,
# and a member's stream is read no further than its declared size.
MAX_WHEEL_BYTES = 4 << 30


@dataclass(slots=True)
class WheelMember:
    """A binary in a wheel: `file` its bytes copied out (an ELF or PE image, a cubin or fatbin), or
    None and `problem` why kfoot cannot read it (a Mach-O dylib, a stub)."""

    name: str
    kind: str | None  # elf | pe | cubin | fatbin; None: not a format kfoot reads
    file: object = None
    problem: str | None = None
    size: int = 0  # as the zip declares it


# Binaries by name that a wheel reads as archives or objects elsewhere: a Windows wheel's import
# libraries (`.lib`: members that only name a DLL's exports) and objects are not what it ships to run.
_NOT_IN_WHEELS = (".lib", ".a", ".o", ".obj")
_WHEEL_KINDS = ("elf", "pe", "cubin", "fatbin")


def wheel_members(path: Path, names=None, file=None):
    """A WheelMember for every binary in a wheel (by name: shared objects, DLLs, Python extensions,
    dylibs, executables; only those in `names`, when given). An ELF or PE one is copied out of
    the zip, streaming, into an unlinked temporary file (disk, not memory): it then has a
    descriptor that is read with pread and inherited by forked workers like any file's, and it
    is gone once the caller closes it. Sizes are the zip's declared ones, bounded
    (MAX_WHEEL_BYTES); a member that inflates to more than it declares is a FormatError."""
    try:
        with zipfile.ZipFile(path if file is None else file) as wheel:
            wanted = []
            for info in wheel.infolist():
                if info.is_dir() or not named_binary(info.filename) or info.filename.lower().endswith(_NOT_IN_WHEELS):
                    continue
                if names is not None and info.filename not in names:
                    continue
                wanted.append(info)
            declared = sum(info.file_size for info in wanted)
            if declared > MAX_WHEEL_BYTES:
                raise FormatError(f"wheel's binaries declare {declared} bytes uncompressed, more than "
                                  f"kfoot extracts from one wheel ({MAX_WHEEL_BYTES}): a zip bomb?", path)
            for info in wanted:
                with wheel.open(info) as member:
                    head = member.read(20)
                    kind = sniff(head, info.filename)
                    if kind not in _WHEEL_KINDS:
                        yield WheelMember(info.filename, None, None, unknown_format(head), info.file_size)
                        continue
                    file = _anonymous_file()
                    try:
                        file.write(head)
                        _copy_bounded(member, file, info.file_size - len(head), info.file_size, f"{path}!{info.filename}")
                        file.flush()
                    except BaseException:
                        file.close()
                        raise
                yield WheelMember(info.filename, kind, file, None, info.file_size)
    except _ZIP_ERRORS as exc:
        raise FormatError(f"unreadable wheel: {type(exc).__name__}: {exc}", path) from None


def _copy_bounded(source, target, size: int, declared: int, where: str) -> None:
    """Copy `size` bytes, a MiB at a time; a stream that holds more (or fewer) is a FormatError."""
    left = size
    while left > 0:
        chunk = source.read(min(left, 1 << 20))
        if not chunk:
            break
        target.write(chunk)
        left -= len(chunk)
    if left or source.read(1):
        raise FormatError(f"wheel member inflates to {'fewer' if left else 'more'} bytes than the "
                          f"{declared} it declares", where)


def _anonymous_file():
    return tempfile.TemporaryFile(prefix="kfoot-wheel-member-")
