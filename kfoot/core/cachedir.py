"""Where kfoot's caches live and whether they are on: one rule for the kernel cache
(kfoot.runtime.kernel_cache) and the report cache (kfoot.report.result_cache). Kept apart from both so that
`kfoot report` does not import the run-time side to learn a folder name."""

from __future__ import annotations

import os
from pathlib import Path


def default_cache_root() -> Path:
    explicit = os.environ.get("KFOOT_CACHE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "kfoot"


def cache_disabled_by_env() -> bool:
    return os.environ.get("KFOOT_CACHE", "1").strip().lower() in ("0", "false", "no", "off")
