"""The explanation as JSON, `kfoot.explain/1` (docs/explain.md documents every field)."""

from __future__ import annotations

from .model import Explanation

SCHEMA = "kfoot.explain/1"


def _groups(groups) -> list[dict]:
    return [{"arch": g.arch, "kernels": g.kernels, "code_bytes": g.code_bytes, "saved_bytes": g.saved_bytes}
            for g in groups]


def to_document(explanation: Explanation) -> dict:
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
            "archs": [{"arch": a.arch, "kernels": a.kernels, "instantiations": a.instantiations} for a in f.archs],
            "identical_groups": _groups(f.identical_groups),
            "foldable_bytes": f.foldable_bytes,
        } for f in explanation.families],
    }
