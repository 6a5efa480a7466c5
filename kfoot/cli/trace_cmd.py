"""`kfoot trace -o TRACE -- COMMAND...`: record which kernels a CUDA program launches."""

from __future__ import annotations

import click

from .terminal import terminal


@click.command("trace", context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="The kernel trace to write (JSON lines).")
@click.argument("argv", nargs=-1, required=True, type=click.UNPROCESSED)
def command(output, argv):
    """Run COMMAND with kfoot's CUPTI injection library (CUDA_INJECTION64_PATH; child processes
    too) and write each launched kernel's mangled name, module and launch count to TRACE
    (docs/explain.md). Exits with COMMAND's exit status (128 + N when a signal N killed it)."""
    from ..trace.run import trace_command

    result = trace_command(output, list(argv))
    term = terminal()
    if not result.launches:
        term.note(f"kfoot trace: no kernel launch recorded in {output} (the program launched none, or no CUDA "
                  "driver loaded the injection library: a machine without a GPU driver records nothing)")
    else:
        kernels = len({k for k, _ in result.launches})
        term.note(f"kfoot trace: {sum(result.launches.values()):,} launches of {kernels:,} kernels from "
                  f"{result.processes:,} processes in {output}")
    # A program killed by signal N is -N to Python; a shell, and so kfoot, says 128 + N.
    return result.returncode if result.returncode >= 0 else 128 - result.returncode
