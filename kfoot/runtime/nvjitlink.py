"""Lean cubins: NVRTC's LTO-IR linked by nvJitLink, which drops the variables no kernel uses.

Why (measured with NVRTC 13.5 on sm_90, a `cub::BlockReduce<float, 256>` sum): NVRTC's own cubin
is 172,496 bytes, `nvcc -cubin` of the same template-id 8,816. The difference is ~930 `.global`
variables (static constexpr data members such as `cuda::std::integral_constant<...>::value` and
CCCL's `cuda::ptx` constants) that NVRTC emits for a whole program and ptxas must keep, with
their symbols, strings and a 22 KB relocation section. No NVRTC or ptxas option removes them.
Compiled with `-dlto` and linked by nvJitLink with `-optimize-unused-variables`, the cubin is
4,728 bytes and the link costs ~0.05-0.2 s. Without a usable libnvJitLink kfoot compiles as
before (NVRTC's cubin); which of the two made a cubin is part of its cache key (`link_tag`).

libnvJitLink is found by path (kfoot.core.toolchain.find_library: CUDA_HOME, CUDA_PATH, the
NVIDIA wheels, /usr/local/cuda; docs/runtime.md#finding-nvrtc) and reached with ctypes through its versioned entry points (`__nvJitLink*_<major>_0`,
what nvJitLink.h's inline wrappers call), so no header or binding package is needed. Mirrored by
kfoot/include/kfoot/detail/nvjitlink.hpp; tests/vectors/nvjitlink.json holds both to the same answers.
"""

from __future__ import annotations

import ctypes
import functools
import re

from ..core.errors import KfootError, ToolMissing

# What nvJitLink always gets besides the arch: link-time optimisation of the LTO-IR, dropping
# every variable no kernel references.
LINK_OPTIONS = ("-lto", "-optimize-unused-variables")

# Code-generation options that must reach the link step (where ptxas runs), as nvJitLink spells them.
_FORWARDED = {"ftz": "-ftz", "prec-div": "-prec-div", "prec-sqrt": "-prec-sqrt", "fmad": "-fma"}
_FAST_MATH = ("-ftz=true", "-prec-div=false", "-prec-sqrt=false", "-fma=true")
# Options that only steer the front end: harmless under -dlto. Matched whole, the rest of a
# prefix option holding no line break: as detail/nvjitlink.hpp decides (an option with one is
# not kfoot's to interpret: not linked).
_REST = r"[^\n\r]*"
_FRONT_END = re.compile(rf"(?:-D{_REST}|-U{_REST}|--define-macro={_REST}|--undefine-macro={_REST}|--?std={_REST}"
                        r"|-default-device|--device-as-default-execution-space|--?no-source-include|-w"
                        r"|--disable-warnings|--?restrict"
                        rf"|--?diag-(?:suppress|error|warn)={_REST}|-Wno-deprecated-declarations|-Wreorder|-I{_REST}"
                        r"|--?(?:rdc|relocatable-device-code)=false)")


def link_options(arch: str, options: tuple[str, ...]) -> tuple[str, ...] | None:
    """nvJitLink's options for a program compiled with NVRTC `options`, or None when kfoot does
    not link that program (debug code, relocatable code, or an option whose link-time spelling
    kfoot does not know: NVRTC's own cubin is then the right one)."""
    out = [f"-arch={arch}", *LINK_OPTIONS]
    for option in options:
        if option.startswith("-arch=") or _FRONT_END.fullmatch(option):
            continue
        name, _, value = option.lstrip("-").partition("=")
        if name == "maxrregcount":
            out.append(f"-maxrregcount={value}")
        elif name in _FORWARDED:
            out.append(f"{_FORWARDED[name]}={value}")
        elif name == "use_fast_math" and "=" not in option:
            out.extend(_FAST_MATH)
        elif option in ("-lineinfo", "--generate-line-info"):
            out.append("-lineinfo")
        else:
            return None
    return tuple(out)


