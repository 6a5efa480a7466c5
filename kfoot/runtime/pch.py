"""Precompiled headers: NVRTC parses a program's headers once per process, not once per program.

Every RTC program is kfoot's prelude and `#include "<family header>"` (kfoot.runtime.compiler),
so all the programs of one family share that preamble, and NVRTC spends most of a CUB-heavy
compile parsing it. The first program of a preamble is compiled with `--create-pch`; later ones
with `--use-pch` skip the parse.

Why per process and not in the disk cache (measured with NVRTC 13.5, a `cub::BlockReduce`
kernel): a PCH file holds NVRTC's PCH heap as it was in memory. A process whose heap lies at
another address (any other process: ASLR) gets warning 20282 "incompatible precompiled header
(PCH) heap allocation address" and parses the headers again, so a PCH is reusable only by the
process that made it and by its forked children (kfoot warm's workers, forked after the heap
is set here). The file is also large: 298 MB for that preamble (the heap it needs is 295 MiB,
over NVRTC's default 256 MiB, hence PCH_HEAP_BYTES). So PCH files live in a private folder
of the process (`mkdtemp`, 0700), written under a temporary name and renamed into place, and
are deleted when the process that made the folder exits.

A process killed before it exits (SIGKILL, the OOM killer, a crash) cannot delete its folder,
and a CUB preamble's PCH is 298 MB: a server restarted a few times would fill /tmp. So the folder
holds OWNER_LOCK, flock-ed by the process (and its forked workers, which share the lock) for as
long as it lives, and the kernel drops the lock when the last of them dies, however they die.
Before a process makes its folder it deletes its user's folders whose lock it can take: their
owners are gone. A lock, not a PID: PIDs are reused and are not unique across PID namespaces
that share /tmp (containers).

A PCH NVRTC cannot open or refuses is a silent recompile without it. `KFOOT_PCH=0` turns PCH off.
Mirrored by kfoot/include/kfoot/detail/pch.hpp.
"""

from __future__ import annotations

import atexit
import dataclasses
import fcntl
import hashlib
import json
import os
import shutil
import stat
import tempfile
import threading
from dataclasses import dataclass

from . import nvrtc

# NVRTC's PCH heap: set once, before the first PCH is made (resizing it invalidates every PCH
# made before). 512 MiB holds the 295 MiB a CUB-heavy preamble needs; it is address space,
# touched only as far as a PCH fills it.
PCH_HEAP_BYTES = 512 << 20


def enabled() -> bool:
    """PCH is on unless KFOOT_PCH is 0, false, no or off (any case)."""
    return os.environ.get("KFOOT_PCH", "1").strip().lower() not in ("0", "false", "no", "off")


@dataclass
class PchStats:
    """This process's PCH use (forked workers count their own and report them back)."""

    hits: int = 0  # programs compiled with a PCH
    created: int = 0  # PCH files made
    refused: int = 0  # PCHs NVRTC could not use: recompiled without


STATS = PchStats()
_lock = threading.Lock()
_folder: str | None = None
_folder_pid: int | None = None
_owner_fd: int | None = None  # OWNER_LOCK, held (flock) while this process and its forks live
_tried = False  # the folder was made, or could not be

FOLDER_PREFIX = "kfoot-pch-"  # kfoot/include/kfoot/detail/pch.hpp makes the same folders
OWNER_LOCK = "owner.lock"
_OWN_SUFFIXES = (".pch", ".tmp")  # what a PCH folder holds besides OWNER_LOCK
_failed: set[str] = set()  # preambles whose PCH could not be made (heap too small, NVRTC said no)


def preamble_key(source: str, options: tuple[str, ...], digests: list[str]) -> str:
    """What a PCH depends on: the program text, every option, the headers' content."""
    return hashlib.sha256(json.dumps([source, list(options), digests]).encode()).hexdigest()


def _pch_folder() -> str | None:
    """This process's PCH folder, made (and the heap set) on first use; None when it cannot be
    made with its lock (then programs compile without a PCH)."""
    global _folder, _folder_pid, _owner_fd, _tried
    if _folder is None and not _tried:
        _tried = True
        base = tempfile.gettempdir()
        remove_abandoned(base)
        try:
            folder = tempfile.mkdtemp(prefix=FOLDER_PREFIX, dir=base)
        except OSError:
            return None
        try:
            _owner_fd = _hold_owner_lock(folder)
        except OSError:  # no lock, no folder: a killed process's folder must be findable
            shutil.rmtree(folder, ignore_errors=True)
            return None
        nvrtc.set_pch_heap_size(PCH_HEAP_BYTES)
        _folder, _folder_pid = folder, os.getpid()
        atexit.register(_remove_folder)
    return _folder


