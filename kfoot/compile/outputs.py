"""The AOT output folder: what a build may write there, what it may delete, and how its outputs
arrive together.

- Checked before anything is written (`check_output_folder`): a folder name nvcc's shell would
  expand, and any of kfoot's own subfolders (build/, build/src, build/obj, ...) or the files ninja
  appends to (build/.ninja_log, .ninja_deps) that is a symbolic link, which would let a build
  write or delete behind it.
- Deleted (`remove_stale`): only files kfoot made in its own folders, found by their names:
  the sources, objects, fatbins and logs of shards that no longer exist. Never ninja's
  `-t cleandead`, which deletes whatever `.ninja_log` names, anywhere.
- Installed (`install`): ninja links the library and merges the fatbin in build/stage/; only
  once the whole build succeeded are they put into the folder, fatbin then library, each by an
  atomic rename (the manifest follows, kfoot.compile.manifest). A build that fails, at link or
  anywhere, leaves the previous library, fatbin and manifest together.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
from pathlib import Path

from ..core.errors import KfootError
from .launcher import SHIM_DIR
from .sources import SHARD_NAME

STAGE_DIR = "stage"  # in build/: where ninja writes the library and the fatbin
_OWN_FOLDERS = ("build", "build/src", "build/obj", "build/inc", f"build/{STAGE_DIR}", f"build/{SHIM_DIR}", "include")
_NINJA_FILES = ("build/.ninja_log", "build/.ninja_deps")
# Files a shard leaves in build/obj (and its source in build/src), by suffix.
_SHARD_FILES = {"obj": (".o", ".o.log", ".o.d", ".o.tmp", ".fatbin", ".syms.json"), "src": (".cu",)}

# nvcc runs its own steps through /bin/sh with the source's real path in double quotes
# (--orig_src_path_name "<cwd>/src/x.cu"): there these characters are expanded or executed.
_NVCC_SHELL_UNSAFE = ('"', "`", "$", "\\", "\n", "\r")


def check_output_folder(out: Path, name: str) -> None:
    """One line, before anything is written, for an output folder nvcc would run code from or
    whose own subfolders are links (`name`: the library's, whose header folder is include/NAME)."""
    bad = [c for c in _NVCC_SHELL_UNSAFE if c in str(out)]
    if bad:
        raise KfootError(f"output folder {str(out)!r} holds {' '.join(repr(c) for c in bad)}: nvcc passes the "
                         f"sources' paths through a shell, which would expand or run it; choose another folder")
    for relative in (*_OWN_FOLDERS, f"include/{name}", *_NINJA_FILES):
        path = out / relative
        if path.is_symlink():
            raise KfootError(f"{path}: a symbolic link where kfoot keeps its own build files; a build would write "
                             "or delete behind it: remove the link")


def remove_stale(build_dir: Path, keep: set[str]) -> None:
    """Delete the files of shards not in `keep` (their names) from build/src and build/obj, and
    nothing else: only regular files named as kfoot names a shard's (sources.SHARD_NAME)."""
    for folder, suffixes in _SHARD_FILES.items():
        try:
            entries = list(os.scandir(build_dir / folder))
        except FileNotFoundError:
            continue
        for entry in entries:
            suffix = next((s for s in suffixes if entry.name.endswith(s)), None)
            if suffix is None or not entry.is_file(follow_symlinks=False):
                continue
            shard = entry.name[: -len(suffix)]
            if shard in keep or not SHARD_NAME.fullmatch(shard):
                continue
            Path(entry.path).unlink(missing_ok=True)


def remove_stale_stage(build_dir: Path, keep: set[str]) -> None:
    """Outputs of an earlier --name left in build/stage (regular files only)."""
    try:
        entries = list(os.scandir(build_dir / STAGE_DIR))
    except FileNotFoundError:
        return
    for entry in entries:
        if entry.name not in keep and entry.is_file(follow_symlinks=False):
            Path(entry.path).unlink(missing_ok=True)


def install(staged: Path, target: Path) -> None:
    """Put `staged` at `target` by an atomic rename of a hard link to it (a copy where the file
    system has none); nothing when `target` is that very file already (a no-op rebuild)."""
    try:
        if os.path.samefile(staged, target):
            return
    except FileNotFoundError:
        pass
    temporary = target.with_name(f".{target.name}.kfoot-install")
    temporary.unlink(missing_ok=True)
    try:
        os.link(staged, temporary)
    except OSError as exc:
        if exc.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP):
            raise KfootError(f"{target}: cannot install the build's output: {exc.strerror}") from None
        shutil.copy2(staged, temporary)
    os.replace(temporary, target)


_LIBRARY_FILE = re.compile(r"lib[A-Za-z_]\w*\.so")


def remove_replaced_library(out: Path, previous: str | None, current: str) -> None:
    """An earlier build's library under another --name (`previous`, as its manifest names it):
    deleted when it is a regular file kfoot could have written there."""
    if not previous or previous == current or not _LIBRARY_FILE.fullmatch(previous):
        return
    path = out / previous
    if path.is_file() and not path.is_symlink():
        path.unlink(missing_ok=True)
