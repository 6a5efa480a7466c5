"""The SPEC argument of `build` and `compare`: a path, `bundled:NAME`, or nothing (the demo spec).

Without SPEC these commands take the 80-variant demo spec, not the bundled library of ~46k
variants, which would build for hours; a line on stderr says which spec was taken.
"""

from __future__ import annotations

from ..variants.loader import BUNDLED_PREFIX

DEFAULT_SPEC = BUNDLED_PREFIX + "demo"


def default_spec(spec: str | None, term) -> str:
    if spec is not None:
        return spec
    term.note(f"kfoot: no SPEC given: using {DEFAULT_SPEC} (80 variants); {BUNDLED_PREFIX}kernels is the whole "
              "bundled library")
    return DEFAULT_SPEC
