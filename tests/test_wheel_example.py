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
import shutil
import subprocess
import sys
from pathlib import Path

from kfoot import runtime
from oracles.cli import REPO
from test_cmake_install import PIP, _source_copy
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


def test_the_wheel_runs_with_only_the_runtime_extra(tmp_path, cuobjdump):
    wheels = tmp_path / "wheels"
    subprocess.run([*PIP, "wheel", "--no-deps", "-w", str(wheels), str(_source_copy(tmp_path / "kfoot-src"))],
                   check=True, timeout=600)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "CUDA_HOME")}
    builder = dict(env, KFOOT=str(Path(sys.executable).parent / "kfoot"), PYTHONPATH=str(REPO))
    # A copy: setuptools builds in the source folder (build/), which must stay the checkout's.
    examples = tmp_path / "examples"
    shutil.copytree(REPO / "examples" / "wheel", examples / "wheel", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    shutil.copytree(REPO / "examples" / "ship" / "kernels", examples / "ship" / "kernels")
    subprocess.run([*PIP, "wheel", "--no-deps", "-w", str(wheels), str(examples / "wheel")], check=True,
                   env=builder, timeout=600)
    (kfoot_wheel,) = wheels.glob("kfoot-*.whl")
    (example_wheel,) = wheels.glob("kfoot_wheel_example-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    f"{kfoot_wheel}[runtime]", str(example_wheel)], check=True, env=env, timeout=600)
    installed = subprocess.run([str(python), "-m", "pip", "list", "--format", "json"], check=True, env=env,
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
    (registry,) = (venv / "lib").glob("python3*/site-packages/kfoot_wheel_example/kernels")
    reference = tmp_path / "here.cubin"
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
