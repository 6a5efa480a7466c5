"""The one terminal object: decides once per command how results and progress look.

Results go to stdout: on a terminal at its width, with colour; into a pipe or file with no
width limit and no colour, so a table written to a file keeps every family name and number
(rich would otherwise cut it at 80 columns). Progress bars and notes go to stderr, and only
when stderr is a terminal: a CI log gets the result alone.

Names in results come from files kfoot did not write: the render modules show them through
kfoot.core.escape.terminal_text, and both consoles escape any control character left in the text
they print (never in their own styling), so no escape sequence from a name reaches a terminal.
"""

from __future__ import annotations

import functools
import io
import os
import stat
import sys
from contextlib import contextmanager

import click

from ..core.escape import terminal_text

# A line as wide as its content: rich sizes tables to fit, so this never pads, it only stops cutting.
UNLIMITED_WIDTH = 1_000_000
# The longest name a table shows when stdout is a pipe (`| head`, `| less`): a row stays readable.
PIPE_NAME_LIMIT = 120


class Terminal:
    def __init__(self, stdout=None, stderr=None):
        self._stdout = stdout
        self._stderr = stderr
        self._out = self._err = None

    @property
    def out(self):
        """The rich console for results (stdout)."""
        if self._out is None:
            self._out = _console(self._stdout or sys.stdout)
        return self._out

    @property
    def err(self):
        """The rich console for progress and notes (stderr)."""
        if self._err is None:
            self._err = _console(self._stderr or sys.stderr)
        return self._err

    @property
    def interactive(self) -> bool:
        """Whether progress is worth drawing: stderr is a terminal."""
        return (self._stderr or sys.stderr).isatty()

    def name_limit(self, output=None, wide: bool = False) -> int | None:
        """How many characters of a long C++ name a table for people shows (kfoot.core.shorten),
        or None for whole names: with --wide, with -o FILE and when stdout is a regular file
        (a file keeps every name). A terminal gets half its width, a pipe PIPE_NAME_LIMIT."""
        if wide or output is not None:
            return None
        stream = self._stdout or sys.stdout
        try:
            if stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                return None
        except (OSError, ValueError, AttributeError):  # not a real file descriptor (a test's buffer)
            return None
        if stream.isatty():
            return max(40, self.out.width // 2)
        return PIPE_NAME_LIMIT

    def print(self, *renderables) -> None:
        from rich.text import Text

        for renderable in renderables:
            # A Text that asks not to be wrapped (a command to copy, say) is one line the terminal
            # wraps, as it wraps any long line: rich would otherwise break it at its width.
            soft = isinstance(renderable, Text) and renderable.no_wrap and renderable.overflow == "ignore"
            self.out.print(renderable, soft_wrap=soft)

    def write(self, text: str) -> None:
        """Plain text (JSON, Markdown) to stdout, as it is; flushed, so a reader that closed the
        pipe is noticed here and not at exit (see reader_gone)."""
        stream = self._stdout or sys.stdout
        try:
            stream.write(text)
            stream.flush()
        except BrokenPipeError:
            reader_gone(stream)

    def emit(self, result, output=None) -> None:
        """A command's result, the one way every command shows it: `result` is what a render
        module returns (a list of rich renderables, or text such as JSON, Markdown or HTML);
        to stdout, or with `output` to that file (kfoot.core.atomic.write_output: a regular file
        atomically, a device, FIFO or /dev/stdout in place; tables as plain text, unlimited
        width, so a file keeps every name and number)."""
        text = result if isinstance(result, str) else None
        if output is None:
            if text is None:
                self.print(*result)
            else:
                self.write(text)
            return
        from ..core.atomic import write_output

        write_output(output, text if text is not None else self.render_text(*result))

    def json(self, data, output=None) -> None:
        """A JSON document (the command's documented contract), indented, newline-terminated."""
        from ..core.jsonfile import dumps_document

        self.emit(dumps_document(data) + "\n", output)

    def note(self, line: str) -> None:
        """One plain line on stderr (a warning, a failure list), whether or not it is a terminal:
        never markup, so names with brackets print as they are, and control characters escaped."""
        self.err.print(terminal_text(line), markup=False, highlight=False, soft_wrap=True)

    @staticmethod
    def render_text(*renderables) -> str:
        """Renderables as plain text with no width limit: what `-o FILE` writes for tables."""
        buffer = io.StringIO()
        console = _console(buffer, force_plain=True)
        for renderable in renderables:
            console.print(renderable)
        return buffer.getvalue()

    @contextmanager
    def status(self):
        """A spinner line on stderr for multi-step work; yields `note(message)`."""
        if not self.interactive:
            yield lambda message: None
            return
        with self.err.status("", spinner="dots") as status:
            yield status.update

    def progress(self, *columns, transient: bool = True):
        """A rich Progress on stderr, or None when stderr is not a terminal."""
        if not self.interactive:
            return None
        from rich.progress import Progress

        return Progress(*columns, console=self.err, transient=transient)


@functools.cache
def _console_class():
    """rich's Console, escaping what reaches the stream (rich is imported when first needed)."""
    from rich.console import Console
    from rich.segment import Segment

    class EscapingConsole(Console):
        def on_broken_pipe(self) -> None:
            # rich exits 1 here; a reader that stops early (`| head`) must not change the exit code.
            self.quiet = True
            reader_gone(self.file)

        def _render_buffer(self, buffer) -> str:
            # The last step before the stream: text segments (never rich's own control segments)
            # lose any control character a renderer let through; line breaks are rich's layout.
            return super()._render_buffer(
                segment if segment.control else Segment(terminal_text(segment.text, keep_newlines=True),
                                                        segment.style, segment.control)
                for segment in buffer)

    return EscapingConsole


def reader_gone(stream) -> None:
    """The reader of `stream` closed it (`kfoot gate ... | head -2`): what is still to be written
    goes to /dev/null, silently, and the command ends with its own exit code (a gate its verdict),
    never the 1 rich exits with or the 120 of a failed flush at exit. Results are written once, at
    the end of a command, so nothing long runs after this."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a file (a test's StringIO): nothing to redirect
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


def _console(stream, force_plain: bool = False):
    tty = not force_plain and stream.isatty()
    return _console_class()(file=stream, width=None if tty else UNLIMITED_WIDTH, color_system="auto" if tty else None,
                            highlight=False, soft_wrap=False, force_terminal=tty if tty else None)


def terminal() -> Terminal:
    """The current command's terminal (made once per `kfoot` invocation)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return Terminal()
    root = ctx.find_root()
    if not isinstance(root.meta.get("kfoot.terminal"), Terminal):
        root.meta["kfoot.terminal"] = Terminal()
    return root.meta["kfoot.terminal"]
