"""Rendering a Report for people: rich tables, and Markdown for CI summaries.

JSON is kfoot.report.report_json.to_document; these renderers read the same model and never
recompute figures. Every name and path comes from a binary or a command line: the tables show it
through `_text` (control characters escaped), the Markdown through `_md` (a code span).
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core.escape import markdown_code, terminal_text
from ..core.shorten import shorten_name
from ..core.units import format_bytes
from ..binary.cubin import IMAGE_SECTIONS
from .model import FileReport, Report, Totals


def _text(name: str, style: str = "") -> Text:
    return Text(terminal_text(name), style=style)


def _name(name: str, limit: int | None) -> str:
    """A kernel or family name as a table for people shows it: whole, or shortened to `limit`."""
    return name if limit is None else shorten_name(name, limit)


def _md(name: str) -> str:
    return markdown_code(name, in_table=True)


def _images_cell(fig) -> Text:
    images = fig.images
    text = Text(f"{images.get('sass', 0)} sass, {images.get('ptx', 0)} ptx, {images.get('ltoir', 0)} ltoir")
    if images.get("undecodable"):
        text.append(f" ({images['undecodable']} undecodable)", style="yellow")
    return text


def summary_table(report: Report) -> Table:
    """One file: a key/value card. Several: one row per file and a total."""
    if len(report.files) == 1:
        f = report.files[0]
        table = Table(title=f"kfoot report: {escape(terminal_text(f.path))}", box=box.SIMPLE_HEAVY, show_header=False)
        table.add_column("figure", style="bold")
        table.add_column("value", overflow="fold")
        size = f"{f.size:,} B ({format_bytes(f.size)})"
        if f.stored_size is not None:
            size += f", {f.stored_size:,} B as stored"
        for label, value in (("format", f.format), ("size", size),
                             ("device images, stored", f"{f.stored_bytes:,} B ({format_bytes(f.stored_bytes)})"),
                             ("device images, uncompressed", f"{f.image_bytes:,} B ({format_bytes(f.image_bytes)})"),
                             ("kernel code", f"{f.code_bytes:,} B ({format_bytes(f.code_bytes)})"),
                             ("kernels", f"{f.kernels:,} ({f.distinct_kernels:,} distinct)"),
                             ("global symbols", f"{f.global_symbols:,}"), ("images", _images_cell(f)),
                             ("compression", ", ".join(f"{n} {k}" for k, n in f.compression.items() if n) or "-")):
            table.add_row(label, value if isinstance(value, Text) else _text(value))
        if f.relocatable_kernels or f.relocatable_bytes:
            table.add_row("relocatable copies", Text(relocatable_line(f), style="yellow"))
        return table
    table = Table(title="kfoot report", box=box.SIMPLE_HEAVY)
    for col in ("file", "format", "size", "stored", "image", "code", "kernels", "distinct", "globals"):
        table.add_column(col, justify="left" if col in ("file", "format") else "right",
                         overflow="fold" if col == "file" else "ellipsis")
    for f in report.files:
        table.add_row(_text(f.path), _text(f.format), *(format_bytes(n) for n in (f.size, f.stored_bytes, f.image_bytes, f.code_bytes)),
                      f"{f.kernels:,}", f"{f.distinct_kernels:,}", f"{f.global_symbols:,}")
    t = report.totals
    table.add_row("[bold]total[/]", "", *(format_bytes(n) for n in (t.size, t.stored_bytes, t.image_bytes, t.code_bytes)),
                  f"{t.kernels:,}", f"{t.distinct_kernels:,}", f"{t.global_symbols:,}", end_section=True)
    if t.relocatable_kernels or t.relocatable_bytes:
        table.caption = f"relocatable copies, not in the columns: {relocatable_line(t)}"
    return table


NEVER_LOADED = "never loaded"


def relocatable_line(fig) -> str:
    """The relocatable copies of a file or the totals, in words (`-rdc` code in __nv_relfatbin)."""
    return (f"{fig.relocatable_kernels:,} kernels, {fig.relocatable_bytes:,} B ({format_bytes(fig.relocatable_bytes)}), "
            f"{NEVER_LOADED} (__nv_relfatbin)")


def _copies(fig):
    """The relocatable copies' figures, or empty ones (a report read back without them)."""
    from .model import Figures

    return fig.relocatable if fig.relocatable is not None else Figures()


