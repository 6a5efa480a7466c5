#!/usr/bin/env python3
"""Benchmark `kfoot build --mode aot`: -j 1 against -j N, kernels per second, no-op rebuild
time and output size, for the bundled nested and dependent families.

    .venv/bin/python scripts/bench_build.py                       # both styles, sampled
    .venv/bin/python scripts/bench_build.py --sample 0            # every variant (hours for nested)
    .venv/bin/python scripts/bench_build.py --spec kfoot/bundled/demo.toml --family '*' --sample 0

The bundled nested families hold ~41,500 variants: compiling them all for two archs takes
hours of CPU, so by default each style is measured on an evenly spaced sample of its
variants (every family represented), and the full-size figure is extrapolated from the
measured kernels per second, labelled as such. Each configuration builds from an empty
directory for -j 1 and for -j N (same sample, same shards), then rebuilds with nothing
changed, both as a library call and as the `kfoot build` command.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from kfoot.compile.aot import build_aot  # noqa: E402
from kfoot.variants.loader import BUNDLED_SPEC, load_spec  # noqa: E402
from kfoot.core.toolchain import find_tool, tool_version  # noqa: E402
from kfoot.variants.enumerate import enumerate_spec  # noqa: E402


def sample_variants(variants, size: int):
    """Every k-th variant, so each family is represented in proportion."""
    if size <= 0 or size >= len(variants):
        return list(variants)
    step = len(variants) / size
    return [variants[int(i * step)] for i in range(size)]


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_build(spec, out: Path, variants, archs, jobs, shard_size, cpu: list | None = None):
    """Wall time of one build; appends the CPU time its compiler processes used to `cpu`
    (on a shared machine, CPU time / wall time shows how much of the cores the build got)."""
    cpu_before = children_cpu_s()
    started = time.perf_counter()
    result = build_aot(spec, out, archs=archs, variants=variants, jobs=jobs, shard_size=shard_size, progress=False)
    wall = time.perf_counter() - started
    if cpu is not None:
        cpu.append(round(children_cpu_s() - cpu_before, 2))
    return wall, result


def bench_config(name, spec, families, args, workdir: Path) -> dict:
    selected = enumerate_spec(spec, families)
    variants = sample_variants(selected, args.sample)
    archs = args.arch.split(",")
    sass = [a for a in archs if a.startswith("sm_")]
    row = {"config": name, "families": families, "variants_total": len(selected), "variants_built": len(variants),
           "archs": archs, "shard_size": args.shard_size}
    # -j 1 and -j N alternate, each from an empty directory; with --repeat the median run of
    # each counts (other work on a shared machine disturbs single runs), all are recorded.
    runs: dict[int, list[float]] = {1: [], args.jobs: []}
    cpu: dict[int, list[float]] = {1: [], args.jobs: []}
    for _ in range(args.repeat):
        for jobs in (1, args.jobs):
            out = workdir / f"{name}-j{jobs}"
            shutil.rmtree(out, ignore_errors=True)
            load = os.getloadavg()[0]
            wall, result = timed_build(spec, out, variants, archs, jobs, args.shard_size, cpu[jobs])
            runs[jobs].append(round(wall, 2))
            row["shards"] = len(result.shards)
            row["kernels"] = result.kernels
            row["library_bytes"] = result.library_bytes
            row["fatbin_bytes"] = result.fatbin_bytes
            print(f"  {name}: -j {jobs}: {wall:.1f} s for {result.kernels} kernels in {len(result.shards)} shards, "
                  f"{cpu[jobs][-1]:.1f} s CPU (load average before: {load:.2f})", flush=True)
    # What the measured steps of the -j 1 build give on idle cores (see projected_wall).
    build_dir = workdir / f"{name}-j1" / "build"
    for jobs in (1, args.jobs):
        row[f"projected_j{jobs}_s"] = projected_wall(build_dir, jobs)["projected_s"]
    row["projected_speedup"] = round(row["projected_j1_s"] / row[f"projected_j{args.jobs}_s"], 2)
    for jobs, walls in runs.items():
        row[f"j{jobs}_s"] = round(statistics.median(walls), 2)
        row[f"j{jobs}_runs_s"] = walls
        row[f"j{jobs}_cpu_s"] = cpu[jobs]
    row["speedup"] = round(row["j1_s"] / row[f"j{args.jobs}_s"], 2)
    row["kernels_per_s_j1"] = round(row["kernels"] / row["j1_s"], 1)
    row[f"kernels_per_s_j{args.jobs}"] = round(row["kernels"] / row[f"j{args.jobs}_s"], 1)

    out = workdir / f"{name}-j{args.jobs}"
    noop = []
    for _ in range(3):
        wall, result = timed_build(spec, out, variants, archs, args.jobs, args.shard_size)
        assert result.up_to_date and result.compiled_shards == 0, "no-op rebuild compiled something"
        noop.append(wall)
    row["noop_library_s"] = round(statistics.median(noop), 3)
    # The same through the command line, interpreter start-up included. The CLI enumerates
    # the spec itself, so it rebuilds a directory of the full selection only when not sampled.
    if len(variants) == len(selected):
        cli = []
        for _ in range(3):
            cmd = [sys.executable, "-m", "kfoot", "build", str(spec.path), "-o", str(out), "--arch", args.arch,
                   "-j", str(args.jobs), "--no-progress"] + [a for f in families or [] for a in ("--family", f)]
            if args.shard_size:
                cmd += ["--shard-size", str(args.shard_size)]
            started = time.perf_counter()
            proc = subprocess.run(cmd, capture_output=True, text=True)
            cli.append(time.perf_counter() - started)
            assert proc.returncode == 0 and "up to date" in proc.stdout, proc.stderr
        row["noop_cli_s"] = round(statistics.median(cli), 3)
    if len(variants) < len(selected):
        per_kernel = row[f"j{args.jobs}_s"] / row["kernels"]
        row["extrapolated_full_j%d_min" % args.jobs] = round(per_kernel * len(selected) * len(sass) / 60, 1)
    return row


def read_ninja_log(build_dir: Path) -> dict[str, float]:
    """Seconds each output's step took, from ninja's log (the last entry per output wins)."""
    steps: dict[str, float] = {}
    for line in (build_dir / ".ninja_log").read_text().splitlines():
        if line.startswith("#"):
            continue
        start, end, _mtime, output, *_ = line.split("\t")
        steps[output] = (int(end) - int(start)) / 1000.0
    return steps


def projected_wall(build_dir: Path, jobs: int) -> dict:
    """Replay the steps of a -j 1 build on `jobs` idle cores: what -j N would take on a
    machine nobody else is using. Compiles and object inspections go in build-file order as
    cores free up (as ninja does), then the link and the fatbin merge."""
    import heapq

    steps = read_ninja_log(build_dir)
    compiles = sorted(k for k in steps if k.endswith(".o"))
    infos = {o: steps.get(o[:-2] + ".fatbin", 0.0) for o in compiles}
    link = sum(v for k, v in steps.items() if k.endswith(".so"))
    merge = sum(v for k, v in steps.items() if k.endswith("kernels.fatbin"))
    cores = [0.0] * jobs
    finish_all = 0.0
    pending = [(0.0, steps[o], infos[o]) for o in compiles]
    queue = [(0.0, i, d) for i, (_, d, _) in enumerate(pending)]
    heapq.heapify(queue)
    order = len(queue)
    compile_done = 0.0
    while queue:
        at, idx, duration = heapq.heappop(queue)
        core = min(range(jobs), key=lambda c: cores[c])
        start = max(cores[core], at)
        cores[core] = start + duration
        if idx < len(pending):  # a compile: its inspection becomes ready when it ends
            compile_done = max(compile_done, cores[core])
            heapq.heappush(queue, (cores[core], order, pending[idx][2]))
            order += 1
        finish_all = max(finish_all, cores[core])
    # The link needs every object, the merge every inspection; they can overlap each other.
    end = max(compile_done + link, finish_all + merge) if jobs > 1 else finish_all + link + merge
    return {"steps_s": round(sum(steps.values()), 2), "projected_s": round(end, 2)}


def machine() -> dict:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    nvcc = find_tool("nvcc")
    return {"cpus": os.cpu_count(), "cpu": model, "python": platform.python_version(),
            "nvcc": tool_version(nvcc), "load_average_at_start": [round(x, 2) for x in os.getloadavg()]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spec", default=str(BUNDLED_SPEC))
    parser.add_argument("--family", action="append", default=None,
                        help="Glob(s) of one configuration (default: '*.nested' and '*.dependent' separately).")
    parser.add_argument("--arch", default="sm_80,sm_90")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--sample", type=int, default=640,
                        help="Variants built per configuration, evenly spaced (0: all of them).")
    parser.add_argument("--shard-size", type=int, default=None, help="Default: the spec's, else kfoot's default.")
    parser.add_argument("--repeat", type=int, default=1, help="Builds per -j setting; the median counts.")
    parser.add_argument("--json", type=Path, default=None, help="Also write the results here.")
    parser.add_argument("--keep", type=Path, default=None, help="Build here instead of a temporary directory.")
    args = parser.parse_args()

    spec = load_spec(args.spec)
    configs = [("+".join(args.family), args.family)] if args.family else [
        ("nested", ["*.nested"]), ("dependent", ["*.dependent"])]
    info = machine()
    print(f"machine: {info['cpus']} CPUs ({info['cpu']}), nvcc {info['nvcc']}, load {info['load_average_at_start']}")
    workdir = args.keep or Path(tempfile.mkdtemp(prefix="kfoot-bench-build-"))
    rows = []
    try:
        for name, families in configs:
            rows.append(bench_config(name, spec, families, args, workdir))
    finally:
        if args.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)

    j = args.jobs
    print()
    header = f"{'config':<10} {'variants':>14} {'kernels':>8} {'shards':>6} {'-j1 s':>7} {f'-j{j} s':>7} " \
             f"{'speedup':>7} {f'k/s -j{j}':>8} {'no-op s':>8} {'library':>10} {'fatbin':>10}"
    print(header)
    for r in rows:
        print(f"{r['config']:<10} {r['variants_built']:>6}/{r['variants_total']:<7} {r['kernels']:>8} {r['shards']:>6} "
              f"{r['j1_s']:>7} {r[f'j{j}_s']:>7} {r['speedup']:>6}x {r[f'kernels_per_s_j{j}']:>8} "
              f"{r['noop_library_s']:>8} {r['library_bytes']:>10,} {r['fatbin_bytes']:>10,}")
        if f"extrapolated_full_j{j}_min" in r:
            print(f"{'':<10} full {r['variants_total']} variants at -j{j}: ~{r[f'extrapolated_full_j{j}_min']} min "
                  f"(extrapolated from the sample)")
        print(f"{'':<10} replaying the -j1 steps on idle cores: -j1 {r['projected_j1_s']} s, -j{j} "
              f"{r[f'projected_j{j}_s']} s, speedup {r['projected_speedup']}x")
        if "noop_cli_s" in r:
            print(f"{'':<10} no-op rebuild through the kfoot command: {r['noop_cli_s']} s")
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "args": vars(args) | {"json": str(args.json),
                                                                               "keep": str(args.keep)},
                                         "results": rows}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
