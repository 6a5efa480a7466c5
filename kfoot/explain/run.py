"""`kfoot explain PATH...`: the report's kernels (kfoot.report.analyze), grouped by family and
explained."""

from __future__ import annotations

import gc
import os
from collections import defaultdict

from ..binary.cubin import Kernel
from ..core.archs import parse_targets
from ..core.workers import worker_pool
from ..report.analyze import ReportOptions, analyze_paths
from .axes import explain_family
from .identical import family_groups, identical_groups
from .model import Explanation


def explain_paths(paths, *, usage_files=(), what_if: str | None = None, what_if_archs: str | None = None, jobs: int | None = None, max_memory: int | None = None,
                  progress_factory=None) -> Explanation:
    """Every loaded kernel under `paths` by family (relocatable copies, which nothing loads, left
    out), families sorted by code bytes, then kernels (both descending), then name; with
    `usage_files`, which kernels they name (kfoot.explain.usage)."""
    # --usage and the what-ifs bring in the trace reader and the memory model (0.2 s of imports):
    # imported only for a run that asks for them.
    if usage_files:
        from .usage import apply_usage, match_usage
        from .usage_files import read_usage
    if what_if or what_if_archs:
        from .whatif import what_if_archs as whatif_archs
        from .whatif import what_if_rtc
    read = [(str(p), *read_usage(p)) for p in usage_files]  # bad usage input fails before any decoding
    if what_if_archs:
        parse_targets(what_if_archs, "--what-if-archs")  # as early
    options = ReportOptions(fingerprints=True, jobs=jobs, max_memory=max_memory, load_bytes=False,
                            image_sections=False, cache=True)
    report = analyze_paths(paths, options, progress_factory=progress_factory)
    # The report's objects, and what is built from them here, live until explain returns: the
    # garbage collector leaves them alone meanwhile (its full passes walked all of them, 0.1 s on
    # libcusparse), and so do the family pool's forked workers, whose collections would otherwise
    # also write to every inherited page (each one then copied).
    gc.freeze()
    try:
        by_family: dict[str, list[Kernel]] = defaultdict(list)
        for file in report.files:
            for kernel in file.kernel_rows or []:
                if not kernel.relocatable:
                    by_family[kernel.family].append(kernel)
        families = _explain_families(by_family, jobs)
        families.sort(key=lambda f: (-f.code_bytes, -f.kernels, f.name))
        every = [k for kernels in by_family.values() for k in kernels]
        explanation = Explanation([f.path for f in report.files], sum(f.kernels for f in families), families,
                                  identical_groups(every))
        family_groups(families, explanation.identical_groups)
        if read:
            explanation.usage = match_usage(every, read)
            for family in families:
                apply_usage(family, by_family[family.name], explanation.usage)
        archs = report.totals.archs
        if what_if:
            ratios = {a: s.stored_bytes / s.image_bytes for a, s in archs.items() if s.image_bytes}
            explanation.what_if_rtc = what_if_rtc(explanation, what_if, by_family, ratios)
        if what_if_archs:
            explanation.what_if_archs = whatif_archs(what_if_archs, [(a, s.kind, s.stored_bytes, s.kernels)
                                                                     for a, s in sorted(archs.items())])
        return explanation
    finally:
        gc.unfreeze()


# Below this many kernels a pool's start (forked workers) costs more than the analysis it would
# share; libcusparse's 63,832 take 1.3 s in one process.
PARALLEL_KERNELS = 20_000

# The kernels of each family while a pool explains them: the workers are forked after it is set
# and read it from their copy of this process, so no kernel is pickled to them (libcusparse's
# 63,832 took 0.2 s to send and unpack, a third of what the pool saved).
_POOLED: dict[str, list[Kernel]] = {}


def _explain_pooled(name: str):
    return explain_family(name, _POOLED[name])


def _explain_families(by_family: dict[str, list[Kernel]], jobs: int | None) -> list:
    """explain_family of every family, in `jobs` processes when there is enough to share (each
    family is independent of the others; results in by_family's order either way)."""
    jobs = jobs or os.cpu_count() or 1
    if jobs < 2 or len(by_family) < 2 or sum(map(len, by_family.values())) < PARALLEL_KERNELS:
        return [explain_family(name, kernels) for name, kernels in by_family.items()]
    import multiprocessing

    largest_first = sorted(by_family, key=lambda name: -len(by_family[name]))  # keeps the workers even
    _POOLED.update(by_family)
    try:
        with worker_pool(min(jobs, len(by_family)), mp_context=multiprocessing.get_context("fork")) as pool:
            futures = {name: pool.submit(_explain_pooled, name) for name in largest_first}
            return [futures[name].result() for name in by_family]
    finally:
        _POOLED.clear()
