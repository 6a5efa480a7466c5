"""`kfoot explain --format html`, rendered by a real browser (headless Chromium, no network): with
`--usage` the page's families table and usage summary show the launched and never-launched counts
the JSON gives (held in tests/test_explain.py to cuobjdump's kernel list), rows and treemap cells
coloured by them; names from binaries and usage files stay text and run no script."""

from __future__ import annotations

import json

from oracles.browser import Dom, chromium_or_skip, dump_dom
from oracles.cli import run_kfoot
from test_explain import UNKNOWN, _launched_names, explain_fatbin  # noqa: F401 (a fixture)

HOSTILE = "</script><script>alert(1)</script><script>document.documentElement.setAttribute('data-pwned','1')</script>"
HOSTILE_KERNEL = b"<b>k</b>zzzz"  # as long as b"plain_kernel": every offset in the binary still holds


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_usage_view_shows_the_jsons_launched_counts(explain_fatbin, tmp_path):
    chromium = chromium_or_skip()
    launched = _launched_names(explain_fatbin)
    names = tmp_path / "names.txt"
    names.write_text("\n".join([*launched, UNKNOWN]) + "\n")
    document = json.loads(run_kfoot("explain", explain_fatbin, "--usage", names, "--json").stdout)
    page = tmp_path / "explain.html"
    run_kfoot("explain", explain_fatbin, "--usage", names, "--format", "html", "-o", page)
    dom = Dom(dump_dom(chromium, page))
    assert dom.find("body", data_rendered="explain"), "the page's script did not run to the end"

    rows = dom.table_rows("families")
    assert [cells[0] for _, cells in rows] == [f["name"] for f in document["families"]]
    for (colour, cells), family in zip(rows, document["families"]):
        assert (_number(cells[10]), _number(cells[11])) == (family["launched"], family["never_launched"])
        assert _number(cells[12]) == family["never_launched_bytes"]
        expected = ("never-launched" if not family["launched"] else
                    "launched" if not family["never_launched"] else "partly-launched")
        assert colour == expected, family["name"]
    assert {c for c, _ in rows} >= {"never-launched", "partly-launched"}  # plain_kernel never; the templates partly

    summary = {cells[0]: _number(cells[1]) for _, cells in dom.table_rows("usage")}
    usage = document["usage"]
    assert summary["kernels launched"] == usage["launched"] == len(launched)
    assert summary["kernels never launched"] == usage["never_launched"]
    assert summary["never-launched: context memory, eager loading"] == usage["never_launched_eager_bytes"]
    assert summary["names that match no kernel"] == usage["unmatched_count"] == 1
    assert [cells[0] for _, cells in dom.table_rows("unmatched")] == [UNKNOWN]

    # The treemap: one rectangle per family, coloured by its status, its area its code bytes.
    cells = {c["attrs"]["data-name"]: c["attrs"] for c in dom.find("g", **{"class": "cell"})}
    for family in document["families"]:
        assert int(cells[family["name"]]["data-bytes"]) == family["code_bytes"]
        assert cells[family["name"]]["data-status"] == ("never-launched" if not family["launched"] else
                                                       "launched" if not family["never_launched"] else "partly-launched")


def test_names_from_binaries_and_usage_files_run_no_script(cuda_fixtures, explain_fatbin, tmp_path):
    chromium = chromium_or_skip()
    target = tmp_path / "a" / ("x" + HOSTILE + ".cubin")  # the page's title: a path
    target.parent.mkdir(parents=True)
    data = cuda_fixtures["fixture_sm90a.cubin"].read_bytes().replace(b"plain_kernel", HOSTILE_KERNEL)
    target.write_bytes(data)
    names = tmp_path / "names.txt"
    names.write_text(HOSTILE + "\n")  # matches no kernel: listed on the page
    page = tmp_path / "hostile.html"
    run_kfoot("explain", target, "--usage", names, "--format", "html", "-o", page)
    html = page.read_text()
    assert html.count("<script") == 2, "a name opened a script element"
    dom = Dom(dump_dom(chromium, page))
    assert dom.find("body", data_rendered="explain")
    assert not dom.find(data_pwned="1"), "a script from a name ran"
    assert not dom.find("b"), "a kernel name became markup"
    families = [cells[0] for _, cells in dom.table_rows("families")]
    assert "kfoot::" + HOSTILE_KERNEL.decode() in families
    assert [cells[0] for _, cells in dom.table_rows("unmatched")] == [HOSTILE]
    assert str(target) in dom.find("h1")[0]["text"]


def test_the_page_holds_at_most_the_documented_families():
    from docs_support import phrase
    from kfoot.explain.html import FAMILY_ROWS, TREE_FAMILIES, explain_payload
    from kfoot.explain.model import Explanation, FamilyExplanation

    families = [FamilyExplanation(f"f{i}", kernels=1, distinct_kernels=1, code_bytes=1000 + i) for i in range(FAMILY_ROWS + 1)]
    payload = explain_payload(Explanation(["x.so"], len(families), families))
    assert len(payload["families"]) == FAMILY_ROWS and payload["family_count"] == FAMILY_ROWS + 1
    tree = payload["tree"]
    assert len(tree["c"]) == TREE_FAMILIES + 1 and tree["v"] == sum(f.code_bytes for f in families)
    phrase("docs/explain.md", f"at most {FAMILY_ROWS:,} families; the JSON has them all")


def test_a_kfoot_trace_kernel_trace_is_read_as_usage(explain_fatbin, tmp_path):
    """kfoot trace's JSON lines (docs/explain.md), written from the documented schema with names
    from cuobjdump: two processes, one kernel in two modules; the launches add up."""
    launched = list(_launched_names(explain_fatbin))
    lines = [{"kernel": n, "module": "0x5000", "launches": 2, "pid": 11} for n in launched]
    lines += [{"kernel": launched[0], "module": "0x6000", "launches": 3, "pid": 12}, {"kernel": UNKNOWN, "module": "0x6000", "launches": 1, "pid": 12}]
    trace = tmp_path / "kernels.jsonl"
    trace.write_text("".join(json.dumps(line) + "\n" for line in lines))
    usage = json.loads(run_kfoot("explain", explain_fatbin, "--usage", trace, "--json").stdout)["usage"]
    assert usage["files"] == [{"path": str(trace), "format": "kfoot-kernel-trace", "names": len(launched) + 1,
                               "launches": 2 * len(launched) + 3 + 1}]
    assert usage["launched"] == len(launched) and usage["unmatched"] == [UNKNOWN]
    trace.write_text(json.dumps(lines[0]) + '\n{"kernel": "_Z1kv", "launches": "many"}\n')
    proc = run_kfoot("explain", explain_fatbin, "--usage", trace, check_rc=2)
    assert "line 2" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
