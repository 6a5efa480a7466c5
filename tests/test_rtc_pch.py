"""Precompiled headers (kfoot/runtime/pch.py): reused within a process, never wrong, never left behind.

Oracles: the cubin compiled with a PCH against the one compiled with KFOOT_PCH=0 (pyelftools'
.text of each kernel, cuobjdump's function list), NVRTC's own PCH messages, and the files a
process leaves in its TMPDIR, killed (SIGKILL) or not.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from elftools.elf.elffile import ELFFile

from oracles.cli import REPO, run_kfoot
from test_cpp_runtime import _env, scale_registry  # noqa: F401 (scale_registry: the example registry, a fixture)
from test_cpp_runtime import _run as _run_cpp
from test_rtc_support import cubin_facts, build_mini_registry

# Compiles three mini variants one program each in one process, the PCH corrupted (or not)
# after the first; prints the cubins' paths and the PCH counters.
SCRIPT = r"""
import glob, json, os, sys
from kfoot.runtime import compiler, pch
from kfoot.runtime.registry import load_registry
registry, out, corrupt = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
reg = load_registry(registry)
context = compiler.SourceContext(reg, "sm_90")
ids = ["mini::apply_kernel<mini::op::Twice, float, float>", "mini::apply_kernel<mini::op::Square, float, float>",
       "mini::apply_kernel<mini::op::Twice, __half, __half>"]
for i, tid in enumerate(ids):
    program = compiler.compile_variants(context, [reg.by_template_id[tid]], None)
    open(os.path.join(out, f"{i}.cubin"), "wb").write(program.cubin)
    if corrupt and i == 0:
        for path in glob.glob(os.path.join(os.environ["TMPDIR"], "kfoot-pch-*", "*.pch")):
            open(path, "r+b").write(b"\0garbage" * 512)
print(json.dumps({"hits": pch.STATS.hits, "created": pch.STATS.created, "refused": pch.STATS.refused,
                  "files": len(glob.glob(os.path.join(os.environ["TMPDIR"], "kfoot-pch-*", "*.pch")))}))
"""


@pytest.fixture(scope="module")
def mini_registry(tmp_path_factory):
    return build_mini_registry(tmp_path_factory.mktemp("mini_pch"))


def _run(registry, tmp_path, name, *, pch="1", corrupt=False):
    tmp, out = tmp_path / f"{name}-tmp", tmp_path / name
    tmp.mkdir()
    out.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), KFOOT_PCH=pch, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", SCRIPT, str(registry), str(out), "1" if corrupt else "0"],
                          capture_output=True, text=True, env=env, timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert list(tmp.iterdir()) == [], "the process left PCH files behind"
    return json.loads(proc.stdout), [(out / f"{i}.cubin").read_bytes() for i in range(3)]


def _texts(cubin: bytes, path) -> dict[str, bytes]:
    path.write_bytes(cubin)
    with open(path, "rb") as handle:
        return {s.name: s.data() for s in ELFFile(handle).iter_sections() if s.name.startswith(".text")}


@pytest.fixture(scope="module")
def without_pch(mini_registry, tmp_path_factory):
    return _run(mini_registry, tmp_path_factory.mktemp("nopch"), "off", pch="0")


def test_a_pch_is_made_once_and_reused_by_later_programs(mini_registry, without_pch, tmp_path):
    stats, cubins = _run(mini_registry, tmp_path, "on")
    # One preamble (the three variants share header and prelude): one PCH, used twice.
    assert (stats["created"], stats["hits"], stats["refused"], stats["files"]) == (1, 2, 0, 1)
    off_stats, off_cubins = without_pch
    assert (off_stats["created"], off_stats["hits"], off_stats["files"]) == (0, 0, 0)
    for on, off in zip(cubins, off_cubins):
        assert cubin_facts(on, tmp_path) == cubin_facts(off, tmp_path)
        assert _texts(on, tmp_path / "a.cubin") == _texts(off, tmp_path / "b.cubin") != {}


def test_a_corrupt_pch_is_a_silent_recompile(mini_registry, without_pch, tmp_path):
    stats, cubins = _run(mini_registry, tmp_path, "bad", corrupt=True)
    assert stats["hits"] == 0 and stats["refused"] == 1
    for on, off in zip(cubins, without_pch[1]):
        assert _texts(on, tmp_path / "a.cubin") == _texts(off, tmp_path / "b.cubin") != {}


def test_the_cpp_runtime_reuses_a_pch_within_its_process(rtc_check, scale_registry, tmp_path):
    runs = {}
    for mode in ("1", "0"):
        tmp = tmp_path / f"tmp{mode}"
        tmp.mkdir()
        if mode == "1":  # a killed Python process's folder: the C++ runtime removes it too
            _killed_python_folder(tmp)
        out = tmp_path / f"cpp{mode}.cubin"
        runs[mode] = _run_cpp(rtc_check, scale_registry, "sm_90", out, "--id", "example::scale_kernel<float, 2>",
                              env=_env(None, KFOOT_CACHE="off", KFOOT_PCH=mode, TMPDIR=str(tmp),
                                       RTC_CHECK_FIRST="example::scale_kernel<float, 1>"))
        assert list(tmp.iterdir()) == [], "the C++ runtime left PCH files behind"
        runs[mode]["texts"] = _texts(out.read_bytes(), tmp_path / f"t{mode}.cubin")
    assert (runs["1"]["compiles"], runs["1"]["pch_hits"]) == (2, 1)
    assert (runs["0"]["compiles"], runs["0"]["pch_hits"]) == (2, 0)
    assert runs["1"]["texts"] == runs["0"]["texts"] != {}


# Compiles the three mini variants into the disk cache KFOOT_CACHE_DIR; prints NVRTC's logs.
CACHED_SCRIPT = r"""
import json, sys
from kfoot.runtime import compiler
from kfoot.runtime.kernel_cache import DiskCache
from kfoot.runtime.registry import load_registry
reg = load_registry(sys.argv[1])
context = compiler.SourceContext(reg, "sm_90")
cache = DiskCache.from_env()
ids = ["mini::apply_kernel<mini::op::Twice, float, float>", "mini::apply_kernel<mini::op::Square, float, float>",
       "mini::apply_kernel<mini::op::Twice, __half, __half>"]
