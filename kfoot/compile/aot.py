"""Ahead-of-time build: every variant compiled by nvcc into a host shared library.

Pipeline: variants -> shards (sources.py) -> build.ninja (ninja_file.py) -> ninja runs nvcc
per shard in parallel, reads each object's fatbin and kernel names (objinfo.py), links
`libNAME.so` (NAME from --name, default kfoot_kernels) and concatenates `kernels.fatbin` ->
manifest.json (manifest.py).

Layout of the output directory:
    libNAME.so            host shared library; every shard's fatbin is embedded and registered,
                          and NAME::find_kernel(template_id) finds a variant's host stub
    include/NAME/kernels.hpp   declares NAME::find_kernel (lookup.py)
    kernels.fatbin        standalone fatbin: each shard's container, intact, back to back (8-byte
                          aligned, shard order). A container is one module to the driver: load
                          them one by one (kfoot.binary.fatbin.iter_containers), not the file whole
    manifest.json         spec hash, variants with their mangled names, shards, archs, timings
    build/                build.ninja, generated sources, objects, per-shard fatbins and logs
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import ninja

from ..core.errors import KfootError, ToolMissing
from ..variants.loader import Spec
from ..core.toolchain import find_tool, nvcc_arch_numbers, tool_version
from ..variants.enumerate import Variant, enumerate_spec, unique_by_template_id
from . import launcher as launchers
from . import manifest as manifest_mod
from . import outputs
from ..core.archs import check_supported, parse_targets
from . import lookup as lookup_mod
from .ninja_file import COMPRESS_MODES, FATBIN_NAME, LINKS_LIST, ShardPaths, nvcc_flags, render_ninja
from .costs import build_cost
from .failures import (BuildError, VariantFailure, collect_failures, failure_message, isolate_failures, resume_splits,
                       with_real_paths)
from .lock import output_lock
from .nvcc_checks import check_nvcc_flags
from .objinfo import read_symbols
from .results import AotResult
from .sources import Shard, dtype_header_paths, include_link, plan_shards, render, write_if_changed

# Variants per translation unit. Each nvcc call pays a fixed cost (~1.5 s per arch to parse
# the CUDA headers, plus the host compile) next to ~25 ms per variant and arch, so bigger
# shards compile faster in total while smaller ones spread better over cores and rebuild less
# after a change. At 64 the fixed cost is about a third of a shard's time for two archs.
# A spec may set its own ([build] shard_size), and --shard-size overrides both.
DEFAULT_SHARD_SIZE = 64


def build_aot(spec: Spec, out_dir: str | os.PathLike, *, on_wait=None, caller_holds_lock: bool = False,
              **options) -> AotResult:
    """Compile `variants` (default: every variant of the spec, or of `families`) for `archs`
    into `out_dir`, holding its build lock (kfoot.compile.lock: a second build of the same
    folder waits; `on_wait(message)` says so). Options: see _build_aot."""
    out = Path(out_dir).resolve()
    outputs.check_output_folder(out, lookup_mod.check_name(options.get("name") or lookup_mod.DEFAULT_NAME))
    with contextlib.ExitStack() as stack:
        # Taken once the inputs are checked, so a bad --arch or flag leaves no folder behind.
        def lock() -> None:
            if not caller_holds_lock:
                stack.enter_context(output_lock(out, on_wait))
        return _build_aot(spec, out, lock=lock, **options)


def _build_aot(
    spec: Spec,
    out_dir: str | os.PathLike,
    *,
    lock,
    archs: list[str] | str,
    variants: list[Variant] | None = None,
    families: list[str] | None = None,
    jobs: int | None = None,
    compress_mode: str | None = None,
    nvcc: str | os.PathLike | None = None,
    launcher: str | list[str] | None = None,
    shard_size: int | None = None,
    keep_going: bool = False,
    progress=None,
    name: str | None = None,
    header_with_registry: bool = False,  # hybrid: NAME/kernels.hpp also declares NAME::registry()
) -> AotResult:
    """Compile `variants` (default: every variant of the spec, or of `families`) for `archs`.

    `progress(done, total, current)` is called as ninja finishes steps (None: nobody watches).
    Variants that fail to compile raise BuildError, or with `keep_going` are isolated (a failing
    shard is split until each failure stands alone) and left out: the result's `failures`
    lists them, and the library holds every variant that compiles."""
    started = time.perf_counter()
    name = lookup_mod.check_name(name or lookup_mod.DEFAULT_NAME)
    targets = parse_targets(archs)
    if compress_mode is not None and compress_mode not in COMPRESS_MODES:
        raise KfootError(f"--compress-mode: {compress_mode!r} is not one of {', '.join(COMPRESS_MODES)}")
    if shard_size is None:
        shard_size = spec.shard_size or DEFAULT_SHARD_SIZE
    if shard_size < 1:
        raise KfootError(f"--shard-size must be at least 1, not {shard_size}")
    if jobs is None:
        jobs = os.cpu_count() or 1  # one compile per core (ninja alone would run cores + 2)
    if jobs < 1:
        raise KfootError(f"-j must be at least 1, not {jobs}")
    nvcc_path = find_tool("nvcc", nvcc)
    supported = nvcc_arch_numbers(nvcc_path)
    if supported:
        check_supported(targets, supported, f"nvcc {tool_version(nvcc_path)}")
    launcher_argv = _resolve_launcher(launcher)
    ninja_path = Path(ninja.BIN_DIR) / "ninja"
    if not ninja_path.is_file():
        raise ToolMissing(f"ninja not found at {ninja_path}; reinstall the ninja package")

    if variants is not None:
        chosen = list(variants)
    else:  # a family of modes = ["rtc"] is never compiled ahead of time
        chosen = [v for v in enumerate_spec(spec, families) if "aot" in spec.family(v.family).modes]
    unique, repeats = unique_by_template_id(chosen)
    if not unique:
        rtc_only = [f.name for f in spec.select(families) if "aot" not in f.modes]
        why = f" (modes = [\"rtc\"]: {', '.join(rtc_only)})" if rtc_only else ""
        raise KfootError(f"{spec.path}: nothing to build: no variants selected{why}")
    base = spec_base(spec)
    family_args = {name: _family_nvcc_args(spec.family(name).build, base)
                   for name in dict.fromkeys(v.family for v in unique)}
    check_nvcc_flags(spec, list(family_args), nvcc_path)
    # Macros are #define lines atop each shard's source, never nvcc arguments (kfoot.compile.nvcc_checks).
    family_macros = {name: [m.line() for m in spec.family(name).build.macros()] for name in family_args}

    out = Path(out_dir)
    lock()
    build_dir = out / "build"
    try:
        (build_dir / "src").mkdir(parents=True, exist_ok=True)
        (build_dir / "obj").mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise KfootError(f"{out}: output path exists and is not a directory") from None
    except OSError as exc:
        raise KfootError(f"{out}: cannot create the output directory: {exc.strerror}") from None

    header_folders = sorted({v.header.parent for v in unique})
    # Every folder nvcc reads from goes through a link (build/inc/<digest>): the headers', the
    # spec's include_dirs and the declared dtypes' headers' (kfoot.compile.sources.include_link).
    linked = sorted({*header_folders,
                     *(d for name in family_args for d in spec.family(name).build.include_dirs),
                     *(p.parent for p in dtype_header_paths(unique, spec.dtypes))})
    links = _include_links(build_dir, linked, base)
    include_dirs = [include_link(folder, base) for folder in header_folders]
    flags = nvcc_flags(targets, include_dirs, compress_mode)
    shards, shard_flags = _plan_shards_by_flags(unique, shard_size, family_args, family_macros)
    # A shard an earlier build here split stays split: planned whole, all of it would compile again.
    shards, shard_flags = resume_splits(build_dir, shards, shard_flags)
    lookup_before = _LookupState.read(build_dir)
    failed: list[VariantFailure] = []
    generate_s = ninja_s = 0.0
    # --launcher sccache|ccache: an nvcc the cache can follow, and its counters before the build.
    ninja_nvcc = launchers.nvcc_for_launcher(build_dir, nvcc_path, launcher_argv)
    cache_before = launchers.snapshot(launcher_argv)
    edges = compiled = 0
    while True:
        # 1. Sources, one per shard; unchanged text keeps its mtime so ninja skips it.
        t0 = time.perf_counter()
        line_maps = _write_build(build_dir, ninja_path, shards, shard_flags, ninja_nvcc, flags, launcher_argv,
                                 spec.dtypes, base, name, family_macros,
                                 {fam: spec.family(fam).free_axes for fam in family_args})
        lookup_before.keep_if_unchanged(build_dir)
        generate_s += time.perf_counter() - t0

        # 2. ninja: compile, inspect, link, merge.
        t0 = time.perf_counter()
        run = _run_ninja(ninja_path, build_dir, jobs, progress or None)
        ninja_s += time.perf_counter() - t0
        edges += run.edges
        compiled += run.compiled
        if run.returncode == 0:
            break
        failures = [with_real_paths(f, links, linked)
                    for f in collect_failures(build_dir, shards, line_maps, run.failed_outputs, include_dirs, links)]
        if not failures:
            tail = "\n".join(run.output_lines[-15:])
            raise KfootError(f"ninja failed in {build_dir} (exit {run.returncode}):\n{tail}")
        # A failing shard is compiled again one variant per unit, with or without --keep-going:
        # nvcc may stop at a unit's first error, and every failing variant must be named.
        shards, shard_flags, isolated = isolate_failures(shards, shard_flags, failures)
        failed.extend(isolated)
        if not keep_going and len(isolated) == len(failures):  # every failure stands alone: named
            raise BuildError(failure_message(failed), failed)
        if not shards:
            raise BuildError(f"no variant compiled: {failure_message(failed)}", failed)

    # 3. Mangled names per variant, from each shard's objinfo.
    symbols: list[str] = []
    for shard in shards:
        names = read_symbols(build_dir / ShardPaths.of(shard).symbols)
        if len(names) != len(shard.variants):
            raise KfootError(
                f"{build_dir / ShardPaths.of(shard).object}: kernel table has {len(names)} entries, "
                f"expected {len(shard.variants)}; delete {build_dir} and rebuild"
            )
        symbols.extend(names)

    # 4. The outputs, installed together now that everything linked (kfoot.compile.outputs).
    library = out / lookup_mod.library_file(name)
    fatbin = out / FATBIN_NAME
    # Only a library new to the folder can replace another --name's; a no-op rebuild reads no manifest.
    previous_library = None if library.exists() else manifest_mod.previous_library(out)
    outputs.install(build_dir / outputs.STAGE_DIR / FATBIN_NAME, fatbin)
    outputs.install(build_dir / outputs.STAGE_DIR / library.name, library)
    outputs.remove_replaced_library(out, previous_library, library.name)
    outputs.remove_stale_stage(build_dir, {FATBIN_NAME, library.name})
    header = out / lookup_mod.header_path(name)
    header.parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(header, lookup_mod.render_header(name, with_registry=header_with_registry))
    cache_used = launchers.difference(cache_before, launchers.snapshot(launcher_argv))
    elapsed = time.perf_counter() - started
    sass = [t.name for t in targets if t.is_sass]
    ordered_variants = [v for shard in shards for v in shard.variants]
    cost = build_cost(build_dir, shards, len(sass))
    result = AotResult(
        out_dir=out,
        library=library,
        fatbin=fatbin,
        name=name,
        header=header,
        manifest=out / manifest_mod.MANIFEST_NAME,
        variants=ordered_variants,
        symbols=symbols,
        shards=shards,
        archs=[t.name for t in targets],
        sass_archs=sass,
        kernels=len(ordered_variants) * len(sass),
        compiled_shards=compiled,
        ninja_edges=edges,
        elapsed_s=elapsed,
        library_bytes=library.stat().st_size,
        fatbin_bytes=fatbin.stat().st_size,
        duplicates=len(repeats),
        failures=failed,
        timings={"generate_s": round(generate_s, 3), "ninja_s": round(ninja_s, 3), "total_s": round(elapsed, 3)},
        compiler_cache=cache_used,
        cost=cost,
    )
    manifest_mod.write_manifest(
        result,
        spec=spec,
        toolchain={
            "nvcc": str(nvcc_path),
            "nvcc_version": tool_version(nvcc_path),
            "ninja_version": _ninja_version(ninja_path),
            "host_compiler": _host_compiler(),
            "launcher": launcher_argv,
            "flags": flags,
        },
        compress_mode=compress_mode,
        shard_size=shard_size,
        jobs=jobs,
        shard_flags=shard_flags,
    )
    return result


# -- helpers ----------------------------------------------------------------------------------


def _write_build(build_dir: Path, ninja_path: Path, shards: list[Shard], shard_flags: dict[str, list[str]],
                 nvcc_path: Path, flags: list[str], launcher_argv: list[str], table,
                 base: Path | None = None, name: str = lookup_mod.DEFAULT_NAME,
                 family_macros: dict[str, list[str]] | None = None,
                 free_axes: dict[str, list[str]] | None = None) -> dict[str, dict[int, int]]:
    """The shard sources, the find_kernel lookup and build.ninja for `shards`; -> each shard's
    source line -> variant index. `family_macros`: each family's #define lines (a shard never
    mixes families whose macros differ)."""
    line_maps: dict[str, dict[int, int]] = {}
    for shard in shards:
        macros = (family_macros or {}).get(shard.variants[0].family, []) if shard.variants else []
        text, line_maps[shard.name] = render(shard, table, base, macros)
        write_if_changed(build_dir / ShardPaths.of(shard).source, text)
    # Files of shards that no longer exist would linger (and show up when someone reports on the
    # whole folder): kfoot deletes its own by name, never what .ninja_log names (outputs.remove_stale).
    outputs.remove_stale(build_dir, {s.name for s in shards})
    write_if_changed(build_dir / lookup_mod.LOOKUP_SOURCE, lookup_mod.render_source(name, shards, free_axes or {}))
    stage = outputs.STAGE_DIR
    ninja_text = render_ninja(
        shards, nvcc=nvcc_path, flags=flags, launcher=launcher_argv,
        library=f"{stage}/{lookup_mod.library_file(name)}", fatbin=f"{stage}/{FATBIN_NAME}", shard_flags=shard_flags,
        compile_inputs=[LINKS_LIST], lookup=(lookup_mod.LOOKUP_SOURCE, lookup_mod.LOOKUP_OBJECT),
    )
    write_if_changed(build_dir / "build.ninja", ninja_text)
    return line_maps


@dataclass
class _LookupState:
    """The lookup's source and object as a build found them. A failing round rewrites the source
    for its shards and the next round may write the same text back: with the mtime it had, so
    ninja does not compile it again, as long as its object was not compiled in between."""
    text: str | None
    source_mtime_ns: int = 0
    object_mtime_ns: int = 0

    @classmethod
    def read(cls, build_dir: Path) -> "_LookupState":
        try:
            source = build_dir / lookup_mod.LOOKUP_SOURCE
            return cls(source.read_text(), source.stat().st_mtime_ns,
                       (build_dir / lookup_mod.LOOKUP_OBJECT).stat().st_mtime_ns)
        except (OSError, UnicodeDecodeError):
            return cls(None)

    def keep_if_unchanged(self, build_dir: Path) -> None:
        source = build_dir / lookup_mod.LOOKUP_SOURCE
        try:
            if (self.text is None or source.stat().st_mtime_ns == self.source_mtime_ns
                    or (build_dir / lookup_mod.LOOKUP_OBJECT).stat().st_mtime_ns != self.object_mtime_ns
                    or source.read_text() != self.text):
                return
            os.utime(source, ns=(source.stat().st_atime_ns, self.source_mtime_ns))
        except (OSError, UnicodeDecodeError):
            return


def spec_base(spec: Spec) -> Path:
    """The folder header folders are named relative to (sources.include_link): the spec's."""
    return Path(os.path.abspath(spec.path)).parent


