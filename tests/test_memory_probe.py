"""The measurement's plumbing on a CPU-only machine, against a stand-in CUDA driver.

A real measurement needs a GPU (tests/test_memory.py runs it there). What can be checked
without one is everything around the driver: the fresh probe processes, CUDA_MODULE_LOADING per
mode, which modules are loaded, the subtraction of the baseline, repetition until stable, and the
JSON. The stand-in is a C library named libcuda.so.1 whose cuMemGetInfo reports a fixed baseline
plus the bytes of every image loaded under EAGER (none under LAZY), and a second variant whose
baseline drifts, so stability takes more than the minimum number of runs. The expected figures
come from walking the file's fatbin containers here, not from kfoot.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from oracles import fatbin
from oracles.cli import run_kfoot

STAND_IN = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static size_t loaded = 0;
static int calls = 0;
int cuInit(unsigned flags) { return 0; }
int cuDeviceGetCount(int *count) { *count = 1; return 0; }
int cuDeviceGet(int *device, int ordinal) { *device = ordinal; return 0; }
int cuDeviceGetName(char *name, int len, int device) { strncpy(name, "Stand-in GPU", len); return 0; }
int cuDeviceGetAttribute(int *value, int attribute, int device) { *value = attribute == 75 ? 9 : 0; return 0; }
int cuDriverGetVersion(int *version) { *version = 13000; return 0; }
int cuDevicePrimaryCtxRetain(void **ctx, int device) { *ctx = (void *)0x1; return 0; }
int cuCtxSetCurrent(void *ctx) { return ctx == (void *)0x1 ? 0 : 201; }
int cuCtxSynchronize(void) { return 0; }
int cuGetErrorName(int rc, const char **name) { *name = "CUDA_ERROR_INVALID_IMAGE"; return 0; }
int cuModuleLoadData(void **module, const void *image) {
    const unsigned char *p = image;
    size_t size;
    if (*(const uint32_t *)p == 0xBA55ED50u) size = 16 + *(const uint64_t *)(p + 8);
    else return 200;
    const char *mode = getenv("CUDA_MODULE_LOADING");
    if (!mode || strcmp(mode, "LAZY") != 0) loaded += size;
    *module = (void *)0x2;
    return 0;
}
int cuMemGetInfo_v2(size_t *free_bytes, size_t *total) {
    size_t baseline = (size_t)500 << 20;
#ifdef DRIFT
    /* another tenant: the baseline of each process differs, more in early runs (a file counts them) */
    FILE *f = fopen(DRIFT, "a+"); int runs = 0; char c;
    if (f) { rewind(f); while (fread(&c, 1, 1, f) == 1) runs++; fputc('x', f); fclose(f); }
    if (runs < 8 && runs % 4 == 1) baseline += (size_t)64 << 20;  /* call 0 is kfoot's GPU check */
#endif
    *total = (size_t)80 << 30;
    *free_bytes = *total - baseline - loaded;
    return 0;
}
"""


def _build(tmp_path, name, defines=()):
    if shutil.which("cc") is None:
        pytest.skip("no C compiler for the stand-in driver")
    folder = tmp_path / name
    folder.mkdir()
    source = folder / "cuda_stand_in.c"
    source.write_text(STAND_IN)
    subprocess.run(["cc", "-shared", "-fPIC", *defines, "-o", str(folder / "libcuda.so.1"), str(source)], check=True)
    return folder


def _measure(folder, path):
    env = dict(os.environ, LD_LIBRARY_PATH=f"{folder}:{os.environ.get('LD_LIBRARY_PATH', '')}")
    return json.loads(run_kfoot("report", "--json", "--memory", "measure", path, env=env).stdout)


def container_bytes(path) -> list[int]:
    """Size of every fatbin container in .nv_fatbin (header + entries), from the headers."""
    return [c.size for c in fatbin.containers(path)]


