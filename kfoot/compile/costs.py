"""What an AOT build cost, per shard and per family: compile seconds and kernels.

Compile seconds come from ninja's own record, build/.ninja_log (one line per output: start and
end in milliseconds since its build started, the output's mtime, its path, a command hash; the
last line of an output is its latest build), read for each shard's object file. A shard that
packs several families shares its seconds among them by their variants. A shard ninja did not
rebuild keeps the seconds of its last compile."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..core.inputfile import read_limited
from ..core.errors import KfootError
from .ninja_file import ShardPaths
from .sources import Shard

# A .ninja_log holds a line per output and is recompacted by ninja; a bound on what reading it
# costs (the bundled library's 700 shards write about 150 KB).
NINJA_LOG_MAX_BYTES = 64 << 20


def parse_ninja_log(data: bytes) -> dict[str, float]:
    """Output path -> seconds its latest build took, from .ninja_log's bytes (v5 to v7 lines:
    start_ms, end_ms, mtime, path, hash, tab-separated). Lines that are not that are skipped."""
    seconds: dict[str, float] = {}
    for line in data.decode("utf-8", errors="replace").splitlines():
        if line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 5:
            continue
        try:
            start, end = int(fields[0]), int(fields[1])
        except ValueError:
            continue
        seconds[fields[3]] = max(0, end - start) / 1000
    return seconds


@dataclass(frozen=True)
class ShardCost:
    name: str
    families: tuple[str, ...]
    variants: int
    kernels: int  # variants x SASS archs
    compile_s: float | None  # None: ninja's log has no line for the shard's object

    def to_json(self) -> dict:
        return {"name": self.name, "families": list(self.families), "variants": self.variants,
                "kernels": self.kernels, "compile_s": self.compile_s}


@dataclass(frozen=True)
class FamilyCost:
    family: str
    shards: int
    variants: int
    kernels: int
    compile_s: float | None  # its share of its shards' seconds (by variants)

    def to_json(self) -> dict:
        return {"family": self.family, "shards": self.shards, "variants": self.variants, "kernels": self.kernels,
                "compile_s": self.compile_s}


@dataclass(frozen=True)
class BuildCost:
    shards: tuple[ShardCost, ...] = ()
    families: tuple[FamilyCost, ...] = ()

    def to_json(self) -> dict:
        return {"shards": [s.to_json() for s in self.shards], "families": [f.to_json() for f in self.families]}


def build_cost(build_dir: Path, shards: list[Shard], sass_archs: int) -> BuildCost:
    """Each shard's and each family's compile seconds and kernels, from build_dir/.ninja_log."""
    log = build_dir / ".ninja_log"  # never a link: kfoot.compile.outputs refuses one before the build
    seconds = parse_ninja_log(read_limited(log, what="ninja log", max_bytes=NINJA_LOG_MAX_BYTES,
                                           error=KfootError)) if log.is_file() else {}
    shard_costs = []
    family_rows: dict[str, dict] = {}
    for shard in shards:
        spent = seconds.get(ShardPaths.of(shard).object)
        members: dict[str, int] = {}
        for variant in shard.variants:
            members[variant.family] = members.get(variant.family, 0) + 1
        shard_costs.append(ShardCost(shard.name, tuple(members), len(shard.variants),
                                     len(shard.variants) * sass_archs, spent))
        for family, count in members.items():
            row = family_rows.setdefault(family, {"shards": 0, "variants": 0, "seconds": 0.0, "known": True})
            row["shards"] += 1
            row["variants"] += count
            if spent is None:
                row["known"] = False
            else:
                row["seconds"] += spent * count / len(shard.variants)
    families = tuple(FamilyCost(name, row["shards"], row["variants"], row["variants"] * sass_archs,
                                round(row["seconds"], 3) if row["known"] else None)
                     for name, row in family_rows.items())
    return BuildCost(tuple(shard_costs), families)
