"""What a build produced, as objects that summarise themselves: the CLI prints `rows()` as a
table and `summary()` as JSON (the `kfoot build --json` contract, docs/spec.md), and
`kfoot compare` reads them, so nobody re-reads the output folder to find out what happened."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..core.units import format_bytes
from ..runtime.registry import REGISTRY_NAME, Registry
from ..variants.enumerate import Variant
from .costs import BuildCost
from .launcher import summary_row
from .failures import VariantFailure
from .nvrtc_checks import NvrtcCheck
from .sources import Shard


@dataclass
class AotResult:
    out_dir: Path
    library: Path
    fatbin: Path
    manifest: Path
    variants: list[Variant]
    symbols: list[str]  # mangled kernel name of each variant
    shards: list[Shard]
    archs: list[str]
    sass_archs: list[str]
    kernels: int  # variants x SASS archs: kernel entries in the library
    compiled_shards: int  # shards nvcc compiled in this run (0 on a no-op rebuild)
    ninja_edges: int  # build steps ninja ran
    elapsed_s: float
    library_bytes: int
    fatbin_bytes: int
    name: str = "kfoot_kernels"  # --name: libNAME.so, NAME::find_kernel
    header: Path | None = None  # include/NAME/kernels.hpp
    duplicates: int = 0  # variants dropped because another family has the same template-id
    # --keep-going: the variants left out because they do not compile, each with its first error
    failures: list[VariantFailure] = field(default_factory=list)
    timings: dict = field(default_factory=dict)
    # --launcher sccache|ccache: what the cache did (kfoot.compile.launcher.difference)
    compiler_cache: dict | None = None
    cost: BuildCost = field(default_factory=BuildCost)  # compile seconds and kernels per shard and family

    @property
    def up_to_date(self) -> bool:
        return self.ninja_edges == 0

    def summary(self) -> dict:
        return {
            "mode": "aot",
            "out_dir": str(self.out_dir),
            "name": self.name,
            "library": str(self.library),
            "header": str(self.header) if self.header else None,
            "fatbin": str(self.fatbin),
            "manifest": str(self.manifest),
            "variants": len(self.variants),
            "archs": self.archs,
            "kernels": self.kernels,
            "shards": len(self.shards),
            "compiled_shards": self.compiled_shards,
            "up_to_date": self.up_to_date,
            "duplicates_dropped": self.duplicates,
            "library_bytes": self.library_bytes,
            "fatbin_bytes": self.fatbin_bytes,
            "elapsed_s": round(self.elapsed_s, 3),
            "kernels_per_s": round(self.kernels / self.elapsed_s, 1) if self.compiled_shards else None,
            "failed": sorted(f.template_id for f in self.failures),
            "compiler_cache": self.compiler_cache,
            "cost": self.cost.to_json(),
        }

    def rows(self) -> list[tuple[str, str]]:
        if self.up_to_date:
            state = "up to date (nothing recompiled)"
        elif self.failures:  # --keep-going compiles split shards again: not "7 of 3 shards"
            state = (f"{self.compiled_shards} compiles, failing shards split until "
                     f"{len(self.failures)} failing variant(s) stood alone")
        else:
            state = f"compiled {self.compiled_shards} of {len(self.shards)} shards"
        dropped = f" ({self.duplicates} duplicate template-ids dropped)" if self.duplicates else ""
        return [
            ("variants", f"{len(self.variants):,}{dropped}"),
            ("archs", ", ".join(self.archs)),
            ("kernels", f"{self.kernels:,} (variants × SASS archs)"),
            ("build", f"{state} in {self.elapsed_s:.2f} s"),
            ("library", f"{self.library} ({self.library_bytes:,} bytes, {format_bytes(self.library_bytes)})"),
            ("header", f"{self.header} ({self.name}::find_kernel)" if self.header else "none"),
            ("fatbin", f"{self.fatbin} ({self.fatbin_bytes:,} bytes, {format_bytes(self.fatbin_bytes)})"),
            ("manifest", str(self.manifest)),
        ] + ([("compiler cache", summary_row(self.compiler_cache))] if self.compiler_cache else []) + ([("failed", f"{len(self.failures):,} variant(s) left out (they do not compile; listed in the manifest)")]
             if self.failures else [])


@dataclass
class RegistryResult:
    """An RTC registry (`mode` "rtc"), or a hybrid build: a registry plus the AOT part (`aot`)."""

    mode: str
    out_dir: Path
    registry: Registry  # what the build wrote, opened (kfoot.runtime.registry)
    aot: AotResult | None = None
    check: NvrtcCheck | None = None  # the NVRTC check of `kfoot build` (kfoot.compile.nvrtc_checks)
    library: Path | None = None  # rtc with --name: libNAME.so, holding only NAME::library_path()

    @property
    def path(self) -> Path:
        """registry.json, under the output folder as the caller named it."""
        return self.out_dir / REGISTRY_NAME

    @property
    def variants(self) -> int:
        return len(self.registry)

    @property
    def families(self) -> list[str]:
        return sorted(self.registry.families)

    def summary(self) -> dict:
        out = {"mode": self.mode, "out_dir": str(self.out_dir), "registry": str(self.path),
               "variants": self.variants, "families": self.families}
        if self.library is not None:
            out["library"] = str(self.library)
        if self.aot is not None:
            out["aot"] = {
                "library": str(self.aot.library),
                "fatbin": str(self.aot.fatbin),
                "manifest": str(self.aot.manifest),
                "archs": self.aot.archs,
                "sass_archs": self.aot.sass_archs,
                "variants": len(self.aot.variants),
                "kernels": self.aot.kernels,
                "up_to_date": self.aot.up_to_date,
                "compiler_cache": self.aot.compiler_cache,
                "cost": self.aot.cost.to_json(),
            }
        return out

    def rows(self) -> list[tuple[str, str]]:
        rows = [("registry", str(self.path)),
                ("variants", f"{self.variants:,} in {len(self.families)} famil{'y' if len(self.families) == 1 else 'ies'}"
                             " (compiled on first use, or by kfoot warm)")]
        if self.check is not None:
            c = self.check
            rows.append(("check", f"every family compiles under NVRTC for {c.arch} "
                                  f"({c.programs} program{'' if c.programs == 1 else 's'}, {c.seconds:.2f} s)"))
        if self.library is not None:
            name = self.library.name.removeprefix("lib").removesuffix(".so")
            rows.append(("library", f"{self.library} (no kernels: {name}::registry() finds the registry beside it)"))
        if self.aot is not None:
            rows += [(f"AOT {label}", value) for label, value in self.aot.rows() if label != "manifest"]
        return rows