def _hold_owner_lock(folder: str) -> int:
    """Make OWNER_LOCK in `folder`, locked before it has its name: a sweeper that finds the name
    never takes the lock of a live process."""
    partial = os.path.join(folder, OWNER_LOCK + ".tmp")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.replace(partial, os.path.join(folder, OWNER_LOCK))
    return fd


def remove_abandoned(base: str) -> list[str]:
    """Delete the PCH folders in `base` whose owners are gone (their OWNER_LOCK can be taken);
    the names deleted. Only this user's folders named FOLDER_PREFIX*, holding only OWNER_LOCK,
    *.pch and *.tmp regular files; anything else (a symlink, a folder without the lock, another
    file inside) is left as it is."""
    removed = []
    try:
        names = [n for n in os.listdir(base) if n.startswith(FOLDER_PREFIX)]
    except OSError:
        return removed
    for name in names:
        if _remove_if_abandoned(base, name):
            removed.append(name)
    return removed


def _remove_if_abandoned(base: str, name: str) -> bool:
    path = os.path.join(base, name)
    try:
        folder = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        if os.fstat(folder).st_uid != os.getuid():
            return False
        try:
            lock = os.open(OWNER_LOCK, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder)
        except OSError:
            return False  # no lock: not a folder this kfoot made, or one being made
        try:
            if not stat.S_ISREG(os.fstat(lock).st_mode):
                return False
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return False  # its owner (or a sweeper) holds it
            entries = os.listdir(folder)
            for entry in entries:
                if entry != OWNER_LOCK and not entry.endswith(_OWN_SUFFIXES):
                    return False
                if not stat.S_ISREG(os.lstat(entry, dir_fd=folder).st_mode):
                    return False
            for entry in sorted(entries, key=lambda e: e == OWNER_LOCK):  # the lock last
                os.unlink(entry, dir_fd=folder)
            os.rmdir(path)
            return True
        finally:
            os.close(lock)
    except OSError:
        return False
    finally:
        os.close(folder)


def _remove_folder() -> None:
    if _folder is not None and _folder_pid == os.getpid():  # a forked worker leaves it to its parent
        shutil.rmtree(_folder, ignore_errors=True)


def prepare() -> None:
    """Set the heap and make the folder now, so that forked workers share both."""
    if enabled():
        with _lock:
            _pch_folder()


def compile_program(source: str, name_expressions: list[str], options: tuple[str, ...], *,
                    link: tuple[str, ...] | None, digests: list[str], make: bool = True) -> nvrtc.CompiledProgram:
    """nvrtc.compile_program with this process's PCH of the preamble: used when there is one,
    made when there is none unless `make` is False (a caller that compiles each preamble once)."""
    if not enabled():
        return nvrtc.compile_program(source, name_expressions, options, link=link)
    key = preamble_key(source, options, digests)
    with _lock:
        folder = _pch_folder()
        if folder is None or key in _failed:
            return nvrtc.compile_program(source, name_expressions, options, link=link)
    path = os.path.join(folder, key + ".pch")
    if os.path.isfile(path) and not os.path.islink(path):
        try:
            program = nvrtc.compile_program(source, name_expressions, (*options, f"--use-pch={path}", "--pch-messages=true"),
                                            link=link)
        except nvrtc.CompileError as exc:
            if "precompiled header" not in exc.first_error:
                raise
            program = None
        with _lock:
            if program is not None and "using precompiled header" in program.log:
                STATS.hits += 1
                return dataclasses.replace(program, pch_hit=True)
            STATS.refused += 1
            _failed.add(key)
        return program or nvrtc.compile_program(source, name_expressions, options, link=link)
    if not make:
        return nvrtc.compile_program(source, name_expressions, options, link=link)
    partial = os.path.join(folder, f"{key}.{os.getpid()}.{threading.get_ident()}.tmp")
    program = nvrtc.compile_program(source, name_expressions, (*options, f"--create-pch={partial}", "--pch-messages=true"),
                                    link=link)
    if "creating precompiled header" in program.log and os.path.isfile(partial):
        os.replace(partial, path)  # whole files only: a sibling never reads half of one
        with _lock:
            STATS.created += 1
    else:  # the heap was too small, or NVRTC chose not to
        with _lock:
            _failed.add(key)
        try:
            os.unlink(partial)
        except OSError:
            pass
    return program
