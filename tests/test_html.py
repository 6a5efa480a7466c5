"""`--format html` of `kfoot report` and `kfoot diff`, rendered by a real browser (headless Chromium,
no network): the page names the largest families with the byte counts pyelftools reads from
cuobjdump's extracts, its treemap areas add up to the file's size on disk, zooming and sorting
work, the screenshot is a picture, hostile names stay text, and the diff colours what grew."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter

import pytest
from elftools.elf.elffile import ELFFile

from kfoot.binary.cubin import Kernel
from kfoot.report.html import FAMILIES_PER_ARCH, KERNELS_PER_FAMILY, apportion, embed_json, report_html
from kfoot.report.analyze import ReportOptions, analyze_paths
from kfoot.report.model import ArchStats, FileReport, Report, SectionStats, Totals
from oracles.browser import Dom, chromium_or_skip, dump_dom, png_pixels, screenshot
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_extract, cuobjdump_symbols
from oracles.errors import assert_error

# The fixture's families (tests/fixtures_cuda/kernels.cu), by the mangled prefix of their kernels.
FIXTURE_FAMILIES = {"kfoot::binary_kernel": "_ZN5kfoot13binary_kernel", "kfoot::fill_kernel": "_ZN5kfoot11fill_kernel",
                    "kfoot::plain_kernel": "_ZN5kfoot12plain_kernel"}
HOSTILE = "</script><script>alert(1)</script><script>document.documentElement.setAttribute('data-pwned','1')</script>"


@pytest.fixture(scope="module")
def chromium():
    return chromium_or_skip()


def _family_code_bytes(path, workdir) -> dict[str, int]:
    """Family -> `.text.<kernel>` bytes over every SASS image (pyelftools on cuobjdump -xelf)."""
    out = Counter()
    for cubin in cuobjdump_extract(path, workdir):
        with cubin.open("rb") as handle:
            for section in ELFFile(handle).iter_sections():
                for family, prefix in FIXTURE_FAMILIES.items():
                    if section.name.startswith(".text." + prefix):
                        out[family] += section["sh_size"]
    return dict(out)


def _cells(dom: Dom) -> list[dict]:
    """The treemap's top-level rectangles."""
    return [e["attrs"] for e in dom.find("g", **{"class": "cell"})]


def _not_blank(png) -> None:
    width, height, pixels = png_pixels(png)
    colours = Counter(pixels)
    background = colours.most_common(1)[0][1]
    assert len(colours) > 50, f"{len(colours)} colours: a blank page"
    assert len(pixels) - background > 0.1 * len(pixels), "mostly one colour: a blank page"
    return pixels


def test_report_page_in_chromium(cuda_fixtures, chromium, tmp_path):
    lib = cuda_fixtures["libfixture.so"]
    page = tmp_path / "report.html"
    run_kfoot("report", lib, "--format", "html", "-o", page)
    html = page.read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html), "the page must not load anything"
    dom = Dom(dump_dom(chromium, page))
    assert dom.find("body", data_rendered="report"), "the page's script did not run to the end"

    # The families table, largest first, with pyelftools' byte counts of cuobjdump's cubins.
    oracle = _family_code_bytes(lib, tmp_path / "x")
    rows = [cells for _, cells in dom.table_rows("families")]
    assert [r[0] for r in rows] == sorted(oracle, key=lambda f: -oracle[f])
    assert {r[0]: int(r[3].replace(",", "")) for r in rows} == oracle
    largest = max(oracle, key=oracle.get)
    assert largest in dom.visible_text

    # The treemap: one rectangle per top-level part, adding up to the file's size on disk.
    cells = _cells(dom)
    assert sum(int(c["data-bytes"]) for c in cells) == lib.stat().st_size
    assert {c["data-kind"] for c in cells} == {"host", "section"}

    # Per-kernel resources: one row per kernel and arch, as cuobjdump lists them.
    assert len(dom.table_rows("kernels")) == cuobjdump_symbols(lib).kernels

    pixels = _not_blank(screenshot(chromium, page, tmp_path / "report.png", "1000,900"))
    assert pixels


