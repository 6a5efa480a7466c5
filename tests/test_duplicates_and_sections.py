"""Duplicate kernel copies (`duplicates`, `totals.duplicates_across_files`, `gate
--max-duplicate-bytes`) against a library nvcc builds from two translation units that instantiate
one template (cuobjdump lists both copies, pyelftools gives their `.text.<name>` sizes); and
`image_sections` against pyelftools on the cubins `cuobjdump -xelf` extracts."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from kfoot.report.analyze import ReportOptions, analyze_paths
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_extract, cuobjdump_symbols
from oracles.errors import assert_error

HEADER = """template <typename T> __global__ void scale_kernel(T* out, const T* in, T f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = in[i] * f; }
"""
UNIT_A = """#include "tmpl.cuh"
void launch_a(float* o, const float* i, int n) { scale_kernel<float><<<1, 32>>>(o, i, 2.0f, n); }
__global__ void only_a(int* p) { p[0] = 1; }
"""
UNIT_B = """#include "tmpl.cuh"
void launch_b(float* o, const float* i, int n) { scale_kernel<float><<<1, 32>>>(o, i, 3.0f, n); }
void launch_c(double* o, const double* i, int n) { scale_kernel<double><<<1, 32>>>(o, i, 3.0, n); }
"""


@pytest.fixture(scope="module")
def duplicated(tmp_path_factory, nvcc) -> tuple:
    """libdup.so from two translation units that both instantiate scale_kernel<float>, for sm_80
    and sm_90; and a byte-identical copy of it under another name."""
    out = tmp_path_factory.mktemp("dup")
    for name, text in (("tmpl.cuh", HEADER), ("a.cu", UNIT_A), ("b.cu", UNIT_B)):
        (out / name).write_text(text)
    lib = out / "libdup.so"
    proc = subprocess.run([str(nvcc), "-shared", "-Xcompiler", "-fPIC", "-gencode", "arch=compute_80,code=sm_80",
                           "-gencode", "arch=compute_90,code=sm_90", str(out / "a.cu"), str(out / "b.cu"),
                           "-o", str(lib)], capture_output=True, text=True, cwd=out)
    assert proc.returncode == 0, proc.stderr[-2000:]
    copy = out / "libdup_copy.so"
    shutil.copyfile(lib, copy)
    return lib, copy


def _text_sizes(path, workdir) -> dict[tuple[str, str], list[int]]:
    """(arch, kernel) -> the `.text.<kernel>` size in each extracted cubin holding it (pyelftools)."""
    sizes: dict[tuple[str, str], list[int]] = {}
    for cubin in cuobjdump_extract(path, workdir):
        with cubin.open("rb") as handle:
            elf = ELFFile(handle)
            flags = elf.header["e_flags"]
            sm = (flags >> 8) & 0xFF if elf.header["e_ident"]["EI_ABIVERSION"] >= 8 else flags & 0xFF
            for section in elf.iter_sections():
                if section.name.startswith(".text."):
                    sizes.setdefault((f"sm_{sm}", section.name[len(".text."):]), []).append(section["sh_size"])
    return sizes


def test_duplicates_within_a_library_match_cuobjdump_and_pyelftools(duplicated, tmp_path):
    lib, _ = duplicated
    copies = Counter(cuobjdump_symbols(lib).entries)
    assert copies[("sm_80", "_Z12scale_kernelIfEvPT_PKS0_S0_i")] == 2  # cuobjdump lists both copies
    sizes = _text_sizes(lib, tmp_path / "x")
    assert {key: len(v) for key, v in sizes.items()} == dict(copies)
    expected = {key: sum(v) - max(v) for key, v in sizes.items() if len(v) > 1}
    file = analyze_paths([lib], ReportOptions()).files[0]
    assert {(d.arch, d.name): d.wasted_bytes for d in file.duplicates} == expected
    assert {(d.arch, d.name): d.copies for d in file.duplicates} == {k: len(sizes[k]) for k in expected}
    assert file.duplicate_bytes == sum(expected.values()) > 0
    wasted = [d.wasted_bytes for d in file.duplicates]
    assert wasted == sorted(wasted, reverse=True)


def test_duplicates_across_files_and_the_gate_cap(duplicated, tmp_path):
    lib, copy = duplicated
    sizes = _text_sizes(lib, tmp_path / "x")
    report = json.loads(run_kfoot("report", lib, copy, "--json").stdout)
    across = {(d["arch"], d["name"]): d for d in report["totals"]["duplicates_across_files"]}
    # Every kernel is in both files: one copy per file (its largest) counts, all but one file's wasted.
    assert set(across) == set(sizes)
    for key, entry in across.items():
        assert entry["files"] == [str(lib), str(copy)]
        assert entry["wasted_bytes"] == max(sizes[key])
    within = sum(sum(v) - max(v) for v in sizes.values())
    assert [f["duplicate_bytes"] for f in report["files"]] == [within, within]
    assert report["totals"]["duplicate_bytes"] == 2 * within + sum(max(v) for v in sizes.values())
    table = run_kfoot("report", lib, "--by", "duplicate", "--format", "markdown").stdout
    assert "`_Z12scale_kernelIfEvPT_PKS0_S0_i` | sm_80 | 2 copies |" in table
    # The cap holds NEW's duplicate bytes, whatever the baseline's.
    ok = run_kfoot("gate", "--baseline", lib, lib, "--max-duplicate-bytes", str(within), "--json")
    assert json.loads(ok.stdout)["passed"]
    over = run_kfoot("gate", "--baseline", lib, lib, "--max-duplicate-bytes", str(within - 1), "--json", check_rc=1)
    failure = json.loads(over.stdout)["failures"][0]
    assert (failure["metric"], failure["new"], failure["allowed"]) == ("duplicate_bytes", within, within - 1)
    assert_error(run_kfoot("gate", "--baseline", lib, lib, "--max-duplicate-bytes", "5%", check_rc=None), "not a percentage")


# ---------------------------------------------------------------- image sections

def _oracle_sections(path) -> dict[str, int]:
    """An extracted cubin's bytes by category, from pyelftools' section table: each file byte a
    section covers counts once (sm_100+ Mercury sections share their bytes with the sections they
    copy: `.nv.merc.nv.constant.pic` lies on `.nv.constant4`); everything else is `other`."""
    out = dict.fromkeys(("code", "constants", "metadata", "symbols", "relocations", "debug", "other"), 0)
    with path.open("rb") as handle:
        elf = ELFFile(handle)
        size = path.stat().st_size
        covered = bytearray(size)
        for section in elf.iter_sections():
            if section.header["sh_type"] in ("SHT_NULL", "SHT_NOBITS") or section.name == "":
                continue
            name = section.name.removeprefix(".nv.merc")
            if name in (".symtab", ".strtab", ".shstrtab", ".symtab_shndx"):
                part = "symbols"
            elif name.startswith((".rel.", ".rela.")):
                part = "relocations"
            elif name.startswith(".text."):
                part = "code"
            elif name.startswith(".nv.constant"):
                part = "constants"
            elif name.startswith((".debug", ".nv_debug")):
                part = "debug"
            elif name.startswith((".nv.info", ".nv.callgraph", ".nv.prototype", ".nv.rel.action", ".nv.compat",
                                  ".note")):
                part = "metadata"
            else:
                continue  # other: whatever is left
            start, end = section["sh_offset"], section["sh_offset"] + section["sh_size"]
            out[part] += covered[start:end].count(0)
            covered[start:end] = b"\1" * (end - start)
    out["other"] = size - sum(out.values())
    return out


def _arch_of(path) -> str:
    with path.open("rb") as handle:
        header = ELFFile(handle).header
    flags = header["e_flags"]
    return f"sm_{(flags >> 8) & 0xFF if header['e_ident']['EI_ABIVERSION'] >= 8 else flags & 0xFF}"


def _check_sections(path, tmp_path, **options):
    expected: dict[str, Counter] = {}
    elf_bytes: Counter = Counter()
    for cubin in cuobjdump_extract(path, tmp_path):
        expected.setdefault(_arch_of(cubin), Counter()).update(_oracle_sections(cubin))
        elf_bytes[_arch_of(cubin)] += cubin.stat().st_size
    file = analyze_paths([path], ReportOptions(**options)).files[0]
    # archs with an a/f suffix are the same sm number in the ELF header
    got: dict[str, Counter] = {}
    image_bytes: Counter = Counter()
    for name, arch in file.archs.items():
        if arch.image_sections is not None:
            got.setdefault(name.rstrip("af"), Counter()).update(arch.image_sections)
            image_bytes[name.rstrip("af")] += arch.image_bytes
    # An uncompressed image's slot may hold padding after its ELF (cuobjdump extracts the ELF
    # alone): that padding is `other` too.
    for arch, parts in expected.items():
        parts["other"] += image_bytes[arch] - elf_bytes[arch]
    assert {a: dict(+c) for a, c in got.items()} == {a: dict(+c) for a, c in expected.items()}
    assert sum(file.image_sections.values()) == file.kinds["sass"].image_bytes
    for arch in file.archs.values():
        if arch.kind == "sass":
            assert sum(arch.image_sections.values()) == arch.image_bytes
    return file


def test_image_sections_match_pyelftools_on_curand(curand_library, tmp_path):
    file = _check_sections(curand_library, tmp_path, sections=frozenset({".nv_fatbin"}))
    assert all(file.image_sections[k] > 0 for k in ("code", "constants", "metadata", "symbols", "other"))
    table = run_kfoot("report", curand_library, "--section", ".nv_fatbin", "--by", "image-section",
                      "--format", "markdown").stdout
    parts = file.image_sections
    assert f"| all SASS | {parts['code']:,} | {parts['constants']:,} |" in table


def test_image_sections_match_pyelftools_on_fixtures(duplicated, tmp_path):
    _check_sections(duplicated[0], tmp_path)


MERCURY_UNIT = """__constant__ float table[64];
__global__ void scaled(float* o, const float* i, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x; if (t < n) o[t] = i[t] * table[t & 63]; }
"""


@pytest.fixture(scope="module")
def mercury_cubin(tmp_path_factory, nvcc) -> Path:
    """An sm_100 cubin: its Mercury copies of the tables (`.nv.merc.*`) include sections of their
    own bytes, unlike libcurand's, whose Mercury sections all lie on the sections they copy."""
    out = tmp_path_factory.mktemp("merc")
    (out / "k.cu").write_text(MERCURY_UNIT)
    proc = subprocess.run([str(nvcc), "-cubin", "-arch", "sm_100", "k.cu", "-o", "k.cubin"],
                          capture_output=True, text=True, cwd=out)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out / "k.cubin"


