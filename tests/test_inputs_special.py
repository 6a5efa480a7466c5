"""Inputs that are not plain CUDA binaries on disk: wheels without device code, damaged wheels,
standard input, FIFOs, sockets and devices, and files that shrink while kfoot reads them.

Bad input is one line naming it, exit 2, never a traceback, never a hang or a signal. Oracles:
cuobjdump's kernel counts of the original files, zipfile's member sizes, the file sizes."""

from __future__ import annotations

import json
import os
import pty
import shutil
import socket
import stat
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

from kfoot.core.errors import FormatError, KfootError
from kfoot.report import analyze
from kfoot.report.analyze import analyze_paths
from oracles.cli import REPO, run_kfoot
from oracles import mutate
from oracles.cuobjdump import cuobjdump_symbols
from oracles.errors import assert_error

HANG_S = 60  # a command still running after this is hung on its input


def _kfoot(*args, stdin=None, input_bytes=None, timeout=HANG_S) -> subprocess.CompletedProcess:
    """`python -m kfoot ARGS` with a given standard input (a file object or bytes)."""
    env = dict(os.environ)
    env.pop("GITHUB_STEP_SUMMARY", None)
    return subprocess.run([sys.executable, "-m", "kfoot", *map(str, args)], stdin=stdin, input=input_bytes,
                          capture_output=True, cwd=REPO, env=env, timeout=timeout, check=False)