def test_zoom_and_sort_in_chromium(cuda_fixtures, chromium, tmp_path):
    """Clicks driven by a script added to a copy of the page (its CSP would refuse that script
    in the page as shipped): zoom into the section, an arch, back out; sort by code bytes."""
    lib = cuda_fixtures["libfixture.so"]
    page = tmp_path / "report.html"
    run_kfoot("report", lib, "--format", "html", "-o", page)
    driver = """<script>
const click = (el) => el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
const cells = () => [...document.querySelectorAll("svg.treemap g.cell")].map(g => [g.dataset.name, +g.dataset.bytes, g.dataset.kind]);
const probe = {};
click(document.querySelector("g.cell[data-kind=section]"));
probe.section = cells();
click(document.querySelector("g.cell[data-kind=arch]"));
probe.arch = cells(); probe.archZoom = document.querySelector("svg.treemap").dataset.zoom;
click(document.querySelector("button[data-up]"));
click(document.querySelector("button[data-up]"));
probe.top = cells();
const th = document.querySelectorAll("table[data-table=families] th")[3];
click(th); click(th);
probe.sorted = [...document.querySelectorAll("table[data-table=families] tbody tr")].map(r => r.cells[0].textContent);
const out = document.createElement("pre"); out.id = "probe"; out.textContent = JSON.stringify(probe);
document.body.appendChild(out);
</script>"""
    text = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page.read_text())
    driven = tmp_path / "driven.html"
    driven.write_text(text.replace("</body>", driver + "</body>"))
    dom = Dom(dump_dom(chromium, driven))
    probe = json.loads(dom.find("pre", id="probe")[0]["text"])
    report = json.loads(run_kfoot("report", lib, "--json").stdout)["files"][0]
    section = next(c for c in _cells_of(probe["top"]) if c[2] == "section")
    # Inside the section: its archs (cuobjdump's) and container overhead, adding up to it.
    assert {n for n, _, k in probe["section"] if k == "arch"} == {f"{a} (sass)" for a in cuobjdump_symbols(lib).sass_images_by_arch}
    assert sum(b for _, b, _ in probe["section"]) == section[1]
    # Inside an arch: families and the rest of the images, adding up to its stored bytes.
    arch = probe["archZoom"].split()[0]
    assert sum(b for _, b, _ in probe["arch"]) == report["archs"][arch]["stored_bytes"]
    assert {n for n, _, k in probe["arch"] if k == "family"} == set(FIXTURE_FAMILIES)
    assert sum(b for _, b, _ in probe["top"]) == lib.stat().st_size
    oracle = _family_code_bytes(lib, tmp_path / "x")
    assert probe["sorted"] == sorted(oracle, key=lambda f: oracle[f])  # two clicks: ascending


def _cells_of(cells):
    return [tuple(c) for c in cells]


def test_hostile_names_stay_text(cuda_fixtures, chromium, tmp_path):
    """A file path and a kernel name holding `</script><script>...`: no script of theirs runs,
    and the page shows them literally."""
    folder = tmp_path / "a"
    target = folder / ("x" + HOSTILE + ".so")
    target.parent.mkdir(parents=True)
    shutil.copyfile(cuda_fixtures["libfixture.so"], target)
    page = tmp_path / "hostile.html"
    run_kfoot("report", target, "--format", "html", "-o", page)
    report = analyze_paths([target], ReportOptions(kernel_rows=True))
    report.files[0].kernel_rows[0].name = HOSTILE
    report.files[0].families[0].name = HOSTILE
    synthetic = tmp_path / "synthetic.html"
    synthetic.write_text(report_html(report))
    for path in (page, synthetic):
        html = path.read_text()
        assert html.count("<script") == 2, "a name opened a script element"
        dom = Dom(dump_dom(chromium, path))
        assert dom.find("body", data_rendered="report")
        assert not dom.find(data_pwned="1"), "a script from a name ran"
        assert HOSTILE in dom.visible_text
    assert str(target) in Dom(dump_dom(chromium, page)).find("h1")[0]["text"]


DIFF_SOURCE = """
template <int N> __global__ void grow_kernel(float* p) { p[threadIdx.x] *= N; }
template <int N> __global__ void shrink_kernel(float* p) { p[threadIdx.x] += N; }
__global__ void same_kernel(float* p) { p[threadIdx.x] = 0; }
%s
"""


def test_diff_page_colours_growth(nvcc, chromium, tmp_path):
    sides = {"base": (range(1, 3), range(1, 5)), "new": (range(1, 6), range(1, 2))}
    built = {}
    for side, (grow, shrink) in sides.items():
        lines = [f"template __global__ void grow_kernel<{i}>(float*);" for i in grow]
        lines += [f"template __global__ void shrink_kernel<{i}>(float*);" for i in shrink]
        source = tmp_path / f"{side}.cu"
        source.write_text(DIFF_SOURCE % "\n".join(lines))
        built[side] = tmp_path / f"{side}.cubin"
        subprocess.run([str(nvcc), "-cubin", "-arch=sm_80", str(source), "-o", str(built[side])], check=True)
    # The oracle: cuobjdump's kernel counts per family on each side.
    counts = {side: Counter(re.match(r"_Z\d+(\w+?)ILi", n).group(1) if "ILi" in n else n
                            for n in cuobjdump_symbols(path).kernel_names) for side, path in built.items()}
    grown = [f for f in counts["new"] if counts["new"][f] > counts["base"].get(f, 0)]
    shrunk = [f for f in counts["base"] if counts["base"][f] > counts["new"].get(f, 0)]
    assert grown == ["grow_kernel"] and shrunk == ["shrink_kernel"]
    page = tmp_path / "diff.html"
    run_kfoot("diff", built["base"], built["new"], "--format", "html", "-o", page)
    dom = Dom(dump_dom(chromium, page))
    assert dom.find("body", data_rendered="diff")
    rows = {cells[0]: cls for cls, cells in dom.table_rows("families")}
    assert rows["grow_kernel"] == "grew" and rows["shrink_kernel"] == "shrank"
    cells = {c["data-name"]: c for c in _cells(dom)}
    assert cells["grow_kernel"]["data-status"] == "grew"
    fills = {e["attrs"].get("fill") for e in dom.elements if e["tag"] == "rect"}
    assert "#d73027" in fills and "#1a9850" in fills  # red for grew, green for shrank
    pixels = _not_blank(screenshot(chromium, page, tmp_path / "diff.png", "1000,900"))
    red = sum(1 for p in pixels if p == (0xD7, 0x30, 0x27))
    assert red > 1000, "the grown family is not drawn red"


