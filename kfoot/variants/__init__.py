"""Step 1 of the pipeline: a spec (TOML) -> its families and axes -> the variants they instantiate.

- loader: reading and validating a spec (`load_spec`, `Spec`, `Family`, `Axis`).
- dtypes: the dtype names a spec may use, their C++ spellings and promotion.
- variants: enumerating variants, template-ids, and explaining where the count comes from.
"""

from .loader import Spec, SpecError, load_spec

__all__ = ["Spec", "SpecError", "load_spec"]
