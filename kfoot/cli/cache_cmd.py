"""`kfoot cache ls|stats|verify|prune|clear|export|import`: inspect and maintain the RTC disk cache."""

from __future__ import annotations

import json
import time

import click

from ..core.units import format_bytes
from .tables import summary_table
from .terminal import terminal


def _open(ctx):
    """The cache the options and environment name. A root that is a file, cannot be read, or is (or
    holds as entries/, blobs/, tmp/) a symbolic link is one line and exit 2 (KfootError), for every
    command; one that does not exist yet is an empty cache. Another user's cache can be read (ls,
    stats, verify, export); the commands that change it (verify --fix, prune, clear, import) refuse
    it in one line."""
    from ..core.store import default_cache_root, kernel_cache_bound
    from ..runtime.kernel_cache import DiskCache

    root = ctx.obj.get("cache_dir") or default_cache_root()
    cache = DiskCache(root, max_bytes=kernel_cache_bound())
    cache.check_folder()
    return cache


def _not_removed(result) -> list[dict]:
    """What prune or clear could not delete, one stderr line per reason; the rows of `not_removed` in --json."""
    rows = result.to_dict()["not_removed"]
    for row in rows:
        click.echo(f"kfoot: could not remove {row['files']} file{'' if row['files'] == 1 else 's'}: "
                   f"{row['reason']} (first: {row['first']})", err=True)
    return rows


@click.group("cache")
@click.option("--cache-dir", type=click.Path(path_type=str, readable=False), default=None,
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
    rows = [entry.to_dict() for entry in cache.listing()]
    if as_json:
        click.echo(json.dumps({"root": str(cache.root), "entries": rows}, indent=1))
        return
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"{escape(str(cache.root))}: {len(rows)} entries")
    for column in ("key", "arch", "kernel", "program cubin", "last used"):
        table.add_column(column)
    for row in rows:
        # Names and paths come from files on disk: plain text, never rich markup.
        kernel = Text(row["kernel"] or "?") if row["problem"] is None else Text(row["problem"], style="red")
        used = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["last_used"]))
        table.add_row(row["key"][:12], Text(row["arch"] or "?"), kernel, format_bytes(row["cubin_bytes"]), used)
    terminal().print(table)


@command.command("stats")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def stats_cmd(ctx, as_json):
    """Entries, cubins, bytes on disk, per arch, and the size bound."""
    cache = _open(ctx)
    stats = cache.stats().to_dict()
    if as_json:
        click.echo(json.dumps(stats, indent=1))
        return
    bound = f" of {format_bytes(stats['max_bytes'])} allowed" if stats["max_bytes"] else ""
    rows = [("root", stats["root"]), ("entries", f"{stats['entries']} ({stats['bad_entries']} bad)"),
            ("cubins", f"{stats['cubins']} ({stats['bad_cubins']} bad)"), ("size", format_bytes(stats["total_bytes"]) + bound),
            ("bad", f"{stats['bad']}" + (": kfoot cache verify lists them, --fix deletes them" if stats["bad"] else ""))]
    rows += [(f"entries for {arch}", str(count)) for arch, count in stats["entries_per_arch"].items()]
    terminal().print(summary_table("kfoot cache", rows))


@command.command("verify")
@click.option("--fix", is_flag=True, help="Delete the bad entries and cubins (foreign-owned ones are left alone).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def verify_cmd(ctx, fix, as_json):
    """Check every entry's and cubin's checksum; exit 1 when any is bad."""
    cache = _open(ctx)
    bad = cache.verify(fix=fix)
    if as_json:
        click.echo(json.dumps({"root": str(cache.root), "bad": [{"path": str(p), "problem": why} for p, why in bad], "fixed": fix}, indent=1))
    else:
        for path, why in bad:
            click.echo(f"{path}: {why}{' (removed)' if fix and not why.startswith('owned by') else ''}")
        click.echo(f"{len(bad)} bad" if bad else "all entries verified")
    return 1 if bad and not fix else 0


@command.command("prune")
@click.option("--max-bytes", "max_bytes", default=None, help="Size to prune down to (e.g. 500M) [default: $KFOOT_CACHE_MAX_BYTES].")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def prune_cmd(ctx, max_bytes, as_json):
    """Delete least-recently-used entries until the cache fits the bound; exit 1 if some could not be."""
    from ..core.errors import KfootError
    from ..core.store import parse_bound

    cache = _open(ctx)
    if max_bytes is not None:
        limit = parse_bound(max_bytes, "--max-bytes")
    elif cache.max_bytes is not None:
        limit = cache.max_bytes
    else:
        raise KfootError("no bound to prune to: pass --max-bytes or set KFOOT_CACHE_MAX_BYTES")
    # The bound (KFOOT_CACHE_MAX_BYTES) never empties the cache: the newest entry stays. An
    # explicit --max-bytes is obeyed to the byte (--max-bytes 0 empties it).
    result = cache.prune(limit, keep_newest=max_bytes is None)
    failed = _not_removed(result)
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=1))
    else:
        click.echo(f"removed {result.removed_entries} entries and {result.removed_cubins} cubins, "
                   f"freed {format_bytes(result.freed_bytes)}; {format_bytes(result.total_bytes)} left")
    return 1 if failed else 0


@command.command("clear")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def clear_cmd(ctx, as_json):
    """Delete every entry and cubin; exit 1 if some could not be (each reason on stderr)."""
    cache = _open(ctx)
    result = cache.clear()
    failed = _not_removed(result)
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=1))
    else:
        other = f", {result.removed_other} other files" if result.removed_other else ""
        click.echo(f"removed {result.removed_entries} entries and {result.removed_cubins} cubins{other} "
                   f"({format_bytes(result.freed_bytes)}) from {cache.root}")
    return 1 if failed else 0


@command.command("export")
@click.argument("archive", type=click.Path(path_type=str))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def export_cmd(ctx, archive, as_json):
    """Write the good entries to a tar archive (.tar or .tar.gz) for another machine."""
    from ..core.errors import KfootError

    cache = _open(ctx)
    if not cache.root.is_dir():
        raise KfootError("no cache here", path=cache.root)
    count = cache.export(archive)
    if as_json:
        click.echo(json.dumps({"root": str(cache.root), "archive": archive, "entries": count}, indent=1))
    else:
        click.echo(f"exported {count} entries to {archive}")


@command.command("import")
@click.argument("archive", type=click.Path(path_type=str))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def import_cmd(ctx, archive, as_json):
    """Install the entries of an exported archive, verifying each; exit 1 if any was rejected."""
    cache = _open(ctx)
    result = cache.import_(archive)
    if as_json:
        click.echo(json.dumps(result.to_dict(), indent=1))
    else:
        click.echo(result.text(), nl=False)
    for line in result.rejected:
        click.echo(f"rejected {line}", err=True)
    return 1 if result.rejected else 0
