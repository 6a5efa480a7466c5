"""kfoot.gate.diff on hand-written reports, read as report JSON is (kfoot.report.report_json): every
expected delta below is worked out by hand from the figures written into the reports, not taken
from kfoot's output."""

from __future__ import annotations

import copy
import json

import pytest

from kfoot.core.errors import KfootError
from oracles.errors import assert_error
from kfoot.gate import diff as diff_module
from kfoot.report.load import load_report
from kfoot.report.report_json import from_document, to_document, validate_report


def make_report(families, *, archs=("sm_80", "sm_90"), overhead=100, path="/build/libdemo.so", version="0.1.0"):
    """A kfoot.report/1 dict. `families` maps name -> (kernels per arch, code bytes per kernel);
    every kernel is distinct within its family. Each SASS image carries `overhead` bytes of ELF
    beside the kernels' code, so code bytes = per arch: sum(kernels*bytes) + overhead."""
    per_arch_kernels = sum(k for k, _ in families.values())
    per_arch_bytes = sum(k * b for k, b in families.values()) + overhead
    n = len(archs)
    arch_table = {a: {"kind": "sass", "images": 1, "kernels": per_arch_kernels,
                      "stored_bytes": per_arch_bytes, "bytes": per_arch_bytes} for a in archs}
    totals = {
        "files": 1, "size": 10_000 + n * per_arch_bytes, "device_bytes": n * per_arch_bytes, "host_bytes": 10_000,
        "kernels": n * per_arch_kernels, "distinct_kernels": per_arch_kernels, "global_symbols": n * per_arch_kernels,
        "archs": arch_table,
        "kinds": {"sass": {"images": n, "kernels": n * per_arch_kernels, "stored_bytes": n * per_arch_bytes,
                           "bytes": n * per_arch_bytes}},
        "families": [{"name": name, "kernels": n * k, "distinct_kernels": k, "bytes": n * k * b}
                     for name, (k, b) in families.items()],
    }
    file_entry = {"path": path, "format": "shared-object", **copy.deepcopy({k: v for k, v in totals.items() if k != "files"})}
    return {"schema": "kfoot.report/1", "tool": {"name": "kfoot", "version": version},
            "files": [file_entry], "totals": totals}


def as_report(data: dict):
    """The typed report a report JSON holding `data` reads as (the caller's dict is left alone)."""
    return from_document(copy.deepcopy(data), "<test>")


def diff_reports(base: dict, new: dict):
    return diff_module.diff_reports(as_report(base), as_report(new))


BASE = {"kfoot::binary_kernel": (8, 100), "kfoot::unary_kernel": (4, 50), "kfoot::old_kernel": (2, 30)}
# binary gains 2 kernels per arch, unary is untouched, old is gone, reduce is new.
NEW = {"kfoot::binary_kernel": (10, 100), "kfoot::unary_kernel": (4, 50), "kfoot::reduce_kernel": (3, 200)}


def test_same_device_code_with_other_paths_and_versions_diffs_to_zero():
    base = make_report(BASE, path="/tmp/a/libdemo.so", version="0.1.0")
    new = make_report(BASE, path="/tmp/b/libdemo.so", version="9.9.9")
    diff = diff_reports(base, new)
    assert diff.is_zero
    assert all(change.delta == 0 for change in diff.totals.values())
    assert {g.status for g in diff.families} == {"unchanged"}


def test_totals_deltas_worked_out_by_hand():
    diff = diff_reports(make_report(BASE), make_report(NEW))
    # kernels per arch: base 8+4+2 = 14, new 10+4+3 = 17; two archs.
    assert (diff.totals["kernels"].base, diff.totals["kernels"].new, diff.totals["kernels"].delta) == (28, 34, 6)
    assert diff.totals["distinct_kernels"].delta == 3
    # image bytes per arch: base 800+200+60+100 = 1160, new 1000+200+600+100 = 1900.
    assert diff.totals["image_bytes"].delta == 2 * (1900 - 1160)
    assert diff.totals["stored_bytes"].delta == 1480
    assert diff.totals["kernels"].percent == pytest.approx(100 * 6 / 28)
    assert not diff.is_zero


