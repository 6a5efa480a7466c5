#!/usr/bin/env python3
"""Compare `kfoot report` with cuobjdump on real CUDA libraries fetched from PyPI.

Each requirement is downloaded as a wheel (`pip download --no-deps`, optionally for another
platform, e.g. `--platform win_amd64`), its CUDA binaries (.so, .dll, and .so.N members) are
taken out, and each is read by `kfoot report --json` (without its report cache) and by
`cuobjdump -symbols` (the kfoot venv's cuobjdump, or each `--cuobjdump PATH` in turn until one reads
the file: CUDA 10 builds and some CUDA 12.0-12.2 libraries need 11.8's, see docs/benchmarks.md).
One row a binary: kernels and GLOBAL symbols in `.nv_fatbin` (cuobjdump's default view), kfoot's
kernels in every container, relocatable copies (`__nv_relfatbin`) against `cuobjdump -all`, kfoot's
peak RSS, and whether the two agree. A binary cuobjdump refuses (too old an arch, a Windows DLL it
cannot read) is shown with cuobjdump's reason; a wheel's binaries in which neither finds device code
are one row.

    .venv/bin/python scripts/corpus.py nvidia-curand 'mxnet-cu102==1.7.0' \\
        --cuobjdump /path/to/13/cuobjdump --cuobjdump /path/to/11.8/cuobjdump \\
        [--platform win_amd64] [--dest .corpus] [--member REGEX] [--json > rows.json]
    .venv/bin/python scripts/corpus.py --render rows.json more-rows.json   # one table of saved rows

Large wheels are kept in --dest between runs; nothing here runs in `make test`.
"""

from __future__ import annotations

import argparse
import io
import json
import mmap
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # the oracles

import lz4.block  # noqa: E402
from elftools.elf.elffile import ELFFile  # noqa: E402

from oracles import fatbin  # noqa: E402
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


def run_measured(cmd: list[str], env: dict | None = None) -> tuple[int, str, str, int]:
    """Run CMD: exit status, stdout, stderr and its peak RSS in KiB. Measured by GNU time, whose own
    small process is the one that forks: a child forked from this script would inherit the script's
    high-water mark (Linux keeps it across exec), mapped wheels and all."""
    with tempfile.TemporaryDirectory() as tmp:
        peak = Path(tmp) / "peak"
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(peak), *cmd], capture_output=True, env=env,
                              cwd=REPO)
        rss_kib = int(peak.read_text().split()[-1]) if peak.exists() and peak.read_text().split() else 0
    return proc.returncode, proc.stdout.decode(errors="replace"), proc.stderr.decode(errors="replace"), rss_kib


NO_DEVICE_CODE = "does not contain device code"


def cuobjdump_counts(cuobjdumps: list[Path], binary: Path, *flags: str) -> tuple[dict, str | None]:
    """The first of CUOBJDUMPS that reads BINARY: its kernel and GLOBAL counts and its version; else
    the last one's reason for refusing the file (its temporary path taken out). Each version refuses
    files the other reads: 13.x sm_30 images, some CUDA 12.0-12.2 libraries ("Invalid ELF")."""
    reason = None
    for cuobjdump in cuobjdumps:
        ref = subprocess.run([str(cuobjdump), *flags, "-symbols", str(binary)], capture_output=True, text=True,
                             errors="replace")
        if ref.returncode == 0:
            counts = parse_symbols(ref.stdout)
            return {"kernels": counts.kernels, "globals": counts.global_symbols, "by": version(cuobjdump)}, None
        reason = (ref.stderr.strip() or ref.stdout.strip() or f"exit {ref.returncode}").splitlines()[-1]
        reason = reason.replace(f"File '{binary}'", "the file").replace(str(binary), "the file")
        reason = f"{version(cuobjdump)}: {reason}"
        if NO_DEVICE_CODE in reason:
            break  # another version finds none either
    return {}, reason


def version(cuobjdump: Path) -> str:
    """`cuobjdump 13.0`, from its --version."""
    out = subprocess.run([str(cuobjdump), "--version"], capture_output=True, text=True).stdout
    found = re.search(r"release (\d+\.\d+)", out)
    return f"cuobjdump {found.group(1) if found else '?'}"


FATBIN_MAGIC = struct.pack("<I", 0xBA55ED50)


