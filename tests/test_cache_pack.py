"""`kfoot cache pack` (kfoot/runtime/cache_pack.py): a registry's kernels as installable wheels.

Oracles: pip itself (the wheels install with `pip install --no-index --target`), the wheel files'
sizes on disk, zipfile's CRC check, `kfoot cache verify` over each installed pack folder (every
entry's cubin defines its kernel), cuobjdump's kernel names of every installed cubin.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pwd
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error
from test_rtc_support import MINI_VARIANTS, cubin_facts, template_id_of, build_mini_registry


def cubin_symbols(data: bytes) -> set[str]:
    """Every symbol name in a cubin's symbol tables, read by pyelftools."""
    from elftools.elf.elffile import ELFFile
    from elftools.elf.sections import SymbolTableSection

    elf = ELFFile(io.BytesIO(data))
    return {sym.name for sec in elf.iter_sections() if isinstance(sec, SymbolTableSection) for sym in sec.iter_symbols()}


@pytest.fixture(scope="module")
def mini_registry(tmp_path_factory):
    return build_mini_registry(tmp_path_factory.mktemp("mini_pack"))


def test_packed_wheels_install_and_hold_every_kernel_verified(mini_registry, tmp_path):
    limit = 16_000  # small enough to force several shards of the mini registry
    out = tmp_path / "wheels"
    proc = run_kfoot("cache", "pack", mini_registry, "--all", "--arch", "sm_90", "-o", out,
                     "--max-wheel-bytes", str(limit), "--json", "--jobs", "1", "--batch", "1")
    result = json.loads(proc.stdout)
    wheels = sorted(out.glob("*.whl"))
    assert len(wheels) == len(result["wheels"]) >= 2
    for wheel in wheels:
        assert wheel.stat().st_size <= limit
        with zipfile.ZipFile(wheel) as archive:
            assert archive.testzip() is None
    site = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "--target", str(site),
                          *map(str, wheels)], capture_output=True, text=True)
    assert pip.returncode == 0, pip.stderr
    packs = sorted((site / "kfoot_packs").iterdir())
    assert len(packs) == len(wheels)
    served = set()
    registry_sha = __import__("hashlib").sha256((mini_registry / "registry.json").read_bytes()).hexdigest()
    for folder in packs:
        manifest = json.loads((folder / "manifest.json").read_text())
        assert (manifest["format"], manifest["archs"], manifest["registry_sha256"]) == ("kfoot-pack/1", ["sm_90"], registry_sha)
        assert manifest["key_schema"] >= 3 and manifest["nvrtc"]
        verify = json.loads(run_kfoot("cache", "--cache-dir", folder, "verify", "--json").stdout)
        assert verify["bad"] == []
        entries = list((folder / "entries").rglob("*.entry"))
        assert len(entries) == manifest["entries"]
        for cubin in (folder / "blobs").rglob("*.cubin"):
            sm, kernels = cubin_facts(cubin.read_bytes(), tmp_path)
            assert sm == 90
            served |= {template_id_of(k) for k in kernels}
    assert len(served) == MINI_VARIANTS
    # The documented route into a disk cache until the runtimes read packs: export, then import (verified).
    run_kfoot("cache", "--cache-dir", packs[0], "export", tmp_path / "pack.tar")
    imported = json.loads(run_kfoot("cache", "--cache-dir", tmp_path / "cache", "import", tmp_path / "pack.tar",
                                    "--json").stdout)
    assert imported["installed"] == json.loads((packs[0] / "manifest.json").read_text())["entries"]
    assert imported["rejected"] == []


@pytest.mark.parametrize("args, message", [
    (["--arch", "sm_90", "-o", "w"], "give exactly one of --trace T or --all"),
    (["--all", "--trace", "t.jsonl", "--arch", "sm_90", "-o", "w"], "give exactly one of --trace T or --all"),
    (["--all", "--arch", "sm_9x", "-o", "w"], "bad arch 'sm_9x'"),
    (["--all", "--arch", "sm_90", "-o", "w", "--max-wheel-bytes", "100"], "too small for a wheel"),
])
def test_bad_pack_arguments_are_one_line(mini_registry, tmp_path, args, message):
    proc = run_kfoot("cache", "pack", mini_registry, *args, check_rc=None, cwd=tmp_path)
    assert_error(proc, message)


