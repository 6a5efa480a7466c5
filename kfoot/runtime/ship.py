"""What a registry needs at run time, copied out of its build folder (`kfoot ship`, and
`kfoot_install_kernels` at `cmake --install` time): registry.json, the family headers and
include folders it names, the hybrid AOT fatbin, and a bundle of the CUDA toolkit headers its
families reach (`toolkit/include`: cuda_fp16.h, CCCL ...), so that the machine it runs on needs
libnvrtc and nothing else (docs/runtime.md#shipping).

Nothing of the build machine travels: registry.json's spec path is reduced to its file name,
and the AOT part names no build-tree shard fatbins (the runtime cuts a shard's container out of
the merged fatbin instead).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..core.atomic import write_atomic
from ..core.errors import KfootError
from ..core.includes import walk_includes
from ..core.prelude import prelude
from ..core.toolchain import BUNDLE, toolkit_include_dirs
from .registry import load_registry

TOOLKIT_BUNDLE = BUNDLE


@dataclass(frozen=True)
class Shipped:
    dest: Path
    files: int
    bytes: int
    toolkit_files: int
    toolkit_bytes: int


def ship_registry(source: str | Path, dest: str | Path) -> Shipped:
    """Copy the run-time part of the registry in `source` (a folder or its registry.json) into
    `dest` (created; files there of the same names are replaced)."""
    registry = load_registry(source)
    # The document load_registry checked (the file may have changed since it was read); the two
    # records changed below are copied, the registry's own stay as they are.
    data = dict(registry.data)
    spec = data.get("spec", {})
    if not isinstance(spec, dict) or not isinstance(spec.get("path", ""), str):
        raise KfootError("registry.json is malformed (spec must be an object whose path is a string)",
                         path=registry.path)
    root = registry.root.resolve()
    dest = Path(dest)
    if dest.resolve() == root:
        raise KfootError("the destination is the registry's own folder", path=dest)
    dest.mkdir(parents=True, exist_ok=True)
    copied: dict[Path, Path] = {}  # source file -> destination file

    def take(path: Path) -> None:
        relative = path.resolve().relative_to(root)
        if path.is_dir():
            for item in sorted(path.rglob("*")):
                if item.is_file():
                    copied[item] = dest / item.relative_to(root)
        else:
            copied[path] = dest / relative

    for family in registry.families.values():
        take(family.header.parent)
        for folder in family.include_dirs:
            take(folder)
    if "spec" in data:
        data["spec"] = {**spec, "path": Path(spec.get("path", "spec.toml")).name}
    if registry.aot is not None:
        take(root / registry.aot.fatbin)
        data["aot"] = {**data["aot"], "manifest": ""}  # its shard fatbins stay behind: `container` cuts them out of the merged one
    toolkit = _toolkit_closure(registry)
    for path, relative in toolkit.items():
        copied[path] = dest / TOOLKIT_BUNDLE / relative
    total = 0
    for path, target in copied.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        total += target.stat().st_size
    text = json.dumps(data, indent=1) + "\n"
    write_atomic(dest / "registry.json", text)
    total += len(text.encode())
    toolkit_bytes = sum((dest / TOOLKIT_BUNDLE / r).stat().st_size for r in toolkit.values())
    return Shipped(dest, len(copied) + 1, total, len(toolkit), toolkit_bytes)


def _toolkit_closure(registry) -> dict[Path, Path]:
    """Every toolkit header the families' headers reach through #include (followed inside #if
    blocks too: a superset), and those kfoot's prelude reaches (cuda_fp16.h, cuda_bf16.h, and
    <cuda/std/complex> when a template-id names a complex dtype: every NVRTC program starts with
    it), relative to the toolkit include folder that holds it."""
    bases = [d.resolve() for d in toolkit_include_dirs()]
    top = bases[0]  # include/; include/cccl lies inside it
    found: dict[Path, Path] = {}
    template_ids = (row.get("template_id", "") for row in registry.data["variants"] if isinstance(row, dict))
    with tempfile.TemporaryDirectory(prefix="kfoot-ship-") as scratch:
        prelude_file = Path(scratch) / "prelude.cuh"
        prelude_file.write_text(prelude(template_ids))
        mains = [(prelude_file, ()), *((family.header, family.include_dirs) for family in registry.families.values())]
        for main, include_dirs in mains:
            for path, _, _ in walk_includes(main, (*include_dirs, *bases)):
                if path.is_relative_to(top):
                    found[path] = path.relative_to(top)
    return found
