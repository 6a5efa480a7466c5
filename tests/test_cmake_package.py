"""The CMake package: examples/cmake configured and built by CMake (the `cmake` wheel) and ninja.

A copy of the example is built as its user would: `-Dkfoot_DIR=$(kfoot config --cmake-dir)`,
a project with LANGUAGES CXX only. Oracles: `kfoot enumerate --list` (every template-id the
program must resolve), ninja's own account of what it ran, the built library's modification
time, and the manifest kfoot wrote (which nvcc, launcher and archs the build used).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kfoot.compile.manifest import load_manifest
from kfoot.core.toolchain import find_tool
from oracles.cli import REPO, run_kfoot

BIN = Path(sys.executable).parent


def _cmake() -> str:
    found = shutil.which("cmake", path=str(BIN)) or shutil.which("cmake")
    if not found:
        if os.environ.get("CI"):
            pytest.fail("cmake is missing (the dev extra installs the cmake wheel)")
        pytest.skip("cmake is not installed (pip install cmake)")
    return found


def _ninja() -> str:
    import ninja

    return str(Path(ninja.BIN_DIR) / "ninja")


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """The example copied, configured with a compiler launcher and nvcc given the CMake way, built."""
    root = tmp_path_factory.mktemp("cmake")
    source = root / "src"
    shutil.copytree(REPO / "examples" / "cmake", source)
    build = root / "build"
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", KFOOT_CACHE_DIR=str(root / "kcache"),
               CCACHE_DIR=str(root / "ccache"))
    nvcc = find_tool("nvcc")
    ccache = shutil.which("ccache", path=str(BIN))
    configure = [_cmake(), "-S", str(source), "-B", str(build), "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={_ninja()}",
                 "-Dkfoot_DIR=" + run_kfoot("config", "--cmake-dir").stdout.strip(),
                 "-DCMAKE_CUDA_ARCHITECTURES=90-real", f"-DCMAKE_CUDA_COMPILER={nvcc}"]
    if ccache:
        configure.append(f"-DCMAKE_CUDA_COMPILER_LAUNCHER={ccache}")
    subprocess.run(configure, check=True, env=env, capture_output=True, text=True)

    def cmake_build() -> str:
        proc = subprocess.run([_cmake(), "--build", str(build)], env=env, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout

    first = cmake_build()
    ids = root / "ids.txt"
    ids.write_text(run_kfoot("enumerate", source / "kernels" / "scale.toml", "--list").stdout)
    return {"source": source, "build": build, "env": env, "first": first, "build_fn": cmake_build, "ids": ids,
            "nvcc": nvcc, "ccache": ccache}


def test_the_example_resolves_every_template_id(example):
    proc = subprocess.run([str(example["build"] / "example_app"), str(example["ids"])], env=example["env"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "resolved 6 of 6"
    assert lines[1] == "lacking variant gives nullptr: yes"
    assert lines[2].startswith("rtc example::scale_kernel<float, 2>: ") and "for sm_90" in lines[2]
    # The hybrid target: the traced variant (kernels/hot.jsonl) is AOT for the arch built, the other RTC.
    assert lines[3] == "hybrid example::scale_kernel<float, 2>: route aot on sm_90, in the library"
    assert lines[4] == "hybrid example::scale_kernel<int, 1>: route rtc on sm_90, not in the library"


def test_cmake_settings_reach_kfoot(example):
    manifest = load_manifest(example["build"] / "kfoot" / "scale")
    assert manifest.archs == ("sm_90",)  # CMAKE_CUDA_ARCHITECTURES=90-real, no ARCHS given
    assert manifest.toolchain["nvcc"] == str(example["nvcc"])
    if example["ccache"]:
        assert manifest.toolchain["launcher"] == [example["ccache"]]
    assert "kfoot: building scale (aot)" in example["first"] and "kfoot: building scale_rtc (rtc)" in example["first"]


def test_rebuilds_when_a_header_changes_and_never_otherwise(example):
    assert "ninja: no work to do." in example["build_fn"]()
    library = example["build"] / "kfoot" / "scale" / "libscale.so"
    before = library.stat().st_mtime_ns
    detail = example["source"] / "kernels" / "scale_detail.cuh"  # reached only through scale.cuh's #include
    detail.write_text(detail.read_text().replace("return a * b;", "return b * a;"))
    again = example["build_fn"]()
    assert "kfoot: building scale (aot)" in again and "kfoot: building scale_rtc (rtc)" in again
    assert "kfoot: building scale_hot (hybrid)" in again
    assert library.stat().st_mtime_ns != before
    assert "Linking CXX executable example_app" in again
    assert "ninja: no work to do." in example["build_fn"]()


@pytest.mark.gpu
def test_the_example_launches_both_routes(example):
    proc = subprocess.run([str(example["build"] / "example_app"), str(example["ids"]), "--launch"],
                          env=example["env"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "rtc launch: ok" in proc.stdout and "aot launch: ok" in proc.stdout


SPACED_MAIN = r"""
#include <kfoot/runtime.hpp>
#include <fstream>
#include <iostream>
int main(int, char** argv) {
  const kfoot::Kernel& k = kfoot::Registry::open(KFOOT_SCALE_RTC_REGISTRY).kernel("scale", {{"T", "float32"}, {"UNROLL", "2"}});
  kfoot::Bytes cubin = k.cubin("sm_90");
  std::ofstream(argv[1], std::ios::binary).write(reinterpret_cast<const char*>(cubin.data()), static_cast<std::streamsize>(cubin.size()));
  std::cout << KFOOT_SCALE_RTC_REGISTRY << "\n" << k.lowered_name("sm_90") << "\n";
}
"""


def test_paths_with_spaces_through_cmake(tmp_path, cuobjdump):
    """Source, build folder and registry under a folder name with a space and a quote: kfoot::runtime
    and KFOOT_<NAME>_REGISTRY reach the compiler intact, and the program compiles the cubin Python does."""
    from kfoot import runtime
    from test_cpp_runtime import _functions, _texts

    root = tmp_path / "with space's"
    source = root / "src"
    (source / "kernels").mkdir(parents=True)
    for name in ("scale.toml", "scale.cuh", "scale_detail.cuh"):
        shutil.copy(REPO / "examples" / "cmake" / "kernels" / name, source / "kernels" / name)
    (source / "main.cpp").write_text(SPACED_MAIN)
    (source / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.20)\nproject(spaced LANGUAGES CXX)\nfind_package(kfoot CONFIG REQUIRED)\n"
        "kfoot_add_kernels(scale_rtc SPEC kernels/scale.toml MODE rtc)\n"
        "add_executable(spaced main.cpp)\ntarget_link_libraries(spaced PRIVATE scale_rtc)\n")
    build = root / "build dir"
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", KFOOT_CACHE="off")
    subprocess.run([_cmake(), "-S", str(source), "-B", str(build), "-G", "Ninja", f"-DCMAKE_MAKE_PROGRAM={_ninja()}",
                    "-Dkfoot_DIR=" + run_kfoot("config", "--cmake-dir").stdout.strip()],
                   check=True, env=env, capture_output=True, text=True)
    proc = subprocess.run([_cmake(), "--build", str(build)], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = tmp_path / "cpp.cubin"
    proc = subprocess.run([str(build / "spaced"), str(out)], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    registry, lowered = proc.stdout.splitlines()
    assert registry == str(build / "kfoot" / "scale_rtc")
    reference = tmp_path / "py.cubin"
    reference.write_bytes(runtime.open_registry(registry, cache=None, trace=None)
                          .kernel("scale", T="float32", UNROLL=2).cubin("sm_90"))
    assert _functions(cuobjdump, out) == _functions(cuobjdump, reference) == [lowered]
    assert _texts(out) == _texts(reference) and _texts(out)


def _spec_copy(folder: Path, rtc_error: bool = False) -> Path:
    """The example's spec and headers in `folder`; with `rtc_error` the header refuses NVRTC (as a
    CUTLASS device::Gemm does) and compiles with nvcc."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("scale.toml", "scale.cuh", "scale_detail.cuh"):
        shutil.copy(REPO / "examples" / "cmake" / "kernels" / name, folder / name)
    if rtc_error:
        header = folder / "scale.cuh"
        header.write_text("#ifdef KFOOT_RTC\n#error this family is not for NVRTC\n#endif\n" + header.read_text())
    return folder / "scale.toml"


