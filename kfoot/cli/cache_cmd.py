"""`kfoot cache ls|stats|verify|prune|clear|export|import`: inspect and maintain the RTC disk cache."""

from __future__ import annotations

import json
import time

import click

from ..core.units import format_bytes
from .tables import summary_table
from .terminal import terminal


def _open(ctx):
    from ..runtime.cache import DiskCache, default_cache_root, max_bytes_from_env

    root = ctx.obj.get("cache_dir") or default_cache_root()
    return DiskCache(root, max_bytes=max_bytes_from_env())


@click.group("cache")
@click.option("--cache-dir", type=click.Path(path_type=str), default=None,
              help="Cache root [default: $KFOOT_CACHE_DIR, else $XDG_CACHE_HOME/kfoot, else ~/.cache/kfoot].")
@click.pass_context
def command(ctx, cache_dir):
    """Inspect and maintain the disk cache of RTC-compiled kernels."""
    ctx.ensure_object(dict)
    ctx.obj["cache_dir"] = cache_dir


@command.command("ls")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def ls_cmd(ctx, as_json):
    """List the entries, most recently used first."""
    cache = _open(ctx)
    rows = cache.listing()
    if as_json:
        click.echo(json.dumps({"root": str(cache.root), "entries": rows}, indent=1))
        return
    from rich.table import Table

    table = Table(title=f"{cache.root}: {len(rows)} entries")
    for column in ("key", "arch", "kernel", "program cubin", "last used"):
        table.add_column(column)
    for row in rows:
        kernel = row["kernel"] if row["problem"] is None else f"[red]{row['problem']}[/red]"
        used = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["last_used"]))
        table.add_row(row["key"][:12], row["arch"] or "?", kernel or "?", format_bytes(row["cubin_bytes"]), used)
    terminal().print(table)


@command.command("stats")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def stats_cmd(ctx, as_json):
    """Entries, cubins, bytes on disk, per arch, and the size bound."""
    cache = _open(ctx)
    stats = cache.stats()
    if as_json:
        click.echo(json.dumps(stats, indent=1))
        return
    bound = f" of {format_bytes(stats['max_bytes'])} allowed" if stats["max_bytes"] else ""
    rows = [("root", stats["root"]), ("entries", f"{stats['entries']} ({stats['bad_entries']} bad)"),
            ("cubins", str(stats["cubins"])), ("size", format_bytes(stats["total_bytes"]) + bound)]
    rows += [(f"entries for {arch}", str(count)) for arch, count in stats["entries_per_arch"].items()]
    terminal().print(summary_table("kfoot cache", rows))


@command.command("verify")
@click.option("--fix", is_flag=True, help="Delete the bad entries and cubins (foreign-owned ones are left alone).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def verify_cmd(ctx, fix, as_json):
    """Check every entry's and cubin's checksum; exit 1 when any is bad."""
    cache = _open(ctx)
    bad = cache.verify(fix=fix) if cache.root.is_dir() else []
    if as_json:
        click.echo(json.dumps({"bad": [{"path": str(p), "problem": why} for p, why in bad], "fixed": fix}, indent=1))
    else:
        for path, why in bad:
            click.echo(f"{path}: {why}{' (removed)' if fix and not why.startswith('owned by') else ''}")
        click.echo(f"{len(bad)} bad" if bad else "all entries verified")
    return 1 if bad and not fix else 0


@command.command("prune")
@click.option("--max-bytes", "max_bytes", default=None, help="Size to prune down to (e.g. 500M) [default: $KFOOT_CACHE_MAX_BYTES].")
@click.pass_context
def prune_cmd(ctx, max_bytes):
    """Delete least-recently-used entries until the cache fits the bound."""
    from ..core.errors import KfootError
    from ..core.units import parse_bytes

    cache = _open(ctx)
    if max_bytes is not None:
        limit = parse_bytes(max_bytes, "--max-bytes")
    elif cache.max_bytes is not None:
        limit = cache.max_bytes
    else:
        raise KfootError("no bound to prune to: pass --max-bytes or set KFOOT_CACHE_MAX_BYTES")
    result = cache.prune(limit)
    click.echo(f"removed {result.removed_entries} entries and {result.removed_blobs} cubins, "
               f"freed {format_bytes(result.freed_bytes)}; {format_bytes(result.total_bytes)} left")


@command.command("clear")
@click.pass_context
def clear_cmd(ctx):
    """Delete every entry."""
    cache = _open(ctx)
    click.echo(f"removed {cache.clear()} entries from {cache.root}")


@command.command("export")
@click.argument("archive", type=click.Path(path_type=str))
@click.pass_context
def export_cmd(ctx, archive):
    """Write the good entries to a tar archive (.tar or .tar.gz) for another machine."""
    from ..core.errors import KfootError

    cache = _open(ctx)
    if not cache.root.is_dir():
        raise KfootError("no cache here", path=cache.root)
    click.echo(f"exported {cache.export(archive)} entries to {archive}")


@command.command("import")
@click.argument("archive", type=click.Path(path_type=str))
@click.pass_context
def import_cmd(ctx, archive):
    """Install the entries of an exported archive, verifying each; exit 1 if any was rejected."""
    cache = _open(ctx)
    result = cache.import_(archive)
    click.echo(f"installed {result.installed} entries, {result.already_present} already present, {len(result.rejected)} rejected")
    for line in result.rejected:
        click.echo(f"rejected {line}", err=True)
    return 1 if result.rejected else 0
