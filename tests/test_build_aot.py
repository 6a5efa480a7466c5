"""`kfoot build --mode aot`: the library holds exactly the enumerated variants for each SASS
arch (cuobjdump is the oracle), rebuilds are incremental, failures name their variants."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from build_fixtures import DEMO_ARCHS
from kfoot.compile.aot import build_aot
from kfoot.compile.failures import BuildError
from kfoot.compile.ninja_file import ShardPaths
from kfoot.core.errors import ToolMissing
from kfoot.variants.loader import DEMO_SPEC, BUNDLED_DIR, load_spec
from kfoot.variants.enumerate import enumerate_spec
from oracles import fatbin
from oracles.cli import run_kfoot
from oracles.cuobjdump import cuobjdump_symbols
from oracles.errors import assert_error


def entries_by_arch(path: Path) -> dict[str, list[str]]:
    """Kernel entry symbols per arch, as cuobjdump -symbols lists them."""
    return cuobjdump_symbols(path).entries_by_arch()


def test_library_holds_variants_times_sass_archs(demo_aot, cuobjdump):
    variants = enumerate_spec(load_spec(DEMO_SPEC))
    entries = entries_by_arch(demo_aot.library)
    assert sorted(entries) == sorted(DEMO_ARCHS)
    for arch in DEMO_ARCHS:
        assert len(entries[arch]) == len(variants), arch
        assert len(set(entries[arch])) == len(variants), arch  # each variant exactly once
    assert demo_aot.summary["kernels"] == len(variants) * len(DEMO_ARCHS)
    # The manifest's mangled names are exactly the kernels in the binary.
    assert {v.symbol for v in demo_aot.manifest.variants} == set(entries["sm_80"])


def test_standalone_fatbin_has_the_same_kernels(demo_aot, cuobjdump):
    from_lib = entries_by_arch(demo_aot.library)
    from_fatbin = entries_by_arch(demo_aot.fatbin)
    assert {a: sorted(v) for a, v in from_fatbin.items()} == {a: sorted(v) for a, v in from_lib.items()}
    # Each shard's own fatbin (loadable on its own) holds just that shard's kernels.
    shard = demo_aot.manifest.shards[0]
    shard_entries = entries_by_arch(demo_aot.out_dir / shard.fatbin)
    expected = {demo_aot.manifest.variants[i].symbol for i in shard.variants}
    assert set(shard_entries["sm_90"]) == expected


def test_standalone_fatbin_is_the_shards_containers_back_to_back(demo_aot, cuobjdump, tmp_path):
    # One container is one module to the driver (one image per arch picked from it), so each
    # shard keeps its own: loading container i gives exactly shard i's kernels.
    data = demo_aot.fatbin.read_bytes()
    # Walked from the container headers (8-byte aligned, zero padding between), not by kfoot.
    spans = [(c.offset, c.end) for c in fatbin.walk(data)]
    shards = demo_aot.manifest.shards
    assert len(shards) > 1 and len(spans) == len(shards)
    for (start, end), shard in zip(spans, shards):
        container = data[start:end]
        assert container == (demo_aot.out_dir / shard.fatbin).read_bytes()
        cut = tmp_path / f"{shard.name}.container.fatbin"
        cut.write_bytes(container)
        expected = {demo_aot.manifest.variants[i].symbol for i in shard.variants}
        found = entries_by_arch(cut)
        assert found == entries_by_arch(demo_aot.out_dir / shard.fatbin)
        assert sorted(found) == sorted(DEMO_ARCHS)
        assert all(sorted(found[a]) == sorted(expected) for a in DEMO_ARCHS), shard.name
    # cuobjdump lists every container of the file: each variant once per SASS arch.
    assert cuobjdump_symbols(demo_aot.fatbin).kernels == len(demo_aot.manifest.variants) * len(DEMO_ARCHS)


def test_memory_estimate_counts_one_module_per_shard(demo_aot):
    from kfoot.memory import estimate_file
    from kfoot.report import analyze

    memory = estimate_file(analyze.analyze_paths([demo_aot.fatbin]).files[0], "sm_90").to_dict()
    assert memory["modules"] == len(demo_aot.manifest.shards)


def test_kfoot_report_agrees(demo_aot):
    proc = run_kfoot("report", "--json", str(demo_aot.library))
    report = json.loads(proc.stdout)
    variants = len(demo_aot.manifest.variants)
    assert report["totals"]["kernels"] == variants * len(DEMO_ARCHS)
    assert report["files"][0]["kernels"] == variants * len(DEMO_ARCHS)
    assert report["totals"]["distinct_kernels"] == variants
    # The whole output directory also holds the standalone fatbin and the build's objects
    # (the same kernels again), but exactly the enumerated variants as distinct kernels.
    whole = json.loads(run_kfoot("report", "--json", str(demo_aot.out_dir)).stdout)
    assert whole["totals"]["distinct_kernels"] == variants


def test_manifest_describes_the_build(demo_aot):
    m = demo_aot.manifest
    spec = load_spec(DEMO_SPEC)
    assert m.spec_sha256 == spec.sha256()
    assert m.archs == DEMO_ARCHS and m.sass_archs == DEMO_ARCHS
    assert [v.template_id for v in m.variants] == [v.template_id for v in enumerate_spec(spec)]
    # Shards partition the variants, and each variant records its shard.
    covered = sorted(i for s in m.shards for i in s.variants)
    assert covered == list(range(len(m.variants)))
    for s in m.shards:
        assert all(m.variants[i].shard == s.name for i in s.variants)
        assert (demo_aot.out_dir / s.source).is_file()
    assert m.toolchain["nvcc_version"].startswith("13.")
    assert m.sizes["library"] == demo_aot.library.stat().st_size
    assert m.timings["total_s"] > 0
    # What load_manifest read is what is on disk (parsed here with json alone), and its
    # content_sha256 is the sha256 of that document without the timings, the cost and the hash itself.
    raw = json.loads((demo_aot.out_dir / "manifest.json").read_text())
    assert raw == m.to_json() and raw["schema"] == "kfoot.manifest/1"
    body = {k: v for k, v in raw.items() if k not in ("timings", "cost", "content_sha256")}
    assert raw["content_sha256"] == hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()


def test_library_is_a_loadable_shared_object(demo_aot):
    with open(demo_aot.library, "rb") as fh:
        assert ELFFile(fh).header["e_type"] == "ET_DYN"
    # dlopen it (no GPU needed: the CUDA runtime registers fatbins lazily) and read the
    # exported kernel tables: one host stub per variant, in manifest order. In a child
    # process, so this process never carries the library's static CUDA runtime.
    tables = [s.table_symbol for s in demo_aot.manifest.shards]
    probe = textwrap.dedent("""
        import ctypes, json, sys
        lib = ctypes.CDLL(sys.argv[1])
        out = {}
        for name in json.loads(sys.argv[2]):
            count = ctypes.c_ulonglong.in_dll(lib, name + "_count").value
            table = (ctypes.c_void_p * count).in_dll(lib, name)
            out[name] = [bool(table[i]) for i in range(count)]
        print(json.dumps(out))
    """)
    proc = subprocess.run([sys.executable, "-c", probe, str(demo_aot.library), json.dumps(tables)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    for shard in demo_aot.manifest.shards:
        assert found[shard.table_symbol] == [True] * len(shard.variants)


def test_noop_rebuild_recompiles_nothing_under_a_second(demo_aot):
    lib_mtime = demo_aot.library.stat().st_mtime_ns
    manifest_mtime = (demo_aot.out_dir / "manifest.json").stat().st_mtime_ns
    started = time.perf_counter()
    result = build_aot(load_spec(DEMO_SPEC), demo_aot.out_dir, archs=list(DEMO_ARCHS), jobs=2, progress=False)
    elapsed = time.perf_counter() - started
    assert result.up_to_date and result.compiled_shards == 0
    assert elapsed < 1.0, elapsed
    assert demo_aot.library.stat().st_mtime_ns == lib_mtime
    assert (demo_aot.out_dir / "manifest.json").stat().st_mtime_ns == manifest_mtime
    proc = run_kfoot("build", str(DEMO_SPEC), "-o", str(demo_aot.out_dir), "--arch", ",".join(DEMO_ARCHS))
    assert "up to date" in proc.stdout


# -- small specs, one arch, compiled in seconds ----------------------------------------------

def tiny_spec(tmp_path: Path, ops: list[str], header: str = "elementwise.cuh", extra: str = "") -> Path:
    body = f"""
    [[family]]
    name = "unary"
    header = "{header}"
    kernel = "kfoot::unary_kernel"
    params = ["op", "x", "out"]
    [family.axes]
    op = {json.dumps(ops)}
    x = ["float32"]
    out = {{ same = "x" }}

    [[family]]
    name = "binary"
    header = "{header}"
    kernel = "kfoot::binary_kernel"
    params = ["op", "lhs", "rhs", "out"]
    [family.axes]
    op = ["kfoot::op::Add"]
    lhs = ["float32"]
    rhs = ["int32"]
    out = {{ promote = ["lhs", "rhs"] }}
    """
    path = tmp_path / "tiny.toml"
    path.write_text(textwrap.dedent(body) + textwrap.dedent(extra))
    return path


@pytest.fixture
def tiny_templates(tmp_path) -> Path:
    """A private copy of the templates, so a test may edit a header."""
    folder = tmp_path / "templates"
    folder.mkdir()
    for header in BUNDLED_DIR.glob("*.cuh"):
        (folder / header.name).write_text(header.read_text())
    return folder


def test_incremental_rebuild_touches_only_what_changed(tiny_templates, cuobjdump):
    spec_path = tiny_spec(tiny_templates, ["kfoot::op::Neg"])
    out = tiny_templates.parent / "out"
    # Shard size 1: each family keeps shards of its own (small families are packed otherwise).
    first = build_aot(load_spec(spec_path), out, archs=["sm_80"], jobs=2, progress=False, shard_size=1)
    assert first.compiled_shards == 2
    binary_shard = next(s for s in first.shards if s.variants[0].family == "binary")
    binary_obj = out / "build" / ShardPaths.of(binary_shard).object
    binary_mtime = binary_obj.stat().st_mtime_ns

    # A new variant in one family recompiles that family's shard only.
    spec_path = tiny_spec(tiny_templates, ["kfoot::op::Neg", "kfoot::op::Exp"])
    second = build_aot(load_spec(spec_path), out, archs=["sm_80"], jobs=2, progress=False, shard_size=1)
    assert second.compiled_shards == 1
    assert binary_obj.stat().st_mtime_ns == binary_mtime
    assert len(entries_by_arch(second.library)["sm_80"]) == 3

    # Editing a header the kernels include recompiles every shard that includes it.
    ops = tiny_templates / "ops.cuh"
    ops.write_text(ops.read_text() + "\n// edited\n")
    third = build_aot(load_spec(spec_path), out, archs=["sm_80"], jobs=2, progress=False, shard_size=1)
    assert third.compiled_shards == 3

    # A changed compiler flag (another arch) rebuilds too, and the kernels follow.
    fourth = build_aot(load_spec(spec_path), out, archs=["sm_90"], jobs=2, progress=False,
                       compress_mode="size", shard_size=1)
    assert fourth.compiled_shards == 3
    assert sorted(entries_by_arch(fourth.library)) == ["sm_90"]


def test_failing_variants_are_named_and_the_rest_still_build(tmp_path):
    # Floor and Ceil have no derivative: their backward kernels cannot compile.
    extra = """
    [[family]]
    name = "backward"
    header = "elementwise.cuh"
    kernel = "kfoot::unary_backward_kernel"
    params = ["op", "x", "grad"]
    [family.axes]
    op = ["kfoot::op::Exp", "kfoot::op::Floor", "kfoot::op::Tanh", "kfoot::op::Ceil"]
    x = ["float32"]
    grad = { same = "x" }
    """
    for header in BUNDLED_DIR.glob("*.cuh"):
        (tmp_path / header.name).write_text(header.read_text())
    spec_path = tiny_spec(tmp_path, ["kfoot::op::Neg"], extra=extra)
    out = tmp_path / "out"
    proc = run_kfoot("build", str(spec_path), "-o", str(out), "--arch", "sm_80", "-j", "2", "--shard-size", "2",
                     check_rc=2)
    assert "Traceback" not in proc.stderr
    # Each line starts at the user's header and line (issue 24): there, the header uses `grad`.
    failed = re.findall(r"^\s+(\S+):(\d+): (kfoot::\S+.*?) \[backward\]: (.*)$", proc.stderr, re.MULTILINE)
    for where, line, _variant, _error in failed:
        assert Path(where) == tmp_path / "elementwise.cuh" and "grad" in Path(where).read_text().splitlines()[int(line) - 1]
    failed = [(variant, error) for _where, _line, variant, error in failed]
    assert [f[0] for f in failed] == ["kfoot::unary_backward_kernel<kfoot::op::Floor, float, float>",
                                      "kfoot::unary_backward_kernel<kfoot::op::Ceil, float, float>"]
    assert 'class "kfoot::op::Floor" has no member "grad"' in failed[0][1]
    assert 'class "kfoot::op::Ceil" has no member "grad"' in failed[1][1]
    # The healthy shard (the two small families, packed) was compiled anyway (keep-going); of the
    # backward family's shards, compiled one variant at a time to find the failing ones, only the
    # variants that compile (Exp, Tanh) left an object.
    objects = [p for p in (out / "build" / "obj").glob("*.o") if p.name != "kfoot_lookup.o"]
    sources = {p.name: (out / "build" / "src" / p.name).with_suffix(".cu").read_text() for p in objects}
    packed = [text for text in sources.values() if "backward" not in text]
    assert len(packed) == 1 and "kfoot::unary_kernel<" in packed[0] and "kfoot::binary_kernel<" in packed[0]
    alone = sorted(re.findall(r"unary_backward_kernel<kfoot::op::(\w+),", text)[0]
                   for text in sources.values() if "backward" in text)
    assert alone == ["Exp", "Tanh"]
    with pytest.raises(BuildError) as err:
        build_aot(load_spec(spec_path), out, archs=["sm_80"], jobs=2, shard_size=2, progress=False)
    assert len(err.value.failures) == 2


def test_launcher_wraps_every_compile(tmp_path):
    log = tmp_path / "launches.log"
    wrapper = tmp_path / "wrap.sh"
    wrapper.write_text(f'#!/bin/sh\necho "$1" >> {log}\nexec "$@"\n')
    wrapper.chmod(0o755)
    for header in BUNDLED_DIR.glob("*.cuh"):
        (tmp_path / header.name).write_text(header.read_text())
    spec_path = tiny_spec(tmp_path, ["kfoot::op::Neg"])
    result = build_aot(load_spec(spec_path), tmp_path / "out", archs=["sm_80"], jobs=2, progress=False,
                       launcher=str(wrapper))
    assert result.compiled_shards == 1  # both small families packed into one shard
    assert [Path(line).name for line in log.read_text().split()] == ["nvcc"]
    with pytest.raises(ToolMissing, match="not found on PATH"):
        build_aot(load_spec(spec_path), tmp_path / "out2", archs=["sm_80"], launcher="no-such-launcher-xyz")


def test_bad_build_options_are_one_line_exit_2(tmp_path):
    cases = [
        (["--arch", "sm80"], "not an architecture"),
        (["--nvcc", str(tmp_path / "nvcc")], "not an executable"),
        (["--shard-size", "0"], "at least 1"),
        (["--mode", "hybrid"], "--hot"),
    ]
    for extra, words in cases:
        assert_error(run_kfoot("build", str(DEMO_SPEC), "-o", str(tmp_path / "o"), *extra, check_rc=None), words)
