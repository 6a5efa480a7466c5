"""A build's manifest.json travels with the build folder (copied, unpacked from an archive, left
by another user in a shared output folder), so kfoot reads it back as untrusted input
(docs/security.md): `load_manifest` is one KfootError line naming the file for a FIFO, a file
far over any real manifest's size, 100,000-deep nesting or records of the wrong type, never a
hang, a traceback or a read of the whole file; and `kfoot build`'s look at the manifest already
in its output folder (previous_library) reads no more than a real manifest's size.

The FIFO case runs in a child with a timeout (a blocking read would hang the test run); the size
cases are measured from outside: wall time and tracemalloc's peak."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc

import pytest

from kfoot.compile.manifest import MANIFEST_MAX_BYTES, MANIFEST_NAME, Manifest, load_manifest, previous_library
from kfoot.core.errors import KfootError
from oracles.cli import REPO
from oracles.errors import assert_error


def _document() -> dict:
    manifest = Manifest(
        tool_version="0", spec_path="spec.toml", spec_sha256="0" * 64, archs=("sm_80",), sass_archs=("sm_80",),
        ptx_archs=(), compress_mode="default", shard_size=1, toolchain={}, build_options={}, name="demo",
        library="libdemo.so", header=None, fatbin="demo.fatbin", counts={}, variants=(), failures=(), shards=(),
        sizes={}, timings={})
    return manifest.to_json()


def _error(path) -> KfootError:
    with pytest.raises(KfootError) as caught:
        load_manifest(path)
    return caught.value


def test_a_well_formed_manifest_still_loads(tmp_path):
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(_document()))
    assert load_manifest(tmp_path).library == "libdemo.so"


@pytest.mark.parametrize("name, text, needle", [
    ("deep arrays", '{"x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested"),
    ("deep objects", '{"x": ' + '{"a":' * 100_000 + "1" + "}" * 100_000 + "}", "nested"),
    ("int of 5000 digits", '{"x": ' + "9" * 5000 + "}", "64-bit"),
    ("not UTF-8", b'{"x": "\xff"}', "UTF-8"),
])
def test_hostile_json_is_one_line(tmp_path, name, text, needle):
    path = tmp_path / MANIFEST_NAME
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    message = assert_error(_error(path), needle)
    assert str(path) in message


@pytest.mark.parametrize("name, change", [
    ("a failure a list", lambda d: d.update(failures=[[1]])),
    ("a failure a string", lambda d: d.update(failures=["x"])),
    ("a variant a number", lambda d: d.update(variants=[7])),
    ("a shard a list", lambda d: d.update(shards=[["a"]])),
    ("tool a string", lambda d: d.update(tool="kfoot")),
    ("archs a number", lambda d: d.update(archs=5)),
    ("cost a list", lambda d: d.update(cost=[1])),
])
def test_records_of_the_wrong_type_are_one_line(tmp_path, name, change):
    document = _document()
    change(document)
    path = tmp_path / MANIFEST_NAME
    path.write_text(json.dumps(document))
    message = assert_error(_error(path), "manifest")
    assert str(path) in message


def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / MANIFEST_NAME
    os.mkfifo(fifo)
    code = ("import sys\nfrom kfoot.compile.manifest import load_manifest\nfrom kfoot.core.errors import KfootError\n"
            "try:\n    load_manifest(sys.argv[1])\nexcept KfootError as exc:\n    print(exc)\n")
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    try:
        child = subprocess.run([sys.executable, "-c", code, str(fifo)], capture_output=True, text=True, timeout=30,
                               env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("load_manifest waited on a FIFO")
    assert child.returncode == 0 and "Traceback" not in child.stderr, child.stderr
    assert "FIFO" in child.stdout and str(fifo) in child.stdout


def _sparse(path, size: int) -> None:
    with open(path, "wb") as handle:
        handle.truncate(size)


def test_a_huge_file_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / MANIFEST_NAME
    _sparse(path, 8 << 30)  # 8 GiB of holes: takes no disk
    started = time.monotonic()
    assert_error(_error(path), "MiB limit")
    assert time.monotonic() - started < 5


def test_the_build_reads_no_more_of_an_old_manifest_than_a_real_one_holds(tmp_path):
    # previous_library looks at the manifest already in the output folder, once per build that
    # makes a new library; over the bound it is no manifest, read without holding its bytes.
    _sparse(tmp_path / MANIFEST_NAME, MANIFEST_MAX_BYTES + (64 << 20))
    tracemalloc.start()
    try:
        assert previous_library(tmp_path) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 << 20, f"{peak / 2 ** 20:.0f} MiB held reading a manifest over the bound"


def test_the_build_still_reads_the_previous_library(tmp_path):
    (tmp_path / MANIFEST_NAME).write_text(json.dumps(_document()))
    assert previous_library(tmp_path) == "libdemo.so"
