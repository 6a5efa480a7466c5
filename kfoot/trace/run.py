"""Running a program under the injection library and reading back what it recorded."""

from __future__ import annotations

import json
import os
import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import KfootError
from ..core.inputfile import read_limited
from .build import injection_library

TRACE_MAX_BYTES = 256 << 20


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
    try:
        proc = subprocess.run(argv, env=env)
    except OSError as exc:
        raise KfootError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
    return TraceResult(proc.returncode, *read_kernel_trace(output))


def read_kernel_trace(path: Path) -> tuple[Counter, int]:
    """The launches recorded in `path` (JSON lines {kernel, module, launches, pid}); a malformed
    line is one KfootError naming the file and line."""
    data = read_limited(path, what="kernel trace", max_bytes=TRACE_MAX_BYTES)
    launches: Counter = Counter()
    pids = set()
    for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            launches[(str(record["kernel"]), str(record["module"]))] += int(record["launches"])
            pids.add(int(record["pid"]))
        except (ValueError, KeyError, TypeError):
            raise KfootError(f"{path}: line {number} is not a kernel trace record") from None
    return launches, len(pids)
