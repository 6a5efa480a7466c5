"""manifest.json: what an AOT build contains, for people, tools and the tests; written after
every build that changed something, and read back (load_manifest) as a typed Manifest.

Schema `kfoot.manifest/1`:
    spec {path, sha256}, archs, sass_archs, ptx_archs, compress_mode, shard_size,
    toolchain {nvcc, nvcc_version, ninja_version, launcher, flags},
    build_options {family: {include_dirs, defines, flags, nvcc_flags, nvrtc_flags}} (the spec's
    [build] keys merged with the family's; include_dirs relative to the spec's folder),
    name (--name: the namespace of find_kernel), library (libNAME.so), header
    (include/NAME/kernels.hpp, relative to the output directory), fatbin (file names in the output directory),
    counts {variants, kernels, shards, families {name: variants}},
    variants [{index, family, template_id, values, symbol, shard}],
    failures [{template_id, family, error}] (--keep-going: the variants left out),
    shards [{name, table_symbol, source, object, fatbin, flags, variants: [index...]}] (flags: the
    spec's, for that shard's families, after toolchain.flags on its nvcc command line; their
    macros are #define lines in the source instead),
    sizes {library, fatbin}, content_sha256, timings {generate_s, ninja_s, total_s, jobs}, cost {shards,
    families} (compile seconds and kernels, kfoot.compile.costs).

`symbol` is the kernel's mangled name (what cuModuleGetFunction takes when loading the
shard's fatbin); `shards[].fatbin` is a loadable fatbin holding just that shard's kernels.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..core.atomic import write_atomic
from ..core.errors import KfootError
from ..core.escape import shown
from ..core.inputfile import read_limited
from ..core.jsonfile import load_json_limited, parse_json_limited

if TYPE_CHECKING:
    from ..variants.loader import Spec
    from .results import AotResult

MANIFEST_NAME = "manifest.json"
SCHEMA = "kfoot.manifest/1"
# A manifest travels with its build folder, so it is read back as untrusted input. About 450
# bytes a variant: this holds over 500,000.
MANIFEST_MAX_BYTES = 256 << 20
_LARGEST_MANIFEST = "about 450 bytes a variant: 46,000 variants take about 21 MB"


@dataclass(frozen=True)
class ManifestVariant:
    index: int
    family: str
    template_id: str
    values: dict  # axis -> value, in parameter order
    symbol: str  # the kernel's mangled name
    shard: str


@dataclass(frozen=True)
class ManifestShard:
    name: str
    table_symbol: str  # the shard's exported kernel table (kfoot.compile.objinfo)
    source: str  # paths relative to the output directory
    object: str
    fatbin: str  # a loadable fatbin of this shard's kernels alone
    flags: tuple[str, ...]
    variants: tuple[int, ...]  # indices into Manifest.variants


@dataclass(frozen=True)
class ManifestFailure:
    """A variant --keep-going left out, with the compiler's first error."""

    template_id: str
    family: str
    error: str
    location: str = ""  # the user's header FILE:LINE that instantiated it ("" when nvcc named none)


