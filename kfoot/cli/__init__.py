"""The `kfoot` command line. Each command lives in its own module and only parses arguments
and calls the library; errors that mean bad input become one line and exit code 2."""

from __future__ import annotations

import atexit
import functools
import importlib
import os
import signal
import sys

import click

from .. import __version__
from ..core.errors import KfootError
from ..core.escape import terminal_text

# Command modules, each exporting `command` (a click command). One module per command keeps
# the front end thin and lets each step of the pipeline own its arguments.
COMMAND_MODULES = ("report", "enumerate", "build", "warm", "cache", "diff", "gate", "compare", "config", "explain", "trace",
                   "ship")


class KfootGroup(click.Group):
    """Loads command modules on demand, so `kfoot report` never imports the build machinery."""

    def list_commands(self, ctx):
        return list(COMMAND_MODULES)

    def get_command(self, ctx, name):
        return self._load(name)

    @staticmethod
    @functools.cache
    def _load(name):
        if name not in COMMAND_MODULES:
            return None
        # A module that fails to import is a bug to see, not a command to hide.
        return importlib.import_module(f"{__name__}.{name}_cmd").command


@click.group(cls=KfootGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kfoot")
def cli():
    """kfoot: measure and control the kernel footprint of CUDA template libraries."""


def _warning_line(message, category, filename, lineno, file=None, line=None) -> None:
    from .terminal import terminal

    terminal().note(f"kfoot: warning: {category.__name__}: {message}")


def main(argv=None) -> int:
    """Entry point: exit 0 success, 1 a check failed, 2 bad input or usage, 130 Ctrl-C (SIGINT),
    143 SIGTERM. Both signals unwind the same way: workers and ninja are stopped, no traceback."""
    import warnings

    from ..core import workers

    workers.install_signal_handlers()
    # The runtime warns through Python's warnings (a program using it chooses how to show them);
    # a kfoot command shows each as one line, without Python's file:line and source line.
    warnings.showwarning = _warning_line
    try:
        rv = cli.main(args=argv, prog_name="kfoot", standalone_mode=False)
    except KfootError as exc:
        # No escape sequence reaches the terminal, whatever the message quotes; the path is one
        # line already (KfootError.format), and a message may list its details on lines of its own.
        click.echo(f"kfoot: error: {terminal_text(str(exc), keep_newlines=True)}", err=True)
        return exc.exit_code
    except (click.exceptions.Abort, KeyboardInterrupt) as exc:
        # click turns Ctrl-C (and EOF at a prompt, which kfoot never shows) into Abort, keeping
        # the KeyboardInterrupt (or SIGTERM's Terminated) as its context.
        return _interrupted(exc)
    except click.ClickException as exc:
        exc.show()
        return 2
    except BrokenPipeError:
        from .terminal import reader_gone

        reader_gone(sys.stdout)  # a write outside the terminal object: the reader is gone, not an error
        return 0
    try:  # what is still buffered: a reader that closed early is noticed here, not at exit (120)
        sys.stdout.flush()
    except BrokenPipeError:
        from .terminal import reader_gone

        reader_gone(sys.stdout)
    except (OSError, ValueError):
        pass
    if workers.signalled():  # an interrupt Python swallowed (it landed in a finalizer)
        return _interrupted(workers.Terminated() if workers.signalled() == signal.SIGTERM else KeyboardInterrupt())
    return rv if isinstance(rv, int) else 0


def run() -> None:
    """The `kfoot` script and `python -m kfoot`: main(), then leave without the interpreter's
    teardown, which only frees memory: after a report of MXNet, freeing its name caches one
    object at a time took 0.1 s of a 3.5 s run."""
    exit_code: list[int] = []

    def leave_now() -> None:
        # Registered before the command runs, so it runs last of the exit handlers: threads have
        # been joined and every later handler (worker pools, PCH folders) has run. An exception
        # escaping main() keeps Python's own exit (its traceback and status).
        if not exit_code:
            return
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a reader gone: main() already chose the exit code
                pass
        os._exit(exit_code[0])

    atexit.register(leave_now)
    exit_code.append(main())
    sys.exit(exit_code[0])


def _interrupted(exc: BaseException) -> int:
    from ..core.workers import Terminated

    # A second signal while kfoot unwinds must not print a traceback either.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    terminated = isinstance(exc, Terminated) or isinstance(exc.__context__, Terminated)
    try:
        click.echo("kfoot: terminated" if terminated else "kfoot: interrupted", err=True)
    except OSError:
        pass
    return 143 if terminated else 130


if __name__ == "__main__":
    run()
