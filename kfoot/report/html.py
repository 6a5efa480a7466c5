"""`--format html`: one self-contained page (inline CSS and JavaScript, no network) with a
zoomable treemap and sortable tables, for `kfoot report` and `kfoot diff`.

Built from the JSON contract (`Report.to_dict()`, `ReportDiff.to_dict()`), never from the
binaries. Python computes the treemap's tree and the table rows; the page's script only lays
them out. Names come from hostile files: the data sits in a `<script type="application/json">`
block with every `<`, `>` and `&` escaped, and the script writes them with textContent only.

The treemap attributes every byte exactly once: a node's area is its bytes and its children's
areas add up to it exactly (integers, largest-remainder apportioning where a compressed arch is
split by its uncompressed composition). The page stays bounded on huge libraries: per arch the
FAMILIES_PER_ARCH largest families, per family the KERNELS_PER_FAMILY largest kernels, the rest
in one "other" rectangle each; the kernel table holds the KERNEL_ROWS largest kernels.
"""

from __future__ import annotations

import base64
import hashlib
import json
from importlib import resources

from ..binary.cubin import IMAGE_SECTIONS
from .families import demangle

FAMILIES_PER_ARCH = 100
KERNELS_PER_FAMILY = 25
KERNEL_ROWS = 2000
DUPLICATE_ROWS = 2000
NAME_CHARS = 2000  # CUTLASS names run to 10,000 characters; the page shows the start of them


# ---------------------------------------------------------------------------------------------
# The treemap's tree: {"n": name, "v": area bytes, "k": node kind, "c": children, "r": real bytes
# where the area is scaled, "t": a note}


