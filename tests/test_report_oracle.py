"""kfoot report against cuobjdump, on fixtures built with nvcc at test time and on libcurand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from kfoot.report.analyze import ReportOptions, analyze_paths
from oracles import fatbin
from oracles.cuobjdump import (cuobjdump_extract, cuobjdump_ptx_entries, cuobjdump_resources, cuobjdump_symbols,
                               run_cuobjdump)

# kernels.cu defines 4 binary_kernel + 3 fill_kernel instantiations and 1 plain kernel.
KERNELS_PER_IMAGE = 8
ELF_FIXTURES = ["obj_none.o", "obj_speed.o", "obj_balance.o", "obj_size.o", "obj_default.o", "obj_compress_all.o",
                "obj_rdc.o", "obj_concat.o", "obj_ptx_only.o", "libfixture.so", "fixture_exe", "libfixture.a"]
RAW_FIXTURES = ["fixture.fatbin", "fixture_sm90a.cubin"]


def _fatbin_sections(path: Path) -> set[str]:
    with open(path, "rb") as f:
        return {s.name for s in ELFFile(f).iter_sections() if s.name in (".nv_fatbin", "__nv_relfatbin")}


def _default_view_sections(path: Path) -> frozenset[str]:
    """cuobjdump's default view: the executable fatbin if there is one, else the relocatable one."""
    if path.suffix == ".a":
        return frozenset({".nv_fatbin", "__nv_relfatbin"})  # each member has one or the other
    present = _fatbin_sections(path)
    return frozenset({".nv_fatbin"} if ".nv_fatbin" in present else present)


def _sass_kernels_by_arch(file) -> dict[str, int]:
    return {name: a.kernels for name, a in file.archs.items() if a.kind == "sass" and a.kernels}


@pytest.mark.parametrize("name", ELF_FIXTURES + RAW_FIXTURES)
def test_default_view_matches_cuobjdump(cuda_fixtures, name):
    path = cuda_fixtures[name]
    oracle = cuobjdump_symbols(path)
    sections = None if name in RAW_FIXTURES else _default_view_sections(path)
    file = analyze_paths([path], ReportOptions(sections=sections)).files[0]
    assert file.kernels == oracle.kernels
    assert file.global_symbols == oracle.global_symbols
    if name != "fixture_sm90a.cubin":  # cuobjdump prints no arch for a raw cubin
        assert _sass_kernels_by_arch(file) == dict(oracle.kernels_by_arch)
        sass_images = {n: a.images for n, a in file.archs.items() if a.kind == "sass"}
        assert sass_images == dict(oracle.sass_images_by_arch)
        ptx_images = {n: a.images for n, a in file.archs.items() if a.kind == "ptx"}
        assert ptx_images == dict(oracle.ptx_images_by_arch)


@pytest.mark.parametrize("name", ELF_FIXTURES)
def test_all_sections_match_cuobjdump_all(cuda_fixtures, name):
    path = cuda_fixtures[name]
    oracle = cuobjdump_symbols(path, all_fatbins=True)
    file = analyze_paths([path]).files[0]
    assert file.kernels == oracle.kernels
    assert file.global_symbols == oracle.global_symbols
    assert _sass_kernels_by_arch(file) == dict(oracle.kernels_by_arch)


def test_kernel_count_follows_the_source(cuda_fixtures):
    file = analyze_paths([cuda_fixtures["libfixture.so"]]).files[0]
    assert file.kernels == KERNELS_PER_IMAGE * 2  # sm_80 and sm_90a
    assert file.distinct_kernels == KERNELS_PER_IMAGE
    assert set(file.archs) == {"sm_80", "sm_90a"}
    families = {f.name: (f.kernels, f.distinct_kernels) for f in file.families}
    assert families == {"kfoot::binary_kernel": (8, 4), "kfoot::fill_kernel": (6, 3), "kfoot::plain_kernel": (2, 1)}