def _family_nvcc_args(options, base: Path | None = None) -> list[str]:
    """A family's spec options on nvcc's command line: each include_dir by its link
    (sources.include_link), so no folder name reaches it (nvcc refuses a quote in an -I path),
    then its flags less the macros (BuildOptions.nvcc_command_flags)."""
    return [*(f"-I{include_link(d, base).as_posix()}" for d in options.include_dirs), *options.nvcc_command_flags()]


def _plan_shards_by_flags(unique: list[Variant], shard_size: int, family_args: dict[str, list[str]],
                          family_macros: dict[str, list[str]]):
    """Shards as plan_shards makes them, but never mixing families whose spec flags or macros
    differ (one nvcc command line and one set of #defines per shard). -> (shards, shard name ->
    the flags of its families)."""
    groups: dict[tuple[tuple[str, ...], tuple[str, ...]], list[Variant]] = {}
    for v in unique:
        groups.setdefault((tuple(family_args[v.family]), tuple(family_macros[v.family])), []).append(v)
    shards: list[Shard] = []
    shard_flags: dict[str, list[str]] = {}
    for (args, _macros), members in groups.items():
        for shard in plan_shards(members, shard_size):
            shards.append(shard)
            shard_flags[shard.name] = list(args)
    return shards, shard_flags


