"""A shared remote tier behind the disk cache: Redis (KFOOT_CACHE_REMOTE=redis://host:port/db).

Read-through: a disk miss asks the remote; an entry that passes every check is written to the
local cache and served. Write-through: a compiled program's entries are sent after they are
stored locally. Every remote value is untrusted: at most MAX_REMOTE_BYTES, the entry parses and
names the key asked for (kfoot.runtime.cache_entry.parse_entry), the cubin's sha256 is the
entry's, and the cubin defines the kernel the entry names for its arch (cubin_claims, as
`kfoot cache import` checks); a bad one is ignored and counted. A server that does not answer
within TIMEOUT_SECONDS costs that delay once and one warning; the tier is then off for the process.

A value is `KFR1`, the entry's length (4 bytes, big-endian), the entry (the disk cache's two
lines), then the cubin. Redis keys are `kfoot:<cache key>`.
"""

from __future__ import annotations

import hashlib
import os
import struct
import warnings
from dataclasses import dataclass

from ..core.errors import KfootError
from .cache_entry import MAX_ENTRY_BYTES, claim_problem, cubin_claims, parse_entry

MAX_REMOTE_BYTES = 64 << 20  # one value; a cubin of a 64-kernel program is well under it
TIMEOUT_SECONDS = 0.5
_MAGIC = b"KFR1"


class RemoteWarning(UserWarning):
    """The remote tier is unreachable or sent a bad entry (the kernel is compiled instead)."""


@dataclass
class RemoteStats:
    hits: int = 0
    misses: int = 0
    errors: int = 0  # unreachable, timed out, or a value that failed a check
    sent: int = 0

    def to_dict(self) -> dict:
        return {"hits": self.hits, "misses": self.misses, "errors": self.errors, "sent": self.sent}


def configured_url() -> str | None:
    url = os.environ.get("KFOOT_CACHE_REMOTE", "").strip()
    return url or None


def pack(entry: bytes, cubin: bytes) -> bytes:
    return _MAGIC + struct.pack(">I", len(entry)) + entry + cubin


def unpack(value: bytes, key: str) -> tuple[dict, bytes, bytes] | str:
    """(meta, entry bytes, cubin) of a remote value, or why it is refused."""
    if len(value) > MAX_REMOTE_BYTES:
        return f"larger than {MAX_REMOTE_BYTES} bytes"
    if len(value) < 8 or value[:4] != _MAGIC:
        return "not a kfoot remote entry"
    (size,) = struct.unpack(">I", value[4:8])
    if size > MAX_ENTRY_BYTES or 8 + size > len(value):
        return "its entry is truncated or too large"
    entry, cubin = value[8 : 8 + size], value[8 + size :]
    meta, problem = parse_entry(entry, key)
    if problem:
        return problem
    if hashlib.sha256(cubin).hexdigest() != meta["blob"]:
        return "its cubin's sha256 is not the entry's"
    problem = claim_problem(meta, cubin_claims(cubin))
    if problem:
        return problem
    return meta, entry, cubin


class RedisTier:
    """One Redis server; every failure is a miss, never an exception to the caller."""

    def __init__(self, url: str):
        try:
            import redis
        except ImportError:
            raise KfootError("KFOOT_CACHE_REMOTE is set but redis-py is not installed (pip install redis)") from None
        try:
            self._client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS,
                                                socket_connect_timeout=TIMEOUT_SECONDS, retry_on_timeout=False)
        except ValueError as exc:
            raise KfootError(f"KFOOT_CACHE_REMOTE: not a redis:// URL ({exc})") from None
        self._errors = redis.RedisError
        self.url = url
        self.stats = RemoteStats()
        self.dead = False

    def _fail(self, exc: Exception) -> None:
        self.stats.errors += 1
        self.dead = True
        warnings.warn(RemoteWarning(f"remote cache {self.url} unusable ({type(exc).__name__}: {exc}); "
                                    "going on without it"), stacklevel=3)

    def fetch(self, key: str) -> tuple[str, tuple[dict, bytes, bytes] | None]:
        """("hit", (meta, entry, cubin)), or ("miss" | "error" | "off", None): what this lookup
        counted, for a caller that keeps its own figures (threads share `stats`)."""
        if self.dead:
            return "off", None
        try:
            value = self._client.get("kfoot:" + key)
        except (self._errors, OSError) as exc:
            self._fail(exc)
            return "error", None
        if value is None:
            self.stats.misses += 1
            return "miss", None
        checked = unpack(value, key)
        if isinstance(checked, str):
            self.stats.errors += 1
            warnings.warn(RemoteWarning(f"remote cache {self.url}: entry {key} ignored: {checked}"), stacklevel=3)
            return "error", None
        self.stats.hits += 1
        return "hit", checked

    def put(self, key: str, entry: bytes, cubin: bytes) -> None:
        value = pack(entry, cubin)
        if self.dead or len(value) > MAX_REMOTE_BYTES:
            return
        try:
            self._client.set("kfoot:" + key, value)
            self.stats.sent += 1
        except (self._errors, OSError) as exc:
            self._fail(exc)


_TIERS: dict[str, RedisTier] = {}


def tier() -> RedisTier | None:
    """The process's remote tier for KFOOT_CACHE_REMOTE, or None when unset."""
    url = configured_url()
    if url is None:
        return None
    if url not in _TIERS:
        _TIERS[url] = RedisTier(url)
    return _TIERS[url]
