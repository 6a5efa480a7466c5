"""docs/security.md's table of bounds states what the code enforces: each row's figure is the
value of the constant it names."""

from __future__ import annotations

import importlib
import re

from tests.oracles.cli import REPO

ROW = re.compile(r"^\| (?P<what>[^|]+) \| (?P<bound>[^|]+) \| `(?P<where>[\w.]+)` \|$")
UNITS = {"GiB": 1 << 30, "MiB": 1 << 20, "KiB": 1 << 10, "s": 1}


def _value(text: str) -> int:
    number, _, unit = text.strip().partition(" ")
    return int(number.replace(",", "")) * UNITS.get(unit, 1)


def test_every_bound_in_the_table_is_the_codes_own():
    rows = [ROW.match(line) for line in (REPO / "docs" / "security.md").read_text().splitlines()]
    rows = [row for row in rows if row]
    assert len(rows) >= 15
    for row in rows:
        module, _, name = row["where"].rpartition(".")
        actual = getattr(importlib.import_module(module), name)
        assert _value(row["bound"]) == actual, f"{row['where']} is {actual}, the doc says {row['bound']}"
