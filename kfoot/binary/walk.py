"""The one walk over the user's binaries: every fatbin container (and raw cubin) under the inputs.

Files, `ar` archive members, wheel members and host ELF sections are walked here and nowhere
else; the report, the context-memory estimate and the GPU probe all take what this yields, so
they talk about the same containers by construction, named by one typed key.

Which sections hold containers is kfoot.binary.hostelf's rule: the fatbin sections are parsed
as containers laid back to back; other data sections are scanned for embedded ones.

No module-level state: each input file is opened when the walk reaches it and closed when the
walk moves on (or is closed), so a replaced file is read anew and a folder of thousands of
binaries holds one file open at a time.

Files are read with pread (FileBytes), never mapped: a file truncated while kfoot reads it gives
a short read, which is a FormatError ("file changed while kfoot read it"), where a mapping would
kill the process with SIGBUS. Only the bytes a parser asks for are read (headers, bounded chunks
of a section being scanned), so a 250 MB library is never held in memory whole.
"""

from __future__ import annotations

import bisect
import errno
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import FormatError, KfootError
from . import archive, fatbin, hostelf, inputs, pe
from .host import RELOCATABLE_SECTIONS

_log = logging.getLogger("kfoot")

RAW_SECTION = "(file)"  # the "section" of a raw .fatbin or .cubin file
# Containers the CUDA runtime hands the driver when the library loads (__cudaRegisterFatBinary
# reaches .nv_fatbin through .nvFatBinSegment; in a DLL, .nv_fatb through .nvFatBi), and raw .fatbin/.cubin files, which a program
# loads whole. Containers embedded in other sections are loaded by the library's own code.
REGISTERED_SECTIONS = (".nv_fatbin", ".nv_fatb", RAW_SECTION)


@dataclass(frozen=True, slots=True, order=True)
class ContainerKey:
    """Names one container (or raw cubin) for as long as its file is unchanged."""

    path: str  # the file, as the user's input named it (or as the folder walk found it)
    member: str | None  # archive member or wheel member, else None
    base: int  # where an archive member's bytes start in the file; 0 for files and wheel members
    offset: int  # of the container in the member's (or the file's) bytes; 0 for a raw cubin


@dataclass(frozen=True, slots=True)
class Window:
    """Bytes of an open file from `base` on: what a reader (or a forked worker, which inherits the
    descriptor) needs to read a payload, and small to pickle."""

    fd: int
    base: int = 0
    where: str | None = None  # the file, for the error when it shrank under us

    def read(self, offset: int, size: int) -> bytes:
        """`size` bytes at `offset`; a FormatError, not short bytes, if the file lost them
        since it was walked (truncated while kfoot read it)."""
        data = os.pread(self.fd, size, self.base + offset)
        if len(data) != size:
            now = os.fstat(self.fd).st_size
            raise FormatError(f"file changed while kfoot read it: {size} bytes wanted, {len(data)} there "
                              f"(it is {now} bytes now)", self.where, self.base + offset)
        return data


class FileBytes:
    """The bytes of an open file from `base`, `size` long, read with pread when sliced: len(b),
    b[i] (an int) and b[a:b] (bytes) as a bytes object gives them, and sub() for a window of it.

    What the parsers walk instead of an mmap: a file that shrinks under it gives a FormatError
    (Window.read's short-read rule), never SIGBUS. Small reads (headers, one after another) go
    through a read-ahead block, so walking thousands of entry headers is a few dozen syscalls;
    a large slice is read as asked, so callers slice in bounded chunks (fatbin scans 1 MiB at a time).
    """

    BLOCK = 1 << 16

    __slots__ = ("window", "size", "_at", "_block")

    def __init__(self, window: Window, size: int):
        self.window, self.size = window, size
        self._at, self._block = 0, b""

    def __len__(self) -> int:
        return self.size

    def sub(self, offset: int, size: int) -> "FileBytes":
        return FileBytes(Window(self.window.fd, self.window.base + offset, self.window.where), size)

    def __getitem__(self, key):
        if isinstance(key, slice):
            start, stop, step = key.indices(self.size)
            if step != 1:
                raise ValueError("FileBytes takes contiguous slices only")
            return self._read(start, stop - start) if stop > start else b""
        index = key + self.size if key < 0 else key
        if not 0 <= index < self.size:
            raise IndexError("FileBytes index out of range")
        return self._read(index, 1)[0]

    def data_at(self, offset: int) -> int:
        """Where the file's next data is at or after `offset` (SEEK_DATA): a sparse file's holes,
        which read as zeros, are skipped unread. `offset` itself where the system cannot tell."""
        fd = self.window.fd
        try:
            saved = os.lseek(fd, 0, os.SEEK_CUR)  # the descriptor may share its offset (standard input)
            try:
                found = os.lseek(fd, self.window.base + offset, os.SEEK_DATA) - self.window.base
            finally:
                os.lseek(fd, saved, os.SEEK_SET)
        except OSError as exc:
            return self.size if exc.errno == errno.ENXIO else offset  # ENXIO: only a hole from here on
        return min(max(found, offset), self.size)

    def _read(self, offset: int, size: int) -> bytes:
        at = offset - self._at
        if 0 <= at and at + size <= len(self._block):
            return self._block[at:at + size]
        if size >= self.BLOCK:
            return self.window.read(offset, size)
        self._at, self._block = offset, self.window.read(offset, min(self.BLOCK, self.size - offset))
        return self._block[:size]


