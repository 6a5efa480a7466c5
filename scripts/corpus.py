#!/usr/bin/env python3
"""Compare `kfoot report` with cuobjdump on real CUDA libraries fetched from PyPI.

Each requirement is downloaded as a wheel (`pip download --no-deps`, optionally for another
platform, e.g. `--platform win_amd64`), its CUDA binaries (.so, .dll, and .so.N members) are
taken out, and each is read by `kfoot report --json` (without its report cache) and by
`cuobjdump -symbols` (the wheel's own cuobjdump, or `--cuobjdump PATH`: CUDA 10 builds need 11.8's,
see docs/benchmarks.md). One row a binary: kernels and GLOBAL symbols in `.nv_fatbin` (cuobjdump's
default view), kfoot's kernels in every container, and whether the two agree. A binary cuobjdump
refuses (too old an arch, a Windows DLL it cannot read) is shown with cuobjdump's reason.

    .venv/bin/python scripts/corpus.py nvidia-curand 'mxnet-cu102==1.7.0' \\
        --cuobjdump /path/to/11.8/cuobjdump [--platform win_amd64] [--dest .corpus]

Large wheels are kept in --dest between runs; nothing here runs in `make test`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the oracles

from oracles.cuobjdump import parse_symbols  # noqa: E402
from kfoot.core.toolchain import find_tool  # noqa: E402

BINARY = re.compile(r"\.(so(\.\d+)*|dll)$")


def fetch(requirement: str, dest: Path, platform: str | None) -> list[Path]:
    before = set(dest.glob("*.whl"))
    cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(dest), requirement]
    if platform:
        cmd += ["--platform", platform, "--only-binary=:all:"]
    subprocess.run(cmd, check=True)
    got = set(dest.glob("*.whl")) - before
    if got:
        return sorted(got)
    # already there: the wheels whose name matches the requirement's project
    project = re.split(r"[=<>!~\[; ]", requirement, maxsplit=1)[0].replace("-", "_").lower()
    return sorted(w for w in dest.glob("*.whl") if w.name.lower().startswith(project + "-"))


def compare(binary: Path, label: str, cuobjdump: Path) -> dict:
    env = {**os.environ, "KFOOT_CACHE": "0"}
    proc = subprocess.run([sys.executable, "-m", "kfoot", "report", "--json", str(binary)], capture_output=True,
                          text=True, env=env, cwd=REPO)
    row = {"binary": label, "size": binary.stat().st_size}
    if proc.returncode != 0:
        row["kfoot"] = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else f"exit {proc.returncode}"
    else:
        report = json.loads(proc.stdout)["files"][0]
        default = report["sections"].get(".nv_fatbin", {})
        row.update(kfoot_kernels=default.get("kernels", 0), kfoot_globals=default.get("global_symbols", 0),
                   kfoot_all=report["kernels"], kfoot_relocatable=report.get("relocatable_kernels", 0))
    ref = subprocess.run([str(cuobjdump), "-symbols", str(binary)], capture_output=True, text=True)
    if ref.returncode != 0:
        row["cuobjdump"] = (ref.stderr.strip() or ref.stdout.strip()).splitlines()[-1][:100]
    else:
        counts = parse_symbols(ref.stdout)
        row.update(cuobjdump_kernels=counts.kernels, cuobjdump_globals=counts.global_symbols)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requirements", nargs="+", help="pip requirements, one wheel each")
    parser.add_argument("--platform", help="pip's --platform (win_amd64 for Windows wheels)")
    parser.add_argument("--cuobjdump", type=Path, help="the cuobjdump to compare with (default: the wheel's)")
    parser.add_argument("--dest", type=Path, default=REPO / ".corpus", help="where wheels are kept")
    parser.add_argument("--json", action="store_true", help="rows as JSON")
    args = parser.parse_args()
    cuobjdump = args.cuobjdump or find_tool("cuobjdump")
    args.dest.mkdir(parents=True, exist_ok=True)
    rows = []
    for requirement in args.requirements:
        for wheel in fetch(requirement, args.dest, args.platform):
            with zipfile.ZipFile(wheel) as archive, tempfile.TemporaryDirectory() as tmp:
                for member in archive.infolist():
                    if member.is_dir() or not BINARY.search(member.filename):
                        continue
                    path = Path(archive.extract(member, tmp))
                    rows.append(compare(path, f"{wheel.name}:{member.filename}", cuobjdump))
                    path.unlink()
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"cuobjdump: {cuobjdump}")
    print("| binary | bytes | kfoot kernels (.nv_fatbin) | cuobjdump kernels | kfoot GLOBAL | cuobjdump GLOBAL "
          "| kfoot kernels, all containers | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        if "kfoot" in r:
            verdict = f"kfoot failed: {r['kfoot']}"
        elif "cuobjdump" in r:
            verdict = f"cuobjdump refused: {r['cuobjdump']}"
        else:
            same = (r["kfoot_kernels"], r["kfoot_globals"]) == (r["cuobjdump_kernels"], r["cuobjdump_globals"])
            verdict = "agree" if same else "DIFFER"
        cells = [r["binary"], f"{r['size']:,}"] + [f"{r[k]:,}" if k in r else "-" for k in (
            "kfoot_kernels", "cuobjdump_kernels", "kfoot_globals", "cuobjdump_globals", "kfoot_all")] + [verdict]
        print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
