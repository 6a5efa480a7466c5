"""`kfoot cache`: the commands over the whole cache root, both of its parts: the kernel cache
(kfoot.runtime.kernel_cache) and the report cache's records (kfoot.core.record_store, in report/).

Each command's result is typed, with the JSON it prints (`to_dict`: the kernel cache's fields where
they always were, documented in docs/runtime.md, and the report cache's under "reports") and its
lines of text, each saying which part it counts."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import KfootError
from ..core.record_store import RecordsCleared, RecordsPruned, RecordStats, RecordStore
from ..core.store import default_cache_root, kernel_cache_bound, report_cache_bound
from ..core.units import format_bytes
from .cache_archive import ImportResult
from .cache_counters import COUNTERS_NAME
from .kernel_cache import ClearResult, DiskCache, EntryInfo, KernelStats, PruneResult


def _bound(max_bytes: int | None) -> str:
    return f" of {format_bytes(max_bytes)} allowed" if max_bytes is not None else ""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _failures(part: str, not_removed: dict[str, list[str]]) -> list[str]:
    """One stderr line per reason a prune or clear could not remove files."""
    return [f"kfoot: could not remove {_plural(len(paths), 'file')}{part}: {why} (first: {paths[0]})"
            for why, paths in sorted(not_removed.items())]


@dataclass
class CacheListing:
    root: Path
    entries: list[EntryInfo]

    def to_dict(self) -> dict:
        return {"root": str(self.root), "entries": [e.to_dict() for e in self.entries]}

    def table(self):
        from rich.markup import escape
        from rich.table import Table
        from rich.text import Text

        table = Table(title=f"{escape(str(self.root))}: {len(self.entries)} entries")
        for column in ("key", "arch", "kernel", "program cubin", "last used"):
            table.add_column(column)
        for entry in self.entries:
            row = entry.to_dict()
            # Names and paths come from files on disk: plain text, never rich markup.
            kernel = Text(row["kernel"] or "?") if row["problem"] is None else Text(row["problem"], style="red")
            used = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["last_used"]))
            table.add_row(row["key"][:12], Text(row["arch"] or "?"), kernel, format_bytes(row["cubin_bytes"]), used)
        return table


@dataclass
class _BothParts:
    """A result over both caches: the kernel cache's fields at the top of its JSON, as they always
    were, and the report cache's under "reports"."""
    kernels: object
    reports: object

    def to_dict(self) -> dict:
        return {**self.kernels.to_dict(), "reports": self.reports.to_dict()}

    def failures(self) -> list[str]:
        """What a prune or clear could not delete: one stderr line per part and reason."""
        return _failures("", self.kernels.not_removed) + _failures(" of the report cache", self.reports.not_removed)


@dataclass
class CacheStats(_BothParts):
    kernels: KernelStats
    reports: RecordStats

    def rows(self) -> list[tuple[str, str]]:
        k, r = self.kernels, self.reports
        bad = k.bad + r.bad
        return [("root", str(k.root)),
                ("kernel entries", f"{k.entries} ({k.bad_entries} bad)"),
                ("kernel cubins", f"{k.cubins} ({k.bad_cubins} bad)"),
                ("kernel cache size", format_bytes(k.total_bytes) + _bound(k.max_bytes)),
                *[(f"kernel entries for {arch}", str(n)) for arch, n in sorted(k.entries_per_arch.items())],
                ("precompiled-header hits", str(k.counters.pch_hits)),
                ("remote cache", f"{k.counters.remote_hits} hit(s), {k.counters.remote_misses} miss(es), "
                                 f"{k.counters.remote_errors} error(s)"),
                *([("counters", f"{k.root / COUNTERS_NAME}: {k.counters_problem}; not read, counted as zero")]
                  if k.counters_problem else []),
                ("report entries", f"{r.entries} ({r.bad} bad)"),
                ("report cache size", format_bytes(r.total_bytes) + _bound(r.max_bytes)),
                ("bad", f"{bad}" + (": kfoot cache verify lists them, --fix deletes them" if bad else ""))]


@dataclass
class CacheVerified:
    root: Path
    kernels: list[tuple[Path, str]]
    reports: list[tuple[Path, str]]
    report_root: Path
    fixed: bool

    @property
    def failed(self) -> bool:
        """Bad files found and left (exit 1)."""
        return bool(self.kernels or self.reports) and not self.fixed

    def to_dict(self) -> dict:
        def rows(bad):
            return [{"path": str(p), "problem": why} for p, why in bad]

        return {"root": str(self.root), "bad": rows(self.kernels), "fixed": self.fixed,
                "reports": {"root": str(self.report_root), "bad": rows(self.reports)}}

    def text(self) -> str:
        lines = [f"{path}: {why}{' (removed)' if self.fixed and not why.startswith('owned by') else ''}"
                 for path, why in [*self.kernels, *self.reports]]
        if self.kernels or self.reports:
            lines.append(f"{len(self.kernels) + len(self.reports)} bad: {len(self.kernels)} in the kernel cache, "
                         f"{len(self.reports)} in the report cache")
        else:
            lines.append("all entries verified (kernel cache and report cache)")
        return "\n".join(lines) + "\n"