# Asks the runtime for every variant of the registry; prints how many came from a cache.
SERVE = r"""
import json, sys
from kfoot import runtime
from kfoot.runtime.kernel_cache import DiskCache
reg = runtime.open_registry(sys.argv[1], cache=DiskCache(sys.argv[2]), trace=None)
ids = sorted({v.template_id for v in reg.registry.variants})
print(json.dumps(sum(reg.kernel_by_id(t).binary("sm_90").from_cache for t in ids)))
"""


@pytest.fixture(scope="module")
def installed(mini_registry, tmp_path_factory):
    root = tmp_path_factory.mktemp("installed")
    run_kfoot("cache", "pack", mini_registry, "--all", "--arch", "sm_90", "-o", root / "wheels", "--jobs", "1")
    return root / "wheels"


def _pip_install(wheels, site, umask=None):
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps", "--target", str(site),
                          *map(str, sorted(wheels.glob("*.whl")))], capture_output=True, text=True,
                         preexec_fn=None if umask is None else (lambda: os.umask(umask)))
    assert pip.returncode == 0, pip.stderr


def _install_and_serve(mini_registry, wheels, tmp_path, edit=None, via_pack_path=False, umask=None):
    site = tmp_path / "site"
    _pip_install(wheels, site, umask)
    if edit:
        edit(next((site / "kfoot_packs").iterdir()))
    cache = tmp_path / "cache"
    # The packs on sys.path (as pip installs them), or only on KFOOT_PACK_PATH (as C++ finds them).
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), *([] if via_pack_path else [str(site)])]),
               KFOOT_PCH="0")
    for name in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE", "KFOOT_CACHE_DIR", "KFOOT_PACK_PATH"):
        env.pop(name, None)
    if via_pack_path:
        env["KFOOT_PACK_PATH"] = os.pathsep.join([str(tmp_path / "nowhere"), str(site)])
    proc = subprocess.run([sys.executable, "-c", SERVE, str(mini_registry), str(cache)], capture_output=True,
                          text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    entries = list((cache / "entries").rglob("*.entry")) if cache.exists() else []
    return json.loads(proc.stdout), len(entries), proc.stderr


def test_an_installed_pack_serves_every_kernel_without_compiling(mini_registry, installed, tmp_path):
    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path)
    # Nothing compiled: every kernel came from a cache, and the disk cache (written after every compile) is empty.
    assert (served, compiled_into_disk) == (MINI_VARIANTS, 0) and "Warning" not in stderr


def test_a_pack_for_another_nvrtc_is_ignored_with_one_warning(mini_registry, installed, tmp_path):
    def other_nvrtc(folder):
        manifest = json.loads((folder / "manifest.json").read_text())
        (folder / "manifest.json").write_text(json.dumps(dict(manifest, nvrtc="9.9")))

    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, other_nvrtc)
    assert (served, compiled_into_disk) == (0, MINI_VARIANTS)
    assert stderr.count("PackWarning") == 1 and "compiled by NVRTC '9.9'" in stderr


def test_a_poisoned_pack_entry_is_compiled_instead(mini_registry, installed, tmp_path):
    def swap_cubin(folder):
        blob = sorted((folder / "blobs").rglob("*.cubin"))[0]
        data = bytearray(blob.read_bytes())
        data[len(data) // 2] ^= 0xFF
        blob.write_bytes(bytes(data))

    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, swap_cubin)
    assert served < MINI_VARIANTS and compiled_into_disk == MINI_VARIANTS - served
    assert "PackWarning" in stderr and "checksum mismatch" in stderr