def test_image_sections_match_pyelftools_on_mercury_names(mercury_cubin):
    """A Mercury name is read past the first words every other name is tested on: the section it
    copies can have a name longer than one word (`.nv.merc.nv.callgraph`), and a Mercury section
    of its own bytes is counted as that section's category."""
    with mercury_cubin.open("rb") as handle:
        sections = [(s.name, s["sh_offset"], s["sh_size"]) for s in ELFFile(handle).iter_sections()
                    if s.header["sh_type"] != "SHT_NOBITS" and s["sh_size"]]
    # The fixture holds what the test is about: a Mercury section that no other section overlaps,
    # whose copied name takes more than 8 bytes after `.nv.merc`.
    def alone(offset, size):
        return all(o + n <= offset or offset + size <= o for _, o, n in sections if (o, n) != (offset, size))
    own = [name for name, offset, size in sections
           if name.startswith(".nv.merc.") and len(name) > 16 and alone(offset, size)]
    assert ".nv.merc.nv.callgraph" in own, sections
    file = analyze_paths([mercury_cubin], ReportOptions()).files[0]
    assert {name: dict(+Counter(arch.image_sections)) for name, arch in file.archs.items()} == \
        {"sm_100": dict(+Counter(_oracle_sections(mercury_cubin)))}