def test_measure_subtracts_the_baseline_per_mode(cuda_fixtures, tmp_path):
    folder = _build(tmp_path, "steady")
    path = cuda_fixtures["libfixture.so"]
    data = _measure(folder, path)
    memory = data["files"][0]["memory"]
    sizes = container_bytes(path)
    assert memory["method"] == "measured"
    assert memory["gpu"] == "Stand-in GPU" and memory["arch"] == "sm_90" and memory["cuda_driver"] == "13.0"
    assert memory["modules"] == len(sizes) and memory["failed_modules"] == 0
    assert memory["eager_bytes"] == sum(sizes)  # every module loaded at once
    assert memory["lazy_bytes"] == 0  # the stand-in defers everything under LAZY
    assert memory["samples"] == {"eager": [sum(sizes)] * 3, "lazy": [0] * 3}  # steady: three runs suffice
    assert memory["baseline_bytes"] == {"eager": 500 << 20, "lazy": 500 << 20}
    assert memory["stable"] == {"eager": True, "lazy": True}
    # the estimate for the device's arch rides along, for calibration
    assert memory["estimate"]["method"] == "estimated" and memory["estimate"]["arch"] == "sm_90"
    assert data["totals"]["memory"]["eager_bytes"] == sum(sizes)


def test_measure_repeats_until_stable(cuda_fixtures, tmp_path):
    counter = tmp_path / "runs"
    folder = _build(tmp_path, "drift", [f'-DDRIFT="{counter}"'])
    memory = _measure(folder, cuda_fixtures["libfixture.so"])["files"][0]["memory"]
    eager = memory["samples"]["eager"]
    # early baselines swing by 64 MiB, so the first differences disagree and more runs follow
    assert len(eager) > 3 and memory["stable"]["eager"]
    assert len(set(eager[-3:])) == 1 and memory["eager_bytes"] == eager[-1] == sum(container_bytes(
        cuda_fixtures["libfixture.so"]))


def test_modules_the_driver_refuses_are_counted(cuda_fixtures, tmp_path):
    folder = _build(tmp_path, "steady")
    memory = _measure(folder, cuda_fixtures["fixture_sm90a.cubin"])["files"][0]["memory"]
    # the stand-in accepts only fatbins: a raw cubin is refused, counted, and costs nothing
    assert memory["modules"] == memory["failed_modules"] == 1
    assert memory["load_errors"] == {"CUDA_ERROR_INVALID_IMAGE": 1}
    assert memory["eager_bytes"] == 0


def registered_container_bytes(data: bytes) -> list[int]:
    """Sizes of the containers the runtime registers: those of .nv_fatbin in an ELF, or every
    container of a raw .fatbin (oracles.fatbin walks the headers)."""
    return [c.size for c in fatbin.containers(data)]


@pytest.mark.parametrize("name", ["libfixture.a", "wheel", "fixture.fatbin"])
def test_probe_and_estimate_load_the_registered_containers(cuda_fixtures, tmp_path, name):
    """The probe (what is loaded on the GPU) and the estimate (the report's containers) both come
    from kfoot.binary.walk: archive members and wheel members included, they count the same modules."""
    import zipfile

    if name == "wheel":
        path = tmp_path / "fixture-1.0-py3-none-manylinux_2_17_x86_64.whl"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.write(cuda_fixtures["libfixture.so"], "fixture/lib/libfixture.so")
            zf.write(cuda_fixtures["fixture_exe"], "fixture/lib/libexe.so.1")
        with zipfile.ZipFile(path) as zf:
            members = [zf.read(n) for n in zf.namelist()]
    elif name == "libfixture.a":
        path = cuda_fixtures[name]
        names = subprocess.run(["ar", "t", str(path)], capture_output=True, text=True, check=True).stdout.split()
        members = [subprocess.run(["ar", "p", str(path), n], capture_output=True, check=True).stdout for n in names]
    else:
        path = cuda_fixtures[name]
        members = [path.read_bytes()]
    sizes = [size for member in members for size in registered_container_bytes(member)]
    assert sizes
    memory = _measure(_build(tmp_path, "steady"), path)["files"][0]["memory"]
    assert memory["modules"] == len(sizes) and memory["failed_modules"] == 0
    assert memory["eager_bytes"] == sum(sizes)  # the stand-in charges each loaded container's bytes
    assert memory["estimate"]["modules"] == len(sizes)
