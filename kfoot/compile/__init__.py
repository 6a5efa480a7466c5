"""Variants -> compiled artefacts (the step order is kfoot/__init__.py's).

- aot: nvcc + ninja into per-shard fatbins and one shared library (sources, ninja_file,
  objinfo, fatbin_merge, manifest, failures are its parts).
- rtc_registry: a registry (registry.json + the template headers) for run-time compilation;
  nvrtc_checks: what such a build checks with NVRTC.
- hybrid: the traced variants AOT, every variant registered for RTC.
- build: the three modes behind one call (`kfoot build`).
"""
