"""Growth budgets for `kfoot gate`: from command-line flags and from a TOML file in the repo.

A limit is an absolute amount (kernels, or bytes with an optional unit) or a percentage of the
baseline figure. The budget file keeps the rules next to the code they guard:

    baseline = "demo-baseline.json"     # optional, relative to this file
    max-kernel-growth = 0               # kernels, or "N%"
    max-size-growth = "2%"              # bytes (123, "64KiB", "1MB"), or "N%"
    max-register-growth = 8             # registers any one kernel may gain, or "N%" (needs --kernels reports)
    max-stack-growth = "256B"           # stack bytes any one kernel may gain, or "N%"
    max-duplicate-bytes = "1MiB"        # a cap on NEW's duplicate kernel code (not a growth)

    [families."kfoot::binary_kernel"]   # a family with its own allowance
    max-kernel-growth = 16
    max-size-growth = "10%"
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.errors import KfootError
from ..core.escape import ERROR_PREFIX, shown, shown_message
from ..core.inputfile import read_limited
from ..core.units import SIZE_EXAMPLES, parse_bytes

_LIMIT_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(%|[a-zA-Z]*)\s*$")
# A limit is a 64-bit figure: more than any library holds, and what a baseline's figures fit in.
_MAX_AMOUNT = 2 ** 63 - 1
# A budget file is a few lines; this bounds what a hostile one costs to read.
BUDGET_MAX_BYTES = 4 * 2 ** 20


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
    quoted = shown(text)
    if isinstance(text, bool):
        raise KfootError(f"{prefix}{what} must be a number or a percentage, not {str(text).lower()}")
    if isinstance(text, int) and text > _MAX_AMOUNT:
        raise KfootError(f"{prefix}{what} must fit in 64 bits (at most {_MAX_AMOUNT:,}); "
                         f"it has {len(str(text)) if text < 10 ** 4000 else 'over 4,000'} digits")
    if isinstance(text, float) and not math.isfinite(text):
        raise KfootError(f"{prefix}{what} must be a finite number, not {quoted}")
    if isinstance(text, (int, float)):
        if text < 0:
            raise KfootError(f"{prefix}{what} must not be negative ({quoted})")
        if not sizes and isinstance(text, float) and not text.is_integer():
            raise KfootError(f"{prefix}{what} must be a whole number of kernels or a percentage ({quoted})")
        return Limit(float(text))
    if not isinstance(text, str):
        raise KfootError(f"{prefix}{what} must be a number or a string like '5%', not {type(text).__name__}")
    match = _LIMIT_RE.match(text) if len(text) <= 64 else None
    if not match:
        example = f"a size ({SIZE_EXAMPLES}) or a percentage like '2.5%'" if sizes else "'12' or '2.5%'"
        raise KfootError(f"{prefix}{what} {quoted} is not a limit; use {example}")
    number, unit = float(match.group(1)), match.group(2)
    if number > _MAX_AMOUNT:
        raise KfootError(f"{prefix}{what} {quoted} does not fit in 64 bits (at most {_MAX_AMOUNT:,})")
    if unit == "%":
        return Limit(number, percent=True)
    if not sizes:
        if unit or not number.is_integer():
            raise KfootError(f"{prefix}{what} {quoted} is not a limit; use a whole number of kernels or a percentage like '2.5%'")
        return Limit(number)
    amount = parse_bytes(text, f"{prefix}{what}")
    if amount > _MAX_AMOUNT:
        raise KfootError(f"{prefix}{what} {quoted} does not fit in 64 bits (at most {_MAX_AMOUNT:,} bytes)")
    return Limit(float(amount))


@dataclass(frozen=True)
class FamilyBudget:
    """A family's own allowance. A limit left unset is not checked for this family: allowing a
    family 16 more kernels must not fail it on the bytes those kernels bring."""

    kernels: Limit | None = None
    size: Limit | None = None
    registers: Limit | None = None  # per kernel: falls back to the library-wide limit when unset
    stack: Limit | None = None


@dataclass(frozen=True)
class Budget:
    kernels: Limit = Limit(0)
    size: Limit = Limit(0)
    families: dict[str, FamilyBudget] = field(default_factory=dict)
    registers: Limit | None = None  # per-kernel register growth; None: not checked
    stack: Limit | None = None  # per-kernel stack growth in bytes; None: not checked
    duplicates: Limit | None = None  # most duplicate kernel code bytes NEW may hold; None: not checked
    baseline: Path | None = None  # from the budget file, resolved against its folder
    source: Path | None = None    # the budget file, for messages

    @property
    def per_kernel(self) -> bool:
        """Whether a rule needs each kernel's resources (reports made with --kernels)."""
        return (self.registers is not None or self.stack is not None
                or any(f.registers is not None or f.stack is not None for f in self.families.values()))


_FILE_KEYS = {"baseline", "max-kernel-growth", "max-size-growth", "families", "max-register-growth",
              "max-stack-growth", "max-duplicate-bytes"}
_FAMILY_KEYS = {"max-kernel-growth", "max-size-growth", "max-register-growth", "max-stack-growth"}