def carved_containers(binary: Path):
    """(offset, bytes) of every fatbin container in BINARY wherever it sits (.nv_fatbin, .rodata,
    .data, a DLL's .nv_fatb ...): its 16-byte header (magic, version 1, header size 16, body size),
    found by a plain byte search, independently of kfoot's walk."""
    with open(binary, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        pos = m.find(FATBIN_MAGIC)
        while pos != -1:
            if pos + 16 <= len(m):
                _, fatbin_version, header_size, body_size = struct.unpack_from("<IHHQ", m, pos)
                if fatbin_version == 1 and header_size == 16 and pos + 16 + body_size <= len(m):
                    yield pos, m[pos:pos + 16 + body_size]
                    pos = m.find(FATBIN_MAGIC, pos + 16 + body_size)
                    continue
            pos = m.find(FATBIN_MAGIC, pos + 1)


STO_CUDA_ENTRY = 0x10  # st_other of a kernel in a CUDA ELF image: what cuobjdump prints as ENTRY


def elf_entry_kernels(container: bytes) -> int | None:
    """Kernels in a container's SASS images, read without cuobjdump: the tests' fatbin walk, LZ4
    for images nvcc compressed (the entry header's u32 at +16 is the compressed size), and the
    symbols of each ELF image with STT_FUNC and STO_CUDA_ENTRY. None where an image does not decode."""
    kernels = 0
    for each in fatbin.walk(container):
        for entry in each.entries:
            if entry.kind != fatbin.ELF:
                continue
            start = entry.offset + entry.header_size
            image = container[start:start + entry.payload_size]
            if image[:4] != b"\x7fELF":
                compressed_size = struct.unpack_from("<I", container, entry.offset + 16)[0]
                try:
                    image = lz4.block.decompress(image[:compressed_size], uncompressed_size=entry.uncompressed_size)
                except lz4.block.LZ4BlockError:
                    return None
            elf = ELFFile(io.BytesIO(image))
            symtab = elf.get_section_by_name(".symtab")
            if symtab is None:
                continue
            data, size = symtab.data(), symtab["sh_entsize"]
            info_at = 4 if elf.elfclass == 64 else 12  # Elf64_Sym / Elf32_Sym: st_info, then st_other
            for at in range(0, len(data) - size + 1, size):
                if data[at + info_at] & 0xF == 2 and data[at + info_at + 1] & STO_CUDA_ENTRY:  # STT_FUNC
                    kernels += 1
    return kernels


def per_container(binary: Path, cuobjdumps: list[Path]) -> dict:
    """cuobjdump's kernels over every container, each written out as a .fatbin file of its own:
    what cuobjdump says of containers outside the sections it reads (TF's .rodata, cuFFT's .data)
    and, with 11.8, of old images a whole-file run refuses. The containers every cuobjdump refuses
    (sm_20 images) are read by kfoot alone, so that the rest can still be compared."""
    found = {"containers": 0, "kernels": 0, "refused": 0, "refused_reason": "", "refused_kfoot_kernels": 0,
             "refused_elf_kernels": 0}
    with tempfile.TemporaryDirectory() as tmp:
        refused_dir = Path(tmp) / "refused"
        refused_dir.mkdir()
        one = Path(tmp) / "container.fatbin"
        for offset, blob in carved_containers(binary):
            one.write_bytes(blob)
            counts, refused = cuobjdump_counts(cuobjdumps, one)
            found["containers"] += 1
            if refused and NO_DEVICE_CODE not in refused:
                found["refused"] += 1
                found["refused_reason"] = refused
                elf_kernels = elf_entry_kernels(bytes(blob))
                if elf_kernels is None or found["refused_elf_kernels"] is None:
                    found["refused_elf_kernels"] = None
                else:
                    found["refused_elf_kernels"] += elf_kernels
                one.rename(refused_dir / f"{offset:012x}.fatbin")
            elif not refused:
                found["kernels"] += counts["kernels"]
        if found["refused"]:
            rc, out, err, _ = run_measured([sys.executable, "-m", "kfoot", "report", "--json", "-j", "1",
                                            str(refused_dir)], {**os.environ, "KFOOT_CACHE": "0"})
            if rc != 0:
                raise SystemExit(f"kfoot on {binary}'s refused containers: {err.strip()}")
            found["refused_kfoot_kernels"] = sum(f["kernels"] for f in json.loads(out)["files"])
    return found


def compare(binary: Path, label: str, cuobjdump: list[Path]) -> dict:
    env = {**os.environ, "KFOOT_CACHE": "0"}
    # one worker: the development machine's cores are shared
    rc, out, err, rss_kib = run_measured([sys.executable, "-m", "kfoot", "report", "--json", "-j", "1", str(binary)],
                                         env)
    row = {"binary": label, "size": binary.stat().st_size, "kfoot_rss_mib": rss_kib // 1024}
    if rc != 0:
        # a traceback is a kfoot bug whatever it says; otherwise kfoot's one line
        row["kfoot"] = ("TRACEBACK: " if "Traceback (most recent call last)" in err else "") + (
            err.strip().splitlines()[-1] if err.strip() else f"exit {rc}")
    else:
        report = json.loads(out)["files"][0]
        default = report["sections"].get(".nv_fatbin", {})
        row.update(kfoot_kernels=default.get("kernels", 0), kfoot_globals=default.get("global_symbols", 0),
                   kfoot_all=report["kernels"], kfoot_relocatable=report.get("relocatable_kernels", 0),
                   kfoot_sections={name: s.get("kernels", 0) for name, s in report["sections"].items()})
    counts, refused = cuobjdump_counts(cuobjdump, binary)
    if refused:
        row["cuobjdump"] = refused
    else:
        row.update(cuobjdump_kernels=counts["kernels"], cuobjdump_globals=counts["globals"],
                   cuobjdump_by=counts["by"])
    if "kfoot_all" in row and row["kfoot_all"] != row.get("cuobjdump_kernels"):
        # kernels cuobjdump's whole-file view does not show: ask it about each container
        row["per_container"] = per_container(binary, cuobjdump)
    if row.get("kfoot_relocatable"):
        # relocatable copies (__nv_relfatbin): `cuobjdump -all` lists them beside the loaded ones
        counts, refused = cuobjdump_counts(cuobjdump, binary, "-all")
        if not refused:
            row["cuobjdump_all_kernels"] = counts["kernels"]
    return row


def no_device_code(row: dict) -> bool:
    """Both tools found nothing: kfoot no kernels anywhere, cuobjdump its "no device code" line."""
    return row.get("kfoot_all") == 0 and NO_DEVICE_CODE in row.get("cuobjdump", "")


def verdict(r: dict) -> str:
    if "kfoot" in r:
        return f"kfoot failed: {r['kfoot']}"
    checks = []  # (what, agrees)
    if "cuobjdump_kernels" in r:
        checks.append((f"whole file ({r['cuobjdump_by']})", (r["kfoot_kernels"], r["kfoot_globals"]) == (
            r["cuobjdump_kernels"], r["cuobjdump_globals"])))
    elif NO_DEVICE_CODE in r.get("cuobjdump", ""):
        checks.append(("whole file (no `.nv_fatbin`)", r["kfoot_kernels"] == 0))
    if "cuobjdump_all_kernels" in r:
        checks.append(("`-all`", r["kfoot_kernels"] + r["kfoot_relocatable"] == r["cuobjdump_all_kernels"]))
    found = r.get("per_container")
    if found:
        checks.append((f"per container ({found['containers']:,})", found["kernels"] == (
            r["kfoot_all"] + r["kfoot_relocatable"] - found.get("refused_kfoot_kernels", 0))))
        if found["refused"]:
            checks.append((f"{found['refused']:,} containers no cuobjdump reads by their ELF symbols",
                           found.get("refused_elf_kernels") == found["refused_kfoot_kernels"]))
    if not checks:
        return f"cuobjdump refused: {r['cuobjdump']}"
    text = ("agree" if all(ok for _, ok in checks) else "DIFFER") + ": " + ", ".join(
        what + ("" if ok else " differs") for what, ok in checks)
    if found and found["refused"]:
        elf_kernels = found.get("refused_elf_kernels")
        text += (f" (kfoot {found['refused_kfoot_kernels']:,}, ELF ENTRY symbols "
                 f"{'-' if elf_kernels is None else format(elf_kernels, ',')}; "
                 f"{found['refused_reason'].replace('cuobjdump fatal   : ', '')})")
    elif "cuobjdump" in r and NO_DEVICE_CODE not in r["cuobjdump"]:
        text += f"; whole file refused ({r['cuobjdump'].replace('cuobjdump fatal   : ', '')})"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requirements", nargs="+", help="pip requirements, one wheel each")
    parser.add_argument("--platform", help="pip's --platform (win_amd64 for Windows wheels)")
    parser.add_argument("--cuobjdump", type=Path, action="append",
                        help="a cuobjdump to compare with (default: the wheel's); repeated: the first that reads "
                             "the file")
    parser.add_argument("--dest", type=Path, default=REPO / ".corpus", help="where wheels are kept")
    parser.add_argument("--member", help="only the wheel's binaries whose path matches this regex")
    parser.add_argument("--json", action="store_true", help="rows as JSON")
    args = parser.parse_args()
    cuobjdump = args.cuobjdump or [find_tool("cuobjdump")]
    member_filter = re.compile(args.member) if args.member else None
    args.dest.mkdir(parents=True, exist_ok=True)
    rows = []
    for requirement in args.requirements:
        for wheel in fetch(requirement, args.dest, args.platform):
            empty = 0
            with zipfile.ZipFile(wheel) as archive:
                for member in archive.infolist():
                    if member.is_dir() or not BINARY.search(member.filename):
                        continue
                    if member_filter and not member_filter.search(member.filename):
                        continue
                    with tempfile.TemporaryDirectory() as tmp:
                        path = Path(archive.extract(member, tmp))
                        row = compare(path, f"{wheel.name}:{member.filename}", cuobjdump)
                    print(f"{row['binary']}: {verdict(row)}", file=sys.stderr, flush=True)
                    # a wheel's many host-only libraries: one summary row, not one each
                    if no_device_code(row):
                        empty += 1
                    else:
                        rows.append(row)
            if empty:
                rows.append({"binary": f"{wheel.name}: {empty} other binaries", "no_device_code": empty})
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print("cuobjdump: " + ", ".join(f"{path} ({version(path)})" for path in cuobjdump))
    print_table(rows)
    return 0


def print_table(rows: list[dict]) -> None:
    """docs/benchmarks.md's corpus table: one row a binary (a wheel's binaries without device code in one)."""
    print("| library | version | binary | bytes | kernels in `.nv_fatbin`, kfoot / cuobjdump "
          "| GLOBAL symbols, kfoot / cuobjdump | all containers: kfoot (/ cuobjdump, one container at a time) "
          "| relocatable copies, kfoot / cuobjdump `-all` minus default | kfoot peak RSS | verdict |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        wheel, _, member = r["binary"].partition(":")
        library, release = wheel.split("-")[:2]
        if "no_device_code" in r:
            print(f"| {library} | {release} | {r['no_device_code']} other binaries | | 0 / none | | 0 | | "
                  f"| agree: no device code |")
            continue

        def pair(a: str, b: str) -> str:
            return f"{r[a]:,} / {r[b]:,}" if a in r and b in r else (f"{r[a]:,} / -" if a in r else "-")

        relocatable = ""
        if r.get("kfoot_relocatable"):
            other = r.get("cuobjdump_all_kernels")
            relocatable = f"{r['kfoot_relocatable']:,} / " + (
                f"{other - r['cuobjdump_kernels']:,}" if other is not None and "cuobjdump_kernels" in r else "-")
        cells = [library, release, f"`{member.rsplit('/', 1)[-1]}`", f"{r['size']:,}",
                 pair("kfoot_kernels", "cuobjdump_kernels"), pair("kfoot_globals", "cuobjdump_globals"),
                 all_containers(r), relocatable, f"{r['kfoot_rss_mib']:,} MiB",
                 verdict(r)]
        print("| " + " | ".join(cells) + " |")


def all_containers(r: dict) -> str:
    """kfoot's kernels in every container, and cuobjdump's, container by container, where asked."""
    if "kfoot_all" not in r:
        return "-"
    found = r.get("per_container")
    if not found:
        return f"{r['kfoot_all']:,}"
    kfoot = r["kfoot_all"] + r["kfoot_relocatable"] - found.get("refused_kfoot_kernels", 0)
    less = f", less {found['refused']:,} refused" if found["refused"] else ""
    return f"{kfoot:,} / {found['kernels']:,} ({found['containers']:,} containers{less})"


def render(paths: list[str]) -> int:
    """The table of rows saved earlier with --json (several runs in one table)."""
    rows = []
    for path in paths:
        with open(path) as f:
            rows += json.load(f)
    print_table(rows)
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--render"]:
        sys.exit(render(sys.argv[2:]))
    sys.exit(main())
