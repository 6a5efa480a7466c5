"""Budgets and the gate's verdict on hand-written reports, and the `kfoot diff`/`kfoot gate`
command lines: exit codes, formats, GITHUB_STEP_SUMMARY, --update-baseline, bad input."""

from __future__ import annotations

import json
import os

import pytest

from kfoot.gate.budget import Budget, FamilyBudget, Limit, combine, load_budget_file, parse_limit
from kfoot.core.errors import KfootError
from kfoot.gate.verdict import evaluate, write_baseline
from kfoot.report.load import load_report
from kfoot.report.report_json import to_document
from oracles.cli import run_kfoot, run_main
from oracles.errors import assert_error

try:
    from test_diff import BASE, NEW, as_report, diff_reports, make_report
except ImportError:  # tests collected as a package
    from tests.test_diff import BASE, NEW, as_report, diff_reports, make_report


# --------------------------------------------------------------------------------------------
# Limits and budget files


@pytest.mark.parametrize("text, sizes, amount, percent", [
    ("0", False, 0, False), ("12", False, 12, False), (7, False, 7, False), ("2.5%", False, 2.5, True),
    ("4096", True, 4096, False), ("64KiB", True, 65536, False), ("64k", True, 65536, False),
    ("1MB", True, 1_000_000, False), ("1.5MiB", True, 1_572_864, False), ("3 kB", True, 3000, False),
    ("10%", True, 10, True),
])
def test_limits_parse(text, sizes, amount, percent):
    assert parse_limit(text, "x", sizes=sizes) == Limit(amount, percent)


@pytest.mark.parametrize("text, sizes", [("-1", False), ("abc", False), ("64KiB", False), ("1.5", False),
                                         ("12 parsecs", True), ("", True), (True, False), (-3, True)])
def test_bad_limits_are_rejected(text, sizes):
    with pytest.raises(KfootError):
        parse_limit(text, "--max-kernel-growth", sizes=sizes)


def test_percent_limits_round_down_and_give_nothing_on_a_zero_base():
    assert Limit(5, percent=True).allowed(200) == 10
    assert Limit(5, percent=True).allowed(219) == 10  # 10.95 kernels: 11 would be over 5%
    assert Limit(10, percent=True).allowed(0) == 0
    assert Limit(300).allowed(0) == 300


BUDGET_TOML = """
baseline = "baselines/demo.json"
max-kernel-growth = "2%"
max-size-growth = "64KiB"

[families."kfoot::binary_kernel"]
max-kernel-growth = 16

[families."kfoot::unary_kernel"]
max-size-growth = "10%"
"""


def test_budget_file_is_read_with_paths_relative_to_it(tmp_path):
    path = tmp_path / "ci" / "budget.toml"
    path.parent.mkdir()
    path.write_text(BUDGET_TOML)
    budget = load_budget_file(path)
    assert budget.kernels == Limit(2, percent=True)
    assert budget.size == Limit(65536)
    assert budget.baseline == tmp_path / "ci" / "baselines" / "demo.json"
    assert budget.families == {"kfoot::binary_kernel": FamilyBudget(kernels=Limit(16)),
                               "kfoot::unary_kernel": FamilyBudget(size=Limit(10, percent=True))}
    # Flags override the file; --family-budget adds to a family's rules.
    merged = combine(budget, "5", None, ("kfoot::unary_kernel=3", "other::k=1%"))
    assert merged.kernels == Limit(5) and merged.size == Limit(65536)
    assert merged.families["kfoot::unary_kernel"] == FamilyBudget(kernels=Limit(3), size=Limit(10, percent=True))
    assert merged.families["other::k"] == FamilyBudget(kernels=Limit(1, percent=True))


