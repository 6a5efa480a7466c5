"""`kfoot build --mode rtc`: a registry of every variant and the template sources; no device code."""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path

from .. import __version__
from ..core.archs import check_supported, parse_targets
from ..core.atomic import write_atomic
from ..core.errors import KfootError
from ..runtime import fingerprint
from ..runtime.registry import REGISTRY_FORMAT, REGISTRY_NAME, REGISTRY_VERSION, TEMPLATES_DIR
from ..variants.loader import distinct_flag_sets
from ..variants.enumerate import enumerate_spec
from .lock import output_lock
from .results import RegistryResult


def build_rtc(spec, out_dir, *, variants=None, families=None, arch: str | None = None,
              on_wait=None) -> RegistryResult:
    """Write OUT/registry.json and OUT/templates/ for `spec` (all its variants, those of the
    families matching the `families` globs, or exactly `variants`).

    Every family keeps all its variants even when two families share a template-id (so a lookup
    by either family works); the runtime compiles and caches per template-id, so it is built once.
    """
    check_nvrtc_targets(arch)
    chosen = list(variants) if variants is not None else enumerate_spec(spec, families)
    check_nvrtc_flags(spec, list(dict.fromkeys(v.family for v in chosen)), arch)
    with output_lock(Path(out_dir).resolve(), on_wait):
        path = write_registry(spec, out_dir, chosen, mode="rtc")
    return RegistryResult("rtc", Path(out_dir), path, len(chosen), sorted({v.family for v in chosen}))


def write_registry(spec, out_dir: str | os.PathLike, variants, *, mode: str = "rtc", aot: dict | None = None,
                   aot_archs_of=None) -> Path:
    """Copy the template sources of `variants` into OUT/templates and write OUT/registry.json.

    `spec` is a kfoot.variants.loader.Spec; `variants` kfoot.variants.enumerate.Variant objects. `aot_archs_of(variant)`
    gives the archs a hybrid build compiled the variant for (empty for RTC-only ones).
    """
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
    family_rows = {}
    family_digest = {}
    for name, fam in families_used.items():
        header_rel = (Path(TEMPLATES_DIR) / header_of[name].relative_to(base)).as_posix()
        dirs_rel = [(Path(TEMPLATES_DIR) / d.relative_to(base)).as_posix() for d in fam.build.include_dirs]
        for d in dirs_rel:
            (out_dir / d).mkdir(parents=True, exist_ok=True)
        family_digest[name] = fingerprint.source_digest(out_dir / header_rel, tuple(out_dir / d for d in dirs_rel))
        axes = list(fam.params)  # one axis per template parameter, in parameter order
        family_rows[name] = {
            "kernel": fam.kernel,
            "header": header_rel,
            "params": list(fam.params),
            "axes": axes,
            "free_axes": list(fam.free_axes),
        }
        if not fam.build.empty:
            # The spec's include_dirs (the copies, relative to the registry folder) and the
            # defines and flags NVRTC gets; they are part of the cache key.
            family_rows[name]["include_dirs"] = dirs_rel
            family_rows[name]["nvrtc_options"] = fam.build.nvrtc_args()
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




# -- checks -------------------------------------------------------------------------------------

_NVRTC_UNKNOWN = re.compile(r"unrecognized option (\S+)")
CHECK_ARCH = "sm_90"  # flags are checked for this arch when the build names none


def check_nvrtc_targets(archs: str | list[str] | None) -> None:
    """Every requested target is one this NVRTC compiles for (one line naming it otherwise)."""
    if not archs:
        return
    from ..runtime import nvrtc

    check_supported(parse_targets(archs), nvrtc.supported_archs(), f"NVRTC {nvrtc.nvrtc_version()}")


def check_arch(archs: str | list[str] | None) -> str:
    """The SASS arch the checks compile for: the first requested target (compute_90 -> sm_90)."""
    if not archs:
        return CHECK_ARCH
    first = parse_targets(archs)[0]
    return f"sm_{first.number}{first.suffix}"