def apportion(weights: list[int], total: int) -> list[int]:
    """`total` split in proportion to `weights`, in integers that add up to `total` exactly
    (largest remainder)."""
    weight_sum = sum(weights)
    if not weights:
        return []
    if weight_sum == 0:
        return [total // len(weights) + (1 if i < total % len(weights) else 0) for i in range(len(weights))]
    shares = [w * total // weight_sum for w in weights]
    left = total - sum(shares)
    order = sorted(range(len(weights)), key=lambda i: (-(weights[i] * total % weight_sum), i))
    for i in order[:left]:
        shares[i] += 1
    return shares


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS] + "…"


def _node(name: str, value: int, kind: str, children: list | None = None, **extra) -> dict:
    node = {"n": _short(name), "v": value, "k": kind}
    if children:
        node["c"] = [c for c in children if c["v"] > 0]
    node.update({k: v for k, v in extra.items() if v is not None})
    return node


def _capped(items: list[tuple[str, int, object]], cap: int, what: str) -> tuple[list, int, int]:
    """The `cap` largest (name, weight, payload) items, and the count and weight of the rest."""
    items = sorted(items, key=lambda item: (-item[1], item[0]))
    rest = items[cap:]
    return items[:cap], len(rest), sum(w for _, w, _ in rest)


def _arch_node(name: str, arch: dict, rows: list[dict]) -> dict:
    """An arch as stored; a SASS arch with kernel rows is split into its families' code and the
    rest of its images, in uncompressed bytes scaled to the stored bytes when they differ."""
    stored, image = arch.get("stored_bytes", 0), arch.get("image_bytes", 0)
    label = f"{name} ({arch.get('kind', '?')})"
    if arch.get("kind") != "sass" or not rows:
        return _node(label, stored, "arch", r=image if image != stored else None)
    families: dict[str, list[dict]] = {}
    for row in rows:
        families.setdefault(row.get("family") or row["name"], []).append(row)
    fam_items = [(fam, sum(r["code_bytes"] for r in members), members) for fam, members in families.items()]
    shown, more, more_bytes = _capped(fam_items, FAMILIES_PER_ARCH, "families")
    code = sum(w for _, w, _ in fam_items)
    weights = [w for _, w, _ in shown] + [more_bytes, max(image - code, 0)]
    areas = apportion(weights, stored)
    scaled = stored != image
    children = []
    for (fam, weight, members), area in zip(shown, areas):
        kernels = [(demangle(r["name"]), r["code_bytes"], r) for r in members]
        top, k_more, k_more_bytes = _capped(kernels, KERNELS_PER_FAMILY, "kernels")
        k_areas = apportion([w for _, w, _ in top] + [k_more_bytes], area)
        leaves = [_node(kname, a, "kernel", r=w if scaled else None) for (kname, w, _), a in zip(top, k_areas)]
        if k_more:
            leaves.append(_node(f"other: {k_more:,} smaller kernels", k_areas[-1], "other", r=k_more_bytes if scaled else None))
        children.append(_node(fam, area, "family", leaves, r=weight if scaled else None))
    if more:
        children.append(_node(f"other: {more:,} smaller families", areas[-2], "other", r=more_bytes if scaled else None))
    children.append(_node("rest of the images (ELF tables, constants, metadata, other code)", areas[-1], "rest",
                          r=max(image - code, 0) if scaled else None))
    note = ("compressed: areas split in proportion to uncompressed bytes" if scaled and stored < image
            else "areas split in proportion to uncompressed bytes" if scaled else None)
    return _node(label, stored, "arch", children, r=image if scaled else None, t=note)


def file_tree(entry: dict) -> dict:
    """One file: host, filtered, and its fatbin sections -> archs -> families -> kernels. The
    report does not split archs by section: a file with images in several sections gets one
    rectangle for those sections together."""
    rows_by_arch: dict[str, list[dict]] = {}
    for row in entry.get("kernel_list") or []:
        rows_by_arch.setdefault(row["arch"], []).append(row)
    archs = [_arch_node(name, arch, rows_by_arch.get(name, []))
             for name, arch in sorted((entry.get("archs") or {}).items(), key=lambda kv: -kv[1].get("stored_bytes", 0))]
    sections = entry.get("sections") or {}
    holding = [name for name, s in sections.items() if s.get("stored_bytes", 0)]
    children = [_node("host code and data", entry.get("host_bytes", 0), "host"),
                _node("left out by filters", entry.get("filtered_bytes", 0), "filtered")]
    overheads = {name: s.get("overhead_bytes", 0) for name, s in sections.items()}
    if len(holding) <= 1:
        target = holding[0] if holding else None
        for name in sorted(sections):
            parts = [_node(f"container overhead ({name})", overheads[name], "overhead")]
            parts += archs if name == target else []
            children.append(_node(name, sum(p["v"] for p in parts), "section", parts))
        if target is None:  # no section holds image bytes: only empty archs are left
            children += archs
    else:
        parts = [_node(f"container overhead ({name})", overheads[name], "overhead") for name in sorted(sections)]
        parts += archs
        children.append(_node(" + ".join(sorted(holding)), sum(p["v"] for p in parts), "section", parts,
                              t="the report does not split archs by section: these sections are one rectangle"))
    return _node(entry.get("path", "?"), sum(c["v"] for c in children), "file", children, r=entry.get("size"))


def report_tree(report: dict) -> dict:
    files = [file_tree(f) for f in report.get("files", [])]
    if len(files) == 1:
        return files[0]
    return _node(f"{len(files):,} files", sum(f["v"] for f in files), "root", files)


# ---------------------------------------------------------------------------------------------
# Table rows (what the page sorts); names demangled here, so the page needs no demangler


def _kernel_rows(report: dict) -> tuple[list[list], int]:
    rows = [(entry.get("path", ""), row) for entry in report.get("files", []) for row in entry.get("kernel_list") or []]
    rows.sort(key=lambda item: (-item[1].get("code_bytes", 0), item[1]["name"]))
    out = [[path, _short(demangle(r["name"])), r.get("family", ""), r["arch"], r.get("code_bytes", 0),
            r.get("registers", 0), r.get("stack_bytes", 0), r.get("shared_bytes", 0), r.get("local_bytes", 0),
            r.get("constant_bytes", 0), r.get("param_bytes", 0)] for path, r in rows[:KERNEL_ROWS]]
    return out, len(rows)


def _duplicate_rows(report: dict) -> tuple[list[list], int]:
    rows = [[entry.get("path", ""), _short(demangle(d["name"])), d["arch"], f"{d['copies']} copies", d["wasted_bytes"]]
            for entry in report.get("files", []) for d in entry.get("duplicates") or []]
    rows += [[f"{len(d['files'])} files", _short(demangle(d["name"])), d["arch"], ", ".join(d["files"]), d["wasted_bytes"]]
             for d in (report.get("totals") or {}).get("duplicates_across_files") or []]
    rows.sort(key=lambda r: -r[4])
    return rows[:DUPLICATE_ROWS], len(rows)


def _scope(report: dict) -> dict:
    files = report.get("files", [])
    return files[0] if len(files) == 1 else report.get("totals", {})


def report_payload(report: dict) -> dict:
    scope = _scope(report)
    kernels, kernel_count = _kernel_rows(report)
    duplicates, duplicate_count = _duplicate_rows(report)
    summary_keys = ("size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "overhead_bytes",
                    "filtered_bytes", "kernels", "distinct_kernels", "global_symbols", "duplicate_bytes")
    files = [[f.get("path", ""), f.get("format", ""), *(f.get(k, 0) for k in summary_keys)] for f in report.get("files", [])]
    totals = report.get("totals", {})
    return {
        "page": "report",
        "title": "kfoot report: " + (scope.get("path") or f"{len(report.get('files', []))} files"),
        "tool": report.get("tool", {}), "options": report.get("options", {}),
        "summary": [[k, scope.get(k, 0)] for k in summary_keys],
        "images": scope.get("images", {}), "compression": scope.get("compression", {}),
        "files": files + ([["total", "", *(totals.get(k, 0) for k in summary_keys)]] if len(files) > 1 else []),
        "families": [[f["name"], f.get("kernels", 0), f.get("distinct_kernels", 0), f.get("code_bytes", 0)]
                     for f in scope.get("families", [])],
        "archs": [[n, a.get("kind", ""), a.get("images", 0), a.get("kernels", 0), a.get("stored_bytes", 0),
                   a.get("image_bytes", 0)] for n, a in sorted((scope.get("archs") or {}).items())],
        "kinds": [[n, a.get("images", 0), a.get("kernels", 0), a.get("stored_bytes", 0), a.get("image_bytes", 0)]
                  for n, a in sorted((scope.get("kinds") or {}).items())],
        "sections": [[n, s.get("containers", 0), s.get("images", 0), s.get("kernels", 0), s.get("stored_bytes", 0),
                      s.get("overhead_bytes", 0)] for n, s in sorted((scope.get("sections") or {}).items())],
        "image_sections": [[n, *(a["image_sections"].get(k, 0) for k in IMAGE_SECTIONS), sum(a["image_sections"].values())]
                           for n, a in sorted((scope.get("archs") or {}).items()) if a.get("image_sections")],
        "image_section_names": list(IMAGE_SECTIONS),
        "duplicates": duplicates, "duplicate_count": duplicate_count,
        "kernels": kernels, "kernel_count": kernel_count, "has_kernel_list": any(
            "kernel_list" in f for f in report.get("files", [])),
        "undecodable": [[f.get("path", ""), u.get("section", ""), u.get("offset", 0), u.get("arch", ""), u.get("kind", ""),
                         u.get("reason", "")] for f in report.get("files", []) for u in f.get("undecodable") or []],
        "tree": report_tree(report),
        "limits": {"families_per_arch": FAMILIES_PER_ARCH, "kernels_per_family": KERNELS_PER_FAMILY,
                   "kernel_rows": KERNEL_ROWS, "duplicate_rows": DUPLICATE_ROWS},
    }


def _change(c: dict | None) -> list:
    c = c or {}
    return [c.get("base", 0), c.get("new", 0), c.get("delta", 0)]


def direction(family: dict) -> str:
    """grew, shrank, added, removed or unchanged: what the diff page colours a family by (code
    bytes first, kernels when the code did not move)."""
    status = family.get("status")
    if status in ("added", "removed", "unchanged"):
        return status
    code, kernels = (family.get(k, {}).get("delta", 0) for k in ("code_bytes", "kernels"))
    key = code or kernels
    return "grew" if key > 0 else "shrank" if key < 0 else "unchanged"


def diff_payload(diff: dict) -> dict:
    families = diff.get("families", [])
    tree_children = [_node(f["name"], f.get("code_bytes", {}).get("new", 0), "family", s=direction(f),
                           d=f.get("code_bytes", {}).get("delta", 0)) for f in families]
    tree = _node("kernel code in NEW", sum(c["v"] for c in tree_children), "root", tree_children)
    kernel_changes = [[f["name"], way, _short(demangle(name))] for f in families
                      for way in ("added", "removed") for name in (f.get(f"kernels_{way}") or [])[:KERNELS_PER_FAMILY]]
    return {
        "page": "diff",
        "title": f"kfoot diff: {diff.get('base', '')} → {diff.get('new', '')}",
        "base": diff.get("base", ""), "new": diff.get("new", ""), "zero": diff.get("zero", False),
        "totals": [[k, *_change(c)] for k, c in (diff.get("totals") or {}).items()],
        "families": [[f["name"], direction(f), *_change(f.get("kernels")), *_change(f.get("code_bytes"))]
                     for f in families],
        "archs": [[a["name"], a.get("status", ""), *_change(a.get("stored_bytes")), *_change(a.get("image_bytes"))]
                  for a in diff.get("archs", [])],
        "kinds": [[a["name"], a.get("status", ""), *_change(a.get("stored_bytes")), *_change(a.get("image_bytes"))]
                  for a in diff.get("kinds", [])],
        "kernel_changes": kernel_changes,
        "tree": tree,
        "limits": {"kernels_per_family": KERNELS_PER_FAMILY},
    }


# ---------------------------------------------------------------------------------------------
# The page


def embed_json(data: object) -> str:
    """JSON safe inside <script>: no `<` (so no `</script>` or `<!--`), `>` or `&` survives, and
    JSON.parse reads the \\u escapes back as the same characters."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _page(payload: dict) -> str:
    assets = resources.files(__package__) / "html_assets"
    css = (assets / "page.css").read_text()
    script = "\n" + (assets / "page.js").read_text()
    # Only this script may run (its hash), whatever else a hostile name might smuggle in.
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'; script-src 'sha256-" + digest + "'; img-src data:\">\n"
            "<title>kfoot</title>\n<style>\n" + css + "</style>\n</head>\n<body>\n"
            "<noscript>This page draws its tables and treemap with JavaScript.</noscript>\n"
            "<main id=\"app\"></main>\n"
            "<script type=\"application/json\" id=\"kfoot-data\">" + embed_json(payload) + "</script>\n"
            "<script>" + script + "</script>\n</body>\n</html>\n")


def report_html(report: dict) -> str:
    """The page for a report dict (`Report.to_dict()`, or a report JSON read back)."""
    return _page(report_payload(report))


def diff_html(diff: dict) -> str:
    """The page for a diff dict (`ReportDiff.to_dict()`)."""
    return _page(diff_payload(diff))
