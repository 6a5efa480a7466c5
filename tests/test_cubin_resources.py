"""Per-kernel resources (`report --kernels`: registers, stack, static shared, local and constant
bank 0 bytes, parameter bytes) against cuobjdump, on every SASS arch the installed nvcc can build and on libcurand.

Where the figures live moved with the arch (registers: the top byte of .text's sh_info up to
sm_89, only .nv.info's EIATTR_REGCOUNT from sm_90), so each arch is checked, a/f variants too."""

from __future__ import annotations

import subprocess
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

from kfoot.report.analyze import ReportOptions, analyze_paths
from oracles.cuobjdump import cuobjdump_param_sizes, cuobjdump_resource_rows, cuobjdump_resource_usage

# Three kernels whose figures differ: a tiny one, one with static shared memory, one that needs
# many registers (register counts differ between archs, so a fixed guess cannot pass).
SOURCE = r"""
__global__ void small_kernel(int* out) { out[threadIdx.x] = threadIdx.x; }
__global__ void shared_kernel(float* out, const float* in, int n) {
  __shared__ float tile[300];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x % 300] = in[i % n];
  __syncthreads();
  out[i] = tile[(threadIdx.x + 7) % 300] * 2.0f;
}
__global__ void heavy_kernel(double* out, const double* in, int n, long long scale) {
  double acc[24];
  #pragma unroll
  for (int k = 0; k < 24; ++k) acc[k] = in[(threadIdx.x + k * 37) % n];
  for (int r = 0; r < n; ++r) {
    #pragma unroll
    for (int k = 0; k < 24; ++k) acc[k] = acc[k] * acc[(k + 1) % 24] + in[(r + k) % n];
  }
  double s = 0;
  #pragma unroll
  for (int k = 0; k < 24; ++k) s += acc[k];
  out[threadIdx.x] = s * scale;
}
__device__ __noinline__ int callee(int n, const int* p) {
  int buf[40];
  for (int i = 0; i < 40; ++i) buf[i] = p[i] * n;
  return buf[(n * 7) % 40] + buf[n % 40];
}
__global__ void stack_kernel(int* out, const int* in, int n) { out[threadIdx.x] = callee(n, in); }
"""
KERNELS = 4
# The figures of `cuobjdump -res-usage` that `report --kernels` carries, by their names there.
RES_USAGE = {"registers": "REG", "stack_bytes": "STACK", "shared_bytes": "SHARED", "local_bytes": "LOCAL",
             "constant_bytes": "CONSTANT[0]"}


def _res_usage_counter(path):
    return Counter((arch, name, *(figures[key] for key in RES_USAGE.values()))
                   for arch, name, figures in cuobjdump_resource_usage(path))


def _kfoot_counter(rows, with_arch=True):
    return Counter(((k.arch,) if with_arch else (None,)) + (k.name, *(getattr(k, f) for f in RES_USAGE))
                   for k in rows)


def _sass_archs(nvcc) -> list[str]:
    """Every real arch `nvcc --list-gpu-code` names (sm_75 ... sm_121)."""
    out = subprocess.run([str(nvcc), "--list-gpu-code"], capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip().startswith("sm_")]


def _variants(archs: list[str]) -> tuple[list[str], list[str]]:
    """(plain and arch-specific 'a' targets, family-specific 'f' targets). 'a' exists from sm_90,
    'f' from sm_100. nvcc refuses sm_100 and sm_100f in one call (the same code for both), so
    the 'f' targets are built by a second call."""
    plain_and_a, family = [], []
    for arch in archs:
        number = int(arch[3:])
        plain_and_a.append(arch)
        if number >= 90:
            plain_and_a.append(arch + "a")
        if number >= 100:
            family.append(arch + "f")
    return plain_and_a, family


