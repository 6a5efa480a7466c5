"""The context-memory table of `kfoot report --memory` (rich and Markdown); JSON is the model's."""

from __future__ import annotations

from rich import box
from rich.table import Table

from ..report.render import human

COLUMNS = ("file", "method", "arch", "eager", "lazy", "modules", "note")


def _rows(report):
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
            if m.get("not_estimated_modules"):
                notes.append(f"{m['not_estimated_modules']} PTX-JIT modules not estimated")
            if m.get("unloadable_modules"):
                notes.append(f"{m['unloadable_modules']} modules have no image for this arch")
            routes = m.get("modules_by_route", {})
            if routes.get("ptx-jit"):
                notes.append(f"{routes['ptx-jit']} modules JIT-compiled from PTX (ptxas)")
            if "lazy_first_use" in m and m["lazy_first_use"]["kernels"]:
                notes.append(f"lazy: ~{human(m['lazy_first_use']['mean_kernel_bytes'])} per kernel on first use")
        yield (label, m.get("method", ""), m.get("arch") or "mixed", human(m["eager_bytes"]),
               human(m["lazy_bytes"]), str(m.get("modules", "")), "; ".join(notes))


def memory_table(report) -> Table:
    table = Table(title="context memory", box=box.SIMPLE)
    for col in COLUMNS:
        table.add_column(col, justify="right" if col in ("eager", "lazy", "modules") else "left")
    for row in _rows(report):
        table.add_row(*row)
    table.caption = "estimated: model in docs/memory.md (uncalibrated); measured: cuMemGetInfo minus a baseline"
    return table


def memory_markdown(report) -> str:
    lines = ["", "### Context memory", "", "| " + " | ".join(COLUMNS) + " |",
             "|" + "|".join("---" if c in ("file", "method", "arch", "note") else "---:" for c in COLUMNS) + "|"]
    for row in _rows(report):
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return "\n".join(lines) + "\n"
