"""Independent oracles the tests compare kfoot against, and the test plumbing every test shares:

- cuobjdump: every cuobjdump invocation and the parse of its output (symbols, resources, ELF
  listings, PTX entries, extraction);
- fatbin: the fatbin container walk, written from the format (not from kfoot.binary);
- memory: the context memory a binary should cost, from extracted cubins;
- cli: the command-line runner (a fresh process, or kfoot.cli.main in this one);
- errors: kfoot's error contract (exit 2, one `kfoot: error:` line, no traceback), asserted once;
- gpu: whether there is a GPU, and the reason GPU tests skip without one.
"""
