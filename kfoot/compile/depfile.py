"""What a build read, for the build system that runs kfoot (CMake's DEPFILE, make, ninja).

After every successful `kfoot build`, OUT/kfoot.stamp is rewritten; with `--depfile FILE`, FILE
names the stamp's inputs in Makefile syntax: the spec and every header its families reach
through #include (the spec's include_dirs too) and the declared dtypes' headers, the same
closure the spec's hash covers. A build system then reruns kfoot when one of them changes, and
only then; the list comes from kfoot, not from a glob.
"""

from __future__ import annotations

import time
from pathlib import Path

from ..core.atomic import write_atomic
from ..core.errors import KfootError
from ..core.includes import walk_includes

STAMP_NAME = "kfoot.stamp"


def build_inputs(spec) -> list[Path]:
    """The spec file, its families' header closure and its declared dtypes' headers, sorted."""
    found = {Path(spec.path).resolve(), *spec.headers()}
    for dtype in spec.dtypes.declared:
        if dtype.header is not None and Path(dtype.header).is_file():
            found.update(path for path, _data, _unresolved in walk_includes(dtype.header))
    return sorted(found)


def _escape(path: Path) -> str:
    """A path as a Makefile depfile writes it (what make, ninja and CMake read back)."""
    text = str(path)
    if "\n" in text or "\r" in text:
        raise KfootError(f"{text!r}: a path holding a newline cannot be written to a depfile; rename it")
    out = []
    for char in text:
        if char in " #":
            out.append("\\" + char)
        elif char == "$":
            out.append("$$")
        else:
            out.append(char)
    return "".join(out)


def write_stamp(out_dir: str | Path, spec, depfile: str | Path | None) -> Path:
    """Rewrite OUT/kfoot.stamp and, when asked, the depfile naming its inputs; -> the stamp."""
    stamp = Path(out_dir) / STAMP_NAME
    write_atomic(stamp, f"built {time.time():.3f}\n", durable=False)
    if depfile is not None:
        lines = [_escape(stamp.resolve()) + ":"]
        lines += [" \\\n  " + _escape(path) for path in build_inputs(spec)]
        write_atomic(Path(depfile), "".join(lines) + "\n", durable=False)
    return stamp