def _python(code: str, *args, timeout=HANG_S) -> subprocess.CompletedProcess:
    """A fresh Python running `code` (which ends in kfoot.cli.main) with ARGS in sys.argv."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *map(str, args)], capture_output=True,
                          text=True, cwd=REPO, timeout=timeout, check=False)


def _totals(proc) -> dict:
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# ---------------------------------------------------------------- wheels without device code

def _pure_wheel(folder: Path) -> Path:
    wheel = folder / "pure-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("pure/__init__.py", "VALUE = 1\n")
        zf.writestr("pure-1.0.dist-info/METADATA", "Name: pure\nVersion: 1.0\n")
    return wheel


def _host_wheel(folder: Path) -> Path:
    """A wheel whose shared object has no device code (the Python interpreter, renamed)."""
    wheel = folder / "hostonly-1.0-cp311-cp311-linux_x86_64.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(sys.executable, "hostonly/libhost.so")
        zf.writestr("hostonly/__init__.py", "")
    return wheel


def _elf_member_bytes(wheel: Path) -> int:
    with zipfile.ZipFile(wheel) as zf:
        return sum(i.file_size for i in zf.infolist() if i.filename.endswith(".so")
                   and zf.read(i).startswith(b"\x7fELF"))


@pytest.mark.parametrize("make", [_pure_wheel, _host_wheel], ids=["pure-python", "host-only"])
def test_a_named_wheel_without_device_code_is_reported_empty(tmp_path, make):
    wheel = make(tmp_path)
    report = _totals(run_kfoot("report", "--json", wheel))
    (file,) = report["files"]
    assert file["format"] == "wheel" and file["kernels"] == 0 and file["stored_bytes"] == 0
    assert file["size"] == file["host_bytes"] == _elf_member_bytes(wheel)
    assert file["stored_size"] == wheel.stat().st_size
    assert report["totals"]["kernels"] == 0
    assert "Traceback" not in run_kfoot("report", wheel).stderr


def test_a_folder_walk_skips_wheels_without_device_code(cuda_fixtures, tmp_path):
    _pure_wheel(tmp_path)
    _host_wheel(tmp_path)
    shutil.copyfile(cuda_fixtures["libfixture.so"], tmp_path / "libfixture.so")
    proc = run_kfoot("report", "--json", tmp_path)
    assert proc.stderr == ""
    report = _totals(proc)
    assert [Path(f["path"]).name for f in report["files"]] == ["libfixture.so"]
    assert report["totals"]["kernels"] == cuobjdump_symbols(cuda_fixtures["libfixture.so"], all_fatbins=True).kernels


# ---------------------------------------------------------------- damaged wheels

def _wheel(cuda_fixtures, folder: Path, method=zipfile.ZIP_DEFLATED) -> Path:
    wheel = folder / "fixture-1.0-py3-none-linux_x86_64.whl"
    with zipfile.ZipFile(wheel, "w", method) as zf:
        zf.write(cuda_fixtures["libfixture.so"], "fixture/libfixture.so")
        zf.writestr("fixture/__init__.py", "")
    return wheel


def _member_data(wheel: Path, name: str) -> tuple[int, int, zipfile.ZipInfo]:
    """(offset of the member's stored data, of its local header, its info), read with zipfile."""
    with zipfile.ZipFile(wheel) as zf:
        info = zf.getinfo(name)
    raw = wheel.read_bytes()
    local = info.header_offset
    name_len, extra_len = int.from_bytes(raw[local + 26:local + 28], "little"), \
        int.from_bytes(raw[local + 28:local + 30], "little")
    return local + 30 + name_len + extra_len, local, info


def _central_record(data: bytes, name: str) -> int:
    """Offset of a member's central directory record (walked from the end-of-directory record)."""
    end = data.rindex(b"PK\x05\x06")
    pos = int.from_bytes(data[end + 16:end + 20], "little")
    while data[pos:pos + 4] == b"PK\x01\x02":
        lengths = [int.from_bytes(data[pos + at:pos + at + 2], "little") for at in (28, 30, 32)]
        if data[pos + 46:pos + 46 + lengths[0]] == name.encode():
            return pos
        pos += 46 + sum(lengths)
    raise AssertionError(f"no central directory record for {name}")


def _damage(kind: str, cuda_fixtures, folder: Path) -> Path:
    """A wheel of libfixture.so damaged in one way (that zipfile itself fails on it is checked)."""
    member = "fixture/libfixture.so"
    if kind == "bad-crc":
        wheel = _wheel(cuda_fixtures, folder, zipfile.ZIP_STORED)
    else:
        wheel = _wheel(cuda_fixtures, folder)
    data = bytearray(wheel.read_bytes())
    start, local, info = _member_data(wheel, member)
    if kind == "zlib":  # a deflate block of the reserved type 3
        data[start] = 0xFF
    elif kind == "unsupported-method":  # "shrink" (1), which zipfile does not implement
        data[local + 8:local + 10] = (1).to_bytes(2, "little")
        central = _central_record(data, member)
        data[central + 10:central + 12] = (1).to_bytes(2, "little")
    elif kind == "bad-crc":
        data[start + len(data[start:]) // 4] ^= 0xFF  # stored bytes: only the CRC notices
    elif kind == "truncated-central-directory":
        end = data.rindex(b"PK\x05\x06")
        central = int.from_bytes(data[end + 16:end + 20], "little")
        del data[central + 20:end]  # the end record stays, pointing at records cut short
    elif kind in ("lzma", "encrypted"):  # LZMA (14) over a deflate stream; the "encrypted" flag bit
        central = _central_record(data, member)
        for at in (local + 4, central + 6):  # the flags, then the method, in both headers
            if kind == "lzma":
                data[at + 4:at + 6] = (14).to_bytes(2, "little")
            else:
                data[at + 2] |= 1
    bad = folder / wheel.name
    bad.write_bytes(bytes(data))
    return bad


DAMAGE = ["zlib", "unsupported-method", "bad-crc", "truncated-central-directory", "lzma", "encrypted"]


def _zipfile_fails(wheel: Path) -> BaseException:
    """What zipfile itself raises reading every member (the oracle that the wheel is damaged)."""
    try:
        with zipfile.ZipFile(wheel) as zf:
            for name in zf.namelist():
                zf.read(name)
    except Exception as exc:  # noqa: BLE001 - any of zipfile's ways to fail
        return exc
    raise AssertionError(f"{wheel} reads fine")


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_named_damaged_wheel_is_one_line(cuda_fixtures, tmp_path, kind):
    bad = _damage(kind, cuda_fixtures, tmp_path)
    _zipfile_fails(bad)
    assert_error(run_kfoot("report", bad, check_rc=None), str(bad), "wheel")
    with pytest.raises(FormatError):
        analyze_paths([bad])


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_folder_walk_goes_on_past_a_damaged_wheel(cuda_fixtures, tmp_path, kind):
    folder = tmp_path / "dist"
    folder.mkdir()
    bad = _damage(kind, cuda_fixtures, folder)
    shutil.copyfile(cuda_fixtures["obj_none.o"], folder / "kernels.o")
    proc = run_kfoot("report", "--json", folder)
    report = _totals(proc)
    assert [Path(f["path"]).name for f in report["files"]] == ["kernels.o"]
    assert report["totals"]["kernels"] == cuobjdump_symbols(cuda_fixtures["obj_none.o"]).kernels
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "skipped" in lines[0], proc.stderr


def test_random_wheel_damage_never_crashes(cuda_fixtures, tmp_path):
    """Bytes of a wheel flipped at random (headers and data alike): a report or one KfootError."""
    original = _wheel(cuda_fixtures, tmp_path).read_bytes()
    target = tmp_path / "mutant-1.0-py3-none-any.whl"
    outcomes = {"ok": 0, "error": 0}
    # mostly (2/3) the headers: the local header, the central directory and its end record
    headers = [(0, 80), (len(original) - 300, 300)]
    for index in range(120):
        data, _ = mutate.mutant(original, 11, index, headers, ops=("byte",), max_ops=6, bias=2 / 3)
        target.write_bytes(data)
        try:
            analyze_paths([target])
        except KfootError as exc:
            assert str(target) in str(exc)
            outcomes["error"] += 1
        else:
            outcomes["ok"] += 1
    assert outcomes["error"]


# ---------------------------------------------------------------- standard input

@pytest.mark.parametrize("name", ["fixture.fatbin", "fixture_sm90a.cubin", "libfixture.so", "libfixture.a"])
@pytest.mark.parametrize("arg", ["-", "/dev/stdin"])
def test_standard_input_through_a_pipe(cuda_fixtures, name, arg):
    path = cuda_fixtures[name]
    cat = subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE)
    try:
        proc = _kfoot("report", "--json", arg, stdin=cat.stdout)
    finally:
        cat.stdout.close()
        cat.wait()
    report = _totals(proc)
    (file,) = report["files"]
    assert file["path"] == arg
    assert file["size"] == path.stat().st_size
    assert file["kernels"] == cuobjdump_symbols(path, all_fatbins=True).kernels > 0
    assert sum(file[b] for b in ("host_bytes", "overhead_bytes", "stored_bytes", "filtered_bytes")) == file["size"]


def test_standard_input_redirected_from_a_file(cuda_fixtures):
    path = cuda_fixtures["libfixture.so"]
    with open(path, "rb") as f:
        f.seek(100)  # where the shell left the offset does not matter: the whole file is read
        report = _totals(_kfoot("report", "--json", "-", stdin=f))
    assert report["files"][0]["size"] == path.stat().st_size
    assert report["totals"]["kernels"] == cuobjdump_symbols(path, all_fatbins=True).kernels


def test_a_wheel_through_standard_input(cuda_fixtures, tmp_path):
    wheel = _wheel(cuda_fixtures, tmp_path)
    report = _totals(_kfoot("report", "--json", "-", input_bytes=wheel.read_bytes()))
    assert report["files"][0]["format"] == "wheel"
    assert report["totals"]["kernels"] == cuobjdump_symbols(cuda_fixtures["libfixture.so"], all_fatbins=True).kernels


def test_empty_standard_input(tmp_path):
    assert_error(_kfoot("report", "-", input_bytes=b""), "-", "empty")


def test_standard_input_over_the_limit_is_refused(cuda_fixtures):
    code = """
        import sys
        from kfoot.binary import inputs
        from kfoot.cli import main
        inputs.MAX_STDIN_BYTES = 1000
        sys.exit(main(["report", "-"]))
    """
    with open(cuda_fixtures["libfixture.so"], "rb") as f:
        proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                              capture_output=True, text=False, cwd=REPO, timeout=HANG_S,
                              input=f.read())
    assert_error(proc, "standard input", "1000")


