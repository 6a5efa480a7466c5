"""What an AOT build cost (issue 24): compile seconds and kernels per shard and per family in
`build --json`, manifest.json and the `--by family|shard` table.

Oracles: ninja's own .ninja_log (read here with a parser of the test's own: the latest line of
each shard's object file), and cuobjdump's count of the kernels in each shard's fatbin.
"""

from __future__ import annotations

import json

import pytest

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels

HEADER = "template <class T> __global__ void big(T* x) { x[0] = T(1); }\n" \
         "template <class T> __global__ void small(T* x) { x[0] = T(2); }\n"
SPEC = """
[build]
shard_size = 2

[[family]]
name = "big"
header = "k.cuh"
kernel = "big"
params = ["T"]
[family.axes]
T = ["float32", "float64", "int32"]

[[family]]
name = "small"
header = "k.cuh"
kernel = "small"
params = ["T"]
[family.axes]
T = ["float32"]
"""


def _ninja_seconds(build_dir) -> dict[str, float]:
    latest = {}
    for line in (build_dir / ".ninja_log").read_text().splitlines()[1:]:
        start, end, _mtime, output, _hash = line.split("\t")
        latest[output] = (int(end) - int(start)) / 1000
    return latest


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cost")
    (folder / "k.cuh").write_text(HEADER)
    (folder / "s.toml").write_text(SPEC)
    out = folder / "out"
    proc = run_kfoot("build", folder / "s.toml", "-o", out, "--arch", "sm_80", "-j", "2", "--no-progress", "--json")
    return out, json.loads(proc.stdout)


def test_per_shard_cost_is_ninjas_and_cuobjdumps(built):
    out, summary = built
    seconds = _ninja_seconds(out / "build")
    shards = summary["cost"]["shards"]
    assert len(shards) == 3  # big: 2 + 1 variants; small alone in a pack named after it
    for shard in shards:
        assert shard["compile_s"] == pytest.approx(seconds[f"obj/{shard['name']}.o"], abs=0.001)
        kernels = cuobjdump_elf_kernels(out / "build" / "obj" / f"{shard['name']}.fatbin")["sm_80"]
        assert shard["kernels"] == len(kernels) == shard["variants"]
    assert {tuple(s["families"]) for s in shards} == {("big",), ("small",)}


def test_per_family_cost_adds_its_shards(built):
    out, summary = built
    seconds = _ninja_seconds(out / "build")
    families = {f["family"]: f for f in summary["cost"]["families"]}
    for name, variants in (("big", 3), ("small", 1)):
        mine = [s for s in summary["cost"]["shards"] if s["families"] == [name]]
        assert families[name]["variants"] == variants == families[name]["kernels"]
        assert families[name]["shards"] == len(mine)
        assert families[name]["compile_s"] == pytest.approx(sum(seconds[f"obj/{s['name']}.o"] for s in mine), abs=0.002)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["cost"] == summary["cost"]


def test_by_family_table(built):
    out, summary = built
    spec = out.parent / "s.toml"
    text = run_kfoot("build", spec, "-o", out, "--arch", "sm_80", "--no-progress", "--by", "family").stdout
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines() if line.count("│") == 6]
    rows = {row[0]: row[1:] for row in cells if row[0] in ("big", "small")}
    families = {f["family"]: f for f in summary["cost"]["families"]}  # a no-op rebuild keeps the last compile's
    for name, row in rows.items():
        assert row == [str(families[name]["variants"]), str(families[name]["kernels"]),
                       f"{families[name]['compile_s']:.2f}", str(families[name]["shards"])]
    assert set(rows) == {"big", "small"}
