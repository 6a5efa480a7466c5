"""A Python package shipping kfoot-built kernels in its own wheel (examples/wheel): built with the
builder's kfoot and nvcc, installed into a fresh venv that has only kfoot[runtime] (kfoot, NVRTC
and cupy: no nvcc, no ninja), where it compiles a CUB kernel from the registry inside the installed
package (an importlib.resources location). Oracles: pip's own resolution (what the venv holds),
and cuobjdump's functions and pyelftools' .text of the cubin this process compiles from the same
installed registry.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from kfoot import runtime
from oracles.cli import REPO, run_kfoot
from test_cmake_install import PIP
from test_cpp_runtime import _functions, _texts

CHECK = """
import importlib.util, json, sys
import kfoot_wheel_example
from kfoot.core.errors import ToolMissing
from kfoot.core.toolchain import find_tool
try:
    find_tool("nvcc")
    nvcc = True
except ToolMissing:
    nvcc = False
kernel = kfoot_wheel_example.registry(cache=None, trace=None).kernel("block_sum", T="float32", BLOCK=128)
open(sys.argv[1], "wb").write(kernel.cubin("sm_90"))
print(json.dumps({"lowered_name": kernel.lowered_name("sm_90"), "ninja": importlib.util.find_spec("ninja") is not None,
                  "nvcc": nvcc, "library": kfoot_wheel_example.library.is_file()}))
"""


def _pip_into(python: Path) -> list[str]:
    """This process's pip, working on the environment of `python` (the fresh venv)."""
    return [sys.executable, "-m", "pip", "--python", str(python), "--disable-pip-version-check"]


@pytest.fixture(scope="module")
def runtime_venv(tmp_path_factory, kfoot_wheel) -> SimpleNamespace:
    """A fresh venv holding only kfoot[runtime] (from a wheel of this checkout) and the example's
    wheel, built by the builder's kfoot and nvcc: made once, shared by the tests below (it is the
    slowest fixture of the suite)."""
    tmp_path = tmp_path_factory.mktemp("wheel_example")
    wheels = tmp_path / "wheels"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "CUDA_HOME", "KFOOT_PACK_PATH")}
    builder = dict(env, KFOOT=str(Path(sys.executable).parent / "kfoot"), PYTHONPATH=str(REPO))
    # A copy: setuptools builds in the source folder (build/), which must stay the checkout's.
    examples = tmp_path / "examples"
    shutil.copytree(REPO / "examples" / "wheel", examples / "wheel", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    shutil.copytree(REPO / "examples" / "ship" / "kernels", examples / "ship" / "kernels")
    subprocess.run([*PIP, "wheel", "--no-deps", "-w", str(wheels), str(examples / "wheel")], check=True,
                   env=builder, timeout=600)
    (example_wheel,) = wheels.glob("kfoot_wheel_example-*.whl")
    venv = tmp_path / "venv"
    # No pip of its own (ensurepip: ~6 s of CPU): this process's pip installs into it (--python),
    # and without byte-compiling the packages (cupy: ~6 s of CPU; Python compiles what it imports).
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, env=env)
    python = venv / "bin" / "python"
    subprocess.run([*_pip_into(python), "install", "-q", "--no-compile", f"{kfoot_wheel}[runtime]", str(example_wheel)],
                   check=True, env=env, timeout=600)
    (registry,) = (venv / "lib").glob("python3*/site-packages/kfoot_wheel_example/kernels")
    return SimpleNamespace(venv=venv, python=python, env=env, registry=registry)