@pytest.mark.parametrize("text, phrase", [
    ("max-kernel-growth = ", "not valid TOML"),
    ("max-kernels = 3", "unknown key 'max-kernels'"),
    ("max-size-growth = \"lots\"", "max-size-growth 'lots' is not a limit"),
    ("[families.\"a::b\"]\nmax-kernel = 1", "families.\"a::b\": unknown key 'max-kernel'"),
    ("families = 3", "must be a table"),
    ("baseline = 3", "baseline must be a path"),
])
def test_bad_budget_files_name_file_and_key(tmp_path, text, phrase):
    path = tmp_path / "budget.toml"
    path.write_text(text)
    with pytest.raises(KfootError) as info:
        load_budget_file(path)
    assert str(path) in str(info.value) and phrase in str(info.value)


# --------------------------------------------------------------------------------------------
# Verdicts


def verdict_for(base_families, new_families, budget=Budget()):
    return evaluate(diff_reports(make_report(base_families), make_report(new_families)), budget)


def test_default_budget_fails_on_one_more_kernel_and_passes_on_none():
    grown = dict(BASE, **{"kfoot::unary_kernel": (5, 50)})  # +1 kernel per arch, +50 bytes each
    verdict = verdict_for(BASE, grown)
    assert not verdict.passed and verdict.outcome == "fail"
    failed = {(c.metric, c.change.delta) for c in verdict.failures}
    assert failed == {("kernels", 2), ("image_bytes", 100)}
    assert [g.name for g in verdict.grown_families] == ["kfoot::unary_kernel"]
    assert verdict_for(BASE, BASE).outcome == "pass"


def test_kernel_budget_in_percent_has_an_exact_edge():
    # base 28 kernels; NEW-like growth of +6 is 21.4%.
    assert not verdict_for(BASE, NEW, Budget(kernels=Limit(21, True), size=Limit(10**6))).passed
    assert verdict_for(BASE, NEW, Budget(kernels=Limit(21.5, True), size=Limit(10**6))).passed
    assert verdict_for(BASE, NEW, Budget(kernels=Limit(6), size=Limit(10**6))).passed
    assert not verdict_for(BASE, NEW, Budget(kernels=Limit(5), size=Limit(10**6))).passed


def test_size_budget_in_bytes_and_percent_has_an_exact_edge():
    # image bytes: base 2 * 1160 = 2320, new 2 * 1900 = 3800: +1480 bytes, +63.8%.
    many = Limit(1000)
    assert verdict_for(BASE, NEW, Budget(kernels=many, size=Limit(1480))).passed
    assert not verdict_for(BASE, NEW, Budget(kernels=many, size=Limit(1479))).passed
    assert verdict_for(BASE, NEW, Budget(kernels=many, size=Limit(63.8, True))).passed  # 1480.16 allowed
    assert not verdict_for(BASE, NEW, Budget(kernels=many, size=Limit(63.7, True))).passed  # 1477.84


def test_family_budget_is_judged_apart_from_the_rest():
    grown = dict(BASE, **{"kfoot::binary_kernel": (10, 100)})  # +4 kernels, +400 bytes, all in binary
    own = {"kfoot::binary_kernel": FamilyBudget(kernels=Limit(4))}
    verdict = verdict_for(BASE, grown, Budget(families=own))
    assert verdict.passed
    rest = [c for c in verdict.checks if c.scope == "library"]
    # The rest of the library: 28 - 16 kernels; the code of unary and old: 2*4*50 + 2*2*30 bytes.
    assert {(c.metric, c.change.base, c.change.delta) for c in rest} == {("kernels", 12, 0), ("code_bytes", 520, 0)}
    # Bytes outside any kernel grow with binary's new kernels; they are not the rest's growth.
    more_overhead = make_report(grown, overhead=160)
    assert evaluate(diff_reports(make_report(BASE), more_overhead), Budget(families=own)).passed
    assert not evaluate(diff_reports(make_report(BASE), more_overhead), Budget()).passed
    assert not verdict_for(BASE, grown, Budget(families={"kfoot::binary_kernel": FamilyBudget(kernels=Limit(3))})).passed
    # Growth elsewhere is not covered by binary's allowance: unary +1 per arch fails the rest.
    both = dict(grown, **{"kfoot::unary_kernel": (5, 50)})
    verdict = verdict_for(BASE, both, Budget(families=own))
    assert [(c.scope, c.metric, c.change.delta) for c in verdict.failures] == [("library", "kernels", 2), ("library", "code_bytes", 100)]
    # A family byte limit applies when set.
    tight = {"kfoot::binary_kernel": FamilyBudget(kernels=Limit(4), size=Limit(399))}
    assert [(c.name, c.metric) for c in verdict_for(BASE, grown, Budget(families=tight)).failures] == [("kfoot::binary_kernel", "code_bytes")]


