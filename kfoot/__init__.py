"""kfoot: kernel footprint analysis and AOT/RTC builds for CUDA C++ template libraries.

The pipeline shows in the layout: spec -> variants -> build (aot, rtc) -> binary -> report -> diff/gate.
"""

__version__ = "0.1.0"
