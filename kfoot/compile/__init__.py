"""Variants -> compiled artefacts (the step order is kfoot/__init__.py's).

- aot: nvcc + ninja into per-shard fatbins and one shared library (sources, ninja_file,
  objinfo, fatbin_merge, manifest, failures are its parts; nvcc_checks: what a spec may tell
  nvcc; outputs: what a build writes, deletes and installs in its folder).
- rtc_registry: a registry (registry.json + the template headers, only from the spec's folders)
  for run-time compilation; nvrtc_checks: what such a build checks with NVRTC.
- hybrid: the traced variants AOT, every variant registered for RTC.
- build: the three modes behind one call (`kfoot build`).
"""
