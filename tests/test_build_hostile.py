"""Hostile specs and output folders, built: nothing in a spec is interpreted by a shell, nothing
outside the spec's folders is shipped in a registry, a build deletes only files it made and
never writes through a link, shard names neither collide nor overflow a file name, and a
rebuild that fails at link leaves the previous outputs together (issue 29, items 1, 2, 3, 6,
19, 20).

Oracles: the file system (a command a value would run leaves a file; a victim file survives),
pyelftools (the bytes a macro compiled into, read from the library's own symbol table),
cuobjdump (the kernels a fatbin holds), c++filt, hashlib (outputs unchanged to the byte)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

import cxxfilt
import pytest
from elftools.elf.elffile import ELFFile

from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols
from oracles.errors import assert_error

ARCH = "sm_90"
KERNEL = "template <typename T> __global__ void k(T* p) { p[0] = T(1); }\n"


def family(name: str, header: str = "k.cuh", dtypes=("float32",), extra: str = "") -> str:
    values = ", ".join(f'"{d}"' for d in dtypes)
    return (f'[[family]]\nname = "{name}"\nheader = "{header}"\nkernel = "k"\nparams = ["T"]\n{extra}'
            f"[family.axes]\nT = [{values}]\n\n")


def write_spec(folder: Path, text: str, header: str = "#pragma once\n" + KERNEL, name: str = "k.cuh") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(header)
    spec = folder / "s.toml"
    spec.write_text(text)
    return spec


def build(spec: Path, out: Path, *args, check_rc: int | None = 0):
    return run_kfoot("build", spec, "-o", out, "--arch", ARCH, "--no-progress", *args, check_rc=check_rc)


def kernels_in(path: Path) -> set[str]:
    """The kernels cuobjdump finds, demangled."""
    return {cxxfilt.demangle(name) for name in cuobjdump_symbols(path).kernel_names}


def exported_string(library: Path, symbol: str) -> bytes:
    """The NUL-terminated bytes an exported `const char[]` holds, read with pyelftools."""
    with library.open("rb") as handle:
        elf = ELFFile(handle)
        found = next(s for s in elf.get_section_by_name(".dynsym").iter_symbols() if s.name == symbol)
        address, size = found["st_value"], found["st_size"]
        section = next(s for s in elf.iter_sections() if s["sh_addr"] <= address < s["sh_addr"] + s["sh_size"])
        data = section.data()[address - section["sh_addr"]:][:size]
    return data.rstrip(b"\0")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- item 1: macros reach the compiler literally ---------------------------------------------------------


def test_define_values_and_d_flags_reach_the_compiler_literally_and_run_nothing(tmp_path):
    ran = [tmp_path / f"RAN{i}" for i in range(4)]
    values = {
        "KFT_X": f"1 $(touch {ran[0]})",
        "KFT_Y": f"`touch {ran[1]}`",
        "KFT_W": "$HOME ;|&<> a,b \"c d\"",
    }
    names = ["KFT_X", "KFT_Y", "KFT_W", "KFT_Z", "KFT_V"]
    header = ("#pragma once\n#define STR2(...) #__VA_ARGS__\n#define STR(...) STR2(__VA_ARGS__)\n"
              + "".join(f'extern "C" __attribute__((visibility("default"))) const char seen_{n}[] = STR({n});\n'
                        for n in names) + KERNEL)
    defines = ", ".join(f"{name} = {json.dumps(value)}" for name, value in values.items())
    text = (f"[build]\ndefines = {{ {defines} }}\nflags = ['-DKFT_Z=$(touch {ran[2]})']\n"
            f"nvcc_flags = ['-DKFT_V', '--define-macro=KFT_U=`touch {ran[3]}`']\n" + family("k"))
    spec = write_spec(tmp_path / "lib", text, header)
    out = tmp_path / "out"
    build(spec, out)
    library = out / "libkfoot_kernels.so"
    for name, value in values.items():
        assert exported_string(library, f"seen_{name}") == value.encode()
    assert exported_string(library, "seen_KFT_Z") == f"$(touch {ran[2]})".encode()
    assert exported_string(library, "seen_KFT_V") == b"1"  # -DV defines V as 1, as on a command line
    assert not any(path.exists() for path in ran), [p.name for p in ran if p.exists()]
    assert kernels_in(out / "kernels.fatbin") == {"void k<float>(float*)"}


def test_a_flag_the_spec_allows_reaches_nvcc(tmp_path):
    log = tmp_path / "host-compiler.log"
    wrapper = tmp_path / "bin" / "g++"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec /usr/bin/g++ "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    flag = f"-ccbin={wrapper}"
    common = ("-Xptxas=-v", "-Xcompiler=-Wall,-fno-strict-aliasing", "--use_fast_math", "-lineinfo",
              "--expt-relaxed-constexpr", "-Xcudafe=--diag_suppress=177", "-std=c++17")
    flags = ", ".join(f"'{f}'" for f in (*common, flag))
    spec = write_spec(tmp_path / "lib", f"[build]\nnvcc_flags = [{flags}]\nallow_nvcc_flags = ['{flag}']\n"
                      + family("k"))
    build(spec, tmp_path / "out")
    assert log.is_file() and "-fno-strict-aliasing" in log.read_text()
    assert kernels_in(tmp_path / "out" / "kernels.fatbin") == {"void k<float>(float*)"}


# -- item 3: an RTC registry ships only files under the spec's folder and include_dirs -------------------


def outside_includes(tmp_path: Path) -> list[str]:
    outside = tmp_path / "elsewhere" / "secret.cuh"
    outside.parent.mkdir(parents=True)
    outside.write_text("// SECRET outside the spec's folders\n")
    return ["/etc/shadow", "/proc/self/environ", "/proc/self/pagemap", str(outside), "../elsewhere/secret.cuh",
            "link.cuh"]


@pytest.mark.parametrize("index", range(6))
@pytest.mark.parametrize("mode", ["rtc", "hybrid"])
def test_a_header_including_a_file_outside_the_spec_folders_is_one_line_and_nothing_is_copied(tmp_path, index,
                                                                                             mode):
    target = outside_includes(tmp_path)[index]
    lib = tmp_path / "lib"
    lib.mkdir()
    os.symlink(tmp_path / "elsewhere" / "secret.cuh", lib / "link.cuh")
    header = f'#pragma once\n#if 0\n#include "{target}"\n#endif\n' + KERNEL
    spec = write_spec(lib, family("k"), header)
    args = ["--mode", mode, "--no-check"]
    if mode == "hybrid":
        trace = tmp_path / "trace.jsonl"
        trace.write_text(json.dumps({"family": "k", "template_id": "k<float>", "values": {"T": "float32"}}) + "\n")
        args += ["--hot", str(trace)]
    out = tmp_path / "out"
    message = assert_error(build(spec, out, *args, check_rc=None), "k.cuh", "outside")
    assert "SECRET" not in message
    assert not out.exists()  # refused before anything is compiled or written


def test_files_under_include_dirs_outside_the_spec_folder_are_shipped(tmp_path):
    shared = tmp_path / "shared" / "mylib"
    shared.mkdir(parents=True)
    (shared / "value.cuh").write_text("#pragma once\n#define MYLIB_VALUE 7\n")
    header = "#pragma once\n#include <mylib/value.cuh>\n" + KERNEL
    spec = write_spec(tmp_path / "lib", "[build]\ninclude_dirs = ['../shared']\n" + family("k"), header)
    out = tmp_path / "out"
    build(spec, out, "--mode", "rtc", "--no-check")
    shipped = {p.relative_to(out / "templates").as_posix(): p.read_bytes()
               for p in (out / "templates").rglob("*") if p.is_file()}
    assert sorted(shipped.values()) == sorted([(tmp_path / "lib" / "k.cuh").read_bytes(),
                                               (shared / "value.cuh").read_bytes()])


# A macro operand (`#include NAME(args)`, `#include NAME`), as CUTLASS writes CUDA_STD_HEADER(x):
# the walk expands it from the header's own #define, so a macro leads nowhere a written name may not.
MACRO_INCLUDES = {
    "function-like": '#define SECRET_HEADER(name) "/etc/name"\n#if 0\n#include SECRET_HEADER(shadow)\n#endif\n',
    "object-like": '#if 0\n#include SECRET_HEADER\n#endif\n#define SECRET_HEADER "/etc/shadow"\n',
}


@pytest.mark.parametrize("form", sorted(MACRO_INCLUDES))
def test_a_macro_include_of_a_file_outside_the_spec_folders_is_one_line_and_nothing_is_copied(tmp_path, form):
    spec = write_spec(tmp_path / "lib", family("k"), "#pragma once\n" + MACRO_INCLUDES[form] + KERNEL)
    out = tmp_path / "out"
    assert_error(build(spec, out, "--mode", "rtc", "--no-check", check_rc=None), "k.cuh", "/etc/shadow", "outside")
    assert not out.exists()


def test_a_header_reached_through_a_macro_include_is_shipped(tmp_path):
    shared = tmp_path / "shared" / "mylib"
    shared.mkdir(parents=True)
    (shared / "value.cuh").write_text("#pragma once\n#define MYLIB_VALUE 7\n")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "config.cuh").write_text("#pragma once\n#define MYLIB_HEADER(h) <mylib/h>\n")
    header = '#pragma once\n#include "config.cuh"\n#include MYLIB_HEADER(value.cuh)\n' + KERNEL
    spec = write_spec(tmp_path / "lib", "[build]\ninclude_dirs = ['../shared']\n" + family("k"), header)
    out = tmp_path / "out"
    build(spec, out, "--mode", "rtc", "--no-check")
    shipped = sorted(p.read_bytes() for p in (out / "templates").rglob("*") if p.is_file())
    assert shipped == sorted(p.read_bytes() for p in (tmp_path / "lib" / "k.cuh", tmp_path / "lib" / "config.cuh",
                                                     shared / "value.cuh"))


def test_a_pagemap_include_in_an_aot_build_is_one_line(tmp_path):
    header = '#pragma once\n#if 0\n#include "/proc/self/pagemap"\n#endif\n' + KERNEL
    spec = write_spec(tmp_path / "lib", family("k"), header)
    assert_error(build(spec, tmp_path / "out", check_rc=None), "pagemap")


# -- item 6: a build deletes only what it made, and never through a link -----------------------------------


def test_a_line_planted_in_the_ninja_log_deletes_nothing(tmp_path):
    spec = write_spec(tmp_path / "lib", family("k", dtypes=("float32", "int32")))
    out = tmp_path / "out"
    build(spec, out, "--shard-size", "1", "--json")
    first = json.loads((out / "manifest.json").read_text())
    victims = [tmp_path / "victim_absolute.txt", tmp_path / "victim_relative.txt", out / "build" / "src" / "mine.cu"]
    for victim in victims:
        victim.write_text("the user's\n")
    with (out / "build" / ".ninja_log").open("a") as log:
        log.write(f"1\t2\t3\t{victims[0]}\tdeadbeefdeadbeef\n")
        log.write("1\t2\t3\t../../victim_relative.txt\tdeadbeefdeadbeef\n")
        log.write("1\t2\t3\tsrc/mine.cu\tdeadbeefdeadbeef\n")
    # One variant less: build.ninja changes and a shard goes dead.
    spec.write_text(family("k", dtypes=("float32",)))
    build(spec, out, "--shard-size", "1")
    assert all(victim.read_text() == "the user's\n" for victim in victims)
    second = json.loads((out / "manifest.json").read_text())
    dead = {s["object"] for s in first["shards"]} - {s["object"] for s in second["shards"]}
    assert len(dead) == 1 and not (out / dead.pop()).exists()  # what kfoot made still goes
    assert kernels_in(out / "kernels.fatbin") == {"void k<float>(float*)"}


def test_a_build_under_another_name_replaces_only_the_library_the_manifest_names(tmp_path):
    spec = write_spec(tmp_path / "lib", family("k"))
    out = tmp_path / "out"
    build(spec, out, "--name", "first")
    assert (out / "libfirst.so").is_file()
    build(spec, out, "--name", "second")
    assert not (out / "libfirst.so").exists() and kernels_in(out / "libsecond.so") == {"void k<float>(float*)"}
    # A manifest that names something kfoot could not have written there deletes nothing.
    victim = tmp_path / "victim.so"
    victim.write_text("the user's\n")
    os.symlink(victim, out / "libthird.so")
    for index, planted in enumerate(("../victim.so", str(victim), "libthird.so")):
        manifest = json.loads((out / "manifest.json").read_text())
        manifest["library"] = planted
        (out / "manifest.json").write_text(json.dumps(manifest))
        build(spec, out, "--name", f"fresh{index}")  # a library new to the folder: the manifest is read
    assert victim.read_text() == "the user's\n" and (out / "libthird.so").is_symlink()


@pytest.mark.parametrize("linked, mode", [("build", "aot"), ("build/src", "aot"), ("build/obj", "aot"),
                                          ("build/inc", "aot"), ("include", "aot"), ("build/.ninja_log", "aot"),
                                          ("build/src", "hybrid")])
def test_a_build_subfolder_that_is_a_link_is_refused_before_anything_is_written(tmp_path, linked, mode):
    spec = write_spec(tmp_path / "lib", family("k"))
    trace = tmp_path / "trace.jsonl"
    trace.write_text('{"template_id": "k<float>"}\n')
    user = tmp_path / "users-folder"
    user.mkdir()
    (user / "user.cu").write_text("// the user's\n")
    out = tmp_path / "out"
    (out / linked).parent.mkdir(parents=True, exist_ok=True)
    os.symlink(user, out / linked)
    before = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    args = ["--mode", mode, *(["--hot", trace] if mode == "hybrid" else [])]
    assert_error(build(spec, out, *args, check_rc=None), str(out / linked), "link")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == before
    assert (user / "user.cu").read_text() == "// the user's\n"


# -- item 19: shard names ---------------------------------------------------------------------------------


def test_families_whose_names_sanitise_alike_or_are_300_characters_long_build(tmp_path):
    long_name = "f" * 300
    text = (family("a-b", dtypes=("float32",)) + family("a.b", dtypes=("int32",))
            + family(long_name, dtypes=("float64",)))
    spec = write_spec(tmp_path / "lib", text)
    out = tmp_path / "out"
    build(spec, out, "--shard-size", "1")
    expected = {"void k<float>(float*)", "void k<int>(int*)", "void k<double>(double*)"}
    assert kernels_in(out / "kernels.fatbin") == expected
    assert kernels_in(out / "libkfoot_kernels.so") == expected
    shards = json.loads((out / "manifest.json").read_text())["shards"]
    assert len({s["object"] for s in shards}) == 3
    assert all(len(name) < 100 for p in (out / "build").rglob("*") for name in [p.name])


# -- item 20: outputs are installed together, after the link ----------------------------------------------


def test_a_rebuild_that_fails_at_link_leaves_the_previous_outputs_together(tmp_path):
    # A host function defined (not inline) in the header: one shard links, two define it twice.
    header = "#pragma once\nint kfoot_test_helper() { return 1; }\n" + KERNEL
    spec = write_spec(tmp_path / "lib", family("k", dtypes=("float32",)), header)
    out = tmp_path / "out"
    build(spec, out, "--shard-size", "1")
    outputs = [out / "kernels.fatbin", out / "libkfoot_kernels.so", out / "manifest.json"]
    before = [sha256(p) for p in outputs]
    spec.write_text(family("k", dtypes=("float32", "int32")))
    proc = build(spec, out, "--shard-size", "1", check_rc=2)
    assert "multiple definition" in proc.stderr and "Traceback" not in proc.stderr
    assert [sha256(p) for p in outputs] == before
    assert kernels_in(out / "kernels.fatbin") == {"void k<float>(float*)"}
