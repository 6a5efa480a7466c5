"""Cache keys: what must change the key whenever the compiled cubin could change.

The key covers the kfoot version, the NVRTC version, the target arch, the compile options
(the spec's defines and flags among them: a registry family's `nvrtc_options`), a hash of
kfoot's prelude (kfoot.core.prelude: the first lines of every NVRTC program, so a kfoot whose
prelude changed compiles different programs), a hash of the full source with every header it
can reach (through the spec's include_dirs too), the name expression, and what linked the
cubin (kfoot.runtime.nvjitlink.link_tag: nvJitLink's version, or "" for NVRTC's own cubin). Include
paths are absolute and machine-specific, so they are left out of the options part of the key;
the *content* of the headers found through them is in the source hash instead, which is what
matters and lets a cache move between machines (`kfoot cache export/import`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .. import __version__
from ..core import prelude as prelude_mod
from ..core.includes import walk_includes

# Bump when the entry layout or the meaning of a key changes: old entries then simply miss.
# 2: the prelude's sha256 joined the key. 3: what links the cubin (nvJitLink's version, or "").
KEY_SCHEMA = 3


def prelude_text(name_expression: str) -> str:
    """The prelude a program compiling this one kernel starts with (kfoot.runtime.compiler)."""
    return prelude_mod.prelude([name_expression])


def prelude_sha256(name_expression: str) -> str:
    """sha256 of `prelude_text`: read from kfoot.core.prelude at each call, never remembered
    across kfoot versions (memo.json holds no prelude)."""
    return hashlib.sha256(prelude_text(name_expression).encode()).hexdigest()


def source_digest(main_header: Path, include_dirs: tuple[Path, ...]) -> str:
    """sha256 over the header and every file it includes, transitively, in a stable order
    (kfoot.core.includes). A name that resolves nowhere (an NVRTC built-in header) enters the
    hash as its name.
    """
    return source_digest_and_files(main_header, include_dirs)[0]


def source_digest_and_files(main_header: Path, include_dirs: tuple[Path, ...]) -> tuple[str, list[Path]]:
    """source_digest and the files it covered."""
    digest = hashlib.sha256()
    main_dir = Path(main_header).resolve().parent
    files = []
    for path, data, unresolved in walk_includes(main_header, include_dirs):
        files.append(path)
        # The main header's folder is relocatable (registries are copied around): name files in
        # it by relative path, toolkit headers by their path below an include dir.
        digest.update(_display_name(path, main_dir, include_dirs).encode() + b"\0")
        digest.update(hashlib.sha256(data).digest())
        for name in unresolved:
            digest.update(b"builtin:" + name.encode() + b"\0")
    return digest.hexdigest(), files


def included_files(main_header: Path, include_dirs: tuple[Path, ...] = ()) -> list[Path]:
    """The header and every file it reaches through #include (resolved paths, header first)."""
    return [path for path, _, _ in walk_includes(main_header, include_dirs)]


def _display_name(path: Path, main_dir: Path, include_dirs: tuple[Path, ...]) -> str:
    for base in (main_dir, *include_dirs):
        try:
            return path.relative_to(Path(base).resolve()).as_posix()
        except ValueError:
            continue
    return path.name


def portable_options(options: tuple[str, ...]) -> tuple[str, ...]:
    """The options minus include paths (their content is in the source digest)."""
    return tuple(opt for opt in options if not opt.startswith("-I"))


def cache_key(*, nvrtc_version: str, arch: str, options: tuple[str, ...], prelude_sha256: str, source_sha256: str,
              name_expression: str, link: str) -> str:
    """The fingerprint of one kernel: a sha256 hex string."""
    material = {
        "schema": KEY_SCHEMA,
        "kfoot": __version__,
        "nvrtc": nvrtc_version,
        "arch": arch,
        "options": list(portable_options(options)),
        "prelude": prelude_sha256,
        "source": source_sha256,
        "name": name_expression,
        "link": link,
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
