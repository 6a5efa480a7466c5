"""Session-wide AOT build of the demo spec (kfoot/bundled/demo.toml) for sm_80 and sm_90.

Compiling it is the single most expensive step of the build tests (~30 s of CPU), so it is
done once per run (run_once.py), through the real command line (`kfoot build --json`), and shared.
conftest.py registers this module as a plugin, so any test can ask for `demo_aot`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from kfoot.compile.manifest import Manifest, load_manifest
from kfoot.variants.loader import DEMO_SPEC
from oracles.cli import run_kfoot
from run_once import once_per_run

DEMO_ARCHS = ("sm_80", "sm_90")


@dataclass
class DemoBuild:
    out_dir: Path
    summary: dict  # `kfoot build --json` output
    manifest: Manifest
    wall_s: float

    @property
    def library(self) -> Path:
        return Path(self.summary["library"])

    @property
    def fatbin(self) -> Path:
        return Path(self.summary["fatbin"])


def _build_demo(folder: Path) -> dict:
    started = time.perf_counter()
    proc = run_kfoot("build", "--mode", "aot", str(DEMO_SPEC), "-o", str(folder / "out"), "--arch",
                     ",".join(DEMO_ARCHS), "-j", "2", "--json")
    return {"summary": json.loads(proc.stdout), "wall_s": time.perf_counter() - started}


@pytest.fixture(scope="session")
def demo_aot(tmp_path_factory, nvcc) -> DemoBuild:
    folder, record = once_per_run(tmp_path_factory, "demo_aot", _build_demo)
    out = folder / "out"
    return DemoBuild(out_dir=out, summary=record["summary"], manifest=load_manifest(out), wall_s=record["wall_s"])
