"""Step 1 of the pipeline: a spec (TOML) -> its families and axes -> the variants they instantiate.

- loader: reading and validating a spec (`load_spec`, `Spec`, `Family`, `Axis`).
- dtypes: the dtype names a spec may use, their C++ spellings and promotion.
- enumerate: the `Variant`, enumerating a spec's variants, template-ids.
- explain: where the count comes from (`kfoot enumerate`, `--explain`); render: its tables.
"""

from .loader import Spec, SpecError, load_spec

__all__ = ["Spec", "SpecError", "load_spec"]
