"""`kfoot cache ls|stats|verify|prune|clear|export|import|pack|packs`: inspect and maintain the disk caches
(kfoot.runtime.cache_admin: the kernel cache and the report cache under one root)."""

from __future__ import annotations

import click

from .tables import summary_table
from .terminal import terminal


def _open(ctx):
    from ..runtime.cache_admin import Caches

    return Caches(ctx.obj.get("cache_dir"))


def _show(result, as_json: bool) -> None:
    term = terminal()
    if as_json:
        term.json(result.to_dict())
    else:
        term.emit(result.text())


def _report_failures(result) -> int:
    """What prune or clear could not delete, one stderr line per reason; 1 when anything is left."""
    lines = result.failures()
    for line in lines:
        terminal().note(line)
    return 1 if lines else 0


@click.group("cache")
@click.option("--cache-dir", type=click.Path(path_type=str, readable=False), default=None,
              help="Cache root [default: $KFOOT_CACHE_DIR, else $XDG_CACHE_HOME/kfoot, else ~/.cache/kfoot].")
@click.pass_context
def command(ctx, cache_dir):
    """Inspect and maintain the disk caches: RTC-compiled kernels and report results."""
    ctx.ensure_object(dict)
    ctx.obj["cache_dir"] = cache_dir


@command.command("ls")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def ls_cmd(ctx, as_json):
    """List the kernel entries, most recently used first."""
    listing = _open(ctx).listing()
    if as_json:
        terminal().json(listing.to_dict())
    else:
        terminal().emit([listing.table()])


@command.command("stats")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def stats_cmd(ctx, as_json):
    """Entries, cubins, bytes on disk, per arch, and the size bounds of both caches."""
    stats = _open(ctx).stats()
    if as_json:
        terminal().json(stats.to_dict())
    else:
        terminal().emit([summary_table("kfoot cache", stats.rows())])


@command.command("verify")
@click.option("--fix", is_flag=True, help="Delete the bad entries and cubins (foreign-owned ones are left alone).")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def verify_cmd(ctx, fix, as_json):
    """Check every entry's and cubin's checksum in both caches; exit 1 when any is bad."""
    result = _open(ctx).verify(fix=fix)
    _show(result, as_json)
    return 1 if result.failed else 0


@command.command("prune")
@click.option("--max-bytes", "max_bytes", default=None,
              help="Size to prune each cache down to (e.g. 500M) [default: $KFOOT_CACHE_MAX_BYTES, "
                   "$KFOOT_REPORT_CACHE_MAX_BYTES].")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def prune_cmd(ctx, max_bytes, as_json):
    """Delete least-recently-used entries until each cache fits its bound; exit 1 if some could not be."""
    from ..core.store import parse_bound

    caches = _open(ctx)
    result = caches.prune(parse_bound(max_bytes, "--max-bytes") if max_bytes is not None else None)
    failed = _report_failures(result)
    _show(result, as_json)
    return failed


@command.command("clear")
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def clear_cmd(ctx, as_json):
    """Delete every entry and cubin of both caches; exit 1 if some could not be (each reason on stderr)."""
    result = _open(ctx).clear()
    failed = _report_failures(result)
    _show(result, as_json)
    return failed


@command.command("export")
@click.argument("archive", type=click.Path(path_type=str))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def export_cmd(ctx, archive, as_json):
    """Write the good kernel entries to a tar archive (.tar or .tar.gz) for another machine."""
    _show(_open(ctx).export(archive), as_json)


@command.command("import")
@click.argument("archive", type=click.Path(path_type=str))
@click.option("--json", "as_json", is_flag=True)
@click.pass_context
def import_cmd(ctx, archive, as_json):
    """Install the kernel entries of an exported archive, verifying each; exit 1 if any was rejected."""
    result = _open(ctx).import_(archive)
    _show(result, as_json)
    for line in result.rejected:
        terminal().note(f"rejected {line}")
    return 1 if result.rejected else 0


@command.command("pack")
@click.argument("registry", metavar="REGISTRY", type=click.Path(path_type=str))
@click.option("--trace", "trace", type=click.Path(path_type=str), default=None,
              help="Only the variants in this usage trace (KFOOT_TRACE output).")
@click.option("--all", "all_variants", is_flag=True, help="Every variant of the registry.")
@click.option("--arch", "archs", required=True, help="Target arch(es) for the cubins, comma-separated (sm_80,sm_90).")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(path_type=str, file_okay=False),
              help="Folder for the wheels.")
@click.option("--max-wheel-bytes", "max_wheel_bytes", default=None,
              help="Largest wheel (e.g. 50M) [default: 95,000,000 bytes, under PyPI's 100 MB].")
@click.option("-j", "--jobs", type=click.IntRange(1), default=None, help="Parallel NVRTC processes [default: CPU count].")
@click.option("--batch", "batch_size", type=click.IntRange(1), default=None,
              help="Variants per NVRTC program, as kfoot warm (1: a cubin per kernel) [default: 64].")
@click.option("--json", "as_json", is_flag=True)
def pack_cmd(registry, trace, all_variants, archs, out_dir, max_wheel_bytes, jobs, batch_size, as_json):
    """Compile REGISTRY's variants (--all, or those in --trace) and write them as installable wheels,
    sharded by arch and family under --max-wheel-bytes, each with a manifest."""
    from ..core.errors import KfootError
    from ..core.store import parse_bound
    from ..runtime.cache_pack import DEFAULT_MAX_WHEEL_BYTES
    from ..runtime.compiler import DEFAULT_BATCH
    from ..runtime.registry import load_registry
    from ..runtime.warm import pack_registry, parse_archs, select_variants

    if bool(trace) == all_variants:
        raise KfootError("kfoot cache pack: give exactly one of --trace T or --all")
    loaded = load_registry(registry)
    variants = select_variants(loaded, trace)
    limit = parse_bound(max_wheel_bytes, "--max-wheel-bytes") if max_wheel_bytes is not None else DEFAULT_MAX_WHEEL_BYTES
    with terminal().status() as note:
        note(f"compiling {len(variants)} variant(s) for {archs}")
        result = pack_registry(loaded, variants, parse_archs(archs), out_dir, max_wheel_bytes=limit, jobs=jobs,
                               batch_size=batch_size or DEFAULT_BATCH)
    _show(result, as_json)


@command.command("packs")
@click.option("--json", "as_json", is_flag=True)
def packs_cmd(as_json):
    """List the installed kernel-cache packs Python sees (KFOOT_PACK_PATH, then sys.path) and the
    KFOOT_PACK_PATH that shows them to a C++ program."""
    from ..runtime.cache_pack import list_installed_packs

    _show(list_installed_packs(), as_json)
