"""kfoot.runtime on a CPU-only machine: lookups, in-memory and disk caches, threads, processes, trace."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import warnings

import numpy as np
import pytest

from kfoot import runtime
from kfoot.core.errors import KfootError
from kfoot.runtime import nvrtc
from kfoot.runtime.kernel_cache import CacheWarning, DiskCache
from oracles.errors import assert_error
from test_rtc_support import cubin_facts, template_id_of, build_mini_registry

TWICE_HALF = "mini::apply_kernel<mini::op::Twice, __half, __half>"


@pytest.fixture(scope="module")
def registry_dir(tmp_path_factory):
    return build_mini_registry(tmp_path_factory.mktemp("rt"))


def open_reg(registry_dir, cache=None, trace=None):
    return runtime.open_registry(registry_dir, cache=cache, trace=trace)


def test_lookup_returns_one_object_per_variant_whatever_the_spelling(registry_dir):
    reg = open_reg(registry_dir)
    k = reg.kernel("apply", op="mini::op::Twice", inp="float16")
    assert k.template_id == TWICE_HALF and k.values == {"op": "mini::op::Twice", "inp": "float16", "out": "float16"}
    assert reg.kernel("apply", inp="float16", op="mini::op::Twice") is k  # keyword order
    assert reg.kernel("apply", op="mini::op::Twice", inp=np.float16) is k  # NumPy dtypes
    assert reg.kernel("apply", op="mini::op::Twice", inp="float16", out="float16") is k  # derived axis agreeing
    assert reg.kernel_by_id(TWICE_HALF) is k
    assert reg["apply", "mini::op::Twice", "float16"] is k  # free axes in spec order
    assert reg["apply", "mini::op::Twice", np.dtype("float16")] is k
    with pytest.raises(KfootError, match="takes 2 values"):
        reg["apply", "mini::op::Twice"]
    with pytest.raises(KfootError, match="nearest"):
        reg["apply", "mini::op::Twice", "float17"]


@pytest.mark.parametrize(
    "values, expected",
    [
        ({"op": "mini::op::Twice", "inp": "bfloat61"}, "inp='bfloat61' is not a value of inp; nearest: bfloat16"),
        ({"op": "mini::op::Twyce", "inp": "float32"}, "nearest: mini::op::Twice"),
        ({"op": "mini::op::Square", "inp": "float64"}, "excluded by the spec); nearest:"),
        ({"op": "mini::op::Twice", "inp": "float16", "out": "float32"}, "derives out='float16'"),
        ({"op": "mini::op::Twice"}, "needs a value for inp"),
        ({"op": "mini::op::Twice", "inp": "float16", "dim": 2}, "has no axis 'dim'"),
    ],
)
def test_a_variant_the_registry_lacks_is_explained(registry_dir, values, expected):
    with pytest.raises(KfootError) as info:
        open_reg(registry_dir).kernel("apply", **values)
    assert_error(info.value, expected)


def test_unknown_family_suggests_the_close_one(registry_dir):
    with pytest.raises(KfootError, match="did you mean apply"):
        open_reg(registry_dir).kernel("aply", op="x")


def test_missing_or_foreign_registry_is_one_line(tmp_path):
    with pytest.raises(KfootError, match="no registry here"):
        runtime.open_registry(tmp_path)
    (tmp_path / "registry.json").write_text('{"format": "something-else"}')
    with pytest.raises(KfootError, match="not a kfoot RTC registry"):
        runtime.open_registry(tmp_path)


def test_threads_asking_at_once_compile_once(registry_dir, tmp_path, monkeypatch):
    calls = []
    real = nvrtc.compile_program

    def counting(*args, **kwargs):
        calls.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(nvrtc, "compile_program", counting)
    reg = open_reg(registry_dir, cache=DiskCache(tmp_path / "c"))
    barrier = threading.Barrier(8)
    cubins = []

    def ask():
        barrier.wait()
        cubins.append(reg.kernel("apply", op="mini::op::Square", inp="float32").cubin("sm_90"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and len(cubins) == 8 and len(set(cubins)) == 1


def test_corrupt_disk_entry_warns_once_and_is_recompiled(registry_dir, tmp_path):
    cache_dir = tmp_path / "c"
    first = open_reg(registry_dir, cache=DiskCache(cache_dir)).kernel("apply", op="mini::op::Twice", inp="float64")
    good = first.cubin("sm_90")
    blob = next(iter(DiskCache(cache_dir).blobs().values()))
    data = bytearray(blob.read_bytes()); data[len(data) // 2] ^= 0xFF; blob.write_bytes(bytes(data))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = open_reg(registry_dir, cache=DiskCache(cache_dir)).kernel("apply", op="mini::op::Twice", inp="float64")
        binary = again.binary("sm_90")
    assert [w.category for w in caught] == [CacheWarning] and "checksum" in str(caught[0].message)
    assert binary.from_cache is False and binary.cubin == good  # recompiled, never the damaged bytes
    sm, kernels = cubin_facts(binary.cubin, tmp_path)
    assert sm == 90 and {template_id_of(k) for k in kernels} == {"mini::apply_kernel<mini::op::Twice, double, double>"}
    assert DiskCache(cache_dir).verify() == []


_CHILD = textwrap.dedent(
    """
    import json, sys
    from kfoot import runtime
    reg = runtime.open_registry(sys.argv[1])
    k = reg.kernel("apply", op="mini::op::Twice", inp="float16")
    b = k.binary("sm_90")
    import hashlib
    nvrtc_loaded = any("libnvrtc.so" in line for line in open("/proc/self/maps"))
    print(json.dumps({"from_cache": b.from_cache, "sha": hashlib.sha256(b.cubin).hexdigest(), "name": b.lowered_name,
                      "nvrtc_loaded": nvrtc_loaded}))
    """
)


def _child(registry_dir, env):
    return subprocess.Popen([sys.executable, "-c", _CHILD, str(registry_dir)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def test_processes_racing_on_one_key_all_get_a_sound_entry(registry_dir, tmp_path):
    env = dict(os.environ, KFOOT_CACHE_DIR=str(tmp_path / "c"))
    env.pop("KFOOT_CACHE_MAX_BYTES", None)
    env.pop("KFOOT_TRACE", None)
    children = [_child(registry_dir, env) for _ in range(4)]
    results = []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        assert "Warning" not in err, err
        results.append(json.loads(out))
    assert len({r["sha"] for r in results}) == 1 and all(r["nvrtc_loaded"] for r in results)
    cache = DiskCache(tmp_path / "c")
    assert cache.verify() == [] and len(cache.entries()) == 1
    assert not list((tmp_path / "c" / "tmp").iterdir())  # no temp file left behind
    # And a later process is served from disk without even loading NVRTC (the key's NVRTC
    # version and header digest come from the cache's memo of unchanged files).
    child = _child(registry_dir, env)
    out, err = child.communicate(timeout=300)
    assert json.loads(out) == dict(results[0], from_cache=True, nvrtc_loaded=False)


def test_cache_disabled_by_environment_writes_nothing(registry_dir, tmp_path):
    env = dict(os.environ, KFOOT_CACHE_DIR=str(tmp_path / "c"), KFOOT_CACHE="0")
    out, err = _child(registry_dir, env).communicate(timeout=300)
    assert json.loads(out)["from_cache"] is False and not (tmp_path / "c").exists()


def test_trace_records_each_distinct_variant_once(registry_dir, tmp_path):
    trace = tmp_path / "trace.jsonl"
    reg = open_reg(registry_dir, trace=trace)
    for _ in range(3):
        reg.kernel("apply", op="mini::op::Twice", inp="float16")
        reg.kernel("apply", inp="float32", op="mini::op::Square")
    reg.kernel_by_id(TWICE_HALF)
    open_reg(registry_dir, trace=trace).kernel("apply", op="mini::op::Twice", inp="float16")  # a second process appends
    rows = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [r["template_id"] for r in rows] == [TWICE_HALF, "mini::apply_kernel<mini::op::Square, float, float>", TWICE_HALF]
    assert rows[1]["values"] == {"op": "mini::op::Square", "inp": "float32", "out": "float32"}


@pytest.mark.no_gpu  # with a GPU, the launch tests in test_runtime_gpu.py cover this path
def test_launch_without_a_gpu_says_so_in_one_line(registry_dir):
    kernel = open_reg(registry_dir).kernel("apply", op="mini::op::Twice", inp="float16")
    with pytest.raises(runtime.NoGpuError) as info:
        kernel((1,), (32,), (0, 0, np.int64(0)))
    assert_error(info.value, "GPU")


def test_one_no_gpu_error_for_launching_and_measuring(monkeypatch):
    """`--memory measure` without a GPU raises the error a launch does: one class to catch."""
    import subprocess

    from kfoot.memory import measure

    def probe_without_a_driver(*args, **kwargs):
        return subprocess.CompletedProcess(args, 1, stdout='{"error": "no CUDA driver"}\n', stderr="")
    monkeypatch.setattr(measure.subprocess, "run", probe_without_a_driver)
    with pytest.raises(runtime.NoGpuError, match="no CUDA driver"):
        measure._run_probe(None, "eager")


def test_unwritable_cache_warns_once_and_still_serves_the_kernel(registry_dir, tmp_path):
    cache = DiskCache(tmp_path / "c")
    cache.ensure_root()
    (tmp_path / "c" / "tmp").rmdir()
    (tmp_path / "c" / "tmp").write_text("not a directory")  # every write now fails with an OSError
    reg = open_reg(registry_dir, cache=cache)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = reg.kernel("apply", op="mini::op::Twice", inp="float32").cubin("sm_90")
        second = reg.kernel("apply", op="mini::op::Square", inp="float32").cubin("sm_90")
    assert [w.category for w in caught] == [CacheWarning] and "cannot write" in str(caught[0].message)
    assert first and second and cache.entries() == []
