"""Binary formats, one module each: plain functions over bytes (memoryview), no printing.

- fatbin: the fatbinary container and its entries (SASS/ELF, PTX, LTO-IR), compression.
- cubin:  the CUDA ELF inside a SASS entry: symbols, kernel entries, per-kernel resources.
- hostelf: the host ELF around the device code: sections and where containers live.
- archive: `ar` static archives.
- inputs: recognising a path's format and walking directories and wheels.
- walk: the one walk over the inputs: every container, where it lives, its key, whether it is
  registered when the library loads. The report and the memory estimate and probe all use it.
"""
