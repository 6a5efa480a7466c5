"""`kfoot trace`: the CUPTI injection library compiles against NVIDIA's CUPTI wheel, loads
(dlopen, its InitializeInjection exported, libcupti resolved) and, on a machine without a CUDA
driver, `kfoot trace` runs the program, passes its exit status on and says in one line that
nothing was recorded. Launching kernels under it needs a GPU."""

from __future__ import annotations

import ctypes
import signal
import os
import subprocess

import pytest

from kfoot.core.errors import ToolMissing
from oracles.cli import run_kfoot
from oracles.errors import assert_error


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    from kfoot.trace.build import cupti_tree, injection_library

    try:
        cupti_tree()
    except ToolMissing as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    with pytest.MonkeyPatch.context() as patch:  # built into a cache folder of the test's own
        patch.setenv("KFOOT_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        yield injection_library()


def test_the_injection_library_builds_and_loads(library):
    handle = ctypes.CDLL(str(library))
    assert handle.InitializeInjection  # what the driver calls
    # the dynamic linker resolves libcupti from the wheel: nothing left "not found"
    ldd = subprocess.run(["ldd", str(library)], capture_output=True, text=True, check=True).stdout
    assert "libcupti" in ldd and "not found" not in ldd, ldd
    nm = subprocess.run(["nm", "-D", "--defined-only", str(library)], capture_output=True, text=True, check=True).stdout
    assert [line.split()[-1] for line in nm.splitlines() if " T " in line] == ["InitializeInjection"]


@pytest.mark.no_gpu
def test_trace_without_a_driver_records_nothing_in_one_line(library, tmp_path):
    env = dict(os.environ)
    trace = tmp_path / "t.jsonl"
    proc = run_kfoot("trace", "-o", trace, "--", "true", env=env)
    assert trace.read_bytes() == b""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "no kernel launch recorded" in lines[0], proc.stderr
    # the program's exit status, and the environment its children inherit
    script = f'test "$CUDA_INJECTION64_PATH" = "{library}" && test "$KFOOT_TRACE_KERNELS" = "{trace}" && exit 3'
    assert run_kfoot("trace", "-o", trace, "--", "sh", "-c", script, env=env, check_rc=3).returncode == 3


@pytest.mark.parametrize("signal_name", ["TERM", "PIPE", "KILL"])
def test_a_program_killed_by_a_signal_exits_as_a_shell_says(library, tmp_path, signal_name):
    """A COMMAND killed by signal N is 128+N, as a shell reports it (`yes | head -1`: the program
    writing to a pipe its reader closed dies of SIGPIPE), not Python's -N cut to a byte (256-N).
    Oracle: sh's own status for the same command."""
    command = f"kill -{signal_name} $$"
    shell = subprocess.run(["sh", "-c", f"sh -c '{command}'"]).returncode
    assert shell > 128  # the oracle itself: 128 + the signal's number
    proc = run_kfoot("trace", "-o", tmp_path / "t.jsonl", "--", "sh", "-c", command, check_rc=None)
    assert proc.returncode == shell


def test_a_missing_program_is_one_line(library, tmp_path):
    proc = run_kfoot("trace", "-o", tmp_path / "t.jsonl", "--", str(tmp_path / "no-such-program"), check_rc=2)
    assert_error(proc, "cannot run")


def test_a_malformed_kernel_trace_line_is_one_error(tmp_path):
    from kfoot.core.errors import KfootError
    from kfoot.trace.run import read_kernel_trace

    path = tmp_path / "t.jsonl"
    path.write_text('{"kernel":"_Z1kv","module":"0x1","launches":2,"pid":7}\n{"kernel":"_Z1kv","module":"0x1","launches":3,"pid":8}\n')
    launches, processes = read_kernel_trace(path)
    assert launches[("_Z1kv", "0x1")] == 5 and processes == 2
    path.write_text('{"kernel":"_Z1kv"}\n')
    with pytest.raises(KfootError, match="line 1"):
        read_kernel_trace(path)


@pytest.mark.parametrize("sig,code,last_line", [(signal.SIGINT, 130, "kfoot: interrupted"),
                                                (signal.SIGTERM, 143, "kfoot: terminated")], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_stops_a_traced_program_that_ignores_it_and_its_children(library, tmp_path, sig, code, last_line):
    """kfoot stops within 2 s and leaves no process of its session, even when COMMAND ignores the
    signal and has children (both sleeps inherit the ignored signals): before, kfoot killed the
    shell alone and the sleeps ran on. Checked from outside, in /proc (tests/test_interrupt.py)."""
    from test_interrupt import signal_and_check, start_kfoot, wait_for_children

    proc = start_kfoot("trace", "-o", tmp_path / "t.jsonl", "--", "sh", "-c",
                       'trap "" INT TERM; sleep 60 & sleep 60 & wait')
    wait_for_children(proc, names={"sleep"}, count=2)
    signal_and_check(proc, sig, group=True, code=code, last_line=last_line)
