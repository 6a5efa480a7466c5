"""`kfoot cache pack` (kfoot/runtime/cache_pack.py): a registry's kernels as installable wheels.

Oracles: pip itself (the wheels install with `pip install --no-index --target`), the wheel files'
sizes on disk, zipfile's CRC check, `kfoot cache verify` over each installed pack folder (every
entry's cubin defines its kernel), cuobjdump's kernel names of every installed cubin.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile

import pytest

from kfoot.compile.rtc_registry import build_rtc
from kfoot.variants.loader import load_spec
from oracles.cli import run_kfoot
from oracles.errors import assert_error
from test_rtc_support import MINI_VARIANTS, cubin_facts, template_id_of, write_mini_spec


@pytest.fixture(scope="module")
def mini_registry(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mini_pack")
    out = folder / "registry"
    build_rtc(load_spec(write_mini_spec(folder / "spec")), out)
    return out


def test_packed_wheels_install_and_hold_every_kernel_verified(mini_registry, tmp_path):
    limit = 16_000  # small enough to force several shards of the mini registry
    out = tmp_path / "wheels"
    proc = run_kfoot("cache", "pack", mini_registry, "--all", "--arch", "sm_90", "-o", out,
                     "--max-wheel-bytes", str(limit), "--json", "--jobs", "1", "--batch", "1")
    result = json.loads(proc.stdout)
    wheels = sorted(out.glob("*.whl"))
    assert len(wheels) == len(result["wheels"]) >= 2
    for wheel in wheels:
        assert wheel.stat().st_size <= limit
        with zipfile.ZipFile(wheel) as archive:
            assert archive.testzip() is None
    site = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "--target", str(site),
                          *map(str, wheels)], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr
    packs = sorted((site / "kfoot_packs").iterdir())
    assert len(packs) == len(wheels)
    served = set()
    registry_sha = __import__("hashlib").sha256((mini_registry / "registry.json").read_bytes()).hexdigest()
    for folder in packs:
        manifest = json.loads((folder / "manifest.json").read_text())
        assert (manifest["format"], manifest["archs"], manifest["registry_sha256"]) == ("kfoot-pack/1", ["sm_90"], registry_sha)
        assert manifest["key_schema"] >= 3 and manifest["nvrtc"]
        verify = json.loads(run_kfoot("cache", "--cache-dir", folder, "verify", "--json").stdout)
        assert verify["bad"] == []
        entries = list((folder / "entries").rglob("*.entry"))
        assert len(entries) == manifest["entries"]
        for cubin in (folder / "blobs").rglob("*.cubin"):
            sm, kernels = cubin_facts(cubin.read_bytes(), tmp_path)
            assert sm == 90
            served |= {template_id_of(k) for k in kernels}
    assert len(served) == MINI_VARIANTS
    # The documented route into a disk cache until the runtimes read packs: export, then import (verified).
    run_kfoot("cache", "--cache-dir", packs[0], "export", tmp_path / "pack.tar")
    imported = json.loads(run_kfoot("cache", "--cache-dir", tmp_path / "cache", "import", tmp_path / "pack.tar",
                                    "--json").stdout)
    assert imported["installed"] == json.loads((packs[0] / "manifest.json").read_text())["entries"]
    assert imported["rejected"] == []


@pytest.mark.parametrize("args, message", [
    (["--arch", "sm_90", "-o", "w"], "give exactly one of --trace T or --all"),
    (["--all", "--trace", "t.jsonl", "--arch", "sm_90", "-o", "w"], "give exactly one of --trace T or --all"),
    (["--all", "--arch", "sm_9x", "-o", "w"], "bad arch 'sm_9x'"),
    (["--all", "--arch", "sm_90", "-o", "w", "--max-wheel-bytes", "100"], "too small for a wheel"),
])
def test_bad_pack_arguments_are_one_line(mini_registry, tmp_path, args, message):
    proc = run_kfoot("cache", "pack", mini_registry, *args, check_rc=None, cwd=tmp_path)
    assert_error(proc, message)
