"""`kfoot build --mode rtc`: a registry of every variant and copies of the template sources; no
device code (the runtime compiles on first use, kfoot.runtime.compiler). The format of
registry.json is kfoot.runtime.registry's; this module decides what goes in it."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from ..core.atomic import write_atomic
from ..runtime import fingerprint
from ..runtime.registry import TEMPLATES_DIR, AotPart, FamilyEntry, Registry, RegistryVariant, write_registry
from ..variants.enumerate import enumerate_spec
from .lock import output_lock
from .nvrtc_checks import check_nvrtc_flags, check_nvrtc_targets, check_registry
from .results import RegistryResult


def build_rtc(spec, out_dir, *, variants=None, families=None, archs: str | list[str] | None = None,
              on_wait=None, check: bool = False) -> RegistryResult:
    """Write OUT/registry.json and OUT/templates/ for `spec` (all its variants, those of the
    families matching the `families` globs, or exactly `variants`); with `check`, compile every
    family once with NVRTC for the first of `archs` (kfoot.compile.nvrtc_checks.check_registry).

    Every family keeps all its variants even when two families share a template-id (so a lookup
    by either family works); the runtime compiles and caches per template-id, so it is built once.
    """
    check_nvrtc_targets(archs)
    chosen = list(variants) if variants is not None else enumerate_spec(spec, families)
    check_nvrtc_flags(spec, list(dict.fromkeys(v.family for v in chosen)), archs)
    with output_lock(Path(out_dir).resolve(), on_wait):
        registry = register_variants(spec, out_dir, chosen)
    result = RegistryResult("rtc", Path(out_dir), registry)
    if check:
        result.check = check_registry(registry, archs)
    return result


def register_variants(spec, out_dir: str | os.PathLike, variants, *, aot: AotPart | None = None) -> Registry:
    """Copy the template sources of `variants` into OUT/templates and write OUT/registry.json;
    -> the registry written. `spec` is a kfoot.variants.loader.Spec; `variants`
    kfoot.variants.enumerate.Variant objects; `aot`: the AOT part of a hybrid build."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    spec_dir = Path(spec.path).resolve().parent
    families_used = {}
    for variant in variants:
        families_used.setdefault(variant.family, spec.family(variant.family))
    # Local sources: the header and every file it reaches through quoted includes and the
    # spec's include_dirs (toolkit headers resolve nowhere here and stay out), copied below
    # one common folder with their layout, so the registry compiles on another machine.
    sources: dict[Path, Path] = {}
    header_of: dict[str, Path] = {}
    for name, fam in families_used.items():
        header = Path(fam.header)
        if not header.is_absolute():
            header = spec_dir / header
        header = header.resolve()
        header_of[name] = header
        for path in fingerprint.included_files(header, tuple(fam.build.include_dirs)):
            sources[path] = path
    include_dirs = {d for fam in families_used.values() for d in fam.build.include_dirs}
    roots = [spec_dir, *[p.parent for p in sources], *include_dirs]
    base = Path(os.path.commonpath(roots))
    templates = out_dir / TEMPLATES_DIR
    source_hashes = {}
    for path in sorted(sources):
        rel = path.relative_to(base)
        target = templates / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        data = path.read_bytes()
        write_atomic(target, data)
        source_hashes[rel.as_posix()] = hashlib.sha256(data).hexdigest()
    entries = {}
    family_digest = {}
    for name, fam in families_used.items():
        header_rel = (Path(TEMPLATES_DIR) / header_of[name].relative_to(base)).as_posix()
        dirs_rel = [(Path(TEMPLATES_DIR) / d.relative_to(base)).as_posix() for d in fam.build.include_dirs]
        for d in dirs_rel:
            (out_dir / d).mkdir(parents=True, exist_ok=True)
        family_digest[name] = fingerprint.source_digest(out_dir / header_rel, tuple(out_dir / d for d in dirs_rel))
        recorded = not fam.build.empty  # a family without build options records none
        entries[name] = FamilyEntry(kernel=fam.kernel, header=header_rel, axes=tuple(fam.params),
                                    free_axes=tuple(fam.free_axes),
                                    include_dirs=tuple(dirs_rel) if recorded else None,
                                    nvrtc_options=tuple(fam.build.nvrtc_args()) if recorded else None)
    rows = [RegistryVariant(family=v.family, template_id=v.template_id, values=v.values,
                            source_sha256=family_digest[v.family]) for v in variants]
    return write_registry(out_dir, mode="hybrid" if aot is not None else "rtc",
                          spec_path=str(Path(spec.path).resolve()), spec_sha256=spec.sha256(),
                          sources=source_hashes, families=entries, variants=rows, aot=aot)
