"""The context-memory table of `kfoot report --memory`: rich renderables (a list) and Markdown
(text); neither prints. JSON is the estimate's own (kfoot.memory.estimate)."""

from __future__ import annotations

from pathlib import Path

from rich import box
from rich.table import Table
from rich.text import Text

from ..core.escape import markdown_code, terminal_text
from ..core.units import format_bytes

COLUMNS = ("file", "method", "arch", "eager", "lazy", "modules", "first use")
NUMERIC = ("eager", "lazy", "modules", "first use")
LEGEND = ("estimated: docs/memory.md (calibrated for sm_90 on an H100; other archs use the same model); measured: cuMemGetInfo minus a baseline context. "
          "lazy: at context creation; first use: mean bytes a kernel's first launch adds.")


def _rows(report):
    """(cells, notes) per file, then the totals when there are several files."""
    items = [(f.path, f.memory) for f in report.files]
    if len(report.files) > 1 and report.totals.memory:
        items.append(("total", report.totals.memory))
    for label, m in items:
        if not m:
            continue
        notes = []
        if m.get("method") == "measured":
            notes.append(f"{m.get('gpu')}, driver {m.get('driver') or m.get('cuda_driver')}")
            if m.get("failed_modules"):
                notes.append(f"{m['failed_modules']} modules failed to load")
        else:
            if m.get("unloadable_modules"):
                notes.append(f"{m['unloadable_modules']} modules have no image for {m.get('arch')}")
            routes = m.get("modules_by_route", {})
            if routes.get("ptx-jit"):
                notes.append(f"{routes['ptx-jit']} modules JIT-compiled from PTX (ptxas)")
            # Why, per route: a SASS image that was not decoded, or PTX that ptxas could not
            # compile (missing, failed, or over its time or memory bound).
            reasons = {"sass": "SASS image not decoded", "ptx-jit": "PTX: no ptxas, or ptxas failed or hit a bound"}
            for route, count in routes.items():
                if route.endswith(", not estimated"):
                    base = route.removesuffix(", not estimated")
                    notes.append(f"{count} {base} modules not estimated ({reasons.get(base, 'image not decoded')})")
        first_use = m.get("lazy_first_use", {}).get("mean_kernel_bytes")
        cells = (label, m.get("method", ""), m.get("arch") or "mixed", format_bytes(m["eager_bytes"]),
                 format_bytes(m["lazy_bytes"]), str(m.get("modules", "")), format_bytes(first_use) if first_use else "-")
        yield cells, notes


def render_memory(report) -> list:
    table = Table(title="context memory", box=box.SIMPLE, caption_justify="left")
    for col in COLUMNS:
        table.add_column(col, justify="right" if col in NUMERIC else "left")
    captions = []
    for cells, notes in _rows(report):
        name = Path(cells[0]).name if cells[0] != "total" else "total"  # the full path is in the table above
        table.add_row(Text(terminal_text(name)), *cells[1:])
        captions += [terminal_text(f"{name}: {note}") for note in notes]
    table.caption = Text("\n".join([*captions, LEGEND]))
    return [table]


def memory_markdown(report) -> str:
    lines = ["", "### Context memory", "", "| " + " | ".join(COLUMNS) + " |",
             "|" + "|".join("---:" if c in NUMERIC else "---" for c in COLUMNS) + "|"]
    notes = []
    for cells, file_notes in _rows(report):
        # The file's path is a name from the command line; the other cells are kfoot's figures.
        lines.append("| " + " | ".join([markdown_code(cells[0], in_table=True), *cells[1:]]) + " |")
        notes += [f"- {markdown_code(cells[0], in_table=False)}: {note}" for note in file_notes]
    return "\n".join(lines + [""] + notes + [f"- {LEGEND}"]) + "\n"
