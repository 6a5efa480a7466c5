"""Small helpers shared by the pipeline steps."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path, data: str | bytes) -> None:
    """Write via a temporary file in the same folder and rename: readers never see half a file.

    The file keeps the mode of the one it replaces, else gets what a plain open would give
    (mkstemp's 0600 would make shipped outputs and committed baselines private)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, mode) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
