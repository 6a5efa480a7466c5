"""Facts derived from files, remembered while those files are unchanged (size and mtime).

A new process that only reads the disk cache must still compute each kernel's key, which
covers the NVRTC version and a hash of the headers. Measured on the 2-core machine: learning
the NVRTC version means importing cupy and loading the 141 MB libnvrtc (~0.6 s), and hashing
elementwise.cuh with the cuda_fp16/bf16 headers it reaches takes ~50 ms. Both are remembered
here, in the cache directory, so a process served from disk does neither.

The memo is only a shortcut: a fact is used only while every file it was derived from still
has the recorded realpath, size and mtime (nanoseconds); anything unreadable is treated as
absent. What it cannot see: an edit that keeps both a file's size and its mtime, or a new file
that shadows an include from an earlier search directory. `kfoot cache clear` drops entries;
deleting memo.json drops the memo.
"""

from __future__ import annotations

import json
import os
import threading

from ..core.errors import KfootError
from ..core.store import Refused, Store

MEMO_NAME = "memo.json"
# NVRTC versions and header digests: a few KiB in practice; a larger file is not read.
MAX_MEMO_BYTES = 4 << 20


def file_stamp(path: str | os.PathLike) -> list | None:
    try:
        real = os.path.realpath(path)
        st = os.stat(real)
    except OSError:
        return None
    return [real, st.st_size, st.st_mtime_ns]


class StatMemo:
    def __init__(self, store: Store):
        """The memo of the kernel cache `store`: memo.json in its folder, read only when it is a
        regular file of ours, written like every file of the store (never through a link)."""
        self.store = store
        self.path = store.path / MEMO_NAME
        self._data: dict | None = None
        self._lock = threading.Lock()

    def _load(self) -> dict:
        if self._data is None:
            try:
                data = json.loads(self.store.read(self.path, limit=MAX_MEMO_BYTES))
                self._data = data if isinstance(data, dict) else {}
            except (OSError, Refused, ValueError, RecursionError):
                self._data = {}
        return self._data

    def get(self, name: str):
        """The value stored under `name` if all of its files are unchanged, else None."""
        with self._lock:
            record = self._load().get(name)
        if not isinstance(record, dict) or not isinstance(record.get("files"), list):
            return None
        for stamp in record["files"]:
            if not isinstance(stamp, list) or len(stamp) != 3 or file_stamp(stamp[0]) != stamp:
                return None
        return record.get("value")

    def put(self, name: str, files: list[str | os.PathLike], value) -> None:
        stamps = [file_stamp(f) for f in files]
        if any(s is None for s in stamps):
            return
        with self._lock:
            data = dict(self._load())
            data[name] = {"files": stamps, "value": value}
            self._data = data
            try:
                self.store.ensure()
                fd = self.store.open()
                try:
                    self.store.write(fd, (MEMO_NAME,), json.dumps(data).encode())
                finally:
                    os.close(fd)
            except (OSError, KfootError):
                pass  # a memo that cannot be written (a refused cache folder) only costs time
