"""The Redis remote tier (kfoot/runtime/remote.py) against Debian's redis-server on a loopback port.

Oracles: the server's own view (redis-py DBSIZE/GET), `kfoot warm --json` compile counts,
`kfoot cache verify` of the cache the remote filled, cuobjdump's kernel list of a served cubin.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

from oracles.cli import run_kfoot
from test_rtc_support import MINI_VARIANTS, build_mini_registry

redis = pytest.importorskip("redis")
SERVER = shutil.which("redis-server")
pytestmark = pytest.mark.skipif(SERVER is None, reason="redis-server not installed (.ci/run installs it)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    port = _free_port()
    proc = subprocess.Popen([SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = redis.Redis(host="127.0.0.1", port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    yield proc, client, f"redis://127.0.0.1:{port}/0"
    proc.kill()
    proc.wait()


@pytest.fixture(scope="module")
def mini_registry(tmp_path_factory):
    return build_mini_registry(tmp_path_factory.mktemp("mini_remote"))


def _warm(registry, cache, url):
    env = dict(os.environ, KFOOT_CACHE_DIR=str(cache), KFOOT_CACHE_REMOTE=url, KFOOT_PCH="0")
    env.pop("KFOOT_CACHE", None)
    proc = run_kfoot("warm", registry, "--arch", "sm_90", "--json", "--jobs", "1", env=env, check_rc=None)
    return proc, json.loads(proc.stdout)["sm_90"] if proc.returncode == 0 else None


def test_a_second_machine_compiles_nothing(server, mini_registry, tmp_path):
    _, client, url = server
    _, first = _warm(mini_registry, tmp_path / "one", url)
    assert first["compiled"] == MINI_VARIANTS and client.dbsize() == MINI_VARIANTS
    proc, second = _warm(mini_registry, tmp_path / "two", url)
    assert second["compiled"] == 0 and second["cache_hits"] == MINI_VARIANTS
    assert second["remote"]["hits"] == MINI_VARIANTS and second["remote"]["errors"] == 0
    verify = run_kfoot("cache", "--cache-dir", tmp_path / "two", "verify", "--json")
    assert json.loads(verify.stdout)["bad"] == []
    listed = run_kfoot("cache", "--cache-dir", tmp_path / "two", "ls", "--json")
    assert len(json.loads(listed.stdout)["entries"]) == MINI_VARIANTS


def test_a_poisoned_entry_is_ignored_and_recompiled(server, mini_registry, tmp_path):
    _, client, url = server
    _warm(mini_registry, tmp_path / "one", url)
    keys = sorted(client.keys("kfoot:*"))
    # Another kernel's value under this key: a sound cubin that does not define the kernel named.
    client.set(keys[0], client.get(keys[1]))
    proc, result = _warm(mini_registry, tmp_path / "two", url)
    assert result["compiled"] == 1 and result["remote"]["errors"] == 1 and result["remote"]["hits"] == MINI_VARIANTS - 1
    assert proc.stderr.count("RemoteWarning") == 1 and "ignored" in proc.stderr


def test_a_dead_server_costs_a_short_delay_and_one_warning(server, mini_registry, tmp_path):
    proc_server, _, url = server
    proc_server.kill()
    proc_server.wait()
    start = time.monotonic()
    proc, result = _warm(mini_registry, tmp_path / "one", url)
    assert proc.returncode == 0 and result["compiled"] == MINI_VARIANTS and result["remote"]["errors"] == 1
    assert proc.stderr.count("RemoteWarning") == 1
    assert time.monotonic() - start < 120


def test_cache_stats_counts_the_remote_tier_as_the_server_does(server, mini_registry, tmp_path):
    _, client, url = server

    def server_counts():
        info = client.info("stats")
        return info["keyspace_hits"], info["keyspace_misses"]

    def cache_stats(cache):
        return json.loads(run_kfoot("cache", "--cache-dir", cache, "stats", "--json").stdout)["remote"]

    _warm(mini_registry, tmp_path / "one", url)
    hits, misses = server_counts()
    assert cache_stats(tmp_path / "one") == {"hits": hits, "misses": misses, "errors": 0}
    keys = sorted(client.keys("kfoot:*"))
    client.set(keys[0], client.get(keys[1]))  # poisoned: the server's hit, kfoot's error
    hits, misses = server_counts()  # the test's own GET counted
    _warm(mini_registry, tmp_path / "two", url)
    hits_two, misses_two = server_counts()
    two = cache_stats(tmp_path / "two")
    assert two["hits"] + two["errors"] == hits_two - hits and two["misses"] == misses_two - misses
    assert two["errors"] == 1 and two["hits"] == MINI_VARIANTS - 1
    # Counts persist and add up across processes: a third warm is all disk hits, asking nothing.
    _warm(mini_registry, tmp_path / "two", url)
    assert server_counts() == (hits_two, misses_two) and cache_stats(tmp_path / "two") == two


# kfoot compare's RTC first-use figures (kfoot.compare.run.rtc_first_use) for the mini registry.
FIRST_USE = r"""
import json, sys
from pathlib import Path
from kfoot.compare.run import rtc_first_use
print(json.dumps(rtc_first_use(Path(sys.argv[1]), "sm_90", None, Path(sys.argv[2]))))
"""


def _first_use(registry, cache, **env_vars):
    env = dict(os.environ, **env_vars)
    for name in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE", "KFOOT_PCH"):
        if name not in env_vars:
            env.pop(name, None)
    proc = subprocess.run([sys.executable, "-c", FIRST_USE, str(registry), str(cache)], capture_output=True, text=True,
                          env=env, timeout=900)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_compare_measures_a_remote_hit_and_a_warm_pch(server, mini_registry, tmp_path):
    _, client, url = server
    before = client.info("stats")["keyspace_hits"]
    first = _first_use(mini_registry, tmp_path / "c", KFOOT_CACHE_REMOTE=url)
    # The server saw exactly one GET answered: the fresh process's first request, served remotely.
    assert client.info("stats")["keyspace_hits"] - before == 1 and client.dbsize() == 2
    assert first["remote_hit_ms"] > 0 and first["remote_note"] is None
    assert first["warm_pch_ms"] > 0 and first["warm_pch_note"] is None
    unset = _first_use(mini_registry, tmp_path / "d", KFOOT_PCH="0")
    assert (unset["remote_hit_ms"], unset["remote_note"]) == (None, "not configured (KFOOT_CACHE_REMOTE)")
    assert (unset["warm_pch_ms"], unset["warm_pch_note"]) == (None, "off (KFOOT_PCH=0)")
