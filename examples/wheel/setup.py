"""Builds the kernels into the package while the wheel is built: `kfoot build --mode hybrid` in a
scratch folder, then the library and `kfoot ship` of the registry into the package."""

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
KERNELS = HERE.parent / "ship" / "kernels"  # the same spec as examples/ship
NAME = "kfoot_wheel_example"


class BuildKernels(build_py):
    def run(self):
        super().run()
        package = Path(self.build_lib) / NAME
        # The builder's kfoot (and its nvcc): $KFOOT, else `kfoot` on PATH. Not a build requirement,
        # as nvcc is not: the wheel's users need only kfoot[runtime].
        kfoot = shlex.split(os.environ.get("KFOOT", "kfoot"))
        # pip's isolated build environment hides other site-packages through PYTHONPATH: not kfoot's.
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONNOUSERSITE")}
        with tempfile.TemporaryDirectory() as scratch:
            subprocess.run([*kfoot, "build", "--mode", "hybrid", str(KERNELS / "kernels.toml"), "-o", scratch,
                            "--hot", str(KERNELS / "hot.jsonl"), "--arch", "sm_90", "--name", NAME, "--no-progress"],
                           check=True, env=env)
            (package / f"lib{NAME}.so").write_bytes((Path(scratch) / f"lib{NAME}.so").read_bytes())
            subprocess.run([*kfoot, "ship", scratch, "-o", str(package / "kernels")], check=True, env=env)


class BinaryDistribution(Distribution):
    def has_ext_modules(self):  # a platform wheel: it holds a shared library
        return True


setup(cmdclass={"build_py": BuildKernels}, distclass=BinaryDistribution)