def test_a_traced_pack_holds_the_traced_kernels_only(mini_registry, tmp_path):
    traced = {"mini::apply_kernel<mini::op::Twice, float, float>", "mini::apply_kernel<mini::op::Square, float, float>"}
    trace = tmp_path / "trace.jsonl"
    trace.write_text("".join(json.dumps({"template_id": t}) + "\n" for t in sorted(traced)))
    out = tmp_path / "wheels"
    run_kfoot("cache", "pack", mini_registry, "--trace", trace, "--arch", "sm_90", "-o", out, "--jobs", "1")
    (wheel,) = out.glob("*.whl")
    kernels = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.endswith(".cubin"):
                kernels |= {template_id_of(k) for k in cubin_facts(archive.read(name), tmp_path)[1]}
    assert kernels == traced


def test_a_pack_with_a_broken_manifest_is_ignored_with_one_warning(mini_registry, installed, tmp_path):
    def break_manifest(folder):
        (folder / "manifest.json").write_text('{"format": ' * 10000)

    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, break_manifest)
    assert (served, compiled_into_disk) == (0, MINI_VARIANTS)
    assert stderr.count("PackWarning") == 1 and "manifest unreadable" in stderr and "Traceback" not in stderr


def test_python_finds_packs_on_kfoot_pack_path_and_lists_them(mini_registry, installed, tmp_path):
    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, via_pack_path=True)
    assert (served, compiled_into_disk) == (MINI_VARIANTS, 0) and "Warning" not in stderr
    # `kfoot cache packs` lists what Python sees (the pack folders pip made) and the KFOOT_PACK_PATH
    # that shows them to a C++ program.
    site = tmp_path / "site"
    env = dict(os.environ, KFOOT_PACK_PATH=str(site))
    listed = json.loads(run_kfoot("cache", "packs", "--json", env=env).stdout)
    ours = [p for p in listed["packs"] if p["search_folder"] == str(site)]
    assert sorted(p["folder"] for p in ours) == sorted(str(p) for p in (site / "kfoot_packs").iterdir())
    assert all(p["problem"] is None and p["archs"] == ["sm_90"] for p in ours)
    assert str(site) in listed["pack_path"].split(os.pathsep)
    text = run_kfoot("cache", "packs", env=env).stdout
    assert f"KFOOT_PACK_PATH={listed['pack_path']}" in text


