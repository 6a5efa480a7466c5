"""`kfoot build --mode rtc`: a registry of every variant and the template sources; no device code."""

from __future__ import annotations

from pathlib import Path

from ..runtime.registry import write_registry
from ..spec.variants import enumerate_spec


def build_rtc(spec, out_dir, *, variants=None, families=None) -> Path:
    """Write OUT/registry.json and OUT/templates/ for `spec` (all its variants, those of the
    families matching the `families` globs, or exactly `variants`).

    Every family keeps all its variants even when two families share a template-id (so a lookup
    by either family works); the runtime compiles and caches per template-id, so it is built once.
    """
    chosen = list(variants) if variants is not None else enumerate_spec(spec, families)
    return write_registry(spec, out_dir, chosen, mode="rtc")
