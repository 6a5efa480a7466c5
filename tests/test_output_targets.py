"""Where `-o FILE` (report, diff), a baseline and `kfoot cache export` write, whatever FILE is.

A regular file is replaced atomically (a failed write leaves the old one whole); anything else is
written in place and never replaced: a character device (a /dev/null made here with mknod, so a
failing test cannot replace the machine's own), a FIFO, a link to the process's own stdout (what
/dev/stdout is), a `/dev/fd/N` pipe (what a shell's `>(cmd)` passes). What cannot be written is
one line, exit 2: a parent folder that is a file, a folder, a full file system (a 4 KiB tmpfs
mounted for the test; skipped where mount is not allowed)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import threading

import pytest

from oracles.cli import REPO, run_kfoot
from oracles.errors import assert_error


@pytest.fixture
def cubin(cuda_fixtures, tmp_path):
    path = tmp_path / "k.cubin"
    shutil.copyfile(cuda_fixtures["fixture_sm90a.cubin"], path)
    return path


def _expected(cubin) -> str:
    """The report as stdout carries it: what every target must receive."""
    return run_kfoot("report", "--format", "markdown", cubin).stdout


def test_a_character_device_is_written_in_place_never_replaced(cubin, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mknod needs root")
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # the same device as /dev/null
    for args in (["report", "--format", "markdown", cubin], ["report", cubin], ["diff", cubin, cubin]):
        run_kfoot(*args, "-o", null)
        assert stat.S_ISCHR(os.lstat(null).st_mode) and os.lstat(null).st_rdev == os.makedev(1, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.cubin", "null"]  # no temporary left


def test_a_fifo_is_written_in_place(cubin, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    proc = run_kfoot("report", "--format", "markdown", cubin, "-o", fifo, timeout=120, check_rc=None)
    reader.join(timeout=30)
    if reader.is_alive():  # nothing opened the FIFO: let the reader go
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    assert proc.returncode == 0, proc.stderr
    assert received == [_expected(cubin)]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_link_to_stdout_is_written_through_never_replaced(cubin, tmp_path):
    # /dev/stdout is a link to /proc/self/fd/1; one made here, so that a failing test replaces
    # only its own link.
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    for redirect in ("pipe", "file"):
        target = tmp_path / "redirected.md"
        with open(target, "wb") if redirect == "file" else open(os.devnull, "rb") as sink:
            proc = subprocess.run([sys.executable, "-m", "kfoot", "report", "--format", "markdown", str(cubin), "-o",
                                   str(link)], cwd=REPO, stdout=sink if redirect == "file" else subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        written = target.read_text() if redirect == "file" else proc.stdout
        assert written == _expected(cubin)
        assert os.readlink(link) == "/proc/self/fd/1"


def test_a_dev_fd_pipe_from_process_substitution_is_written(cubin):
    # bash's `-o >(cmd)` passes /dev/fd/63, the write end of a pipe to cmd.
    proc = subprocess.run(["bash", "-c", f'"$0" -m kfoot report --format markdown "$1" -o >(cat > "$2.out"); wait',
                           sys.executable, str(cubin), str(cubin)], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    for _ in range(100):  # cat may still be writing when bash returns
        if os.path.exists(f"{cubin}.out") and open(f"{cubin}.out").read() == _expected(cubin):
            break
        threading.Event().wait(0.1)
    assert open(f"{cubin}.out").read() == _expected(cubin)


def test_a_link_to_a_regular_file_updates_the_file_and_keeps_the_link(cubin, tmp_path):
    real = tmp_path / "real.md"
    real.write_text("old")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    run_kfoot("report", "--format", "markdown", cubin, "-o", link)
    assert link.is_symlink() and real.read_text() == _expected(cubin)


def test_a_regular_file_is_still_replaced_atomically(cubin, tmp_path):
    target = tmp_path / "out.md"
    target.write_text("old")
    before = os.stat(target).st_ino
    run_kfoot("report", "--format", "markdown", cubin, "-o", target)
    assert target.read_text() == _expected(cubin)
    assert os.stat(target).st_ino != before  # a new file renamed over the old one


def test_a_parent_folder_that_is_a_file_is_one_line(cubin, tmp_path):
    (tmp_path / "file").write_text("x")
    assert_error(run_kfoot("report", cubin, "-o", tmp_path / "file" / "out.txt", check_rc=None), "file")
    assert_error(run_kfoot("diff", cubin, cubin, "-o", tmp_path / "file" / "sub" / "out.txt", check_rc=None))


def test_cache_export_to_a_folder_is_one_line(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    folder = tmp_path / "folder"
    folder.mkdir()
    assert_error(run_kfoot("cache", "--cache-dir", cache, "export", folder, check_rc=None), "folder")
    assert folder.is_dir() and not any(folder.iterdir())


@pytest.fixture
def full_fs(tmp_path):
    """A 4 KiB tmpfs: one page, full once it holds the old file."""
    mount = tmp_path / "small"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", str(mount)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_full_file_system_is_one_line_and_keeps_the_old_file(cubin, full_fs):
    old = full_fs / "report.txt"
    old.write_text("the old report\n")
    assert_error(run_kfoot("report", "--kernels", cubin, "-o", old, check_rc=None), "No space left on device")
    assert old.read_text() == "the old report\n"
    assert os.listdir(full_fs) == ["report.txt"]  # the temporary is gone


def test_cache_export_on_a_full_file_system_is_one_line_and_keeps_the_old_archive(tmp_path, full_fs):
    cache = tmp_path / "cache"
    cache.mkdir()
    old = full_fs / "cache.tar"
    old.write_bytes(b"old archive")
    assert_error(run_kfoot("cache", "--cache-dir", cache, "export", old, check_rc=None), "No space left on device")
    assert old.read_bytes() == b"old archive"
    assert os.listdir(full_fs) == ["cache.tar"]


def test_a_full_device_is_one_line(cubin, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mknod needs root")
    full = tmp_path / "full"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # the same device as /dev/full
    assert_error(run_kfoot("report", cubin, "-o", full, check_rc=None), "No space left on device")
    assert stat.S_ISCHR(os.lstat(full).st_mode)
