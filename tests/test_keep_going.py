"""Partial failure in AOT builds: failures counted and named exactly, and --keep-going builds a
library from every variant that compiles (cuobjdump and c++filt are the oracles)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from kfoot.compile.failures import split_failed_shard
from kfoot.compile.manifest import load_manifest
from kfoot.compile.sources import Shard
from tests.oracles.cli import REPO, run_kfoot
from tests.oracles.cuobjdump import cuobjdump_elf_kernels

SPEC = REPO / "tests" / "partlib" / "part.toml"
HEADER = REPO / "tests" / "partlib" / "part.cuh"
FAILING = {"partlib::fill_kernel<bool>", "partlib::fill_kernel<signed char>"}


def _demangled(names) -> set[str]:
    out = subprocess.run([shutil.which("c++filt") or "c++filt"], input="\n".join(sorted(names)) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return set(out.split("\n")) - {""}


def test_without_keep_going_every_failure_is_counted_and_named(tmp_path):
    proc = run_kfoot("build", "--mode", "aot", SPEC, "--arch", "sm_90", "-o", tmp_path / "out", "--no-progress",
                     check_rc=2)
    assert "2 variant(s) failed to compile" in proc.stderr
    lines = [line.strip() for line in proc.stderr.splitlines() if " [fill]: " in line]
    # Each line starts at the user's header and line (the static_assert, read from the header's
    # text), never kfoot's build/inc link to its folder; bool too, which nvcc prints as __nv_bool.
    at = f"{HEADER}:{_line_of(HEADER, 'static_assert')}: "
    assert all(line.startswith(at) for line in lines), lines
    assert {line[len(at):].split(" [fill]")[0] for line in lines} == FAILING
    assert f"{HEADER}(" in proc.stderr and "inc/" not in proc.stderr
    assert not (tmp_path / "out" / "libkfoot_kernels.so").exists()


def test_keep_going_builds_exactly_the_variants_that_compile(tmp_path):
    out = tmp_path / "out"
    proc = run_kfoot("build", "--mode", "aot", SPEC, "--arch", "sm_90", "-o", out, "--keep-going", "--no-progress",
                     check_rc=2)
    assert "2 variant(s) failed to compile" in proc.stderr
    assert "static assertion failed" in proc.stderr  # the compiler's first error, per variant
    # Never "compiled 5 of 1 shards": split shards are compiled again, so say what happened.
    assert re.search(r"\d+ compiles, failing shards split until 2 failing variant\(s\) stood alone", proc.stdout), proc.stdout
    kernels = cuobjdump_elf_kernels(out / "libkfoot_kernels.so")
    assert set(kernels) == {"sm_90"}
    assert _demangled(kernels["sm_90"]) == {f"void partlib::fill_kernel<{t}>({t}*, int)"
                                           for t in ("float", "int")}
    manifest = load_manifest(out)
    assert {f.template_id for f in manifest.failures} == FAILING
    assert {v.template_id for v in manifest.variants}.isdisjoint(FAILING)
    assert len(manifest.variants) == 2

    # Rebuilt unchanged: nothing recompiles, the same failures are reported again.
    again = run_kfoot("build", "--mode", "aot", SPEC, "--arch", "sm_90", "-o", out, "--keep-going", "--json",
                      "--no-progress", check_rc=2)
    assert json.loads(again.stdout)["failed"] == sorted(FAILING)


def test_keep_going_with_nothing_that_compiles_is_one_line(tmp_path):
    spec = tmp_path / "bad.toml"
    spec.write_text(SPEC.read_text().replace('T = ["bool", "int8", "float32", "int32"]',
                                             'T = ["bool", "int8"]'))
    shutil.copy(HEADER, tmp_path)
    proc = run_kfoot("build", "--mode", "aot", spec, "--arch", "sm_90", "-o", tmp_path / "out", "--keep-going",
                     "--no-progress", check_rc=2)
    assert "no variant compiled" in proc.stderr and "Traceback" not in proc.stderr


def test_a_failing_shard_is_compiled_again_one_variant_per_unit():
    shard = Shard(name="pack_x", variants=list(range(6)))
    parts = split_failed_shard(shard)
    assert [part.variants for part in parts] == [[i] for i in range(6)]
    assert len({part.name for part in parts}) == len(parts) and all(p.name.startswith("pack_x") for p in parts)


def _line_of(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)
