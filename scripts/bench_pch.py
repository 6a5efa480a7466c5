#!/usr/bin/env python3
"""Benchmark precompiled headers (kfoot/runtime/pch.py, detail/pch.hpp) on a CUB-heavy family:
the first use of a kernel (no disk cache) without PCH, with the PCH being created, and with a
warm PCH (a second variant of the same family in the same process), in Python and in C++.

    .venv/bin/python scripts/bench_pch.py [--arch sm_90] [--rounds 2] [--json FILE]

Every figure is one kernel's cubin() in a fresh process with KFOOT_CACHE=off, so each one is a
real NVRTC compile (plus the nvJitLink link when libnvJitLink is there). Goal (issue 26): a
warm-PCH compile at most 0.3x the no-PCH one.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEADER = r"""#pragma once
#include <cub/block/block_reduce.cuh>
namespace bench {
template <typename T, int BLOCK>
__global__ void block_sum(const T* in, T* out) {
  using Reduce = cub::BlockReduce<T, BLOCK>;
  __shared__ typename Reduce::TempStorage tmp;
  T s = Reduce(tmp).Sum(in[blockIdx.x * BLOCK + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}
}  // namespace bench
"""

SPEC = """
[[family]]
name   = "block_sum"
header = "bench.cuh"
kernel = "bench::block_sum"
params = ["T", "BLOCK"]
[family.axes]
T      = ["float32", "float64"]
BLOCK  = [256]
"""

FIRST, SECOND = "bench::block_sum<float, 256>", "bench::block_sum<double, 256>"

PY_CHILD = r"""
import json, sys, time
from kfoot.runtime import compiler, pch
from kfoot.runtime.registry import load_registry
reg = load_registry(sys.argv[1])
context = compiler.SourceContext(reg, sys.argv[2])
times = []
for tid in sys.argv[3:]:
    start = time.perf_counter()
    compiler.get_kernel_binary(context, reg.by_template_id[tid], None)
    times.append(time.perf_counter() - start)
print(json.dumps({"seconds": times, "pch_hits": pch.STATS.hits, "pch_created": pch.STATS.created}))
"""

CPP_CHILD = r"""
#include <kfoot/runtime.hpp>
#include <chrono>
#include <iostream>
int main(int argc, char** argv) {
  kfoot::Registry reg = kfoot::Registry::open(argv[1]);
  std::cout << "{\"seconds\": [";
  for (int i = 3; i < argc; ++i) {
    auto start = std::chrono::steady_clock::now();
    reg.kernel_by_id(argv[i]).cubin(argv[2]);
    std::cout << (i > 3 ? ", " : "") << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  std::cout << "], \"pch_hits\": " << reg.stats().pch_hits << "}\n";
}
"""


def _kfoot(*args) -> str:
    return subprocess.run([sys.executable, "-m", "kfoot", *map(str, args)], check=True, capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT))).stdout


def _child(command: list[str], pch: str, tmp: Path) -> dict:
    # VIRTUAL_ENV: where the C++ runtime finds the NVIDIA wheels when the script runs as .venv/bin/python.
    env = dict(os.environ, KFOOT_CACHE="off", KFOOT_PCH=pch, TMPDIR=str(tmp), PYTHONPATH=str(ROOT), VIRTUAL_ENV=sys.prefix)
    proc = subprocess.run(command, capture_output=True, text=True, env=env, timeout=1800)
    if proc.returncode != 0:
        sys.exit(f"bench child failed: {proc.stderr.strip() or proc.stdout.strip()}")
    return json.loads(proc.stdout)


def measure(run, rounds: int, tmp: Path) -> dict:
    """Medians over `rounds` of: no PCH (first and second kernel), PCH created, PCH warm."""
    off_first, off_second, create, warm = [], [], [], []
    for _ in range(rounds):
        off = run("0", tmp)
        on = run("1", tmp)
        assert on["pch_hits"] == 1, on
        off_first.append(off["seconds"][0])
        off_second.append(off["seconds"][1])
        create.append(on["seconds"][0])
        warm.append(on["seconds"][1])
    med = {name: statistics.median(values) for name, values in
           (("no_pch_first", off_first), ("no_pch_second", off_second), ("pch_created", create), ("pch_warm", warm))}
    med["warm_over_no_pch"] = med["pch_warm"] / med["no_pch_second"]
    return med


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kfoot-bench-pch-") as scratch:
        scratch = Path(scratch)
        (scratch / "bench.cuh").write_text(HEADER)
        (scratch / "bench.toml").write_text(SPEC)
        registry = scratch / "rtc"
        _kfoot("build", "--mode", "rtc", scratch / "bench.toml", "-o", registry, "--no-progress", "--no-check")
        tmp = scratch / "tmp"
        tmp.mkdir()
        python = measure(lambda pch, t: _child([sys.executable, "-c", PY_CHILD, str(registry), args.arch, FIRST, SECOND], pch, t),
                         args.rounds, tmp)
        source = scratch / "bench_pch.cpp"
        source.write_text(CPP_CHILD)
        program = scratch / "bench_pch"
        compiler = os.environ.get("CXX", "g++")
        subprocess.run([compiler, "-std=c++17", "-O1", *shlex.split(_kfoot("config", "--cflags")), str(source), "-o",
                        str(program), *shlex.split(_kfoot("config", "--libs"))], check=True)
        cpp = measure(lambda pch, t: _child([str(program), str(registry), args.arch, FIRST, SECOND], pch, t), args.rounds, tmp)
    result = {"machine": f"{platform.machine()}, {os.cpu_count()} cores", "arch": args.arch, "kernels": [FIRST, SECOND],
              "rounds": args.rounds, "python": python, "cpp": cpp}
    print(json.dumps(result, indent=1))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
