"""The RTC disk cache against a hostile file system and hostile inputs: planted links and another
user's folders (maintenance never leaves the cache), a planted KFOOT_TRACE link, registry headers
outside the registry, the size bound under 8 concurrent writers, imports checked against what
their entries claim, and a tar.gz bomb read with bounded memory."""

from __future__ import annotations

import hashlib
import io
import json
import multiprocessing
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import textwrap
import time
import zlib
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile
from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error

from kfoot.core.errors import KfootError
from kfoot.runtime.cache_entry import format_entry
from kfoot.runtime.kernel_cache import DiskCache

OTHER_UID = 12345


# ------------------------------------------------------------------------------ fabricated cubins
def fake_cubin(kernel: str, sm: int = 90, pad: int = 0, also: tuple[str, ...] = ()) -> bytes:
    """A minimal CUDA ELF (EM_CUDA, ABI 8) whose symtab defines `kernel` (and the kernels `also`
    names, at the same code) as entries (st_other 0x10) in its own .text section; `pad` code
    bytes make sizes differ."""
    text = bytes(range(256)) * (pad // 256) + bytes(pad % 256)
    shstr = b"\0.shstrtab\0.strtab\0.symtab\0.text." + kernel.encode() + b"\0"
    strtab = b"\0" + b"".join(name.encode() + b"\0" for name in (kernel, *also))
    sym = struct.Struct("<IBBHQQ")
    symtab = sym.pack(0, 0, 0, 0, 0, 0)
    for name in (kernel, *also):
        symtab += sym.pack(strtab.index(b"\0" + name.encode() + b"\0") + 1, 0x12, 0x10, 4, 0, len(text))
    blobs, offset, body = [], 64, b""
    for data in (shstr, strtab, symtab, text):
        blobs.append((offset, len(data)))
        body += data
        offset += len(data)
    pad8 = (-offset) % 8
    body += bytes(pad8)
    shoff = offset + pad8
    shdr = struct.Struct("<IIQQQQIIQQ")
    names = {".shstrtab": 1, ".strtab": 11, ".symtab": 19, ".text": 27}
    headers = shdr.pack(*([0] * 10))
    headers += shdr.pack(names[".shstrtab"], 3, 0, 0, blobs[0][0], blobs[0][1], 0, 0, 1, 0)
    headers += shdr.pack(names[".strtab"], 3, 0, 0, blobs[1][0], blobs[1][1], 0, 0, 1, 0)
    headers += shdr.pack(names[".symtab"], 2, 0, 0, blobs[2][0], blobs[2][1], 2, 1, 8, sym.size)
    headers += shdr.pack(names[".text"], 1, 6, 0, blobs[3][0], blobs[3][1], 0, 0, 4, 0)
    ident = b"\x7fELF" + bytes([2, 1, 1, 0x33, 8]) + bytes(7)
    ehdr = struct.pack("<16sHHIQQQIHHHHHH", ident, 2, 190, 1, 0, 0, shoff, sm << 8, 64, 0, 0, 64, 5, 1)
    return ehdr + body + headers


def elf_kernels(cubin: bytes) -> set[str]:
    """Oracle: the entry symbols pyelftools finds in the symtab."""
    elf = ELFFile(io.BytesIO(cubin))
    return {s.name for s in elf.get_section_by_name(".symtab").iter_symbols() if s["st_info"]["type"] == "STT_FUNC"}


def key(n: int) -> str:
    return hashlib.sha256(f"hostile{n}".encode()).hexdigest()


def fill(cache: DiskCache, n: int, start: int = 0) -> list[str]:
    keys = []
    for i in range(start, start + n):
        name = f"_Z6kernelILi{i}EEvv"
        cache.put_program(fake_cubin(name, pad=300 + i), [(key(i), name, {"arch": "sm_90", "name_expression": f"kernel<{i}>"})])
        keys.append(key(i))
    return keys


def test_fabricated_cubin_is_a_cubin_by_pyelftools():
    cubin = fake_cubin("_Z3foov", pad=1000)
    assert elf_kernels(cubin) == {"_Z3foov"}
    assert ELFFile(io.BytesIO(cubin))["e_machine"] in ("EM_CUDA", 190)


# ------------------------------------------------------------------------------ helpers
def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def cli(root, *args, env=None):
    return run_kfoot("cache", "--cache-dir", root, *args, check_rc=None, env=env)


def plant(tmp_path: Path, where: str) -> tuple[Path, Path]:
    """A cache root whose `where` (root, entries, blobs, tmp) is a link to a victim folder that
    looks like that part of a cache (so following the link would delete it all)."""
    victim_cache = tmp_path / "victim-cache"
    fill(DiskCache(victim_cache), 3, start=50)
    (victim_cache / "tmp" / "stale").write_bytes(b"x" * 10)
    old = time.time() - 3600
    for path in victim_cache.rglob("*"):
        os.utime(path, (old, old), follow_symlinks=False)
    root = tmp_path / "c"
    if where == "root":
        root.symlink_to(victim_cache)
        return root, victim_cache
    fill(DiskCache(root), 2)
    shutil.rmtree(root / where)
    (root / where).symlink_to(victim_cache / where)
    return root, victim_cache / where


MUTATING = [("prune", "--max-bytes", "0"), ("verify", "--fix"), ("clear",)]


@pytest.mark.parametrize("where", ["root", "entries", "blobs", "tmp"])
@pytest.mark.parametrize("args", MUTATING + [("ls",)], ids=lambda a: "-".join(a))
def test_a_planted_link_is_refused_and_nothing_behind_it_deleted(tmp_path, where, args):
    root, victim = plant(tmp_path, where)
    before = snapshot(victim)
    assert before
    assert_error(cli(root, *args), "symbolic link", where if where != "root" else str(root))
    assert snapshot(victim) == before


@pytest.mark.parametrize("where", ["entries", "blobs", "tmp"])
def test_a_bounded_write_never_follows_a_planted_link(tmp_path, where):
    root, victim = plant(tmp_path, where)
    before = snapshot(victim)
    cache = DiskCache(root, max_bytes=0)
    with pytest.warns(Warning, match="symbolic link"):
        fill(cache, 2, start=10)
    assert snapshot(victim) == before


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to chown a folder to another user")
@pytest.mark.parametrize("where", ["root", "entries", "blobs", "tmp"])
@pytest.mark.parametrize("args", MUTATING, ids=lambda a: "-".join(a))
def test_a_folder_of_another_user_is_refused_for_changes(tmp_path, where, args):
    root = tmp_path / "c"
    fill(DiskCache(root), 3)
    target = root if where == "root" else root / where
    os.chown(target, OTHER_UID, OTHER_UID)
    before = snapshot(root)
    assert_error(cli(root, *args), f"owned by uid {OTHER_UID}", where if where != "root" else str(root))
    assert snapshot(root) == before


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to chown a folder to another user")
def test_another_users_root_can_still_be_read(tmp_path):
    root = tmp_path / "c"
    keys = fill(DiskCache(root), 2)
    for path in [root, *root.rglob("*")]:
        os.chown(path, OTHER_UID, OTHER_UID, follow_symlinks=False)
    listing = json.loads(run_kfoot("cache", "--cache-dir", root, "ls", "--json").stdout)
    assert sorted(e["key"] for e in listing["entries"]) == sorted(keys)
    with pytest.warns(Warning, match=f"owned by uid {OTHER_UID}"):
        DiskCache(root).put_program(fake_cubin("_Z1xv"), [(key(99), "_Z1xv", {})])
    assert not DiskCache(root).entry_path(key(99)).exists()


# ------------------------------------------------------------------------------ KFOOT_TRACE
def test_trace_refuses_a_planted_link(tmp_path):
    from kfoot.runtime.trace import append_trace

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "trace.jsonl"
    link.symlink_to(victim)
    with pytest.raises(KfootError, match="symbolic link") as caught:
        append_trace(link, {"template_id": "x"})
    assert_error(caught.value, str(link))
    assert victim.read_text() == "precious\n"
    plain = tmp_path / "plain.jsonl"
    append_trace(plain, {"template_id": "a"})
    append_trace(plain, {"template_id": "b"})
    assert [json.loads(line)["template_id"] for line in plain.read_text().splitlines()] == ["a", "b"]
    assert oct(plain.stat().st_mode & 0o777) == oct(0o600)


# ------------------------------------------------------------------------------ registry headers
def _registry(folder: Path, header: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "ok.cuh").write_text("// ok\n")
    data = {"format": "kfoot-rtc-registry", "version": 1, "mode": "rtc",
            "families": {"good": {"kernel": "k", "header": "templates/ok.cuh", "axes": [], "free_axes": []},
                         "evil": {"kernel": "k", "header": header, "axes": [], "free_axes": []}},
            "variants": []}
    (folder / "registry.json").write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize("how", ["absolute", "dotdot", "symlink", "symlinked-folder"])
def test_registry_header_outside_its_folder_is_refused(tmp_path, how):
    from kfoot.runtime.registry import load_registry

    outside = tmp_path / "outside.cuh"
    outside.write_text("#error secret\n")
    folder = tmp_path / "reg"
    header = {"absolute": str(outside), "dotdot": "templates/../../outside.cuh",
              "symlink": "templates/link.cuh", "symlinked-folder": "inc/outside.cuh"}[how]
    _registry(folder, header)
    if how == "symlink":
        (folder / "templates" / "link.cuh").symlink_to(outside)
    if how == "symlinked-folder":
        (folder / "inc").symlink_to(tmp_path)
    with pytest.raises(KfootError) as caught:
        load_registry(folder)
    assert_error(caught.value, "registry.json", "evil", "outside")
    assert_error(run_kfoot("warm", folder, check_rc=None, env=dict(os.environ, KFOOT_CACHE_DIR=str(tmp_path / "c"))),
                 "evil", "registry.json")


def test_registry_header_inside_its_folder_still_loads(tmp_path):
    from kfoot.runtime.registry import load_registry

    folder = _registry(tmp_path / "reg", "templates/sub/../ok.cuh")
    reg = load_registry(folder)
    assert reg.families["evil"].header == (folder / "templates" / "ok.cuh").resolve()


# ------------------------------------------------------------------------------ bound, 8 writers
BOUND = 200_000


def _writer(root: str, worker: int, rounds: int, barrier=None) -> None:
    """A quarter of the workers write as the runtime does (a bounded DiskCache, one program per
    miss), the others as bounded `kfoot warm`s do (an unbounded writer, then a prune to the bound),
    with mixed program sizes and kernels per program; every 3 programs all meet at a barrier, so
    the warms' prunes run at the same time."""
    import warnings

    warnings.simplefilter("ignore")
    runtime_like = worker % 4 == 0
    cache = DiskCache(root, max_bytes=BOUND) if runtime_like else DiskCache(root)
    for r in range(rounds):
        n = 1000 * worker + r
        size = (500, 3000, 9000)[(worker + r) % 3]  # mixed program sizes
        kernels = [(key(n * 100 + j), f"_Z1k{n}_{j}v", {"arch": "sm_90"}) for j in range(1 + 30 * (r % 3))]
        cubin = fake_cubin(kernels[0][1], pad=size)
        cache.put_program(cubin, kernels)
        if r % 3 == 2:
            if barrier is not None:
                barrier.wait(30)
            if not runtime_like:
                DiskCache(root, max_bytes=BOUND).prune(BOUND)


def _disk_usage(root: Path) -> tuple[int, int, int, set[str], set[str]]:
    """(bytes of every regular file, entries, blobs, blob names, blobs the entries name): the files
    on disk, read without kfoot."""
    total = sum(p.lstat().st_size for p in root.rglob("*") if p.is_file())
    entries = list((root / "entries").rglob("*.entry"))
    blobs = {p.name[:-6] for p in (root / "blobs").rglob("*.cubin")}
    named = {json.loads(p.read_bytes().split(b"\n")[0])["blob"] for p in entries}
    return total, len(entries), len(blobs), blobs, named


def test_bound_holds_under_eight_concurrent_writers(tmp_path):
    root = tmp_path / "c"
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(8)
    procs = [ctx.Process(target=_writer, args=(str(root), w, 9, barrier)) for w in range(8)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    total, entries, blobs, names, named = _disk_usage(root)
    largest_program = len(fake_cubin("_Z1k0000_0v", pad=9000)) + 61 * 400
    assert entries > 0 and blobs > 0
    assert total <= BOUND + largest_program, (total, BOUND)
    assert names == named, "unreferenced cubins left behind"  # every cubin used, every entry's cubin there


def test_orphan_cubins_of_a_killed_writer_are_collected_by_the_bound(tmp_path):
    root = tmp_path / "c"
    cache = DiskCache(root, max_bytes=BOUND)
    fill(cache, 2)
    orphan = fake_cubin("_Z6orphanv", pad=5000)
    sha = hashlib.sha256(orphan).hexdigest()
    (root / "blobs" / sha[:2]).mkdir(exist_ok=True)
    (root / "blobs" / sha[:2] / f"{sha}.cubin").write_bytes(orphan)  # written, its entries never were
    DiskCache(root).prune(BOUND)
    assert not (root / "blobs" / sha[:2] / f"{sha}.cubin").exists()
    assert len(list((root / "entries").rglob("*.entry"))) == 2


def test_the_bound_never_empties_the_cache(tmp_path):
    root = tmp_path / "c"
    cache = DiskCache(root, max_bytes=100)  # smaller than any program
    fill(cache, 3)
    total, entries, _, names, named = _disk_usage(root)
    assert entries == 1 and names == named
    DiskCache(root, max_bytes=100).prune(100)  # what a bounded `kfoot warm` does at its end
    assert _disk_usage(root)[1] == 1
    assert run_kfoot("cache", "--cache-dir", root, "prune", "--max-bytes", "0").returncode == 0  # asked for 0: empty
    assert _disk_usage(root)[1] == 0


# ------------------------------------------------------------------------------ imports checked
def _archive(path: Path, files: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def _entry_files(k: str, lowered: str, cubin: bytes, arch: str = "sm_90") -> dict[str, bytes]:
    sha = hashlib.sha256(cubin).hexdigest()
    body = format_entry({"key": k, "blob": sha, "blob_size": len(cubin), "lowered_name": lowered, "arch": arch})
    return {f"blobs/{sha[:2]}/{sha}.cubin": cubin, f"entries/{k[:2]}/{k}.entry": body}


@pytest.mark.parametrize("lie", ["wrong-kernel", "not-a-cubin", "wrong-arch"])
def test_import_refuses_an_entry_whose_cubin_is_not_what_it_claims(tmp_path, lie):
    good = _entry_files(key(1), "_Z4goodv", fake_cubin("_Z4goodv"))
    bad_cubin = {"wrong-kernel": fake_cubin("_Z5otherv"), "not-a-cubin": b"\x7fELF" + bytes(600),
                 "wrong-arch": fake_cubin("_Z3badv", sm=80)}[lie]
    bad = _entry_files(key(2), "_Z3badv", bad_cubin)
    archive = _archive(tmp_path / "a.tar.gz", {**good, **bad})
    proc = cli(tmp_path / "c", "import", archive)
    assert proc.returncode == 1
    rejected = [line for line in proc.stderr.splitlines() if line.startswith("rejected")]
    assert len(rejected) == 1 and key(2) in rejected[0], proc.stderr
    names = {p.name for p in (tmp_path / "c").rglob("*") if p.is_file()}
    assert f"{key(1)}.entry" in names and f"{key(2)}.entry" not in names
    assert f"{hashlib.sha256(bad_cubin).hexdigest()}.cubin" not in names  # its cubin is not written either


def test_verify_catches_two_entries_with_swapped_cubins(tmp_path):
    root = tmp_path / "c"
    cache = DiskCache(root)
    keys = fill(cache, 3)
    metas = [json.loads(cache.entry_path(k).read_bytes().split(b"\n")[0]) for k in keys[:2]]
    a, b = metas
    for meta, other in ((a, b), (b, a)):  # consistent: each entry's checksum and its cubin's sha are right
        swapped = dict(meta, blob=other["blob"], blob_size=other["blob_size"])
        cache.entry_path(meta["key"]).write_bytes(format_entry(swapped))
    proc = cli(root, "verify")
    assert proc.returncode == 1
    flagged = [line for line in proc.stdout.splitlines() if ".entry:" in line]
    assert sorted(Path(line.split(":")[0]).name[:-6] for line in flagged) == sorted(keys[:2]), proc.stdout
    assert "all entries verified" not in proc.stdout
    assert cli(root, "verify", "--fix").returncode == 0 and cli(root, "verify").returncode == 0
    assert [p.name[:-6] for p in root.rglob("*.entry")] == [keys[2]]


def test_export_import_of_real_entries_still_installs_them(tmp_path):
    source = DiskCache(tmp_path / "a")
    keys = fill(source, 4)
    source.export(tmp_path / "x.tar.gz")
    proc = cli(tmp_path / "b", "import", tmp_path / "x.tar.gz")
    assert proc.returncode == 0 and "installed 4 entries" in proc.stdout
    target = DiskCache(tmp_path / "b")
    assert all(target.get(k) is not None for k in keys)


# ------------------------------------------------------------------------------ tar.gz bomb
def _crc32_after_zero_mibs(crc: int, count: int) -> int:
    """zlib.crc32 of `count` MiB of zeros from `crc`, without reading them (8 GiB took 3 s of CPU):
    one MiB of zeros maps the CRC affinely over GF(2), c -> A c ^ b, read off zlib itself (at 0 and
    at each bit), and that map is raised to the count-th power by squaring."""
    mib = bytes(1 << 20)
    b = zlib.crc32(mib, 0)
    columns = [zlib.crc32(mib, 1 << bit) ^ b for bit in range(32)]

    def times(cols, value):  # the matrix (its columns) times a 32-bit vector
        out = 0
        for bit in range(32):
            if value >> bit & 1:
                out ^= cols[bit]
        return out

    power = ([1 << bit for bit in range(32)], 0)  # the identity map
    step = (columns, b)
    while count:
        if count & 1:  # power = step after power
            power = ([times(step[0], c) for c in power[0]], times(step[0], power[1]) ^ step[1])
        step = ([times(step[0], c) for c in step[0]], times(step[0], step[1]) ^ step[1])
        count >>= 1
    return times(power[0], crc) ^ power[1]


def _zero_bomb(path: Path, declared: int, name: str, kind: bytes = tarfile.REGTYPE) -> Path:
    """A tar.gz of one member of `declared` zero bytes (of type `kind`: a PAX or GNU long-name
    header's data too), built without compressing them all: after a full flush, deflate's output
    for the next MiB of zeros is the same bytes every time."""
    info = tarfile.TarInfo(name)
    info.size, info.type = declared, kind
    header = info.tobuf(format=tarfile.GNU_FORMAT)
    mib = bytes(1 << 20)
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    start = co.compress(header) + co.flush(zlib.Z_FULL_FLUSH)
    chunk = co.compress(mib) + co.flush(zlib.Z_FULL_FLUSH)
    assert co.compress(mib) + co.flush(zlib.Z_FULL_FLUSH) == chunk
    assert declared % (1 << 20) == 0
    count = declared >> 20
    end = co.compress(bytes(1024)) + co.flush(zlib.Z_FINISH)
    crc = _crc32_after_zero_mibs(zlib.crc32(header), count)
    crc = zlib.crc32(bytes(1024), crc)
    total = len(header) + declared + 1024
    with open(path, "wb") as out:
        out.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff")
        out.write(start + chunk * (count + 1))
        out.write(end)
        out.write(struct.pack("<II", crc & 0xFFFFFFFF, total & 0xFFFFFFFF))
    return path


WRAPPER = textwrap.dedent("""
    import resource, subprocess, sys
    limit = 2 << 30
    proc = subprocess.run(sys.argv[1:], capture_output=True, text=True,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    # CPU seconds, not wall: the work the input made kfoot do, whatever else shares the cores
    print(proc.returncode, usage.ru_maxrss, usage.ru_utime + usage.ru_stime)
    sys.stderr.write(proc.stderr[-2000:])
""")


@pytest.mark.parametrize("declared_mib", [4096, 200])
def test_import_of_a_gzip_bomb_stays_small_and_fast(tmp_path, declared_mib):
    sha = "ab" * 32
    bomb = _zero_bomb(tmp_path / "bomb.tar.gz", declared_mib << 20, f"blobs/{sha[:2]}/{sha}.cubin")
    assert bomb.stat().st_size < 5 << 20
    env = dict(os.environ)
    env.pop("KFOOT_CACHE_DIR", None)
    proc = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "kfoot", "cache", "--cache-dir",
                           str(tmp_path / "c"), "import", str(bomb)], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=120, check=False)
    rc, rss_kib, seconds = proc.stdout.split()
    assert int(rss_kib) < 300 * 1024, f"peak RSS {int(rss_kib) >> 10} MiB"
    assert float(seconds) < 10
    assert int(rc) in (1, 2) and "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and sha[:8] in proc.stderr, proc.stderr  # one line naming the member
    leftovers = [p for p in (tmp_path / "c").rglob("*") if p.is_file() and p.stat().st_size > 1 << 20]
    assert leftovers == []


@pytest.mark.parametrize("kind", [tarfile.XHDTYPE, tarfile.XGLTYPE, tarfile.GNUTYPE_LONGNAME, tarfile.GNUTYPE_LONGLINK],
                         ids=["pax", "pax-global", "gnu-longname", "gnu-longlink"])
def test_import_bounds_extended_headers_before_tarfile_reads_them(tmp_path, kind):
    """Issue 29, item 11: tarfile reads a PAX or GNU long-name header's data whole; a 1 GiB one in a
    1 MB tar.gz took 1 GiB. Refused from its header, in one line, in bounded memory."""
    bomb = _zero_bomb(tmp_path / "ext.tar.gz", 1 << 30, "././@LongHeader", kind)
    assert bomb.stat().st_size < 3 << 20
    env = dict(os.environ)
    env.pop("KFOOT_CACHE_DIR", None)
    proc = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "kfoot", "cache", "--cache-dir",
                           str(tmp_path / "c"), "import", str(bomb)], capture_output=True, text=True, cwd=REPO,
                          env=env, timeout=120, check=False)
    rc, rss_kib, seconds = proc.stdout.split()
    assert int(rss_kib) < 200 * 1024, f"peak RSS {int(rss_kib) >> 10} MiB"
    assert int(rc) == 2 and "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr, proc.stderr
    assert proc.stderr.count("\n") == 1 and "header" in proc.stderr and str(bomb) in proc.stderr, proc.stderr
    assert not list((tmp_path / "c").rglob("*.entry"))