def usable_with(nvrtc_version: str, jitlink_version: str | None) -> bool:
    """nvJitLink reads the LTO-IR of an NVRTC of its own major version and no newer minor."""
    if not jitlink_version:
        return False
    nvrtc_major, nvrtc_minor = (int(x) for x in nvrtc_version.split("."))
    major, minor = (int(x) for x in jitlink_version.split("."))
    return major == nvrtc_major and minor >= nvrtc_minor


def link_tag(nvrtc_version: str, jitlink_version: str | None, arch: str, options: tuple[str, ...]) -> str:
    """What links a program's cubin, for its cache key: `nvJitLink <major.minor>`, or "" for
    NVRTC's own cubin."""
    if usable_with(nvrtc_version, jitlink_version) and link_options(arch, options) is not None:
        return f"nvJitLink {jitlink_version}"
    return ""


def library_guess() -> str | None:
    """The libnvJitLink a fresh process loads (the CUDA roots, as for libnvrtc), without loading it."""
    from ..core.toolchain import find_library

    try:
        return str(find_library("libnvJitLink.so"))
    except ToolMissing:
        return None


@functools.cache
def _library() -> tuple[ctypes.CDLL, int] | None:
    path = library_guess()
    if path is None:
        return None
    try:
        lib = ctypes.CDLL(path)
        major, minor = ctypes.c_uint(), ctypes.c_uint()
        if lib.nvJitLinkVersion(ctypes.byref(major), ctypes.byref(minor)) != 0:
            return None
        for name in ("Create", "Destroy", "AddData", "Complete", "GetLinkedCubinSize", "GetLinkedCubin",
                     "GetErrorLogSize", "GetErrorLog"):
            getattr(lib, f"__nvJitLink{name}_{major.value}_0")
    except (OSError, AttributeError):  # not loadable, too old for nvJitLinkVersion, or a symbol missing
        return None
    return lib, major.value * 1000 + minor.value


def version() -> str | None:
    """`major.minor` of the usable libnvJitLink, or None."""
    loaded = _library()
    return None if loaded is None else f"{loaded[1] // 1000}.{loaded[1] % 1000}"


def link(ltoir: bytes, options: tuple[str, ...], what: str) -> bytes:
    """The cubin nvJitLink makes from one program's LTO-IR; `what` names the program in errors
    (a KfootError; kfoot.runtime.nvrtc turns it into a CompileError)."""
    loaded = _library()
    if loaded is None:
        raise KfootError("libnvJitLink is not usable here")
    lib, encoded = loaded
    suffix = f"_{encoded // 1000}_0"

    def call(name, *args):
        return getattr(lib, f"__nvJitLink{name}{suffix}")(*args)

    handle = ctypes.c_void_p()
    argv = (ctypes.c_char_p * len(options))(*(o.encode() for o in options))
    if call("Create", ctypes.byref(handle), ctypes.c_uint(len(options)), argv) != 0:
        raise KfootError(f"nvJitLink refused the options {' '.join(options)} for {what}")
    try:
        if (call("AddData", handle, ctypes.c_int(3), ctypes.c_char_p(ltoir), ctypes.c_size_t(len(ltoir)), b"kfoot_rtc") != 0
                or call("Complete", handle) != 0):  # 3: NVJITLINK_INPUT_LTOIR
            size = ctypes.c_size_t()
            call("GetErrorLogSize", handle, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value + 1)
            call("GetErrorLog", handle, log)
            first = next((line.strip() for line in log.value.decode(errors="replace").splitlines() if line.strip()), "")
            raise KfootError(f"nvJitLink failed to link {what}: {first or 'no log'}")
        size = ctypes.c_size_t()
        if call("GetLinkedCubinSize", handle, ctypes.byref(size)) != 0 or size.value == 0:
            raise KfootError(f"nvJitLink produced no cubin for {what}")
        cubin = ctypes.create_string_buffer(size.value)
        if call("GetLinkedCubin", handle, cubin) != 0:
            raise KfootError(f"nvJitLink produced no cubin for {what}")
        return cubin.raw
    finally:
        call("Destroy", ctypes.byref(handle))
