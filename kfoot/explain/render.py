"""`kfoot explain` for people: the families table, then the axes of the largest families. Names
go through kfoot.core.escape.terminal_text (a kernel name is untrusted text)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..core.escape import markdown_code, terminal_text
from ..core.units import format_bytes
from .model import Explanation, FamilyExplanation
from .whatif import FIRST_USE_COLD_COMPILE_MS, FIRST_USE_DISK_HIT_MS

DETAILED_FAMILIES = 5  # families whose axes are listed value by value
VALUES_SHOWN = 8  # per axis; the rest as a count


def _shape(family: FamilyExplanation) -> str:
    return " × ".join(str(len(a.values)) for a in family.axes) or "-"


def _driver(family: FamilyExplanation) -> str:
    if family.driver is None:
        return "-"
    return f"argument {family.driver} (×{len(family.axes[family.driver].values)})"


def render_explanation(explanation: Explanation, top: int) -> list:
    table = Table(title=f"kfoot explain: {explanation.kernels:,} kernels in {len(explanation.families):,} families",
                  title_justify="left")
    for column, justify in (("family", "left"), ("kernels", "right"), ("distinct", "right"), ("code", "right"),
                            ("axes", "left"), ("present / grid", "right"), ("grid", "left"), ("largest axis", "left"),
                            ("identical", "right")):
        table.add_column(column, justify=justify, overflow="fold")
    usage = explanation.usage is not None
    if usage:
        for column in ("launched", "never launched", "never launched: code", "eager memory"):
            table.add_column(column, justify="right")
    for f in explanation.families[:top]:
        counts = [f"{f.usage.launched:,}", f"{f.usage.never_launched:,}", format_bytes(f.usage.never_launched_bytes),
                  format_bytes(f.usage.never_launched_eager_bytes)] if usage else []
        table.add_row(Text(terminal_text(f.name)), f"{f.kernels:,}", f"{f.distinct_kernels:,}", format_bytes(f.code_bytes),
                      _shape(f), f"{f.instantiations:,} / {f.grid:,}", "dense" if f.dense else "sparse", _driver(f),
                      format_bytes(f.foldable_bytes) if f.identical_groups else "-", *counts)
    out: list = [table]
    if usage:
        launched = sum(f.usage.launched for f in explanation.families)
        never = sum(f.usage.never_launched for f in explanation.families)
        sources = ", ".join(f"{terminal_text(s.path)} ({s.format}, {s.names:,} names)" for s in explanation.usage.sources)
        line = (f"usage from {sources}: {launched:,} kernels launched, {never:,} never; the never-launched take "
                f"{format_bytes(sum(f.usage.never_launched_eager_bytes for f in explanation.families))} of context "
                "memory loaded eagerly, none under lazy loading")
        if explanation.usage.unmatched_count:
            first = ", ".join(terminal_text(n) for n in explanation.usage.unmatched[:3])
            line += f"; {explanation.usage.unmatched_count:,} names match no kernel (first: {first})"
        out.append(Text(line))
    rtc = explanation.what_if_rtc
    if rtc is not None:
        out.append(Text(f"what if {', '.join(terminal_text(c) for c in rtc.chosen)} compiled at run time: "
                        f"{rtc.kernels:,} kernels ({rtc.variants:,} variants) leave the binary, "
                        f"{format_bytes(rtc.code_bytes)} of code (~{format_bytes(rtc.stored_bytes)} stored), "
                        f"{format_bytes(rtc.eager_bytes)} of context memory loaded eagerly; each first use "
                        f"then compiles (~{FIRST_USE_COLD_COMPILE_MS} ms) or loads from the disk cache "
                        f"(~{FIRST_USE_DISK_HIT_MS} ms)"))
    archs = explanation.what_if_archs
    if archs is not None:
        lines = [f"what if only {', '.join(archs.kept)} were kept: {format_bytes(archs.stored_bytes_after)} of "
                 f"{format_bytes(archs.stored_bytes_before)} device images stored"]
        lines += [f"  {d.device}: {d.before} -> {d.after}" for d in archs.devices if d.before != "none" or d.after != "none"]
        out.append(Text("\n".join(lines)))
    if explanation.identical_groups:
        kernels = sum(len(g.kernels) for g in explanation.identical_groups)
        out.append(Text(f"identical code: {kernels:,} kernels in {len(explanation.identical_groups):,} groups; folding "
                        f"each group to one kernel would save {format_bytes(explanation.foldable_bytes)}"))
    if len(explanation.families) > top:
        out.append(Text(f"... {len(explanation.families) - top:,} more families (--top)"))
    for f in explanation.families[:DETAILED_FAMILIES]:
        multiplying = [a for a in f.axes if a.multiplies]
        if not multiplying:
            continue
        lines = [f"{terminal_text(f.name)}: {f.instantiations:,} of a {f.grid:,} grid"]
        for a in multiplying:
            shown = ", ".join(terminal_text(v) for v in a.values[:VALUES_SHOWN])
            more = f" and {len(a.values) - VALUES_SHOWN:,} more" if len(a.values) > VALUES_SHOWN else ""
            lines.append(f"  argument {a.position} ({len(a.values)}): {shown}{more}")
            if a.never_changes_code:
                lines.append(f"    argument {a.position} never changes the code")
            else:
                for c in a.collapses:
                    lines.append(f"    the same code for {', '.join(terminal_text(v) for v in c.values[:VALUES_SHOWN])}")
        arch_counts = {a.instantiations for a in f.archs}
        if len(arch_counts) > 1:
            lines.append("  per arch: " + ", ".join(f"{a.arch} {a.instantiations:,}" for a in f.archs))
        out.append(Text("\n".join(lines)))
    return out


def _md(text: str) -> str:
    return markdown_code(text, in_table=True)


def markdown_explanation(explanation: Explanation, top: int) -> str:
    """`kfoot explain --format markdown`: the families table (with usage columns when given), the
    identical-code and what-if lines, then the axes of the largest families. Names are code spans
    (kfoot.core.escape.markdown_code)."""
    usage = explanation.usage is not None
    head = "| family | kernels | distinct | code bytes | axes | present / grid | grid | largest axis | foldable bytes |"
    rule = "|---|---:|---:|---:|---|---:|---|---|---:|"
    if usage:
        head += " launched | never launched | never launched: code bytes | eager memory bytes |"
        rule += "---:|---:|---:|---:|"
    lines = [f"# kfoot explain: {explanation.kernels:,} kernels in {len(explanation.families):,} families", "", head, rule]
    for f in explanation.families[:top]:
        row = (f"| {_md(f.name)} | {f.kernels:,} | {f.distinct_kernels:,} | {f.code_bytes:,} | {_shape(f)} | "
               f"{f.instantiations:,} / {f.grid:,} | {'dense' if f.dense else 'sparse'} | {_driver(f)} | {f.foldable_bytes:,} |")
        if usage:
            row += (f" {f.usage.launched:,} | {f.usage.never_launched:,} | {f.usage.never_launched_bytes:,} | "
                    f"{f.usage.never_launched_eager_bytes:,} |")
        lines.append(row)
    if len(explanation.families) > top:
        lines += ["", f"{len(explanation.families) - top:,} more families (`--top`)."]
    if explanation.identical_groups:
        kernels = sum(len(g.kernels) for g in explanation.identical_groups)
        lines += ["", f"Identical code: {kernels:,} kernels in {len(explanation.identical_groups):,} groups; folding each "
                      f"group to one kernel would save {explanation.foldable_bytes:,} bytes."]
    if usage:
        launched = sum(f.usage.launched for f in explanation.families)
        never = sum(f.usage.never_launched for f in explanation.families)
        lines += ["", f"Usage: {launched:,} kernels launched, {never:,} never; "
                      f"{explanation.usage.unmatched_count:,} names match no kernel."]
        if explanation.usage.unmatched:
            lines += ["", "| unmatched name |", "|---|", *(f"| {_md(n)} |" for n in explanation.usage.unmatched[:top])]
    for f in explanation.families[:DETAILED_FAMILIES]:
        multiplying = [a for a in f.axes if a.multiplies]
        if not multiplying:
            continue
        lines += ["", f"## {_md(f.name)}", "", "| argument | values | collapses |", "|---:|---|---|"]
        for a in multiplying:
            values = ", ".join(_md(v) for v in a.values[:VALUES_SHOWN])
            if len(a.values) > VALUES_SHOWN:
                values += f" and {len(a.values) - VALUES_SHOWN:,} more"
            collapsed = "never changes the code" if a.never_changes_code else \
                "; ".join(", ".join(_md(v) for v in c.values) for c in a.collapses) or "-"
            lines.append(f"| {a.position} | {values} | {collapsed} |")
    return "\n".join(lines) + "\n"