def _lie_about_the_kernel(folder):
    """One entry, its checksum made again (hashlib), names a kernel its cubin does not define."""
    entry = sorted((folder / "entries").rglob("*.entry"))[0]
    meta = json.loads(entry.read_bytes().partition(b"\n")[0])
    meta["lowered_name"] = "_Z9no_kernelv"
    body = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
    entry.write_bytes(body + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n")


@pytest.fixture(scope="module")
def serve_ids(tmp_path_factory):
    """tests/cpp/serve_ids.cpp built as a user builds against the header (kfoot config)."""
    compiler = shutil.which("g++") or shutil.which("c++")
    if not compiler:
        pytest.skip("no C++ compiler (g++) on this machine")
    out = tmp_path_factory.mktemp("serve_ids") / "serve_ids"
    subprocess.run([compiler, "-std=c++17", "-O0", *run_kfoot("config", "--cflags").stdout.split(),
                    str(REPO / "tests" / "cpp" / "serve_ids.cpp"), "-o", str(out),
                    *run_kfoot("config", "--libs").stdout.split()], check=True)
    return out


def test_cpp_reads_packs_on_kfoot_pack_path(mini_registry, installed, serve_ids, tmp_path):
    """Issue 26, item 3: the C++ runtime serves every kernel from the packs on KFOOT_PACK_PATH
    (its counters: all pack hits, no compile); a pack for another NVRTC is ignored with one warning
    line; an entry whose cubin lacks its kernel is a miss, compiled (pyelftools finds the kernel
    missing from the pack's cubin)."""
    ids = sorted({v["template_id"] for v in json.loads((mini_registry / "registry.json").read_text())["variants"]})
    site = tmp_path / "site"
    _pip_install(installed, site)
    env = {k: v for k, v in os.environ.items() if k not in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE")}

    def serve(case):
        run_env = dict(env, KFOOT_PACK_PATH=str(site), KFOOT_CACHE_DIR=str(tmp_path / case), KFOOT_PCH="0")
        proc = subprocess.run([str(serve_ids), str(mini_registry), "sm_90", *ids], capture_output=True, text=True,
                              env=run_env, timeout=600)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout), proc.stderr

    got, stderr = serve("all")
    assert (got["pack_hits"], got["compiles"], got["disk_hits"]) == (len(ids), 0, 0) and stderr == ""

    pack = next((site / "kfoot_packs").iterdir())
    manifest = json.loads((pack / "manifest.json").read_text())
    _lie_about_the_kernel(pack)
    entry = sorted((pack / "entries").rglob("*.entry"))[0]
    meta = json.loads(entry.read_bytes().partition(b"\n")[0])
    blob = pack / "blobs" / meta["blob"][:2] / (meta["blob"] + ".cubin")
    assert meta["lowered_name"] not in cubin_symbols(blob.read_bytes())
    got, stderr = serve("lie")
    assert (got["pack_hits"], got["compiles"]) == (len(ids) - 1, 1)
    assert stderr.count("\n") == 1 and "does not define the kernel the entry names (_Z9no_kernelv)" in stderr

    (pack / "manifest.json").write_text(json.dumps(dict(manifest, nvrtc="9.9")))
    got, stderr = serve("nvrtc")
    assert (got["pack_hits"], got["compiles"]) == (0, len(ids))
    assert stderr.count("\n") == 1 and f"pack {pack} ignored: compiled by NVRTC '9.9'" in stderr


def test_python_pack_lookup_refuses_an_entry_whose_cubin_lacks_its_kernel(mini_registry, installed, tmp_path):
    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, _lie_about_the_kernel)
    assert (served, compiled_into_disk) == (MINI_VARIANTS - 1, 1)
    assert stderr.count("PackWarning") == 1 and "does not define the kernel the entry names" in stderr


def _hand_made_pack(folder, manifest_bytes):
    folder.mkdir(parents=True)
    (folder / "manifest.json").write_bytes(manifest_bytes)
    return folder


@pytest.mark.parametrize("manifest, problem", [
    (b'{"format": "kfoot-pack/1", "archs": 5, "entries": 1}', "manifest field 'archs' is not a list of arch names"),
    (b'{"format": "kfoot-pack/1", "archs": ["sm_90"], "entries": "x", "nvrtc": "13.0"}',
     "manifest field 'entries' is not a count"),
    (b'{"format": "kfoot-pack/1", "archs": ["sm_90"], "entries": 1, "nvrtc": ["13.0"]}',
     "manifest field 'nvrtc' is not a string"),
])
def test_cache_packs_lists_a_malformed_manifest_as_its_problem(tmp_path, manifest, problem):
    """Packs are untrusted input: `kfoot cache packs` names what is wrong with a manifest, in one
    line, exit 0, never a traceback (a manifest whose archs was a number crashed the listing)."""
    pack = _hand_made_pack(tmp_path / "site" / "kfoot_packs" / "bad", manifest)
    env = dict(os.environ, KFOOT_PACK_PATH=str(tmp_path / "site"))
    proc = run_kfoot("cache", "packs", env=env)
    assert f"{pack}: {problem}" in proc.stdout.splitlines() and "Traceback" not in proc.stderr
    listed = json.loads(run_kfoot("cache", "packs", "--json", env=env).stdout)
    (ours,) = [p for p in listed["packs"] if p["folder"] == str(pack)]
    assert ours["problem"] == problem and ours["archs"] is None


