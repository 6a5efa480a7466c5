"""The helpers every step shares, each implemented once: size units, arch names, the SASS rule.

Expected figures are worked out by hand (1 MB = 10**6 bytes, 1 MiB = 2**20), and the same input
is checked through each place a user can type it, so the rule cannot differ between commands."""

from __future__ import annotations

import pytest

from kfoot.core.archs import parse_arch, parse_device_arch, parse_targets, sass_runs_on
from kfoot.core.errors import KfootError
from kfoot.core.units import format_bytes, parse_bytes
from kfoot.gate.budget import parse_limit
from kfoot.runtime.kernel_cache import DiskCache


@pytest.mark.parametrize("text, expected", [
    ("4096", 4096), ("0", 0), ("12B", 12),
    ("1kB", 1000), ("1KB", 1000), ("1MB", 1_000_000), ("1.5MB", 1_500_000), ("2GB", 2_000_000_000),
    ("1KiB", 1024), ("1MiB", 1_048_576), ("1GiB", 1_073_741_824),
    ("1K", 1024), ("500M", 500 * 1_048_576), ("2G", 2 * 1_073_741_824), ("1.5k", 1536),
])
def test_one_size_rule(text, expected):
    assert parse_bytes(text, "x") == expected


@pytest.mark.parametrize("text, expected", [("1MB", 1_000_000), ("1MiB", 1_048_576), ("64K", 65_536)])
def test_gate_budget_and_cache_bound_read_sizes_alike(text, expected, monkeypatch, tmp_path):
    assert parse_limit(text, "--max-size-growth", sizes=True).allowed(0) == expected
    monkeypatch.setenv("KFOOT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("KFOOT_CACHE_MAX_BYTES", text)
    monkeypatch.delenv("KFOOT_CACHE", raising=False)
    assert DiskCache.from_env().max_bytes == expected


@pytest.mark.parametrize("text", ["", "MB", "1 XB", "-5", "1e3", "ten"])
def test_bad_sizes_name_where(text):
    with pytest.raises(KfootError, match="^KFOOT_CACHE_MAX_BYTES: "):
        parse_bytes(text, "KFOOT_CACHE_MAX_BYTES")


def test_format_bytes():
    assert format_bytes(0) == "0 B"
    assert format_bytes(1023) == "1023 B"
    assert format_bytes(1536) == "1.5 KiB"
    assert format_bytes(3 * 1_048_576) == "3.0 MiB"
    assert format_bytes(-2048) == "-2.0 KiB"


def test_parse_arch():
    a = parse_arch("sm_90a")
    assert (a.kind, a.number, a.suffix, a.major, a.minor, a.name) == ("sm", 90, "a", 9, 0, "sm_90a")
    assert parse_arch("compute_100f").name == "compute_100f" and parse_arch("compute_100f").sm.name == "sm_100f"
    assert parse_arch("lto_90") is None and parse_arch("sm90") is None and parse_arch("sm_9") is None


def test_parse_targets_keeps_order_and_drops_duplicates():
    assert [t.name for t in parse_targets("sm_90, sm_80,compute_90,sm_90")] == ["sm_90", "sm_80", "compute_90"]
    assert parse_targets(["sm_80"])[0].gencode() == "-gencode=arch=compute_80,code=sm_80"
    assert parse_targets(["compute_90"])[0].gencode() == "-gencode=arch=compute_90,code=compute_90"
    with pytest.raises(KfootError, match="--arch: 'sm_9x' is not an architecture"):
        parse_targets("sm_80,sm_9x")


@pytest.mark.parametrize("text", ["sm_90", "sm90", "90", 90, " SM_90 "])
def test_device_arch_spellings(text):
    assert parse_device_arch(text).name == "sm_90"


def test_device_arch_refuses_ptx_and_junk():
    for bad in ("compute_90", "sm_9", "gfx90a", ""):
        with pytest.raises(KfootError, match="is not a SASS arch"):
            parse_device_arch(bad, "--memory-arch")


@pytest.mark.parametrize("built, device, runs", [
    ("sm_80", "sm_80", True), ("sm_80", "sm_86", True), ("sm_80", "sm_89", True),
    ("sm_86", "sm_80", False), ("sm_80", "sm_90", False), ("sm_90", "sm_100", False),
    ("sm_90", "sm_90a", True), ("sm_90a", "sm_90a", True), ("sm_90a", "sm_90", False),
    ("sm_100f", "sm_100f", True), ("sm_100f", "sm_103", False), ("sm_100a", "sm_100f", False),
])
def test_sass_compatibility(built, device, runs):
    # CUDA's rule: same major, device minor >= built minor; arch/family-specific only exactly.
    assert sass_runs_on(built, device) is runs
