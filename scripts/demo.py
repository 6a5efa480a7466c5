#!/usr/bin/env python3
"""`make demo`: the bundled demo spec (kfoot/bundled/demo.toml) built ahead of time, for run-time
compilation and hybrid, compared in one table (`kfoot compare`).

Steps, all on the CPU (a GPU, when present, turns the memory rows into measurements):
1. record a usage trace the way an application would: open an RTC registry of the demo spec with
   KFOOT_TRACE semantics and ask the runtime for the kernels a small float32 model uses (forward
   and backward of an MLP-like layer); asking is enough to record, nothing is launched;
2. `kfoot compare kfoot/bundled/demo.toml --arch sm_80,sm_90 --hot TRACE -o demo-out/compare`.

Outputs in demo-out/: trace.jsonl, compare.json, compare.md, and the builds under compare/.
A few minutes on 2 cores, most of it nvcc compiling the AOT library.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from kfoot import runtime  # noqa: E402
from kfoot.compile.rtc_registry import build_rtc  # noqa: E402
from kfoot.compare.render import render_markdown, render_rich  # noqa: E402
from kfoot.compare.run import compare  # noqa: E402
from kfoot.variants.loader import DEMO_SPEC, load_spec  # noqa: E402
from kfoot.core.atomic import write_atomic  # noqa: E402

OUT = ROOT / "demo-out"
ARCHS = ["sm_80", "sm_90"]

# What a float32 model asks for: (family, free axis values). Forward: matmul epilogue (bias add
# by broadcast), activations, a loss; backward: activation gradients, reductions over the batch.
WORKLOAD = [
    ("broadcast", {"op": "kfoot::op::Add", "lhs": "float32", "rhs": "float32", "ndim": 2}),
    ("unary", {"op": "kfoot::op::Relu", "x": "float32"}),
    ("unary", {"op": "kfoot::op::Sigmoid", "x": "float32"}),
    ("unary", {"op": "kfoot::op::Exp", "x": "float32"}),
    ("binary", {"op": "kfoot::op::Mul", "lhs": "float32", "rhs": "float32"}),
    ("binary", {"op": "kfoot::op::Add", "lhs": "float32", "rhs": "float32"}),
    ("binary_scalar", {"op": "kfoot::op::Add", "lhs": "float32", "scalar": "float64"}),
    ("compare", {"op": "kfoot::op::Lt", "lhs": "float32", "rhs": "float32", "out": "bool"}),
    ("unary_backward", {"op": "kfoot::op::Sigmoid", "x": "float32"}),
    ("reduce", {"op": "kfoot::op::Sum", "x": "float32", "ndim": 1}),
    ("reduce", {"op": "kfoot::op::Mean", "x": "float32", "ndim": 2}),
    ("reduce", {"op": "kfoot::op::Max", "x": "float32", "ndim": 1}),
]


def record_trace(trace: Path) -> int:
    """The runtime appends each distinct variant it serves to the trace; ask for the workload's."""
    trace.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="kfoot-demo-registry-") as tmp:
        build_rtc(load_spec(DEMO_SPEC), tmp)
        reg = runtime.open_registry(tmp, cache=None, trace=trace)
        for family, values in WORKLOAD:
            reg.kernel(family, **values)
    return sum(1 for line in trace.read_text().splitlines() if line.strip())


def main() -> int:
    console = Console()
    OUT.mkdir(exist_ok=True)
    trace = OUT / "trace.jsonl"
    count = record_trace(trace)
    console.print(f"[dim]recorded a usage trace of {count} variants: {trace.relative_to(ROOT)}[/]")
    started = time.perf_counter()
    err = Console(stderr=True)
    with err.status("kfoot compare", spinner="dots") as status:
        result = compare(DEMO_SPEC, archs=ARCHS, hot_trace=trace, work_dir=OUT / "compare", jobs=2,
                         progress=lambda message: status.update(f"kfoot compare: {message}"))
    for renderable in render_rich(result):
        console.print(renderable)
    write_atomic(OUT / "compare.json", json.dumps(result.to_dict(), indent=1) + "\n")
    write_atomic(OUT / "compare.md", render_markdown(result))
    console.print(f"[dim]done in {time.perf_counter() - started:.0f} s; demo-out/compare.json and compare.md "
                  f"hold the same table (kfoot compare --json / --format markdown)[/]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