@dataclass(slots=True)
class Found:
    """One container (or raw cubin) and where it lives."""

    key: ContainerKey
    section: str  # host section, or RAW_SECTION
    container: fatbin.Container | None  # headers and entries; None for a raw cubin
    size: int  # bytes of the container (header + entries) or of the raw cubin
    window: Window  # entry offsets are relative to this window; valid while the walk is on its file
    # A relocatable copy: in `__nv_relfatbin` beside an executable fatbin section, never loaded
    # (kfoot.binary.host.Host.holds_relocatable_copies).
    relocatable: bool = False

    @property
    def path(self) -> str:
        return self.key.path

    @property
    def member(self) -> str | None:
        return self.key.member

    @property
    def offset(self) -> int:
        return self.key.offset

    @property
    def registered(self) -> bool:
        """Whether the CUDA runtime registers it when the library loads (REGISTERED_SECTIONS)."""
        return self.section in REGISTERED_SECTIONS

    def read(self) -> bytes:
        """The container's (or cubin's) bytes, as cuModuleLoadData takes them."""
        return self.window.read(self.key.offset, self.size)


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A binary kfoot could not read and left out: a file met while walking a folder, or a wheel's
    member (`member`). Never counted as 0 without a word: the walk warns, the report lists it."""

    path: str
    member: str | None
    reason: str
    size: int = 0  # its bytes, where known (a wheel member: as the zip declares them)
    offset: int | None = None  # of the problem, where the parser said

    def describe(self) -> str:
        where = f"{self.path}!{self.member}" if self.member else self.path
        at = f" (byte offset {self.offset:#x})" if self.offset is not None else ""
        return f"{where}{at}: {self.reason}"


@dataclass(slots=True)
class Region:
    """File bytes that belong to containers: a whole fatbin section, or one embedded container."""

    section: str
    size: int


@dataclass(slots=True)
class Binary:
    """One input file, walked: its containers and the bytes around them. Open until closed."""

    path: Path
    kind: str  # inputs.sniff: elf | pe | cubin | archive | fatbin | wheel
    format: str  # shared-object | executable | object | archive | fatbin | cubin | wheel
    size: int  # bytes inspected (a wheel: its binaries that were read, uncompressed)
    stored_size: int | None = None  # a wheel: the .whl on disk
    members: list[str] = field(default_factory=list)  # ELF archive members or the wheel binaries read
    unreadable: list["Unreadable"] = field(default_factory=list)  # a wheel's binaries kfoot cannot read
    containers: list[Found] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    filtered_bytes: int = 0  # region bytes left out by the `sections` filter
    _files: list = field(default_factory=list)  # open file objects the windows read from

    def close(self) -> None:
        while self._files:
            self._files.pop().close()


def walk(paths, sections: frozenset[str] | None = None, unreadable: list | None = None) -> Iterator[Binary]:
    """Every CUDA binary under `paths` (inputs.discover), walked. Each is open while it is the
    current one; use with contextlib.closing so that leaving early closes the last one.

    `sections`: only containers of these host sections (raw files are always whole); the bytes of
    the others are counted in `filtered_bytes`. A host-only file met while walking a folder (no
    container region, nothing filtered) is not what was asked about and is skipped.

    Never a silent 0: a binary met while walking a folder that kfoot cannot read (a damaged file
    or wheel, a Mach-O dylib, a file named like a binary that is none) is left out with one
    warning line ("kfoot: skipped PATH: why") on the `kfoot` logger, which prints
    it on stderr when the program has not configured logging, and appended to `unreadable` (an
    Unreadable each); so is a wheel's member that kfoot cannot read (also in its Binary's
    `unreadable`). A file named by the user that kfoot cannot read is a FormatError, as is a
    wheel none of whose binaries it can read."""
    items = inputs.discover(paths)
    if not items:
        raise KfootError("no input files")
    for item in items:
        try:
            if item.kind is None:
                raise FormatError(inputs.unknown_format(item.head), item.path)
            binary = open_binary(item, sections)
        except KfootError as exc:
            if not item.walked:
                raise
            own = exc.path is None or str(exc.path) == str(item.path)  # else it names where (an archive member)
            _left_out(Unreadable(str(item.path), None, exc.message if own else str(exc),
                                 offset=exc.offset if own else None), unreadable)
            continue
        try:
            for problem in binary.unreadable:
                _left_out(problem, unreadable)
            if item.walked and not binary.regions and not binary.filtered_bytes:
                continue
            yield binary
        finally:
            binary.close()


def _left_out(problem: "Unreadable", into: list | None) -> None:
    _log.warning("kfoot: skipped %s", problem.describe())  # one line on stderr unless logging is set up
    if into is not None:
        into.append(problem)


def open_binary(item: inputs.InputFile, sections: frozenset[str] | None = None) -> Binary:
    """Walk one input file; the caller closes the result. Raises FormatError for bad bytes."""
    path = item.path
    binary = Binary(path, item.kind, item.kind, 0)
    try:
        if item.kind == "wheel":
            _walk_wheel(binary, item, sections)
            return binary
        file = inputs.open_input(item)
        binary._files.append(file)
        window = Window(file.fileno(), 0, str(path))
        buf = FileBytes(window, os.fstat(file.fileno()).st_size)
        binary.size = len(buf)
        if item.kind == "archive":
            for member in archive.iter_members(buf, path):
                if buf[member.offset:member.offset + 4] != inputs.ELF_MAGIC:
                    continue  # symbol tables, non-ELF objects
                binary.members.append(member.name)
                data = buf.sub(member.offset, member.size)  # a window, not a copy
                _walk_host(binary, hostelf.parse_host_elf, data, data.window, member.name, f"{path}({member.name})",
                           sections)
        else:
            _walk_file(binary, item.kind, buf, window, None, path, sections)
        return binary
    except OSError as exc:  # gone since discover, unreadable, out of descriptors: one line, not a traceback
        binary.close()
        raise KfootError(f"cannot read: {exc.strerror or exc}", path) from None
    except BaseException:
        binary.close()
        raise


def _walk_file(binary: Binary, kind: str, buf, window: Window, member: str | None, where, sections) -> None:
    """One file's (or wheel member's) bytes, by its kind: a host ELF or PE, a raw fatbin or cubin."""
    if kind in ("elf", "pe"):
        _walk_host(binary, hostelf.parse_host_elf if kind == "elf" else pe.parse_pe, buf, window, member, where,
                   sections)
    elif kind == "fatbin":
        binary.regions.append(Region(RAW_SECTION, len(buf)))
        for container in fatbin.iter_containers(buf, 0, len(buf), where):
            _add(binary, window, member, RAW_SECTION, container)
    else:  # a raw cubin: one image, the whole file
        binary.regions.append(Region(RAW_SECTION, len(buf)))
        binary.containers.append(Found(ContainerKey(str(binary.path), member, 0, 0), RAW_SECTION, None, len(buf),
                                       window))


def _walk_wheel(binary: Binary, item: inputs.InputFile, sections) -> None:
    """A wheel's binaries, each walked as the file it would be once installed. One kfoot cannot
    read is left out and named in `binary.unreadable`; none readable of several is a FormatError."""
    path = item.path
    binary.format = "wheel"
    source = inputs.open_input(item)
    binary._files.append(source)
    binary.stored_size = os.fstat(source.fileno()).st_size
    for member in inputs.wheel_members(path, file=source):
        where = f"{path}!{member.name}"
        if member.file is None:
            binary.unreadable.append(Unreadable(str(path), member.name, member.problem, member.size))
            continue
        binary._files.append(member.file)
        window = Window(member.file.fileno(), 0, where)
        buf = FileBytes(window, os.fstat(member.file.fileno()).st_size)
        kept = (len(binary.containers), len(binary.regions), binary.filtered_bytes)
        try:
            _walk_file(binary, member.kind, buf, window, member.name, where, sections)
        except FormatError as exc:
            # What it added is taken back: the figures count the members that were read, whole.
            del binary.containers[kept[0]:], binary.regions[kept[1]:]
            binary.filtered_bytes = kept[2]
            binary.unreadable.append(Unreadable(str(path), member.name, exc.message, len(buf), exc.offset))
            continue
        binary.members.append(member.name)
        binary.size += len(buf)
    if binary.unreadable and not binary.members:
        first = binary.unreadable[0]
        raise FormatError(f"none of the wheel's {len(binary.unreadable)} binaries can be read "
                          f"(first: {first.member}: {first.reason})", path)


def _add(binary: Binary, window: Window, member: str | None, section: str, container: fatbin.Container,
         relocatable: bool = False) -> None:
    key = ContainerKey(str(binary.path), member, window.base, container.offset)
    binary.containers.append(Found(key, section, container, container.size, window, relocatable))


def _walk_host(binary: Binary, parse, buf, window: Window, member: str | None, where, sections) -> None:
    """A host binary (`parse`: kfoot.binary.hostelf's or pe's): fatbin sections first, then
    containers embedded in other data sections. Sections may overlap (a crafted or broken section
    header table): each byte goes to the first region that claims it (Bloaty's rule), so no
    container and no byte is counted twice. A fatbin section whose bytes are partly claimed
    already is scanned in what is left, not parsed strictly. The containers of a relocatable
    section beside an executable one are relocatable copies (Found.relocatable)."""
    host = parse(buf, where)
    if binary.format in ("elf", "pe"):
        binary.format = host.format
    copies = host.holds_relocatable_copies()
    claims = _Claims()
    for sec in host.fatbin_sections():
        whole = (sec.offset, sec.offset + sec.size)
        free = claims.take(*whole)
        if sections is not None and sec.name not in sections:
            binary.filtered_bytes += sum(end - start for start, end in free)  # the section is not even parsed
            continue
        relocatable = copies and sec.name in RELOCATABLE_SECTIONS
        for start, end in free:
            binary.regions.append(Region(sec.name, end - start))
            found = (fatbin.iter_containers(buf, start, end, where) if free == [whole]
                     else fatbin.find_embedded(buf, start, end))
            for container in found:
                _add(binary, window, member, sec.name, container, relocatable)
    for sec in host.scannable_sections():
        for start, end in claims.free(sec.offset, sec.offset + sec.size):
            for container in fatbin.find_embedded(buf, start, end):
                claims.take(container.offset, container.end)
                if sections is not None and sec.name not in sections:
                    binary.filtered_bytes += container.size
                    continue
                binary.regions.append(Region(sec.name, container.size))
                _add(binary, window, member, sec.name, container)


class _Claims:
    """Byte ranges of one buffer already attributed to a region: sorted, disjoint (start, end)."""

    def __init__(self):
        self.spans: list[tuple[int, int]] = []

    def free(self, start: int, end: int) -> list[tuple[int, int]]:
        """The parts of [start, end) no region has claimed."""
        out, pos = [], start
        for s, e in self.spans[max(bisect.bisect_right(self.spans, (start, start)) - 1, 0):]:
            if s >= end:
                break
            if e <= pos:
                continue
            if s > pos:
                out.append((pos, s))
            pos = max(pos, e)
        if pos < end:
            out.append((pos, end))
        return out

    def take(self, start: int, end: int) -> list[tuple[int, int]]:
        """Claim [start, end); returns the parts that were still free."""
        free = self.free(start, end)
        for span in free:
            bisect.insort(self.spans, span)
        return free


def read_containers(keys, *, max_bytes: int | None = None) -> Iterator[tuple[ContainerKey, bytes]]:
    """(key, bytes) of each container (or raw cubin) the keys name, read anew from their files, one
    at a time: for a consumer that kept keys of a walk that has moved on (the estimate's PTX JIT).
    Each file (and wheel member) is opened once; a key whose container is gone, or is larger than
    `max_bytes` (its size read from its header before anything else), is left out."""
    by_path: dict[str, list[ContainerKey]] = {}
    for key in keys:
        by_path.setdefault(key.path, []).append(key)
    for name, wanted in by_path.items():
        path = Path(name)
        try:
            with inputs.open_path(path) as file:
                if inputs.sniff(os.pread(file.fileno(), 20, 0), path.name, inputs.is_stdin(path)) != "wheel":
                    yield from _read_keys(file.fileno(), wanted, max_bytes)
                    continue
                members = {key.member for key in wanted}
                for member in inputs.wheel_members(path, names=members, file=file):
                    if member.file is None:
                        continue
                    with member.file:
                        yield from _read_keys(member.file.fileno(), [k for k in wanted if k.member == member.name],
                                              max_bytes)
        except (OSError, FormatError):
            continue  # gone or changed since the walk: its keys are left out


def _read_keys(fd: int, keys: list[ContainerKey], max_bytes: int | None):
    size = os.fstat(fd).st_size
    for key in keys:
        window = Window(fd, key.base)
        head = window.read(key.offset, fatbin.CONTAINER_HEADER.size)
        if head[:4] == fatbin.MAGIC_BYTES and len(head) == fatbin.CONTAINER_HEADER.size:
            _magic, _version, header_size, payload_size = fatbin.CONTAINER_HEADER.unpack(head)
            if max_bytes is None or header_size + payload_size <= max_bytes:
                yield key, window.read(key.offset, header_size + payload_size)
        elif key.offset == 0 and head[:4] == inputs.ELF_MAGIC:
            if max_bytes is None or size <= max_bytes:
                yield key, window.read(0, size)  # a raw cubin: the whole file
