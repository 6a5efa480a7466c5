"""The pack lookup names a registry by the sha256 of the registry.json the runtime checked and
opened (as the C++ runtime does, detail/registry.hpp): it never reads the file a second time, so
a registry.json replaced after it was opened (here by a FIFO nobody writes to) neither hangs the
program nor is read without a bound. Run in a child with a timeout: a blocking read would hang."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from oracles.cli import REPO

CHILD = """
import os, sys, warnings
from kfoot.runtime.cache_pack import packs_for
from kfoot.runtime.registry import load_registry
warnings.simplefilter("ignore")
registry = load_registry(sys.argv[1])
path = registry.path
os.replace(sys.argv[2], path)  # a FIFO in its place
print(registry.sha256)
print(len(packs_for(registry, "sm_90", lambda: "12.0")))
"""


def test_packs_are_matched_without_reading_the_registry_again(tmp_path):
    folder = tmp_path / "reg"
    (folder / "templates").mkdir(parents=True)
    (folder / "templates" / "k.cuh").write_text("template <class T> __global__ void k() {}\n")
    text = json.dumps({
        "format": "kfoot-rtc-registry", "version": 1,
        "families": {"k": {"kernel": "k", "header": "templates/k.cuh", "axes": ["T"], "free_axes": ["T"]}},
        "variants": [{"family": "k", "template_id": "k<float>", "values": {"T": "float32"}, "source_sha256": ""}]})
    (folder / "registry.json").write_text(text)
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "manifest.json").write_text("{}")
    os.mkfifo(tmp_path / "fifo")
    env = {**os.environ, "KFOOT_PACK_PATH": str(pack),
           "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    try:
        child = subprocess.run([sys.executable, "-c", CHILD, str(folder), str(tmp_path / "fifo")],
                               capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("the pack lookup read registry.json again and waited on the FIFO")
    assert child.returncode == 0, child.stderr
    sha, packs = child.stdout.split()
    assert sha == hashlib.sha256(text.encode()).hexdigest()
    assert packs == "0"  # the pack's manifest names no registry: ignored
