"""`--format html`: one self-contained page (inline CSS and JavaScript, no network) with a
zoomable treemap and sortable tables, for `kfoot report` (here) and `kfoot diff` (kfoot.gate.html,
on the page and helpers here).

Built from the typed model (a Report, a ReportDiff), never from the binaries. Python computes
the treemap's tree and the table rows; the page's script only lays them out. Names come from hostile files: the data sits in a `<script type="application/json">`
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

from ..binary.cubin import IMAGE_SECTIONS, Kernel
from .families import demangle
from ..binary.host import RELOCATABLE_SECTIONS
from .model import ArchStats, Figures, FileReport, Report, Totals
from .render import NEVER_LOADED
from .report_json import TOOL, options_document

FAMILIES_PER_ARCH = 100
KERNELS_PER_FAMILY = 25
KERNEL_ROWS = 2000
DUPLICATE_ROWS = 2000
NAME_CHARS = 2000  # CUTLASS names run to 10,000 characters; the page shows the start of them
RELOCATABLE = RELOCATABLE_SECTIONS[0]


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


def short_name(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS] + "…"


def tree_node(name: str, value: int, kind: str, children: list | None = None, **extra) -> dict:
    node = {"n": short_name(name), "v": value, "k": kind}
    if children:
        node["c"] = [c for c in children if c["v"] > 0]
    node.update({k: v for k, v in extra.items() if v is not None})
    return node


def _capped(items: list[tuple[str, int, object]], cap: int) -> tuple[list, int, int]:
    """The `cap` largest (name, weight, payload) items, and the count and weight of the rest."""
    items = sorted(items, key=lambda item: (-item[1], item[0]))
    rest = items[cap:]
    return items[:cap], len(rest), sum(w for _, w, _ in rest)


def _arch_node(name: str, arch: ArchStats, rows: list[Kernel], note: str = "") -> dict:
    """An arch as stored; a SASS arch with kernel rows is split into its families' code and the
    rest of its images, in uncompressed bytes scaled to the stored bytes when they differ.
    `note`: ", never loaded" for the relocatable copies."""
    stored, image = arch.stored_bytes, arch.image_bytes
    label = f"{name} ({arch.kind or '?'}{note})"
    if arch.kind != "sass" or not rows:
        return tree_node(label, stored, "arch", r=image if image != stored else None)
    families: dict[str, list[Kernel]] = {}
    for row in rows:
        families.setdefault(row.family or row.name, []).append(row)
    fam_items = [(fam, sum(r.code_bytes for r in members), members) for fam, members in families.items()]
    shown, more, more_bytes = _capped(fam_items, FAMILIES_PER_ARCH)
    code = sum(w for _, w, _ in fam_items)
    weights = [w for _, w, _ in shown] + [more_bytes, max(image - code, 0)]
    areas = apportion(weights, stored)
    scaled = stored != image
    children = []
    for (fam, weight, members), area in zip(shown, areas):
        kernels = [(demangle(r.name), r.code_bytes, r) for r in members]
        top, k_more, k_more_bytes = _capped(kernels, KERNELS_PER_FAMILY)
        k_areas = apportion([w for _, w, _ in top] + [k_more_bytes], area)
        leaves = [tree_node(kname, a, "kernel", r=w if scaled else None) for (kname, w, _), a in zip(top, k_areas)]
        if k_more:
            leaves.append(tree_node(f"other: {k_more:,} smaller kernels", k_areas[-1], "other",
                                    r=k_more_bytes if scaled else None))
        children.append(tree_node(fam, area, "family", leaves, r=weight if scaled else None))
    if more:
        children.append(tree_node(f"other: {more:,} smaller families", areas[-2], "other",
                                  r=more_bytes if scaled else None))
    children.append(tree_node("rest of the images (ELF tables, constants, metadata, other code)", areas[-1], "rest",
                              r=max(image - code, 0) if scaled else None))
    note = ("compressed: areas split in proportion to uncompressed bytes" if scaled and stored < image
            else "areas split in proportion to uncompressed bytes" if scaled else None)
    return tree_node(label, stored, "arch", children, r=image if scaled else None, t=note)


def file_tree(file: FileReport) -> dict:
    """One file: host, filtered, and its fatbin sections -> archs -> families -> kernels. The
    report does not split archs by section: a file with images in several sections gets one
    rectangle for those sections together. Relocatable copies (never loaded) are archs of their
    own inside `__nv_relfatbin`, the only section that holds them."""
    rows_by_arch: dict[tuple[str, bool], list[Kernel]] = {}
    for row in file.kernel_rows or []:
        rows_by_arch.setdefault((row.arch, row.relocatable), []).append(row)
    archs = [_arch_node(name, arch, rows_by_arch.get((name, False), []))
             for name, arch in sorted(file.archs.items(), key=lambda kv: (-kv[1].stored_bytes, kv[0]))]
    copies = file.relocatable.archs if file.relocatable is not None else {}
    copy_nodes = [_arch_node(name, arch, rows_by_arch.get((name, True), []), f", {NEVER_LOADED}")
                  for name, arch in sorted(copies.items(), key=lambda kv: (-kv[1].stored_bytes, kv[0]))]
    sections = file.sections
    loaded = {name: s.stored_bytes - (file.relocatable_bytes if name == RELOCATABLE else 0)
              for name, s in sections.items()}
    holding = sorted(name for name, stored in loaded.items() if stored)
    children = [tree_node("host code and data", file.host_bytes, "host"),
                tree_node("left out by filters", file.filtered_bytes, "filtered")]
    overheads = {name: s.overhead_bytes for name, s in sections.items()}
    if len(holding) <= 1:
        target = holding[0] if holding else None
        for name in sorted(sections):
            parts = [tree_node(f"container overhead ({name})", overheads[name], "overhead")]
            parts += archs if name == target else []
            parts += copy_nodes if name == RELOCATABLE else []
            children.append(tree_node(name, sum(p["v"] for p in parts), "section", parts))
        if target is None:  # no section holds image bytes: only empty archs are left
            children += archs
    else:
        parts = [tree_node(f"container overhead ({name})", overheads[name], "overhead") for name in sorted(sections)]
        parts += archs + copy_nodes
        children.append(tree_node(" + ".join(holding), sum(p["v"] for p in parts), "section", parts,
                                  t="the report does not split archs by section: these sections are one rectangle"))
    return tree_node(file.path or "?", sum(c["v"] for c in children), "file", children, r=file.size)


def report_tree(report: Report) -> dict:
    files = [file_tree(f) for f in report.files]
    if len(files) == 1:
        return files[0]
    return tree_node(f"{len(files):,} files", sum(f["v"] for f in files), "root", files)


# ---------------------------------------------------------------------------------------------
# Table rows (what the page sorts); names demangled here, so the page needs no demangler


def _kernel_rows(report: Report) -> tuple[list[list], int]:
    rows = [(file.path, k) for file in report.files for k in file.kernel_rows or []]
    rows.sort(key=lambda item: (-item[1].code_bytes, item[1].name))
    out = [[path, short_name(demangle(k.name)), k.family, f"{k.arch} ({NEVER_LOADED})" if k.relocatable else k.arch,
            k.code_bytes, k.registers, k.stack_bytes,
            k.shared_bytes, k.local_bytes, k.constant_bytes, k.param_bytes] for path, k in rows[:KERNEL_ROWS]]
    return out, len(rows)


def _duplicate_rows(report: Report) -> tuple[list[list], int]:
    rows = [[file.path, short_name(demangle(d.name)), d.arch, f"{d.copies} copies", d.wasted_bytes]
            for file in report.files for d in file.duplicates]
    rows += [[f"{len(d.files)} files", short_name(demangle(d.name)), d.arch, ", ".join(d.files), d.wasted_bytes]
             for d in report.totals.duplicates_across_files]
    rows.sort(key=lambda r: -r[4])
    return rows[:DUPLICATE_ROWS], len(rows)


SUMMARY_FIGURES = ("size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "overhead_bytes",
                   "filtered_bytes", "kernels", "distinct_kernels", "global_symbols", "duplicate_bytes",
                   "relocatable_kernels", "relocatable_bytes")


def report_payload(report: Report) -> dict:
    scope: FileReport | Totals = report.files[0] if len(report.files) == 1 else report.totals
    copies = scope.relocatable if scope.relocatable is not None else Figures()
    kernels, kernel_count = _kernel_rows(report)
    duplicates, duplicate_count = _duplicate_rows(report)
    files = [[f.path, f.format, *(getattr(f, k) for k in SUMMARY_FIGURES)] for f in report.files]
    title = scope.path if isinstance(scope, FileReport) and scope.path else f"{len(report.files)} files"
    return {
        "page": "report",
        "title": "kfoot report: " + title,
        "tool": dict(TOOL), "options": options_document(report.filters),
        "summary": [[k, getattr(scope, k)] for k in SUMMARY_FIGURES],
        "images": dict(scope.images), "compression": dict(scope.compression),
        "files": files + ([["total", "", *(getattr(report.totals, k) for k in SUMMARY_FIGURES)]]
                          if len(files) > 1 else []),
        "families": [[f.name, f.kernels, f.distinct_kernels, f.code_bytes] for f in scope.families] +
                    [[f"{f.name} ({NEVER_LOADED})", f.kernels, f.distinct_kernels, f.code_bytes] for f in copies.families],
        "archs": [[n, a.kind, a.images, a.kernels, a.stored_bytes, a.image_bytes] for n, a in sorted(scope.archs.items())] +
                 [[n, f"{a.kind}, {NEVER_LOADED}", a.images, a.kernels, a.stored_bytes, a.image_bytes]
                  for n, a in sorted(copies.archs.items())],
        "kinds": [[n, a.images, a.kernels, a.stored_bytes, a.image_bytes] for n, a in sorted(scope.kinds.items())] +
                 [[f"{n} ({NEVER_LOADED})", a.images, a.kernels, a.stored_bytes, a.image_bytes]
                  for n, a in sorted(copies.kinds.items())],
        "unreadable": [[u.path, u.member or "", u.reason] for u in report.totals.unreadable],
        "sections": [[n, s.containers, s.images, s.kernels, s.stored_bytes, s.overhead_bytes]
                     for n, s in sorted(scope.sections.items())],
        "image_sections": [[n, *(a.image_sections.get(k, 0) for k in IMAGE_SECTIONS), sum(a.image_sections.values())]
                           for n, a in sorted(scope.archs.items()) if a.image_sections],
        "image_section_names": list(IMAGE_SECTIONS),
        "duplicates": duplicates, "duplicate_count": duplicate_count,
        "kernels": kernels, "kernel_count": kernel_count,
        "has_kernel_list": any(f.kernel_rows is not None for f in report.files),
        "undecodable": [[f.path, u.section, u.offset, u.arch, u.kind, u.reason] for f in report.files
                        for u in f.undecodable],
        "tree": report_tree(report),
        "limits": {"families_per_arch": FAMILIES_PER_ARCH, "kernels_per_family": KERNELS_PER_FAMILY,
                   "kernel_rows": KERNEL_ROWS, "duplicate_rows": DUPLICATE_ROWS},
    }


# ---------------------------------------------------------------------------------------------
# The page


def embed_json(data: object) -> str:
    """JSON safe inside <script>: no `<` (so no `</script>` or `<!--`), `>` or `&` survives, and
    JSON.parse reads the \\u escapes back as the same characters."""
    text = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page(payload: dict) -> str:
    """The whole page for a payload (report_payload here, kfoot.gate.html's for a diff)."""
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


def report_html(report: Report) -> str:
    """The page for a report."""
    return page(report_payload(report))