def split_launcher(launcher: str | list[str]) -> list[str]:
    """--launcher's words, split as the shell would; one line naming the option when the text
    does not split (an unterminated quote) or holds no command at all."""
    if isinstance(launcher, str):
        try:
            argv = shlex.split(launcher)
        except ValueError as exc:
            raise KfootError(f"--launcher {launcher!r}: {exc} (it is split into words as the shell would)") from None
    else:
        argv = [str(a) for a in launcher]
    if not argv or not argv[0]:
        raise KfootError(f"--launcher {launcher!r} names no command: give one (e.g. ccache) or leave the option out")
    return argv


def _resolve_launcher(launcher: str | list[str] | None) -> list[str]:
    """`ccache`, `sccache`, or any command that takes the compiler command line after it."""
    if launcher is None:
        return []
    argv = split_launcher(launcher)
    found = shutil.which(argv[0])
    if found is None:
        raise ToolMissing(f"--launcher: {argv[0]!r} not found on PATH")
    return [found, *argv[1:]]


def _include_links(build_dir: Path, folders: list[Path], base: Path | None = None) -> list[Path]:
    """Each folder nvcc reads from (the families' header folders, the spec's include_dirs, the
    declared dtypes' header folders) as nvcc sees it: build/inc/<digest of the folder's path,
    relative to the spec's folder `base` where it lies under it> (kfoot.compile.sources.
    include_link), a symbolic link to the folder, given relative to the build directory (where
    ninja runs nvcc).

    nvcc refuses a quote in an -I path ("Stray '\"' character"; a `'` breaks the commands it runs
    itself), so no folder name reaches its command line or the depfiles ninja reads, and the
    same project checked out elsewhere gives the same command lines (a shared compiler cache
    hits). A moved spec keeps its link names but not their targets: build/inc/links.txt lists
    every link and its folder, is an input of every compile, and is rewritten when a target
    changes, so ninja recompiles (headers with the same mtimes in the new place included). A
    newline is refused (one line): no command line or depfile can carry it."""
    inc = build_dir / "inc"
    inc.mkdir(exist_ok=True)
    links: list[Path] = []
    for folder in folders:
        text = str(folder)
        if "\n" in text or "\r" in text:
            raise KfootError(f"header folder {text!r} holds a newline, which nvcc's command line and build.ninja "
                             f"cannot carry; rename it")
        relative = include_link(folder, base)
        name = relative.name
        link = inc / name
        if not (link.is_symlink() and os.readlink(link) == text):
            staged = inc / f".{name}.tmp"
            staged.unlink(missing_ok=True)
            os.symlink(text, staged, target_is_directory=True)
            os.replace(staged, link)
        links.append(relative)
    keep = {p.name for p in links}
    for old in inc.iterdir():
        if old.name not in keep and old.is_symlink():
            old.unlink(missing_ok=True)
    write_if_changed(build_dir / LINKS_LIST,
                     "".join(f"{link.name} {folder}\n" for link, folder in zip(links, folders)))
    return links


