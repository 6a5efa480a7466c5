"""Step 2 of the pipeline: variants -> compiled artefacts.

- aot: nvcc + ninja into per-shard fatbins and one shared library (sources, ninja_file,
  objinfo, fatbin_merge, manifest are its parts).
- rtc: a registry (registry.json + the template headers) for run-time compilation.
- hybrid: the traced variants AOT, every variant registered for RTC.
"""
