"""Small renderables the commands share: a two-column summary and the progress bars."""

from __future__ import annotations

from contextlib import contextmanager

from .terminal import Terminal


def summary_table(title: str, rows):
    """A titled two-column table of (label, value) rows: what build, warm and cache stats print."""
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    from ..core.escape import terminal_text

    # Values hold paths and names from the user's files: plain text, never rich markup, and
    # control characters escaped.
    table = Table(title=escape(terminal_text(title)), title_justify="left", show_header=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in rows:
        table.add_row(Text(terminal_text(label)), Text(terminal_text(value)))
    return table


def cost_table(cost, by: str):
    """`kfoot build --by family|shard`: compile seconds and kernels per family or per shard
    (kfoot.compile.costs.BuildCost), costliest first."""
    from rich.table import Table
    from rich.text import Text

    from ..core.escape import terminal_text

    rows = cost.families if by == "family" else cost.shards
    table = Table(title=f"Build cost by {by}", title_justify="left")
    for column, justify in ((by, "left"), ("variants", "right"), ("kernels", "right"), ("compile s", "right"),
                            ("shards" if by == "family" else "families", "left")):
        table.add_column(column, justify=justify)
    for row in sorted(rows, key=lambda r: -(r.compile_s or 0)):
        seconds = "-" if row.compile_s is None else f"{row.compile_s:.2f}"
        last = f"{row.shards}" if by == "family" else ", ".join(row.families)
        table.add_row(Text(terminal_text(row.family if by == "family" else row.name)), f"{row.variants:,}",
                      f"{row.kernels:,}", seconds, Text(terminal_text(last)))
    return table


@contextmanager
def step_bar(term: Terminal, label: str):
    """A bar for work counted in steps whose total may change (ninja's edges, NVRTC programs);
    yields `advance(done, total, current)`, or None when nobody watches (stderr not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

    bar = term.progress(TextColumn(f"[bold]{label}[/bold]"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        TextColumn("{task.fields[current]}"))
    if bar is None:
        yield None
        return
    with bar:
        task = bar.add_task(label, total=None, current="")
        yield lambda done, total, current="": bar.update(task, completed=done, total=total, current=current)


@contextmanager
def bytes_bar(term: Terminal, label: str, total: int):
    """A bar for work counted in bytes; yields `advance(n)` or None."""
    from rich.progress import BarColumn, DownloadColumn, TextColumn, TimeRemainingColumn

    bar = term.progress(TextColumn(label), BarColumn(), DownloadColumn(), TimeRemainingColumn())
    if bar is None:
        yield None
        return
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)
