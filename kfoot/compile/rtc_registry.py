"""`kfoot build --mode rtc`: a registry of every variant and copies of the template sources; no
device code (the runtime compiles on first use, kfoot.runtime.compiler). The format of
registry.json is kfoot.runtime.registry's; this module decides what goes in it."""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
from pathlib import Path

from ..core.atomic import write_atomic
from ..core.errors import KfootError
from ..core.includes import IncludeOutside, walk_includes
from ..runtime import fingerprint
from ..runtime.registry import TEMPLATES_DIR, AotPart, FamilyEntry, Registry, RegistryVariant, write_registry
from ..variants.enumerate import enumerate_spec
from .lock import output_lock
from .nvrtc_checks import check_nvrtc_flags, check_nvrtc_targets, check_registry
from .results import RegistryResult


def build_rtc(spec, out_dir, *, variants=None, families=None, archs: str | list[str] | None = None,
              on_wait=None, check: bool = False, unchecked=(), name: str | None = None) -> RegistryResult:
    """Write OUT/registry.json and OUT/templates/ for `spec` (all its variants, those of the
    families matching the `families` globs, or exactly `variants`); with `check`, compile every
    family once with NVRTC for the first of `archs` (kfoot.compile.nvrtc_checks.check_registry).
    With `name`, also OUT/libNAME.so and OUT/include/NAME/kernels.hpp (build_registry_library).

    Every family keeps all its variants even when two families share a template-id (so a lookup
    by either family works); the runtime compiles and caches per template-id, so it is built once.
    """
    check_nvrtc_targets(archs)
    if variants is not None:
        chosen = list(variants)
    else:  # a family of modes = ["aot"] has no place in a registry without a library
        chosen = [v for v in enumerate_spec(spec, families) if "rtc" in spec.family(v.family).modes]
        if not chosen:
            raise KfootError(f"{spec.path}: nothing to register: every family chosen is modes = [\"aot\"]")
    check_nvrtc_flags(spec, list(dict.fromkeys(v.family for v in chosen)), archs)
    shipped_sources(spec, dict.fromkeys(v.family for v in chosen))  # refused before the folder exists
    with output_lock(Path(out_dir).resolve(), on_wait):
        registry = register_variants(spec, out_dir, chosen)
        library = build_registry_library(out_dir, name) if name is not None else None
    result = RegistryResult("rtc", Path(out_dir), registry, library=library)
    if check:
        result.check = check_registry(registry, archs, skip=unchecked)
    return result


def build_registry_library(out_dir, name: str) -> Path:
    """OUT/libNAME.so holding only NAME::library_path(), and OUT/include/NAME/kernels.hpp whose
    NAME::registry() finds the registry beside that file through dladdr (as a hybrid library's
    does), wherever an install of both was moved. Compiled by the host C++ compiler (no nvcc: an
    rtc build needs none), from a temporary folder so that no build path is written into it."""
    from .aot import _host_compiler
    from .lookup import header_path, library_file, render_registry_header, render_registry_source
    from .outputs import install

    out = Path(out_dir)
    compiler = _host_compiler()["path"]
    if compiler is None:
        raise KfootError(f"--name {name} with --mode rtc compiles lib{name}.so with a C++ compiler: "
                         "neither g++ nor c++ is on PATH")
    library = out / library_file(name)
    with tempfile.TemporaryDirectory(prefix=".kfoot-registry-library-", dir=out) as work:
        (Path(work) / "registry_library.cpp").write_text(render_registry_source(name))
        argv = [compiler, "-std=c++17", "-O2", "-fPIC", "-shared", "-fvisibility=hidden", "-Wl,-Bsymbolic", "-s",
                "registry_library.cpp", "-o", library.name, "-ldl"]
        try:
            proc = subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            raise KfootError(f"{compiler}: compiling lib{name}.so took over 300 s") from None
        if proc.returncode != 0:
            first = (proc.stderr.strip() or proc.stdout.strip() or "no output").splitlines()[0]
            raise KfootError(f"{compiler}: compiling lib{name}.so failed (exit {proc.returncode}): {first}")
        install(Path(work) / library.name, library)
    header = out / header_path(name)
    header.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(header, render_registry_header(name).encode())
    return library