def test_standard_input_that_is_a_terminal_is_refused():
    primary, secondary = pty.openpty()
    try:
        proc = _kfoot("report", "-", stdin=secondary)
    finally:
        os.close(primary)
        os.close(secondary)
    assert_error(proc, "terminal")


# ---------------------------------------------------------------- FIFOs, sockets, devices

def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.fatbin"
    os.mkfifo(fifo)
    assert_error(_kfoot("report", fifo, timeout=HANG_S), str(fifo), "FIFO")


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s.so"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        assert_error(_kfoot("report", path), str(path), "socket")
    finally:
        server.close()


def test_a_character_device_is_refused():
    assert_error(_kfoot("report", "/dev/zero"), "/dev/zero", "character device")


def test_a_block_device_is_refused():
    devices = [Path("/dev") / n for n in sorted(os.listdir("/dev"))]
    block = next((d for d in devices if stat.S_ISBLK(os.stat(d, follow_symlinks=False).st_mode)), None)
    if block is None:
        pytest.skip("no block device in /dev here")
    assert_error(_kfoot("report", block), str(block), "block device")


def test_a_folder_walk_passes_fifos_by(cuda_fixtures, tmp_path):
    os.mkfifo(tmp_path / "a.so")
    shutil.copyfile(cuda_fixtures["obj_none.o"], tmp_path / "b.o")
    report = _totals(_kfoot("report", "--json", tmp_path))
    assert [Path(f["path"]).name for f in report["files"]] == ["b.o"]


