"""docs/report.md held to the code: every field of `kfoot report --json` (and of the measured
memory), `kfoot diff --json` and `kfoot gate --json` the page lists is one a real run writes, and
the reverse; the byte attribution adds up as documented; the /1 renames are what the upgrade does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from docs_support import DOC_TEXT, first_code, kfoot_json, phrase, section, table_rows
from oracles.cli import REPO, run_kfoot


REPORT_DOC = "docs/report.md"


# Objects whose keys are names (an arch, a section, a route), not fields: paths use a placeholder.
_REPORT_MAPS = {"archs": "<arch>", "kinds": "<kind>", "sections": "<section>", "device": "<arch (kind)>",
                "relocatable_copies": "<arch (kind)>",
                "modules_by_route": "<route>"}


def _json_paths(value, prefix: str = "", maps: dict | None = None) -> set[str]:
    """Every field of a JSON value as a path (`a.b`, `list[].field`, a map's keys as its placeholder);
    a list of plain values, an empty list and an empty object are fields of their own."""
    maps = _REPORT_MAPS if maps is None else maps
    name = prefix.rsplit(".", 1)[-1]
    if isinstance(value, dict) and name in maps and prefix:
        path = f"{prefix}.{maps[name]}"
        return set().union(*(_json_paths(v, path, maps) for v in value.values())) if value else {path}
    if isinstance(value, dict) and value:
        return set().union(*(_json_paths(v, f"{prefix}.{k}" if prefix else k, maps) for k, v in value.items()))
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return set().union(*(_json_paths(v, prefix + "[]", maps) for v in value))
    return {prefix}


def _leaves(paths: set[str]) -> set[str]:
    """The paths that no other path extends: `files[].undecodable` goes when
    `files[].undecodable[].offset` is there (an empty list in one file, a full one in another)."""
    return {p for p in paths if not any(q.startswith((p + ".", p + "[]")) for q in paths if q != p)}


def _doc_tables(doc: str, heading: str) -> list[dict[str, list[str]]]:
    """Each Markdown table under a heading, as {first code span of a row: the row's cells}."""
    tables, current = [], None
    for line in section(DOC_TEXT[doc], heading).splitlines():
        if line.strip().startswith("|"):
            current = {} if current is None else current
            for row in table_rows(line):
                if first_code(row[0]):
                    current[first_code(row[0])] = row
        elif current is not None:
            tables.append(current)
            current = None
    return tables + ([current] if current is not None else [])


def _report_doc_fields() -> tuple[set[str], dict[str, list[str]]]:
    """The fields docs/report.md lists for a `kfoot report --json` written without a GPU, as full
    paths; and the table of the measured `memory` (only a GPU writes it)."""
    fields = set(_doc_tables(REPORT_DOC, "Top level")[0]) - {"upgraded_from"}
    for path, row in _doc_tables(REPORT_DOC, "Figures: a file and the totals")[0].items():
        fields |= {f"totals.{path}"} if row[2].lower().startswith("totals only") else {f"files[].{path}", f"totals.{path}"}
    fields |= {f"files[].{path}" for path in _doc_tables(REPORT_DOC, "A file")[0]}
    fields |= {f"totals.{path}" for table in _doc_tables(REPORT_DOC, "The totals") for path in table}
    estimated, measured = _doc_tables(REPORT_DOC, "Context memory: `memory`")
    fields |= {f"files[].{path}" for path in estimated}
    return fields, measured


def _nvidia_file(pattern: str) -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec("nvidia")
    for location in (spec.submodule_search_locations if spec else []):
        for candidate in sorted(Path(location).glob(pattern)):
            return candidate
    return None


def _with_linked_copy(obj: bytes, folder: Path) -> bytes:
    """The object with its __nv_relfatbin containers also in a .nv_fatbin section (GNU objcopy):
    an `-rdc` library's layout, whose __nv_relfatbin images are relocatable copies."""
    import subprocess

    from oracles import fatbin as oracle

    (folder / "copies.o").write_bytes(obj)
    (folder / "linked.fatbin").write_bytes(b"".join(obj[c.offset:c.end] for c in oracle.containers(obj, "__nv_relfatbin")))
    subprocess.run(["objcopy", "--add-section", f".nv_fatbin={folder / 'linked.fatbin'}", str(folder / "copies.o")],
                   check=True)
    return (folder / "copies.o").read_bytes()


@pytest.fixture(scope="module")
def report_inputs(tmp_path_factory) -> list[Path]:
    """Three formats made in milliseconds from libcudadevrt.a (the nvidia-cuda-runtime wheel): the
    archive; a wheel whose shared object is the archive's object with its PTX payload overwritten
    (an undecodable image), twice; the object's sm_90 SASS image as a raw .cubin (a newest arch unlike the
    others', so the totals' memory lists two archs)."""
    import zipfile

    from kfoot.binary import archive, fatbin
    from oracles import fatbin as oracle

    library = _nvidia_file("*/lib/libcudadevrt.a")
    if library is None:
        pytest.skip("libcudadevrt.a (nvidia-cuda-runtime wheel) is not installed")
    out = tmp_path_factory.mktemp("report-json")
    data = library.read_bytes()
    member = next(m for m in archive.iter_members(data) if data[m.offset:m.offset + 4] == b"\x7fELF")
    obj = bytearray(data[member.offset:member.offset + member.size])
    cubin = None
    for found in oracle.containers(bytes(obj), "__nv_relfatbin"):
        for entry in fatbin.parse_container(bytes(obj), found.offset).entries:
            if entry.arch_name == "sm_90" and cubin is None:
                cubin = bytes(fatbin.decompress(entry, bytes(obj[entry.payload_offset:entry.payload_offset + entry.slot_size])))
            if entry.kind_name == "ptx":
                obj[entry.payload_offset:entry.payload_offset + 16] = b"\xff" * 16
    assert cubin is not None, "libcudadevrt.a holds no sm_90 image any more: pick another arch here"
    (out / "devrt_sm_90.cubin").write_bytes(cubin)
    wheel = out / "kfoot_docs-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as handle:
        handle.writestr("kfoot_docs/libdevrt.so", bytes(obj))
        handle.writestr("kfoot_docs/libdevrt_copy.so", bytes(obj))  # its kernels twice: `duplicates`
        handle.writestr("kfoot_docs/libmac.dylib", b"\xcf\xfa\xed\xfe" + bytes(60))  # Mach-O: `unreadable`
        handle.writestr("kfoot_docs/libcopies.so", _with_linked_copy(bytes(obj), out))  # `relocatable`
    return [library, wheel, out / "devrt_sm_90.cubin"]


@pytest.fixture(scope="module")
def report_json(report_inputs) -> dict:
    report = kfoot_json("report", *report_inputs, "--kernels", "--memory", "estimate", "--json")
    assert [f["format"] for f in report["files"]] == ["archive", "wheel", "cubin"]
    assert report["files"][1]["undecodable"] and report["totals"]["memory"]["arch"] is None
    return report


@pytest.fixture(scope="module")
def what_if_json(report_inputs) -> dict:
    """The fields --what-if-compress adds, written for the raw cubin alone: over the archive and
    the wheel (five copies of libcudadevrt's images) zstd 19 took 20 s of CPU on a cold report
    cache, for field names that do not depend on the input."""
    report = kfoot_json("report", report_inputs[2], "--kernels", "--memory", "estimate", "--what-if-compress",
                        "--json")
    assert "what_if_compress" in report["files"][0] and "what_if_compress" in report["totals"]
    return report


def test_report_fields_are_the_documented_ones(report_json, what_if_json):
    documented, measured = _report_doc_fields()
    written = _json_paths(report_json) | _json_paths(what_if_json)
    assert _leaves(written) == _leaves(documented), (
        f"kfoot report --json writes {sorted(_leaves(written) - _leaves(documented))}, which {REPORT_DOC} does not "
        f"list; {REPORT_DOC} lists {sorted(_leaves(documented) - _leaves(written))}, which it does not write")
    assert report_json["schema"] == "kfoot.report/3"
    phrase(REPORT_DOC, '| `schema` | string | `"kfoot.report/3"` |')
    # upgraded_from: only a report upgraded from /1 has it.
    from kfoot.report.report_json import upgrade_report

    upgraded = upgrade_report(json.loads((REPO / "tests" / "data" / "demo-baseline-report-v1.json").read_text()))
    assert upgraded["upgraded_from"] == "kfoot.report/1" and "upgraded_from" not in report_json
    assert "upgraded_from" in _doc_tables(REPORT_DOC, "Top level")[0]


def test_measured_memory_fields_are_the_documented_ones(report_inputs, fake_gpu, capsys):
    """`kfoot report --memory measure --json` against a stand-in GPU probe (a GPU is not needed to
    see what the report writes; that the probe measures right is tests/test_memory_probe.py's)."""
    from oracles.cli import run_main

    measured = _report_doc_fields()[1]
    fake_gpu(eager=[4 << 20], lazy=[2 << 20])
    code, out, err = run_main(capsys, "report", "--memory", "measure", "--json", report_inputs[2])
    assert code == 0, err
    memory = json.loads(out)["files"][0]["memory"]
    assert {p.removeprefix("memory.") for p in measured} == set(memory), (sorted(measured), sorted(memory))
    assert (memory["method"], memory["eager_bytes"], memory["lazy_bytes"]) == ("measured", 4 << 20, 2 << 20)
    assert memory["estimate"]["method"] == "estimated" and memory["estimate"]["arch"] == memory["arch"] == "sm_90"


def _check_attribution(holder: dict, where: str) -> None:
    h = holder
    copies = h.get("relocatable") or {"kernels": 0, "stored_bytes": 0, "archs": {}, "families": []}  # /2 baselines: none
    assert h["host_bytes"] + h["overhead_bytes"] + h["stored_bytes"] + h.get("relocatable_bytes", 0) + \
        h["filtered_bytes"] == h["size"], where
    for group in ("archs", "kinds"):
        assert sum(e["stored_bytes"] for e in h[group].values()) == h["stored_bytes"], (where, group)
    assert sum(e["stored_bytes"] for e in h["sections"].values()) == h["stored_bytes"] + copies["stored_bytes"], where
    assert (h.get("relocatable_kernels", 0), h.get("relocatable_bytes", 0)) == (copies["kernels"], copies["stored_bytes"])
    assert copies["kernels"] == sum(f["kernels"] for f in copies["families"]) == \
        sum(a["kernels"] for a in copies["archs"].values() if a["kind"] == "sass"), where
    assert copies["stored_bytes"] == sum(a["stored_bytes"] for a in copies["archs"].values()), where
    for group in ("archs", "kinds"):
        assert sum(e["image_bytes"] for e in h[group].values()) == h["image_bytes"], (where, group)
    assert sum(e["overhead_bytes"] for e in h["sections"].values()) == h["overhead_bytes"], where
    assert h["code_bytes"] == sum(f["code_bytes"] for f in h["families"]), where
    kernels = [sum(f["kernels"] for f in h["families"]), sum(s["kernels"] for s in h["sections"].values()) - copies["kernels"],
               sum(a["kernels"] for a in h["archs"].values() if a["kind"] == "sass")]
    assert kernels == [h["kernels"]] * 3, where
    a = h["attribution"]
    assert (a["host"], a["container_overhead"], a["filtered_out"]) == (h["host_bytes"], h["overhead_bytes"], h["filtered_bytes"])
    assert a["device"] == {f"{name} ({e['kind']})": e["stored_bytes"] for name, e in h["archs"].items()}, where
    assert a.get("relocatable_copies", {}) == {f"{name} ({e['kind']})": e["stored_bytes"] for name, e in copies["archs"].items()}
    images = sum(e["images"] for e in h["archs"].values())
    assert sum(h["images"][k] for k in ("sass", "ptx", "ltoir")) == sum(h["compression"].values()) == images, where
    assert h["code_bytes"] <= h["kinds"].get("sass", {}).get("image_bytes", 0), where


def test_report_byte_attribution_is_as_documented(report_json, report_inputs):
    phrase(REPORT_DOC, "host_bytes + overhead_bytes + stored_bytes + relocatable_bytes + filtered_bytes == size")
    filtered = kfoot_json("report", *report_inputs, "--arch", "sm_90,compute_121", "--filter", "memcpy", "--json")
    baseline = json.loads((REPO / "ci" / "demo-baseline.json").read_text())
    assert filtered["totals"]["filtered_bytes"] > 0 and filtered["options"]["filter"] == "memcpy"
    for report in (report_json, filtered, baseline):
        files, totals = report["files"], report["totals"]
        for index, file in enumerate(files):
            _check_attribution(file, f"files[{index}]")
            assert file["images"]["undecodable"] + (file.get("relocatable") or {"images": {}})["images"].get("undecodable", 0) \
                == len(file["undecodable"])
        _check_attribution(totals, "totals")
        assert totals["files"] == len(files)
        for key in ("size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "overhead_bytes",
                    "filtered_bytes", "kernels", "global_symbols", "relocatable_kernels", "relocatable_bytes"):
            assert totals.get(key, 0) == sum(f.get(key, 0) for f in files), key
    # --filter leaves the images whole and counts only the matching kernels.
    assert filtered["totals"]["image_bytes"] == sum(a["image_bytes"] for n, a in report_json["totals"]["archs"].items()
                                                    if n in ("sm_90", "compute_121"))
    assert 0 < filtered["totals"]["kernels"] < sum(a["kernels"] for n, a in report_json["totals"]["archs"].items() if n == "sm_90")


def test_report_doc_figures_of_the_demo_baseline():
    totals = json.loads((REPO / "ci" / "demo-baseline.json").read_text())["totals"]
    assert set(n for n, count in totals["compression"].items() if count) == {"none"}
    phrase(REPORT_DOC, f"{totals['stored_bytes']:,} stored and {totals['image_bytes']:,} uncompressed bytes, "
                       f"of which {totals['code_bytes']:,} are kernel code")


def test_report_doc_figures_of_libcurand(curand_report):
    totals = curand_report["totals"]
    phrase(REPORT_DOC, f"libcurand (README.md) stores {totals['stored_bytes']:,} bytes of images that are "
                       f"{totals['image_bytes']:,} bytes uncompressed, with {totals['code_bytes']:,} bytes of kernel code")


def test_report_renames_from_1_are_what_the_upgrade_does():
    from kfoot.report.report_json import upgrade_report

    old = json.loads((REPO / "tests" / "data" / "demo-baseline-report-v1.json").read_text())
    new = upgrade_report(json.loads(json.dumps(old)))
    levels = {"a file, the totals": lambda r: [*r["files"], r["totals"]],
              "an arch, a kind": lambda r: [e for h in (*r["files"], r["totals"]) for g in ("archs", "kinds")
                                            for e in h[g].values()],
              "a family": lambda r: [f for h in (*r["files"], r["totals"]) for f in h["families"]]}
    rows = table_rows(section(DOC_TEXT[REPORT_DOC], "From /1 to /2"))[1:]
    assert len(rows) == 5
    for where, before, after in rows:
        before, after = first_code(before), first_code(after)
        for was, now in zip(levels[where](old), levels[where](new)):
            assert after in now and after not in was, (where, after)
            if before:
                assert before in was and before not in now and now[after] == was[before], (where, before)
    assert (old["schema"], new["schema"], new["upgraded_from"]) == ("kfoot.report/1", "kfoot.report/3", "kfoot.report/1")


# ------------------------------------------------------------------------ the diff and the gate
def _expand_figures(table: dict[str, list[str]], change: set[str]) -> set[str]:
    """A diff table's fields as paths: `totals.<figure>` names its figures in its description, and
    each figure is a change (base, new, delta, percent)."""
    paths = set()
    for path, row in table.items():
        if path.endswith(".<figure>"):
            figures = re.findall(r"`(\w+)`", row[2])
            assert figures, path
            paths |= {f"{path[:-len('<figure>')]}{figure}.{key}" for figure in figures for key in change}
        else:
            paths.add(path)
    return paths


@pytest.fixture(scope="module")
def diff_and_gate(report_inputs, tmp_path_factory) -> dict:
    """kfoot diff and gate on real reports: the .cubin's (base) against the archive's (new), whose
    families all grew; and the committed /1 demo baseline against its /2 rewrite."""
    out = tmp_path_factory.mktemp("diff-gate")
    base, new = out / "base.json", out / "new.json"
    run_kfoot("report", report_inputs[2], "--json", "-o", base)
    run_kfoot("report", report_inputs[0], "--json", "-o", new)
    diff = kfoot_json("diff", base, new, "--json")
    family = diff["families"][0]["name"]
    budget = out / "budget.toml"
    budget.write_text(f'max-kernel-growth = "10000%"\nmax-size-growth = "10000%"\n\n[families."{family}"]\n'
                      f'max-kernel-growth = 0\nmax-size-growth = "1%"\n')
    families = json.loads(run_kfoot("gate", "--baseline", base, new, "--budget", budget, "--json", check_rc=1).stdout)
    library = kfoot_json("gate", "--baseline", base, new, "--max-kernel-growth", "10000%", "--max-size-growth", "10000%",
                         "--json")
    update = kfoot_json("gate", "--baseline", out / "updated.json", new, "--update-baseline", "--json")
    v1 = kfoot_json("diff", "tests/data/demo-baseline-report-v1.json", "ci/demo-baseline.json", "--json")
    return {"diffs": [diff, v1, families["diff"], library["diff"]], "gates": [families, library], "update": update}


def test_diff_and_gate_fields_are_the_documented_ones(diff_and_gate):
    change_table, diff_table = _doc_tables(REPORT_DOC, "The diff: `kfoot.diff/2`")
    change = set(change_table)
    assert change == {"base", "new", "delta", "percent"}
    documented = _expand_figures(diff_table, change)
    written = set().union(*(_json_paths(d, maps={}) for d in diff_and_gate["diffs"]))
    assert _leaves(written) == _leaves(documented), (
        f"kfoot diff --json writes {sorted(_leaves(written) - _leaves(documented))}, not in {REPORT_DOC}; "
        f"{REPORT_DOC} lists {sorted(_leaves(documented) - _leaves(written))}, which it does not write")
    from kfoot.gate import diff as diff_module

    for path, metrics in (("totals.<figure>", diff_module.TOTAL_METRICS), ("families[].<figure>", diff_module.FAMILY_METRICS),
                          ("archs[].<figure>", diff_module.ARCH_METRICS), ("kinds[].<figure>", diff_module.KIND_METRICS)):
        assert re.findall(r"`(\w+)`", diff_table[path][2]) == list(metrics), path

    gate_table = _doc_tables(REPORT_DOC, "The gate: `kfoot.gate/2`")[0]
    grouped = ("failures", "families_grown", "families_shrunk", "diff")
    written = set()
    for gate in diff_and_gate["gates"]:
        for path in _json_paths(gate, maps={}):
            top = re.match(r"\w+", path).group(0)
            written.add(f"{top}[]" if top in grouped[:3] else top if top == "diff" else path)
        assert all(set(c) == set(gate["checks"][0]) for c in gate["failures"] + gate["checks"])
        for family in gate["families_grown"] + gate["families_shrunk"]:
            assert _json_paths(family, "families[]", maps={}) <= documented, family["name"]
    assert written == set(gate_table), (sorted(written ^ set(gate_table)))
    families, library = diff_and_gate["gates"]
    metrics = {(c["scope"], c["name"], c["metric"]) for c in families["checks"] + library["checks"]}
    family = families["checks"][-1]["name"]
    assert metrics == {("library", "rest of the library", "kernels"), ("library", "rest of the library", "code_bytes"),
                       ("family", family, "kernels"), ("family", family, "code_bytes"),
                       ("library", "whole library", "kernels"), ("library", "whole library", "image_bytes")}
    assert families["failures"] and families["families_grown"] and library["size_metric"] == "image_bytes"
    for gate in diff_and_gate["gates"]:
        assert gate["schema"] == "kfoot.gate/2" and gate["diff"]["schema"] == "kfoot.diff/2"
    update = diff_and_gate["update"]
    assert set(update) == {"schema", "updated", "message"} and update["schema"] == "kfoot.gate/2"
    phrase(REPORT_DOC, "prints `schema` (`\"kfoot.gate/2\"`), `updated` (the baseline's path) and `message`")
