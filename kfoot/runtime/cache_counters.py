"""The kernel cache's use counters: `counters` in the cache root, what `kfoot cache stats` shows of
the lookups no entry records (precompiled-header hits, remote-tier hits, misses and errors).

A PCH lives and dies with its process (kfoot.runtime.pch) and a remote hit leaves an ordinary
entry behind, so neither can be counted from the files afterwards: each process adds what it saw
to this file, under the store's lock, as writers keep `usage`. Counts run from the cache's
making (or the file's deletion: deleting it resets them); `kfoot cache clear` keeps them.

The file is one JSON object of non-negative integers below 2**63, at most MAX_COUNTERS_BYTES,
read only when it is a regular file of ours. It is untrusted: anything else (a link, a FIFO,
another user's, too large, not that object) is reported by `read` as a problem, counted as zero,
and replaced by the next process that adds to it. Adding never fails a lookup.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, fields

from ..core.errors import KfootError
from ..core.store import Refused, Store

COUNTERS_NAME = "counters"
MAX_COUNTERS_BYTES = 4096  # four small integers; a larger file is not read
_MAX_COUNT = 2 ** 63 - 1  # int64, as every figure the C++ runtime shares with the store


@dataclass
class Counters:
    pch_hits: int = 0  # programs whose headers came from a precompiled header
    remote_hits: int = 0  # entries the remote tier served (checked, then stored on disk)
    remote_misses: int = 0  # disk misses the remote tier did not hold either
    remote_errors: int = 0  # the server unreachable, or a value that failed a check

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))

    def to_dict(self) -> dict:
        return {"pch_hits": self.pch_hits,
                "remote": {"hits": self.remote_hits, "misses": self.remote_misses, "errors": self.remote_errors}}


def parse(data: bytes) -> tuple[Counters, str | None]:
    """The counters in a file's bytes, or zeros and why they are not."""
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        return Counters(), "not JSON"
    if not isinstance(obj, dict):
        return Counters(), "not a JSON object"
    counters = Counters()
    for f in fields(Counters):
        value = obj.get(f.name, 0)
        if type(value) is not int or not 0 <= value <= _MAX_COUNT:
            return Counters(), f"{f.name} is not an integer from 0 to {_MAX_COUNT}"
        setattr(counters, f.name, value)
    return counters, None


def read(store: Store) -> tuple[Counters, str | None]:
    """The store's counters (zeros when there is no file yet), and why the file was not usable."""
    try:
        data = store.read(store.path / COUNTERS_NAME, limit=MAX_COUNTERS_BYTES)
    except FileNotFoundError:
        return Counters(), None
    except Refused as exc:
        return Counters(), str(exc)
    except OSError as exc:  # ELOOP: a link, not followed
        return Counters(), f"unreadable ({exc.strerror})"
    return parse(data)


def add(store: Store, seen: Counters) -> None:
    """Add what a process saw to the store's counters, under its lock; a cache that cannot be
    written (read-only, another user's) only loses the counts."""
    if not seen:
        return
    try:
        store.ensure()
        with store.locked() as root_fd:
            total, _ = read(store)
            for f in fields(Counters):
                setattr(total, f.name, min(_MAX_COUNT, getattr(total, f.name) + getattr(seen, f.name)))
            store.write(root_fd, (COUNTERS_NAME,),
                        json.dumps({f.name: getattr(total, f.name) for f in fields(Counters)}).encode())
    except (OSError, KfootError):
        pass
