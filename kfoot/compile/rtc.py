"""`kfoot build --mode rtc`: a registry of every variant and the template sources; no device code."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .. import __version__
from ..core.atomic import write_atomic
from ..runtime import fingerprint
from ..runtime.registry import REGISTRY_FORMAT, REGISTRY_NAME, REGISTRY_VERSION, TEMPLATES_DIR
from ..spec.variants import enumerate_spec
from .results import RegistryResult


def build_rtc(spec, out_dir, *, variants=None, families=None) -> RegistryResult:
    """Write OUT/registry.json and OUT/templates/ for `spec` (all its variants, those of the
    families matching the `families` globs, or exactly `variants`).

    Every family keeps all its variants even when two families share a template-id (so a lookup
    by either family works); the runtime compiles and caches per template-id, so it is built once.
    """
    chosen = list(variants) if variants is not None else enumerate_spec(spec, families)
    path = write_registry(spec, out_dir, chosen, mode="rtc")
    return RegistryResult("rtc", Path(out_dir), path, len(chosen), sorted({v.family for v in chosen}))


def write_registry(spec, out_dir: str | os.PathLike, variants, *, mode: str = "rtc", aot: dict | None = None,
                   aot_archs_of=None) -> Path:
    """Copy the template sources of `variants` into OUT/templates and write OUT/registry.json.

    `spec` is a kfoot.spec.loader.Spec; `variants` kfoot.spec.variants.Variant objects. `aot_archs_of(variant)`
    gives the archs a hybrid build compiled the variant for (empty for RTC-only ones).
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    spec_dir = Path(spec.path).resolve().parent
    families_used = {}
    for variant in variants:
        families_used.setdefault(variant.family, spec.family(variant.family))
    # Local sources: the header and the quoted includes it reaches, below one common folder.
    sources: dict[Path, Path] = {}
    header_of: dict[str, Path] = {}
    for name, fam in families_used.items():
        header = Path(fam.header)
        if not header.is_absolute():
            header = spec_dir / header
        header = header.resolve()
        header_of[name] = header
        for path in fingerprint.included_files(header):
            sources[path] = path
    base = Path(os.path.commonpath([spec_dir, *[p.parent for p in sources]])) if sources else spec_dir
    templates = out_dir / TEMPLATES_DIR
    source_hashes = {}
    for path in sorted(sources):
        rel = path.relative_to(base)
        target = templates / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        write_atomic(target, data)
        source_hashes[rel.as_posix()] = hashlib.sha256(data).hexdigest()
    family_rows = {}
    family_digest = {}
    for name, fam in families_used.items():
        header_rel = (Path(TEMPLATES_DIR) / header_of[name].relative_to(base)).as_posix()
        family_digest[name] = fingerprint.source_digest(out_dir / header_rel, ())
        axes = list(fam.params)  # one axis per template parameter, in parameter order
        family_rows[name] = {
            "kernel": fam.kernel,
            "header": header_rel,
            "params": list(fam.params),
            "axes": axes,
            "free_axes": list(fam.free_axes),
        }
    rows = []
    for variant in variants:
        row = {
            "family": variant.family,
            "template_id": variant.template_id,
            "values": {axis: _plain(value) for axis, value in variant.values},
            "source_sha256": family_digest[variant.family],
        }
        if aot_archs_of is not None:
            row["aot_archs"] = list(aot_archs_of(variant))
        rows.append(row)
    document = {
        "format": REGISTRY_FORMAT,
        "version": REGISTRY_VERSION,
        "mode": mode,
        "kfoot_version": __version__,
        "spec": {"path": str(Path(spec.path).resolve()), "sha256": spec.sha256()},
        "sources": source_hashes,
        "families": family_rows,
        "variants": rows,
    }
    if aot is not None:
        document["aot"] = aot
    path = out_dir / REGISTRY_NAME
    write_atomic(path, _dump_registry(document).encode())
    return path


def _dump_registry(document: dict) -> str:
    """Readable but compact: the header fields indented, then one variant per line (46k of them)."""
    rows = document.pop("variants")
    head = json.dumps(document, indent=1)
    body = ",\n".join(json.dumps(row, separators=(",", ":")) for row in rows)
    document["variants"] = rows
    return head[:-2] + ',\n "variants": [\n' + body + "\n ]\n}\n"


def _plain(value):
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