def shippable_roots(spec, families, toolkit_dirs=()) -> tuple[Path, ...]:
    """The folders a registry may copy files from: the spec's own folder, the folders of the
    headers it names (families' and declared dtypes'), its include_dirs, and `toolkit_dirs`.

    `toolkit_dirs` is the hook for shipping the CUDA toolkit's headers with a registry: empty
    today (a toolkit header resolves nowhere, stays out, and the runtime finds it in the
    toolkit); a caller that bundles them passes their folders here and to `shipped_sources`."""
    roots = {Path(spec.path).resolve().parent, *(Path(d).resolve() for d in toolkit_dirs)}
    for name in families:
        fam = spec.family(name)
        roots.add(Path(fam.header).resolve().parent)
        roots.update(Path(d).resolve() for d in fam.build.include_dirs)
    roots.update(Path(d.header).resolve().parent for d in spec.dtypes.declared if d.header is not None)
    return tuple(sorted(roots))


def shipped_sources(spec, families, toolkit_dirs=()) -> dict[str, dict[Path, bytes]]:
    """Each family's header and every file it reaches through #include (its include_dirs and
    `toolkit_dirs` searched), resolved, header first, with the bytes read (what is copied is
    what was checked). A file outside `shippable_roots` (`#include
    "/etc/shadow"`, even under `#if 0`, `/proc/self/environ`, a link leading out) is one line
    naming the family, the including header and the file, before anything is read from it."""
    roots = shippable_roots(spec, families, toolkit_dirs)
    found: dict[str, dict[Path, bytes]] = {}
    for name in families:
        fam = spec.family(name)
        dirs = (*fam.build.include_dirs, *toolkit_dirs)
        try:
            found[name] = {path: data for path, data, _unresolved in walk_includes(fam.header, dirs, within=roots)}
        except IncludeOutside as exc:
            raise KfootError(f"{spec.path}: family '{name}': {exc}: a registry ships only files under the spec's "
                             f"folder, its headers' folders and its include_dirs") from None
    return found


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
    # spec's include_dirs (toolkit headers resolve nowhere here and stay out), confined to the
    # spec's folders (shipped_sources), copied below one common folder with their layout, so the
    # registry compiles on another machine.
    sources: dict[Path, bytes] = {}
    header_of: dict[str, Path] = {}
    for name, files in shipped_sources(spec, families_used).items():
        header_of[name] = next(iter(files))
        sources.update(files)
    include_dirs = {d for fam in families_used.values() for d in fam.build.include_dirs}
    roots = [spec_dir, *[p.parent for p in sources], *include_dirs]
    base = Path(os.path.commonpath(roots))
    templates = out_dir / TEMPLATES_DIR
    source_hashes = {}
    for path, data in sorted(sources.items()):
        rel = path.relative_to(base)
        target = templates / rel
        target.parent.mkdir(parents=True, exist_ok=True)
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
                                    free_axes=tuple(fam.free_axes), modes=fam.modes,
                                    include_dirs=tuple(dirs_rel) if recorded else None,
                                    nvrtc_options=tuple(fam.build.nvrtc_args()) if recorded else None)
    rows = [RegistryVariant(family=v.family, template_id=v.template_id, values=v.values,
                            source_sha256=family_digest[v.family]) for v in variants]
    return write_registry(out_dir, mode="hybrid" if aot is not None else "rtc",
                          spec_path=str(Path(spec.path).resolve()), spec_sha256=spec.sha256(),
                          sources=source_hashes, families=entries, variants=rows, aot=aot)
