"""Spec keys for the compilers (include_dirs, defines, flags, nvcc_flags, nvrtc_flags) in every
build mode, registries that carry their headers, and the NVRTC check of `kfoot build --mode rtc`.

tests/flaglib is a library laid out the usual way (include/mylib/..., included with angle
brackets): it compiles only when include_dirs and the defines reach the compiler, and its
`capped` family's flag (-maxrregcount=32) is measured with cuobjdump -res-usage, the oracle.
Everything runs without a GPU (NVRTC compiles to cubin on the CPU).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import cxxfilt
import pytest

from kfoot.runtime.kernel_cache import DiskCache
from kfoot.variants.loader import SpecError, load_spec
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels, cuobjdump_extract, cuobjdump_resources
from oracles.errors import assert_error
from test_rtc_support import cubin_facts, template_id_of

FLAGLIB = Path(__file__).resolve().parent / "flaglib"
ARCH = "sm_90"
EXPECTED = {
    "scale": {"mylib::scale_kernel<float>", "mylib::scale_kernel<double>"},
    "capped": {"mylib::heavy_kernel<float, 32>"},
    "uncapped": {"mylib::heavy_kernel<float, 31>"},
}
ALL_IDS = set().union(*EXPECTED.values())
CAP = 32  # tests/flaglib/flaglib.toml: capped has flags = ["-maxrregcount=32"]


def copy_flaglib(tmp_path: Path) -> Path:
    """A private copy of tests/flaglib (the tests edit its spec and delete its sources)."""
    folder = tmp_path / "flaglib"
    shutil.copytree(FLAGLIB, folder)
    return folder / "flaglib.toml"


def env_for(cache_dir: Path) -> dict:
    env = dict(os.environ, KFOOT_CACHE_DIR=str(cache_dir))
    for name in ("KFOOT_CACHE", "KFOOT_CACHE_MAX_BYTES", "KFOOT_TRACE"):
        env.pop(name, None)
    return env


def build(*args, check_rc: int | None = 0):
    return run_kfoot("build", *args, "--arch", ARCH, "--no-progress", check_rc=check_rc)


def registers_by_template_id(path: Path) -> dict[str, int]:
    """Template-id -> registers per thread, from cuobjdump -res-usage (any fatbin or cubin)."""
    return {template_id_of(cxxfilt.demangle(name)): regs for (_, name), (regs, _) in cuobjdump_resources(path).items()}


def set_scale_define(spec: Path, family_value: str) -> None:
    """Give the `scale` family its own FLAGLIB_SCALE (it overrides the [build] one)."""
    text = spec.read_text()
    marker = 'kernel = "mylib::scale_kernel"\n'
    assert marker in text
    spec.write_text(text.replace(marker, marker + f'defines = {{ FLAGLIB_SCALE = "{family_value}" }}\n'))


def cubin_holding(fatbin: Path, template_id: str, workdir: Path) -> bytes:
    """The bytes of the cubin that cuobjdump extracts from `fatbin` and that holds the kernel."""
    chosen = [f for f in cuobjdump_extract(fatbin, workdir)
              if template_id in {template_id_of(cxxfilt.demangle(k)) for ks in cuobjdump_elf_kernels(f).values() for k in ks}]
    assert len(chosen) == 1, f"{len(chosen)} cubins hold {template_id}"
    return chosen[0].read_bytes()


# -- AOT ---------------------------------------------------------------------------------------


def test_aot_build_takes_include_dirs_defines_and_a_family_flag_and_a_define_change_recompiles(tmp_path):
    spec = copy_flaglib(tmp_path)
    out = tmp_path / "aot"
    first = json.loads(build(spec, "--mode", "aot", "-o", out, "--json").stdout)
    fatbin = out / "kernels.fatbin"
    kernels = cuobjdump_elf_kernels(fatbin)
    assert {template_id_of(cxxfilt.demangle(k)) for k in kernels[ARCH]} == ALL_IDS
    regs = registers_by_template_id(fatbin)
    assert regs["mylib::heavy_kernel<float, 32>"] <= CAP  # the family's flag reached nvcc
    assert regs["mylib::heavy_kernel<float, 31>"] > CAP  # and only that family's shard
    assert first["compiled_shards"] == first["shards"] == 3  # flags differ per family: 3 command lines
    before = cubin_holding(fatbin, "mylib::scale_kernel<float>", tmp_path / "x1")
    heavy_before = cubin_holding(fatbin, "mylib::heavy_kernel<float, 32>", tmp_path / "x2")

    again = json.loads(build(spec, "--mode", "aot", "-o", out, "--json").stdout)
    assert again["compiled_shards"] == 0 and again["up_to_date"]

    set_scale_define(spec, "5")
    changed = json.loads(build(spec, "--mode", "aot", "-o", out, "--json").stdout)
    assert changed["compiled_shards"] == 1  # ninja saw scale's command line change, nothing else
    assert cubin_holding(fatbin, "mylib::scale_kernel<float>", tmp_path / "x3") != before  # x * 5, not x * 3
    assert cubin_holding(fatbin, "mylib::heavy_kernel<float, 32>", tmp_path / "x4") == heavy_before


# -- RTC ---------------------------------------------------------------------------------------


def test_rtc_registry_carries_its_headers_and_warms_elsewhere_without_the_sources(tmp_path):
    spec = copy_flaglib(tmp_path)
    built = tmp_path / "registry"
    proc = build(spec, "--mode", "rtc", "-o", built)
    assert "check" in proc.stdout
    for rel in ("flaglib.cuh", "include/mylib/kernels.cuh", "include/mylib/detail/accumulate.cuh"):
        assert (built / "templates" / rel).read_bytes() == (FLAGLIB / rel).read_bytes()
    moved = tmp_path / "elsewhere" / "registry"
    shutil.copytree(built, moved)
    shutil.rmtree(spec.parent)
    shutil.rmtree(built)

    cache_dir = tmp_path / "cache"
    summary = json.loads(run_kfoot("warm", moved, "--arch", ARCH, "--json", env=env_for(cache_dir)).stdout)
    assert summary[ARCH]["compiled"] == len(ALL_IDS) and not summary[ARCH].get("failures")
    cache = DiskCache(cache_dir)
    found = {}
    for info in cache.entries():
        cubin = tmp_path / f"{info.key}.cubin"
        cubin.write_bytes(cache.get(info.key).cubin)
        sm, kernels = cubin_facts(cubin.read_bytes(), tmp_path)
        assert sm == 90
        for template_id, regs in registers_by_template_id(cubin).items():
            found[template_id] = regs
    assert set(found) == ALL_IDS
    assert found["mylib::heavy_kernel<float, 32>"] <= CAP < found["mylib::heavy_kernel<float, 31>"]


def test_a_define_change_gives_new_rtc_cache_keys_for_that_family_only(tmp_path):
    spec = copy_flaglib(tmp_path)
    out = tmp_path / "registry"
    env = env_for(tmp_path / "cache")
    build(spec, "--mode", "rtc", "-o", out, "--no-check")
    first = json.loads(run_kfoot("warm", out, "--arch", ARCH, "--json", env=env).stdout)[ARCH]
    assert first["compiled"] == 4
    build(spec, "--mode", "rtc", "-o", out, "--no-check")  # the same spec: the same keys
    same = json.loads(run_kfoot("warm", out, "--arch", ARCH, "--json", env=env).stdout)[ARCH]
    assert (same["compiled"], same["cache_hits"]) == (0, 4)

    set_scale_define(spec, "5")
    build(spec, "--mode", "rtc", "-o", out, "--no-check")
    changed = json.loads(run_kfoot("warm", out, "--arch", ARCH, "--json", env=env).stdout)[ARCH]
    assert (changed["compiled"], changed["cache_hits"]) == (2, 2)
    entries = DiskCache(tmp_path / "cache").entries()
    assert len(entries) == 6
    names = sorted(i.meta["name_expression"] for i in entries)
    assert names.count("mylib::scale_kernel<float>") == 2 and names.count("mylib::heavy_kernel<float, 32>") == 1


# -- the NVRTC check of kfoot build --------------------------------------------------------------

GOOD = "#pragma once\ntemplate <typename T> __global__ void good_kernel(T* p) { p[0] = T(1); }\n"
BAD = ("#pragma once\n#include <cstdint>\n"
       "template <typename T> __global__ void bad_kernel(T* p) { p[0] = T(sizeof(std::int32_t)); }\n")


def host_header_spec(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.cuh").write_text(GOOD)
    (folder / "bad.cuh").write_text(BAD)
    spec = folder / "s.toml"
    spec.write_text(
        '[[family]]\nname = "good"\nheader = "good.cuh"\nkernel = "good_kernel"\nparams = ["T"]\n'
        '[family.axes]\nT = ["float32", "int32"]\n\n'
        '[[family]]\nname = "bad"\nheader = "bad.cuh"\nkernel = "bad_kernel"\nparams = ["T"]\n'
        '[family.axes]\nT = ["float32", "int32"]\n')
    return spec


def test_rtc_build_of_a_header_nvrtc_cannot_compile_fails_with_one_line_per_family(tmp_path):
    spec = host_header_spec(tmp_path / "lib")
    proc = build(spec, "--mode", "rtc", "-o", tmp_path / "out", check_rc=2)
    family_lines = [line for line in proc.stderr.splitlines() if "family '" in line]
    assert len(family_lines) == 1, proc.stderr
    assert "family 'bad'" in family_lines[0] and "bad.cuh" in family_lines[0]
    assert 'cannot open source file "cstdint"' in family_lines[0]
    assert "Traceback" not in proc.stderr and proc.stderr.startswith("kfoot: error: ")

    skipped = build(spec, "--mode", "rtc", "-o", tmp_path / "skipped", "--no-check")
    assert (tmp_path / "skipped" / "registry.json").is_file() and "check" not in skipped.stdout


def test_hybrid_build_checks_the_registry_too(tmp_path):
    from kfoot import runtime

    spec = host_header_spec(tmp_path / "lib")
    build(spec, "--mode", "rtc", "-o", tmp_path / "rtc", "--no-check")
    trace = tmp_path / "trace.jsonl"
    runtime.open_registry(tmp_path / "rtc", cache=None, trace=trace).kernel("good", T="float32")
    proc = build(spec, "--mode", "hybrid", "--hot", trace, "-o", tmp_path / "hybrid", check_rc=2)
    family_lines = [line for line in proc.stderr.splitlines() if "family '" in line]
    assert len(family_lines) == 1 and "bad.cuh" in family_lines[0] and "cstdint" in family_lines[0]
    # The AOT part compiled (nvcc has the C++ library): cuobjdump finds the hot kernel.
    kernels = cuobjdump_elf_kernels(tmp_path / "hybrid" / "kernels.fatbin")
    assert {template_id_of(cxxfilt.demangle(k)) for k in kernels[ARCH]} == {"good_kernel<float>"}


# -- flags a compiler rejects, and spec errors ----------------------------------------------------


@pytest.mark.parametrize("where, key, mode, compiler, flag", [
    ("family", "nvrtc_flags", "rtc", "NVRTC", "--no-such-flag"),
    ("family", "nvcc_flags", "aot", "nvcc", "-std=c++99"),
    ("build", "flags", "aot", "nvcc", "-std=c++99"),
    ("build", "nvcc_flags", "aot", "nvcc", "-Xcompiler=-march=no-such-cpu"),
    ("build", "flags", "rtc", "NVRTC", "--no-such-flag"),
])
def test_a_flag_the_compiler_rejects_is_one_line_naming_flag_key_and_compiler(tmp_path, where, key, mode, compiler,
                                                                               flag):
    """A flag kfoot's allow-list takes (kfoot.compile.nvcc_checks) but nvcc or the host compiler does not know."""
    spec = copy_flaglib(tmp_path)
    text = spec.read_text()
    if where == "build":
        text = text.replace("[build]\n", f'[build]\n{key} = ["-lineinfo", "{flag}"]\n')
        expected_key = f"key 'build.{key}'"
    else:
        marker = 'kernel = "mylib::scale_kernel"\n'
        text = text.replace(marker, marker + f'{key} = ["-lineinfo", "{flag}"]\n')
        expected_key = f"family 'scale': key '{key}'"
    spec.write_text(text)
    out = tmp_path / "out"
    message = assert_error(build(spec, "--mode", mode, "-o", out, check_rc=None), f"'{flag}'", expected_key)
    # NVRTC options outside kfoot's allow-list (kfoot.runtime.nvrtc._SAFE_OPTION) are refused before NVRTC sees them.
    assert f"{compiler} rejects" in message or (compiler == "NVRTC" and "not one kfoot passes to NVRTC" in message)
    assert not (out / "registry.json").exists() and not (out / "kernels.fatbin").exists()


