"""Usage files: which kernels a workload launched, read from what recorded it. The one module that
reads them; each reader returns (name, launches) pairs, names as the file spells them.

- kfoot's own trace (`KFOOT_TRACE`, kfoot.runtime.trace): template-ids, one JSON line each;
- an Nsight Systems SQLite export (`nsys export --type sqlite`): table CUPTI_ACTIVITY_KIND_KERNEL,
  whose mangledName (else demangledName, else shortName) is an id into StringIds(id, value);
- a PyTorch profiler / Kineto trace (`*.pt.trace.json[.gz]`): `traceEvents` whose `cat` is
  "kernel", demangled names in `name`;
- an Nsight Compute CSV (`ncu --csv`): the "Kernel Name" column;
- a plain list: one name a line.

Usage files are untrusted: read as regular files only, bounded in size (a gzip's content too),
one line naming the file and the problem on anything malformed. The SQLite file is opened read
only and immutable, the queries are fixed text (nothing built from the file's content), and a
progress handler ends a query that runs over USAGE_QUERY_SECONDS.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import sqlite3
import time
import urllib.parse
from collections import Counter
from pathlib import Path

from ..core.errors import KfootError
from ..core.escape import shown
from ..core.inputfile import open_regular, read_limited
from ..core.jsonfile import parse_json_limited
from ..runtime.trace import TRACE_MAX_BYTES, read_trace

USAGE_MAX_BYTES = 256 << 20  # a usage file, and a gzip's content
USAGE_MAX_LINE = 64 << 10  # a line of a list or a CSV (a CUTLASS name runs to 10,000 characters)
USAGE_MAX_NAMES = 1_000_000  # distinct names kept from one file
USAGE_QUERY_SECONDS = 60
_SQLITE_MAGIC = b"SQLite format 3\0"
_GZIP_MAGIC = b"\x1f\x8b"
FORMATS = ("kfoot-trace", "kfoot-kernel-trace", "nsys-sqlite", "kineto", "ncu-csv", "list")


def _error(path: Path, message: str) -> KfootError:
    return KfootError(message, path=path)


def read_usage(path: str | Path) -> tuple[str, Counter]:
    """(format, launches by name) of one usage file, its format told by its content. A name
    holding a lone surrogate (valid in JSON, `\\ud800`, but no text: never a kernel's name, and
    unprintable) is one error."""
    path = Path(path)
    kind, names = _read_usage(path)
    for name in names:
        if not name.isascii():
            try:
                name.encode("utf-8")
            except UnicodeEncodeError:
                raise _error(path, f"kernel name {shown(name)} is not Unicode text (a lone surrogate)") from None
    return kind, names


def _read_usage(path: Path) -> tuple[str, Counter]:
    try:
        with open_regular(path, what="usage file", max_bytes=USAGE_MAX_BYTES) as handle:
            head = handle.read(4096)
    except FileNotFoundError:
        raise _error(path, "usage file does not exist") from None
    if head.startswith(_SQLITE_MAGIC):
        return "nsys-sqlite", _nsys(path)
    if head.startswith(_GZIP_MAGIC):
        return "kineto", _kineto(path, _gunzip(path))
    text = head.lstrip()
    if text.startswith(b"{"):
        first = text.split(b"\n", 1)[0]
        try:
            record = json.loads(first)
        except (ValueError, RecursionError):  # RecursionError: nested deeper than Python recurses
            record = None
        if isinstance(record, dict) and "template_id" in record:
            if path.stat().st_size > TRACE_MAX_BYTES:
                raise _error(path, f"over the {TRACE_MAX_BYTES >> 20} MiB limit for a usage trace")
            return "kfoot-trace", Counter(read_trace(path))
        if isinstance(record, dict) and "kernel" in record and "launches" in record:
            names: Counter = Counter()
            for kernel, _module, launches, _pid in kernel_trace_records(path):
                _count(names, kernel, path, launches)
            return "kfoot-kernel-trace", names
        return "kineto", _kineto(path, read_limited(path, what="usage file", max_bytes=USAGE_MAX_BYTES))
    if any(b"Kernel Name" in line for line in head.split(b"\n")[:16]):
        return "ncu-csv", _ncu(path)
    return "list", _plain(path)


def _gunzip(path: Path) -> bytes:
    raw = read_limited(path, what="usage file", max_bytes=USAGE_MAX_BYTES)
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as stream:
            data = stream.read(USAGE_MAX_BYTES + 1)
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise _error(path, f"not a gzip file kfoot can read: {exc}") from None
    if len(data) > USAGE_MAX_BYTES:
        raise _error(path, f"decompresses to over the {USAGE_MAX_BYTES >> 20} MiB limit for a usage file")
    return data


def _kineto(path: Path, raw: bytes) -> Counter:
    document = parse_json_limited(raw, what="Kineto trace", path=path)
    events = document.get("traceEvents") if isinstance(document, dict) else None
    if not isinstance(events, list):
        raise _error(path, "not a Kineto trace: no traceEvents list")
    names: Counter = Counter()
    for index, event in enumerate(events):
        if not isinstance(event, dict) or event.get("cat") != "kernel":
            continue
        name = event.get("name")
        if not isinstance(name, str):
            raise _error(path, f"traceEvents[{index}]: a kernel event whose name is not a string")
        _count(names, name, path)
    return names


def _count(names: Counter, name: str, path: Path, launches: int = 1) -> None:
    if name not in names and len(names) >= USAGE_MAX_NAMES:
        raise _error(path, f"over {USAGE_MAX_NAMES:,} distinct kernel names, the limit for a usage file")
    names[name] += launches


def _lines(path: Path):
    """Each line as text, streaming, bounded."""
    with open_regular(path, what="usage file", max_bytes=USAGE_MAX_BYTES) as handle:
        read = 0
        for number in range(1, 1 << 62):
            line = handle.readline(USAGE_MAX_LINE + 1)
            if not line:
                return
            read += len(line)
            if read > USAGE_MAX_BYTES:
                raise _error(path, f"grew over the {USAGE_MAX_BYTES >> 20} MiB limit for a usage file while it was read")
            if len(line) > USAGE_MAX_LINE:
                raise _error(path, f"line {number} is over {USAGE_MAX_LINE >> 10} KiB, the limit for one line of a usage file")
            try:
                yield number, line.decode("utf-8")
            except UnicodeDecodeError:
                raise _error(path, f"line {number} is not UTF-8 text") from None


def kernel_trace_records(path: str | Path) -> list[tuple[str, str, int, int]]:
    """(kernel, module, launches, pid) per line of a `kfoot trace` file (JSON lines written by
    kfoot/trace/inject.cpp, one per kernel and process); a malformed line is one error naming it."""
    path = Path(path)
    records = []
    for number, line in _lines(path):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            kernel, module, launches, pid = record["kernel"], record["module"], record["launches"], record["pid"]
        except (ValueError, KeyError, TypeError, RecursionError):
            raise _error(path, f"line {number} is not a kfoot trace record (kernel, module, launches, pid)") from None
        if not (isinstance(kernel, str) and isinstance(module, str) and type(launches) is int and launches >= 0
                and type(pid) is int):
            raise _error(path, f"line {number} is not a kfoot trace record (kernel, module, launches, pid)")
        records.append((kernel, module, launches, pid))
    return records


def _plain(path: Path) -> Counter:
    names: Counter = Counter()
    for _, line in _lines(path):
        name = line.strip()
        if name and not name.startswith("#"):
            _count(names, name, path)
    return names


def _ncu(path: Path) -> Counter:
    """The "Kernel Name" column; ncu's own lines before the header (==PROF==) are skipped. A
    metric-per-row CSV names a kernel once per metric: each ID counts as one launch."""
    names: Counter = Counter()
    header, seen = None, set()
    for number, line in _lines(path):
        try:
            row = next(csv.reader([line]))
        except (csv.Error, StopIteration):
            if header is None:
                continue
            raise _error(path, f"line {number} is not a CSV row") from None
        if header is None:
            if "Kernel Name" in row:
                header = row
                column = row.index("Kernel Name")
                ids = row.index("ID") if "ID" in row else None
            continue
        if not row:
            continue
        if len(row) != len(header):
            raise _error(path, f"line {number} has {len(row)} fields, the header {len(header)}")
        launch = row[ids] if ids is not None else number
        if (launch, row[column]) in seen:
            continue
        if len(seen) < USAGE_MAX_NAMES:
            seen.add((launch, row[column]))
        _count(names, row[column], path)
    if header is None:
        raise _error(path, 'not an Nsight Compute CSV: no "Kernel Name" column')
    return names


_NSYS_TABLE = "CUPTI_ACTIVITY_KIND_KERNEL"
# Fixed queries, one per name column, chosen from the table's columns by name.
_NSYS_QUERIES = {column: f"SELECT s.value, COUNT(*) FROM {_NSYS_TABLE} AS k JOIN StringIds AS s ON s.id = k.{column} "
                         f"GROUP BY k.{column} LIMIT {USAGE_MAX_NAMES + 1}"
                 for column in ("mangledName", "demangledName", "shortName")}


def _nsys(path: Path) -> Counter:
    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro&immutable=1"
    deadline = time.monotonic() + USAGE_QUERY_SECONDS
    try:
        connection = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise _error(path, f"cannot open the SQLite file: {exc}") from None
    try:
        connection.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10_000)
        connection.execute("PRAGMA query_only = ON")
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if _NSYS_TABLE not in tables or "StringIds" not in tables:
            raise _error(path, f"not an Nsight Systems export: no {_NSYS_TABLE} and StringIds tables "
                               "(no kernel ran, or not `nsys export --type sqlite`)")
        columns = {row[1] for row in connection.execute(f"PRAGMA table_info({_NSYS_TABLE})")}
        column = next((c for c in _NSYS_QUERIES if c in columns), None)
        if column is None:
            raise _error(path, f"not an Nsight Systems export: {_NSYS_TABLE} has no mangledName, demangledName or shortName")
        names: Counter = Counter()
        for value, launches in connection.execute(_NSYS_QUERIES[column]):
            if not isinstance(value, str) or not isinstance(launches, int):
                raise _error(path, f"{_NSYS_TABLE}.{column}: a name that is not text ({shown(value)})")
            _count(names, value, path, launches)
        return names
    except sqlite3.Error as exc:
        what = "ran over the time limit" if time.monotonic() > deadline else str(exc)
        raise _error(path, f"cannot read the Nsight Systems export: {what}") from None
    finally:
        connection.close()
