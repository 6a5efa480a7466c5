"""The C++ runtime (kfoot/runtime.hpp) against the Python one: same cubins, same cache, same answers.

A test program (tests/cpp/rtc_check.cpp) is compiled with `g++ $(kfoot config --cflags) ...
$(kfoot config --libs)`, as a user would, and run against registries kfoot builds. The oracles:
cuobjdump's function list and pyelftools' .text bytes of the cubin Python compiles for the same
variant; the Python cache's own reader (`kfoot warm` counting hits, `kfoot cache verify`); the
Python runtime's route choice.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

import kfoot
from kfoot import runtime
from kfoot.runtime import nvrtc
from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error

EXAMPLE_SPEC = REPO / "examples" / "cmake" / "kernels" / "scale.toml"
SCALE_F2 = ("scale", {"T": "float32", "UNROLL": "2"})


def _compiler() -> str:
    found = shutil.which("g++") or shutil.which("c++")
    if not found:
        pytest.skip("no C++ compiler (g++) on this machine")
    return found


@pytest.fixture(scope="module")
def scale_registry(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("scale_rtc") / "rtc"
    run_kfoot("build", "--mode", "rtc", EXAMPLE_SPEC, "-o", folder, "--no-progress", "--no-check")
    return folder


@pytest.fixture(scope="module")
def python_cubin(scale_registry, tmp_path_factory) -> tuple[Path, str]:
    """The oracle of the tests below: the cubin the Python runtime compiles (no cache) for
    scale<float, 2> on sm_90 from scale_registry, and its lowered name, compiled once."""
    py = runtime.open_registry(scale_registry, cache=None, trace=None).kernel("scale", T="float32", UNROLL=2)
    reference = tmp_path_factory.mktemp("py_cubin") / "py.cubin"
    reference.write_bytes(py.cubin("sm_90"))
    return reference, py.lowered_name("sm_90")


def _env(cache: Path | None, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "KFOOT_CACHE"}
    env.update(extra)
    if cache is not None:
        env["KFOOT_CACHE_DIR"] = str(cache)
    return env


def _run(program: Path, *args, env: dict, rc: int = 0) -> dict | str:
    proc = subprocess.run([str(program), *map(str, args)], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == rc, f"rc={proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return json.loads(proc.stdout) if rc == 0 else proc.stdout.strip()


def _values(values: dict) -> list[str]:
    return [f"{k}={v}" for k, v in values.items()]


def _functions(cuobjdump: Path, cubin: Path) -> list[str]:
    out = subprocess.run([str(cuobjdump), "-res-usage", str(cubin)], capture_output=True, text=True, check=True).stdout
    return sorted(re.findall(r"^\s*Function (\S+):", out, re.MULTILINE))


def _texts(cubin: Path) -> dict[str, bytes]:
    with open(cubin, "rb") as handle:
        elf = ELFFile(handle)
        return {s.name: s.data() for s in elf.iter_sections() if s.name.startswith(".text")}


def test_cmake_package_names_this_kfoot():
    # The header's own version and key schema: tests/test_cpp_vectors.py.
    assert 'set(PACKAGE_VERSION "' + kfoot.__version__ + '")' in (REPO / "kfoot/cmake/kfootConfigVersion.cmake").read_text()


def test_cpp_compiles_the_cubin_python_compiles(rtc_check, scale_registry, python_cubin, cuobjdump, tmp_path):
    family, values = SCALE_F2
    out = tmp_path / "cpp.cubin"
    first = _run(rtc_check, scale_registry, "sm_90", out, family, *_values(values), env=_env(tmp_path / "cache"))
    assert first["template_id"] == "example::scale_kernel<float, 2>"
    assert (first["compiles"], first["disk_hits"], first["memory_hits"]) == (1, 0, 1)  # the repeat is a memory hit
    assert first["same_size"] and first["route"] == "rtc"

    reference, lowered_name = python_cubin
    assert first["lowered_name"] == lowered_name
    assert _functions(cuobjdump, out) == _functions(cuobjdump, reference) == [first["lowered_name"]]
    assert _texts(out) == _texts(reference) and _texts(out)
    assert first["bytes"] == out.stat().st_size


def test_python_warms_cpp_hits_disk(rtc_check, scale_registry, tmp_path):
    cache = tmp_path / "cache"
    warmed = json.loads(run_kfoot("warm", scale_registry, "--arch", "sm_90", "--json", env=_env(cache)).stdout)["sm_90"]
    assert warmed["compiled"] == 6
    family, values = SCALE_F2
    got = _run(rtc_check, scale_registry, "sm_90", "-", family, *_values(values), env=_env(cache))
    assert (got["compiles"], got["disk_hits"]) == (0, 1)
    # Another spelling of the arch is the same kernel: one disk hit, then memory.
    got = _run(rtc_check, scale_registry, "90", "-", "--id", "example::scale_kernel<int, 1>", env=_env(cache))
    assert (got["compiles"], got["disk_hits"]) == (0, 1)


def test_cpp_writes_entries_python_reads_and_verifies(rtc_check, scale_registry, tmp_path):
    cache = tmp_path / "cache"
    family, values = SCALE_F2
    _run(rtc_check, scale_registry, "sm_90", "-", family, *_values(values), env=_env(cache))
    assert oct((cache / "entries").stat().st_mode & 0o777) == "0o700"
    warmed = json.loads(run_kfoot("warm", scale_registry, "--arch", "sm_90", "--json", env=_env(cache)).stdout)["sm_90"]
    assert (warmed["cache_hits"], warmed["compiled"]) == (1, 5)
    verify = run_kfoot("cache", "--cache-dir", cache, "verify", "--json")
    assert json.loads(verify.stdout)["bad"] == []
    # And the Python runtime takes the C++ entry as a disk hit.
    py = runtime.open_registry(scale_registry, cache=runtime.kernel_cache.DiskCache(cache), trace=None)
    assert py.kernel(family, T="float32", UNROLL=2).binary("sm_90").from_cache


def test_corrupt_entry_is_recompiled_not_trusted(rtc_check, scale_registry, tmp_path):
    cache = tmp_path / "cache"
    family, values = SCALE_F2
    _run(rtc_check, scale_registry, "sm_90", "-", family, *_values(values), env=_env(cache))
    (entry,) = (cache / "entries").rglob("*.entry")
    entry.write_bytes(entry.read_bytes().replace(b"scale_kernel", b"scale_kernxl", 1))
    proc = subprocess.run([str(rtc_check), scale_registry, "sm_90", "-", family, *_values(values)],
                          capture_output=True, text=True, env=_env(cache), check=True)
    assert json.loads(proc.stdout)["compiles"] == 1
    assert "entry checksum mismatch" in proc.stderr
    assert json.loads(run_kfoot("cache", "--cache-dir", cache, "verify", "--json").stdout)["bad"] == []


def test_an_entry_whose_cubin_lacks_its_kernel_is_recompiled_by_both(rtc_check, scale_registry, tmp_path):
    """docs/fuzzing.md failure 7: an entry with a sound checksum naming a kernel its cubin does not
    define (pyelftools: no such symbol) is a miss in C++ and in Python: one warning, compiled again."""
    cache = tmp_path / "cache"
    family, values = SCALE_F2
    _run(rtc_check, scale_registry, "sm_90", "-", family, *_values(values), env=_env(cache))

    def lie():
        (entry,) = (cache / "entries").rglob("*.entry")
        meta = json.loads(entry.read_bytes().partition(b"\n")[0])
        assert f".text.{meta['lowered_name']}" in _texts(cache / "blobs" / meta["blob"][:2] / (meta["blob"] + ".cubin"))
        meta["lowered_name"] = "_Z9no_kernelv"
        body = json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
        entry.write_bytes(body + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n")
        blob = cache / "blobs" / meta["blob"][:2] / (meta["blob"] + ".cubin")
        texts = _texts(blob)  # pyelftools: the cubin's kernels, by their code sections
        assert ".text._Z9no_kernelv" not in texts and f".text.{meta['lowered_name']}" not in texts and texts

    lie()
    proc = subprocess.run([str(rtc_check), scale_registry, "sm_90", "-", family, *_values(values)],
                          capture_output=True, text=True, env=_env(cache), check=True)
    assert (json.loads(proc.stdout)["compiles"], json.loads(proc.stdout)["disk_hits"]) == (1, 0)
    assert proc.stderr.count("\n") == 1 and "does not define the kernel the entry names (_Z9no_kernelv)" in proc.stderr
    lie()
    py = runtime.open_registry(scale_registry, cache=runtime.kernel_cache.DiskCache(cache), trace=None)
    with pytest.warns(UserWarning, match="does not define the kernel"):
        assert not py.kernel(family, T="float32", UNROLL=2).binary("sm_90").from_cache


def test_threads_compile_once(rtc_check, scale_registry, tmp_path):
    family, values = SCALE_F2
    got = _run(rtc_check, scale_registry, "sm_90", "-", "--threads", 8, family, *_values(values),
               env=_env(tmp_path / "cache"))
    assert got["compiles"] == 1 and got["memory_hits"] == 8 and got["same_size"]


def test_no_cache_writes_nothing(rtc_check, scale_registry, tmp_path):
    family, values = SCALE_F2
    got = _run(rtc_check, scale_registry, "sm_90", "-", family, *_values(values),
               env=_env(tmp_path / "cache", KFOOT_CACHE="off"))
    assert got["compiles"] == 1 and got["cache_dir"] == ""
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("values, message", [
    ({"T": "float31", "UNROLL": "2"}, "scale has no variant T='float31', UNROLL=2: T='float31' is not a value of T; "
                                      "nearest: float32"),
    ({"T": "float32"}, "scale needs a value for UNROLL (free axes: T, UNROLL)"),
    ({"T": "float32", "UNROLL": "3"}, "UNROLL=3 is not a value of UNROLL; nearest: 1, 2"),
])
def test_unknown_values_are_one_error_line(rtc_check, scale_registry, tmp_path, values, message):
    out = _run(rtc_check, scale_registry, "sm_90", "-", "scale", *_values(values), env=_env(tmp_path / "c"), rc=3)
    assert out.startswith("error: ") and message in out and "\n" not in out
    with pytest.raises(kfoot.core.errors.KfootError):  # Python refuses the same request
        runtime.open_registry(scale_registry, cache=None, trace=None).kernel(
            "scale", **{k: int(v) if k == "UNROLL" else v for k, v in values.items()})


def test_hostile_registry_is_refused(rtc_check, scale_registry, tmp_path):
    bad = tmp_path / "bad"
    shutil.copytree(scale_registry, bad)
    data = json.loads((bad / "registry.json").read_text())
    data["families"]["scale"]["header"] = "../../etc/passwd"
    (bad / "registry.json").write_text(json.dumps(data))
    out = _run(rtc_check, bad, "sm_90", "-", "scale", "T=float32", "UNROLL=2", env=_env(tmp_path / "c"), rc=3)
    assert "resolves outside the registry's folder" in out
    data["families"]["scale"]["header"] = "templates/scale.cuh"
    data["families"]["scale"]["nvrtc_options"] = ["--pre-include=/etc/passwd"]
    (bad / "registry.json").write_text(json.dumps(data))
    out = _run(rtc_check, bad, "sm_90", "-", "scale", "T=float32", "UNROLL=2", env=_env(tmp_path / "c"), rc=3)
    assert "is not one a registry may carry" in out
    (bad / "registry.json").write_text('{"format": "kfoot-rtc-registry", "version": 1, "families": [')
    out = _run(rtc_check, bad, "sm_90", "-", "scale", "T=float32", env=_env(tmp_path / "c"), rc=3)
    assert "not valid JSON" in out


def test_hybrid_route_per_arch_is_pythons(rtc_check, tmp_path):
    """A hybrid registry of the example spec with two hot variants built for sm_80 and sm_90a:
    C++ and Python choose the same route for every variant and device arch."""
    trace = tmp_path / "hot.jsonl"
    hot = ["example::scale_kernel<float, 2>", "example::scale_kernel<int, 1>"]
    trace.write_text("".join(json.dumps({"template_id": t}) + "\n" for t in hot))
    out = tmp_path / "hybrid"
    run_kfoot("build", "--mode", "hybrid", EXAMPLE_SPEC, "-o", out, "--hot", trace, "--arch", "sm_80,sm_90a",
              "--no-progress", "--no-check", "--name", "scale_hot")
    py = runtime.open_registry(out, cache=None, trace=None)
    ids = [v.template_id for v in py.registry.variants]
    for arch in ("sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100"):
        for template_id in ids:
            proc = subprocess.run([str(rtc_check), "--route", out, template_id, arch], capture_output=True,
                                  text=True, check=True)
            assert proc.stdout.strip() == py.kernel_by_id(template_id).route(arch), (template_id, arch)
    assert py.kernel_by_id(hot[0]).route("sm_86") == "aot" and py.kernel_by_id(hot[0]).route("sm_90") == "rtc"


def _one_liner_matches_python(program: Path, registry: Path, python_cubin, cuobjdump, tmp_path, env=None) -> None:
    out = tmp_path / "cpp.cubin"
    proc = subprocess.run([str(program), registry, "sm_90", out], capture_output=True, text=True, timeout=300,
                          env=env if env is not None else _env(None, KFOOT_CACHE="off"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    reference, _ = python_cubin
    assert _functions(cuobjdump, out) == _functions(cuobjdump, reference) == [got["lowered_name"]]
    assert _texts(out) == _texts(reference) and _texts(out)


@pytest.fixture(scope="module")
def made_one_liner(tmp_path_factory) -> tuple[Path, list[str]]:
    """one_liner.cpp built by Make with `$(shell kfoot config --cflags)` in its recipe (Make does not
    unquote what the shell prints), through a CXX that records the words the compiler was given
    and runs g++ with them: (the program, those words). Built once for the two tests below (the
    header runtime is 10 s of g++ CPU)."""
    folder = tmp_path_factory.mktemp("one_liner")
    compiler = _compiler()
    recording = folder / "cxx"
    recording.write_text(f'#!/bin/sh\nprintf "%s\\0" "$@" > "$0.argv"\nexec {shlex.quote(compiler)} "$@"\n')
    recording.chmod(0o755)
    kfoot_command = f"{shlex.quote(sys.executable)} -m kfoot"
    (folder / "Makefile").write_text(
        f"KFOOT = {kfoot_command}\n"
        "one_liner: $(SRC)\n"
        "\t$(CXX) -std=c++17 -O0 $(shell $(KFOOT) config --cflags) $(SRC) -o $@ $(shell $(KFOOT) config --libs)\n")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    subprocess.run(["make", "-C", str(folder), f"CXX={recording}", f"SRC={REPO / 'tests' / 'cpp' / 'one_liner.cpp'}"],
                   check=True, env=env, capture_output=True, text=True, timeout=600)
    words = (folder / "cxx.argv").read_bytes().decode().split("\0")[:-1]
    return folder / "one_liner", words


def test_cflags_build_from_a_makefile(made_one_liner, scale_registry, python_cubin, cuobjdump, tmp_path):
    """`$(shell kfoot config --cflags)` in a Makefile recipe: the program builds and compiles the
    cubin Python compiles."""
    program, _ = made_one_liner
    _one_liner_matches_python(program, scale_registry, python_cubin, cuobjdump, tmp_path)


def test_cflags_are_words_shlex_keeps(made_one_liner, scale_registry, python_cubin, cuobjdump, tmp_path):
    """shlex.split (and a shell's word splitting) of --cflags --libs gives the words as printed: no
    quote to remove; the include folder is the one --include-dir names; a program compiled with
    exactly those words (the compiler's own argument list) compiles the cubin Python compiles."""
    printed = run_kfoot("config", "--cflags", "--libs").stdout
    words = shlex.split(printed)
    assert words == printed.split()
    assert words[0] == "-I" + run_kfoot("config", "--include-dir").stdout.strip()
    program, given = made_one_liner
    source = str(REPO / "tests" / "cpp" / "one_liner.cpp")
    assert given[:2] == ["-std=c++17", "-O0"] and given[given.index(source):given.index(source) + 3] == \
        [source, "-o", "one_liner"]
    assert [w for w in given[2:] if w not in (source, "-o", "one_liner")] == words
    _one_liner_matches_python(program, scale_registry, python_cubin, cuobjdump, tmp_path)


def test_missing_nvrtc_is_one_line_naming_where_it_looked(rtc_check, scale_registry, tmp_path):
    """No libnvrtc anywhere the search looks: one line from C++ and from the CLI, each naming the
    places in order (docs/runtime.md#finding-nvrtc)."""
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "KFOOT_CACHE": "off", "CUDA_HOME": str(tmp_path / "none")}
    out = _run(rtc_check, scale_registry, "sm_90", "-", "scale", "T=float32", "UNROLL=2", env=env, rc=3)
    assert out.startswith("error: libnvrtc not found; looked in: KFOOT_NVRTC (unset); CUDA_HOME=") and "\n" not in out
    assert "the dynamic linker (libnvrtc.so" in out and "NVIDIA wheels (none on the Python path)" in out
    env["KFOOT_NVRTC"] = str(tmp_path / "libnvrtc.so.13")
    out = _run(rtc_check, scale_registry, "sm_90", "-", "scale", "T=float32", "UNROLL=2", env=env, rc=3)
    assert out == f"error: libnvrtc not found; looked in: KFOOT_NVRTC={tmp_path / 'libnvrtc.so.13'}; install " \
                  "nvidia-cuda-nvrtc, or set KFOOT_NVRTC to the library"
    proc = run_kfoot("warm", scale_registry, "--arch", "sm_90", check_rc=None,
                     env={**os.environ, "KFOOT_NVRTC": env["KFOOT_NVRTC"], "KFOOT_CACHE_DIR": str(tmp_path / "c")})
    assert_error(proc)
    assert f"libnvrtc not found; looked in: KFOOT_NVRTC={tmp_path / 'libnvrtc.so.13'}" in proc.stderr


def test_config_prints_what_a_build_needs():
    flags = shlex.split(run_kfoot("config", "--cflags").stdout)
    include = run_kfoot("config", "--include-dir").stdout.strip()
    assert f"-I{include}" in flags and (Path(include) / "kfoot" / "runtime.hpp").is_file()
    assert (Path(run_kfoot("config", "--cmake-dir").stdout.strip()) / "kfootConfig.cmake").is_file()
    described = json.loads(run_kfoot("config", "--json").stdout)
    assert described["include_dir"] == include
    assert_error(run_kfoot("config", check_rc=None))


@pytest.mark.parametrize("planted", ["error", "fifo"])
def test_nvrtc_never_searches_the_working_directory(rtc_check, scale_registry, tmp_path, planted):
    """NVRTC adds the folder of a program's source, for a program named without one the working
    directory, to the include path ahead of `-I`: a `scale.cuh` there was compiled instead of the
    registry's, and a FIFO of that name blocked for ever (issue 29, item 4). Both runtimes now
    compile the registry's header wherever they run."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    for name in ("scale.cuh", "scale_detail.cuh"):
        if planted == "fifo":
            os.mkfifo(cwd / name)
        else:
            (cwd / name).write_text("#error planted in the working directory\n")
    env = _env(None, KFOOT_CACHE="0")
    proc = subprocess.run([str(rtc_check), scale_registry, "sm_90", "-", "scale", "T=float32", "UNROLL=2"],
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=120)
    assert proc.returncode == 0 and json.loads(proc.stdout)["compiles"] == 1, proc.stdout + proc.stderr
    code = ("import sys; from kfoot import runtime; "
            "r = runtime.open_registry(sys.argv[1], cache=None, trace=None); "
            "print(len(r.kernel('scale', T='float32', UNROLL=2).cubin('sm_90')))")
    proc = subprocess.run([sys.executable, "-c", code, str(scale_registry)], capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    assert proc.returncode == 0 and int(proc.stdout) > 0, proc.stderr[-2000:]


def test_kernel_from_a_temporary_registry_outlives_it(scale_registry, python_cubin, cuobjdump, tmp_path):
    """`const kfoot::Kernel& k = kfoot::Registry::open(path).kernel(...)` and a cubin taken from a
    temporary registry's temporary kernel stay valid: AddressSanitizer sees no use after free, and
    the cubin is the one Python compiles (cuobjdump's functions, pyelftools' .text)."""
    flags = run_kfoot("config", "--cflags").stdout.split()
    program = tmp_path / "one_liner"
    # -g1: ASan's reports keep their file:line; full -g cost 3.7 s more of CPU here (16.6 -> 12.9 s).
    subprocess.run([_compiler(), "-std=c++17", "-g1", "-O0", "-fsanitize=address", "-fno-omit-frame-pointer", *flags,
                    str(REPO / "tests" / "cpp" / "one_liner.cpp"), "-o", str(program),
                    *run_kfoot("config", "--libs").stdout.split()], check=True)
    out = tmp_path / "cpp.cubin"
    # NVRTC's own allocations are not the program's: leaks are not what this test is about. ASan's
    # dlopen interceptor hides libnvrtc's RUNPATH from its own dlopen of libnvrtc-builtins, hence the path.
    nvrtc_lib = Path(nvrtc.load_nvrtc()).parent
    env = _env(None, KFOOT_CACHE="off", ASAN_OPTIONS="detect_leaks=0", LD_LIBRARY_PATH=str(nvrtc_lib))
    proc = subprocess.run([str(program), scale_registry, "sm_90", out], capture_output=True, text=True, env=env,
                          timeout=300)
    assert proc.returncode == 0 and "AddressSanitizer" not in proc.stderr, proc.stderr[-3000:]
    got = json.loads(proc.stdout)
    assert got["same"] and got["template_id"] == "example::scale_kernel<float, 2>"
    reference, _ = python_cubin
    assert _functions(cuobjdump, out) == _functions(cuobjdump, reference) == [got["lowered_name"]]
    assert _texts(out) == _texts(reference) and _texts(out)


@pytest.mark.parametrize("owner", ["mine", pytest.param("other", marks=pytest.mark.skipif(
    os.geteuid() != 0, reason="needs root to chown a file to another user"))])
@pytest.mark.parametrize("what", ["fifo", "sparse"])
@pytest.mark.parametrize("where", ["entry", "cubin", "usage"])
def test_a_planted_cache_file_neither_blocks_nor_is_read_whole(rtc_check, scale_registry, tmp_path, what, owner, where):
    """Issue 29, item 9: a FIFO nobody writes to, or an 8 GiB sparse file, at the entry, the cubin or
    the usage figure the C++ runtime reads: the kernel is compiled again, at once, under a 2 GiB
    address-space limit (reading the file whole could not fit)."""
    cache = tmp_path / "cache"
    family, values = SCALE_F2
    _run(rtc_check, scale_registry, "sm_90", "-", family, *_values(values), env=_env(cache))
    (entry,) = (cache / "entries").rglob("*.entry")
    target = {"entry": entry, "cubin": next((cache / "blobs").rglob("*.cubin")), "usage": cache / "usage"}[where]
    target.unlink(missing_ok=True)
    if what == "fifo":
        os.mkfifo(target)
    else:
        with open(target, "wb") as handle:
            handle.truncate(8 << 30)
    if owner == "other":
        os.chown(target, 12345, 12345)
    limit = 2 << 30
    proc = subprocess.run([str(rtc_check), scale_registry, "sm_90", "-", family, *_values(values)],
                          capture_output=True, text=True, env=_env(cache, KFOOT_CACHE_MAX_BYTES="1G"), timeout=60,
                          preexec_fn=lambda: __import__("resource").setrlimit(__import__("resource").RLIMIT_AS, (limit, limit)))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got["compiles"] + got["disk_hits"] == 1 and (where == "usage" or got["compiles"] == 1)


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "huge"])
def test_a_registry_that_is_no_regular_file_or_too_large_is_one_line(rtc_check, tmp_path, kind):
    """Issue 29, item 13 (registry half): the C++ runtime read /dev/zero until memory ran out and
    waited on a FIFO for ever. It refuses both, and a registry over the size bound, before reading;
    Python refuses the same files (kfoot.runtime.registry.REGISTRY_MAX_BYTES, the same bound)."""
    from kfoot.runtime.registry import REGISTRY_MAX_BYTES, load_registry

    path = Path(kind) if kind == "/dev/zero" else tmp_path / "registry.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "huge":
        with open(path, "wb") as huge:
            huge.truncate(REGISTRY_MAX_BYTES + 1)
    proc = subprocess.run([str(rtc_check), "--route", path, "k<1>", "sm_90"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3 and proc.stdout.startswith("error: ") and proc.stdout.count("\n") == 1, proc
    assert ("not a regular file" if kind != "huge" else "limit for a registry") in proc.stdout
    with pytest.raises(kfoot.core.errors.KfootError, match="not a regular file" if kind != "huge" else "limit for a registry"):
        load_registry(path)


@pytest.mark.parametrize("kind", ["fifo", "huge", "merged fifo", "regular"])
def test_an_aot_fatbin_that_is_no_regular_file_or_too_large_is_one_line(rtc_check, tmp_path, kind):
    """Issue 29, item 5: the runtimes read a hybrid registry's fatbin whole, whatever it was, before
    handing it to the driver (/dev/zero was a MemoryError, a FIFO hung). Now it is read as the
    registry is: a regular file of at most AOT_FATBIN_MAX_BYTES, else one line, in both runtimes
    (the image is what the driver would get: checked here without a GPU)."""
    from kfoot.runtime.api import aot_image
    from kfoot.runtime.registry import AOT_FATBIN_MAX_BYTES, load_registry

    vectors = json.loads((REPO / "tests" / "vectors" / "registry.json").read_text())
    document = json.loads(json.dumps(vectors["base"]))
    document["aot"] = {"library": "libk.so", "fatbin": "kernels.fatbin", "manifest": "manifest.json", "archs": ["sm_90"],
                       "sass_archs": ["sm_90"], "kernels": {"ns::k<float, 1>": {"symbol": "s", "fatbin": "build/obj/k.fatbin",
                                                                                "container": 0}}}
    folder = tmp_path / "hybrid"
    (folder / "templates").mkdir(parents=True)
    (folder / "build" / "obj").mkdir(parents=True)
    (folder / "templates" / "k.cuh").write_text("\n")
    (folder / "registry.json").write_text(json.dumps(document))
    shard = folder / "build" / "obj" / "k.fatbin"
    if kind == "fifo":
        os.mkfifo(shard)
    elif kind == "huge":
        with open(shard, "wb") as huge:
            huge.truncate(AOT_FATBIN_MAX_BYTES + 1)
    elif kind == "merged fifo":
        os.mkfifo(folder / "kernels.fatbin")
    else:
        shard.write_bytes(b"\x50\xed\x55\xba" + bytes(60))
    expected = "limit for a hybrid build's fatbin" if kind == "huge" else "not a regular file"
    registry = load_registry(folder)
    proc = subprocess.run([str(rtc_check), "--aot-image", folder, "ns::k<float, 1>"], capture_output=True, text=True,
                          timeout=60)
    if kind == "regular":
        assert len(aot_image(registry, registry.aot.kernels["ns::k<float, 1>"])) == 64
        assert proc.returncode == 0 and proc.stdout.strip() == "64", proc
        return
    with pytest.raises(kfoot.core.errors.KfootError, match=expected):
        aot_image(registry, registry.aot.kernels["ns::k<float, 1>"])
    assert proc.returncode == 3 and proc.stdout.startswith("error: ") and expected in proc.stdout, proc