def _duplicate_rows(fig) -> list[tuple[str, str, str, int]]:
    """(name, arch, where: copies in a file or the files holding it, wasted bytes), largest first:
    a file's duplicates, or the totals' across files."""
    if isinstance(fig, Totals):
        return [(d.name, d.arch, f"{len(d.files)} files", d.wasted_bytes) for d in fig.duplicates_across_files]
    return [(d.name, d.arch, f"{d.copies} copies", d.wasted_bytes) for d in fig.duplicates]


def _by_table(fig, by: str, top: int, title: str, names: int | None = None) -> Table:
    table = Table(title=title, box=box.SIMPLE)
    if by == "duplicate":
        from .families import demangle

        for col in ("kernel", "arch", "copies", "wasted"):
            table.add_column(col, justify="left" if col in ("kernel", "arch") else "right")
        rows = _duplicate_rows(fig)
        for name, arch, where, wasted in rows[:top]:
            table.add_row(_text(_name(demangle(name), names)), _text(arch), where, format_bytes(wasted))
        table.caption = (f"{len(rows) - top} more (--top N); " if len(rows) > top else "") + \
            f"{fig.duplicate_bytes:,} B in duplicate copies" + \
            (f"; relocatable copies ({NEVER_LOADED}) are not counted here: {fig.relocatable_kernels:,} kernels, "
             f"{format_bytes(fig.relocatable_bytes)}" if fig.relocatable_kernels else "")
        return table
    if by == "image-section":
        for col in ("arch", *IMAGE_SECTIONS, "image"):
            table.add_column(col, justify="left" if col == "arch" else "right")
        sass = [(name, a.image_sections) for name, a in sorted(fig.archs.items()) if a.image_sections is not None]
        for name, parts in [*sass, ("all SASS", fig.image_sections)]:
            table.add_row(_text(name), *(format_bytes(parts[k]) for k in IMAGE_SECTIONS),
                          format_bytes(sum(parts.values())))
        return table
    if by == "family":
        for col in ("family", "kernels", "distinct", "code"):
            table.add_column(col, justify="left" if col == "family" else "right")
        for fam in fig.families[:top]:
            table.add_row(_text(_name(fam.name, names)), f"{fam.kernels:,}", f"{fam.distinct_kernels:,}", format_bytes(fam.code_bytes))
        copies = _copies(fig).families
        for fam in copies[:top]:
            table.add_row(Text.assemble(terminal_text(_name(fam.name, names)), (f" ({NEVER_LOADED})", "yellow")),
                          f"{fam.kernels:,}",
                          f"{fam.distinct_kernels:,}", format_bytes(fam.code_bytes))
        more = [f"{len(rows) - top} more {what}" for rows, what in ((fig.families, "families"),
                                                                     (copies, f"relocatable families, {NEVER_LOADED}"))
                if len(rows) > top]
        if more:
            table.caption = "; ".join(more) + " (--top N)"
        return table
    if by == "section":
        for col in ("section", "containers", "images", "kernels", "stored", "overhead"):
            table.add_column(col, justify="left" if col == "section" else "right")
        for name, s in sorted(fig.sections.items(), key=lambda kv: -kv[1].stored_bytes):
            table.add_row(_text(name), str(s.containers), str(s.images), f"{s.kernels:,}", format_bytes(s.stored_bytes),
                          format_bytes(s.overhead_bytes))
        return table
    group = "archs" if by == "arch" else "kinds"
    columns = (by, "kind") if by == "arch" else (by,)
    for col in (*columns, "images", "kernels", "stored", "image"):
        table.add_column(col, justify="left" if col in columns else "right")
    for rows, note in ((getattr(fig, group), ""), (getattr(_copies(fig), group), f" ({NEVER_LOADED})")):
        for name, a in sorted(rows.items(), key=lambda kv: (-kv[1].stored_bytes, kv[0])):
            label = Text.assemble(terminal_text(a.kind if by == "arch" else name), (note, "yellow"))
            cells = (_text(name), label) if by == "arch" else (label,)
            table.add_row(*cells, str(a.images), f"{a.kernels:,}", format_bytes(a.stored_bytes),
                          format_bytes(a.image_bytes))
    return table


