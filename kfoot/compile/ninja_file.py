"""The build.ninja of an AOT build: compile each shard, read each object's fatbin and kernel
names, link the host shared library, write the standalone fatbin (the shards' containers back
to back, fatbin_merge.py).

ninja gives the parallelism (-j), the incrementality (mtimes, header dependencies from nvcc's
depfiles, and a rebuild when a command line changes) and keep-going (-k 0) for free.

Nothing from a name is ever executed: every value written here goes through `ninja_value` (`$`
doubled; a newline refused in one line, since ninja has no way to write one) after shell quoting
(`shell_words`) where a command uses it, and every path on a build line through `ninja_path`
(`$`, space and `:` escaped; `|`, which ninja cannot escape, refused). ninja shell-quotes $in
and $out itself.
"""

from __future__ import annotations

import io
import os
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from ninja.ninja_syntax import Writer

import kfoot

from ..core.archs import Arch
from ..core.errors import KfootError
from .fatbin_merge import INDEX_NAME as MERGE_INDEX
from .sources import Shard

# nvcc --compress-mode values (CUDA 12.8+); None leaves nvcc its default.
COMPRESS_MODES = ("default", "size", "speed", "balance", "none")
FATBIN_NAME = "kernels.fatbin"
# Each build/inc link and its folder (kfoot.compile.aot._include_links): an input of every compile.
LINKS_LIST = "inc/links.txt"


@dataclass(frozen=True)
class ShardPaths:
    """Paths of one shard's files, relative to the build directory (where ninja runs)."""

    source: str
    object: str
    fatbin: str
    symbols: str
    log: str

    @classmethod
    def of(cls, shard: Shard) -> "ShardPaths":
        return cls(
            source=f"src/{shard.name}.cu",
            object=f"obj/{shard.name}.o",
            fatbin=f"obj/{shard.name}.fatbin",
            symbols=f"obj/{shard.name}.syms.json",
            log=f"obj/{shard.name}.o.log",
        )


def nvcc_flags(targets: list[Arch], include_dirs: list[Path], compress_mode: str | None) -> list[str]:
    flags = [
        "-std=c++17",
        "-O3",
        "-Xcompiler=-fPIC",
        # Host stubs with the kernels' own (external) names: the exported kernel table then
        # relocates against symbols named like the device kernels (see objinfo.py).
        "-static-global-template-stub=false",
    ]
    flags += [t.gencode() for t in targets]
    if compress_mode:
        flags.append(f"--compress-mode={compress_mode}")
    flags += [f"-I{d}" for d in include_dirs]
    return flags


def ninja_value(value: str, what: str) -> str:
    """`value` as ninja reads it back verbatim in a variable: `$` doubled. A newline (or CR)
    cannot be written in a ninja file at all: one line naming `what`."""
    if "\n" in value or "\r" in value or "\0" in value:
        raise KfootError(f"{what} {value!r} holds a newline (or NUL), which build.ninja cannot hold; rename it")
    return value.replace("$", "$$")


def ninja_path(path: str, what: str) -> str:
    """`path` for a build line: `$`, space and `:` escaped; `|` refused (ninja has no escape for
    it there: it would start the implicit inputs)."""
    escaped = ninja_value(path, what)
    if "|" in path:
        raise KfootError(f"{what} {path!r} holds '|', which a build.ninja path cannot hold; rename it")
    return escaped.replace(" ", "$ ").replace(":", "$:")


def shell_words(words: list[str], what: str) -> str:
    """`words` quoted for the shell ninja runs commands with, then escaped for ninja."""
    return ninja_value(" ".join(shlex.quote(str(w)) for w in words), what)


class _Writer(Writer):
    """ninja_syntax's Writer with build lines escaped by `ninja_path` (its own escape_path
    leaves `$` and `|` alone). Build variables go in as given: the caller escapes them."""

    def build(self, outputs, rule, inputs=None, implicit=None, order_only=None, variables=None,
              implicit_outputs=None, pool=None, dyndep=None):
        def paths(items):
            return [ninja_path(str(x), "build path") for x in ([] if items is None else
                                                                   [items] if isinstance(items, str) else items)]
        words = paths(inputs)
        if implicit:
            words += ["|", *paths(implicit)]
        if order_only:
            words += ["||", *paths(order_only)]
        outs = paths(outputs) + (["|", *paths(implicit_outputs)] if implicit_outputs else [])
        self._line(f"build {' '.join(outs)}: {' '.join([rule, *words])}")
        for key, value in (variables or {}).items():
            self.variable(key, value, indent=1)
        return outputs

    def default(self, paths):
        self._line("default " + " ".join(ninja_path(p, "build path") for p in ([paths] if isinstance(paths, str)
                                                                                 else paths)))


