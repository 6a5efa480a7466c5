"""kfoot: kernel footprint analysis and AOT/RTC builds for CUDA C++ template libraries.

The package is a pipeline of steps, one folder each, in this order; a step imports only the
steps above it (tests/test_layout.py holds the imports to this list, README.md's Layout follows it):

- core: what every step shares, each once: errors, atomic writes, size units, arch names, the CUDA toolchain
- variants: a TOML spec -> its families and axes -> the variants they instantiate
- binary: one parser per binary format (fatbin, cubin, host ELF, PE/COFF, archive, wheel), functions over bytes
- runtime: the run-time side of RTC and hybrid builds: registry lookups, NVRTC, the kernel cache, the trace
- report: kernels, bytes and template families of any CUDA binary; the report model
- memory: the context memory a binary costs, estimated from its images or measured on a GPU
- explain: where an existing binary's kernels come from: template axes per family
- trace: which kernels a CUDA program launches, recorded by a CUPTI injection library built on first use
- compile: variants -> an AOT library (nvcc driven by ninja), an RTC registry, or both (hybrid)
- gate: two reports -> their diff -> a verdict under a budget
- compare: one spec built AOT, RTC and hybrid, side by side
- cli: the command line, one thin module per command

Package data, no Python: bundled/ (CUDA headers and the bundled specs), include/ (the C++
runtime header) and cmake/ (the CMake package).
"""

__version__ = "0.1.0"
