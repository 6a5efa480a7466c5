"""Session fixtures that build something once per test run, not once per pytest-xdist worker.

`make test` runs two workers (pytest-xdist); a session fixture runs in each worker that asks for
it, so the nvcc builds every module shares would be made twice. Here the first worker to ask
builds into a folder the workers share, under a lock, and the others wait and read what it built.
Without xdist it is a plain build into the session's temporary folder.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from pathlib import Path
from typing import Callable


def once_per_run(tmp_path_factory, name: str, build: Callable[[Path], dict]) -> tuple[Path, dict]:
    """`build(folder)` made once per run: (the folder, the JSON record `build` returned). A build
    that fails or skips records nothing, so the next worker to ask tries again and fails alike."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        folder = tmp_path_factory.mktemp(name)
        return folder, build(folder)
    root = tmp_path_factory.getbasetemp().parent  # the run's folder, above each worker's own
    folder, record = root / f"once-{name}", root / f"once-{name}.json"
    with open(root / f"once-{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if record.is_file():
            return folder, json.loads(record.read_text())
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        result = build(folder)
        record.write_text(json.dumps(result))
        return folder, result