def test_budget_for_a_family_in_neither_report_is_bad_input():
    with pytest.raises(KfootError, match="kfoot::binray_kernel"):
        verdict_for(BASE, BASE, Budget(families={"kfoot::binray_kernel": FamilyBudget(kernels=Limit(1))}))


def test_a_shrink_passes_and_says_so():
    verdict = verdict_for(NEW, BASE)
    assert verdict.passed and verdict.outcome == "shrink"
    assert [g.name for g in verdict.shrunk_families] == ["kfoot::binary_kernel", "kfoot::reduce_kernel"]


def test_write_baseline_replaces_atomically(tmp_path, monkeypatch):
    path = tmp_path / "baseline.json"
    base = as_report(make_report(BASE))
    umask = os.umask(0o022)
    try:
        write_baseline(base, path)
    finally:
        os.umask(umask)
    assert json.loads(path.read_text()) == to_document(base)
    assert path.stat().st_mode & 0o777 == 0o644  # a committed file, not mkstemp's 0600
    path.chmod(0o664)
    write_baseline(base, path)
    assert path.stat().st_mode & 0o777 == 0o664  # an update keeps the mode

    def explode(*args, **kwargs):
        raise OSError(28, "No space left on device")

    import kfoot.core.atomic

    monkeypatch.setattr(kfoot.core.atomic.os, "fsync", explode)  # the disk fills up mid-write
    with pytest.raises(KfootError, match="No space left"):
        write_baseline(as_report(make_report(NEW)), path)
    assert json.loads(path.read_text()) == to_document(base)  # old baseline intact
    assert sorted(p.name for p in tmp_path.iterdir()) == ["baseline.json"]  # no temp file left


# --------------------------------------------------------------------------------------------
# Command line


@pytest.fixture
def reports(tmp_path):
    paths = {}
    for name, families in (("base", BASE), ("new", NEW), ("same", BASE)):
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(make_report(families, path=f"/elsewhere/{name}.so")))
    return paths


def test_gate_fails_naming_the_families_that_grew_most(capsys, reports, monkeypatch):
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    code, out, _ = run_main(capsys, "gate", "--baseline", reports["base"], reports["new"])
    assert code == 1
    assert "FAIL" in out
    lines = out.splitlines()
    reduce_line = next(l for l in lines if "kfoot::reduce_kernel" in l)
    binary_line = next(l for l in lines if "kfoot::binary_kernel" in l)
    assert lines.index(reduce_line) < lines.index(binary_line)  # +6 listed before +4
    assert "+6" in reduce_line and "+1,200" in reduce_line and "added" in reduce_line
    assert "+4" in binary_line and "+400" in binary_line
    assert "--update-baseline" in out


def test_gate_passes_on_identical_device_code_and_on_a_shrink(capsys, reports):
    code, out, _ = run_main(capsys, "gate", "--baseline", reports["base"], reports["same"])
    assert code == 0 and "PASS" in out and "no change" in out
    code, out, _ = run_main(capsys, "gate", "--baseline", reports["new"], reports["base"])
    assert code == 0 and "shrank" in out


