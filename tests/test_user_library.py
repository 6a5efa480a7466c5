"""A user's own library (tests/userlib/, not kfoot/bundled/): headers that include nothing or
take <cuda/std/cstdint>, every dtype including complex and a spec-declared one, derived axes
and an exclude. Built AOT (nvcc), RTC (NVRTC to cubin, no GPU needed) and hybrid; the oracles
are cuobjdump (names in the binaries), binutils' c++filt (their template arguments) and NumPy
(promotion)."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
import textwrap

import numpy as np
import pytest

from kfoot.compile.aot import build_aot
from kfoot.compile.hybrid import build_hybrid
from kfoot.compile.rtc_registry import build_rtc
from kfoot.core.errors import KfootError
from kfoot.runtime import compiler
from kfoot.runtime.registry import load_registry
from kfoot.variants import dtypes
from kfoot.variants.loader import SpecError, load_spec
from kfoot.variants.enumerate import enumerate_spec
from oracles.cli import REPO, run_kfoot
from oracles.cuobjdump import cuobjdump_elf_kernels, image_elf_kernels
from oracles.errors import assert_error

USERLIB = REPO / "tests" / "userlib"
ARCH = "sm_90"
NUMPY_NAMES = [n for n in dtypes.BUILTIN_NAMES if n != "bfloat16"]  # NumPy has no bfloat16


# -- independent readings of a mangled name ----------------------------------------------------
def cxxfilt(names: list[str]) -> dict[str, str]:
    """binutils' c++filt, one name a line."""
    out = subprocess.run([shutil.which("c++filt") or "c++filt"], input="\n".join(names) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return dict(zip(names, out))


def _split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [" ".join(p.split()) for p in parts + [current]]


def template_args(demangled: str) -> tuple[str, ...]:
    """'void ns::k<A, B>(...)' -> ('A', 'B'), with libcu++'s inline ABI namespace (cuda::std::__4::)
    dropped and `> >` closed up, so the arguments read as the spec spells them."""
    body = demangled.removeprefix("void ")
    body = body[: body.rindex("(")]
    inner = body[body.index("<") + 1: body.rindex(">")]
    inner = re.sub(r"::__\d+::", "::", inner).replace("> >", ">>")
    return tuple(_split_top(inner))


# -- the three builds, once ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def userlib(tmp_path_factory):
    folder = tmp_path_factory.mktemp("userlib")
    spec = load_spec(USERLIB / "userlib.toml")
    variants = enumerate_spec(spec)
    aot = build_aot(spec, folder / "aot", archs=[ARCH], jobs=2, progress=False)
    build_rtc(spec, folder / "rtc")
    reg = load_registry(folder / "rtc")
    program = compiler.compile_variants(compiler.SourceContext(reg, ARCH), list(reg.variants), None)
    return spec, variants, aot, program, folder


def test_every_variant_builds_aot_with_the_spec_spellings(userlib):
    spec, variants, aot, _, _ = userlib
    assert len(variants) == 15 + 1 + 18 + 4  # copy (15 builtins) + copy_q16 + fill (20 - 2 excluded) + widen
    mangled = cuobjdump_elf_kernels(aot.library)
    assert set(mangled) == {ARCH} and len(mangled[ARCH]) == len(variants)
    # c++filt's template arguments are exactly the spec's spellings, one kernel per variant.
    demangled = cxxfilt(sorted(mangled[ARCH]))
    assert sorted(template_args(d) for d in demangled.values()) == sorted(v.args for v in variants)


def test_nvrtc_lowers_every_variant_to_the_name_nvcc_gave_it(userlib, tmp_path):
    _, variants, aot, program, _ = userlib
    nvcc_names = cuobjdump_elf_kernels(aot.library)[ARCH]
    nvrtc_names = image_elf_kernels(program.cubin, tmp_path)[ARCH]
    assert set(program.lowered_names) == {v.template_id for v in variants}
    assert set(program.lowered_names.values()) == nvrtc_names == nvcc_names
    # int64 is `long` under both compilers, whatever cuda/std/cstdint makes of int64_t.
    assert program.lowered_names["userlib::widen_kernel<long, long>"] == "_ZN7userlib12widen_kernelIllEEvPKT_PT0_l"


def test_hybrid_library_and_registry_agree_with_nvrtc(userlib):
    spec, variants, _, program, folder = userlib
    hot = ["userlib::copy_kernel<cuda::std::complex<double>>", "userlib::fill_kernel<userlib::q16, unsigned int, long>",
           "userlib::widen_kernel<unsigned short, unsigned short>", "userlib::copy_kernel<unsigned long>"]
    trace = folder / "hot.jsonl"
    trace.write_text("".join(json.dumps({"template_id": t}) + "\n" for t in hot))
    build_hybrid(spec, folder / "hybrid", hot_trace=trace, archs=[ARCH], jobs=2, progress=False)
    in_library = cuobjdump_elf_kernels(folder / "hybrid" / "libkfoot_kernels.so")[ARCH]
    assert in_library == {program.lowered_names[t] for t in hot}
    data = json.loads((folder / "hybrid" / "registry.json").read_text())
    assert {t: data["aot"]["kernels"][t]["symbol"] for t in hot} == {t: program.lowered_names[t] for t in hot}
    assert {r["template_id"] for r in data["variants"]} == {v.template_id for v in variants}


def test_derived_axes_and_excludes_follow_numpy(userlib):
    spec, variants, _, _, _ = userlib
    fill = [dict(v.values) for v in variants if v.family == "fill"]
    expected_pairs = [(a, b) for a, b in itertools.product(["int8", "uint64", "bfloat16", "complex64", "q16"],
                                                            ["uint8", "int16", "uint32", "float16"])
                      if not (a == "complex64" and b in ("uint8", "int16"))]
    assert [(v["a"], v["b"]) for v in fill] == expected_pairs

    def oracle(a, b):
        subst = {"bfloat16": "float16", "q16": "int16"}  # bfloat16 like float16; q16 declares int 16
        result = np.result_type(np.dtype(subst.get(a, a)), np.dtype(subst.get(b, b))).name
        if result == "float16" and "bfloat16" in (a, b):
            result = "float32" if "float16" in (a, b) else "bfloat16"
        if result == "int16" and "q16" in (a, b) and "int16" not in (a, b):
            result = "q16"
        return result

    assert all(v["out"] == oracle(v["a"], v["b"]) for v in fill)
    widen = [dict(v.values) for v in variants if v.family == "widen"]
    assert [(v["In"], v["Out"]) for v in widen] == [(d, d) for d in ("int8", "uint16", "int64", "float32")]


# -- the host's <cstdint>: nvcc yes, NVRTC no -------------------------------------------------
def test_a_header_with_host_cstdint_builds_aot_and_fails_rtc_in_one_line(tmp_path):
    spec = load_spec(USERLIB / "cstdint.toml")
    aot = build_aot(spec, tmp_path / "aot", archs=[ARCH], jobs=2, progress=False)
    names = cuobjdump_elf_kernels(aot.library)[ARCH]
    assert sorted(template_args(d) for d in cxxfilt(sorted(names)).values()) == [("float",), ("int",), ("long",)]
    build_rtc(spec, tmp_path / "rtc")
    reg = load_registry(tmp_path / "rtc")
    with pytest.raises(KfootError, match="cstdint") as info:
        compiler.compile_variants(compiler.SourceContext(reg, ARCH), list(reg.variants), None)
    assert_error(info.value)


# -- promotion: NumPy is the oracle for every pair ---------------------------------------------
def test_promotion_equals_numpy_for_every_pair_complex_included():
    assert len(NUMPY_NAMES) == 14
    for a, b in itertools.product(NUMPY_NAMES, repeat=2):
        assert dtypes.promote_pair(a, b) == np.result_type(np.dtype(a), np.dtype(b)).name, (a, b)


def test_bfloat16_keeps_its_rule_with_every_dtype():
    for other in NUMPY_NAMES:
        expected = np.result_type(np.float16, np.dtype(other)).name
        expected = {"float16": "bfloat16"}.get(expected, expected) if other != "float16" else "float32"
        assert dtypes.promote_pair("bfloat16", other) == dtypes.promote_pair(other, "bfloat16") == expected, other


# -- typos and verbatim C++ ------------------------------------------------------------------------
def _spec(tmp_path, values: str, extra: str = "") -> "object":
    (tmp_path / "k.cuh").write_text("// nothing\n")
    path = tmp_path / "s.toml"
    path.write_text(extra + textwrap.dedent(f"""
        [[family]]
        name = "k"
        header = "k.cuh"
        kernel = "ns::k"
        params = ["T"]
        [family.axes]
        T = {values}
        """))
    return path


@pytest.mark.parametrize("typo, nearest", [("flaot16", "float16"), ("fp32", "float32"), ("bf16", "bfloat16")])
def test_a_misspelt_dtype_is_one_line_naming_the_nearest(tmp_path, typo, nearest):
    message = assert_error(run_kfoot("enumerate", _spec(tmp_path, f'["float32", "{typo}"]'), check_rc=None),
                           f"unknown dtype '{typo}'", "key 'axes.T'")
    assert re.search(rf"did you mean {nearest}\b", message), message


def test_cpp_prefix_writes_a_type_verbatim_and_fixed_width_names_mean_the_dtype(tmp_path):
    spec = load_spec(_spec(tmp_path, '["cpp:MyType", "int64_t", "cuda::std::complex<float>", "unsigned long long"]'))
    variants = enumerate_spec(spec)
    assert [v.args[0] for v in variants] == ["MyType", "long", "cuda::std::complex<float>", "unsigned long long"]
    assert [dict(v.values)["T"] for v in variants][:2] == ["MyType", "int64"]
    with pytest.raises(SpecError, match="unknown dtype 'MyType'"):
        load_spec(_spec(tmp_path, '["MyType"]'))


def test_a_declared_dtype_without_kind_cannot_be_promoted(tmp_path):
    extra = '[dtypes.opaque_t]\ncpp = "ns::opaque"\n'
    path = _spec(tmp_path, '["opaque_t"]', extra)
    assert [v.args for v in enumerate_spec(load_spec(path))] == [("ns::opaque",)]
    text = path.read_text().replace('params = ["T"]', 'params = ["T", "U"]').replace(
        'T = ["opaque_t"]', 'T = ["opaque_t"]\nU = { promote = ["T"] }')
    path.write_text(text)
    with pytest.raises(SpecError, match=r"key 'axes.U': promote needs a kind and bits, and dtype 'opaque_t'"):
        load_spec(path)


def test_nvrtc_program_starts_with_the_prelude():
    # The prelude is what defines __half and cuda::std::complex for a header that includes nothing.
    source = compiler.program_source([USERLIB / "plain.cuh"], ["userlib::copy_kernel<cuda::std::complex<float>>"])
    assert source.index("#include <cuda_fp16.h>") < source.index("#include <cuda/std/complex>") < source.index('"plain.cuh"')
    assert "cuda/std/complex" not in compiler.program_source([USERLIB / "plain.cuh"], ["userlib::copy_kernel<float>"])
