"""SPEC on the command line: a path, bundled:NAME, or nothing, which for `build` and `compare`
means the 80-variant demo spec, never the hours-long bundled library."""

from __future__ import annotations

import json
import tomllib

from kfoot.variants.loader import DEMO_SPEC
from tests.oracles.cli import run_kfoot, run_main
from tests.oracles.errors import assert_error


def test_build_without_spec_takes_the_demo_spec_and_says_so(tmp_path):
    proc = run_kfoot("build", "--mode", "rtc", "-o", tmp_path / "out", "--json")
    assert "no SPEC given: using bundled:demo" in proc.stderr
    registry = json.loads((tmp_path / "out" / "registry.json").read_text())
    # The registry's families are the demo spec's own (tomllib reads the file independently).
    demo_families = [family["name"] for family in tomllib.loads(DEMO_SPEC.read_text())["family"]]
    assert sorted(registry["families"]) == sorted(demo_families)


def test_compare_without_spec_takes_the_demo_spec(capsys, monkeypatch):
    import kfoot.compare.run as run

    taken = []

    def fake_compare(spec_path, **kwargs):
        taken.append(spec_path)
        raise SystemExit(0)  # stop before any build
    monkeypatch.setattr(run, "compare", fake_compare)
    try:
        run_main(capsys, "compare", "--arch", "sm_90")
    except SystemExit:
        pass
    assert taken == ["bundled:demo"]


def test_bundled_names_resolve_and_unknown_ones_are_one_line(capsys):
    code, out, _ = run_main(capsys, "enumerate", "bundled:demo", "--json")
    assert code == 0 and json.loads(out)["spec"] == str(DEMO_SPEC)
    message = assert_error(run_main(capsys, "enumerate", "bundled:nope"))
    assert message == "bundled:nope: no such bundled spec (bundled: bundled:demo, bundled:kernels)"
