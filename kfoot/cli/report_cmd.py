"""`kfoot report PATH...`: inspect CUDA binaries."""

from __future__ import annotations

from contextlib import ExitStack

import click

from ..core.errors import KfootError
from ..core.limits import max_memory
from ..report.analyze import ReportOptions, report_of
from ..report.model import BY_CHOICES
from ..report.report_json import to_document
from .terminal import terminal


def _split(values) -> frozenset[str] | None:
    items = {v.strip() for value in values for v in value.split(",") if v.strip()}
    return frozenset(items) if items else None


@click.command("report")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (schema kfoot.report/3, docs/report.md).")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "markdown", "html"]), default=None,
              help="Output format (default: table; --json is short for --format json; html: one self-contained "
                   "page with a treemap, best with -o FILE; it implies --kernels).")
@click.option("--by", type=click.Choice(BY_CHOICES), help="Break the figures down by one dimension.")
@click.option("--top", type=click.IntRange(min=1), default=15, show_default=True, help="Rows per table.")
@click.option("--wide", is_flag=True, help="Whole kernel and family names in tables for a terminal or a pipe "
                                           "(files, JSON and Markdown always have them whole).")
@click.option("--arch", "archs", multiple=True, help="Only these archs (sm_90, sm_90a, compute_90; comma list).")
@click.option("--section", "sections", multiple=True, help="Only containers in these host sections (.nv_fatbin).")
@click.option("--filter", "kernel_filter", help="Only kernels whose mangled or demangled name matches REGEX.")
@click.option("--kernels", "kernel_rows", is_flag=True, help="Per-kernel table: arch, code, registers, stack, shared, local, constant, params.")
@click.option("--ptx", "ptx_entries", is_flag=True,
              help="Also count the .entry functions of PTX images (per compute_XX arch).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, help="Worker processes (default: all cores).")
@click.option("--max-memory", "max_memory_text", metavar="SIZE",
              help="Most memory decoding may hold, all workers together (default: KFOOT_MAX_MEMORY, else "
                   "512MiB); an image over its worker's share is counted from its header, not decompressed.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the output (table, JSON, Markdown or HTML) to this file, atomically.")
@click.option("--memory", "memory", type=click.Choice(["auto", "estimate", "measure"]), default=None,
              help="Context memory: measure on a GPU, estimate without one, auto picks (docs/memory.md).")
@click.option("--what-if-compress", "what_if_compress", is_flag=True,
              help="Predict the device code's bytes under each nvcc --compress-mode (none, speed, balance, "
                   "size, default) by recompressing every image; slow: zstd 19 on all SASS (docs/report.md).")
@click.option("--memory-arch", help="Device arch the memory estimate assumes (sm_90); default: the one SASS "
                                    "arch given with --arch, else each file's newest SASS arch.")
def command(paths, as_json, fmt, by, top, wide, archs, sections, kernel_filter, kernel_rows, ptx_entries, jobs,
            max_memory_text, output, memory, memory_arch, what_if_compress):
    """Kernel counts, device bytes by arch, kind, section and template family, for any CUDA binary:
    .so, executables, .o, .a, .fatbin, .cubin, wheels and directories."""
    fmt = "json" if as_json else (fmt or "table")
    kernel_rows = kernel_rows or fmt == "html"  # the page's kernel level and resources table need the rows
    if memory_arch and not memory:
        raise KfootError("--memory-arch needs --memory estimate|measure|auto")
    options = ReportOptions(sections=_split(sections), archs=_split(archs), kernel_filter=kernel_filter,
                            kernel_rows=kernel_rows, ptx_entries=ptx_entries, jobs=jobs,
                            load_bytes=memory is not None, max_memory=max_memory(max_memory_text),
                            what_if_compress=what_if_compress, cache=True)
    term = terminal()
    # The report cache's writers finish while the report is rendered (report_of).
    with ExitStack() as bars, report_of(paths, options, progress_factory=_progress(term, bars) if term.interactive
                                        else None) as report:
        bars.close()  # the last file's bar, before the report is shown
        if memory:
            from ..memory import attach_memory, report_memory_arch

            attach_memory(report, memory, report_memory_arch(memory_arch, options.archs), max_bytes=options.max_memory)
        if fmt == "json":
            term.json(to_document(report), output)
        elif fmt == "html":
            from ..report.html import report_html

            term.emit(report_html(report), output)
        elif fmt == "markdown":
            from ..report.render import render_markdown

            text = render_markdown(report, by=by, top=top)
            if memory:
                from ..memory.render import memory_markdown

                text += memory_markdown(report)
            term.emit(text, output)
        else:
            from ..report.render import render_rich

            renderables = render_rich(report, by=by, top=top, kernels=kernel_rows, names=term.name_limit(output, wide))
            if memory:
                from ..memory.render import render_memory

                renderables += render_memory(report)
            term.emit(renderables, output)
    return 0


def _progress(term, bars: ExitStack):
    """A bytes bar per file with much to decode (small files finish before a bar could help)."""
    from .tables import bytes_bar

    def factory(path, total):
        if total < (64 << 20):
            return None
        bars.close()  # the previous file's bar
        return bars.enter_context(bytes_bar(term, f"decoding {path.name}", total))
    return factory
