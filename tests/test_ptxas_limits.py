"""`--memory estimate` runs ptxas on PTX from the file, which nobody vouches for: each run is
bounded (CPU time, address space, wall time) and a run that hits a bound leaves its module
"not estimated", never a hang.

The PTX is one kernel of 100,000 dependent floating-point instructions: 4 MB of text, a fatbin
of about 1 MB, that keeps ptxas busy for seconds. The bounds are lowered
for the test (module constants, set in a fresh process); what is asserted is measured from
outside: the wall time of the whole report, the peak RSS of every process it ran
(getrusage(RUSAGE_CHILDREN) of a parent whose only child is the report), no ptxas left
running, and the estimate's own count of modules not estimated."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from kfoot.core.toolchain import find_tool
from oracles.cli import REPO

INSTRUCTIONS = 100_000


def ptx_fatbin(folder, nvcc, name: str, instructions: int):
    lines = [".version 8.0", ".target sm_80", ".address_size 64", ".visible .entry slow(.param .u64 p) {",
             ".reg .f32 %f<4>;", ".reg .b64 %rd<3>;", "ld.param.u64 %rd1, [p];", "cvta.to.global.u64 %rd2, %rd1;",
             "ld.global.f32 %f1, [%rd2];", "ld.global.f32 %f2, [%rd2+4];"]
    # Immediates from a seeded generator: the PTX compresses like real code (a few x), not by the
    # thousands kfoot's fatbin reader refuses as a decompression bomb.
    rng = random.Random(0)
    lines += [f"fma.rn.f32 %f1, %f1, 0f{rng.getrandbits(32):08X}, %f2;" if i % 2 else
              f"mul.f32 %f2, %f2, 0f{rng.getrandbits(32):08X};" for i in range(instructions)]
    lines += ["st.global.f32 [%rd2], %f1;", "ret;", "}"]
    ptx = folder / f"{name}.ptx"
    ptx.write_text("\n".join(lines) + "\n")
    fatbin = folder / f"{name}.fatbin"
    # compute_80 only: nvcc embeds the PTX as is (ptxas does not run here), compressed.
    subprocess.run([str(nvcc), "-fatbin", "-gencode", "arch=compute_80,code=compute_80", str(ptx), "-o", str(fatbin)],
                   check=True, capture_output=True, timeout=120)
    assert fatbin.stat().st_size < ptx.stat().st_size // 2  # compressed, but no bomb
    return ptx, fatbin


@pytest.fixture(scope="module")
def slow_fatbin(tmp_path_factory, nvcc):
    return ptx_fatbin(tmp_path_factory.mktemp("slowptx"), nvcc, "slow", INSTRUCTIONS)


_RUN = """
import json, resource, subprocess, sys, time
limits, args = json.loads(sys.argv[1]), sys.argv[2:]
code = ("import sys, kfoot.memory.estimate as e\\n"
        f"for k, v in {limits!r}.items(): setattr(e, k, v)\\n"
        "from kfoot.cli import main\\nsys.exit(main(sys.argv[1:]))")
started = time.monotonic()
proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": proc.returncode, "stdout": proc.stdout, "stderr": proc.stderr,
                  "wall": time.monotonic() - started, "peak": usage.ru_maxrss * 1024,
                  "cpu": usage.ru_utime + usage.ru_stime}))