def test_gate_budget_flags_and_file(capsys, reports, tmp_path):
    args = ["gate", "--baseline", reports["base"], reports["new"]]
    assert run_main(capsys, *args, "--max-kernel-growth", "6", "--max-size-growth", "1480")[0] == 0
    assert run_main(capsys, *args, "--max-kernel-growth", "6", "--max-size-growth", "1479")[0] == 1
    assert run_main(capsys, *args, "--max-kernel-growth", "22%", "--max-size-growth", "64%")[0] == 0
    assert run_main(capsys, *args, "--max-kernel-growth", "21%", "--max-size-growth", "64%")[0] == 1
    budget = tmp_path / "budget.toml"
    budget.write_text('baseline = "base.json"\nmax-size-growth = "2KiB"\n'
                      '[families."kfoot::reduce_kernel"]\nmax-kernel-growth = 6\n'
                      '[families."kfoot::binary_kernel"]\nmax-kernel-growth = "25%"\n')
    # reduce +6 (allowed 6), binary +4 (25% of 16), rest: old -4. No --baseline: the file names it.
    assert run_main(capsys, "gate", "--budget", budget, reports["new"])[0] == 0
    code, out, _ = run_main(capsys, "gate", "--budget", budget, reports["new"], "--family-budget", "kfoot::binary_kernel=3")
    assert code == 1 and "OVER BUDGET" in out
    assert f"kfoot gate --budget {budget} {reports['new']} --update-baseline" in out