# ------------------------------------------------------------------ without a browser


def _check_sums(node, path="") -> int:
    """Every node's children add up to it exactly; returns the number of nodes."""
    children = node.get("c", [])
    if children:
        assert sum(c["v"] for c in children) == node["v"], f"{path}/{node['n']}"
    assert all(c["v"] > 0 for c in children)
    return 1 + sum(_check_sums(c, f"{path}/{node['n']}") for c in children)


def _tree(html: str) -> dict:
    match = re.search(r'<script type="application/json" id="kfoot-data">(.*?)</script>', html, re.S)
    return json.loads(match.group(1))


@pytest.mark.parametrize("name", ["libfixture.a", "obj_default.o", "obj_concat.o", "fixture_exe"])
def test_treemap_attributes_every_byte_once(cuda_fixtures, name, tmp_path):
    """Several sections (the archive), compressed images, --concat groups: the root is the size
    on disk and every node's children add up to it."""
    path = cuda_fixtures[name]
    page = tmp_path / "p.html"
    run_kfoot("report", path, "--format", "html", "-o", page)
    tree = _tree(page.read_text())["tree"]
    assert tree["v"] == path.stat().st_size
    _check_sums(tree)


def test_two_files_and_stdout(cuda_fixtures):
    paths = [cuda_fixtures["libfixture.so"], cuda_fixtures["obj_none.o"]]
    html = run_kfoot("report", *paths, "--format", "html").stdout
    assert html.startswith("<!DOCTYPE html>")
    tree = _tree(html)["tree"]
    assert tree["v"] == sum(p.stat().st_size for p in paths)
    assert [c["n"] for c in tree["c"]] == [str(p) for p in paths]
    _check_sums(tree)


def test_huge_library_page_is_bounded():
    """50,000 kernels in 500 families: the page draws the largest and says how many it left out."""
    rows = [Kernel(f"_Z3f{f}ILi{k}EEvv", f"family_{f}", "sm_90", code_bytes=1000 + f * 10 + k, registers=32)
            for f in range(500) for k in range(100)]
    code = sum(r.code_bytes for r in rows)
    entry = FileReport(path="libhuge.so", size=3 * code, host_bytes=code,
                       archs={"sm_90": ArchStats("sass", stored_bytes=2 * code, image_bytes=2 * code)},
                       sections={".nv_fatbin": SectionStats(stored_bytes=2 * code)}, kernel_rows=rows)
    html = report_html(Report([entry], Totals()))
    assert len(html) < 3_000_000, len(html)
    data = _tree(html)
    arch = data["tree"]["c"][1]["c"][0]
    assert len(arch["c"]) == FAMILIES_PER_ARCH + 2 and arch["c"][-2]["n"] == "other: 400 smaller families"
    assert all(len(f["c"]) == KERNELS_PER_FAMILY + 1 for f in arch["c"][:FAMILIES_PER_ARCH])
    assert data["kernel_count"] == 50_000 and len(data["kernels"]) == 2000
    _check_sums(data["tree"])


def test_apportion_and_embedding():
    assert apportion([1, 1, 1], 10) == [4, 3, 3]
    assert sum(apportion([7, 0, 13, 5], 1_000_003)) == 1_000_003
    text = embed_json({"n": HOSTILE + "&<!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"n": HOSTILE + "&<!--"}


def test_bad_input_is_one_line(tmp_path):
    assert_error(run_kfoot("report", tmp_path / "missing.so", "--format", "html", "-o", tmp_path / "x.html", check_rc=None))
    assert not (tmp_path / "x.html").exists()
    assert_error(run_kfoot("diff", tmp_path / "a.json", tmp_path / "b.json", "--format", "html", check_rc=None))