@pytest.mark.parametrize("snippet, key, words", [
    ('[build]\ninclude_dirs = ["nowhere"]\n', "build.include_dirs", "does not exist"),
    ('[build]\ninclude_dirs = ["s.toml"]\n', "build.include_dirs", "is a file, not a folder"),
    ('[build]\ndefines = { "1BAD" = 1 }\n', "build.defines.1BAD", "plain identifier"),
    ('[build]\ndefines = { X = [1] }\n', "build.defines.X", "string, number or boolean"),
    ('[build]\nnvcc_flags = "-O2"\n', "build.nvcc_flags", "list of compiler flags"),
    ('[build]\nflags = ["-arch=sm_80"]\n', "build.flags", "archs come from --arch"),
])
def test_bad_build_keys_are_one_line_naming_the_key(tmp_path, snippet, key, words):
    (tmp_path / "k.cuh").write_text(GOOD)
    spec = tmp_path / "s.toml"
    spec.write_text(snippet + '[[family]]\nname = "k"\nheader = "k.cuh"\nkernel = "good_kernel"\n'
                    'params = ["T"]\n[family.axes]\nT = ["float32"]\n')
    with pytest.raises(SpecError) as info:
        load_spec(spec)
    assert_error(info.value, f"key '{key}'", words)


def test_family_options_add_to_the_build_ones(tmp_path):
    spec = load_spec(FLAGLIB / "flaglib.toml")
    capped = spec.family("capped").build
    assert capped.include_dirs == ((FLAGLIB / "include").resolve(),)
    assert dict(capped.defines) == {"FLAGLIB_SCALE": "3", "FLAGLIB_UNROLL": "32"}
    assert capped.flags == ("-maxrregcount=32",)
    assert spec.family("scale").build.flags == ()
    # The spec's hash covers the headers reached through include_dirs (angle brackets).
    assert (FLAGLIB / "include/mylib/detail/accumulate.cuh").resolve() in spec.headers()