def test_gate_json_and_markdown_formats(capsys, reports, tmp_path, monkeypatch):
    summary = tmp_path / "summary.md"
    summary.write_text("# earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    code, out, _ = run_main(capsys, "gate", "--baseline", reports["base"], reports["new"], "--json")
    assert code == 1
    data = json.loads(out)
    assert data["passed"] is False and data["outcome"] == "fail"
    assert [(f["metric"], f["delta"]) for f in data["failures"]] == [("kernels", 6), ("image_bytes", 1480)]
    assert [f["name"] for f in data["families_grown"]] == ["kfoot::reduce_kernel", "kfoot::binary_kernel"]
    assert data["diff"]["families_removed"] == ["kfoot::old_kernel"]

    code, out, _ = run_main(capsys, "gate", "--baseline", reports["base"], reports["same"], "--format", "markdown")
    assert code == 0 and out.startswith("### kfoot gate: PASS")
    text = summary.read_text()
    # Appended, not overwritten: the earlier step, then the failing run, then the passing one.
    assert text.startswith("# earlier step\n")
    assert text.index("### kfoot gate: FAIL") < text.index("### kfoot gate: PASS")
    assert "| `kfoot::reduce_kernel` | 6 | +6 | +1,200 | added |" in text


def test_diff_command_outputs(capsys, reports):
    code, out, _ = run_main(capsys, "diff", reports["base"], reports["new"], "--json")
    assert code == 0
    data = json.loads(out)
    assert data["totals"]["kernels"] == {"base": 28, "new": 34, "delta": 6, "percent": round(600 / 28, 4)}
    assert data["zero"] is False
    code, out, _ = run_main(capsys, "diff", reports["base"], reports["new"], "--format", "markdown")
    assert "| kernels | 28 | 34 | +6 (+21.4%) |" in out
    assert "| `kfoot::old_kernel` | removed | 0 (-4) | 0 (-2) | 0 (-120) |" in out
    code, out, _ = run_main(capsys, "diff", reports["base"], reports["same"])
    assert code == 0 and "no change in device code (28 kernels" in out


def test_update_baseline_writes_new_and_the_gate_then_passes(capsys, reports, tmp_path):
    baseline = tmp_path / "ci" / "baseline.json"
    code, out, _ = run_main(capsys, "gate", "--baseline", baseline, reports["base"], "--update-baseline")
    assert code == 0 and "baseline written" in out
    # A /1 report given as the new baseline is written as /2 (the form kfoot reads it in).
    assert json.loads(baseline.read_text()) == to_document(load_report(reports["base"]))
    assert json.loads(baseline.read_text())["schema"] == "kfoot.report/3"
    assert run_main(capsys, "gate", "--baseline", baseline, reports["new"])[0] == 1
    code, out, _ = run_main(capsys, "gate", "--baseline", baseline, reports["new"], "--update-baseline")
    assert code == 0 and "kernels +6" in out
    assert json.loads(baseline.read_text()) == to_document(load_report(reports["new"]))
    assert run_main(capsys, "gate", "--baseline", baseline, reports["new"])[0] == 0
    assert sorted(p.name for p in baseline.parent.iterdir()) == ["baseline.json"]


@pytest.mark.parametrize("case", ["missing-baseline", "update-over-binary", "not-json", "unknown-schema", "manifest", "garbage-binary",
                                  "bad-budget", "typo-family", "no-baseline-given", "bad-limit"])
def test_bad_input_exits_2_with_one_line(tmp_path, reports, case):
    new = reports["new"]
    args = ["gate", "--baseline", reports["base"], new]
    expect = None
    if case == "missing-baseline":
        args = ["gate", "--baseline", tmp_path / "nope.json", new]
        expect = "nope.json: baseline not found"
    elif case == "update-over-binary":
        (tmp_path / "old.so").write_bytes(b"\x7fELF" + bytes(60))
        args = ["gate", "--baseline", tmp_path / "old.so", new, "--update-baseline"]
        expect = "old.so: is not a report JSON"
    elif case == "not-json":
        (tmp_path / "b.json").write_text('{"schema": "kfoot.report/1", "totals": {')
        args, expect = ["gate", "--baseline", tmp_path / "b.json", new], "b.json: not valid JSON"
    elif case == "unknown-schema":
        report = make_report(BASE)
        report["schema"] = "kfoot.report/7"
        (tmp_path / "b.json").write_text(json.dumps(report))
        args, expect = ["diff", tmp_path / "b.json", new], "unsupported report schema 'kfoot.report/7'"
    elif case == "manifest":
        (tmp_path / "manifest.json").write_text(json.dumps({"spec_hash": "x", "variants": 3}))
        args, expect = ["gate", "--baseline", tmp_path / "manifest.json", new], 'no "schema" key'
    elif case == "garbage-binary":
        (tmp_path / "lib.so").write_bytes(os.urandom(4096))
        args, expect = ["gate", "--baseline", reports["base"], tmp_path / "lib.so"], "lib.so"
    elif case == "bad-budget":
        (tmp_path / "b.toml").write_text("max-kernel-growth = [1]\n")
        args, expect = [*args, "--budget", tmp_path / "b.toml"], "b.toml"
    elif case == "typo-family":
        args, expect = [*args, "--family-budget", "kfoot::binray_kernel=3"], "kfoot::binray_kernel"
    elif case == "no-baseline-given":
        args, expect = ["gate", new], "no baseline"
    elif case == "bad-limit":
        args, expect = [*args, "--max-size-growth", "12 parsecs"], "unknown unit 'parsecs'"
    assert_error(run_kfoot(*args, check_rc=None), expect)


def test_reports_made_with_different_filters_are_not_compared(capsys, reports, tmp_path):
    filtered = make_report(BASE)
    filtered["options"] = {"sections": [".nv_fatbin"], "archs": None, "filter": None}
    (tmp_path / "filtered.json").write_text(json.dumps(filtered))
    message = assert_error(run_main(capsys, "gate", "--baseline", tmp_path / "filtered.json", reports["same"]))
    assert message == (f"{reports['same']}: made with no filters, but {tmp_path / 'filtered.json'} "
                       "with --section .nv_fatbin: the figures are not comparable")
    # Same filters on both sides: compared as usual.
    (tmp_path / "filtered2.json").write_text(json.dumps(filtered))
    assert run_main(capsys, "gate", "--baseline", tmp_path / "filtered.json", tmp_path / "filtered2.json")[0] == 0