def check_nvrtc_flags(spec, family_names: list[str], archs: str | list[str] | None = None) -> None:
    """Reject, before the registry is written, a flag NVRTC refuses: one NVRTC compile of an
    empty program (on the CPU, ~30 ms) per distinct set of the families' `flags` and
    `nvrtc_flags`. One line naming the flag, the spec key and NVRTC."""
    from ..runtime import nvrtc

    for options, flags in distinct_flag_sets(spec, family_names, "nvrtc_flags"):
        for flag in flags:
            if nvrtc.unsafe_option(flag):
                raise KfootError(f"{spec.path}: {options.key_of(flag)}: flag {flag!r} is not one kfoot passes to "
                                 "NVRTC (macros and code-generation switches only; give header folders as "
                                 "include_dirs)")
        arch = check_arch(archs)
        problem = _nvrtc_rejects(nvrtc, arch, flags)
        if problem is None:
            continue
        named = _NVRTC_UNKNOWN.search(problem)
        culprit = next((f for f in flags if named and f == named.group(1)), None)
        if culprit is None:
            culprit = next((f for f in flags if _nvrtc_rejects(nvrtc, arch, (f,)) is not None), flags[0])
        raise KfootError(f"{spec.path}: {options.key_of(culprit)}: NVRTC rejects flag {culprit!r}: {problem}")


def _nvrtc_rejects(nvrtc, arch: str, flags: tuple[str, ...]) -> str | None:
    try:
        nvrtc.compile_program("", [], nvrtc.compile_options(arch, flags), program_name="kfoot_flags.cu")
    except nvrtc.CompileError as exc:
        return exc.first_error
    return None


def check_registry(registry_path, archs: str | list[str] | None = None) -> tuple[int, int, float]:
    """Compile, for every family of a registry, variants that between them use every value of
    every axis (a family of 15 dtypes: 15 variants, not all their combinations) with NVRTC, from
    the registry's own copies of the sources, as `kfoot warm` would: one program per header (and
    set of options), for the first requested arch, on the CPU. -> (families, programs, seconds).

    A failure raises KfootError: a headline, then one line per failing family naming its header
    and NVRTC's first error (a program of several families that fails is retried per family)."""
    from ..runtime import compiler, nvrtc
    from ..runtime.registry import load_registry

    started = time.perf_counter()
    registry = load_registry(registry_path)
    arch = check_arch(archs)
    context = compiler.SourceContext(registry, arch)
    groups: dict[tuple, list] = {}
    for fam in registry.families.values():
        if fam.rows:
            groups.setdefault((fam.header, fam.include_dirs, fam.options), []).append(fam)
    failures: dict[str, str] = {}
    programs = 0

    def covering(fam) -> list[int]:
        """Rows that between them use every value of every axis once: a dtype whose header the
        family's header does not include (a spec-declared one) fails here, not in `warm`."""
        seen: set[tuple[str, str]] = set()
        chosen = []
        for i in fam.rows:
            pairs = {(axis, str(value)) for axis, value in registry._rows[i]["values"].items()}
            if not pairs <= seen:
                seen |= pairs
                chosen.append(i)
        return chosen

    def attempt(families) -> str | None:
        nonlocal programs
        programs += 1
        try:
            compiler.compile_variants(context, [registry._variant(i) for f in families for i in covering(f)], None)
        except nvrtc.CompileError as exc:
            return exc.first_error
        return None

    for families in groups.values():
        error = attempt(families)
        if error is None:
            continue
        if len(families) == 1:
            failures[families[0].name] = error
            continue
        for fam in families:
            alone = attempt([fam])
            if alone is not None:
                failures[fam.name] = alone
    if failures:
        root = registry.root
        lines = [f"{len(failures)} of {len(registry.families)} famil{'y' if len(registry.families) == 1 else 'ies'} "
                 f"do not compile under NVRTC for {arch} (the registry in {root} was written; "
                 "--no-check skips this check)"]
        for name, error in failures.items():
            header = registry.families[name].header
            try:
                shown = header.relative_to(root / TEMPLATES_DIR).as_posix()
            except ValueError:
                shown = str(header)
            lines.append(f"  family '{name}': header {shown}: {error}")
        raise KfootError("\n".join(lines))
    used = sum(1 for fam in registry.families.values() if fam.rows)
    return used, programs, time.perf_counter() - started