print(json.dumps([compiler.compile_variants(context, [reg.by_template_id[t]], cache).log for t in ids]))
"""


def test_cache_stats_counts_pch_hits_of_every_process(mini_registry, tmp_path):
    cache = tmp_path / "cache"
    used = 0
    for run in range(2):  # two processes: each makes its own PCH, the counts add up in the cache
        tmp = tmp_path / f"tmp{run}"
        tmp.mkdir()
        env = dict(os.environ, TMPDIR=str(tmp), KFOOT_PCH="1", KFOOT_CACHE_DIR=str(cache), PYTHONPATH=str(REPO))
        env.pop("KFOOT_CACHE", None)
        env.pop("KFOOT_CACHE_REMOTE", None)
        proc = subprocess.run([sys.executable, "-c", CACHED_SCRIPT, str(mini_registry)], capture_output=True, text=True,
                              env=env, timeout=900)
        assert proc.returncode == 0, proc.stderr
        # NVRTC's own word for each program (--pch-messages): the oracle.
        used += sum("using precompiled header" in log for log in json.loads(proc.stdout))
    assert used == 4
    stats = run_kfoot("cache", "--cache-dir", cache, "stats", "--json")
    assert json.loads(stats.stdout)["pch_hits"] == used
    assert "precompiled-header hits" in run_kfoot("cache", "--cache-dir", cache, "stats").stdout


# Makes this process's PCH folder, prints it, and then waits for stdin to close, or kills itself.
HOLD_SCRIPT = r"""
import os, signal, sys
from kfoot.runtime import pch
pch.prepare()
print(pch._folder, flush=True)
if sys.argv[1] == "kill":
    os.kill(os.getpid(), signal.SIGKILL)
