#!/usr/bin/env python3
"""Hold `kfoot explain`'s axes to c++filt on libcusparse (issue 25's real-library check; the
nvidia-cusparse wheel is ~230 MB, so this is a script, not a test: tests/test_explain_real.py
does the same on libcurand). Every family's axes must hold exactly the template arguments binutils'
c++filt reads at each position from the kernels cuobjdump lists (tests/oracles/templates.py).

    .venv/bin/python scripts/check_explain_real.py [--cache DIR] [--library PATH]

The wheel (nvidia-cusparse==CUSPARSE_VERSION) is fetched once with `pip download` into DIR
(default ~/.cache/kfoot-real) and libcusparse.so.12 extracted next to it; scripts/bench_explain.py
--cache DIR reads the same file. Exit 0 when nothing differs, 1 otherwise (each mismatch a line).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the oracles

from oracles.templates import compare, family_and_arguments, loaded_kernel_entries, oracle_families, wrapper_templates  # noqa: E402

CUSPARSE_VERSION = "12.9.4.2"  # the wheel docs/benchmarks.md and docs/explain.md measured
DEFAULT_CACHE = Path.home() / ".cache" / "kfoot-real"


def fetch_cusparse(cache: Path = DEFAULT_CACHE) -> Path:
    """libcusparse.so.12 of nvidia-cusparse==CUSPARSE_VERSION, under `cache` (fetched once)."""
    target = cache / f"nvidia-cusparse-{CUSPARSE_VERSION}" / "libcusparse.so.12"
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    wheels = cache / "wheels"
    if not any(wheels.glob(f"nvidia_cusparse-{CUSPARSE_VERSION}-*.whl")):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(wheels),
                        f"nvidia-cusparse=={CUSPARSE_VERSION}"], check=True)
    wheel = next(wheels.glob(f"nvidia_cusparse-{CUSPARSE_VERSION}-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        member = next(n for n in zf.namelist() if n.endswith("/libcusparse.so.12"))
        with zf.open(member) as src, tempfile.NamedTemporaryFile(dir=target.parent, delete=False) as dst:
            shutil.copyfileobj(src, dst)
    Path(dst.name).replace(target)  # whole or absent
    return target


def _llvm_families(names: list[str]) -> set[str]:
    """The families of names c++filt cannot demangle, read with llvm-cxxfilt (another
    implementation): left out of the comparison, whole."""
    if not names:
        return set()
    tool = shutil.which("llvm-cxxfilt")
    if tool is None:
        sys.exit(f"{len(names)} names c++filt cannot demangle, and no llvm-cxxfilt to name their families")
    texts = subprocess.run([tool], input="\n".join(names) + "\n", capture_output=True, text=True, check=True).stdout
    wrappers = wrapper_templates()
    return {family_and_arguments(t, wrappers)[0] for t in texts.split("\n")[:len(names)]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="where the wheel and library are kept")
    parser.add_argument("--library", type=Path, help="check this library instead of libcusparse")
    args = parser.parse_args()
    library = args.library or fetch_cusparse(args.cache)
    with tempfile.TemporaryDirectory() as tmp:
        entries = loaded_kernel_entries(library, Path(tmp))
    families, undemangled = oracle_families({name for _, name in entries})
    unseen = frozenset(_llvm_families(undemangled))
    proc = subprocess.run([sys.executable, "-m", "kfoot", "explain", str(library), "--json"], capture_output=True,
                          text=True, env={**__import__("os").environ, "PYTHONPATH": str(REPO)})
    if proc.returncode != 0:
        print(proc.stderr.strip(), file=sys.stderr)
        return 1
    document = json.loads(proc.stdout)
    result = compare(document, families, unseen)
    if document["kernels"] != len(entries):
        result.mismatches.append(f"kfoot explain counts {document['kernels']:,} kernels, cuobjdump {len(entries):,}")
    print(f"{library.name}: {len(entries):,} kernels ({len({n for _, n in entries}):,} distinct names), "
          f"{len(document['families']):,} families; compared {result.families:,} families "
          f"({result.templated:,} with template arguments), {result.axes:,} axes, {result.values:,} values; "
          f"left out {len(unseen)} families ({len(undemangled):,} names c++filt cannot demangle: "
          f"{', '.join(sorted(unseen))}); {len(result.mismatches)} mismatches")
    for line in result.mismatches:
        print("  " + line)
    return 1 if result.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
