"""NVIDIA's cuobjdump, the independent oracle the tests and benchmarks hold kfoot's figures
against: every invocation the tests make, and the parse of its output, is here. Nothing in kfoot
itself uses it."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kfoot.core.toolchain import find_tool

TIMEOUT_S = 300


def _file_identity(arg) -> tuple | str:
    """An argument naming a file stands for that file's content as it is now: its device, inode,
    size and change times. The same identity means the same bytes (nvcc and the tests write new
    files, which changes at least the inode or the times), so cuobjdump would print the same."""
    try:
        st = Path(arg).stat()
    except (OSError, ValueError):
        return str(arg)
    if not Path(arg).is_file():
        return str(arg)
    return (str(Path(arg).resolve()), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


# cuobjdump's output by (arguments, identity of the files they name): several test modules read the
# same large binaries (libcurand, the session's fixtures) with the same flags, and one run of
# cuobjdump over libcurand takes seconds. Only runs without a working folder (which may write
# files there, as -xelf does) are kept, and only while they hold under 256 MB of text in all.
_OUTPUTS: dict[tuple, str] = {}
_KEPT_CHARS = 256 << 20


def run_cuobjdump(*args, cwd: Path | None = None, allow_no_device_code: bool = False) -> str:
    """`cuobjdump ARGS`: its standard output. A failure fails the test, except, when allowed,
    cuobjdump's complaint that a file holds no device code (its output is then empty)."""
    key = (tuple(_file_identity(arg) for arg in args), allow_no_device_code) if cwd is None else None
    if key is not None and key in _OUTPUTS:
        return _OUTPUTS[key]
    proc = subprocess.run([str(find_tool("cuobjdump")), *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          timeout=TIMEOUT_S, check=False)
    if proc.returncode != 0:
        if allow_no_device_code and "does not contain device code" in proc.stderr + proc.stdout:
            return proc.stdout
        raise AssertionError(f"cuobjdump {' '.join(map(str, args))} failed: {proc.stderr.strip()}")
    if key is not None and sum(map(len, _OUTPUTS.values())) + len(proc.stdout) <= _KEPT_CHARS:
        _OUTPUTS[key] = proc.stdout
    return proc.stdout


# ---------------------------------------------------------------- -symbols

@dataclass
class CuobjdumpCounts:
    kernels: int = 0
    global_symbols: int = 0
    kernel_names: set = field(default_factory=set)
    kernels_by_arch: Counter = field(default_factory=Counter)
    sass_images_by_arch: Counter = field(default_factory=Counter)
    ptx_images_by_arch: Counter = field(default_factory=Counter)
    compressed_images: int = 0  # images cuobjdump marks "compressed"
    entries: list = field(default_factory=list)  # (arch, kernel name), one per image it is in, in order

    def entries_by_arch(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for arch, name in self.entries:
            found.setdefault(arch, []).append(name)
        return found


def cuobjdump_symbols(path, *, all_fatbins: bool = False) -> CuobjdumpCounts:
    """Parse `cuobjdump -symbols` (with `-all` for every fatbin section).

    Symbol lines are `TYPE BINDING VISIBILITY OTHER [U] NAME`; kernels have ENTRY in OTHER.
    Fields are compared exactly, so names containing GLOBAL or ENTRY are not miscounted.
    """
    return parse_symbols(run_cuobjdump(*(["-all"] if all_fatbins else []), "-symbols", path,
                                       allow_no_device_code=True))


def parse_symbols(out: str) -> CuobjdumpCounts:
    """The counts in `cuobjdump -symbols` output (of any cuobjdump version; see cuobjdump_symbols)."""
    counts = CuobjdumpCounts()
    arch, kind, in_symbols = None, None, False
    for line in out.splitlines():
        line = line.strip()  # members of a --concat group are indented
        if line.startswith("Fatbin elf code"):
            kind, in_symbols = "sass", False
        elif line.startswith("Fatbin ptx code"):
            kind, in_symbols = "ptx", False
        elif line.startswith("Fatbin "):
            kind, in_symbols = "other", False
        elif line == "compressed":
            counts.compressed_images += 1
        elif line.startswith("arch = "):
            arch = line.split("=", 1)[1].strip()
            if kind == "sass":
                counts.sass_images_by_arch[arch] += 1
            elif kind == "ptx":
                counts.ptx_images_by_arch[arch.replace("sm_", "compute_")] += 1
        elif line.startswith("symbols:"):
            in_symbols = True
            if arch is None:  # a raw cubin has no fatbin header lines
                arch = "cubin"
        elif in_symbols and line:
            fields = line.split()
            if len(fields) >= 4 and fields[0].isupper():
                # cuobjdump 13: `FUNC GLOBAL DEFAULT ENTRY name`; 11.x: `STT_FUNC STB_GLOBAL STO_ENTRY name`
                if fields[1].removeprefix("STB_") == "GLOBAL":
                    counts.global_symbols += 1
                if fields[3] == "ENTRY" or fields[2] == "STO_ENTRY":
                    counts.kernels += 1
                    counts.kernels_by_arch[arch] += 1
                    counts.kernel_names.add(fields[-1])
                    counts.entries.append((arch, fields[-1]))
        elif not line:
            in_symbols = False
    return counts


# ---------------------------------------------------------------- -res-usage

def cuobjdump_resources(path) -> dict[tuple[str, str], tuple[int, int]]:
    """(arch, kernel) -> (registers, static shared bytes) from `cuobjdump -res-usage`."""
    return {(arch, name): (registers, shared) for arch, name, registers, shared in cuobjdump_resource_rows(path)}


def cuobjdump_resource_usage(path) -> list[tuple[str | None, str, dict[str, int]]]:
    """(arch, kernel, {"REG", "STACK", "SHARED", "LOCAL", "CONSTANT[0]", ...}) per kernel per image
    of `cuobjdump -res-usage`, every figure it prints on the kernel's line."""
    rows, arch, function = [], None, None
    for line in run_cuobjdump("-res-usage", path).splitlines():
        line = line.strip()
        if line.startswith("arch = "):
            arch = line.split("=", 1)[1].strip()
        elif line.startswith("Function "):
            function = line[len("Function "):].rstrip(":")
        elif line.startswith("REG:") and function:
            rows.append((arch, function, {k: int(v) for k, v in (p.split(":", 1) for p in line.split())}))
            function = None
    return rows


# ---------------------------------------------------------------- -elf

_ELF_HEADER = re.compile(r"\bsm=(\d+[a-z]?)\b")
_TEXT_SECTION = re.compile(r"\s\.text\.(\S+)\s*$")


def cuobjdump_elf_kernels(path) -> dict[str, set[str]]:
    """arch ("sm_90", "sm_90a") -> mangled names of the kernels in the ELF images `cuobjdump -elf`
    prints: the functions with a `.text.NAME` section, each image's arch from its ELF header line."""
    found: dict[str, set[str]] = {}
    arch = None
    for line in run_cuobjdump("-elf", path).splitlines():
        header = _ELF_HEADER.search(line)
        if header and "ELF" in line:
            arch = f"sm_{header.group(1)}"
            continue
        text = _TEXT_SECTION.search(line)
        if text and arch:
            found.setdefault(arch, set()).add(text.group(1))
    return found


def image_elf_kernels(image: bytes, workdir: Path) -> dict[str, set[str]]:
    """cuobjdump_elf_kernels of an image in memory (a cubin, or a fatbin container)."""
    path = Path(workdir) / f"image_{abs(hash(image))}.bin"
    path.write_bytes(image)
    return cuobjdump_elf_kernels(path)


# ---------------------------------------------------------------- -ptx

def cuobjdump_ptx_entries(path) -> list[str]:
    """Names of the `.entry` functions in the PTX `cuobjdump -ptx` prints, one per image."""
    return [m.group(1) for m in re.finditer(r"\.entry\s+([^\s(]+)", run_cuobjdump("-ptx", path))]


# ---------------------------------------------------------------- -xelf / -xptx

def cuobjdump_extract(path, workdir: Path, kind: str = "elf", *, all_fatbins: bool = False) -> list[Path]:
    """`cuobjdump [-all] -xelf all` (kind "elf": the SASS cubins) or `-xptx all` (kind "ptx") run
    in `workdir`: the files it wrote, in the order it lists them (file order)."""
    flag = {"elf": "-xelf", "ptx": "-xptx"}[kind]
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    out = run_cuobjdump(*(["-all"] if all_fatbins else []), flag, "all", Path(path).resolve(), cwd=workdir)
    files = [workdir / line.split(":", 1)[1].split()[0] for line in out.splitlines() if line.startswith("Extracting")]
    assert all(f.is_file() for f in files) and len(set(files)) == len(files), out
    return files


# ---------------------------------------------------------------- -elf: kernel parameter bytes

def cuobjdump_param_sizes(path) -> dict[tuple[str, str], int]:
    """(arch, kernel) -> parameter bytes: the EIATTR_CBANK_PARAM_SIZE value `cuobjdump -elf` prints
    in each kernel's `.nv.info.NAME` section. The arch is the fatbin's `arch = ` line (it carries
    the a/f suffix the ELF header line drops)."""
    result, arch, function, attribute = {}, None, None, None
    for line in run_cuobjdump("-elf", path).splitlines():
        stripped = line.strip()
        if stripped.startswith("arch = "):
            arch = stripped.split("=", 1)[1].strip()
        elif not line.startswith(("\t", " ")) and stripped:  # a section title starts a line
            function = stripped[len(".nv.info."):] if stripped.startswith(".nv.info.") else None
            attribute = None
        elif stripped.startswith("Attribute:"):
            attribute = stripped.split(None, 1)[1] if function else None
        elif stripped.startswith("Value:") and attribute == "EIATTR_CBANK_PARAM_SIZE":
            result[(arch, function)] = int(stripped.split()[1], 16)
            attribute = None
    return result


def cuobjdump_resource_rows(path) -> list[tuple[str | None, str, int, int]]:
    """(arch, kernel, registers, static shared bytes), one per kernel per image `cuobjdump
    -res-usage` prints, duplicates kept (a library may hold one kernel in several images of an
    arch); arch is None for a raw cubin, where cuobjdump prints no `arch = ` line."""
    return [(arch, name, usage["REG"], usage["SHARED"]) for arch, name, usage in cuobjdump_resource_usage(path)]


# ---------------------------------------------------------------- -sass

_SASS_COMMENT = re.compile(r"/\*.*?\*/")
_SASS_SYMBOL = re.compile(r"`\([^)]*\)")  # a symbol an instruction names: `(_Z4bumpIiLi1EEvPT_)


def cuobjdump_masked_sass(path, nvdisasm: Path) -> dict[str, dict[str, tuple[str, ...]]]:
    """`cuobjdump -sass` (which runs nvdisasm): per arch, each function's instructions as text with
    addresses, encodings and the symbols instructions name masked, the trailing NOPs dropped."""
    import os

    env = {**os.environ, "NVDISASM_PATH": str(nvdisasm.parent)}
    proc = subprocess.run([str(find_tool("cuobjdump")), "-sass", str(path)], capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=False, env=env)
    if proc.returncode != 0:
        raise AssertionError(f"cuobjdump -sass {path} failed: {proc.stderr.strip()}")
    found: dict[str, dict[str, list[str]]] = {}
    arch, name = None, None
    for line in proc.stdout.splitlines():
        stripped = line.strip()
        if stripped.startswith("arch = "):
            arch = stripped.split("=", 1)[1].strip()
        elif stripped.startswith("code for sm_") and arch is None:
            arch = stripped.split()[-1]
        elif stripped.startswith("Function : "):
            name = stripped.split(":", 1)[1].strip()
            found.setdefault(arch, {})[name] = []
        elif name is not None and stripped.startswith("/*") and "*/" in stripped:
            text = _SASS_SYMBOL.sub("`(SYMBOL)", _SASS_COMMENT.sub("", stripped)).strip()
            if text:
                found[arch][name].append(text)
    out = {}
    for arch_name, functions in found.items():
        out[arch_name] = {}
        for fn, lines in functions.items():
            while lines and lines[-1].rstrip(" ;") == "NOP":
                lines.pop()
            out[arch_name][fn] = tuple(lines)
    return out
