"""`kfoot build`: the three modes behind one call. The option combinations are checked first (one
line each, before anything is read or written), then the build runs; an RTC or hybrid build's
registry is compiled once per family with NVRTC (unless `check` is off), and OUT/kfoot.stamp
(and the depfile) is rewritten after every build that left nothing out."""

from __future__ import annotations

import os

from ..core.errors import KfootError
from ..variants.loader import Spec, load_spec
from .depfile import write_stamp
from .results import AotResult, RegistryResult

MODES = ("aot", "rtc", "hybrid")


def check_options(mode: str, *, hot_trace=None, keep_going: bool = False, name: str | None = None,
                  launcher=None, families=()) -> None:
    """The options that do not go with `mode` (or with each other): one line each."""
    if mode not in MODES:
        raise KfootError(f"--mode: {mode!r} is not one of {', '.join(MODES)}")
    if mode != "hybrid" and hot_trace:
        raise KfootError("--hot goes with --mode hybrid")
    if launcher is not None:
        from .aot import split_launcher

        split_launcher(launcher)  # an unterminated quote or a blank command: one line in any mode
    if keep_going and mode != "aot":
        raise KfootError("--keep-going goes with --mode aot")
    if name is not None:
        from .lookup import check_name

        check_name(name)
    if mode == "hybrid":
        if not hot_trace:
            raise KfootError("--mode hybrid needs --hot TRACE (a KFOOT_TRACE usage trace)")
        if families:
            raise KfootError("--family does not go with --mode hybrid: the trace chooses the AOT variants "
                             "and every variant of the spec is registered")


def build(spec: Spec | str | os.PathLike, out_dir, *, mode: str = "aot", archs, jobs=None, compress_mode=None,
          nvcc=None, launcher=None, shard_size=None, families=(), hot_trace=None, keep_going: bool = False,
          name: str | None = None, depfile=None, check: bool = True, unchecked=(), progress=None,
          on_wait=None) -> AotResult | RegistryResult:
    """Build `spec` (a Spec, a path or bundled:NAME) into `out_dir` in `mode`; -> what was built.

    `families`: globs choosing the families (aot, rtc); `hot_trace`: the usage trace whose
    variants a hybrid build compiles ahead of time. `progress(done, total, current)` follows
    the AOT compiles; `on_wait(message)` is told when another build holds the folder. `check`:
    compile each family under NVRTC (rtc, hybrid); `unchecked`: globs of the families it skips."""
    check_options(mode, hot_trace=hot_trace, keep_going=keep_going, name=name, launcher=launcher,
                  families=families)
    loaded = spec if isinstance(spec, Spec) else load_spec(spec)
    if unchecked:
        if mode == "aot":
            raise KfootError("--no-check-family goes with --mode rtc or hybrid (an AOT build runs no NVRTC check)")
        # Globs over names and groups, as --family; one that names no family is one line, not a no-op.
        unchecked = tuple(f.name for f in loaded.select(list(unchecked)))
    chosen = list(families) or None
    if mode == "aot":
        from .aot import build_aot

        result = build_aot(loaded, out_dir, archs=archs, families=chosen, jobs=jobs, compress_mode=compress_mode,
                           nvcc=nvcc, launcher=launcher, shard_size=shard_size, keep_going=keep_going,
                           progress=progress, on_wait=on_wait, name=name)
    elif mode == "rtc":
        from .rtc_registry import build_rtc

        result = build_rtc(loaded, out_dir, families=chosen, archs=archs, on_wait=on_wait, check=check,
                           unchecked=tuple(unchecked), name=name)
    else:
        from .hybrid import build_hybrid

        result = build_hybrid(loaded, out_dir, hot_trace=hot_trace, archs=archs, jobs=jobs,
                              compress_mode=compress_mode, nvcc=nvcc, launcher=launcher, shard_size=shard_size,
                              progress=progress, on_wait=on_wait, name=name, check=check,
                              unchecked=tuple(unchecked))
    if not (isinstance(result, AotResult) and result.failures):  # a build system must retry a partial build
        write_stamp(out_dir, loaded, depfile)
    return result
