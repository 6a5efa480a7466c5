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

A PCH NVRTC cannot open or refuses is a silent recompile without it. `KFOOT_PCH=0` turns PCH off.
Mirrored by kfoot/include/kfoot/detail/pch.hpp.
"""

from __future__ import annotations

import atexit
import dataclasses
import hashlib
import json
import os
import shutil
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
_failed: set[str] = set()  # preambles whose PCH could not be made (heap too small, NVRTC said no)


def preamble_key(source: str, options: tuple[str, ...], digests: list[str]) -> str:
    """What a PCH depends on: the program text, every option, the headers' content."""
    return hashlib.sha256(json.dumps([source, list(options), digests]).encode()).hexdigest()


def _pch_folder() -> str:
    global _folder, _folder_pid
    if _folder is None:
        nvrtc.set_pch_heap_size(PCH_HEAP_BYTES)
        _folder, _folder_pid = tempfile.mkdtemp(prefix="kfoot-pch-"), os.getpid()
        atexit.register(_remove_folder)
    return _folder


def _remove_folder() -> None:
    if _folder is not None and _folder_pid == os.getpid():  # a forked worker leaves it to its parent
        shutil.rmtree(_folder, ignore_errors=True)


def prepare() -> None:
    """Set the heap and make the folder now, so that forked workers share both."""
    if enabled():
        with _lock:
            _pch_folder()


def compile_program(source: str, name_expressions: list[str], options: tuple[str, ...], *,
                    link: tuple[str, ...] | None, digests: list[str]) -> nvrtc.CompiledProgram:
    """nvrtc.compile_program with this process's PCH of the preamble: used when there is one,
    made when there is none."""
    if not enabled():
        return nvrtc.compile_program(source, name_expressions, options, link=link)
    key = preamble_key(source, options, digests)
    with _lock:
        folder = _pch_folder()
        if key in _failed:
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