def test_grep_lookalike_names_are_not_counted(cuda_fixtures):
    """The rdc object exports a device function whose name contains GLOBAL and ENTRY."""
    path = cuda_fixtures["obj_rdc.o"]
    out = run_cuobjdump("-symbols", path)
    naive_entry = sum(1 for line in out.splitlines() if "ENTRY" in line)
    file = analyze_paths([path]).files[0]
    assert file.kernels == KERNELS_PER_IMAGE * 2
    assert naive_entry > file.kernels  # grep would over-count


@pytest.mark.parametrize("name,expected", [
    ("obj_none.o", {"none"}),
    ("obj_speed.o", {"none", "lz4"}),
    ("obj_size.o", {"zstd"}),
    ("obj_compress_all.o", {"zstd"}),
])
def test_compression_modes(cuda_fixtures, name, expected):
    path = cuda_fixtures[name]
    file = analyze_paths([path]).files[0]
    used = {method for method, count in file.compression.items() if count}
    assert used == expected
    assert file.compression["lz4"] + file.compression["zstd"] == cuobjdump_symbols(path).compressed_images
    assert file.images["undecodable"] == 0
    assert file.kernels == KERNELS_PER_IMAGE


def test_uncompressed_bytes_match_extracted_cubins(cuda_fixtures, tmp_path):
    path = cuda_fixtures["obj_size.o"]
    extracted = sum(p.stat().st_size for p in cuobjdump_extract(path, tmp_path, "elf") if "sm_80" in p.name)
    file = analyze_paths([path]).files[0]
    assert extracted > 0
    assert file.archs["sm_80"].image_bytes == extracted
    assert file.archs["sm_80"].stored_bytes < extracted  # zstd at --compress-mode=size


def test_ltoir_is_counted_from_its_header(cuda_fixtures):
    file = analyze_paths([cuda_fixtures["obj_lto.o"]]).files[0]
    assert file.images["ltoir"] == 1
    assert set(file.archs) == {"lto_90"}
    assert file.archs["lto_90"].stored_bytes > 0
    assert file.kernels == 0


def test_byte_attribution_adds_up_to_the_file_size(cuda_fixtures):
    for name, path in cuda_fixtures.items():
        file = analyze_paths([path]).files[0]
        device = sum(a.stored_bytes for a in file.archs.values())
        assert device == file.stored_bytes, name
        assert file.host_bytes + file.overhead_bytes + device + file.filtered_bytes == file.size == path.stat().st_size, name
        if name.endswith((".o", ".so")) or name == "fixture_exe":
            # independent: host bytes are everything outside the fatbin sections (no embedded containers here)
            with open(path, "rb") as f:
                fatbin_bytes = sum(s["sh_size"] for s in ELFFile(f).iter_sections()
                                   if s.name in (".nv_fatbin", "__nv_relfatbin"))
            assert file.host_bytes == path.stat().st_size - fatbin_bytes, name


def test_filters_keep_the_attribution_whole(cuda_fixtures):
    path = cuda_fixtures["libfixture.so"]
    file = analyze_paths([path], ReportOptions(archs=frozenset({"sm_80"}))).files[0]
    assert set(file.archs) == {"sm_80"}
    assert file.kernels == KERNELS_PER_IMAGE
    assert file.filtered_bytes > 0
    assert file.host_bytes + file.overhead_bytes + file.stored_bytes + file.filtered_bytes == file.size
    only_fill = analyze_paths([path], ReportOptions(kernel_filter=r"fill_kernel")).files[0]
    assert only_fill.kernels == 3 * 2
    assert [f.name for f in only_fill.families] == ["kfoot::fill_kernel"]


def test_per_kernel_resources_match_cuobjdump(cuda_fixtures):
    path = cuda_fixtures["obj_none.o"]
    oracle = cuobjdump_resources(path)
    file = analyze_paths([path], ReportOptions(kernel_rows=True)).files[0]
    rows = {(k.arch, k.name): k for k in file.kernel_rows}
    assert len(rows) == KERNELS_PER_IMAGE
    for key, (registers, shared) in oracle.items():
        assert (rows[key].registers, rows[key].shared_bytes) == (registers, shared), key
    # parameter bytes by the C ABI: pointers 8, int 4, float 4 then long long aligned to 8
    params = {k.name: k.param_bytes for k in file.kernel_rows}
    assert params["_ZN5kfoot13binary_kernelINS_2op3AddEfEEvPKT0_S5_PS3_i"] == 8 * 3 + 4
    assert params["_ZN5kfoot11fill_kernelIfLi1EEEvPT_S1_x"] == 8 + 4 + 4 + 8
    assert params["_ZN5kfoot12plain_kernelEPi"] == 8
    assert all(k.code_bytes > 0 and k.code_bytes % 16 == 0 for k in file.kernel_rows)