def test_the_wheel_runs_with_only_the_runtime_extra(runtime_venv, tmp_path, cuobjdump):
    python, env = runtime_venv.python, runtime_venv.env
    installed = subprocess.run([*_pip_into(python), "list", "--format", "json"], check=True, env=env,
                               capture_output=True, text=True).stdout
    names = {p["name"].lower() for p in json.loads(installed)}
    assert {"kfoot", "kfoot-wheel-example", "cupy-cuda13x", "nvidia-cuda-nvrtc"} <= names
    assert not names & {"ninja", "nvidia-cuda-nvcc", "nvidia-cuda-cuobjdump"}
    out = tmp_path / "wheel.cubin"
    proc = subprocess.run([str(python), "-c", CHECK, str(out)], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got == {"lowered_name": got["lowered_name"], "ninja": False, "nvcc": False, "library": True}
    registry = runtime_venv.registry
    reference = tmp_path / "here.cubin"
    with pytest.MonkeyPatch.context() as patch:
        # One compile of the CUB preamble here: no PCH (~300 MB, kept until the process exits).
        patch.setenv("KFOOT_PCH", "0")
        reference.write_bytes(runtime.open_registry(registry, cache=None, trace=None)
                              .kernel("block_sum", T="float32", BLOCK=128).cubin("sm_90"))
    assert _functions(cuobjdump, out) == _functions(cuobjdump, reference) == [got["lowered_name"]]
    assert _texts(out) == _texts(reference) and _texts(out)


def test_a_registry_location_not_on_disk_is_one_line(tmp_path):
    """open_registry takes an importlib.resources location only when it is a folder on disk: NVRTC
    reads the headers by path. A zipped one is refused in one line."""
    import zipfile

    import pytest

    from kfoot.core.errors import KfootError

    archive = tmp_path / "pkg.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("pkg/kernels/registry.json", "{}")
    with zipfile.ZipFile(archive) as zf, pytest.raises(KfootError, match="is not a folder on disk") as caught:
        runtime.open_registry(zipfile.Path(zf, "pkg/kernels/"), cache=None, trace=None)
    assert "\n" not in str(caught.value)


# In the fresh venv: the traced variants through the runtime, with a disk cache of their own.
SERVE_TRACED = """
import json, sys
import kfoot_wheel_example
from kfoot.runtime.kernel_cache import DiskCache
reg = kfoot_wheel_example.registry(cache=DiskCache(sys.argv[1]), trace=None)
print(json.dumps([reg.kernel_by_id(t).binary("sm_90").from_cache for t in sys.argv[2:]]))
"""


def test_installed_packs_serve_the_traced_variants_in_python_and_cpp(runtime_venv, tmp_path):
    """Issue 26, item 3: `kfoot cache pack --trace` of the shipped registry, the wheels pip-installed
    into the fresh venv: the traced variants come from the packs in the venv's Python (every one
    from a cache, the disk cache left empty: nothing compiled) and in a C++ program built against
    the venv's headers, pointed at the packs by the KFOOT_PACK_PATH `kfoot cache packs` prints
    (its counters: all pack hits, no compile, no disk hit)."""
    venv, python, env = runtime_venv.venv, runtime_venv.python, runtime_venv.env
    compiler = shutil.which("g++") or shutil.which("c++")
    if not compiler:
        pytest.skip("no C++ compiler (g++) on this machine")
    kfoot = [str(venv / "bin" / "kfoot")]
    flags = subprocess.run([*kfoot, "config", "--cflags"], env=env, check=True, capture_output=True, text=True).stdout
    libs = subprocess.run([*kfoot, "config", "--libs"], env=env, check=True, capture_output=True, text=True).stdout
    assert str(venv) in flags  # the installed headers, not the checkout's
    program = tmp_path / "serve_ids"
    # Compiled while the packs are made and installed (the slowest step here; two cores).
    build = subprocess.Popen([compiler, "-std=c++17", "-O0", *shlex.split(flags), str(REPO / "tests" / "cpp" / "serve_ids.cpp"),
                              "-o", str(program), *shlex.split(libs)])
    try:
        hot = {json.loads(line)["template_id"] for line in (REPO / "examples/ship/kernels/hot.jsonl").read_text().splitlines()}
        variants = json.loads((runtime_venv.registry / "registry.json").read_text())["variants"]
        traced = sorted(v["template_id"] for v in variants if v["family"] == "scale" and v["template_id"] not in hot)[:2]
        trace = tmp_path / "trace.jsonl"
        trace.write_text("".join(json.dumps({"template_id": t}) + "\n" for t in traced))
        run_kfoot("cache", "pack", runtime_venv.registry, "--trace", trace, "--arch", "sm_90", "-o", tmp_path / "packs",
                  "--jobs", "1")
        subprocess.run([*_pip_into(python), "install", "-q", "--no-index", "--no-deps",
                        *map(str, sorted((tmp_path / "packs").glob("*.whl")))], check=True, env=env, timeout=600)
        cache = tmp_path / "py-cache"
        proc = subprocess.run([str(python), "-c", SERVE_TRACED, str(cache), *traced], env=env, cwd=tmp_path,
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0 and "Warning" not in proc.stderr, proc.stderr
        assert json.loads(proc.stdout) == [True] * len(traced)
        assert not list(cache.rglob("*.entry"))
        listed = subprocess.run([*kfoot, "cache", "packs", "--json"], env=env, check=True, capture_output=True,
                                text=True).stdout
        pack_path = json.loads(listed)["pack_path"]
        assert build.wait(timeout=600) == 0
    finally:
        build.kill()
        build.wait()
    run_env = dict(env, KFOOT_PACK_PATH=pack_path, KFOOT_CACHE_DIR=str(tmp_path / "cpp-cache"), VIRTUAL_ENV=str(venv))
    proc = subprocess.run([str(program), str(runtime_venv.registry), "sm_90", *traced], env=run_env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert (got["pack_hits"], got["compiles"], got["disk_hits"]) == (len(traced), 0, 0) and proc.stderr == ""
