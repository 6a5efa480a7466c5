"""The edit-build loop after a failing AOT build: the next build in the same folder compiles
only what changed, as ninja promises. Oracles: ninja's own .ninja_log (the edges that ran and
succeeded, read here line by line) and the objects' mtimes (os.stat)."""

from __future__ import annotations

import shutil

from kfoot.compile.aot import build_aot
from kfoot.compile.failures import BuildError
from kfoot.variants.loader import load_spec
from tests.oracles.cli import REPO

PARTLIB = REPO / "tests" / "partlib"
# `tiny` is one byte (part.cuh refuses it) until the fix makes it four; float32 and int32 compile.
SPEC = """
[build]
shard_size = 6

[dtypes.tiny]
cpp = "partfix::tiny"
header = "tiny.cuh"

[[family]]
name   = "fill"
header = "part.cuh"
kernel = "partlib::fill_kernel"
params = ["T"]
[family.axes]
T = ["float32", "tiny", "int32"]
"""
TINY = """#pragma once
namespace partfix {
struct tiny { %s v; __host__ __device__ tiny(int x) : v(x) {} };
}
"""


def _log_lines(build_dir) -> list[str]:
    log = build_dir / ".ninja_log"
    return log.read_text().splitlines()[1:] if log.exists() else []


def _ran_since(build_dir, mark: int) -> set[str]:
    """Outputs of the edges ninja ran (and finished) after the log's first `mark` lines."""
    return {line.split("\t")[3] for line in _log_lines(build_dir)[mark:]}


def _objects(paths: set[str]) -> set[str]:
    return {p for p in paths if p.endswith(".o")}


def _project(tmp_path):
    shutil.copy(PARTLIB / "part.cuh", tmp_path)
    (tmp_path / "tiny.cuh").write_text(TINY % "char")
    spec = tmp_path / "fix.toml"
    spec.write_text(SPEC)
    return spec


def _build(spec, out, **options):
    return build_aot(load_spec(spec), out, archs=["sm_90"], jobs=2, progress=False, **options)


def test_after_keep_going_only_the_failing_unit_compiles_again_and_then_only_the_fixed_one(tmp_path):
    spec = _project(tmp_path)
    out = tmp_path / "out"
    build_dir = out / "build"
    first = _build(spec, out, keep_going=True)
    assert [f.template_id for f in first.failures] == ["partlib::fill_kernel<partfix::tiny>"]
    compiled = {p: (build_dir / p).stat().st_mtime_ns for p in _objects(_ran_since(build_dir, 0))}
    assert "obj/kfoot_lookup.o" in compiled

    # Unchanged and still broken: the units that compiled, and the lookup, are not compiled again.
    mark = len(_log_lines(build_dir))
    again = _build(spec, out, keep_going=True)
    assert [f.template_id for f in again.failures] == ["partlib::fill_kernel<partfix::tiny>"]
    assert _objects(_ran_since(build_dir, mark)) == set()
    assert {p: (build_dir / p).stat().st_mtime_ns for p in compiled} == compiled

    # The fix: the fixed variant's unit compiles, the lookup (one more entry) and the link follow.
    (tmp_path / "tiny.cuh").write_text(TINY % "int")
    mark = len(_log_lines(build_dir))
    fixed = _build(spec, out, keep_going=True)
    assert fixed.failures == [] and len(fixed.variants) == 3
    ran = _ran_since(build_dir, mark)
    shard_objects = _objects(ran) - {"obj/kfoot_lookup.o"}
    assert len(shard_objects) == 1 and shard_objects.pop().endswith("_k1.o"), ran  # tiny: the second variant
    assert "obj/kfoot_lookup.o" in ran and "stage/libkfoot_kernels.so" in ran

    # A no-op rebuild runs nothing.
    mark = len(_log_lines(build_dir))
    _build(spec, out, keep_going=True)
    assert _ran_since(build_dir, mark) == set()


def test_without_keep_going_a_rebuild_compiles_only_the_unit_that_failed(tmp_path):
    spec = _project(tmp_path)
    out = tmp_path / "out"
    build_dir = out / "build"
    try:
        _build(spec, out)
    except BuildError:
        pass
    else:
        raise AssertionError("tiny must fail to compile")
    compiled = {p: (build_dir / p).stat().st_mtime_ns for p in _objects(_ran_since(build_dir, 0))}
    assert len(compiled) >= 2  # float32's and int32's units

    (tmp_path / "tiny.cuh").write_text(TINY % "int")
    mark = len(_log_lines(build_dir))
    fixed = _build(spec, out)
    assert fixed.failures == [] and len(fixed.variants) == 3
    shard_objects = _objects(_ran_since(build_dir, mark)) - {"obj/kfoot_lookup.o"}
    assert len(shard_objects) == 1 and shard_objects.pop().endswith("_k1.o")
    assert {p: (build_dir / p).stat().st_mtime_ns for p in compiled if p != "obj/kfoot_lookup.o"} == \
        {p: t for p, t in compiled.items() if p != "obj/kfoot_lookup.o"}
