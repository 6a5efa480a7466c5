"""`kfoot cache pack`: a registry's compiled kernels as installable wheels (kernel-cache packs).

The variants (all, or a trace's) are compiled for each arch into a private disk cache, as
`kfoot warm` does (kfoot.runtime.warm.pack_registry), and its good entries are written as wheels, sharded by arch and then family
so that no wheel exceeds the byte limit (default under PyPI's 100 MB per file). A wheel installs
one folder, `kfoot_packs/<name>/`, laid out as the disk cache is (entries/, blobs/), with
`manifest.json`:

    format        "kfoot-pack/1"
    key_schema    the cache key's schema (kfoot.runtime.fingerprint.KEY_SCHEMA)
    nvrtc         the NVRTC version that compiled the cubins
    nvjitlink     the nvJitLink version that linked them (null: NVRTC's own cubins), part of every key:
                  a reader looks the pack's entries up with it, whatever it links with itself
    registry_sha256  sha256 of the registry.json the keys were made from
    archs, families  what the pack serves
    entries       how many kernel entries it holds

A manifest is what a reader matches against its registry and NVRTC before using a pack.
Installed packs are read-only cache roots of both runtimes (packs_for, PackReader: consulted by
kfoot.runtime.compiler.cached before the disk cache; the C++ runtime's detail/pack.hpp), every
entry checked as `kfoot cache import` checks it. Packs are found in the folders of
$KFOOT_PACK_PATH (both runtimes) and, in Python, on sys.path (pack_search_path).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import sys
import warnings
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..core.atomic import atomic_output
from ..core.errors import KfootError
from ..core.escape import shown, terminal_text
from ..core.jsonfile import parse_json_limited
from ..core.store import Refused, Store
from .cache_entry import (BLOB_SUFFIX, ENTRY_SUFFIX, MAX_BLOB_BYTES, MAX_ENTRY_BYTES, claim_problem, cubin_claims,
                          parse_entry)
from .fingerprint import KEY_SCHEMA
from .kernel_cache import CacheHit, DiskCache
from .registry import Registry

PACK_FORMAT = "kfoot-pack/1"
PACKS_FOLDER = "kfoot_packs"
MANIFEST_NAME = "manifest.json"
DEFAULT_MAX_WHEEL_BYTES = 95_000_000  # PyPI refuses files over 100 MB
# Bytes a zip spends per member besides its name and data (local header 30, central 46, slack).
_MEMBER_OVERHEAD = 128
_DIST_INFO_BYTES = 4096  # METADATA, WHEEL and RECORD of a pack, generously


@dataclass
class PackedWheel:
    path: Path
    arch: str
    families: list[str]
    entries: int
    wheel_bytes: int

    def to_dict(self) -> dict:
        return {"path": str(self.path), "arch": self.arch, "families": self.families, "entries": self.entries,
                "wheel_bytes": self.wheel_bytes}


@dataclass
class PackResult:
    out_dir: Path
    max_wheel_bytes: int
    wheels: list[PackedWheel] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"out_dir": str(self.out_dir), "max_wheel_bytes": self.max_wheel_bytes,
                "wheels": [w.to_dict() for w in self.wheels]}

    def text(self) -> str:
        lines = [f"{w.path.name}: {w.entries} entries ({w.arch}; {', '.join(w.families)}), {w.wheel_bytes:,} bytes"
                 for w in self.wheels]
        return "\n".join([*lines, f"{len(self.wheels)} wheel(s) in {self.out_dir}"]) + "\n"


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _member_cost(name: str, data: bytes) -> int:
    # Deflate never grows data by more than 5 bytes per 16 KiB block, plus its end.
    return len(data) + 5 * (len(data) // 16384 + 1) + 2 * len(name) + _MEMBER_OVERHEAD


def _write_wheel(out_dir: Path, dist: str, files: dict[str, bytes]) -> Path:
    """A pure-Python wheel installing `files` (paths inside site-packages)."""
    info = f"{dist}-1.dist-info"
    members = dict(files)
    members[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1\n"
                                   f"Summary: kfoot kernel-cache pack (made by kfoot {__version__})\n").encode()
    members[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: kfoot\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in members.items())
    members[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode()
    path = out_dir / f"{dist}-1-py3-none-any.whl"
    with atomic_output(path) as tmp:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, data in members.items():
                archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                                 compress_type=zipfile.ZIP_DEFLATED)
    return path


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower() or "x"


def usable_jitlink(context) -> str | None:
    """The nvJitLink version a SourceContext links with (None: it keeps NVRTC's own cubins), as its
    keys' link tag says: a pack's manifest records it, and its readers look entries up with it."""
    from . import nvjitlink

    version = context.jitlink_version
    return version if nvjitlink.usable_with(context.nvrtc_version, version) else None


def write_pack(out: Path, registry: Registry, nvrtc_version: str, jitlink_version: str | None, arch: str,
               cache: DiskCache, limit: int):
    """The good entries of `cache` (compiled from `registry` for `arch`) as wheels in `out`."""
    registry_sha = registry.sha256
    by_family: dict[str, list[tuple[str, bytes, str, bytes]]] = {}
    blobs = cache.blobs()
    for info in sorted(cache.entries(), key=lambda i: i.key):
        if info.problem or info.meta is None:
            raise KfootError(f"a freshly compiled entry is bad: {info.problem}", path=info.path)
        sha = info.meta["blob"]
        by_family.setdefault(info.meta["family"], []).append(
            (info.key, info.path.read_bytes(), sha, blobs[sha].read_bytes()))
    return _write_shards(out, registry_sha, nvrtc_version, jitlink_version, arch, by_family, limit)


def check_limit(max_wheel_bytes: int) -> None:
    if max_wheel_bytes < _DIST_INFO_BYTES * 2:
        raise KfootError(f"--max-wheel-bytes {max_wheel_bytes}: too small for a wheel (at least {_DIST_INFO_BYTES * 2})")


def _write_shards(out: Path, registry_sha: str, nvrtc_version: str, jitlink_version: str | None, arch: str,
                  by_family: dict, limit: int):
    """Families in name order, each kept whole in a shard while it fits, split when it alone does not."""
    shards: list[tuple[list[str], list]] = []
    current: tuple[list[str], list] = ([], [])
    size = 0

    def cost(rows, blob_seen) -> int:
        total = 0
        for key, entry, sha, cubin in rows:
            total += _member_cost(f"entries/{key[:2]}/{key}{ENTRY_SUFFIX}", entry) + 64
            if sha not in blob_seen:
                blob_seen.add(sha)
                total += _member_cost(f"blobs/{sha[:2]}/{sha}{BLOB_SUFFIX}", cubin) + 64
        return total

    budget = limit - _DIST_INFO_BYTES - 4096  # the manifest
    for family in sorted(by_family):
        for row in by_family[family]:
            seen = {r[2] for r in current[1]}
            row_cost = cost([row], seen)
            if row_cost > budget:
                raise KfootError(f"kernel {row[0]} of {family} for {arch} needs {row_cost:,} bytes, "
                                 f"over --max-wheel-bytes {limit:,}")
            if current[1] and size + row_cost > budget:
                shards.append(current)
                current, size = ([], []), 0
                row_cost = cost([row], set())
            if family not in current[0]:
                current[0].append(family)
            current[1].append(row)
            size += row_cost
    if current[1]:
        shards.append(current)
    wheels = []
    for index, (families, rows) in enumerate(shards):
        dist = f"kfoot_pack_{registry_sha[:12]}_{_slug(arch)}_{index:03d}"
        base = f"{PACKS_FOLDER}/{dist}"
        files: dict[str, bytes] = {}
        for key, entry, sha, cubin in rows:
            files[f"{base}/entries/{key[:2]}/{key}{ENTRY_SUFFIX}"] = entry
            files[f"{base}/blobs/{sha[:2]}/{sha}{BLOB_SUFFIX}"] = cubin
        manifest = {"format": PACK_FORMAT, "key_schema": KEY_SCHEMA, "nvrtc": nvrtc_version, "nvjitlink": jitlink_version,
                    "registry_sha256": registry_sha, "archs": [arch], "families": families, "entries": len(rows)}
        files[f"{base}/{MANIFEST_NAME}"] = json.dumps(manifest, indent=1, sort_keys=True).encode()
        path = _write_wheel(out, dist, files)
        wheel_bytes = path.stat().st_size
        if wheel_bytes > limit:  # the estimate above is an upper bound; this is the promise kept
            path.unlink()
            raise KfootError(f"{path.name} came to {wheel_bytes:,} bytes, over --max-wheel-bytes {limit:,}")
        wheels.append(PackedWheel(path, arch, families, len(rows), wheel_bytes))
    return wheels


# -- reading installed packs ----------------------------------------------------------------------
class PackWarning(UserWarning):
    """An installed pack was ignored (its manifest does not match) or one of its entries was bad."""


MAX_MANIFEST_BYTES = 64 << 10
PACK_PATH_ENV = "KFOOT_PACK_PATH"


def _packs_in(folder: Path) -> list[Path]:
    """`folder` when it is a pack (it holds a manifest), else the packs in its kfoot_packs/, by name
    (or in `folder` itself when it is a kfoot_packs folder, the one pip fills)."""
    try:
        if (folder / MANIFEST_NAME).is_file():
            return [folder]
        packs = folder / PACKS_FOLDER
        if not packs.is_dir() and folder.name == PACKS_FOLDER:
            packs = folder
        children = sorted(packs.iterdir()) if packs.is_dir() else []
        return [child for child in children if (child / MANIFEST_NAME).is_file()]
    except OSError:
        return []


def pack_search_path() -> list[Path]:
    """Where packs are looked for: the folders of $KFOOT_PACK_PATH (os.pathsep-separated, each a
    pack, a folder holding kfoot_packs/ or a kfoot_packs folder, absolute: a relative one is one PackWarning; the C++
    runtime reads only these), then sys.path."""
    given = []
    for entry in os.environ.get(PACK_PATH_ENV, "").split(os.pathsep):
        if entry and not os.path.isabs(entry):
            # It would take kernels from wherever the program runs (detail/pack.hpp alike).
            if entry not in _SEEN_RELATIVE:
                _SEEN_RELATIVE.add(entry)
                warnings.warn(PackWarning(f"{PACK_PATH_ENV} entry {shown(entry)} ignored: not an absolute path"),
                              stacklevel=3)
        elif entry:
            given.append(Path(entry))
    return [*given, *(Path(entry or ".") for entry in sys.path)]


_SEEN_RELATIVE: set[str] = set()


def installed_pack_folders() -> list[Path]:
    """Every pack (a folder with a manifest) on the pack search path, in its order, each once."""
    found: dict[str, Path] = {}
    for folder in pack_search_path():
        for pack in _packs_in(folder):
            found.setdefault(os.path.realpath(pack), pack)
    return list(found.values())


@dataclass
class InstalledPack:
    """One pack `kfoot cache packs` lists: its folder, the folder to put on KFOOT_PACK_PATH, its
    manifest's facts (None with the problem when the manifest is unreadable)."""
    folder: Path
    search_folder: Path
    manifest: dict | None
    problem: str | None

    def to_dict(self) -> dict:
        m = self.manifest or {}
        return {"folder": str(self.folder), "search_folder": str(self.search_folder), "problem": self.problem,
                "archs": m.get("archs"), "families": m.get("families"), "entries": m.get("entries"),
                "nvrtc": m.get("nvrtc"), "registry_sha256": m.get("registry_sha256")}


@dataclass
class PackListing:
    packs: list[InstalledPack]

    def pack_path(self) -> str:
        """The KFOOT_PACK_PATH that shows the C++ runtime the packs Python sees."""
        return os.pathsep.join(dict.fromkeys(str(p.search_folder) for p in self.packs))

    def to_dict(self) -> dict:
        return {"packs": [p.to_dict() for p in self.packs], "pack_path": self.pack_path()}

    def text(self) -> str:
        lines = []
        for pack in self.packs:
            m = pack.manifest or {}
            facts = pack.problem or (f"{m.get('entries')} entries, {', '.join(map(str, m.get('archs') or []))}; "
                                     f"NVRTC {m.get('nvrtc')}; registry {str(m.get('registry_sha256'))[:12]}")
            lines.append(f"{pack.folder}: {facts}")
        lines.append(f"{len(self.packs)} pack(s); for a C++ program: KFOOT_PACK_PATH={self.pack_path()}")
        # A pack's folder name and manifest are another party's text: control characters as escapes.
        return "".join(terminal_text(line) + "\n" for line in lines)


_ARCHS_PROBLEM = "manifest field 'archs' is not a list of arch names"
# An nvJitLink version as kfoot records it (kfoot.runtime.nvjitlink.version: major.minor).
_VERSION = re.compile(r"[0-9]{1,6}\.[0-9]{1,6}")


def _arch_names(archs: object) -> bool:
    return isinstance(archs, list) and all(isinstance(a, str) for a in archs)


def _listing_problem(manifest: object) -> str | None:
    """What keeps a parsed manifest from being listed (its fields are shown as they are typed)."""
    if not isinstance(manifest, dict) or manifest.get("format") != PACK_FORMAT:
        return f"not a {PACK_FORMAT} manifest"
    if not _arch_names(manifest.get("archs")):
        return _ARCHS_PROBLEM
    entries = manifest.get("entries")
    if not isinstance(entries, int) or isinstance(entries, bool) or entries < 0:
        return "manifest field 'entries' is not a count"
    for name in ("nvrtc", "registry_sha256"):
        if not isinstance(manifest.get(name), str):
            return f"manifest field {name!r} is not a string"
    return None


def list_installed_packs() -> PackListing:
    """Every pack Python sees (`kfoot cache packs`), with the folder that holds it."""
    packs = []
    for pack in installed_pack_folders():
        search = pack.parent.parent if pack.parent.name == PACKS_FOLDER else pack
        data, problem = _read_manifest(pack)
        manifest = None
        if problem is None:
            try:
                manifest = parse_json_limited(data, what="pack manifest", path=pack / MANIFEST_NAME)
            except KfootError:
                problem = "manifest unreadable (not JSON)"
        if manifest is not None:
            problem = _listing_problem(manifest)
            if problem:
                manifest = None
        packs.append(InstalledPack(pack, search, manifest, problem))
    return PackListing(packs)


class PackReader:
    """One installed pack: a read-only cache root. Every entry is checked as `kfoot cache import`
    checks it (its checksum and key, the cubin's sha256, the kernel the cubin must define); a bad
    one is one PackWarning and a miss. Packs are installed by pip as the user or as root:
    their files are read when one of those owns them and no one else may write them (a pack's
    cubins run in the process), never written or deleted."""

    def __init__(self, folder: Path, linked_by: str | None = None):
        self.folder = folder
        self.linked_by = linked_by  # the manifest's nvjitlink: the link tag its keys were made with
        self._store = Store(folder, subfolders=("entries", "blobs"))
        self._warned: set[str] = set()

    def get(self, key: str) -> CacheHit | None:
        entry_path = self.folder / "entries" / key[:2] / (key + ENTRY_SUFFIX)
        try:
            data = self._store.read(entry_path, limit=MAX_ENTRY_BYTES, own=False, sole_writer=True)
        except FileNotFoundError:
            return None
        except (OSError, Refused) as exc:
            return self._bad(entry_path, str(exc) if isinstance(exc, Refused) else f"unreadable ({exc.strerror})")
        meta, problem = parse_entry(data, key)
        if problem:
            return self._bad(entry_path, problem)
        blob_path = self.folder / "blobs" / meta["blob"][:2] / (meta["blob"] + BLOB_SUFFIX)
        try:
            cubin = self._store.read(blob_path, limit=MAX_BLOB_BYTES, own=False, sole_writer=True)
        except (OSError, Refused) as exc:
            why = str(exc) if isinstance(exc, Refused) else exc.strerror  # as detail/pack.hpp says it
            return self._bad(entry_path, f"its cubin is missing or unreadable ({why})")
        if hashlib.sha256(cubin).hexdigest() != meta["blob"]:
            return self._bad(blob_path, "cubin checksum mismatch")
        problem = claim_problem(meta, cubin_claims(cubin))
        if problem:
            return self._bad(entry_path, problem)
        return CacheHit(cubin=cubin, lowered_name=meta["lowered_name"], meta=meta)

    def _bad(self, path: Path, problem: str) -> None:
        if str(path) not in self._warned:
            self._warned.add(str(path))
            warnings.warn(PackWarning(f"kfoot pack entry {path}: {problem}; not used"), stacklevel=4)
        return None


def _read_manifest(folder: Path) -> tuple[bytes, str | None]:
    """A pack's manifest bytes (read-only: a regular file of the user's or root's that no one else may write, bounded), or the problem."""
    try:
        return Store(folder, subfolders=()).read(folder / MANIFEST_NAME, limit=MAX_MANIFEST_BYTES, own=False, sole_writer=True), None
    except Refused as exc:
        return b"", f"manifest unreadable ({exc})"
    except OSError as exc:
        return b"", f"manifest unreadable ({exc.strerror})"


def manifest_verdict(data: bytes, registry_sha: str, nvrtc_version, arch: str) -> tuple[bool, str | None, str | None]:
    """(use, problem, linked_by) for a pack whose manifest is `data`, asked for `registry_sha`'s
    kernels on `arch`: used only when every field matches; another arch's pack is skipped
    without a word; anything else is a problem (the pack is ignored with one warning). The C++
    runtime decides alike (detail/pack.hpp manifest_verdict; tests/vectors/pack_manifest.json).
    `linked_by`: the nvJitLink version that linked the pack's cubins (None: NVRTC's own), which
    its keys are looked up with: serving a cubin needs no nvJitLink, so a runtime that links
    otherwise, or has none (a machine with only libnvrtc), is served all the same.
    `nvrtc_version`: a callable, called only when a pack for this registry and arch exists."""
    if len(data) > MAX_MANIFEST_BYTES:
        return False, f"manifest unreadable (larger than {MAX_MANIFEST_BYTES >> 10} KiB)", None
    try:
        manifest = parse_json_limited(data, what="pack manifest", path=Path(MANIFEST_NAME))
    except KfootError:
        return False, "manifest unreadable (not JSON)", None
    if not isinstance(manifest, dict) or manifest.get("format") != PACK_FORMAT:
        return False, f"not a {PACK_FORMAT} manifest", None
    schema = manifest.get("key_schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema != KEY_SCHEMA:
        return False, f"made for another cache key schema (this kfoot's is {KEY_SCHEMA})", None
    if manifest.get("registry_sha256") != registry_sha:
        return False, "made from another registry.json (pack the registry folder the program opens: kfoot ship writes one of its own)", None
    archs = manifest.get("archs")
    if not _arch_names(archs):
        return False, _ARCHS_PROBLEM, None
    if arch not in archs:
        return False, None, None  # another arch's pack: not for this context, nothing to say
    nvrtc = manifest.get("nvrtc")
    if not isinstance(nvrtc, str):
        return False, "manifest field 'nvrtc' is not a string", None
    if nvrtc != nvrtc_version():
        return False, f"compiled by NVRTC {shown(nvrtc)}, this is {nvrtc_version()}", None
    if "nvjitlink" not in manifest or not isinstance(manifest["nvjitlink"], (str, type(None))) or manifest["nvjitlink"] == "":
        return False, "manifest field 'nvjitlink' is not a string or null", None
    linked = manifest["nvjitlink"]
    if linked is not None and not _VERSION.fullmatch(linked):
        return False, f"manifest field 'nvjitlink' is not a major.minor version: {shown(linked)}", None
    return True, None, linked


_SEEN_MISMATCH: set[str] = set()


def packs_for(registry: Registry, arch: str, nvrtc_version) -> list[PackReader]:
    """The installed packs that serve `registry` for `arch`; a pack whose manifest does not match
    (another registry digest, key schema or NVRTC) is ignored with one PackWarning per process.
    `nvrtc_version`: a callable, as manifest_verdict takes it."""
    folders = installed_pack_folders()
    if not folders:
        return []
    registry_sha = registry.sha256
    readers = []
    for folder in folders:
        data, problem = _read_manifest(folder)
        if problem is None:
            use, problem, linked_by = manifest_verdict(data, registry_sha, nvrtc_version, arch)
            if use:
                readers.append(PackReader(folder, linked_by))
                continue
        if problem is not None and str(folder) not in _SEEN_MISMATCH:
            _SEEN_MISMATCH.add(str(folder))
            warnings.warn(PackWarning(f"kfoot pack {folder} ignored: {problem}"), stacklevel=3)
    return readers
