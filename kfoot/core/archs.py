"""GPU architecture names, parsed once for every step, and CUDA's rule for which code runs where.

`sm_XY` is SASS (machine code) for one GPU generation, `compute_XY` is PTX the driver
JIT-compiles. A suffix `a` (sm_90a) marks arch-specific code, `f` (sm_100f) family-specific
code; both run only on the exact SM they name here (the conservative reading of CUDA's rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import KfootError

# What `kfoot build` and `kfoot compare` target when --arch is not given.
DEFAULT_BUILD_ARCHS = "sm_80,sm_90"

_STRICT = re.compile(r"^(sm|compute)_(\d{2,3})([af]?)$")
_DEVICE = re.compile(r"^(?:sm_?)?(\d{2,3})([af]?)$", re.ASCII)
_SPACE = " \t\n\r\f\v"  # ASCII only, as the C++ runtime (kfoot/include/kfoot/detail/archs.hpp)


@dataclass(frozen=True, slots=True, order=True)
class Arch:
    number: int  # 90 for sm_90, 100 for sm_100
    suffix: str  # "", "a" or "f"
    kind: str  # "sm" (SASS) | "compute" (PTX)

    @property
    def major(self) -> int:
        return self.number // 10

    @property
    def minor(self) -> int:
        return self.number % 10

    @property
    def is_sass(self) -> bool:
        return self.kind == "sm"

    @property
    def code(self) -> str:
        """"90a": the number and suffix, as nvcc's -gencode spells them."""
        return f"{self.number}{self.suffix}"

    @property
    def name(self) -> str:
        return f"{self.kind}_{self.code}"

    @property
    def sm(self) -> "Arch":
        """The SM this arch targets (compute_90 -> sm_90)."""
        return Arch(self.number, self.suffix, "sm")

    def gencode(self) -> str:
        return f"-gencode=arch=compute_{self.code},code={self.name}"

    def __str__(self) -> str:
        return self.name


def parse_arch(name: str) -> Arch | None:
    """`sm_90`, `sm_90a`, `compute_100f` -> Arch; None for anything else (LTO-IR names, typos)."""
    match = _STRICT.match(name)
    if not match:
        return None
    return Arch(int(match.group(2)), match.group(3), match.group(1))


def parse_targets(archs, what: str = "--arch") -> list[Arch]:
    """Build targets: `["sm_80", "sm_90", "compute_90"]` or `"sm_80,sm_90"` -> Archs in the order
    given, duplicates dropped; one-line error naming `what` otherwise."""
    if isinstance(archs, str):
        archs = [archs]
    names = [a.strip() for item in archs for a in str(item).split(",") if a.strip()]
    if not names:
        raise KfootError(f"{what}: give at least one architecture, e.g. sm_80,sm_90 (compute_90 for PTX)")
    targets: list[Arch] = []
    for name in names:
        arch = parse_arch(name)
        if arch is None:
            raise KfootError(f"{what}: {name!r} is not an architecture; use sm_XX for SASS or compute_XX for PTX")
        if arch not in targets:
            targets.append(arch)
    return targets


def parse_device_arch(value, what: str = "arch") -> Arch:
    """The SM of a device: 'sm_90', 'sm90', '90', 90, 'sm_90a' -> Arch('sm'); bad input otherwise."""
    match = _DEVICE.match(str(value).strip(_SPACE).lower())
    if not match:
        raise KfootError(f"{what}: bad arch {value!r}: it is not a SASS arch such as sm_90 or sm_90a")
    return Arch(int(match.group(1)), match.group(2), "sm")


def sass_runs_on(built, device) -> bool:
    """CUDA's SASS compatibility: sm_XY code runs on sm_XZ for Z >= Y (same major); arch- and
    family-specific builds (sm_90a, sm_100f) only on exactly that arch here."""
    built = built if isinstance(built, Arch) else parse_device_arch(built)
    device = device if isinstance(device, Arch) else parse_device_arch(device)
    if built.suffix:
        return built.number == device.number and built.suffix == device.suffix
    return built.major == device.major and built.minor <= device.minor


def check_supported(targets: list[Arch], supported: tuple[int, ...] | frozenset[int], tool: str,
                    what: str = "--arch") -> None:
    """One line naming the first target `tool` cannot compile for, and what it can; before any
    work starts, so a typo such as sm_12 never reaches the compiler once per translation unit."""
    for target in targets:
        if target.number not in supported:
            listed = ", ".join(f"{target.kind}_{n}" for n in sorted(supported))
            raise KfootError(f"{what}: {target.name} is not supported by {tool} (supported: {listed})")