@pytest.fixture(scope="session")
def arch_fatbins(tmp_path_factory, nvcc) -> dict[str, tuple]:
    """name -> (fatbin path, the archs built into it): two nvcc calls, run side by side."""
    out = tmp_path_factory.mktemp("archs")
    source = out / "resources.cu"
    source.write_text(SOURCE)
    plain_and_a, family = _variants(_sass_archs(nvcc))

    def gencode_of(archs: list[str]) -> list[str]:
        """The plain archs' SASS from the oldest one's PTX (one cicc run, not one per arch: 8 s of
        CPU fewer); an 'a' or 'f' target only from its own PTX."""
        plain = [arch for arch in archs if arch[-1].isdigit()]
        oldest = min(plain, key=lambda arch: int(arch[3:]), default=None)
        targets = [(f"compute_{oldest[3:]}", f"[{','.join(plain)}]")] if plain else []
        targets += [(f"compute_{arch[3:]}", arch) for arch in archs if not arch[-1].isdigit()]
        return [flag for virtual, code in targets for flag in ("-gencode", f"arch={virtual},code={code}")]

    def build(name, archs):
        gencode = gencode_of(archs)
        target = out / name
        proc = subprocess.run([str(nvcc), "-fatbin", *gencode, str(source), "-o", str(target)],
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
        return target, archs

    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {"plain_and_a.fatbin": pool.submit(build, "plain_and_a.fatbin", plain_and_a)}
        if family:
            jobs["family.fatbin"] = pool.submit(build, "family.fatbin", family)
        return {name: job.result() for name, job in jobs.items()}


def _kfoot_rows(path, **options):
    file = analyze_paths([path], ReportOptions(kernel_rows=True, **options)).files[0]
    return file.kernel_rows


@pytest.mark.parametrize("name", ["plain_and_a.fatbin", "family.fatbin"])
def test_resources_match_cuobjdump_on_every_arch(arch_fatbins, name):
    if name not in arch_fatbins:
        pytest.skip("this nvcc builds no family-specific ('f') targets")
    path, archs = arch_fatbins[name]
    oracle = cuobjdump_resource_rows(path)
    assert Counter(arch for arch, *_ in oracle) == {arch: KERNELS for arch in archs}  # cuobjdump saw every arch
    assert any(registers > 0 for arch, _, registers, _ in oracle if int(arch[3:].rstrip("af")) >= 90)
    rows = _kfoot_rows(path)
    assert Counter((k.arch, k.name, k.registers, k.shared_bytes) for k in rows) == Counter(oracle)
    params = cuobjdump_param_sizes(path)
    assert len(params) == len(rows)
    for k in rows:
        assert k.param_bytes == params[(k.arch, k.name)], (k.arch, k.name)
    # Every figure cuobjdump -res-usage prints that the report carries, the stack one non-zero.
    usage = _res_usage_counter(path)
    assert _kfoot_counter(rows) == usage
    assert all(stack > 0 for (_, name, _, stack, *_), _n in usage.items() if "stack_kernel" in name)
    assert all(const > 0 for (*_, const), _n in usage.items())


def test_raw_sm90a_cubin_matches_cuobjdump(cuda_fixtures):
    """A raw cubin (what NVRTC and `nvcc -cubin` write) takes the other road through the report."""
    path = cuda_fixtures["fixture_sm90a.cubin"]
    oracle = cuobjdump_resource_rows(path)
    assert oracle and all(registers > 0 for _, _, registers, _ in oracle)
    rows = _kfoot_rows(path)
    assert Counter((k.name, k.registers, k.shared_bytes) for k in rows) == \
        Counter((name, registers, shared) for _, name, registers, shared in oracle)


def test_curand_resources_match_cuobjdump_on_every_arch(curand_library):
    """libcurand, as NVIDIA built it: sm_75 to sm_120. cuobjdump reads .nv_fatbin only, so the
    report is limited to it too."""
    oracle = cuobjdump_resource_rows(curand_library)
    archs = {arch for arch, *_ in oracle}
    assert {"sm_80", "sm_90"} <= archs and any(int(a[3:].rstrip("af")) >= 100 for a in archs)
    rows = _kfoot_rows(curand_library, sections=frozenset({".nv_fatbin"}))
    assert Counter((k.arch, k.name, k.registers, k.shared_bytes) for k in rows) == Counter(oracle)
    usage = _res_usage_counter(curand_library)
    assert _kfoot_counter(rows) == usage
    assert any(stack > 0 for (_, _, _, stack, *_) in usage)  # libcurand has kernels with a stack


@pytest.mark.parametrize("name", ["plain_and_a.fatbin", "family.fatbin"])
def test_explains_constant_bytes_match_cuobjdump(arch_fatbins, name):
    """kfoot explain reads each kernel's constant bank 0 with its fingerprints and without the
    other resources (kfoot.binary.cubin._fingerprint_kernels): cuobjdump's CONSTANT[0], every arch."""
    if name not in arch_fatbins:
        pytest.skip("this nvcc builds no family-specific ('f') targets")
    path, _archs = arch_fatbins[name]
    constant = list(RES_USAGE).index("constant_bytes")
    oracle = Counter((arch, kernel, figures[constant]) for (arch, kernel, *figures) in _res_usage_counter(path).elements())
    rows = analyze_paths([path], ReportOptions(fingerprints=True)).files[0].kernel_rows
    assert rows and all(k.code_digest for k in rows)
    assert Counter((k.arch, k.name, k.constant_bytes) for k in rows) == oracle
    assert all(count > 0 for (*_, count) in oracle)