def attribution_table(fig) -> Table:
    table = Table(title="where the bytes are", box=box.SIMPLE)
    table.add_column("bucket")
    table.add_column("bytes", justify="right")
    table.add_column("share", justify="right")
    total = fig.size or 1
    rows = [("host code and data", fig.host_bytes), ("fatbin container overhead", fig.overhead_bytes)]
    rows += [(f"device {name} ({a.kind}), stored", a.stored_bytes) for name, a in sorted(fig.archs.items())]
    rows += [(f"relocatable {name} ({a.kind}), stored, {NEVER_LOADED}", a.stored_bytes)
             for name, a in sorted(_copies(fig).archs.items())]
    if fig.filtered_bytes:
        rows.append(("left out by filters", fig.filtered_bytes))
    for label, value in rows:
        table.add_row(label, f"{value:,}", f"{100 * value / total:.1f}%")
    table.add_row("[bold]file size[/]", f"[bold]{fig.size:,}[/]", "100.0%", end_section=True)
    return table


def _what_if_rows(fig) -> list[tuple[str, int, str]]:
    """(mode, predicted bytes, change against the containers as stored now) per --compress-mode."""
    now = fig.overhead_bytes + fig.stored_bytes
    return [(mode, value, f"{100 * (value - now) / now:+.1f}%" if now else "")
            for mode, value in fig.what_if_compress.items()]


def what_if_table(fig) -> Table:
    table = Table(title="device code under each nvcc --compress-mode (predicted)", box=box.SIMPLE)
    for col in ("mode", "bytes", "vs. as stored"):
        table.add_column(col, justify="left" if col == "mode" else "right")
    for mode, value, change in _what_if_rows(fig):
        table.add_row(mode, f"{value:,}", change)
    return table


def kernel_table(file: FileReport, top: int, names: int | None = None) -> Table:
    table = Table(title=f"kernels of {escape(terminal_text(file.path))} (largest {top})", box=box.SIMPLE)
    for col in ("kernel", "arch", "code", "regs", "stack", "shared", "local", "const", "params"):
        table.add_column(col, justify="left" if col in ("kernel", "arch") else "right")
    rows = sorted(file.kernel_rows or [], key=lambda k: (-k.code_bytes, k.name))
    from .families import demangle
    for k in rows[:top]:
        arch = Text.assemble(terminal_text(k.arch), (f" ({NEVER_LOADED})", "yellow")) if k.relocatable else _text(k.arch)
        table.add_row(_text(_name(demangle(k.name), names)), arch, f"{k.code_bytes:,}", str(k.registers), f"{k.stack_bytes:,}",
                      f"{k.shared_bytes:,}", f"{k.local_bytes:,}", f"{k.constant_bytes:,}", f"{k.param_bytes:,}")
    return table


def render_rich(report: Report, *, by: str | None, top: int, kernels: bool, names: int | None = None) -> list:
    """The report as rich renderables, in print order (the CLI prints them or writes them to a file);
    `names`: the longest kernel or family name shown (None: whole names)."""
    out = [summary_table(report)]
    scope: Totals | FileReport = report.totals if len(report.files) > 1 else report.files[0]
    sections = [by] if by else ["arch", "family"]
    parts = [_by_table(scope, b, top, f"by {b}", names) for b in sections]
    if not by:
        parts.append(attribution_table(scope))
    if scope.what_if_compress is not None:
        parts.append(what_if_table(scope))
    out.append(Group(*parts))
    if kernels:
        out += [kernel_table(f, top, names) for f in report.files]
    if report.filters.kernel_filter:
        out.append(Text(FILTER_NOTE, style="dim"))
    if report.totals.unreadable:
        out.append(_text(left_out_note(report), style="yellow"))
    for f in report.files:
        for u in f.undecodable[:top]:
            out.append(Text.assemble(("undecodable", "yellow"), terminal_text(
                f" {f.path} {u.section} @ {u.offset:#x} {u.arch} ({u.kind}): {u.reason}")))
    return out


def left_out_note(report: Report, show=terminal_text) -> str:
    """The binaries kfoot could not read, in one line (each has a warning line of its own);
    `show` renders each path (escaped for a terminal, a code span in Markdown)."""
    problems = report.totals.unreadable
    shown = ", ".join(show(f"{p.path}!{p.member}" if p.member else p.path) for p in problems[:3])
    more = f" and {len(problems) - 3} more" if len(problems) > 3 else ""
    return (f"left out: {len(problems)} {'binary' if len(problems) == 1 else 'binaries'} kfoot cannot read "
            f"({shown}{more}): the figures do not count them")