def render_ninja(
    shards: list[Shard],
    *,
    nvcc: Path,
    flags: list[str],
    launcher: list[str],
    library: str,
    fatbin: str,
    shard_flags: dict[str, list[str]] | None = None,
    compile_inputs: list[str] | None = None,
    lookup: tuple[str, str] | None = None,
) -> str:
    """`shard_flags`: shard name -> the spec's flags for its family (include_dirs, defines,
    flags, nvcc_flags), after `flags` on the shard's nvcc command line. `compile_inputs`: files
    (relative to the build directory) every compile depends on besides its source and headers.
    `lookup`: (source, object) of the host-only find_kernel lookup (kfoot.compile.lookup), linked in."""
    package_root = Path(kfoot.__file__).resolve().parent.parent
    # kfoot's root first, then the caller's PYTHONPATH: its dependencies may live only there
    # (`pip install --target DIR`), and replacing it broke every AOT build on such a machine.
    pythonpath = os.pathsep.join([str(package_root), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))])
    python = shell_words(["env", f"PYTHONPATH={pythonpath}", sys.executable], "kfoot's Python")
    buf = io.StringIO()
    w = _Writer(buf, width=120)
    w.comment("Generated by kfoot build --mode aot. Do not edit: it is rewritten on every build.")
    w.variable("ninja_required_version", "1.10")
    w.variable("nvcc", shell_words([str(nvcc)], "nvcc path"))
    w.variable("launcher", shell_words(launcher, "--launcher"))
    w.variable("nvcc_flags", shell_words(flags, "nvcc flag"))
    w.variable("python", python)
    w.newline()
    # Compiler output goes to a per-shard log: kfoot reads it to name the failing variants.
    w.rule(
        "cu",
        command="$launcher $nvcc $nvcc_flags $family_flags -MD -MF $out.d -c $in -o $out > $out.log 2>&1",
        depfile="$out.d",
        deps="gcc",
        description="CU $shard",
    )
    w.rule(
        "objinfo",
        command="$python -m kfoot.compile.objinfo $in --table $table --fatbin $fatbin_out --symbols $symbols_out",
        description="INFO $shard",
    )
    w.rule(
        "cxx",
        # Host code only: nvcc hands a .cpp to the host compiler, no device pass. Hidden by
        # default: only find_kernel and launch_kernel leave the library, not the hash map's code.
        command="$nvcc -std=c++17 -O2 -Xcompiler=-fPIC,-fvisibility=hidden -c $in -o $out",
        description="CXX $out",
    )
    w.rule(
        "link",
        # Linked under a temporary name and renamed: a reader never sees half a library.
        # -Bsymbolic: the stub tables and find_kernel bind to this library's own symbols, even
        # when another kfoot library in the process exports the same names.
        # -soname: a program linked against it records libNAME.so, found through its rpath, not
        # the path the library had on the link line.
        command="$nvcc -shared -nodlink -Xlinker -Bsymbolic -Xlinker -soname=$soname -o $out.tmp --options-file $out.rsp "
                "&& mv -f $out.tmp $out",
        rspfile="$out.rsp",
        rspfile_content="$in",
        description="LINK $out",
    )
    w.rule(
        "merge",
        # The record of where each shard's container went: what a hybrid build's registry says.
        command=f"$python -m kfoot.compile.fatbin_merge --index {MERGE_INDEX} $out @$out.rsp",
        rspfile="$out.rsp",
        rspfile_content="$in",
        description="FATBIN $out",
    )
    w.newline()
    objects, fatbins, infos = [], [], []
    for shard in shards:
        p = ShardPaths.of(shard)
        cu_vars = {"shard": ninja_value(shard.name, "shard name")}
        if shard_flags and shard_flags.get(shard.name):
            # Shell-quoted, then ninja's own escape: a `$` in a define must reach the shell as is.
            cu_vars["family_flags"] = shell_words(shard_flags[shard.name], "spec flag")
        w.build(p.object, "cu", p.source, implicit=compile_inputs or None, variables=cu_vars)
        w.build(
            [p.fatbin, p.symbols],
            "objinfo",
            p.object,
            # Used on the command line, where ninja quotes only $in and $out: shell-quoted here.
            variables={"shard": ninja_value(shard.name, "shard name"), "table": shell_words([shard.symbol], "symbol"),
                       "fatbin_out": shell_words([p.fatbin], "path"), "symbols_out": shell_words([p.symbols], "path")},
        )
        objects.append(p.object)
        fatbins.append(p.fatbin)
        infos.append(p.symbols)
    if lookup is not None:
        # After every shard's object (order only): a round where a shard fails leaves the lookup
        # alone, so the round that splits it does not compile it twice (kfoot.compile.aot).
        w.build(lookup[1], "cxx", lookup[0], order_only=list(objects))
        objects.append(lookup[1])
    w.build(library, "link", objects, variables={"soname": shell_words([Path(library).name], "library name")})
    # The merge script is an input too: a kfoot that lays the file out differently rewrites it.
    here = Path(__file__).resolve().parent
    w.build(fatbin, "merge", fatbins, implicit_outputs=[MERGE_INDEX],
            implicit=[str(here / "fatbin_merge.py"), str(here.parent / "binary" / "fatbin.py")])
    w.build("all", "phony", [library, fatbin, *infos])
    w.default("all")
    return buf.getvalue()