def test_import_refuses_a_chain_of_extended_headers(tmp_path):
    """Each PAX header makes tarfile read the next header in a nested call: a long chain is refused
    in one line, not a RecursionError."""
    blocks = []  # joined once: `data +=` copied the growing archive 5,000 times (11.7 s of CPU)
    for _ in range(5000):
        info = tarfile.TarInfo("././@PaxHeader")
        record = b"19 path=aaaaaaaaaa\n"
        info.size, info.type = len(record), tarfile.XHDTYPE
        blocks.append(info.tobuf(format=tarfile.USTAR_FORMAT) + record + bytes(512 - len(record)))
    archive = tmp_path / "chain.tar"
    archive.write_bytes(b"".join(blocks) + bytes(1024))
    assert_error(cli(tmp_path / "c", "import", archive), "header", str(archive))


def test_import_refuses_a_member_declared_past_the_bound_before_reading(tmp_path, monkeypatch):
    from kfoot.runtime import cache_archive as cache_module

    good = _entry_files(key(1), "_Z4goodv", fake_cubin("_Z4goodv", pad=4000))
    archive = _archive(tmp_path / "a.tar.gz", good)
    monkeypatch.setattr(cache_module, "MAX_IMPORT_MEMBER_BYTES", 1000)
    with pytest.raises(KfootError, match="bound"):
        DiskCache(tmp_path / "c").import_(archive)
    assert not list((tmp_path / "c").rglob("*.entry"))
    monkeypatch.setattr(cache_module, "MAX_IMPORT_MEMBER_BYTES", 1 << 20)
    monkeypatch.setattr(cache_module, "MAX_IMPORT_TOTAL_BYTES", 3000)
    with pytest.raises(KfootError, match="bound"):
        DiskCache(tmp_path / "c").import_(archive)


