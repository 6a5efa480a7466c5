"""What a cached cubin claims (kfoot/runtime/cache_entry.py cubin_claims: the SM and the kernels it
defines), read on every disk hit of a new process, held to cuobjdump on real nvcc cubins and kept
out of numpy's import (docs/fuzzing.md failure 7's check must not cost a disk hit its speed)."""

from __future__ import annotations

import subprocess
import sys

from kfoot.runtime.cache_entry import cubin_claims
from oracles.cuobjdump import cuobjdump_elf_kernels, cuobjdump_extract


def test_claims_are_cuobjdumps_kernels_and_arch(cuda_fixtures, tmp_path):
    cubins = [cuda_fixtures["fixture_sm90a.cubin"],
              *cuobjdump_extract(cuda_fixtures["libfixture.so"], tmp_path / "so"),
              *cuobjdump_extract(cuda_fixtures["fixture.fatbin"], tmp_path / "fatbin")]
    assert len(cubins) >= 3
    for path in cubins:
        claims = cubin_claims(path.read_bytes())
        assert not isinstance(claims, str), f"{path.name}: {claims}"
        sm, kernels = claims
        listed = cuobjdump_elf_kernels(path)  # {} for an image without kernels
        assert kernels == set().union(*listed.values()), path.name
        assert all(arch.rstrip("af") == f"sm_{sm}" for arch in listed), path.name
    assert sum(1 for path in cubins if cubin_claims(path.read_bytes())[1]) >= 3


def test_a_claims_check_leaves_numpy_unimported(cuda_fixtures):
    """Importing numpy costs a new process 60-250 ms here; a disk hit costs about 5 ms."""
    probe = ("import sys; from pathlib import Path; from kfoot.runtime.cache_entry import cubin_claims; "
             f"sm, kernels = cubin_claims(Path({str(cuda_fixtures['fixture_sm90a.cubin'])!r}).read_bytes()); "
             "assert kernels, kernels; print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