def test_a_file_replaced_by_a_fifo_after_the_folder_was_listed(cuda_fixtures, tmp_path, monkeypatch):
    """discover() saw a regular file; by the time the walk opens it, it is a FIFO: refused, not waited on."""
    from kfoot.binary import inputs, walk

    target = tmp_path / "k.o"
    shutil.copyfile(cuda_fixtures["obj_none.o"], target)
    items = inputs.discover([target])
    target.unlink()
    os.mkfifo(target)
    monkeypatch.setattr(inputs, "discover", lambda paths: items)
    with pytest.raises(KfootError, match="FIFO"):
        list(walk.walk([target]))


# ---------------------------------------------------------------- files that shrink

SHRINK_AFTER_PLAN = """
    import os, sys
    from kfoot.cli import main
    from kfoot.report import analyze
    path, jobs = sys.argv[1], sys.argv[2]
    plan = analyze._plan
    def shrinking_plan(binary, options):
        result = plan(binary, options)
        os.truncate(path, os.path.getsize(path) // 2)  # between the walk and the decode
        return result
    analyze._plan = shrinking_plan
    analyze.PARALLEL_THRESHOLD = 0  # with -j 2: decoded in forked workers
    sys.exit(main(["report", "-j", jobs, path]))
"""

SHRINK_DURING_WALK = """
    import os, sys
    from kfoot.binary import hostelf
    from kfoot.cli import main
    path = sys.argv[1]
    parse = hostelf.parse_host_elf
    def shrinking_parse(buf, where=None):
        host = parse(buf, where)
        os.truncate(path, 4096)  # the section headers are read; the containers are not yet
        return host
    hostelf.parse_host_elf = shrinking_parse
    sys.exit(main(["report", path]))
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("name", ["libfixture.so", "fixture.fatbin", "fixture_sm90a.cubin", "libfixture.a"])
def test_a_file_that_shrinks_between_walk_and_decode(cuda_fixtures, tmp_path, name, jobs):
    path = tmp_path / name
    shutil.copyfile(cuda_fixtures[name], path)
    proc = _python(SHRINK_AFTER_PLAN, path, jobs)
    assert proc.returncode != -7, "SIGBUS"
    assert_error(proc, str(path), "changed while")


def test_a_file_that_shrinks_during_the_walk(cuda_fixtures, tmp_path):
    path = tmp_path / "libfixture.so"
    shutil.copyfile(cuda_fixtures["libfixture.so"], path)
    proc = _python(SHRINK_DURING_WALK, path)
    assert proc.returncode != -7, "SIGBUS"
    assert_error(proc, str(path), "changed while")


def test_a_shrunk_file_in_process(cuda_fixtures, tmp_path, monkeypatch):
    path = tmp_path / "libfixture.so"
    shutil.copyfile(cuda_fixtures["libfixture.so"], path)
    plan = analyze._plan

    def shrinking_plan(binary, options):
        result = plan(binary, options)
        os.truncate(path, 1000)
        return result

    monkeypatch.setattr(analyze, "_plan", shrinking_plan)
    with pytest.raises(FormatError, match="changed while"):
        analyze_paths([path])
