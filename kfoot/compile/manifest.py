"""manifest.json: what an AOT build contains, for people, `kfoot report`, and the runtime.

Schema `kfoot.manifest/1`:
    spec {path, sha256}, archs, sass_archs, ptx_archs, compress_mode, shard_size,
    toolchain {nvcc, nvcc_version, ninja_version, launcher, flags},
    build_options {family: {include_dirs, defines, flags, nvcc_flags, nvrtc_flags}} (the spec's
    [build] keys merged with the family's; include_dirs relative to the spec's folder),
    name (--name: the namespace of find_kernel), library (libNAME.so), header
    (include/NAME/kernels.hpp, relative to the output directory), fatbin (file names in the output directory),
    counts {variants, kernels, shards, families {name: variants}},
    variants [{index, family, template_id, values, symbol, shard}],
    shards [{name, source, object, fatbin, flags, variants: [index...]}] (flags: the spec's, for
    that shard's families, after toolchain.flags on its nvcc command line),
    sizes {library, fatbin}, timings {generate_s, ninja_s, total_s}, content_sha256.

`symbol` is the kernel's mangled name (what cuModuleGetFunction takes when loading the
shard's fatbin); `shards[].fatbin` is a loadable fatbin holding just that shard's kernels.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..core.errors import KfootError
from ..core.atomic import write_atomic

if TYPE_CHECKING:
    from ..variants.loader import Spec
    from .results import AotResult

MANIFEST_NAME = "manifest.json"
SCHEMA = "kfoot.manifest/1"


def read_json(path: Path) -> dict:
    try:
        return json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise KfootError(f"{path}: missing (was the build interrupted? run it again)") from None
    except (OSError, ValueError) as exc:
        raise KfootError(f"{path}: unreadable JSON: {exc}") from None


def load_manifest(path_or_dir: str | os.PathLike) -> dict:
    """Read a manifest from its path or from a build's output directory."""
    path = Path(path_or_dir)
    if path.is_dir():
        path = path / MANIFEST_NAME
    data = read_json(path)
    if data.get("schema") != SCHEMA:
        raise KfootError(f"{path}: not a kfoot build manifest (schema {data.get('schema')!r})")
    return data


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

    index_of: dict[str, int] = {}
    variants = []
    for i, (v, symbol) in enumerate(zip(result.variants, result.symbols)):
        index_of[v.template_id] = i
        variants.append({
            "index": i,
            "family": v.family,
            "template_id": v.template_id,
            "values": dict(v.values),
            "symbol": symbol,
        })
    shards = []
    for shard in result.shards:
        paths = ShardPaths.of(shard)
        indices = [index_of[v.template_id] for v in shard.variants]
        for i in indices:
            variants[i]["shard"] = shard.name
        shards.append({
            "name": shard.name,
            "table_symbol": shard.symbol,
            "source": f"build/{paths.source}",
            "object": f"build/{paths.object}",
            "fatbin": f"build/{paths.fatbin}",
            "flags": list((shard_flags or {}).get(shard.name, [])),
            "variants": indices,
        })
    families: dict[str, int] = {}
    for v in result.variants:
        families[v.family] = families.get(v.family, 0) + 1
    body = {
        "schema": SCHEMA,
        "tool": {"name": "kfoot", "version": __version__},
        "mode": "aot",
        "spec": {"path": str(spec.path), "sha256": spec_sha},
        "archs": result.archs,
        "sass_archs": result.sass_archs,
        "ptx_archs": [a for a in result.archs if a.startswith("compute_")],
        "compress_mode": compress_mode or "default",
        "shard_size": shard_size,
        "toolchain": toolchain,
        "build_options": {name: spec.family(name).build.as_json(Path(spec.path).parent) for name in families},
        "name": result.name,
        "library": result.library.name,
        "header": result.header.relative_to(result.out_dir).as_posix() if result.header else None,
        "fatbin": result.fatbin.name,
        "counts": {
            "variants": len(result.variants),
            "kernels": result.kernels,
            "shards": len(result.shards),
            "duplicates_dropped": result.duplicates,
            "families": families,
        },
        "variants": variants,
        "failures": list(result.failures),  # --keep-going: variants left out, each with its first error
        "shards": shards,
        "sizes": {"library": result.library_bytes, "fatbin": result.fatbin_bytes},
    }
    content = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    body["content_sha256"] = content
    body["timings"] = {**result.timings, "jobs": jobs}

    write_atomic(result.manifest, json.dumps(body, indent=1) + "\n")
    write_atomic(key_file, key)