def test_families_appearing_vanishing_and_ordered_by_growth():
    diff = diff_reports(make_report(BASE), make_report(NEW))
    names = [g.name for g in diff.families]
    # reduce +6 kernels (new), binary +4, unary 0, old -4: biggest growth first.
    assert names == ["kfoot::reduce_kernel", "kfoot::binary_kernel", "kfoot::unary_kernel", "kfoot::old_kernel"]
    status = {g.name: g.status for g in diff.families}
    assert status == {"kfoot::reduce_kernel": "added", "kfoot::binary_kernel": "changed",
                      "kfoot::unary_kernel": "unchanged", "kfoot::old_kernel": "removed"}
    binary = diff.family("kfoot::binary_kernel")
    assert (binary.delta("kernels"), binary.delta("distinct_kernels"), binary.delta("code_bytes")) == (4, 2, 400)
    reduce = diff.family("kfoot::reduce_kernel")
    assert (reduce.figures["kernels"].base, reduce.figures["kernels"].new) == (0, 6)
    assert reduce.figures["kernels"].percent is None  # growth from nothing has no percentage
    old = diff.family("kfoot::old_kernel")
    assert (old.delta("kernels"), old.delta("code_bytes")) == (-4, -120)
    data = diff.to_dict()
    assert data["families_added"] == ["kfoot::reduce_kernel"]
    assert data["families_removed"] == ["kfoot::old_kernel"]


def test_arch_and_kind_changes_including_a_new_arch():
    base = make_report(BASE, archs=("sm_90",))
    new = make_report(BASE, archs=("sm_90", "sm_100"))
    diff = diff_reports(base, new)
    archs = {g.name: g for g in diff.archs}
    assert archs["sm_90"].status == "unchanged"
    assert archs["sm_100"].status == "added" and archs["sm_100"].kind == "sass"
    assert archs["sm_100"].figures["kernels"].new == 14
    sass = diff.kinds[0]
    assert (sass.name, sass.delta("images"), sass.delta("kernels")) == ("sass", 1, 14)
    assert diff.totals["kernels"].delta == 14 and diff.totals["distinct_kernels"].delta == 0


def test_reports_without_total_tables_are_summed_over_files():
    # Two files, families only per file: the diff must add them up.
    base = make_report(BASE)
    second = make_report({"kfoot::binary_kernel": (1, 100)}, path="/build/libother.so")
    for report in (base,):
        report["files"].append(second["files"][0])
        for key in ("families", "archs", "kinds"):
            del report["totals"][key]
    new = make_report(NEW)
    diff = diff_reports(base, new)
    binary = diff.family("kfoot::binary_kernel")
    # base binary: 16 kernels in the first file + 2 in the second = 18; new: 20.
    assert (binary.figures["kernels"].base, binary.figures["kernels"].new) == (18, 20)
    # image bytes from the files' kinds: (1160 + (100 + 100)) * 2 = 2720 in the base.
    assert diff.totals["image_bytes"].base == 2720


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def test_load_report_reads_json_with_or_without_suffix(tmp_path):
    report = make_report(BASE)
    assert load_report(write(tmp_path, "r.json", report)) == load_report(write(tmp_path, "baseline.report", report))


def test_a_v1_report_is_read_as_v3():
    # The /1 names, renamed as docs/report.md says; the figures /1 lacked summed as /2 does.
    old = make_report(BASE)
    new = load_report_dict(old)
    assert new["schema"] == "kfoot.report/3" and new["upgraded_from"] == "kfoot.report/1"
    for holder, before in ((new["totals"], old["totals"]), (new["files"][0], old["files"][0])):
        assert "device_bytes" not in holder and holder["stored_bytes"] == before["device_bytes"] == 2 * 1160
        assert holder["image_bytes"] == sum(k["bytes"] for k in before["kinds"].values()) == 2 * 1160
        # families: binary 2 archs * 8 * 100, unary 2 * 4 * 50, reduce none in BASE, old 2 * 2 * 30
        assert holder["code_bytes"] == sum(f["bytes"] for f in before["families"]) == 1600 + 400 + 120
        assert [f["code_bytes"] for f in holder["families"]] == [f["bytes"] for f in before["families"]]
        assert all("bytes" not in f for f in holder["families"])
        assert {n: a["image_bytes"] for n, a in holder["archs"].items()} == \
            {n: a["bytes"] for n, a in before["archs"].items()}
    assert old["schema"] == "kfoot.report/1" and "device_bytes" in old["totals"]  # the caller's dict untouched


def load_report_dict(report: dict) -> dict:
    data = copy.deepcopy(report)
    validate_report(data, "<test>")
    return data