@dataclass(frozen=True)
class Manifest:
    """manifest.json as written. The free-form records (toolchain, build_options, counts, sizes,
    timings) stay dicts: they describe the build, nothing reads them back to act on."""

    tool_version: str
    spec_path: str
    spec_sha256: str
    archs: tuple[str, ...]
    sass_archs: tuple[str, ...]
    ptx_archs: tuple[str, ...]
    compress_mode: str
    shard_size: int
    toolchain: dict
    build_options: dict
    name: str
    library: str
    header: str | None
    fatbin: str
    counts: dict
    variants: tuple[ManifestVariant, ...]
    failures: tuple[ManifestFailure, ...]
    shards: tuple[ManifestShard, ...]
    sizes: dict
    timings: dict
    content_sha256: str = ""  # of everything above but the timings (set by `to_json`)
    cost: dict = field(default_factory=dict)  # kfoot.compile.costs.BuildCost.to_json()

    def _body(self) -> dict:
        return {
            "schema": SCHEMA,
            "tool": {"name": "kfoot", "version": self.tool_version},
            "mode": "aot",
            "spec": {"path": self.spec_path, "sha256": self.spec_sha256},
            "archs": list(self.archs),
            "sass_archs": list(self.sass_archs),
            "ptx_archs": list(self.ptx_archs),
            "compress_mode": self.compress_mode,
            "shard_size": self.shard_size,
            "toolchain": self.toolchain,
            "build_options": self.build_options,
            "name": self.name,
            "library": self.library,
            "header": self.header,
            "fatbin": self.fatbin,
            "counts": self.counts,
            "variants": [{"index": v.index, "family": v.family, "template_id": v.template_id, "values": v.values,
                          "symbol": v.symbol, "shard": v.shard} for v in self.variants],
            "failures": [{"template_id": f.template_id, "family": f.family, "error": f.error, "location": f.location}
                         for f in self.failures],
            "shards": [{"name": s.name, "table_symbol": s.table_symbol, "source": s.source, "object": s.object,
                        "fatbin": s.fatbin, "flags": list(s.flags), "variants": list(s.variants)}
                       for s in self.shards],
            "sizes": self.sizes,
        }

    def to_json(self) -> dict:
        """The document, with content_sha256 computed over it (timings excluded: they change on
        every build of the same content)."""
        body = self._body()
        body["content_sha256"] = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
        body["timings"] = self.timings
        body["cost"] = self.cost  # compile seconds change on every build too: outside the hash
        return body

    @classmethod
    def from_json(cls, data: object, path: Path) -> "Manifest":
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            schema = data.get("schema") if isinstance(data, dict) else None
            raise KfootError(f"not a kfoot build manifest (schema {shown(schema)})", path=path)
        for record in ("toolchain", "build_options", "counts", "sizes", "timings", "cost"):
            if not isinstance(data.get(record, {}), dict):
                raise KfootError(f"the build manifest is malformed ({record} is not an object); rebuild", path=path)
        try:
            return cls(
                tool_version=data["tool"]["version"], spec_path=data["spec"]["path"],
                spec_sha256=data["spec"]["sha256"], archs=tuple(data["archs"]), sass_archs=tuple(data["sass_archs"]),
                ptx_archs=tuple(data["ptx_archs"]), compress_mode=data["compress_mode"],
                shard_size=data["shard_size"], toolchain=data["toolchain"], build_options=data["build_options"],
                name=data["name"], library=data["library"], header=data["header"], fatbin=data["fatbin"],
                counts=data["counts"],
                variants=tuple(ManifestVariant(v["index"], v["family"], v["template_id"], v["values"], v["symbol"],
                                               v["shard"]) for v in data["variants"]),
                failures=tuple(ManifestFailure(f["template_id"], f["family"], f["error"], f.get("location", ""))
                               for f in data["failures"]),
                shards=tuple(ManifestShard(s["name"], s["table_symbol"], s["source"], s["object"], s["fatbin"],
                                           tuple(s["flags"]), tuple(s["variants"])) for s in data["shards"]),
                sizes=data["sizes"], timings=data["timings"], content_sha256=data["content_sha256"],
                cost=data.get("cost", {}),
            )
        except KeyError as exc:
            raise KfootError(f"the build manifest is malformed (missing {shown(exc.args[0])}); rebuild",
                             path=path) from None
        except (TypeError, AttributeError):
            # A record of the wrong type (a list where an object belongs, a string for a list)
            raise KfootError("the build manifest is malformed (a record of the wrong type); rebuild",
                             path=path) from None


def load_manifest(path_or_dir: str | os.PathLike) -> Manifest:
    """Read a manifest from its path or from a build's output directory: a regular file of at most
    MANIFEST_MAX_BYTES, bounded JSON (kfoot.core.jsonfile); bad input is one-line KfootError."""
    path = Path(path_or_dir)
    if path.is_dir():
        path = path / MANIFEST_NAME
    try:
        raw = read_limited(path, what="build manifest", max_bytes=MANIFEST_MAX_BYTES, largest=_LARGEST_MANIFEST)
    except FileNotFoundError:
        raise KfootError("missing (was the build interrupted? run it again)", path=path) from None
    data = parse_json_limited(raw, what="build manifest", path=path)
    del raw
    return Manifest.from_json(data, path)