# ---------------------------------------------------------------- a real NVIDIA library

@pytest.fixture(scope="module")
def curand_report(curand_analysis):
    return curand_analysis


def test_curand_default_view_matches_cuobjdump(curand_library):
    oracle = cuobjdump_symbols(curand_library)
    file = analyze_paths([curand_library], ReportOptions(sections=frozenset({".nv_fatbin"}))).files[0]
    assert oracle.kernels > 0
    assert file.kernels == oracle.kernels
    assert file.global_symbols == oracle.global_symbols
    assert _sass_kernels_by_arch(file) == dict(oracle.kernels_by_arch)


def test_curand_all_view_sees_what_cuobjdump_cannot(curand_library, curand_report, tmp_path):
    all_view = cuobjdump_symbols(curand_library, all_fatbins=True)
    embedded = {name: s for name, s in curand_report.sections.items() if name not in (".nv_fatbin", "__nv_relfatbin")}
    assert embedded, "libcurand keeps containers outside .nv_fatbin"
    # Oracle for what cuobjdump cannot see: cut the embedded containers out into one .fatbin
    # file, which cuobjdump does read, and compare counts. The containers are found by scanning
    # those sections for container headers (oracles.fatbin, not kfoot's parser).
    data = curand_library.read_bytes()
    cut = tmp_path / "embedded.fatbin"
    with open(cut, "wb") as out:
        for name in embedded:
            start, end = fatbin.section_range(curand_library, name)
            found = fatbin.scan(data, start, end)
            assert found, name
            for container in found:
                out.write(data[container.offset:container.end])
    hidden = cuobjdump_symbols(cut)
    assert hidden.kernels == sum(s.kernels for s in embedded.values())
    assert curand_report.kernels == all_view.kernels + hidden.kernels
    assert curand_report.global_symbols == all_view.global_symbols + hidden.global_symbols
    merged = Counter(all_view.kernels_by_arch) + Counter(hidden.kernels_by_arch)
    assert _sass_kernels_by_arch(curand_report) == dict(merged)
    assert curand_report.host_bytes + curand_report.overhead_bytes + curand_report.stored_bytes == \
        curand_library.stat().st_size


def test_family_bytes_are_code_bytes_of_extracted_cubins(cuda_fixtures, tmp_path):
    """Oracle: the cubins cuobjdump extracts, read with pyelftools: each family is charged the
    sizes of its kernels' .text sections."""
    path = cuda_fixtures["obj_none.o"]
    expected = Counter()
    prefixes = {"kfoot::binary_kernel": ".text._ZN5kfoot13binary_kernel", "kfoot::fill_kernel":
                ".text._ZN5kfoot11fill_kernel", "kfoot::plain_kernel": ".text._ZN5kfoot12plain_kernel"}
    for cubin_path in cuobjdump_extract(path, tmp_path, "elf"):
        with open(cubin_path, "rb") as f:
            for section in ELFFile(f).iter_sections():
                for family, prefix in prefixes.items():
                    if section.name.startswith(prefix):
                        expected[family] += section["sh_size"]
    file = analyze_paths([path]).files[0]
    assert {f.name: f.code_bytes for f in file.families} == dict(expected)


def test_ptx_entries_match_cuobjdump_ptx(cuda_fixtures):
    path = cuda_fixtures["obj_size.o"]
    entries = len(cuobjdump_ptx_entries(path))
    assert entries == KERNELS_PER_IMAGE
    counted = analyze_paths([path], ReportOptions(ptx_entries=True)).files[0]
    assert counted.archs["compute_90"].kernels == entries
    assert analyze_paths([path]).files[0].archs["compute_90"].kernels == 0  # not scanned unless asked
