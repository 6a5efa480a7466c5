"""Instantiation sources: the generated translation units that make nvcc emit each variant.

A shard is a list of variants compiled as one translation unit. Its source includes the
families' headers and takes the address of every kernel in an exported, host-side array:
taking a `__global__` function template's address makes the compiler instantiate it (device
code and host stub) from the template-id alone, so the user never writes the parameter list.
The exported array also gives a program that dlopens the library the kernels' host stubs in
manifest order. One variant per line, so a compiler error's line number names its variant.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..variants.dtypes import DTypeTable
from ..variants.enumerate import Variant
from ..core.atomic import write_atomic
from ..core.prelude import prelude



@dataclass
class Shard:
    name: str  # family_stem(family) + "_003", or pack_stem(families) + "_pack" (+ "_k0"... per variant when it failed)
    variants: list[Variant] = field(default_factory=list)

    @property
    def symbol(self) -> str:
        """The exported C array of host stubs, one per variant."""
        return f"kfoot_shard_{self.name}"


def _sanitise(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


_STEM_CHARS = 40  # of the sanitised family name in a shard's name


def family_stem(family: str) -> str:
    """How shard names carry a family: its name sanitised for a C identifier and a file name,
    cut to 40 characters, then 12 hex digits of its sha256. Families that sanitise alike (`a-b`,
    `a.b`) differ in the digest, and a 300-character name still makes file names far below the
    file system's 255 (the longest is the stem, a shard suffix and `.syms.json`). Read from the
    right, a shard name is unique: `_k<N>` pieces, then `_<NNN>` or `_pack`, then the digest."""
    return f"{_sanitise(family)[:_STEM_CHARS]}_{hashlib.sha256(family.encode()).hexdigest()[:12]}"


def pack_stem(families: list[str]) -> str:
    """A packed shard's stem names what it holds: its families' names joined by `__` (cut, as a
    family's, to 40 characters), then 12 hex digits of the sha256 of the whole list, so a failing
    variant is never found in a shard named after another family alone."""
    if len(families) == 1:
        return family_stem(families[0])
    joined = "__".join(_sanitise(f) for f in families)
    return f"{joined[:_STEM_CHARS]}_{hashlib.sha256(chr(0).join(families).encode()).hexdigest()[:12]}"


# Every shard name plan_shards and --keep-going make, and nothing else: what a build may delete.
SHARD_NAME = re.compile(rf"\w{{1,{_STEM_CHARS}}}_[0-9a-f]{{12}}_(?:\d{{3,}}|pack)(?:_k\d+)*", re.ASCII)


def plan_shards(variants: list[Variant], shard_size: int) -> list[Shard]:
    """Group variants into translation units of at most `shard_size` variants.

    Each nvcc call pays a fixed cost (parsing the CUDA headers, once per arch, and the host
    compile: ~1.5 s per arch here) next to ~25 ms per variant and arch, so shards should be
    full. A family with at least `shard_size` variants gets shards of its own, split evenly
    (70 with size 64 become 35 + 35, so no straggler ends a parallel build); smaller families
    are packed together in spec order. Adding a variant to a family then changes only the
    shards holding that family, so an incremental build recompiles only those.
    """
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    by_family: dict[str, list[Variant]] = {}
    for v in variants:
        by_family.setdefault(v.family, []).append(v)
    shards: list[Shard] = []
    pack: list[Variant] = []

    def flush() -> None:
        if pack:
            shards.append(Shard(name=f"{pack_stem(list(dict.fromkeys(v.family for v in pack)))}_pack",
                                variants=list(pack)))
            pack.clear()

    for family, members in by_family.items():
        if len(members) >= shard_size:
            flush()
            count = -(-len(members) // shard_size)
            base, extra = divmod(len(members), count)
            start = 0
            for i in range(count):
                size = base + (1 if i < extra else 0)
                shards.append(Shard(name=f"{family_stem(family)}_{i:03d}", variants=members[start:start + size]))
                start += size
            continue
        if len(pack) + len(members) > shard_size:
            flush()
        pack.extend(members)
    flush()
    return shards


def include_link(folder: Path, base: Path | None = None) -> Path:
    """The name nvcc knows a folder by: inc/<16 hex digits of a sha256>, relative to the build
    directory, where kfoot.compile.aot makes it a symbolic link to the folder.

    No folder's own name reaches nvcc's command line, a depfile or a generated `#include`, so a
    quote, a space or a `$` in it cannot break them. The digest is of the folder's path relative
    to `base` (the spec's folder) where the folder lies under it, else of its full path: two
    checkouts of a project in different places give nvcc the same command lines and sources, so
    a shared compiler cache (sccache, ccache) hits across them. A moved spec keeps its names;
    the links then point elsewhere, and aot's links list (ninja_file.LINKS_LIST, an input of
    every compile) changes, so ninja recompiles."""
    key = str(folder)
    if base is not None:
        try:
            key = "spec:" + folder.relative_to(base).as_posix()
        except ValueError:
            pass
    return Path("inc", hashlib.sha256(os.fsencode(key)).hexdigest()[:16])


def _linked(path: Path, base: Path | None = None) -> str:
    """A file by its folder's link, as a shard source (in build/src/) includes it."""
    return f"../{include_link(path.parent, base).as_posix()}/{path.name}"


def render(shard: Shard, table: DTypeTable, base: Path | None = None,
           macros: list[str] | tuple[str, ...] = ()) -> tuple[str, dict[int, int]]:
    """The shard's source text and a map from source line number to variant index; `table` is
    the spec's dtypes (its declared ones bring their headers); `base`: see include_link;
    `macros`: the spec's #define/#undef lines, first, where -D on a command line would act
    (kfoot.compile.nvcc_checks says why they are not on nvcc's)."""
    lines = [
        "// Generated by kfoot: instantiates the variants listed below. Do not edit.",
        *(["// The spec's macros (defines, -D and -U flags):", *macros] if macros else []),
        *prelude([v.template_id for v in shard.variants], dtype_headers(shard.variants, table, base)).splitlines(),
        *[f'#include "{h}"' for h in include_names(shard.variants, base)],
        "",
        "// Taking each kernel's address instantiates it; the table is exported so a program",
        "// that dlopens the library can launch the kernels through cudaLaunchKernel.",
        f'extern "C" __attribute__((visibility("default"))) void* const {shard.symbol}[] = {{',
    ]
    line_of: dict[int, int] = {}
    for index, variant in enumerate(shard.variants):
        lines.append(f"  (void*)&{variant.template_id},")
        line_of[len(lines)] = index  # 1-based line number of this entry
    lines += ["};", f'extern "C" __attribute__((visibility("default"))) const unsigned long long '
              f"{shard.symbol}_count = {len(shard.variants)};", ""]
    return "\n".join(lines), line_of


def include_names(variants: list[Variant], base: Path | None = None) -> list[str]:
    """Headers by file name (found through -I), so sources and compiler command lines do not
    embed this machine's paths and a shared compile cache (ccache, sccache) can hit across
    checkouts; a name that two directories share is included through its folder's link
    (`../inc/<digest>/name`, see include_link), never by a path that could hold a quote."""
    paths = sorted({v.header for v in variants})
    names = [p.name for p in paths]
    return [p.name if names.count(p.name) == 1 else _linked(p, base) for p in paths]


def dtype_header_paths(variants: list[Variant], table: DTypeTable) -> list[Path]:
    """The headers of the spec-declared dtypes the variants use (full paths), sorted."""
    found: set[Path] = set()
    for variant in variants:
        for _, value in variant.values:
            if isinstance(value, str):
                dtype = table.get(value)
                if dtype is not None and dtype.header is not None:
                    found.add(dtype.header)
    return sorted(found)


def dtype_headers(variants: list[Variant], table: DTypeTable, base: Path | None = None) -> list[str]:
    """Those headers as a shard source includes them: through their folders' links."""
    return [_linked(path, base) for path in dtype_header_paths(variants, table)]


def write_if_changed(path: Path, text: str) -> bool:
    """Write atomically, and only when the content differs: an unchanged source keeps its
    mtime, so ninja sees nothing to rebuild."""
    data = text.encode()
    try:
        if path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    write_atomic(path, data)
    return True

