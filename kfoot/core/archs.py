"""Target architectures: `sm_XX` means SASS for that GPU, `compute_XX` means PTX for the JIT."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import KfootError

_ARCH = re.compile(r"^(sm|compute)_(\d{2,3}[af]?)$")


@dataclass(frozen=True)
class Target:
    kind: str  # "sass" or "ptx"
    name: str  # "sm_90" / "compute_90"
    number: str  # "90", "90a"

    def gencode(self) -> str:
        code = f"sm_{self.number}" if self.kind == "sass" else f"compute_{self.number}"
        return f"-gencode=arch=compute_{self.number},code={code}"


def parse_archs(archs: list[str] | tuple[str, ...] | str) -> list[Target]:
    """`["sm_80", "sm_90", "compute_90"]` or `"sm_80,sm_90"` -> targets; one-line error otherwise."""
    if isinstance(archs, str):
        archs = [archs]
    names = [a.strip() for item in archs for a in item.split(",") if a.strip()]
    if not names:
        raise KfootError("--arch: give at least one architecture, e.g. sm_80,sm_90 (compute_90 for PTX)")
    targets: list[Target] = []
    for name in names:
        match = _ARCH.match(name)
        if not match:
            raise KfootError(f"--arch: {name!r} is not an architecture; use sm_XX for SASS or compute_XX for PTX")
        target = Target("sass" if match.group(1) == "sm" else "ptx", name, match.group(2))
        if target not in targets:
            targets.append(target)
    return targets


def sass_archs(targets: list[Target]) -> list[str]:
    return [t.name for t in targets if t.kind == "sass"]
