"""The explanation as JSON, `kfoot.explain/1` (docs/explain.md documents every field)."""

from __future__ import annotations

from .model import Explanation

SCHEMA = "kfoot.explain/1"


def _groups(groups) -> list[dict]:
    return [{"arch": g.arch, "kernels": g.kernels, "code_bytes": g.code_bytes, "saved_bytes": g.saved_bytes}
            for g in groups]


def _usage(counts) -> dict:
    return {"launched": counts.launched, "never_launched": counts.never_launched,
            "launched_bytes": counts.launched_bytes, "never_launched_bytes": counts.never_launched_bytes,
            "never_launched_eager_bytes": counts.never_launched_eager_bytes}


def _with_usage(record: dict, counts) -> dict:
    if counts is not None:
        record.update(_usage(counts))
    return record


def _usage_summary(explanation: Explanation) -> dict:
    usage = explanation.usage
    launched = sum(f.usage.launched for f in explanation.families)
    never = sum(f.usage.never_launched for f in explanation.families)
    return {
        "files": [{"path": s.path, "format": s.format, "names": s.names, "launches": s.launches} for s in usage.sources],
        "launched": launched,
        "never_launched": never,
        "launched_bytes": sum(f.usage.launched_bytes for f in explanation.families),
        "never_launched_bytes": sum(f.usage.never_launched_bytes for f in explanation.families),
        "never_launched_eager_bytes": sum(f.usage.never_launched_eager_bytes for f in explanation.families),
        "never_launched_lazy_bytes": 0,
        "unmatched": usage.unmatched,
        "unmatched_count": usage.unmatched_count,
    }


def to_document(explanation: Explanation) -> dict:
    document = _to_document(explanation)
    if explanation.usage is not None:
        document["usage"] = _usage_summary(explanation)
    rtc, archs = explanation.what_if_rtc, explanation.what_if_archs
    if rtc is not None or archs is not None:
        # Here, not at import: kfoot.explain.whatif brings in the memory model (0.1 s of imports).
        from .whatif import FIRST_USE_COLD_COMPILE_MS, FIRST_USE_DISK_HIT_MS, JIT_MS_PER_KERNEL
    if rtc is not None:
        document["what_if_rtc"] = {"families": rtc.chosen, "kernels": rtc.kernels, "variants": rtc.variants,
                                   "code_bytes": rtc.code_bytes, "stored_bytes": rtc.stored_bytes,
                                   "eager_bytes": rtc.eager_bytes,
                                   "first_use_cold_compile_ms": FIRST_USE_COLD_COMPILE_MS,
                                   "first_use_disk_hit_ms": FIRST_USE_DISK_HIT_MS}
    if archs is not None:
        document["what_if_archs"] = {"kept": archs.kept, "stored_bytes_before": archs.stored_bytes_before,
                                     "stored_bytes_after": archs.stored_bytes_after,
                                     "devices": [{"device": d.device, "before": d.before, "after": d.after}
                                                 for d in archs.devices],
                                     "jit_kernels": archs.jit_kernels, "jit_ms_per_kernel": JIT_MS_PER_KERNEL}
    return document


def _to_document(explanation: Explanation) -> dict:
    return {
        "schema": SCHEMA,
        "paths": explanation.paths,
        "kernels": explanation.kernels,
        "foldable_bytes": explanation.foldable_bytes,
        "identical_groups": _groups(explanation.identical_groups),
        "families": [{
            "name": f.name,
            "kernels": f.kernels,
            "distinct_kernels": f.distinct_kernels,
            "code_bytes": f.code_bytes,
            "axes": [{"position": a.position, "size": len(a.values), "values": a.values, "multiplies": a.multiplies,
                      "never_changes_code": a.never_changes_code,
                      "collapses": [{"values": c.values, "pairs": c.pairs} for c in a.collapses]}
                     for a in f.axes],
            "grid": f.grid,
            "instantiations": f.instantiations,
            "dense": f.dense,
            "driver": None if f.driver is None else {"axis": f.driver, "factor": len(f.axes[f.driver].values)},
            "archs": [_with_usage({"arch": a.arch, "kernels": a.kernels, "instantiations": a.instantiations}, a.usage)
                      for a in f.archs],
            "identical_groups": _groups(f.identical_groups),
            "foldable_bytes": f.foldable_bytes,
            **(_usage(f.usage) if f.usage is not None else {}),
        } for f in explanation.families],
    }
