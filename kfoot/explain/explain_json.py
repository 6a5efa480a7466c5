"""The explanation as JSON, `kfoot.explain/1` (docs/explain.md documents every field)."""

from __future__ import annotations

from .model import Explanation

SCHEMA = "kfoot.explain/1"


def to_document(explanation: Explanation) -> dict:
    return {
        "schema": SCHEMA,
        "paths": explanation.paths,
        "kernels": explanation.kernels,
        "families": [{
            "name": f.name,
            "kernels": f.kernels,
            "distinct_kernels": f.distinct_kernels,
            "code_bytes": f.code_bytes,
            "axes": [{"position": a.position, "size": len(a.values), "values": a.values, "multiplies": a.multiplies}
                     for a in f.axes],
            "grid": f.grid,
            "instantiations": f.instantiations,
            "dense": f.dense,
            "driver": None if f.driver is None else {"axis": f.driver, "factor": len(f.axes[f.driver].values)},
            "archs": [{"arch": a.arch, "kernels": a.kernels, "instantiations": a.instantiations} for a in f.archs],
        } for f in explanation.families],
    }
