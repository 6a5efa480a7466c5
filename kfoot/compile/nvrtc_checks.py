"""What an RTC or hybrid build checks with NVRTC (on the CPU), so a registry that cannot compile
fails its build and not a later `kfoot warm` or first use: the requested archs, the spec's
flags before anything is written, and every family of the registry written."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from ..core.archs import check_supported, parse_targets
from ..core.errors import KfootError
from ..runtime.registry import TEMPLATES_DIR, Registry
from ..variants.build_options import distinct_flag_sets

_NVRTC_UNKNOWN = re.compile(r"unrecognized option (\S+)")
CHECK_ARCH = "sm_90"  # flags are checked for this arch when the build names none


@dataclass(frozen=True)
class NvrtcCheck:
    """What `check_registry` compiled: every family of a registry compiles under NVRTC for `arch`."""

    arch: str
    families: int
    programs: int
    seconds: float


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


def check_registry(registry: Registry, archs: str | list[str] | None = None, skip=()) -> NvrtcCheck:
    """Compile, for every family of a registry, variants that between them use every value of
    every axis (a family of 15 dtypes: 15 variants, not all their combinations) with NVRTC, from
    the registry's own copies of the sources, as `kfoot warm` would: one program per header (and
    set of options), for the first requested arch, on the CPU.

    A failure raises KfootError: a headline, then one line per failing family naming its header
    and NVRTC's first error (a program of several families that fails is retried per family)."""
    from ..runtime import compiler, nvrtc

    started = time.perf_counter()
    arch = check_arch(archs)
    context = compiler.SourceContext(registry, arch)
    groups: dict[tuple, list] = {}
    # Families of modes = ["aot"] are never compiled by NVRTC, and --no-check-family names others.
    skipped = {name for name, fam in registry.families.items() if fam.aot_only or name in skip}
    for fam in registry.families.values():
        if fam.rows and fam.name not in skipped:
            groups.setdefault((fam.header, fam.include_dirs, fam.options), []).append(fam)
    failures: dict[str, str] = {}
    programs = 0

    def covering(fam) -> list:
        """Variants that between them use every value of every axis once: a dtype whose header
        the family's header does not include (a spec-declared one) fails here, not in `warm`."""
        seen: set[tuple[str, str]] = set()
        chosen = []
        for variant in registry.variants_of(fam.name):
            pairs = {(axis, str(value)) for axis, value in variant.values}
            if not pairs <= seen:
                seen |= pairs
                chosen.append(variant)
        return chosen

    def attempt(families, retry: bool = False) -> str | None:
        nonlocal programs
        programs += 1
        try:
            # One program per header, so a PCH of its preamble would serve nothing (a CUB one:
            # ~300 MB, ~1.3 s); only a failing group's retries, family by family, share one.
            compiler.compile_variants(context, [v for f in families for v in covering(f)], None, make_pch=retry)
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
            alone = attempt([fam], retry=True)
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
    used = sum(1 for fam in registry.families.values() if fam.rows and fam.name not in skipped)
    return NvrtcCheck(arch, used, programs, round(time.perf_counter() - started, 3))