def previous_library(out_dir: Path) -> str | None:
    """The library file the manifest already in `out_dir` names (None when there is none or it
    does not read, within the same bounds as load_manifest): what a build under another --name
    replaces."""
    try:
        data = load_json_limited(Path(out_dir) / MANIFEST_NAME, what="build manifest", max_bytes=MANIFEST_MAX_BYTES)
    except KfootError:
        return None
    library = data.get("library") if isinstance(data, dict) else None
    return library if isinstance(library, str) else None


def _build_key(result: "AotResult", spec_sha: str) -> str:
    """What the manifest depends on beyond what ninja tracks: the spec text (axis values,
    names) and the build graph; the outputs' mtimes change whenever ninja relinks."""
    digest = hashlib.sha256(spec_sha.encode())
    digest.update((result.out_dir / "build" / "build.ninja").read_bytes())
    for path in (result.library, result.fatbin):
        digest.update(str(path.stat().st_mtime_ns).encode())
    return digest.hexdigest()


def write_manifest(result: "AotResult", *, spec: "Spec", toolchain: dict, compress_mode, shard_size, jobs,
                   shard_flags: dict[str, list[str]] | None = None) -> None:
    from .ninja_file import ShardPaths

    # A no-op rebuild leaves the manifest (and the timings of the real build) alone, without
    # serialising tens of thousands of variants to find out.
    spec_sha = spec.sha256()
    key = _build_key(result, spec_sha)
    key_file = result.out_dir / "build" / "manifest.key"
    if result.up_to_date and result.manifest.is_file():
        try:
            if key_file.read_text() == key:
                return
        except OSError:
            pass

    shard_of = {v.template_id: shard.name for shard in result.shards for v in shard.variants}
    index_of = {v.template_id: i for i, v in enumerate(result.variants)}
    families: dict[str, int] = {}
    for v in result.variants:
        families[v.family] = families.get(v.family, 0) + 1
    shards = []
    for shard in result.shards:
        paths = ShardPaths.of(shard)
        shards.append(ManifestShard(name=shard.name, table_symbol=shard.symbol, source=f"build/{paths.source}",
                                    object=f"build/{paths.object}", fatbin=f"build/{paths.fatbin}",
                                    flags=tuple((shard_flags or {}).get(shard.name, [])),
                                    variants=tuple(index_of[v.template_id] for v in shard.variants)))
    manifest = Manifest(
        tool_version=__version__,
        spec_path=str(spec.path),
        spec_sha256=spec_sha,
        archs=tuple(result.archs),
        sass_archs=tuple(result.sass_archs),
        ptx_archs=tuple(a for a in result.archs if a.startswith("compute_")),
        compress_mode=compress_mode or "default",
        shard_size=shard_size,
        toolchain=toolchain,
        build_options={name: spec.family(name).build.as_json(Path(spec.path).parent) for name in families},
        name=result.name,
        library=result.library.name,
        header=result.header.relative_to(result.out_dir).as_posix() if result.header else None,
        fatbin=result.fatbin.name,
        counts={"variants": len(result.variants), "kernels": result.kernels, "shards": len(result.shards),
                "duplicates_dropped": result.duplicates, "families": families},
        variants=tuple(ManifestVariant(i, v.family, v.template_id, dict(v.values), symbol, shard_of[v.template_id])
                       for i, (v, symbol) in enumerate(zip(result.variants, result.symbols))),
        failures=tuple(ManifestFailure(f.template_id, f.family, f.error, f.location) for f in result.failures),
        shards=tuple(shards),
        sizes={"library": result.library_bytes, "fatbin": result.fatbin_bytes},
        timings={**result.timings, "jobs": jobs},
        cost=result.cost.to_json(),
    )
    write_atomic(result.manifest, json.dumps(manifest.to_json(), indent=1) + "\n")
    write_atomic(key_file, key)