def test_the_runtime_refuses_a_planted_trace_link(tmp_path):
    from test_rtc_support import write_mini_spec

    from kfoot import runtime
    from kfoot.compile.rtc_registry import build_rtc
    from kfoot.variants.loader import load_spec

    registry = tmp_path / "registry"
    build_rtc(load_spec(write_mini_spec(tmp_path / "spec")), registry)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "trace.jsonl"
    link.symlink_to(victim)
    reg = runtime.open_registry(registry, cache=None, trace=link)
    with pytest.warns(Warning, match="symbolic link"):  # the lookup itself never fails (item 20)
        assert reg.kernel("apply", op="mini::op::Twice", inp="float16") is not None
    assert victim.read_text() == "precious\n"


@pytest.mark.parametrize("where", ["no-folder", "a-folder", "fifo"])
def test_an_unwritable_trace_warns_once_and_never_fails_a_lookup(tmp_path, where):
    """Issue 29, item 20: the first reg.kernel() raised, the second succeeded without recording.
    Now every lookup succeeds, and one warning says the trace is not recorded."""
    import warnings

    from test_rtc_support import write_mini_spec

    from kfoot import runtime
    from kfoot.compile.rtc_registry import build_rtc
    from kfoot.variants.loader import load_spec

    registry = tmp_path / "registry"
    build_rtc(load_spec(write_mini_spec(tmp_path / "spec")), registry)
    trace = {"no-folder": tmp_path / "missing" / "trace.jsonl", "a-folder": tmp_path, "fifo": tmp_path / "fifo"}[where]
    if where == "fifo":
        os.mkfifo(trace)
    reg = runtime.open_registry(registry, cache=None, trace=trace)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for op in ("mini::op::Twice", "mini::op::Square", "mini::op::Twice"):
            for inp in ("float16", "float32"):
                assert reg.kernel("apply", op=op, inp=inp) is not None
    shown = [str(w.message) for w in caught]
    assert len(shown) == 1 and "trace" in shown[0] and str(trace) in shown[0], shown


