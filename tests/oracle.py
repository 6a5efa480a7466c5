"""The oracle the report tests compare against: NVIDIA's cuobjdump (parsed in kfoot.cuobjdump)."""

from kfoot.cuobjdump import CuobjdumpCounts, cuobjdump_resources, cuobjdump_symbols  # noqa: F401
