"""RTC builds and NVRTC compiles on a CPU-only machine, checked with cuobjdump as the oracle."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kfoot import runtime
from kfoot.compile.rtc_registry import build_rtc
from kfoot.core.errors import KfootError
from kfoot.runtime import compiler
from kfoot.runtime.kernel_cache import DiskCache
from kfoot.runtime.registry import load_registry
from kfoot.variants.loader import load_spec
from kfoot.variants.enumerate import enumerate_spec
from oracles.cli import run_kfoot
from oracles.errors import assert_error
from test_rtc_support import MINI_VARIANTS, cubin_facts, demangled_form, template_id_of, write_mini_spec


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mini")
    spec = load_spec(write_mini_spec(folder / "spec"))
    out = folder / "registry"
    build_rtc(spec, out)
    return spec, out


def test_registry_lists_every_variant_and_carries_its_sources(mini):
    spec, out = mini
    data = json.loads((out / "registry.json").read_text())
    expected = {v.template_id for v in enumerate_spec(spec)}
    assert len(expected) == MINI_VARIANTS
    assert {row["template_id"] for row in data["variants"]} == expected
    row = next(r for r in data["variants"] if r["template_id"] == "mini::apply_kernel<mini::op::Twice, __half, __half>")
    assert row["values"] == {"op": "mini::op::Twice", "inp": "float16", "out": "float16"} and len(row["source_sha256"]) == 64
    # The header and the header it includes travel with the registry, byte for byte.
    for name in ("mini.cuh", "mini_ops.cuh"):
        assert (out / "templates" / name).read_bytes() == (Path(spec.path).parent / name).read_bytes()
    # No device code is compiled by an RTC build.
    assert not [p for p in out.rglob("*") if p.suffix in (".cubin", ".fatbin", ".so", ".o", ".ptx")]


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_cubin_for_an_arch_without_a_gpu(mini, arch, tmp_path):
    _, out = mini
    reg = runtime.open_registry(out, cache=None, trace=None)
    kernel = reg.kernel("apply", op="mini::op::Square", inp="bfloat16")
    sm, kernels = cubin_facts(kernel.cubin(arch), tmp_path)
    assert sm == int(arch[3:])
    assert {template_id_of(k) for k in kernels} == {"mini::apply_kernel<mini::op::Square, __nv_bfloat16, __nv_bfloat16>"}


def test_one_program_holds_every_name_expression(mini, tmp_path):
    spec, out = mini
    reg = load_registry(out)
    context = compiler.SourceContext(reg, "sm_90")
    program = compiler.compile_variants(context, reg.variants, None)
    _, kernels = cubin_facts(program.cubin, tmp_path)
    assert {template_id_of(k) for k in kernels} == {v.template_id for v in enumerate_spec(spec)}
    assert set(program.lowered_names) == {v.template_id for v in reg.variants}


def test_relocated_registry_hits_the_same_cache_and_edited_sources_miss(mini, tmp_path):
    _, out = mini
    cache = DiskCache(tmp_path / "cache")
    first = runtime.open_registry(out, cache=cache, trace=None).kernel("apply", op="mini::op::Twice", inp="float32")
    assert first.binary("sm_90").from_cache is False
    moved = tmp_path / "moved"
    shutil.copytree(out, moved)
    again = runtime.open_registry(moved, cache=DiskCache(tmp_path / "cache"), trace=None).kernel("apply", op="mini::op::Twice", inp="float32")
    assert again.binary("sm_90").from_cache is True
    # A changed header (the included one, not the main one) must change the key: a stale cubin
    # would otherwise be served.
    ops = moved / "templates" / "mini_ops.cuh"
    ops.write_text(ops.read_text().replace("return x + x;", "return x + x + 1.0f;"))
    edited = runtime.open_registry(moved, cache=DiskCache(tmp_path / "cache"), trace=None).kernel("apply", op="mini::op::Twice", inp="float32")
    binary = edited.binary("sm_90")
    assert binary.from_cache is False and binary.cubin != first.cubin("sm_90")


def _registry_with_bogus_variant(out: Path, target: Path) -> Path:
    shutil.copytree(out, target)
    data = json.loads((target / "registry.json").read_text())
    bogus = dict(data["variants"][0], template_id="mini::apply_kernel<mini::op::Nope, float, float>")
    bogus["values"] = dict(bogus["values"], op="mini::op::Nope")
    data["variants"].append(bogus)
    (target / "registry.json").write_text(json.dumps(data))
    return target


def test_compile_error_names_the_variant_and_the_first_error(mini, tmp_path):
    _, out = mini
    reg = runtime.open_registry(_registry_with_bogus_variant(out, tmp_path / "r"), cache=None, trace=None)
    kernel = reg.kernel("apply", op="mini::op::Nope", inp="float16")
    with pytest.raises(KfootError) as info:
        kernel.cubin("sm_90")
    assert_error(info.value, "mini::apply_kernel<mini::op::Nope, float, float>", "error")


def test_warm_isolates_the_failing_variant_and_caches_the_others(mini, tmp_path):
    _, out = mini
    reg = load_registry(_registry_with_bogus_variant(out, tmp_path / "r"))
    cache = DiskCache(tmp_path / "cache")
    result = compiler.warm(reg, reg.variants, "sm_90", cache, jobs=1, batch_size=64)
    assert [t for t, _ in result.failures] == ["mini::apply_kernel<mini::op::Nope, float, float>"]
    assert result.compiled == MINI_VARIANTS and len(cache.entries()) == MINI_VARIANTS


def test_bad_arch_is_one_line(mini):
    _, out = mini
    kernel = runtime.open_registry(out, cache=None, trace=None).kernel("apply", op="mini::op::Twice", inp="float32")
    with pytest.raises(KfootError, match="bad arch"):
        kernel.cubin("hopper")
    with pytest.raises(KfootError, match="not supported by NVRTC"):
        kernel.cubin("sm_21")


def test_cli_rtc_build_of_the_demo_spec(tmp_path):
    from kfoot.variants.loader import DEMO_SPEC

    run_kfoot("build", "--mode", "rtc", DEMO_SPEC, "-o", tmp_path / "out")
    reg = load_registry(tmp_path / "out")
    assert {v.template_id for v in reg.variants} == {v.template_id for v in enumerate_spec(load_spec(DEMO_SPEC))}
    # Every family's header is there: one kernel of each family compiles from the copies, and
    # cuobjdump finds exactly that template-id in the cubin.
    reg_rt = runtime.open_registry(tmp_path / "out", cache=None, trace=None)
    spec = load_spec(DEMO_SPEC)
    firsts = {}
    for variant in enumerate_spec(spec):
        firsts.setdefault(variant.family, variant)
    program = compiler.compile_variants(compiler.SourceContext(reg_rt.registry, "sm_90"),
                                        [reg_rt.registry.by_template_id[v.template_id] for v in firsts.values()], None)
    sm, kernels = cubin_facts(program.cubin, tmp_path)
    assert sm == 90
    assert {template_id_of(k) for k in kernels} == {demangled_form(v.template_id) for v in firsts.values()}