def test_duplicates_are_ordered_by_waste_then_name_then_arch():
    """The duplicate rows' order (largest waste first, then name and arch as strings) against
    Python's own sort of every (arch, name) found more than once: names and archs whose first
    appearance is not their string order, and wastes that tie."""
    from kfoot.report.accumulate import Accumulator
    from kfoot.report.model import FileReport

    acc = Accumulator(FileReport(), ReportOptions())
    kernels = {  # arch -> (name, code bytes) in the order found
        "sm_90": [("zeta", 10), ("alpha", 10), ("zeta", 30), ("alpha", 30), ("mid", 5), ("once", 7)],
        "sm_80": [("alpha", 10), ("alpha", 30), ("beta", 40), ("beta", 20), ("zeta", 20), ("zeta", 1), ("zeta", 9)],
        "sm_100": [("mid", 10), ("mid", 10)],
    }
    for arch, found in kernels.items():
        acc.ids_by_arch[arch] = [acc._stable_id(name) for name, _ in found]
        acc.sizes_by_arch[arch] = [size for _, size in found]
    expected = []
    for arch, found in kernels.items():
        for name in {n for n, _ in found}:
            sizes = [size for n, size in found if n == name]
            if len(sizes) > 1:
                expected.append((-(sum(sizes) - max(sizes)), name, arch, len(sizes)))
    got = [(-d.wasted_bytes, d.name, d.arch, d.copies) for d in acc._duplicates()]
    assert got == sorted(expected)
    assert [w for w, *_ in got].count(-10) == 5  # ties in waste, told apart by name, then arch


def test_a_batch_mixing_elf_classes_measures_each_image_as_alone(cuda_fixtures, mercury_cubin):
    """measure_tables reorders a batch's rows by image only when the batch mixes ELF classes (the
    only batch that takes that path; real files rarely do): with 64- and 32-bit section tables
    interleaved, every image's load bytes and sections are the ones it gets measured alone (and
    those are held to pyelftools above)."""
    import dataclasses

    import numpy as np

    from kfoot.binary import cubin

    def table(path: Path):
        return cubin.parse_cubin(path.read_bytes(), with_load=True, with_sections=True, defer_tables=True,
                                 with_kernels=False).section_table

    def as_elf32(t):
        rows = np.frombuffer(t.headers, np.dtype(cubin._SECTION_DTYPE[2]))
        return dataclasses.replace(t, elf_class=1, headers=rows.astype(np.dtype(cubin._SECTION_DTYPE[1])).tobytes())

    plain, mercury = table(cuda_fixtures["fixture_sm90a.cubin"]), table(mercury_cubin)
    tables = [plain, as_elf32(plain), mercury, as_elf32(mercury), plain]
    for load in (True, False):
        batch = [dataclasses.replace(t, load=load) for t in tables]
        assert cubin.measure_tables(batch) == [cubin.measure_tables([t])[0] for t in batch]
