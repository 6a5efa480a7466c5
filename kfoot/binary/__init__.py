"""Binary formats, one module each: plain functions over bytes (memoryview), no printing.

- fatbin: the fatbinary container and its entries (SASS/ELF, PTX, LTO-IR), compression.
- cubin:  the CUDA ELF inside a SASS entry: symbols, kernel entries, per-kernel resources.
- host: the host binary around the device code, whatever its format: sections, and which hold containers.
- hostelf: the host ELF's sections (pyelftools).
- pe: a Windows DLL's or executable's sections (PE/COFF, pefile).
- archive: `ar` static archives.
- inputs: recognising a path's format and walking directories and wheels.
- walk: the one walk over the inputs: every container, where it lives, its key, whether it is
  registered when the library loads. The report and the memory estimate and probe all use it.
"""
