"""Shipping what kfoot builds (examples/ship): configure, build, `cmake --install` to a prefix,
delete the build tree, move the prefix, build a consumer against the moved prefix with g++ alone,
and run it as on another machine: /work/shared/tools/as-another-machine runs it under `env -i`
with the kfoot checkout, the builder's venv and the system CUDA covered by empty tmpfs mounts, and
only a folder holding libnvrtc on LD_LIBRARY_PATH. Oracles: cuobjdump's function list and
pyelftools' .text of the cubin the Python runtime compiled in the build tree; the Python disk
cache's own reader; a byte search of every installed file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kfoot import runtime
from kfoot.runtime import nvrtc
from oracles.cli import REPO, run_kfoot
from test_cmake_package import _cmake, _ninja
from test_cpp_runtime import _functions, _texts

AS_ANOTHER_MACHINE = Path("/work/shared/tools/as-another-machine")
HOT = "example::scale_kernel<float, 2>"


def _ship(root: Path, mode: str, reference: Path | None = None) -> dict:
    """examples/ship built in `mode` (hybrid or rtc), installed, its build tree deleted, the prefix
    moved, and the consumer built against the moved prefix with g++ alone. The reference cubin is
    the one Python compiles from the build tree's registry, unless one is given."""
    if not AS_ANOTHER_MACHINE.is_file() or os.geteuid() != 0:
        pytest.fail(f"{AS_ANOTHER_MACHINE} (run as root) is needed to run the consumer as on another machine")
    build = root / "build"
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               KFOOT_CACHE="off")
    subprocess.run([_cmake(), "-S", str(REPO / "examples" / "ship"), "-B", str(build), "-G", "Ninja",
                    f"-DCMAKE_MAKE_PROGRAM={_ninja()}", "-Dkfoot_DIR=" + run_kfoot("config", "--cmake-dir").stdout.strip(),
                    "-DCMAKE_CUDA_ARCHITECTURES=90-real", f"-DSHIPLIB_MODE={mode}"],
                   check=True, env=env, capture_output=True, text=True)
    for step in (["--build", str(build)], ["--install", str(build), "--prefix", str(root / "prefix")]):
        proc = subprocess.run([_cmake(), *step], env=env, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    if reference is None:
        reference = root / "reference.cubin"
        with pytest.MonkeyPatch.context() as patch:
            # This process compiles the CUB preamble once: the PCH it would write (~300 MB, kept
            # until the process exits) would serve no later program (kfoot.runtime.pch).
            patch.setenv("KFOOT_PCH", "0")
            reference.write_bytes(runtime.open_registry(build / "kfoot" / "shiplib", cache=None, trace=None)
                                  .kernel("block_sum", T="float32", BLOCK=128).cubin("sm_90"))
    shutil.rmtree(build)
    prefix = root / "moved" / "elsewhere"
    prefix.parent.mkdir()
    (root / "prefix").rename(prefix)
    consumer = root / "consumer"
    subprocess.run(["g++", "-std=c++17", "-O0", *(["-DSHIPLIB_RTC"] if mode == "rtc" else []),
                    str(REPO / "examples" / "ship" / "consumer" / "consumer.cpp"),
                    f"-I{prefix / 'include'}", f"-L{prefix / 'lib'}", "-lshiplib", "-ldl", "-pthread",
                    f"-Wl,-rpath,{prefix / 'lib'}", "-o", str(consumer)], check=True)
    only_nvrtc = root / "nvrtc" / "lib"
    only_nvrtc.mkdir(parents=True)
    for library in Path(nvrtc.load_nvrtc()).parent.glob("libnvrtc*"):
        shutil.copy(library, only_nvrtc / library.name)
    return {"root": root, "build": build, "prefix": prefix, "consumer": consumer, "reference": reference,
            "nvrtc": only_nvrtc}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    return _ship(tmp_path_factory.mktemp("ship"), "hybrid")


@pytest.fixture(scope="module")
def shipped_rtc(tmp_path_factory, shipped):
    """The rtc build of the same spec: its installed registry must compile the very cubin Python
    compiled from the hybrid build tree's (one NVRTC compile of the CUB kernel, not two)."""
    return _ship(tmp_path_factory.mktemp("ship_rtc"), "rtc", reference=shipped["reference"])


def _elsewhere(shipped, *args, nvrtc_dir: bool = True, cache: Path | None = None) -> subprocess.CompletedProcess:
    """The consumer as on a machine without this checkout, its venv, a CUDA toolkit or kfoot."""
    hidden = [folder.resolve() for folder in (REPO, Path(sys.prefix), Path("/usr/local/cuda")) if folder.is_dir()]
    # A folder inside another hidden one (the README's set-up keeps .venv in the checkout) is
    # hidden with it; covering it again would need a mount point the first tmpfs removed.
    hidden = [folder for folder in hidden if not any(other != folder and folder.is_relative_to(other)
                                                     for other in hidden)]
    hide = [word for folder in hidden for word in ("--hide", str(folder))]
    env = []
    if nvrtc_dir:
        env.append(f"LD_LIBRARY_PATH={shipped['nvrtc']}")
    if cache is not None:
        env.append(f"KFOOT_CACHE_DIR={cache}")
    return subprocess.run([str(AS_ANOTHER_MACHINE), *hide, *env, "--", str(shipped["consumer"]), *map(str, args)],
                          capture_output=True, text=True, timeout=300)


def test_a_moved_install_compiles_cub_with_only_nvrtc(shipped, cuobjdump):
    cache = shipped["root"] / "cache"
    out = shipped["root"] / "elsewhere.cubin"
    proc = _elsewhere(shipped, "sm_90", out, cache=cache)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert _functions(cuobjdump, out) == _functions(cuobjdump, shipped["reference"]) == [got["lowered_name"]]
    assert _texts(out) == _texts(shipped["reference"]) and _texts(out)
    # The hot variant is the AOT library's, found through shiplib::find_kernel.
    assert got["hot_route"] == "aot" and got["hot_in_library"] and got["compiles"] == 1
    # The documented disk cache: the next process hits it, and Python's verifier accepts the entry
    # (Python's own key would differ here: it links with the nvJitLink of its wheels).
    again = json.loads(_elsewhere(shipped, "sm_90", out, cache=cache).stdout)
    assert (again["compiles"], again["disk_hits"]) == (0, 1)
    assert len(list((cache / "entries").rglob("*.entry"))) == 1
    assert json.loads(run_kfoot("cache", "--cache-dir", cache, "verify", "--json").stdout)["bad"] == []


def test_the_install_names_no_build_path(shipped):
    """Neither the build tree, nor the checkout, nor the builder's Python environment is named by
    any installed file (the library included)."""
    needles = [str(shipped["build"]).encode(), str(REPO).encode(), str(Path(sys.prefix).resolve()).encode(),
               sys.prefix.encode()]
    files = [p for p in shipped["prefix"].rglob("*") if p.is_file()]
    assert len(files) > 100  # the toolkit bundle is there
    found = [(p, n) for p in files for n in needles if n in p.read_bytes()]
    assert not found


@pytest.mark.parametrize("damage", ["missing header", "tampered path", "no nvrtc"])
def test_bad_input_is_one_line(shipped, tmp_path, damage):
    registry = shipped["prefix"] / "lib" / "shiplib.kfoot"
    backup = tmp_path / "registry"
    shutil.copytree(registry, backup)
    try:
        if damage == "missing header":
            (registry / "toolkit" / "include" / "cccl" / "cub" / "block" / "block_reduce.cuh").unlink()
            needle = "cub/block/block_reduce.cuh"
        elif damage == "tampered path":
            data = json.loads((registry / "registry.json").read_text())
            data["families"]["block_sum"]["header"] = "../../../../etc/passwd"
            (registry / "registry.json").write_text(json.dumps(data))
            needle = "resolves outside the registry's folder"
        else:
            needle = "libnvrtc not found; looked in: KFOOT_NVRTC (unset)"
        proc = _elsewhere(shipped, "sm_90", tmp_path / "x.cubin", nvrtc_dir=damage != "no nvrtc", cache=tmp_path / "c")
    finally:
        shutil.rmtree(registry)
        shutil.copytree(backup, registry)
    assert proc.returncode == 3, proc.stdout + proc.stderr
    assert proc.stdout.startswith("error: ") and proc.stdout.count("\n") == 1 and needle in proc.stdout, proc.stdout


def test_a_moved_rtc_install_finds_its_registry(shipped_rtc, cuobjdump):
    """An rtc target ships as a hybrid one does: its libshiplib.so holds no kernel, only
    shiplib::library_path() (pyelftools: the one function it exports), through which
    shiplib::registry() finds the registry beside the moved library; the CUB kernel compiled
    there with only libnvrtc equals the build tree's, and no installed file names a build path."""
    from elftools.elf.elffile import ELFFile

    with open(shipped_rtc["prefix"] / "lib" / "libshiplib.so", "rb") as handle:
        exported = {s.name for s in ELFFile(handle).get_section_by_name(".dynsym").iter_symbols()
                    if s["st_shndx"] != "SHN_UNDEF" and s["st_info"]["type"] == "STT_FUNC"}
    assert exported == {"_ZN7shiplib12library_pathEv"}
    out = shipped_rtc["root"] / "elsewhere.cubin"
    proc = _elsewhere(shipped_rtc, "sm_90", out, cache=shipped_rtc["root"] / "cache")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert _functions(cuobjdump, out) == _functions(cuobjdump, shipped_rtc["reference"]) == [got["lowered_name"]]
    assert _texts(out) == _texts(shipped_rtc["reference"]) and _texts(out)
    assert got["hot_route"] == "rtc" and got["compiles"] == 1
    test_the_install_names_no_build_path(shipped_rtc)


def test_a_toolkit_header_reached_through_a_macro_include_is_shipped(tmp_path, cuobjdump):
    """CUTLASS reaches libcu++ as `#include CUDA_STD_HEADER(type_traits)` (cutlass/cutlass.h defines
    it as <cccl/cuda/std/header> under CUDA 13): the shipped bundle must hold what it names, or
    NVRTC cannot compile from it. Oracle: NVRTC compiling from the shipped folder, which both
    runtimes search before any toolkit, and cuobjdump's function list of the cubin."""
    lib = tmp_path / "lib"
    lib.mkdir()
    # <cuda_fp16.h>, written out as CUTLASS does, makes the bundle stand for the whole toolkit.
    (lib / "k.cuh").write_text("#pragma once\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n"
                               "#define STD_HEADER(header) <cccl/cuda/std/header>\n"
                               "#include STD_HEADER(type_traits)\n"
                               "template <typename T> __global__ void k(T* p) { p[0] = cuda::std::is_same_v<T, float>; }\n")
    (lib / "k.toml").write_text('[[family]]\nname = "k"\nheader = "k.cuh"\nkernel = "k"\nparams = ["T"]\n'
                                '[family.axes]\nT = ["float32"]\n')
    run_kfoot("build", "--mode", "rtc", "--no-check", lib / "k.toml", "-o", tmp_path / "out", "--no-progress")
    run_kfoot("ship", tmp_path / "out", "-o", tmp_path / "shipped")
    cubin = tmp_path / "k.cubin"
    cubin.write_bytes(runtime.open_registry(tmp_path / "shipped", cache=None, trace=None).kernel("k", T="float32")
                      .cubin("sm_90"))
    assert _functions(cuobjdump, cubin) == ["_Z1kIfEvPT_"]


def test_a_shipped_bundle_holds_the_headers_of_the_prelude(tmp_path, cuobjdump):
    """Every NVRTC program starts with kfoot's prelude (cuda_fp16.h, cuda_bf16.h, and
    <cuda/std/complex> for a complex dtype): a family header that reaches only cuda_fp16.h still
    needs cuda_bf16.h and complex in the bundle. Oracle: NVRTC compiling from the shipped folder."""
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "k.cuh").write_text("#pragma once\n#include <cuda_fp16.h>\n"
                               "template <typename T> __global__ void k(T* p) { p[0] = T(1); }\n")
    (lib / "k.toml").write_text('[[family]]\nname = "k"\nheader = "k.cuh"\nkernel = "k"\nparams = ["T"]\n'
                                '[family.axes]\nT = ["float32", "complex64"]\n')
    run_kfoot("build", "--mode", "rtc", "--no-check", lib / "k.toml", "-o", tmp_path / "out", "--no-progress")
    run_kfoot("ship", tmp_path / "out", "-o", tmp_path / "shipped")
    reg = runtime.open_registry(tmp_path / "shipped", cache=None, trace=None)
    for dtype, symbol in (("float32", "_Z1kIfEvPT_"), ("complex64", "_Z1kIN4cuda3std3__47complexIfEEEvPT_")):
        cubin = tmp_path / f"{dtype}.cubin"
        cubin.write_bytes(reg.kernel("k", T=dtype).cubin("sm_90"))
        assert _functions(cuobjdump, cubin) == [symbol]