"""


def report_with_limits(fatbin, *args, **limits) -> dict:
    proc = subprocess.run([sys.executable, "-c", _RUN, json.dumps(limits), "report", "--memory", "estimate",
                           "--memory-arch", "sm_90", "--json", *args, str(fatbin)],
                          capture_output=True, text=True, cwd=REPO, timeout=300, check=True)
    run = json.loads(proc.stdout)
    assert run["rc"] == 0, run["stderr"][-2000:]
    assert "Traceback" not in run["stderr"]
    run["memory"] = json.loads(run["stdout"])["files"][0]["memory"]
    return run


def no_ptxas_left(ptx_name: str) -> bool:
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    return not any("ptxas" in line and "kfoot-jit-" in line for line in ps.splitlines())


def assert_not_estimated(memory: dict) -> None:
    assert memory["modules_by_route"] == {"ptx-jit, not estimated": 1}, memory
    assert memory["not_estimated_modules"] == 1
    assert memory["eager_bytes"] == 0 and memory["load_bytes"] == 0


def test_the_ptx_really_is_slow_for_ptxas(slow_fatbin, tmp_path):
    # The oracle for the bounds below: unbounded, ptxas needs more than 2 s for this PTX.
    ptx, _ = slow_fatbin
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run([str(find_tool("ptxas")), "-arch=sm_90", str(ptx), "-o", str(tmp_path / "x.cubin")],
                       capture_output=True, timeout=2)


def test_cpu_bound_leaves_the_module_not_estimated(slow_fatbin):
    run = report_with_limits(slow_fatbin[1], PTXAS_CPU_SECONDS=1)
    assert_not_estimated(run["memory"])
    assert run["wall"] < 6, run["wall"]
    assert run["cpu"] < 5, run["cpu"]  # ptxas's ~1 s and kfoot's own start-up
    assert no_ptxas_left("slow")


@pytest.fixture(scope="module")
def million_lines(tmp_path_factory, nvcc):
    """A fatbin of a few hundred KB holding one PTX image of a million lines (31 MB): ptxas takes
    it to its 2 GiB address space limit, 2 GB resident, in about 45 s."""
    folder = tmp_path_factory.mktemp("millionptx")
    rng = random.Random(1)
    lines = [".version 8.0", ".target sm_80", ".address_size 64", ".visible .entry big(.param .u64 p) {",
             ".reg .f32 %f<4>;", ".reg .b64 %rd<3>;", "ld.param.u64 %rd1, [p];", "cvta.to.global.u64 %rd2, %rd1;",
             "ld.global.f32 %f1, [%rd2];", "ld.global.f32 %f2, [%rd2+4];"]
    # A bit of randomness every 8th line: compressible, but not past the fatbin reader's bomb ratio.
    lines += ["fma.rn.f32 %f2, %f2, %f1, %f2;" if i % 8 == 0 and rng.random() < 0.5 else "fma.rn.f32 %f1, %f1, %f2, %f1;"
              for i in range(1_000_000)]
    lines += ["st.global.f32 [%rd2], %f1;", "ret;", "}"]
    ptx = folder / "big.ptx"
    ptx.write_text("\n".join(lines) + "\n")
    fatbin = folder / "big.fatbin"
    subprocess.run([str(nvcc), "-fatbin", "-gencode", "arch=compute_80,code=compute_80", str(ptx), "-o", str(fatbin)],
                   check=True, capture_output=True, timeout=120)
    assert fatbin.stat().st_size < 1 << 20
    return fatbin


@pytest.mark.parametrize("bound", [None, "256MiB"])
def test_ptxas_runs_under_the_max_memory_bound(million_lines, bound):
    # The decoding bound (--max-memory, 512 MiB by default) is ptxas's address space too: it
    # cannot compile this module within it, so the module stays "not estimated", and no process
    # of the report ever held more than the bound.
    limit = 512 << 20 if bound is None else 256 << 20
    run = report_with_limits(million_lines, *([] if bound is None else ["--max-memory", bound]))
    assert_not_estimated(run["memory"])
    assert run["peak"] < limit, run["peak"]
    assert run["wall"] < 60, run["wall"]


def test_wall_bound_leaves_the_module_not_estimated(slow_fatbin):
    run = report_with_limits(slow_fatbin[1], PTXAS_WALL_SECONDS=0.5)
    assert_not_estimated(run["memory"])
    assert run["wall"] < 5, run["wall"]
    assert no_ptxas_left("slow")


def test_within_the_bounds_the_module_is_estimated(tmp_path, nvcc):
    # A small kernel's PTX, JIT-compiled for sm_90 well within the default bounds: estimated, and
    # to the byte what ptxas makes of it outside kfoot (the cubin's SHF_ALLOC sections).
    from elftools.elf.elffile import ELFFile

    ptx, fatbin = ptx_fatbin(tmp_path, nvcc, "small", 200)
    cubin = tmp_path / "small.cubin"
    subprocess.run([str(find_tool("ptxas")), "-arch=sm_90", str(ptx), "-o", str(cubin)], check=True, timeout=60)
    with cubin.open("rb") as f:
        alloc = sum(-(-s["sh_size"] // max(s["sh_addralign"], 1)) * max(s["sh_addralign"], 1)
                    for s in ELFFile(f).iter_sections() if s["sh_flags"] & 0x2)
    memory = report_with_limits(fatbin)["memory"]
    assert memory["modules_by_route"] == {"ptx-jit": 1}
    assert memory["not_estimated_modules"] == 0
    assert memory["load_bytes"] == alloc > 0
