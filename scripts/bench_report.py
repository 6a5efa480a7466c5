#!/usr/bin/env python3
"""Benchmark `kfoot report --json` against `cuobjdump -symbols` (and cubloaty if installed) on one
large library: wall time, peak memory of the whole process tree, count agreement, ratios.

Runs alternate (kfoot, cuobjdump, kfoot, ...) so both see the same machine noise; medians are
compared. Peak memory comes from one more run of each, sampled (measure): the timed runs are
not sampled, since sampling takes CPU that kfoot, using every core, would lose. Default library: libcusparse.so.12 from the nvidia-cusparse wheel, fetched into .corpus/.

    .venv/bin/python scripts/bench_report.py [--library PATH] [--repeat 3]

With --cache, the report cache instead (docs/report.md, "The report cache"): each round runs
`kfoot report --json` without the cache (KFOOT_CACHE=0), with an empty cache (the first report),
again (the repeat), and on a copy of the library in which one container changed (its largest,
one byte of an unused entry-header field, so every image decodes as before), with the cache the
repeat left; outputs are checked equal to the uncached ones.

    .venv/bin/python scripts/bench_report.py --cache [--library PATH] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the oracles

from oracles.cuobjdump import parse_symbols  # noqa: E402
from kfoot.core.toolchain import find_tool  # noqa: E402


def fetch_cusparse() -> Path:
    corpus = REPO / ".corpus"
    target = corpus / "libcusparse.so.12"
    if target.exists():
        return target
    corpus.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", tmp, "nvidia-cusparse"],
                       check=True)
        wheel = next(Path(tmp).glob("*.whl"))
        with zipfile.ZipFile(wheel) as zf:
            member = next(n for n in zf.namelist() if n.endswith("libcusparse.so.12"))
            with zf.open(member) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
    return target


def _tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants, read from /proc."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    stack.extend(int(c) for c in f.read().split())
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
    return total


def measure(cmd: list[str], env: dict | None = None, sample: bool = False) -> dict:
    """Wall seconds, plus stdout; with `sample`, the peak RSS of the process tree (sampled every
    5 ms), else 0. A sampled run's wall time is not comparable: the
    sampler walks /proc 200 times a second, about 7% of a core, which a single-threaded tool
    gets from the idle core and kfoot, using both, loses. Time and memory are measured in
    separate runs."""
    out = tempfile.TemporaryFile()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
    peak = 0
    done = threading.Event()

    def sampling():
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(proc.pid))
            time.sleep(0.005)

    sampler = threading.Thread(target=sampling, daemon=True)
    if sample:
        sampler.start()
    _, status, _usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    if sample:
        sampler.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    out.seek(0)
    # Not wait4's ru_maxrss: a high-water mark kept across exec, it counts this script's own memory
    # that the child held between fork and exec (the earlier runs' output: 856 MiB on MXNet 1.6
    # after 5 rounds, against kfoot's 283 MiB).
    return {"wall": wall, "peak_rss": peak, "rc": proc.returncode,
            "stdout": out.read().decode(errors="replace")}


def _largest_container(library: Path) -> tuple[int, int, int]:
    """(offset of its first entry header in the file, its size, all containers' bytes) of the
    library's largest container."""
    from kfoot.binary import inputs, walk

    binary = walk.open_binary(inputs.discover([library])[0])
    try:
        found = max(binary.containers, key=lambda f: f.size)
        total = sum(f.size for f in binary.containers)
        return found.key.base + found.container.entries[0].offset, found.size, total
    finally:
        binary.close()


def bench_cache(library: Path, repeat: int, jobs: int | None) -> int:
    cmd = [sys.executable, "-m", "kfoot", "report", "--json"] + (["-j", str(jobs)] if jobs else [])
    entry, size, total = _largest_container(library)
    runs: dict[str, list[dict]] = {name: [] for name in ("no cache", "first", "repeat", "one changed")}
    memory: dict[str, dict] = {}  # the last round's, sampled: peak memory (measure)
    with tempfile.TemporaryDirectory() as scratch:
        changed = Path(scratch) / library.name
        shutil.copyfile(library, changed)
        os.sync()  # the copy's writeback (1.5 GB for MXNet) is not left to stall the timed runs
        expected_changed = None
        for round_ in range(repeat + 1):
            sample = round_ == repeat
            cache = Path(scratch) / f"cache{round_}"
            env = {k: v for k, v in os.environ.items() if k != "KFOOT_CACHE"}
            with open(changed, "r+b") as f:  # a new value each round: a miss every time
                f.seek(entry + 48)
                f.write(bytes([round_ + 1]))
                f.flush()
                os.fsync(f.fileno())
            plain = measure(cmd + [str(library)], {**env, "KFOOT_CACHE": "0"}, sample)
            first = measure(cmd + [str(library)], {**env, "KFOOT_CACHE_DIR": str(cache)}, sample)
            again = measure(cmd + [str(library)], {**env, "KFOOT_CACHE_DIR": str(cache)}, sample)
            one = measure(cmd + [str(changed)], {**env, "KFOOT_CACHE_DIR": str(cache)}, sample)
            if round_ == 0:
                expected_changed = measure(cmd + [str(changed)], {**env, "KFOOT_CACHE": "0"})["stdout"]
            for name, run in zip(runs, (plain, first, again, one)):
                if run["rc"] != 0:
                    print(f"{name} failed with exit code {run['rc']}", file=sys.stderr)
                    return 1
                if sample:
                    memory[name] = run
                else:
                    runs[name].append(run)
            if not (plain["stdout"] == first["stdout"] == again["stdout"]) or (
                    round_ == 0 and one["stdout"] != expected_changed):
                print("the cached report differs from the uncached one", file=sys.stderr)
                return 1
        entries = sum(p.stat().st_size for p in Path(scratch).glob("cache0/report/entries/*/*.json"))
    print(f"library: {library} ({library.stat().st_size:,} bytes); changed container: {size:,} bytes, "
          f"{100 * size / total:.1f}% of the {total:,} container bytes")
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.2f} at the end")
    print(f"cache entries after the first report: {entries:,} bytes")
    print(f"{'run':12} {'wall s (median)':>16} {'peak RSS MiB':>19}   runs")
    for name, results in runs.items():
        wall = statistics.median(r["wall"] for r in results)
        rss = memory[name]["peak_rss"] / 2**20
        each = ", ".join(f"{r['wall']:.2f}" for r in results)
        print(f"{name:12} {wall:16.2f} {rss:19.1f}   {each}")
    for name, base in (("repeat", "first"), ("repeat", "no cache"), ("one changed", "first"),
                       ("one changed", "repeat"), ("first", "no cache")):
        ratios = [a["wall"] / b["wall"] for a, b in zip(runs[name], runs[base])]
        print(f"ratio {name}/{base}: {statistics.median(ratios):.2f}x (median of the per-round ratios "
              f"{', '.join(f'{r:.2f}' for r in ratios)})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", type=Path, help="library to inspect (default: libcusparse.so.12)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=None, help="kfoot -j (default: all cores)")
    parser.add_argument("--cache", action="store_true", help="time the report cache instead (see above)")
    parser.add_argument("--cuobjdump", type=Path, help="the cuobjdump to time and count with (default: the wheel's; "
                                                       "MXNet's CUDA 10 builds need 11.8's, see docs/benchmarks.md)")
    args = parser.parse_args()
    library = args.library or fetch_cusparse()
    if args.cache:
        return bench_cache(library, args.repeat, args.jobs)
    kfoot_cmd = [sys.executable, "-m", "kfoot", "report", "--json", str(library)]
    if args.jobs:
        kfoot_cmd += ["-j", str(args.jobs)]
    cuobjdump = args.cuobjdump or find_tool("cuobjdump")
    tools = {"kfoot": kfoot_cmd, "cuobjdump": [str(cuobjdump), "-symbols", str(library)]}
    if shutil.which("cubloaty"):
        tools["cubloaty"] = ["cubloaty", str(library)]
    runs: dict[str, list[dict]] = {name: [] for name in tools}
    memory: dict[str, dict] = {}  # one sampled run each, after the timed ones (measure)
    for round_ in range(args.repeat + 1):
        for name, cmd in tools.items():
            # kfoot without its report cache: a repeat run would be served from it
            run = measure(cmd, {**os.environ, "KFOOT_CACHE": "0"} if name == "kfoot" else None,
                          sample=round_ == args.repeat)
            if run["rc"] != 0:
                print(f"{name} failed with exit code {run['rc']}", file=sys.stderr)
                return 1
            if round_ == args.repeat:
                memory[name] = run
            else:
                runs[name].append(run)

    report = json.loads(runs["kfoot"][-1]["stdout"])["files"][0]
    default_view = report["sections"].get(".nv_fatbin", {})
    oracle = parse_symbols(runs["cuobjdump"][-1]["stdout"])
    print(f"library: {library} ({library.stat().st_size:,} bytes)")
    print(f"machine: {os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.2f} at the end")
    print(f"cuobjdump: {cuobjdump}")
    print(f"{'tool':10} {'wall s (median)':>16} {'peak RSS MiB':>19}")
    medians = {}
    for name, results in runs.items():
        wall = statistics.median(r["wall"] for r in results)
        rss = memory[name]["peak_rss"] / 2**20
        medians[name] = (wall, rss)
        each = ", ".join(f"{r['wall']:.2f}" for r in results)
        print(f"{name:10} {wall:16.2f} {rss:19.1f}   runs: {each}")
    kw, kr = medians["kfoot"]
    cw, cr = medians["cuobjdump"]
    # Each kfoot run is paired with the cuobjdump run right after it: both saw the same machine.
    pairs = [k["wall"] / c["wall"] for k, c in zip(runs["kfoot"], runs["cuobjdump"])]
    print(f"ratio kfoot/cuobjdump: wall {statistics.median(pairs):.2f}x (median of the per-pair ratios "
          f"{', '.join(f'{p:.2f}' for p in pairs)}; ratio of the medians {kw / cw:.2f}x), "
          f"peak memory {kr / cr:.3f}x")
    print("counts (.nv_fatbin, cuobjdump's default view):")
    for label, mine, theirs in (("kernels", default_view.get("kernels"), oracle.kernels),
                                ("global symbols", default_view.get("global_symbols"), oracle.global_symbols)):
        print(f"  {label:15} kfoot {mine:>8,}  cuobjdump {theirs:>8,}  {'agree' if mine == theirs else 'DIFFER'}")
    print(f"  all sections: kfoot {report['kernels']:,} kernels "
          f"({report['kernels'] - (default_view.get('kernels') or 0):,} in containers outside .nv_fatbin)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
