"""Running a program under the injection library and reading back what it recorded."""

from __future__ import annotations

import os
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import KfootError
from ..core.workers import adopt_orphans, stop_process_tree
from ..explain.usage_files import kernel_trace_records
from .build import injection_library


@dataclass(slots=True)
class TraceResult:
    returncode: int  # the program's
    launches: Counter  # (kernel, module) -> launches, over every process
    processes: int  # processes that recorded launches


def trace_command(output: Path, argv: list[str]) -> TraceResult:
    """Run `argv` with the injection library; its processes (children too: they inherit the
    environment) append their launches to `output`, which starts empty."""
    if not argv:
        raise KfootError("kfoot trace needs a command after --")
    library = injection_library()
    output = Path(output).absolute()
    if output.is_symlink() or (output.exists() and not output.is_file()):
        raise KfootError(f"{output}: not a regular file; kfoot trace writes its trace there")
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(b"")
    env = {**os.environ, "CUDA_INJECTION64_PATH": str(library), "KFOOT_TRACE_KERNELS": str(output)}
    adopt_orphans()  # an interrupted program's children are stopped with it, even if it ignored the signal
    try:
        proc = subprocess.Popen(argv, env=env)
    except OSError as exc:
        raise KfootError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
    try:
        returncode = proc.wait()
    except BaseException:  # Ctrl-C or SIGTERM: the program got it too
        stop_process_tree(proc)
        raise
    return TraceResult(returncode, *read_kernel_trace(output))


def read_kernel_trace(path: Path) -> tuple[Counter, int]:
    """The launches recorded in `path` by (kernel, module), over every process, and how many
    processes recorded some (kfoot.explain.usage_files reads the file, as for --usage)."""
    launches: Counter = Counter()
    pids = set()
    for kernel, module, count, pid in kernel_trace_records(path):
        launches[(kernel, module)] += count
        pids.add(pid)
    return launches, len(pids)
