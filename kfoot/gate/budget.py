"""Growth budgets for `kfoot gate`: from command-line flags and from a TOML file in the repo.

A limit is an absolute amount (kernels, or bytes with an optional unit) or a percentage of the
baseline figure. The budget file keeps the rules next to the code they guard:

    baseline = "demo-baseline.json"     # optional, relative to this file
    max-kernel-growth = 0               # kernels, or "N%"
    max-size-growth = "2%"              # bytes (123, "64KiB", "1MB"), or "N%"

    [families."kfoot::binary_kernel"]   # a family with its own allowance
    max-kernel-growth = 16
    max-size-growth = "10%"
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.errors import KfootError
from ..core.units import SIZE_EXAMPLES, parse_bytes

_LIMIT_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(%|[a-zA-Z]*)\s*$")


@dataclass(frozen=True)
class Limit:
    """How much a figure may grow: `amount` units, or `amount` percent of the baseline figure."""

    amount: float
    percent: bool = False

    def allowed(self, base: int) -> int:
        """Largest growth that passes, for a baseline figure `base`. A percentage of zero is zero:
        a family that did not exist has no size to grow relative to."""
        if self.percent:
            return math.floor(base * self.amount / 100.0 + 1e-9)
        return int(self.amount)

    def describe(self, unit: str) -> str:
        if self.percent:
            return f"{self.amount:g}%"
        return f"{int(self.amount):,} {unit}"


def parse_limit(text: object, what: str, *, sizes: bool, where: str = "") -> Limit:
    """`12`, `12%`, and for sizes `64KiB`/`1.5MB`/`4096`. `where` prefixes the error message."""
    prefix = f"{where}: " if where else ""
    if isinstance(text, bool):
        raise KfootError(f"{prefix}{what} must be a number or a percentage, not {str(text).lower()}")
    if isinstance(text, (int, float)):
        if text < 0:
            raise KfootError(f"{prefix}{what} must not be negative ({text})")
        if not sizes and isinstance(text, float) and not text.is_integer():
            raise KfootError(f"{prefix}{what} must be a whole number of kernels or a percentage ({text})")
        return Limit(float(text))
    if not isinstance(text, str):
        raise KfootError(f"{prefix}{what} must be a number or a string like '5%', not {type(text).__name__}")
    match = _LIMIT_RE.match(text)
    if not match:
        example = f"a size ({SIZE_EXAMPLES}) or a percentage like '2.5%'" if sizes else "'12' or '2.5%'"
        raise KfootError(f"{prefix}{what} {text!r} is not a limit; use {example}")
    number, unit = float(match.group(1)), match.group(2)
    if unit == "%":
        return Limit(number, percent=True)
    if not sizes:
        if unit or not number.is_integer():
            raise KfootError(f"{prefix}{what} {text!r} is not a limit; use a whole number of kernels or a percentage like '2.5%'")
        return Limit(number)
    return Limit(float(parse_bytes(text, f"{prefix}{what}")))


@dataclass(frozen=True)
class FamilyBudget:
    """A family's own allowance. A limit left unset is not checked for this family: allowing a
    family 16 more kernels must not fail it on the bytes those kernels bring."""

    kernels: Limit | None = None
    size: Limit | None = None


@dataclass(frozen=True)
class Budget:
    kernels: Limit = Limit(0)
    size: Limit = Limit(0)
    families: dict[str, FamilyBudget] = field(default_factory=dict)
    baseline: Path | None = None  # from the budget file, resolved against its folder
    source: Path | None = None    # the budget file, for messages


_FILE_KEYS = {"baseline", "max-kernel-growth", "max-size-growth", "families"}
_FAMILY_KEYS = {"max-kernel-growth", "max-size-growth"}


def load_budget_file(path: str | Path) -> Budget:
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise KfootError("budget file not found", path=path) from None
    except OSError as exc:
        raise KfootError(f"cannot read budget file: {exc.strerror}", path=path) from None
    except tomllib.TOMLDecodeError as exc:
        raise KfootError(f"not valid TOML: {exc}", path=path) from None

    unknown = sorted(set(data) - _FILE_KEYS)
    if unknown:
        raise KfootError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_FILE_KEYS))})", path=path)
    budget = Budget(source=path)
    if "max-kernel-growth" in data:
        budget = replace(budget, kernels=parse_limit(data["max-kernel-growth"], "max-kernel-growth", sizes=False, where=str(path)))
    if "max-size-growth" in data:
        budget = replace(budget, size=parse_limit(data["max-size-growth"], "max-size-growth", sizes=True, where=str(path)))
    if "baseline" in data:
        if not isinstance(data["baseline"], str) or not data["baseline"]:
            raise KfootError("baseline must be a path (a string)", path=path)
        budget = replace(budget, baseline=(path.parent / data["baseline"]))
    families = data.get("families", {})
    if not isinstance(families, dict):
        raise KfootError('"families" must be a table of [families."NAME"] sections', path=path)
    parsed = {}
    for name, rules in families.items():
        if not isinstance(rules, dict):
            raise KfootError(f'families."{name}" must be a table', path=path)
        unknown = sorted(set(rules) - _FAMILY_KEYS)
        if unknown:
            raise KfootError(f'families."{name}": unknown key {unknown[0]!r} (known: {", ".join(sorted(_FAMILY_KEYS))})', path=path)
        where = f'{path}: families."{name}"'
        kernels = rules.get("max-kernel-growth")
        size = rules.get("max-size-growth")
        parsed[name] = FamilyBudget(
            kernels=None if kernels is None else parse_limit(kernels, "max-kernel-growth", sizes=False, where=where),
            size=None if size is None else parse_limit(size, "max-size-growth", sizes=True, where=where),
        )
    return replace(budget, families=parsed)


def parse_family_option(text: str) -> tuple[str, Limit]:
    """`--family-budget NAME=N` or `NAME=N%`: a kernel allowance for one family. The last `=`
    splits, since C++ names never contain one."""
    name, sep, value = text.rpartition("=")
    if not sep or not name.strip():
        raise KfootError(f"--family-budget {text!r}: expected NAME=N or NAME=N%")
    return name.strip(), parse_limit(value, f"--family-budget {name.strip()}", sizes=False)


def combine(file_budget: Budget | None, kernels: str | None, size: str | None, family_options: tuple[str, ...]) -> Budget:
    """The effective budget: the file's rules, overridden by whatever the command line gives."""
    budget = file_budget or Budget()
    if kernels is not None:
        budget = replace(budget, kernels=parse_limit(kernels, "--max-kernel-growth", sizes=False))
    if size is not None:
        budget = replace(budget, size=parse_limit(size, "--max-size-growth", sizes=True))
    if family_options:
        families = dict(budget.families)
        for option in family_options:
            name, limit = parse_family_option(option)
            families[name] = replace(families.get(name, FamilyBudget()), kernels=limit)
        budget = replace(budget, families=families)
    return budget