def parse_resource_limits(rules: dict, where: str) -> dict:
    """The per-kernel and duplicate limits of a budget-file table, as Budget/FamilyBudget fields."""
    out = {}
    if "max-register-growth" in rules:
        out["registers"] = parse_limit(rules["max-register-growth"], "max-register-growth", sizes=False, where=where)
    if "max-stack-growth" in rules:
        out["stack"] = parse_limit(rules["max-stack-growth"], "max-stack-growth", sizes=True, where=where)
    if "max-duplicate-bytes" in rules:
        out["duplicates"] = parse_cap(rules["max-duplicate-bytes"], "max-duplicate-bytes", where=where)
    return out


def parse_cap(text: object, what: str, where: str = "") -> Limit:
    """A size NEW may hold at most: bytes with an optional unit; a percentage has no baseline."""
    limit = parse_limit(text, what, sizes=True, where=where)
    if limit.percent:
        prefix = f"{where}: " if where else ""
        raise KfootError(f"{prefix}{what} is a cap in bytes ({SIZE_EXAMPLES}), not a percentage")
    return limit


def load_budget_file(path: str | Path) -> Budget:
    path = Path(path)
    try:
        raw = read_limited(path, what="budget file", max_bytes=BUDGET_MAX_BYTES)
        data = tomllib.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        raise KfootError("budget file not found", path=path) from None
    except tomllib.TOMLDecodeError as exc:
        raise KfootError(f"not valid TOML: {shown_message(str(exc))}", path=path) from None
    except UnicodeDecodeError as exc:
        raise KfootError(f"not valid TOML: not UTF-8 text (byte {exc.start})", path=path) from None
    except RecursionError:
        raise KfootError("not valid TOML for a budget: nested too deeply", path=path) from None
    except ValueError:  # tomllib's int(): more digits than Python converts (4,300)
        raise KfootError("not valid TOML for a budget: a number with thousands of digits", path=path) from None

    unknown = sorted(set(data) - _FILE_KEYS)
    if unknown:
        raise KfootError(f"unknown key {shown(unknown[0])} (known: {', '.join(sorted(_FILE_KEYS))})", path=path)
    budget = Budget(source=path)
    if "max-kernel-growth" in data:
        budget = replace(budget, kernels=parse_limit(data["max-kernel-growth"], "max-kernel-growth", sizes=False, where=str(path)))
    if "max-size-growth" in data:
        budget = replace(budget, size=parse_limit(data["max-size-growth"], "max-size-growth", sizes=True, where=str(path)))
    if "baseline" in data:
        if not isinstance(data["baseline"], str) or not data["baseline"]:
            raise KfootError("baseline must be a path (a string)", path=path)
        budget = replace(budget, baseline=(path.parent / data["baseline"]))
    budget = replace(budget, **parse_resource_limits(data, str(path)))
    families = data.get("families", {})
    if not isinstance(families, dict):
        raise KfootError('"families" must be a table of [families."NAME"] sections', path=path)
    parsed = {}
    for name, rules in families.items():
        if not isinstance(rules, dict):
            raise KfootError(f'families.{_quoted(name)} must be a table', path=path)
        unknown = sorted(set(rules) - _FAMILY_KEYS)
        if unknown:
            raise KfootError(f'families.{_quoted(name)}: unknown key {shown(unknown[0])} (known: {", ".join(sorted(_FAMILY_KEYS))})', path=path)
        where = f'{path}: families.{_quoted(name)}'
        kernels = rules.get("max-kernel-growth")
        size = rules.get("max-size-growth")
        parsed[name] = FamilyBudget(
            kernels=None if kernels is None else parse_limit(kernels, "max-kernel-growth", sizes=False, where=where),
            size=None if size is None else parse_limit(size, "max-size-growth", sizes=True, where=where),
            **parse_resource_limits(rules, where),
        )
    return replace(budget, families=parsed)


def parse_family_option(text: str) -> tuple[str, Limit]:
    """`--family-budget NAME=N` or `NAME=N%`: a kernel allowance for one family. The last `=`
    splits, since C++ names never contain one."""
    name, sep, value = text.rpartition("=")
    if not sep or not name.strip():
        raise KfootError(f"--family-budget {shown(text)}: expected NAME=N or NAME=N%")
    return name.strip(), parse_limit(value, f"--family-budget {shown(name.strip())}", sizes=False)


def _quoted(name: str) -> str:
    """A family name as the budget file spells its table: in double quotes, cut short."""
    if len(name) <= ERROR_PREFIX:
        return json.dumps(name)
    return f"{json.dumps(name[:ERROR_PREFIX])}...({len(name):,} characters)"


def combine(file_budget: Budget | None, kernels: str | None, size: str | None, family_options: tuple[str, ...],
            registers: str | None = None, stack: str | None = None, duplicates: str | None = None) -> Budget:
    """The effective budget: the file's rules, overridden by whatever the command line gives."""
    budget = file_budget or Budget()
    if registers is not None:
        budget = replace(budget, registers=parse_limit(registers, "--max-register-growth", sizes=False))
    if stack is not None:
        budget = replace(budget, stack=parse_limit(stack, "--max-stack-growth", sizes=True))
    if duplicates is not None:
        budget = replace(budget, duplicates=parse_cap(duplicates, "--max-duplicate-bytes"))
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
