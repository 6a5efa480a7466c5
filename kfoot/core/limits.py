"""The memory bound for decoding untrusted binaries: one rule for `kfoot report` and the memory
estimate and probe that read the same containers.

What decoding may hold at once, all decoders together: `--max-memory`, else KFOOT_MAX_MEMORY,
else 512 MiB. The interpreter and the report's own objects come on top.
"""

from __future__ import annotations

import os

from .errors import KfootError
from .units import parse_bytes

DEFAULT_MAX_MEMORY = 512 << 20
MAX_MEMORY_ENV = "KFOOT_MAX_MEMORY"


def max_memory(value=None) -> int:
    """The memory bound in bytes: `value` (a size: 512MiB, 1G), else KFOOT_MAX_MEMORY, else 512 MiB."""
    if value is None:
        value = os.environ.get(MAX_MEMORY_ENV) or None
        if value is None:
            return DEFAULT_MAX_MEMORY
        what = MAX_MEMORY_ENV
    else:
        what = "--max-memory"
    size = parse_bytes(value, what)
    if size < 1 << 20:
        raise KfootError(f"{what}: {value!r} is below 1 MiB, too little to decode any image")
    return size
