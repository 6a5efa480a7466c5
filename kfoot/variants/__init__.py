"""A spec (TOML) -> its families and axes -> the variants they instantiate.

- loader: reading and validating a spec (`load_spec`, `Spec`, `Family`); axes: a family's
  `Axis` and the order derived axes follow; errors: its one-line SpecError; build_options: the
  spec's include_dirs, defines and flags, and the macros among them.
- dtypes: the dtype names a spec may use, their C++ spellings and promotion, and a spec's own.
- enumerate: the `Variant`, enumerating a spec's variants, template-ids.
- explain: where the count comes from (`kfoot enumerate`, `--explain`); render: its tables.
"""

from .loader import Spec, SpecError, load_spec

__all__ = ["Spec", "SpecError", "load_spec"]