def _configure_and_build(source: Path, build: Path, env: dict, *extra: str) -> subprocess.CompletedProcess:
    configure = subprocess.run([_cmake(), "-S", str(source), "-B", str(build), "-G", "Ninja",
                                f"-DCMAKE_MAKE_PROGRAM={_ninja()}", *extra], env=env, capture_output=True, text=True)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    return subprocess.run([_cmake(), "--build", str(build)], env=env, capture_output=True, text=True)


def _cache_value(build: Path, name: str) -> str:
    for line in (build / "CMakeCache.txt").read_text().splitlines():
        if line.startswith(name + ":"):
            return line.split("=", 1)[1]
    return ""


def test_build_options_pass_through(tmp_path):
    """FAMILIES, NO_CHECK, KEEP_GOING, JOBS, SHARD_SIZE, EXTRA_ARGS and DEPENDS reach `kfoot build`:
    a hybrid target whose family NVRTC cannot compile builds with NO_CHECK and fails without it;
    the AOT target's manifest records the shard size, compression and families asked for; touching a
    DEPENDS file rebuilds."""
    source = tmp_path / "src"
    _spec_copy(source / "kernels", rtc_error=True)
    (source / "kernels" / "hot.jsonl").write_text('{"template_id": "example::scale_kernel<float, 2>"}\n')
    (source / "extra.txt").write_text("1\n")
    body = ("cmake_minimum_required(VERSION 3.20)\nproject(opts LANGUAGES CXX)\nfind_package(kfoot CONFIG REQUIRED)\n"
            "kfoot_add_kernels(aot SPEC kernels/scale.toml MODE aot ARCHS 90-real FAMILIES scale JOBS 1 SHARD_SIZE 4 "
            "KEEP_GOING EXTRA_ARGS --compress-mode none DEPENDS extra.txt)\n"
            "kfoot_add_kernels(hyb SPEC kernels/scale.toml MODE hybrid HOT kernels/hot.jsonl ARCHS 90-real {check})\n")
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", KFOOT_CACHE="off")
    kfoot_dir = "-Dkfoot_DIR=" + run_kfoot("config", "--cmake-dir").stdout.strip()
    (source / "CMakeLists.txt").write_text(body.format(check=""))
    # One build folder throughout, as its user would fix the CMakeLists.txt and build again: CMake
    # probes the compiler once, and what built before the failure is kept.
    build = tmp_path / "build"
    failed = _configure_and_build(source, build, env, kfoot_dir)
    assert failed.returncode != 0 and "this family is not for NVRTC" in failed.stdout + failed.stderr
    (source / "CMakeLists.txt").write_text(body.format(check="NO_CHECK"))
    built = _configure_and_build(source, build, env, kfoot_dir)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (build / "kfoot" / "hyb" / "registry.json").is_file() and (build / "kfoot" / "hyb" / "libhyb.so").is_file()
    manifest = load_manifest(build / "kfoot" / "aot")
    assert manifest.shard_size == 4 and len(manifest.shards) == 2  # 6 variants, 4 per shard
    assert manifest.compress_mode == "none"
    again = subprocess.run([_cmake(), "--build", str(build)], env=env, capture_output=True, text=True)
    assert "ninja: no work to do." in again.stdout
    (source / "extra.txt").write_text("2\n")
    again = subprocess.run([_cmake(), "--build", str(build)], env=env, capture_output=True, text=True)
    assert again.returncode == 0 and "kfoot: building aot (aot)" in again.stdout
    bad = body.format(check="").replace("JOBS 1", "JOBS many")
    (source / "CMakeLists.txt").write_text(bad)
    proc = subprocess.run([_cmake(), "-S", str(source), "-B", str(build), "-G", "Ninja",
                           f"-DCMAKE_MAKE_PROGRAM={_ninja()}", kfoot_dir], env=env, capture_output=True, text=True)
    assert proc.returncode != 0 and "JOBS must be a positive integer, not 'many'" in proc.stderr