# What --filter narrows and what it does not: the images hold every kernel, so their bytes and
# symbols are the file's whatever the filter.
FILTER_NOTE = ("--filter counts the matching kernels only (kernels, distinct kernels, families, code bytes); "
               "stored and image bytes, global symbols and the attribution are the whole file's.")


def render_markdown(report: Report, *, by: str | None, top: int) -> str:
    lines = ["| file | format | size | stored bytes | image bytes | code bytes | kernels | distinct | global symbols |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for f in report.files:
        lines.append(f"| {_md(f.path)} | {f.format} | {f.size:,} | {f.stored_bytes:,} | {f.image_bytes:,} | "
                     f"{f.code_bytes:,} | {f.kernels:,} | {f.distinct_kernels:,} | {f.global_symbols:,} |")
    t = report.totals
    if len(report.files) > 1:
        lines.append(f"| **total** | | {t.size:,} | {t.stored_bytes:,} | {t.image_bytes:,} | {t.code_bytes:,} | "
                     f"{t.kernels:,} | {t.distinct_kernels:,} | {t.global_symbols:,} |")
    scope = t if len(report.files) > 1 else report.files[0]
    if scope.relocatable_kernels or scope.relocatable_bytes:
        lines += ["", f"Relocatable copies, not in the columns: {relocatable_line(scope)}."]
    copies = _copies(scope)
    for b in ([by] if by else ["arch", "family"]):
        lines.append("")
        if b == "family":
            lines += ["| family | kernels | distinct | code bytes |", "|---|---:|---:|---:|"]
            lines += [f"| {_md(f.name)} | {f.kernels:,} | {f.distinct_kernels:,} | {f.code_bytes:,} |"
                      for f in scope.families[:top]]
            lines += [f"| {_md(f.name)} ({NEVER_LOADED}) | {f.kernels:,} | {f.distinct_kernels:,} | {f.code_bytes:,} |"
                      for f in copies.families[:top]]
        elif b == "duplicate":
            lines += ["| kernel | arch | copies | wasted bytes |", "|---|---|---:|---:|"]
            lines += [f"| {_md(name)} | {arch} | {where} | {wasted:,} |" for name, arch, where, wasted in _duplicate_rows(scope)[:top]]
            lines += ["", f"{scope.duplicate_bytes:,} bytes in duplicate copies."]
        elif b == "image-section":
            lines += ["| arch | " + " | ".join(IMAGE_SECTIONS) + " | image bytes |",
                      "|---|" + "---:|" * (len(IMAGE_SECTIONS) + 1)]
            sass = [(n, a.image_sections) for n, a in sorted(scope.archs.items()) if a.image_sections is not None]
            lines += [f"| {n} | " + " | ".join(f"{parts[k]:,}" for k in IMAGE_SECTIONS) + f" | {sum(parts.values()):,} |"
                      for n, parts in [*sass, ("all SASS", scope.image_sections)]]
        elif b == "section":
            lines += ["| section | containers | images | kernels | stored bytes |", "|---|---:|---:|---:|---:|"]
            lines += [f"| {_md(n)} | {s.containers} | {s.images} | {s.kernels:,} | {s.stored_bytes:,} |"
                      for n, s in sorted(scope.sections.items())]
        else:
            rows = scope.archs if b == "arch" else scope.kinds
            lines += [f"| {b} | kind | images | kernels | stored bytes | image bytes |", "|---|---|---:|---:|---:|---:|"]
            lines += [f"| {n} | {a.kind} | {a.images} | {a.kernels:,} | {a.stored_bytes:,} | {a.image_bytes:,} |"
                      for n, a in sorted(rows.items())]
            lines += [f"| {n} | {a.kind}, {NEVER_LOADED} | {a.images} | {a.kernels:,} | {a.stored_bytes:,} | "
                      f"{a.image_bytes:,} |" for n, a in sorted(getattr(copies, "archs" if b == "arch" else "kinds").items())]
    if scope.what_if_compress is not None:
        lines += ["", "| --compress-mode | device code bytes (predicted) | vs. as stored |", "|---|---:|---:|"]
        lines += [f"| {mode} | {value:,} | {change} |" for mode, value, change in _what_if_rows(scope)]
    if report.filters.kernel_filter:
        lines += ["", f"_{FILTER_NOTE}_"]
    if report.totals.unreadable:
        lines += ["", f"_{left_out_note(report, lambda path: markdown_code(path, in_table=False))}_"]
    return "\n".join(lines) + "\n"
