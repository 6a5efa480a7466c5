"""`kfoot warm`: bulk compile into the disk cache (all, or a trace), in parallel processes."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys

import pytest

from kfoot import runtime
from kfoot.runtime.kernel_cache import DiskCache
from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error
from test_rtc_support import MINI_VARIANTS, cubin_facts, template_id_of, build_mini_registry


@pytest.fixture(scope="module")
def registry_dir(tmp_path_factory):
    return build_mini_registry(tmp_path_factory.mktemp("warm"))


def env_for(cache_dir, **extra):
    env = dict(os.environ, KFOOT_CACHE_DIR=str(cache_dir), **extra)
    for name in ("KFOOT_CACHE", "KFOOT_CACHE_MAX_BYTES", "KFOOT_TRACE"):
        if name not in extra:
            env.pop(name, None)
    return env


def test_warm_everything_for_two_archs_in_parallel_then_all_hits(registry_dir, tmp_path):
    env = env_for(tmp_path / "c")
    proc = run_kfoot("warm", registry_dir, "--arch", "sm_80,sm_90", "-j", "2", "--batch", "3", "--json", env=env)
    summary = json.loads(proc.stdout)
    for arch in ("sm_80", "sm_90"):
        assert summary[arch]["compiled"] == MINI_VARIANTS and summary[arch]["cache_hits"] == 0
        assert summary[arch]["programs"] == 3  # 7 variants, 3 per program
    cache = DiskCache(tmp_path / "c")
    entries = cache.entries()
    assert len(entries) == 2 * MINI_VARIANTS and cache.verify() == []
    # Each entry's cubin really holds its kernel for its arch (cuobjdump, not our metadata).
    for info in entries[:4]:
        hit = cache.get(info.key)
        sm, kernels = cubin_facts(hit.cubin, tmp_path)
        assert f"sm_{sm}" == info.meta["arch"]
        assert info.meta["name_expression"] in {template_id_of(k) for k in kernels}
    again = json.loads(run_kfoot("warm", str(registry_dir), "--arch", "sm_80,sm_90", "--json", env=env).stdout)
    assert all(again[a]["compiled"] == 0 and again[a]["cache_hits"] == MINI_VARIANTS for a in again)
    # The runtime in a new process then compiles nothing: everything is a disk hit.
    kernel = runtime.open_registry(registry_dir, cache=DiskCache(tmp_path / "c"), trace=None).kernel(
        "apply", op="mini::op::Square", inp="float16")
    assert kernel.binary("sm_80").from_cache and kernel.binary("sm_90").from_cache


def test_warm_from_a_trace_compiles_only_the_traced_variants(registry_dir, tmp_path):
    trace = tmp_path / "trace.jsonl"
    reg = runtime.open_registry(registry_dir, cache=None, trace=trace)
    reg.kernel("apply", op="mini::op::Twice", inp="bfloat16")
    reg.kernel("apply", op="mini::op::Square", inp="float32")
    proc = run_kfoot("warm", registry_dir, "--trace", trace, "--json", env=env_for(tmp_path / "c"))
    assert json.loads(proc.stdout)["sm_90"]["compiled"] == 2
    names = {i.meta["name_expression"] for i in DiskCache(tmp_path / "c").entries()}
    assert names == {"mini::apply_kernel<mini::op::Twice, __nv_bfloat16, __nv_bfloat16>",
                     "mini::apply_kernel<mini::op::Square, float, float>"}


def test_warm_shows_a_summary_with_the_average_per_kernel(registry_dir, tmp_path):
    trace = tmp_path / "t.jsonl"
    runtime.open_registry(registry_dir, cache=None, trace=trace).kernel("apply", op="mini::op::Twice", inp="float64")
    proc = run_kfoot("warm", registry_dir, "--trace", trace, env=env_for(tmp_path / "c"))
    assert "average per kernel" in proc.stdout and "compiled" in proc.stdout


@pytest.mark.parametrize(
    "setup, message",
    [
        ("no_registry", "no registry here"),
        ("bad_trace", "line 1 is not a trace record"),
        ("foreign_trace", "which the registry does not have"),
        ("cache_off", "disk cache is disabled"),
        ("bad_arch", "bad arch"),
        ("bad_second_arch", "bad arch"),  # refused before the first arch compiles
        ("no_arch", "names no arch"),  # was: nothing warmed, exit 0
    ],
)
def test_warm_bad_input_is_one_line_exit_2(registry_dir, tmp_path, setup, message):
    args = ["warm", str(registry_dir)]
    extra = {}
    trace = tmp_path / "t.jsonl"
    if setup == "no_registry":
        args = ["warm", str(tmp_path)]
    elif setup == "bad_trace":
        trace.write_text("not json\n")
        args += ["--trace", str(trace)]
    elif setup == "foreign_trace":
        trace.write_text(json.dumps({"template_id": "other::kernel<int>"}) + "\n")
        args += ["--trace", str(trace)]
    elif setup == "cache_off":
        extra["KFOOT_CACHE"] = "0"
    elif setup == "bad_arch":
        args += ["--arch", "volta"]
    elif setup == "bad_second_arch":
        args += ["--arch", "sm_90,volta"]
    elif setup == "no_arch":
        args += ["--arch", " , "]
    assert_error(run_kfoot(*args, env=env_for(tmp_path / "c", **extra), check_rc=None), message)
    assert not (tmp_path / "c").exists() or not DiskCache(tmp_path / "c").entries()  # nothing compiled


def test_missing_template_header_fails_the_program_once_not_per_variant(registry_dir, tmp_path):
    import shutil

    broken = tmp_path / "broken"
    shutil.copytree(registry_dir, broken)
    (broken / "templates" / "mini_ops.cuh").unlink()
    proc = run_kfoot("warm", broken, "--json", env=env_for(tmp_path / "c"), check_rc=2)
    lines = proc.stderr.strip().splitlines()
    # One line for the one error (all seven variants share it), then the summary line.
    assert len(lines) == 2 and f"and {MINI_VARIANTS - 1} more" in lines[0] and 'cannot open source file "mini_ops.cuh"' in lines[0]
    assert json.loads(proc.stdout)["sm_90"]["programs"] == 0


def _immutable(paths, flag: str) -> bool:
    return all(subprocess.run(["chattr", flag, str(p)], capture_output=True).returncode == 0 for p in paths)


@pytest.mark.parametrize("how", ["read-only", "full"])
def test_warm_into_a_cache_that_stores_nothing_fails_in_one_line(registry_dir, tmp_path, how):
    """Issue 29, item 20: warm into a read-only or full cache printed a two-line Python warning and
    "compiled N", exit 0, with nothing stored. Now one line, exit 2, and the cache holds no entry
    (the oracle: the files on disk)."""
    cache = tmp_path / "cache"
    DiskCache(cache).ensure_root()
    folders = [cache, *(cache / sub for sub in ("entries", "blobs", "tmp"))]
    env = env_for(cache, KFOOT_PCH="0")
    limit = None
    if how == "read-only":  # root writes anywhere; an immutable folder refuses even root
        if os.geteuid() != 0 or not _immutable(folders, "+i"):
            pytest.skip("needs root and a file system with chattr +i")
    else:  # a full disk: every file write past 64 bytes fails (EFBIG; Python ignores SIGXFSZ)
        limit = 64
    try:
        proc = subprocess.run([sys.executable, "-m", "kfoot", "warm", str(registry_dir), "--arch", "sm_90", "-j", "1"],
                              capture_output=True, text=True, env=env, cwd=REPO, timeout=600,
                              preexec_fn=None if limit is None else
                              lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))
    finally:
        if how == "read-only":
            _immutable(folders, "-i")
    assert_error(proc, "could not be stored", str(cache), stdout=None)
    assert "compiled" not in proc.stdout
    assert not list(cache.rglob("*.entry"))


@pytest.mark.parametrize("owner", ["mine", "other"])
@pytest.mark.parametrize("what", ["fifo", "sparse"])
def test_warm_over_a_planted_entry_neither_blocks_nor_reads_it(registry_dir, tmp_path, what, owner):
    """Issue 29, item 9: another user's FIFO (or an 8 GiB sparse file) at an entry's place blocked
    `kfoot warm`; now that entry is a miss and its kernel is compiled again, at once."""
    cache = tmp_path / "cache"
    first = json.loads(run_kfoot("warm", registry_dir, "--arch", "sm_90", "--json", env=env_for(cache)).stdout)
    entry = sorted(cache.glob("entries/*/*.entry"))[0]
    entry.unlink()
    if what == "fifo":
        os.mkfifo(entry)
    else:
        with open(entry, "wb") as handle:
            handle.truncate(8 << 30)
    if owner == "other":
        if os.geteuid() != 0:
            pytest.skip("needs root to chown a file to another user")
        os.chown(entry, 12345, 12345)
    proc = subprocess.run([sys.executable, "-m", "kfoot", "warm", str(registry_dir), "--arch", "sm_90", "--json"],
                          capture_output=True, text=True, env=env_for(cache), cwd=REPO, timeout=120,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)))
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    again = json.loads(proc.stdout)["sm_90"]
    assert again["compiled"] == 1 and again["cache_hits"] == first["sm_90"]["compiled"] - 1
