"""Compile a program of template instantiations with NVRTC into a cubin, on the CPU.

NVRTC is reached through cupy's bindings (`cupy_backends.cuda.libs.nvrtc`), which load the
libnvrtc of the NVIDIA wheel through cuda-pathfinder and need neither a GPU nor a driver.
One exception, measured with cupy-cuda13x 14.2 and NVRTC 13.5: `nvrtc.getCUBIN` returns the
cubin one byte short (nvrtcGetCUBINSize said 3580, getCUBIN gave 3579: the bytes are copied as
if they were a NUL-terminated string). The driver tolerates that, cuobjdump does not ("does not
contain device code"), and a cache should store the real bytes. So the cubin alone is fetched
with ctypes from the very same libnvrtc (same path, so dlopen returns the library cupy already
loaded and the program handle is valid in both).
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import KfootError, ToolMissing

# The options every RTC compile uses besides the arch and include paths. Part of the cache key.
# -no-source-include: NVRTC otherwise puts the folder of the program's source, for a program
# named without one the working directory, ahead of every -I: a header or a FIFO of the same name
# there would be compiled or block (measured with NVRTC 13.5; includes from inside a header
# are still looked for next to it first).
DEFAULT_OPTIONS = ("-std=c++17", "-default-device", "-DKFOOT_RTC=1", "-no-source-include")


# The NVRTC options a spec's flags and a registry may carry: macros and code-generation switches.
# An allow-list, not a deny-list, because a registry may come from elsewhere and NVRTC has
# options that read files (--pre-include, --include-path, --use-pch) or write them (--time,
# --fdevice-time-trace, --create-pch); include folders travel as the registry's own copies.
_SAFE_OPTION = re.compile(
    r"^(?:-D[A-Za-z_]\w*(?:=.*)?|-U[A-Za-z_]\w*|--define-macro=[A-Za-z_]\w*(?:=.*)?|--undefine-macro=[A-Za-z_]\w*"
    r"|--?maxrregcount=\d+|--?use_fast_math|--?(?:ftz|prec-div|prec-sqrt|fmad)=(?:true|false)"
    r"|--?std=c\+\+\d\d|-lineinfo|--generate-line-info|-G|--device-debug|-default-device"
    r"|--device-as-default-execution-space|--?(?:rdc|relocatable-device-code)=(?:true|false)"
    r"|-w|--disable-warnings|--?extra-device-vectorization|--?restrict|--?dopt=(?:on|off)"
    r"|--?ewp|--extensible-whole-program|--?Ofast-compile=(?:0|min|mid|max)"
    r"|--?diag-(?:suppress|error|warn)=[\d,]+|-Wno-deprecated-declarations|-Wreorder)$",
    re.ASCII)  # identifiers and digits as NVRTC and the C++ runtime (kfoot/include/kfoot/detail/nvrtc.hpp) read them


def unsafe_option(option: str) -> bool:
    """True for an option kfoot will not pass to NVRTC from a spec or a registry (see _SAFE_OPTION)."""
    return not _SAFE_OPTION.match(option) or "\n" in option or "\0" in option


class CompileError(KfootError):
    """NVRTC rejected a program; the message names the variants and the first error line.

    `first_error` is that line alone; `whole_program` is true for errors no single variant
    causes (a missing header: NVRTC's "catastrophic error"), so splitting the program is useless.
    """

    def __init__(self, message: str, first_error: str = "", whole_program: bool = False):
        self.first_error = first_error or message
        self.whole_program = whole_program
        super().__init__(message)


@dataclass(frozen=True)
class CompiledProgram:
    cubin: bytes
    lowered_names: dict[str, str]  # name expression -> mangled kernel name in the cubin
    log: str
    seconds: float
    pch_hit: bool = False  # its headers came from a precompiled header (kfoot.runtime.pch)


@functools.cache
def _bindings():
    # Load libnvrtc by kfoot's search first (docs/runtime.md#finding-nvrtc, the C++ runtime's
    # order): cupy's loader (cuda-pathfinder) takes a library already loaded.
    load_nvrtc()
    try:
        from cupy_backends.cuda.libs import nvrtc
    except ImportError as exc:  # cupy not installed, or built for another CUDA major
        raise ToolMissing(f"NVRTC bindings unavailable ({exc}); install kfoot[runtime] (cupy-cuda13x)") from exc
    try:
        nvrtc.getVersion()
    except Exception as exc:  # libnvrtc could not be loaded by cupy
        raise ToolMissing(f"libnvrtc could not be loaded: {exc}; install nvidia-cuda-nvrtc") from exc
    return nvrtc


@functools.cache
def load_nvrtc() -> str:
    """Loads libnvrtc (RTLD_GLOBAL) by the search order; its path, or ToolMissing in one line
    naming where it looked."""
    from ..core.toolchain import nvrtc_search

    search = nvrtc_search()
    for candidate in search.candidates:
        try:
            ctypes.CDLL(candidate, mode=ctypes.RTLD_GLOBAL)
        except OSError:
            continue
        return _loaded_nvrtc_path() or candidate
    raise ToolMissing(f"libnvrtc not found; looked in: {search.looked}; install nvidia-cuda-nvrtc, "
                      "or set KFOOT_NVRTC to the library")


@functools.cache
def _libnvrtc() -> ctypes.CDLL:
    """The libnvrtc cupy loaded (for nvrtcGetCUBIN, see the module docstring)."""
    lib = ctypes.CDLL(_loaded_nvrtc_path() or load_nvrtc())
    lib.nvrtcGetCUBINSize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetCUBIN.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.nvrtcGetLTOIRSize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.nvrtcGetLTOIR.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    return lib


def _loaded_nvrtc_path() -> str | None:
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.rstrip().split(" ")[-1]
                if re.search(r"/libnvrtc\.so[.\d]*$", path):
                    return path
    except OSError:
        pass
    return None


@functools.cache
def nvrtc_version() -> str:
    major, minor = _bindings().getVersion()
    return f"{major}.{minor}"


@functools.cache
def supported_archs() -> tuple[int, ...]:
    return tuple(_bindings().getSupportedArchs())


@functools.cache
def include_dirs() -> tuple[Path, ...]:
    """Toolkit headers NVRTC needs (cuda_fp16.h, cuda_bf16.h, cuda/std/*): kfoot.core.toolchain's
    run-time search. NVRTC has no default include path, so without these `#include <cuda_fp16.h>` fails.
    """
    from ..core.toolchain import toolkit_include_dirs

    return toolkit_include_dirs()


def check_arch_supported(arch: str) -> None:
    number = int(re.sub(r"\D", "", arch))
    if number not in supported_archs():
        supported = ", ".join(f"sm_{a}" for a in supported_archs())
        raise KfootError(f"arch {arch} is not supported by NVRTC {nvrtc_version()} (supported: {supported})")


def library_guess() -> str | None:
    """The libnvrtc file a fresh process will load, without loading it; None when the dynamic
    linker would have the say and its answer is not known without asking it."""
    from ..core.toolchain import nvrtc_search

    for candidate in nvrtc_search().candidates:
        if "/" in candidate:
            return candidate
        for folder in os.environ.get("LD_LIBRARY_PATH", "").split(":"):
            if folder and os.path.isfile(os.path.join(folder, candidate)):
                return os.path.join(folder, candidate)
        if _in_linker_cache(candidate):
            return None
    return None


@functools.cache
def _in_linker_cache(soname: str) -> bool:
    try:
        with open("/etc/ld.so.cache", "rb") as cache:
            return (soname.encode() + b"\0") in cache.read(64 << 20)
    except OSError:
        return False


def loaded_library() -> str | None:
    """The libnvrtc this process has loaded, if any."""
    return _loaded_nvrtc_path()


def set_pch_heap_size(size: int) -> None:
    """NVRTC's precompiled-header heap (kfoot.runtime.pch sets it once, before its first PCH)."""
    _bindings()
    lib = _libnvrtc()
    lib.nvrtcSetPCHHeapSize.argtypes = [ctypes.c_size_t]
    lib.nvrtcSetPCHHeapSize(ctypes.c_size_t(size))


def compile_options(arch: str, extra: tuple[str, ...] = (), toolkit: tuple[Path, ...] | None = None) -> tuple[str, ...]:
    """`toolkit`: the toolkit include folders to use (a shipped registry's bundle), else the search's."""
    includes = tuple(f"-I{d}" for d in (toolkit if toolkit is not None else include_dirs()))
    return (f"-arch={arch}", *DEFAULT_OPTIONS, *extra, *includes)


def compile_program(
    source: str,
    name_expressions: list[str],
    options: tuple[str, ...],
    *,
    program_name: str = "kfoot_rtc.cu",
    link: tuple[str, ...] | None = None,
) -> CompiledProgram:
    """One NVRTC program: `source` plus one name expression per kernel to instantiate.

    With `link` (nvJitLink's options, kfoot.runtime.nvjitlink) the program is compiled to LTO-IR
    and the cubin is nvJitLink's, without the unused variables NVRTC's own cubin keeps.

    `source` is usually just `#include "header"`; the template-ids in `name_expressions` make
    NVRTC instantiate exactly those kernels (no explicit instantiation code needed).
    """
    nvrtc = _bindings()
    arch = next((o.split("=", 1)[1] for o in options if o.startswith("-arch=")), None)
    if arch:
        check_arch_supported(arch)
    start = time.perf_counter()
    prog = nvrtc.createProgram(source, program_name, [], [])
    try:
        for expr in name_expressions:
            nvrtc.addNameExpression(prog, expr)
        try:
            nvrtc.compileProgram(prog, list(options) + (["-dlto"] if link else []))
        except nvrtc.NVRTCError as exc:
            log = nvrtc.getProgramLog(prog)
            first = _first_error(log, exc)
            raise CompileError(_failure_message(name_expressions, first), first, "catastrophic error" in log) from None
        log = nvrtc.getProgramLog(prog)
        lowered = {expr: nvrtc.getLoweredName(prog, expr) for expr in name_expressions}
        cubin = _get_cubin(prog) if not link else _link_ltoir(prog, link, name_expressions)
    finally:
        nvrtc.destroyProgram(prog)
    return CompiledProgram(cubin=cubin, lowered_names=lowered, log=log, seconds=time.perf_counter() - start)


def _get_cubin(prog: int) -> bytes:
    return _program_output(prog, "CUBIN", "NVRTC produced no cubin (was a virtual arch such as compute_90 given instead of sm_90?)")


def _program_output(prog: int, what: str, when_empty: str) -> bytes:
    """nvrtcGet{what}Size, then nvrtcGet{what} into a buffer of that size."""
    lib = _libnvrtc()
    size = ctypes.c_size_t()
    if getattr(lib, f"nvrtcGet{what}Size")(ctypes.c_void_p(prog), ctypes.byref(size)) != 0 or size.value == 0:
        raise CompileError(when_empty)
    buf = ctypes.create_string_buffer(size.value)
    if getattr(lib, f"nvrtcGet{what}")(ctypes.c_void_p(prog), buf) != 0:
        raise CompileError(f"nvrtcGet{what} failed")
    return buf.raw


def _link_ltoir(prog: int, link: tuple[str, ...], name_expressions: list[str]) -> bytes:
    from . import nvjitlink

    ltoir = _program_output(prog, "LTOIR", "NVRTC produced no LTO-IR")
    try:
        return nvjitlink.link(ltoir, link, _names_shown(name_expressions))
    except KfootError as exc:  # ptxas runs in the link: its errors are compile errors
        raise CompileError(str(exc)) from None


def _first_error(log: str, exc: Exception) -> str:
    return next((line.strip() for line in log.splitlines() if "error" in line), str(exc))


def _names_shown(name_expressions: list[str]) -> str:
    return ", ".join(name_expressions[:3]) + (f" and {len(name_expressions) - 3} more" if len(name_expressions) > 3 else "")


def _failure_message(name_expressions: list[str], first_error: str) -> str:
    return f"NVRTC failed to compile {_names_shown(name_expressions)}: {first_error}"
