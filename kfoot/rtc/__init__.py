"""RTC mode internals: NVRTC compilation, cache fingerprints, the disk cache and the registry.

The public runtime is `kfoot.runtime`; the CLI commands `warm` and `cache` call into here.
"""