def _host_compiler() -> dict:
    """The C++ compiler nvcc runs for host code (g++ from PATH unless -ccbin says otherwise)."""
    path = shutil.which("g++") or shutil.which("c++")
    if path is None:
        return {"path": None, "version": "unknown"}
    try:
        first = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        first = []
    return {"path": path, "version": first[0] if first else "unknown"}


def _ninja_version(ninja_path: Path) -> str:
    try:
        return subprocess.run([str(ninja_path), "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "unknown"


@dataclass
class _NinjaRun:
    returncode: int
    edges: int
    compiled: int
    failed_outputs: list[str]
    output_lines: list[str]


_STATUS = "@@kfoot "
_STATUS_LINE = re.compile(r"^@@kfoot (\d+)/(\d+) @@ (\S+) ?(.*)$")
_FAILED_LINE = re.compile(r"^FAILED: (?:\[code=\d+\] )?(.+)$")


def _run_ninja(ninja_path: Path, build_dir: Path, jobs: int, on_progress) -> _NinjaRun:
    """Run ninja with keep-going, following its status lines for `on_progress`."""
    cmd = [str(ninja_path), "-C", str(build_dir), "-k", "0", "-j", str(jobs)]
    env = dict(os.environ, NINJA_STATUS=f"{_STATUS}%f/%t @@ ")
    edges = compiled = 0
    failed: list[str] = []
    lines: list[str] = []
    from ..core import workers

    # ninja gets SIGTERM when kfoot dies (even kill -9) and passes it on to nvcc; it stays in
    # kfoot's process group, so Ctrl-C reaches it directly too.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            preexec_fn=workers.die_with_me())
    try:
        assert proc.stdout is not None
        for raw in proc.stdout:
            line = raw.rstrip("\n")
            lines.append(line)
            status = _STATUS_LINE.match(line)
            if status:
                # ninja's %f/%t: steps finished and steps this run needs (compile, inspect,
                # link, merge), so the bar covers only what is out of date.
                edges += 1
                kind, what = status.group(3), status.group(4)
                if kind == "CU":
                    compiled += 1
                if on_progress is not None:
                    on_progress(int(status.group(1)), int(status.group(2)), f"{kind} {what}")
                continue
            failure = _FAILED_LINE.match(line)
            if failure:
                failed.extend(failure.group(1).split())
        proc.wait()
    except BaseException:  # Ctrl-C, SIGTERM: ninja stops its compilers; SIGKILL if it lingers
        workers.stop_process(proc)
        raise
    if lines and lines[-1].startswith("ninja: no work to do"):
        edges = 0
    return _NinjaRun(proc.returncode, edges, compiled, failed, lines)