def test_the_memo_never_writes_through_a_planted_link(tmp_path):
    """memo.json (NVRTC version, header digests) is written like every cache file: a linked root
    is refused, and a memo.json that is itself a link is replaced, its target untouched."""
    from kfoot.runtime.kernel_cache import DiskCache

    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("mine")
    source = tmp_path / "header.cuh"
    source.write_text("// a file the memo stamps\n")

    linked_root = tmp_path / "linked"
    linked_root.symlink_to(victim, target_is_directory=True)
    DiskCache(linked_root).memo.put("fact", [source], 1)
    assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]

    root = tmp_path / "cache"
    cache = DiskCache(root)
    cache.ensure_root()
    target = victim / "keep.txt"
    (root / "memo.json").symlink_to(target)
    assert cache.memo.get("fact") is None  # the link is not read
    cache.memo.put("fact", [source], 1)
    assert target.read_text() == "mine"
    assert not (root / "memo.json").is_symlink()
    assert DiskCache(root).memo.get("fact") == 1


@pytest.mark.parametrize("lie", ["wrong-kernel", "not-a-cubin", "wrong-arch"])
def test_a_lookup_refuses_an_entry_whose_cubin_is_not_what_it_says(tmp_path, lie):
    """docs/fuzzing.md failure 7: an entry with a sound checksum whose cubin lacks the kernel it
    names (pyelftools: not among the cubin's symbols), is no cubin, or is for another SM, is a
    miss on lookup (one CacheWarning, the entry deleted, the kernel compiled again), as `verify` says."""
    cubin = {"wrong-kernel": fake_cubin("_Z5otherv"), "not-a-cubin": b"\x7fELF" + bytes(600),
             "wrong-arch": fake_cubin("_Z3badv", sm=80)}[lie]
    if lie == "wrong-kernel":
        assert "_Z3badv" not in {s.name for s in ELFFile(io.BytesIO(cubin)).get_section_by_name(".symtab").iter_symbols()}
    cache = DiskCache(tmp_path / "c")
    cache.put_program(cubin, [(key(1), "_Z3badv", {"arch": "sm_90"})])
    cache.put_program(fake_cubin("_Z4goodv"), [(key(2), "_Z4goodv", {"arch": "sm_90"})])
    assert [path.name for path, _ in cache.verify()] == [f"{key(1)}.entry"]
    reader = DiskCache(tmp_path / "c")
    with pytest.warns(UserWarning, match="its cubin") as caught:
        assert reader.get(key(1)) is None
    assert len(caught) == 1
    assert not reader.entry_path(key(1)).exists()
    assert reader.get(key(2)).lowered_name == "_Z4goodv"
