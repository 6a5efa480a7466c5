"""The run-time side of RTC and hybrid builds: ask for a kernel, get a cubin (memory cache, disk
cache or NVRTC) and launch it. docs/runtime.md documents the API, environment and formats.

- api: `open_registry`, `KernelRegistry`, `Kernel` (the public entry points, re-exported here).
- registry: `registry.json`, written and read, and resolving axis values to variants.
- compiler, nvrtc: compiling name expressions with NVRTC, one or many per program; warm:
  what `kfoot warm` compiles, and its outcome.
- kernel_cache, cache_entry, statmemo, fingerprint: the disk cache of kernels (on kfoot.core.store),
  its files, its key, and cheap re-validation of its inputs.
- cache_archive, cache_admin: moving the cache between machines, and `kfoot cache` over both caches.
- trace: the usage trace (`KFOOT_TRACE`).
"""

from .api import Kernel, KernelRegistry, NoGpuError, open_registry

__all__ = ["open_registry", "KernelRegistry", "Kernel", "NoGpuError"]