sys.stdin.read()
"""


def _pch_env(tmp) -> dict:
    return dict(os.environ, TMPDIR=str(tmp), KFOOT_PCH="1", PYTHONPATH=str(REPO))


def _killed_python_folder(tmp) -> str:
    proc = subprocess.run([sys.executable, "-c", HOLD_SCRIPT, "kill"], capture_output=True, text=True,
                          env=_pch_env(tmp), timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    folder = proc.stdout.strip()
    assert sorted(os.listdir(folder)) == ["owner.lock"], "a killed process cannot clean up: the folder stays"
    return os.path.basename(folder)


def _tree(path) -> dict:
    return {p.relative_to(path).as_posix(): p.is_symlink() for p in sorted(path.rglob("*"))}


def test_a_killed_process_pch_folder_is_removed_and_nothing_else(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    alive = subprocess.Popen([sys.executable, "-c", HOLD_SCRIPT, "hold"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=_pch_env(tmp))
    try:
        live = os.path.basename(alive.stdout.readline().strip())
        dead = _killed_python_folder(tmp)  # its start leaves the live process's folder alone
        assert live in os.listdir(tmp)
        # What is not a dead kfoot process's PCH folder, though named like one or holding a lock.
        (tmp / "kfoot-pch-nolock").mkdir()
        (tmp / "kfoot-pch-nolock" / "a.pch").write_bytes(b"x")
        outside = tmp_path / "outside"
        outside.mkdir()
        (outside / "owner.lock").write_bytes(b"")
        (outside / "b.pch").write_bytes(b"y")
        (tmp / "kfoot-pch-link").symlink_to(outside)
        (tmp / "kfoot-pch-notes").mkdir()
        (tmp / "kfoot-pch-notes" / "owner.lock").write_bytes(b"")
        (tmp / "kfoot-pch-notes" / "notes.txt").write_text("mine")
        (tmp / "other-dir").mkdir()
        (tmp / "other-dir" / "owner.lock").write_bytes(b"")
        before = _tree(tmp)
        proc = subprocess.run([sys.executable, "-c", HOLD_SCRIPT, "exit"], input="", capture_output=True, text=True,
                              env=_pch_env(tmp), timeout=120)
        assert proc.returncode == 0, proc.stderr
        after = _tree(tmp)
        # The dead process's folder is gone; the live one's, and everything else, as it was.
        assert {k: v for k, v in before.items() if not k.startswith(dead)} == after
        assert dead in before and f"{live}/owner.lock" in after
        assert _tree(outside) == {"b.pch": False, "owner.lock": False}
    finally:
        alive.stdin.close()
        alive.wait(timeout=60)
    assert live not in os.listdir(tmp), "the live process removed its own folder at exit"


def test_a_killed_cpp_process_pch_folder_is_removed_by_python(rtc_check, scale_registry, tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = _env(None, KFOOT_CACHE="off", KFOOT_PCH="1", TMPDIR=str(tmp), RTC_CHECK_FIRST="example::scale_kernel<float, 1>")
    proc = subprocess.Popen([str(rtc_check), str(scale_registry), "sm_90", str(tmp_path / "out.cubin"), "--id",
                             "example::scale_kernel<float, 2>"], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    locks = []
    while not locks and time.monotonic() < deadline and proc.poll() is None:
        locks = list(tmp.glob("kfoot-pch-*/owner.lock"))
        time.sleep(0.005)
    proc.kill()  # SIGKILL: no destructor runs
    proc.wait()
    assert locks, "the C++ runtime made no PCH folder with its lock"
    assert locks[0].exists(), "a killed C++ process cannot clean up: the folder stays"
    subprocess.run([sys.executable, "-c", HOLD_SCRIPT, "exit"], input="", check=True, env=_pch_env(tmp), timeout=120)
    assert list(tmp.iterdir()) == []


CHECK_SCRIPT = r"""
import glob, json, os, sys
from kfoot.compile.nvrtc_checks import check_registry
from kfoot.runtime import compiler, pch
from kfoot.runtime.registry import load_registry
def pch_files():
    return len(glob.glob(os.path.join(os.environ["TMPDIR"], "kfoot-pch-*", "*.pch")))
registry = load_registry(sys.argv[1])
check = check_registry(registry, "sm_90")
found = {"programs": check.programs, "files": pch_files()}
# The control: a program of the same preamble compiled as warm compiles it makes one here.
compiler.compile_variants(compiler.SourceContext(registry, "sm_90"), [registry.by_template_id["mini::apply_kernel<mini::op::Twice, float, float>"]], None)
found["files_after_a_warm_compile"] = pch_files()
print(json.dumps(found))
"""


def test_a_builds_nvrtc_check_makes_no_pch(mini_registry, tmp_path):
    """`kfoot build`'s NVRTC check compiles one program per header: a PCH of its preamble would
    serve nothing (a CUB preamble's is ~300 MB, and ~1.3 s of NVRTC's CPU to write)."""
    env = dict(os.environ, TMPDIR=str(tmp_path), KFOOT_PCH="1", PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", CHECK_SCRIPT, str(mini_registry)],
                          capture_output=True, text=True, env=env, timeout=900)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    assert found["programs"] >= 1 and found["files"] == 0 and found["files_after_a_warm_compile"] == 1, found