@dataclass
class CachePruned(_BothParts):
    kernels: PruneResult
    reports: RecordsPruned

    def text(self) -> str:
        k, r = self.kernels, self.reports
        return (f"removed {k.removed_entries} entries and {k.removed_cubins} cubins from the kernel cache, "
                f"freed {format_bytes(k.freed_bytes)}; {format_bytes(k.total_bytes)} left\n"
                f"removed {r.removed_entries} entries from the report cache, "
                f"freed {format_bytes(r.freed_bytes)}; {format_bytes(r.total_bytes)} left\n")


@dataclass
class CacheCleared(_BothParts):
    kernels: ClearResult
    reports: RecordsCleared

    def text(self) -> str:
        k, r = self.kernels, self.reports

        def other(n: int) -> str:
            return f", {n} other files" if n else ""

        return (f"removed {k.removed_entries} entries and {k.removed_cubins} cubins{other(k.removed_other)} "
                f"({format_bytes(k.freed_bytes)}) from the kernel cache in {k.root}\n"
                f"removed {r.removed_entries} entries{other(r.removed_other)} ({format_bytes(r.freed_bytes)}) "
                f"from the report cache in {r.root}\n")


@dataclass
class CacheExported:
    root: Path
    archive: str
    entries: int

    def to_dict(self) -> dict:
        return {"root": str(self.root), "archive": self.archive, "entries": self.entries}

    def text(self) -> str:
        return f"exported {self.entries} entries to {self.archive}\n"


class Caches:
    """Both parts of one cache root, as `kfoot cache` sees them."""

    def __init__(self, root: str | Path | None = None):
        """`root` None: the environment's (KFOOT_CACHE_DIR ...); the bounds are the environment's
        (KFOOT_CACHE_MAX_BYTES, KFOOT_REPORT_CACHE_MAX_BYTES). A root, report folder or one of their
        subfolders that is a link, a file, or cannot be read is one line (KfootError); one that does
        not exist yet is empty. Another user's cache can be read; changing it is refused."""
        root = Path(root) if root is not None else default_cache_root()
        self.kernels = DiskCache(root, max_bytes=kernel_cache_bound())
        self.reports = RecordStore(root, report_cache_bound())
        self.root = self.kernels.root
        if self.kernels.check_folder():
            self.reports.check_folder()

    def listing(self) -> CacheListing:
        return CacheListing(self.root, self.kernels.listing())

    def stats(self) -> CacheStats:
        return CacheStats(self.kernels.stats(), self.reports.stats())

    def _before_changes(self) -> None:
        """Both parts checked before either changes: a refusal (a link, another user's folder) leaves
        the whole cache as it was."""
        self.kernels.store.guard(write=True)
        self.reports.store.guard(write=True)

    def verify(self, *, fix: bool = False) -> CacheVerified:
        if fix:
            self._before_changes()
        return CacheVerified(self.root, self.kernels.verify(fix=fix), self.reports.verify(fix=fix), self.reports.path, fix)

    def prune(self, max_bytes: int | None = None) -> CachePruned:
        """Each part down to `max_bytes`, obeyed to the byte (0 empties the cache), or without it to
        its own bound; the kernel cache's bound (KFOOT_CACHE_MAX_BYTES) never empties it: its most
        recently used entry stays."""
        self._before_changes()
        if max_bytes is not None:
            return CachePruned(self.kernels.prune(max_bytes, keep_newest=False), self.reports.prune(max_bytes))
        if self.kernels.max_bytes is None:
            raise KfootError("no bound to prune to: pass --max-bytes or set KFOOT_CACHE_MAX_BYTES")
        return CachePruned(self.kernels.prune(self.kernels.max_bytes, keep_newest=True), self.reports.prune())

    def clear(self) -> CacheCleared:
        self._before_changes()
        return CacheCleared(self.kernels.clear(), self.reports.clear())

    def export(self, archive: str) -> CacheExported:
        if not self.root.is_dir():
            raise KfootError("no cache here", path=self.root)
        return CacheExported(self.root, archive, self.kernels.export(archive))

    def import_(self, archive: str) -> ImportResult:
        return self.kernels.import_(archive)
