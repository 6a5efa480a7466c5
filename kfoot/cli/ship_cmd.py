"""`kfoot ship REGISTRY -o DEST`: copy what a registry needs at run time (its headers, the AOT
fatbin, the CUDA toolkit headers its families reach) to DEST, for installing and packaging."""

from __future__ import annotations

import click

from ..runtime.ship import ship_registry
from .terminal import terminal


@click.command("ship")
@click.argument("registry", type=click.Path(path_type=str))
@click.option("-o", "--output", "dest", required=True, type=click.Path(path_type=str), help="Destination folder.")
@click.option("--json", "as_json", is_flag=True, help="Print what was copied as JSON.")
def command(registry, dest, as_json):
    """Copy the run-time part of REGISTRY (an rtc or hybrid build folder) to DEST: registry.json,
    its headers, the AOT fatbin and the toolkit headers its families reach, so that a machine
    with only libnvrtc can compile its kernels (docs/runtime.md#shipping)."""
    shipped = ship_registry(registry, dest)
    summary = {"dest": str(shipped.dest), "files": shipped.files, "bytes": shipped.bytes,
               "toolkit_files": shipped.toolkit_files, "toolkit_bytes": shipped.toolkit_bytes}
    if as_json:
        terminal().json(summary)
    else:
        terminal().emit(f"shipped {shipped.files} files ({shipped.bytes:,} bytes) to {shipped.dest}; "
                        f"toolkit headers: {shipped.toolkit_files} files ({shipped.toolkit_bytes:,} bytes)\n")
    return 0