def test_cache_packs_shows_control_characters_as_escapes(tmp_path):
    """A manifest's strings and a pack's folder name reach the terminal with control characters
    as escapes (an ESC from a pack would otherwise drive the terminal)."""
    manifest = {"format": "kfoot-pack/1", "archs": ["sm_90\x1b[2J"], "entries": 1, "nvrtc": "13.0\x1b]0;x\x07",
                "registry_sha256": "a" * 64, "key_schema": 3, "nvjitlink": None, "families": ["f"]}
    _hand_made_pack(tmp_path / "site" / "kfoot_packs" / "esc\x1bname", json.dumps(manifest).encode())
    proc = run_kfoot("cache", "packs", env=dict(os.environ, KFOOT_PACK_PATH=str(tmp_path / "site")))
    assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout
    assert "esc\\x1bname" in proc.stdout and "sm_90\\x1b[2J" in proc.stdout


def _give_two_entries_away(folder):
    """One entry owned by another user (uid 12345), another writable by group and others: a pack's
    cubins run in the process, so its files must be the user's or root's and writable by no one else."""
    first, second = sorted((folder / "entries").rglob("*.entry"))[:2]
    os.chown(first, 12345, -1)
    second.chmod(0o666)
    return first, second


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_python_refuses_pack_files_others_could_have_written(mini_registry, installed, tmp_path):
    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, _give_two_entries_away)
    assert (served, compiled_into_disk) == (MINI_VARIANTS - 2, 2)
    assert stderr.count("PackWarning") == 2 and "owned by uid 12345, neither you nor root" in stderr
    assert "writable by group or others" in stderr
    # Read-only: the refused files are left as they were (nothing in a pack is modified or deleted).
    pack = next((tmp_path / "site" / "kfoot_packs").iterdir())
    entries = sorted((pack / "entries").rglob("*.entry"))
    assert os.stat(entries[0]).st_uid == 12345 and entries[1].stat().st_mode & 0o777 == 0o666


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_cpp_refuses_pack_files_others_could_have_written(mini_registry, installed, serve_ids, tmp_path):
    """The C++ runtime holds pack files to Python's owner rule, with the same warnings, and leaves them be."""
    ids = sorted({v["template_id"] for v in json.loads((mini_registry / "registry.json").read_text())["variants"]})
    site = tmp_path / "site"
    _pip_install(installed, site)
    first, second = _give_two_entries_away(next((site / "kfoot_packs").iterdir()))
    env = {k: v for k, v in os.environ.items() if k not in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE")}
    env.update(KFOOT_PACK_PATH=str(site), KFOOT_CACHE_DIR=str(tmp_path / "cache"), KFOOT_PCH="0")
    proc = subprocess.run([str(serve_ids), str(mini_registry), "sm_90", *ids], capture_output=True, text=True,
                          env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert (got["pack_hits"], got["compiles"]) == (len(ids) - 2, 2)
    lines = proc.stderr.splitlines()
    assert len(lines) == 2
    assert f"kfoot: pack entry {first}: owned by uid 12345, neither you nor root; not used" in lines
    assert any(line.startswith(f"kfoot: pack entry {second}: writable by group or others") for line in lines)
    assert os.stat(first).st_uid == 12345 and second.stat().st_mode & 0o777 == 0o666


def _primary_members() -> dict[int, set[int]]:
    """gid -> uids whose primary group it is, read from /etc/passwd itself (the oracle)."""
    members: dict[int, set[int]] = {}
    for line in open("/etc/passwd", encoding="utf-8", errors="replace"):
        fields = line.rstrip("\n").split(":")
        if len(fields) >= 4 and fields[2].isdigit() and fields[3].isdigit():
            members.setdefault(int(fields[3]), set()).add(int(fields[2]))
    return members


def _listed_members(gid: int) -> list[str]:
    for line in open("/etc/group", encoding="utf-8", errors="replace"):
        fields = line.rstrip("\n").split(":")
        if len(fields) >= 4 and fields[2] == str(gid):
            return [m for m in fields[3].split(",") if m]
    return []


def _umask_002_pack(installed, site):
    """Installed by pip under umask 002, as a Debian or Ubuntu login shell does: group-writable files."""
    _pip_install(installed, site, umask=0o002)
    files = [p for p in (site / "kfoot_packs").rglob("*") if p.is_file()]
    assert files and all(p.stat().st_mode & 0o777 == 0o664 for p in files)
    return files


def _private_group_or_skip():
    gid = os.getgid()
    if _primary_members().get(gid) != {os.getuid()} or _listed_members(gid) not in ([], [pwd.getpwuid(os.getuid()).pw_name]):
        pytest.skip("this user's group is not private (another user is in it)")
    return gid


def test_python_serves_a_pack_pip_installed_under_umask_002_for_a_private_group(mini_registry, installed, tmp_path):
    """A group-writable pack whose group holds only its owner (a user private group) is no one
    else's to write: served like a 0644 one, without a warning."""
    _private_group_or_skip()
    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, umask=0o002)
    assert (served, compiled_into_disk) == (MINI_VARIANTS, 0)
    assert "PackWarning" not in stderr


def _shared_group_or_skip() -> int:
    """A group another user is in (as primary group), for a file of this user's: needs root to chgrp."""
    if os.geteuid() != 0:
        pytest.skip("giving a file to another group needs root")
    for gid, uids in sorted(_primary_members().items()):
        if uids - {os.getuid()}:
            return gid
    pytest.skip("no group with another user in it")


def test_python_refuses_a_group_writable_pack_file_of_a_shared_group(mini_registry, installed, tmp_path):
    gid = _shared_group_or_skip()

    def share(folder):
        os.chown(sorted((folder / "entries").rglob("*.entry"))[0], -1, gid)

    served, compiled_into_disk, stderr = _install_and_serve(mini_registry, installed, tmp_path, share, umask=0o002)
    assert (served, compiled_into_disk) == (MINI_VARIANTS - 1, 1)
    assert stderr.count("PackWarning") == 1 and "writable by group or others (mode 664)" in stderr


def test_cpp_holds_group_writable_pack_files_to_the_same_rule(mini_registry, installed, serve_ids, tmp_path):
    """Under umask 002 and a private group every kernel is a pack hit; an entry given to a group
    another user is in is refused with Python's words."""
    _private_group_or_skip()
    ids = sorted({v["template_id"] for v in json.loads((mini_registry / "registry.json").read_text())["variants"]})
    site = tmp_path / "site"
    _umask_002_pack(installed, site)
    env = {k: v for k, v in os.environ.items() if k not in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE")}
    env.update(KFOOT_PACK_PATH=str(site), KFOOT_CACHE_DIR=str(tmp_path / "cache"), KFOOT_PCH="0")

    def serve():
        proc = subprocess.run([str(serve_ids), str(mini_registry), "sm_90", *ids], capture_output=True, text=True,
                              env=env, timeout=600)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout), proc.stderr.splitlines()

    got, lines = serve()
    assert (got["pack_hits"], got["compiles"], lines) == (len(ids), 0, [])
    gid = _shared_group_or_skip()
    entry = sorted((next((site / "kfoot_packs").iterdir()) / "entries").rglob("*.entry"))[0]
    os.chown(entry, -1, gid)
    shutil.rmtree(tmp_path / "cache", ignore_errors=True)
    got, lines = serve()
    assert (got["pack_hits"], got["compiles"]) == (len(ids) - 1, 1)
    assert lines == [f"kfoot: pack entry {entry}: writable by group or others (mode 664); not used"]


def test_a_relative_kfoot_pack_path_entry_is_ignored_with_one_warning(tmp_path):
    """A relative KFOOT_PACK_PATH entry would take kernels from wherever the program runs (a
    downloaded folder holding kfoot_packs/): both runtimes ignore it with one warning."""
    manifest = {"format": "kfoot-pack/1", "archs": ["sm_90"], "entries": 0, "nvrtc": "13.0",
                "registry_sha256": "a" * 64, "key_schema": 3, "nvjitlink": None, "families": []}
    pack = _hand_made_pack(tmp_path / "site" / "kfoot_packs" / "p", json.dumps(manifest).encode())
    env = dict(os.environ, KFOOT_PACK_PATH=os.pathsep.join(["site", str(tmp_path / "nowhere")]))
    proc = run_kfoot("cache", "packs", "--json", env=env, cwd=tmp_path)
    assert str(pack) not in proc.stdout and "p" not in [os.path.basename(p["folder"]) for p in
                                                        json.loads(proc.stdout)["packs"]]
    assert proc.stderr.count("KFOOT_PACK_PATH entry 'site' ignored: not an absolute path") == 1


def test_cpp_ignores_a_relative_kfoot_pack_path_entry(mini_registry, installed, serve_ids, tmp_path):
    ids = sorted({v["template_id"] for v in json.loads((mini_registry / "registry.json").read_text())["variants"]})
    _pip_install(installed, tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if k not in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE")}
    env.update(KFOOT_PACK_PATH="site", KFOOT_CACHE_DIR=str(tmp_path / "cache"), KFOOT_PCH="0")
    proc = subprocess.run([str(serve_ids), str(mini_registry), "sm_90", *ids], capture_output=True, text=True,
                          env=env, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert (got["pack_hits"], got["compiles"]) == (0, len(ids))
    assert proc.stderr.splitlines() == ["kfoot: KFOOT_PACK_PATH entry 'site' ignored: not an absolute path"]


def test_a_runtime_warning_in_a_kfoot_command_is_one_line(tmp_path):
    """A warning the runtime raises (here a relative KFOOT_PACK_PATH entry) reaches a kfoot
    command's user as one line naming it, not Python's two (file:line, then the source line)."""
    env = dict(os.environ, KFOOT_PACK_PATH="relative-folder")
    proc = run_kfoot("cache", "packs", env=env)
    assert proc.stderr.splitlines() == [
        "kfoot: warning: PackWarning: KFOOT_PACK_PATH entry 'relative-folder' ignored: not an absolute path"]


# A Python runtime whose process finds no nvJitLink (as on a machine with only libnvrtc).
SERVE_WITHOUT_NVJITLINK = r"""
import json, sys
from kfoot import runtime
from kfoot.runtime import nvjitlink
from kfoot.runtime.kernel_cache import DiskCache
nvjitlink.version = lambda: None
reg = runtime.open_registry(sys.argv[1], cache=DiskCache(sys.argv[2]), trace=None)
ids = sorted({v.template_id for v in reg.registry.variants})
print(json.dumps(sum(reg.kernel_by_id(t).binary("sm_90").from_cache for t in ids)))
"""


def test_a_pack_linked_by_nvjitlink_serves_a_runtime_that_has_only_nvrtc(mini_registry, serve_ids, tmp_path):
    """docs/runtime.md#shipping: the consumer's machine has libnvrtc and nothing else. A pack's
    cubins (lean: linked by nvJitLink where it was made) need no nvJitLink to be served, so
    the C++ consumer, run by /work/shared/tools/as-another-machine with the checkout, the venv and
    the system CUDA hidden and only a copy of libnvrtc reachable, takes every kernel from the
    pack on KFOOT_PACK_PATH (its counters: all pack hits, no compile, no warning), and so does a
    Python runtime without nvJitLink (its disk cache, written after every compile, stays empty)."""
    from kfoot.runtime import nvrtc
    from test_ship import AS_ANOTHER_MACHINE

    if not AS_ANOTHER_MACHINE.is_file() or os.geteuid() != 0:
        pytest.fail(f"{AS_ANOTHER_MACHINE} (run as root) is needed to run the consumer as on another machine")
    shipped = tmp_path / "shipped"
    run_kfoot("ship", mini_registry, "-o", shipped)
    run_kfoot("cache", "pack", shipped, "--all", "--arch", "sm_90", "-o", tmp_path / "wheels", "--jobs", "1")
    site = tmp_path / "site"
    _pip_install(tmp_path / "wheels", site)
    (pack,) = (site / "kfoot_packs").iterdir()
    assert json.loads((pack / "manifest.json").read_text())["nvjitlink"]  # the pack's cubins are nvJitLink's
    ids = sorted({v["template_id"] for v in json.loads((shipped / "registry.json").read_text())["variants"]})
    only_nvrtc = tmp_path / "nvrtc" / "lib"
    only_nvrtc.mkdir(parents=True)
    for library in Path(nvrtc.load_nvrtc()).parent.glob("libnvrtc*"):
        shutil.copy(library, only_nvrtc / library.name)
    hidden = [folder.resolve() for folder in (REPO, Path(sys.prefix), Path("/usr/local/cuda")) if folder.is_dir()]
    hidden = [f for f in hidden if not any(other != f and f.is_relative_to(other) for other in hidden)]
    proc = subprocess.run([str(AS_ANOTHER_MACHINE), *(w for f in hidden for w in ("--hide", str(f))),
                           f"LD_LIBRARY_PATH={only_nvrtc}", f"KFOOT_PACK_PATH={site}",
                           f"KFOOT_CACHE_DIR={tmp_path / 'cpp-cache'}", "--", str(serve_ids), str(shipped), "sm_90", *ids],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert (got["pack_hits"], got["compiles"], got["disk_hits"], proc.stderr) == (len(ids), 0, 0, "")

    env = {k: v for k, v in os.environ.items() if k not in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE", "KFOOT_CACHE_DIR")}
    env.update(PYTHONPATH=str(REPO), KFOOT_PACK_PATH=str(site), KFOOT_PCH="0")
    cache = tmp_path / "py-cache"
    proc = subprocess.run([sys.executable, "-c", SERVE_WITHOUT_NVJITLINK, str(shipped), str(cache)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0 and "Warning" not in proc.stderr, proc.stderr
    assert json.loads(proc.stdout) == len(ids) and not list(cache.rglob("*.entry"))


def test_kfoot_pack_path_may_name_the_kfoot_packs_folder_itself(mini_registry, installed, serve_ids, tmp_path):
    """The folder pip fills is named kfoot_packs, and a user points KFOOT_PACK_PATH at it: both
    runtimes take its packs as they take those of the folder holding it (before: silently none,
    every kernel compiled)."""
    ids = sorted({v["template_id"] for v in json.loads((mini_registry / "registry.json").read_text())["variants"]})
    site = tmp_path / "site"
    _pip_install(installed, site)
    env = {k: v for k, v in os.environ.items() if k not in ("KFOOT_CACHE", "KFOOT_CACHE_REMOTE", "KFOOT_CACHE_DIR")}
    env.update(KFOOT_PACK_PATH=str(site / "kfoot_packs"), KFOOT_PCH="0")
    proc = subprocess.run([str(serve_ids), str(mini_registry), "sm_90", *ids], capture_output=True, text=True,
                          env=dict(env, KFOOT_CACHE_DIR=str(tmp_path / "cpp-cache")), timeout=600)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert (got["pack_hits"], got["compiles"], proc.stderr) == (len(ids), 0, "")
    cache = tmp_path / "py-cache"
    proc = subprocess.run([sys.executable, "-c", SERVE, str(mini_registry), str(cache)], capture_output=True, text=True,
                          env=dict(env, PYTHONPATH=str(REPO)), timeout=600)
    assert proc.returncode == 0 and "Warning" not in proc.stderr, proc.stderr
    assert json.loads(proc.stdout) == len(ids) and not list(cache.rglob("*.entry"))


def test_a_pack_of_the_build_folder_names_the_shipped_registry_as_the_reason_it_is_ignored(mini_registry, installed,
                                                                                          tmp_path):
    """`kfoot ship` writes a registry.json of its own (no build path in it), so packs made from the
    build folder's registry do not serve the shipped one: the one warning says what to pack."""
    shipped = tmp_path / "shipped"
    run_kfoot("ship", mini_registry, "-o", shipped)
    served, _, stderr = _install_and_serve(shipped, installed, tmp_path)
    assert served == 0 and stderr.count("PackWarning") == 1
    assert "made from another registry.json (pack the registry folder the program opens" in stderr
