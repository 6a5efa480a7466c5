"""`kfoot compare` rendered: one table (rows = figures, columns = modes) for rich and Markdown.
The caption names the spec and a variant: shown escaped on a terminal, as code in Markdown."""

from __future__ import annotations

import os

from ..core.escape import markdown_code, terminal_text
from ..core.units import format_bytes
from .run import MODES, Comparison


def table_rows(result: Comparison) -> tuple[list[str], list[list[str]]]:
    """(header, rows): one row per figure, one column per mode; the same for rich and Markdown."""
    names = [m for m in MODES if m in result.modes]
    header = ["", *({"aot": "AOT", "rtc": "RTC", "hybrid": "hybrid"}[m] for m in names)]
    modes = [result.modes[m] for m in names]
    mark = " (*)"  # the caption says measured or estimated, and for which arch
    rows = [
        ["variants compiled ahead of time", *(f"{m.variants_aot:,}" for m in modes)],
        ["variants available", *(f"{m.variants:,}" for m in modes)],
        ["kernels in the binary", *(f"{m.kernels:,}" for m in modes)],
        ["binary size (shipped)", *(format_bytes(m.binary_bytes) for m in modes)],
        ["device images, stored", *(format_bytes(m.stored_bytes) for m in modes)],
        ["build time", *(f"{m.build_s:.1f} s" + (" (up to date)" if m.up_to_date else "") for m in modes)],
        [f"context memory: eager{mark}", *(format_bytes(m.memory["eager_bytes"]) for m in modes)],
        [f"context memory: lazy{mark}", *(format_bytes(m.memory["lazy_bytes"]) for m in modes)],
    ]
    if result.trace:
        rows.append([f"context memory: after the trace{mark}",
                     *(format_bytes(m.memory["after_trace_bytes"]) for m in modes)])
    fu = result.first_use

    def rtc_only(text: str) -> list[str]:
        return [text if n == "rtc" else ("as RTC" if n == "hybrid" else "-") for n in names]

    rows += [
        ["first use: cold compile", *rtc_only(f"{fu['cold_compile_ms']:.0f} ms")],
        ["first use: compile, warm PCH", *rtc_only(_figure(fu["warm_pch_ms"], "{:.0f} ms", fu["warm_pch_note"]))],
        ["first use: disk hit, new process", *rtc_only(f"{fu['disk_hit_ms']:.1f} ms")],
        ["first use: remote hit, new process",
         *rtc_only(_figure(fu["remote_hit_ms"], "{:.1f} ms", fu["remote_note"]))],
        ["first use: next kernel from disk", *rtc_only(f"{fu['disk_hit_next_ms']:.2f} ms")],
        ["first use: memory hit", *rtc_only(f"{fu['memory_hit_us']:.2f} µs")],
    ]
    return header, rows


# A figure that was not measured says so in its cell; the reason, often long, would widen the
# column for every row, so the caption gives it (first_use_notes).
NOT_MEASURED = "not measured"


def _figure(value, spelling: str, note: str | None) -> str:
    return spelling.format(value) if value is not None else NOT_MEASURED


def first_use_notes(first_use: dict) -> list[str]:
    """Why a first-use row has no figure, one line each."""
    return [f"{row} not measured: {first_use[note]}" for row, value, note in (
        ("compile, warm PCH", "warm_pch_ms", "warm_pch_note"), ("remote hit", "remote_hit_ms", "remote_note"))
        if first_use[value] is None and first_use[note]]


def caption(result: Comparison, show=terminal_text) -> list[str]:
    """The lines under the table; `show` renders the spec's path and the variant's template-id."""
    v = result.variants
    ratio = v["nested_switch"] / v["as_written"] if v["as_written"] else 0
    spec = os.path.relpath(result.spec) if not os.path.relpath(result.spec).startswith("..") else result.spec
    lines = [f"spec {show(spec)}: {v['as_written']:,} variants as written; a nested type switch over the same "
             f"axes would instantiate {v['nested_switch']:,} (x{ratio:.2f}). archs: {', '.join(result.archs)}."]
    if result.memory_method == "measured":
        lines.append(f"(*) context memory measured on {result.device}: cuMemGetInfo minus a baseline context, "
                     "CUDA_MODULE_LOADING=EAGER / LAZY; RTC has no device code to load until first use.")
    else:
        from ..memory.estimate import CALIBRATED_ARCHS

        calibrated = ("calibrated on an H100" if result.memory_arch in CALIBRATED_ARCHS
                      else "calibrated for sm_90 only")
        lines.append(f"(*) context memory estimated for {result.memory_arch} (no GPU): model in docs/memory.md, "
                     f"{calibrated}; lazy = at context creation.")
    if result.trace:
        lines.append(f"after the trace: the {result.modes['hybrid'].variants_aot} traced variants in use "
                     "(RTC: their cubins after kfoot warm --trace).")
    lines.append(f"first use: {show(result.first_use['variant'])} for {result.first_use['arch']}, NVRTC already "
                 "loaded; shipped = the library, or the registry and its templates.")
    lines += first_use_notes(result.first_use)
    return lines


def render_rich(result: Comparison) -> list:
    """The comparison as rich renderables: the table, then its caption lines."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    header, rows = table_rows(result)
    table = Table(title="kfoot compare: AOT vs RTC" + (" vs hybrid" if "hybrid" in result.modes else ""),
                  box=box.SIMPLE_HEAVY)
    for index, col in enumerate(header):
        table.add_column(col, justify="left" if index == 0 else "right")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    return [table, *(Text(line, style="dim") for line in caption(result))]


def render_markdown(result: Comparison) -> str:
    header, rows = table_rows(result)
    lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n\n" + "\n".join(f"- {line}" for line in caption(result, _code)) + "\n"


def _code(text: str) -> str:
    return markdown_code(text, in_table=False)