def test_a_report_read_back_writes_the_document_it_was_read_from(tmp_path):
    """What --update-baseline copies: the /1 document upgraded, every key kept, tool and all."""
    old = make_report(BASE, version="0.0.1")
    old["totals"]["a_future_figure"] = 7
    report = load_report(write(tmp_path, "r.json", old))
    assert to_document(report) == load_report_dict(old)
    assert to_document(report)["tool"]["version"] == "0.0.1" and to_document(report)["totals"]["a_future_figure"] == 7


def _broken(mutate):
    report = make_report(BASE)
    mutate(report)
    return report


@pytest.mark.parametrize("content, phrase", [
    ("{not json", "not valid JSON"),
    ("", "not valid JSON"),
    ("[1, 2]", "top level is a JSON list"),
    (_broken(lambda r: r.pop("schema")), 'no "schema" key'),
    (_broken(lambda r: r.update(schema="kfoot.report/4")), "unsupported report schema 'kfoot.report/4'"),
    (_broken(lambda r: r.update(schema="kfoot.manifest/1")), "unsupported report schema"),
    (_broken(lambda r: r.pop("totals")), '"totals" is missing'),
    (_broken(lambda r: r["totals"].pop("kernels")), "totals.kernels is missing"),
    (_broken(lambda r: r["totals"].update(kernels="12")), 'totals.kernels is "12"'),
    (_broken(lambda r: r["totals"].update(kernels=-1)), "totals.kernels is -1"),
    (_broken(lambda r: r["totals"].update(device_bytes=True)), "totals.stored_bytes is true"),
    (_broken(lambda r: r["totals"]["families"][0].pop("name")), "totals.families[0] has no name"),
    (_broken(lambda r: r["totals"]["archs"]["sm_90"].update(kernels=1.5)), "totals.archs.sm_90.kernels is 1.5"),
    (_broken(lambda r: r.update(files={})), '"files" is not a list'),
])
def test_malformed_reports_are_rejected_naming_file_and_problem(tmp_path, content, phrase):
    path = write(tmp_path, "bad.json", content)
    with pytest.raises(KfootError) as info:
        load_report(path)
    assert assert_error(info.value, phrase).startswith(str(path) + ": ")


def test_missing_input_is_bad_input(tmp_path):
    with pytest.raises(KfootError, match="no such file"):
        load_report(tmp_path / "nope.json")


def test_family_names_that_differ_only_by_nvcc_module_id_match():
    # Real names from two `nvcc -rdc=true` builds of one file in two folders (cuobjdump -symbols).
    first = "__nv_static_25__edfb10f1_4_t_cu_d589cb60__ZN36_GLOBAL__N__edfb10f1_4_t_cu_d589cb606anon_kEPf"
    second = "__nv_static_25__6b6f625f_4_t_cu_d589cb60__ZN36_GLOBAL__N__6b6f625f_4_t_cu_d589cb606anon_kEPf"
    diff = diff_reports(make_report({first: (1, 64), "kfoot::k": (2, 32)}), make_report({second: (1, 64), "kfoot::k": (2, 32)}))
    assert diff.is_zero
    # A different file (other name and content hash) stays a different family.
    other = "__nv_static_25__edfb10f1_4_u_cu_0badf00d__ZN36_GLOBAL__N__edfb10f1_4_u_cu_0badf00d6anon_kEPf"
    diff = diff_reports(make_report({first: (1, 64)}), make_report({other: (1, 64)}))
    assert sorted(g.status for g in diff.families) == ["added", "removed"]


def test_a_cccl_upgrade_renames_no_kernel():
    """CCCL's versioned namespaces change with every release and arch list; kernels that differ
    only there are the same kernels (c++filt: cub::CUB_300102_SM_750_800::k<float> and
    cub::_V_300500_SM_800::k<float>), so the diff lists none as added or removed."""
    before_name = "_ZN3cub21CUB_300102_SM_750_8001kIfEEvPT_"
    after_name = "_ZN3cub16_V_300500_SM_8001kIfEEvPT_"
    other = "_ZN3cub16_V_300500_SM_8001kIdEEvPT_"  # k<double>: really new
    before, after = make_report({"cub::k": (1, 64)}), make_report({"cub::k": (2, 64)})
    before["totals"]["families"][0]["kernel_names"] = [before_name]
    after["totals"]["families"][0]["kernel_names"] = [after_name, other]
    (family,) = diff_reports(before, after).families
    assert family.kernels_removed == []
    assert family.kernels_added == [other]  # the JSON keeps the mangled names
