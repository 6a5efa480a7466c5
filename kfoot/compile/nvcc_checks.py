"""What an AOT build lets a spec tell nvcc, checked before anything is written or run.

nvcc runs its sub-tools (the host compiler, cicc, ptxas) through a shell, with some of its own
arguments unquoted (`-Xcompiler` and `-Xptxas` values) and others in double quotes (`-D`
values), so a spec's flag could run a command; and nvcc has flags that run programs (`-ccbin`,
`-Xcompiler=-wrapper,...`), read files (`--options-file`, `--pre-include`, `-I`) or write them
(`--keep-dir`, `-o`). So:

- macros never reach the command line: `defines` and `-D`/`-U` are `#define` lines in the
  generated sources (kfoot.variants.build_options.BuildOptions.macros, kfoot.compile.sources);
- every other flag must be on an allow-list (`_SAFE_FLAG`: optimisation, debug info, warnings,
  language switches, and `-Xptxas`/`-Xcompiler`/`-Xcudafe` with a few known values), unless the
  spec's authors list it in `[build] allow_nvcc_flags`;
- no flag may hold a character a shell would interpret (`_INERT`), widened or not;
- only then is nvcc run once per distinct set of the allow-listed flags (`nvcc FLAGS -E` of an
  empty file, ~0.2 s) to reject what it does not know. A flag the spec widened is never run by
  this check: the build itself is the first to pass it.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from ..core.errors import KfootError
from ..variants.build_options import ALLOW_KEY
from .failures import ERROR_LINE

# Characters a shell reads as themselves, unquoted or inside double quotes.
_INERT = re.compile(r"[A-Za-z0-9_=,.+/:@%-]*", re.ASCII)

_PTXAS = (r"-v|--verbose|-O[0-3]|--opt-level=[0-3]|-warn-spills|--warn-on-spills|-warn-lmem-usage"
          r"|--warn-on-local-memory-usage|-warn-double-usage|--warn-on-double-precision-use"
          r"|--allow-expensive-optimizations=(?:true|false)|-dlcm=(?:ca|cg|cs|lu|cv)|--def-load-cache=(?:ca|cg|cs|lu|cv)"
          r"|-dscm=(?:wb|cg|cs|wt)|--def-store-cache=(?:wb|cg|cs|wt)|--?maxrregcount=\d+|-Werror|--warning-as-error"
          r"|-lineinfo|--generate-line-info")
_CUDAFE = r"--diag_(?:suppress|warning|error|remark)=\w+|--display_error_number|--no_display_error_number"
# Host compiler switches that neither read nor write a file nor run a program (no -Wl, -B,
# -wrapper, -fplugin, -D, @file): -W takes a word of two letters or more, so -Wl/-Wa/-Wp never match.
_HOST = (r"-O[0-3sgz]?|-Ofast|-g[0-3]?|-w|-W(?:no-)?[a-z][a-z0-9-]+(?:=[a-z0-9-]+)?|-pedantic|-pthread"
         r"|-std=(?:c|gnu)\+\+\d\d|-fvisibility=(?:hidden|default|protected)|-fdiagnostics-color=(?:always|never|auto)"
         r"|-f(?:no-)?(?:strict-aliasing|fast-math|exceptions|rtti|omit-frame-pointer|openmp|openmp-simd|PIC|pic"
         r"|visibility-inlines-hidden|math-errno|finite-math-only|unroll-loops|inline-functions|permissive"
         r"|diagnostics-color|stack-protector|stack-protector-strong|stack-protector-all|trapping-math"
         r"|signed-zeros|builtin|threadsafe-statics)"
         r"|-m(?:arch|tune|cpu)=[\w.-]+|-m(?:no-)?(?:avx\w*|sse[\w.]*|fma|bmi2?|f16c|popcnt|lzcnt)")


def _items(prefixes: str, item: str) -> str:
    return rf"(?:{prefixes})(?:{item})(?:,(?:{item}))*"


_SAFE_FLAG = re.compile(
    r"(?:--?maxrregcount=\d+|--?use_fast_math|--?(?:ftz|prec-div|prec-sqrt|fmad)=(?:true|false)"
    r"|--?std=c\+\+\d\d|-lineinfo|--generate-line-info|-G|--device-debug|-g|--debug"
    r"|-O[0-3]|--optimize=[0-3]|--?dopt=(?:on|off)|-w|--disable-warnings"
    r"|--?expt-relaxed-constexpr|--?expt-extended-lambda|--?extended-lambda"
    r"|--?extra-device-vectorization|--?restrict|--?default-stream=(?:legacy|null|per-thread)"
    r"|--?Ofast-compile=(?:0|min|mid|max)|--?diag-(?:suppress|error|warn)=[\w,]+"
    r"|-Wno-deprecated-gpu-targets|-Wno-deprecated-declarations|-Wreorder|-Wdefault-stream-launch"
    r"|-Wmissing-launch-bounds|-Wext-lambda-captures-this|-Werror=[\w,-]+"
    r"|--?resource-usage|-res-usage|--?source-in-ptx|-src-in-ptx|--?allow-unsupported-compiler"
    r"|--?(?:no-)?display-error-number|--?split-compile=\d+|--?threads=\d+"
    rf"|{_items('-Xptxas=|--ptxas-options=', _PTXAS)}|{_items('-Xcudafe=', _CUDAFE)}"
    rf"|{_items('-Xcompiler=|--compiler-options=', _HOST)})",
    re.ASCII)

_SHOWN = 200  # characters of a flag an error line quotes


def _shown(flag: str) -> str:
    return repr(flag if len(flag) <= _SHOWN else flag[:_SHOWN] + "...")


def refusal(flag: str, allowed: tuple[str, ...]) -> str | None:
    """Why kfoot will not put `flag` (one of a spec's nvcc flags, macros aside) on nvcc's command
    line, or None when it may."""
    if not _INERT.fullmatch(flag):
        bad = sorted({c for c in flag if not _INERT.fullmatch(c)})
        return (f"flag {_shown(flag)} holds {' '.join(repr(c) for c in bad[:6])}, which nvcc's shell would "
                f"interpret; not even {ALLOW_KEY} passes that (macros go in defines)")
    if flag in allowed or _SAFE_FLAG.fullmatch(flag):
        return None
    return (f"flag {_shown(flag)} is not one kfoot passes to nvcc from a spec: macros go in defines, header "
            f"folders in include_dirs, and a flag that reads or writes files or runs a program only if the "
            f"spec lists it in [build] {ALLOW_KEY}")


_NVCC_UNKNOWN = re.compile(r"Unknown option '([^']+)'|unrecognized command[- ]line option [‘'`\"]?([^’'`\"\s]+)")


def refuse_unsafe_flags(spec, family_names) -> None:
    """One line for the first spec flag of these families kfoot will not pass to nvcc (`refusal`);
    runs nothing."""
    for name in family_names:
        options = spec.family(name).build
        for flag in options.nvcc_command_flags():
            problem = refusal(flag, tuple(spec.allow_nvcc_flags))
            if problem is not None:
                raise KfootError(f"{spec.path}: {options.key_of(flag)}: {problem}")


def check_nvcc_flags(spec, family_names: list[str], nvcc_path: Path) -> None:
    """Refuse, before anything runs, a spec flag kfoot will not pass (`refuse_unsafe_flags`); then
    reject one nvcc (or the host compiler behind it) refuses: one `nvcc FLAGS -E -x cu /dev/null`
    per distinct set of the families' allow-listed flags; on failure the flag is the one nvcc
    names, else the first that fails on its own. One line naming the flag, the spec key and why."""
    refuse_unsafe_flags(spec, family_names)
    allowed = tuple(spec.allow_nvcc_flags)
    checked: set[tuple[str, ...]] = set()
    for name in family_names:
        options = spec.family(name).build
        flags = options.nvcc_command_flags()
        tried = tuple(f for f in flags if f not in allowed)  # a widened flag is never run here
        if not tried or tried in checked:
            continue
        checked.add(tried)
        problem = _nvcc_rejects(nvcc_path, list(tried))
        if problem is None:
            continue
        named = _NVCC_UNKNOWN.search(problem)
        culprit = None
        if named:
            word = named.group(1) or named.group(2)
            culprit = next((f for f in tried if f == word or word in f), None)
        if culprit is None:
            culprit = next((f for f in tried if _nvcc_rejects(nvcc_path, [f]) is not None), tried[0])
        raise KfootError(f"{spec.path}: {options.key_of(culprit)}: nvcc rejects flag {_shown(culprit)}: {problem}")


def _nvcc_rejects(nvcc_path: Path, flags: list[str]) -> str | None:
    """None when `nvcc FLAGS -E` of an empty CUDA file succeeds, else its first error line."""
    try:
        proc = subprocess.run([str(nvcc_path), *flags, "-E", "-x", "cu", os.devnull, "-o", os.devnull],
                              capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"nvcc did not run: {exc}"
    if proc.returncode == 0:
        return None
    lines = [line.strip() for line in (proc.stderr + proc.stdout).splitlines() if line.strip()]
    return next((line for line in lines if ERROR_LINE.search(line)), lines[0] if lines else f"exit {proc.returncode}")
