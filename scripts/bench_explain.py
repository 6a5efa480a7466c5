#!/usr/bin/env python3
"""Benchmark `kfoot explain --json` against `kfoot report --json` on one library: wall time and
peak memory of the whole process tree, both without the report cache (KFOOT_CACHE=0), runs
alternating (report, explain, report, ...) so both see the same machine noise; the median of the
per-pair ratios is the figure (issue 25: explain within 2x report, within the report's memory bound).

    .venv/bin/python scripts/bench_explain.py [--library PATH | --cache DIR] [--repeat 5] [--usage FILE]

Default library: libcusparse.so.12 of nvidia-cusparse==12.9.4.2, from the folder
scripts/check_explain_real.py keeps it in (--cache, default ~/.cache/kfoot-real; fetched once).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))

from bench_report import measure  # noqa: E402
from check_explain_real import DEFAULT_CACHE, fetch_cusparse  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--library", type=Path)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                        help="where scripts/check_explain_real.py keeps the nvidia-cusparse wheel and library")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--usage", type=Path, help="also pass --usage FILE to explain")
    parser.add_argument("-j", "--jobs", type=int)
    args = parser.parse_args()
    library = args.library or fetch_cusparse(args.cache)
    env = {**os.environ, "KFOOT_CACHE": "0", "PYTHONPATH": str(REPO)}
    jobs = ["-j", str(args.jobs)] if args.jobs else []
    report = [sys.executable, "-m", "kfoot", "report", str(library), "--json", *jobs]
    explain = [sys.executable, "-m", "kfoot", "explain", str(library), "--json", *jobs]
    if args.usage:
        explain += ["--usage", str(args.usage)]
    runs = {"report": [], "explain": []}
    peak = {}  # one sampled run each after the timed ones: sampling takes CPU (bench_report.measure)
    for round_ in range(args.repeat + 1):
        for name, cmd in (("report", report), ("explain", explain)):
            result = measure(cmd, env, sample=round_ == args.repeat)
            if result["rc"] != 0:
                print(f"{name} failed (rc {result['rc']})", file=sys.stderr)
                return 1
            if round_ == args.repeat:
                peak[name] = result["peak_rss"]
            else:
                runs[name].append(result)
    document = json.loads(runs["explain"][-1]["stdout"])
    kernels = document["kernels"]
    ratios = [e["wall"] / r["wall"] for r, e in zip(runs["report"], runs["explain"])]
    print(f"{library.name} ({library.stat().st_size:,} bytes, {kernels:,} kernels, {len(document['families']):,} "
          f"families, {len(document['identical_groups']):,} identical groups); {platform.machine()}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")
    print("| command | wall, median of %d (runs) | peak RSS |" % args.repeat)
    print("|---|---|---|")
    for name in ("report", "explain"):
        walls = [r["wall"] for r in runs[name]]
        print(f"| `kfoot {name} --json` | {statistics.median(walls):.2f} s ({', '.join(f'{w:.2f}' for w in walls)}) | "
              f"{peak[name] / 2**20:,.0f} MiB |")
    print(f"| **ratio** | **{statistics.median(ratios):.2f}×** median of the per-pair ratios "
          f"({', '.join(f'{x:.2f}' for x in ratios)}) | "
          f"{peak['explain'] / peak['report']:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
