"""Kernels launched through kfoot.runtime on a GPU, compared with NumPy on the same inputs.

A sample of every bundled family's variants (every op and every dtype of every axis at least
once) is launched through RTC (NVRTC, from a warmed cache) and through the AOT library of a
hybrid build, and each result is checked against a NumPy reference of the kernel's documented
semantics (kfoot/bundled/*.cuh). The launch tests are marked `gpu`: without a GPU they skip
(the NVRTC compile path is tested in full by test_rtc_compile, test_runtime, test_warm and
test_hybrid); test_sample_covers_every_op_and_dtype still runs, so the coverage claim is checked
everywhere.
"""

from __future__ import annotations

import json
import math
import os
import random

import numpy as np
import pytest

from kfoot import runtime
from kfoot.runtime import compiler
from kfoot.runtime.kernel_cache import DiskCache
from kfoot.runtime.registry import load_registry
from kfoot.variants.loader import BUNDLED_SPEC, load_spec
from kfoot.variants.enumerate import enumerate_spec
from oracles.gpu import gpu_arch

SPEC = load_spec(BUNDLED_SPEC)
FAMILIES = [f.name for f in SPEC.families]
INTEGRAL = {"bool", "int8", "uint8", "int16", "int32", "int64"}  # int16: int8 with uint8
INT_RANGE = {"int8": (-128, 127), "uint8": (0, 255), "int16": (-2**15, 2**15 - 1), "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1)}


# -- the sample ------------------------------------------------------------------------------
def sample_family(variants, seed=0):
    """Greedy cover: variants until every (axis, value) of the family has appeared once."""
    order = list(variants)
    random.Random(seed).shuffle(order)
    needed = {(a, v) for var in order for a, v in var.values}
    # Each variant's values as a set once: collection runs this in every xdist worker.
    pairs = [(var, set(var.values)) for var in order]
    chosen = []
    while needed:
        best, values = max(pairs, key=lambda pair: len(needed & pair[1]))
        chosen.append(best)
        needed -= values
    return chosen


SAMPLE = {}
for _variant in enumerate_spec(SPEC):
    SAMPLE.setdefault(_variant.family, []).append(_variant)
SAMPLE = {family: sample_family(vs) for family, vs in SAMPLE.items()}


def test_sample_covers_every_op_and_dtype():
    for family in SPEC.families:
        seen = {(a, v) for var in SAMPLE[family.name] for a, v in var.values}
        for axis in family.params:
            assert {v for a, v in seen if a == axis} == set(family.axis_values(axis)), (family.name, axis)


# -- host-side dtypes ------------------------------------------------------------------------
def storage_dtype(name):
    """NumPy storage of a kfoot dtype; bfloat16 travels as its 16-bit pattern."""
    return np.uint16 if name == "bfloat16" else np.dtype(name)


def to_bf16_bits(values):
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16  # round to nearest even
    return rounded.astype(np.uint16)


def from_storage(array, name):
    """Stored values as float64 / int64 / bool for the reference (bfloat16 decoded)."""
    if name == "bfloat16":
        return (array.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if name == "bool":
        return array.astype(np.int64)
    if name in INTEGRAL:
        return array.astype(np.int64)
    return array.astype(np.float64)


def make_input(name, rng, shape, domain):
    """Values valid for the op: 'positive' keeps logs, roots and divisors away from 0 and below."""
    if name == "bool":
        return rng.integers(0, 2, shape).astype(np.bool_) if domain != "positive" else np.ones(shape, np.bool_)
    if name in INTEGRAL:
        low, high = {"positive": (1, 4), "small": (0, 4)}.get(domain, (-5, 6))
        if name == "uint8":
            low = max(low, 0)
        return rng.integers(low, high, shape).astype(name)
    low, high = {"positive": (0.5, 3.0), "small": (0.0, 3.0), "tan": (-1.2, 1.2)}.get(domain, (-3.0, 3.0))
    values = rng.uniform(low, high, shape)
    if name == "bfloat16":
        return to_bf16_bits(values)
    return values.astype(name)


# -- compute types, as kfoot_common.cuh defines them -------------------------------------------
def float_compute(*names):
    return "float64" if "float64" in names else "float32"


def arith_compute(*names):
    return "int64" if all(n in INTEGRAL for n in names) else float_compute(*names)


KIND = {}
for _op in ["Neg", "Abs", "Sign", "Square", "Relu", "Floor", "Ceil", "Round", "Trunc", "Add", "Sub", "Mul", "Div",
            "Mod", "Maximum", "Minimum", "Pow"]:
    KIND[_op] = "arith"
for _op in ["Reciprocal", "Sqrt", "Rsqrt", "Exp", "Exp2", "Expm1", "Log", "Log2", "Log10", "Log1p", "Sin", "Cos",
            "Tan", "Tanh", "Sigmoid", "Silu", "Gelu", "Erf", "Softplus", "Atan2"]:
    KIND[_op] = "float"
for _op in ["Eq", "Ne", "Lt", "Le", "Gt", "Ge", "LogicalAnd", "LogicalOr", "LogicalXor"]:
    KIND[_op] = "compare"


def op_compute(op, lhs, rhs, out):
    kind = KIND[op]
    if kind == "arith":
        return arith_compute(lhs, rhs, out)
    if kind == "float":
        return float_compute(lhs, rhs, out)
    return "int64" if lhs in INTEGRAL and rhs in INTEGRAL else "float64"


def domain_of(op):
    if op in ("Sqrt", "Rsqrt", "Log", "Log2", "Log10", "Log1p", "Reciprocal", "Pow"):
        return "positive"
    return "tan" if op == "Tan" else "any"


def to_compute(values, compute):
    return values.astype(np.int64) if compute == "int64" else values.astype(np.float64)


_erf = np.vectorize(math.erf, otypes=[np.float64])


def unary_ref(op, x, integer):
    if integer:
        return {"Neg": lambda: -x, "Abs": lambda: np.abs(x), "Sign": lambda: np.sign(x), "Square": lambda: x * x,
                "Relu": lambda: np.maximum(x, 0), "Floor": lambda: x, "Ceil": lambda: x, "Round": lambda: x,
                "Trunc": lambda: x}[op]()
    sig = 1.0 / (1.0 + np.exp(-x))
    table = {
        "Neg": lambda: -x, "Abs": lambda: np.abs(x), "Sign": lambda: np.sign(x), "Square": lambda: x * x,
        "Relu": lambda: np.where(x > 0, x, np.where(np.isnan(x), x, 0.0)), "Floor": lambda: np.floor(x),
        "Ceil": lambda: np.ceil(x), "Round": lambda: np.rint(x), "Trunc": lambda: np.trunc(x),
        "Reciprocal": lambda: 1.0 / x, "Sqrt": lambda: np.sqrt(x), "Rsqrt": lambda: 1.0 / np.sqrt(x),
        "Exp": lambda: np.exp(x), "Exp2": lambda: np.exp2(x), "Expm1": lambda: np.expm1(x), "Log": lambda: np.log(x),
        "Log2": lambda: np.log2(x), "Log10": lambda: np.log10(x), "Log1p": lambda: np.log1p(x),
        "Sin": lambda: np.sin(x), "Cos": lambda: np.cos(x), "Tan": lambda: np.tan(x), "Tanh": lambda: np.tanh(x),
        "Sigmoid": lambda: sig, "Silu": lambda: x * sig, "Gelu": lambda: 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0))),
        "Erf": lambda: _erf(x), "Softplus": lambda: np.where(x > 20, x, np.log1p(np.exp(np.minimum(x, 20)))),
    }
    return table[op]()


def unary_grad(op, x):
    sig = 1.0 / (1.0 + np.exp(-x))
    return {
        "Neg": lambda: -np.ones_like(x), "Abs": lambda: np.sign(x), "Square": lambda: 2.0 * x,
        "Relu": lambda: (x > 0).astype(np.float64), "Reciprocal": lambda: -1.0 / (x * x),
        "Sqrt": lambda: 0.5 / np.sqrt(x), "Rsqrt": lambda: -0.5 / np.sqrt(x) / x, "Exp": lambda: np.exp(x),
        "Exp2": lambda: math.log(2.0) * np.exp2(x), "Expm1": lambda: np.exp(x), "Log": lambda: 1.0 / x,
        "Log2": lambda: 1.0 / (x * math.log(2.0)), "Log10": lambda: 1.0 / (x * math.log(10.0)),
        "Log1p": lambda: 1.0 / (1.0 + x), "Sin": lambda: np.cos(x), "Cos": lambda: -np.sin(x),
        "Tan": lambda: 1.0 + np.tan(x) ** 2, "Tanh": lambda: 1.0 - np.tanh(x) ** 2, "Sigmoid": lambda: sig * (1 - sig),
        "Silu": lambda: sig * (1.0 + x * (1.0 - sig)),
        "Gelu": lambda: 0.5 * (1.0 + _erf(x / math.sqrt(2.0))) + x * np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi),
        "Erf": lambda: 2.0 / math.sqrt(math.pi) * np.exp(-x * x), "Softplus": lambda: sig,
    }[op]()


def binary_ref(op, a, b, integer):
    if integer:
        safe = np.where(b == 0, 1, b)
        if op == "Div":
            q = np.abs(a) // np.abs(safe) * np.sign(a) * np.sign(safe)
            return np.where(b == 0, 0, q)
        if op == "Mod":
            return np.where(b == 0, 0, np.fmod(a, safe))
        if op == "Pow":
            return np.array([int(x) ** int(y) if y >= 0 else 0 for x, y in zip(a.ravel(), b.ravel())], np.int64).reshape(a.shape)
    table = {
        "Add": lambda: a + b, "Sub": lambda: a - b, "Mul": lambda: a * b, "Div": lambda: a / b,
        "Mod": lambda: np.fmod(a, b), "Maximum": lambda: np.maximum(a, b), "Minimum": lambda: np.minimum(a, b),
        "Pow": lambda: np.power(a, b), "Atan2": lambda: np.arctan2(a, b),
        "Eq": lambda: a == b, "Ne": lambda: a != b, "Lt": lambda: a < b, "Le": lambda: a <= b, "Gt": lambda: a > b,
        "Ge": lambda: a >= b, "LogicalAnd": lambda: (a != 0) & (b != 0), "LogicalOr": lambda: (a != 0) | (b != 0),
        "LogicalXor": lambda: (a != 0) != (b != 0),
    }
    return table[op]()


def binary_grads(op, a, b):
    return {
        "Add": lambda: (np.ones_like(a), np.ones_like(b)), "Sub": lambda: (np.ones_like(a), -np.ones_like(b)),
        "Mul": lambda: (b, a), "Div": lambda: (1.0 / b, -a / (b * b)),
        "Maximum": lambda: ((a >= b).astype(np.float64), (a < b).astype(np.float64)),
        "Minimum": lambda: ((a <= b).astype(np.float64), (a > b).astype(np.float64)),
        "Pow": lambda: (b * np.power(a, b - 1), np.power(a, b) * np.log(a)),
        "Atan2": lambda: (b / (a * a + b * b), -a / (a * a + b * b)),
    }[op]()


# -- expected output and comparison -----------------------------------------------------------
TOL = {"float16": 4e-3, "bfloat16": 2e-2, "float32": 5e-5, "float64": 1e-9}


def check(got_storage, out, ref, compute, scale=1.0):
    """Compare a kernel's output with the float64/int64 reference, within what the types allow."""
    got = from_storage(got_storage, out)
    if out in INTEGRAL:
        ref = np.asarray(ref)
        if compute == "int64" or ref.dtype == np.bool_:
            expected = ref.astype(np.int64).astype(storage_dtype(out)) if out != "bool" else (ref != 0)
            np.testing.assert_array_equal(got_storage if out != "bool" else got_storage.astype(bool), expected)
            return
        if out == "bool":
            np.testing.assert_array_equal(got_storage.astype(bool), ref != 0)
            return
        # Float to integer: C++ leaves out-of-range and NaN undefined, so only in-range values
        # are compared; exactly, except next to an integer, where float32 rounding of the
        # compute type may land on the neighbouring one.
        low, high = INT_RANGE[out]
        ok = np.isfinite(ref) & (ref >= low) & (ref <= high)
        diff = np.abs(got[ok] - np.trunc(ref[ok]))
        near_integer = np.abs(ref[ok] - np.round(ref[ok])) <= 1e-4 * np.maximum(1.0, np.abs(ref[ok]))
        assert np.all((diff == 0) | (near_integer & (diff <= 1))), (got[ok][diff != 0], ref[ok][diff != 0])
        return
    tol = max(TOL[out], TOL.get(compute, 0.0))
    np.testing.assert_allclose(got, np.asarray(ref, np.float64), rtol=tol, atol=tol * scale, equal_nan=True)


def run_case(kernel, variant, rng):
    """Launch one variant on random inputs and check every output against NumPy."""
    import cupy

    v = dict(variant.values)
    op = v["op"].split("::")[-1]
    name = variant.kernel.split("::")[-1]
    n = 1000
    grid, block = (4,), (128,)

    def dev(array):
        return cupy.asarray(array)

    if name == "unary_kernel":
        x = make_input(v["x"], rng, n, domain_of(op))
        c = op_compute(op, v["x"], v["x"], v["out"])
        out = cupy.zeros(n, storage_dtype(v["out"]))
        kernel(grid, block, (dev(x), out, np.int64(n)))
        ref = unary_ref(op, to_compute(from_storage(x, v["x"]), c), c == "int64")
        check(out.get(), v["out"], ref, c)
    elif name in ("binary_kernel", "binary_scalar_kernel"):
        lhs_dom = "positive" if op == "Pow" else "any"
        rhs_dom = "positive" if op in ("Div", "Mod", "Pow") else "any"
        a = make_input(v["lhs"], rng, n, lhs_dom)
        if name == "binary_kernel":
            b = make_input(v["rhs"], rng, n, "small" if op == "Pow" else rhs_dom)
            c = op_compute(op, v["lhs"], v["rhs"], v["out"])
            b_ref, b_arg = from_storage(b, v["rhs"]), dev(b)
        else:
            c = op_compute(op, v["lhs"], v["lhs"], v["out"])
            scalar = np.int64(2) if v["scalar"] == "int64" else np.float64(1.5)
            b_arg = scalar
            b_ref = np.full(n, int(scalar) if c == "int64" else float(scalar))
        out = cupy.zeros(n, storage_dtype(v["out"]))
        kernel(grid, block, (dev(a), b_arg, out, np.int64(n)))
        ref = binary_ref(op, to_compute(from_storage(a, v["lhs"]), c), to_compute(np.asarray(b_ref), c), c == "int64")
        check(out.get(), v["out"], ref, c)
    elif name == "broadcast_binary_kernel":
        ndim = int(v["ndim"])
        shape = (3, 4, 2, 3, 2)[:ndim]
        a = make_input(v["lhs"], rng, shape, "any")
        b = make_input(v["rhs"], rng, (1,) + shape[1:], "positive" if op == "Div" else "any")  # broadcast on dim 0
        c = op_compute(op, v["lhs"], v["rhs"], v["out"])
        contiguous = [int(np.prod(shape[d + 1:])) for d in range(ndim)]
        rhs_strides = [0] + contiguous[1:]
        meta_dtype = np.dtype([("v", np.int64, (3 * ndim,))])
        meta = np.array([(list(shape) + contiguous + rhs_strides,)], dtype=meta_dtype)[0]
        total = int(np.prod(shape))
        out = cupy.zeros(total, storage_dtype(v["out"]))
        kernel(grid, block, (dev(a), dev(b), out, meta, np.int64(total)))
        ref = binary_ref(op, to_compute(from_storage(a, v["lhs"]), c), to_compute(np.broadcast_to(from_storage(b, v["rhs"]), shape), c), c == "int64")
        check(out.get().reshape(shape), v["out"], ref, c)
    elif name == "unary_backward_kernel":
        x = make_input(v["x"], rng, n, domain_of(op))
        g = make_input(v["grad"], rng, n, "any")
        c = float_compute(v["x"], v["grad"], v["grad"])
        out = cupy.zeros(n, storage_dtype(v["grad"]))
        kernel(grid, block, (dev(g), dev(x), out, np.int64(n)))
        xr = to_compute(from_storage(x, v["x"]), c)
        check(out.get(), v["grad"], to_compute(from_storage(g, v["grad"]), c) * unary_grad(op, xr), c, scale=10.0)
    elif name == "binary_backward_kernel":
        a = make_input(v["lhs"], rng, n, "positive" if op in ("Pow",) else "any")
        b = make_input(v["rhs"], rng, n, "positive" if op in ("Div", "Pow") else "any")
        g = make_input(v["grad"], rng, n, "any")
        c = float_compute(v["lhs"], v["rhs"], v["grad"])
        ga = cupy.zeros(n, storage_dtype(v["lhs"]))
        gb = cupy.zeros(n, storage_dtype(v["rhs"]))
        kernel(grid, block, (dev(g), dev(a), dev(b), ga, gb, np.int64(n)))
        ar, br, gr = (to_compute(from_storage(arr, t), c) for arr, t in ((a, v["lhs"]), (b, v["rhs"]), (g, v["grad"])))
        da, db = binary_grads(op, ar, br)
        check(ga.get(), v["lhs"], gr * da, c, scale=10.0)
        check(gb.get(), v["rhs"], gr * db, c, scale=10.0)
    elif name == "reduce_kernel":
        ndim = int(v["ndim"])
        out_shape = (2, 3, 2, 2, 2)[:ndim]
        reduce_size = 5
        x = make_input(v["x"], rng, out_shape + (reduce_size,), "small" if op == "Prod" else "any")
        widen = op in ("Sum", "Prod", "Mean")
        c = arith_compute(v["x"], v["x"], v["out"]) if widen else arith_compute(v["x"], v["x"], v["x"])
        strides = [int(np.prod(out_shape[d + 1:])) * reduce_size for d in range(ndim)]
        meta_dtype = np.dtype([("v", np.int64, (2 * ndim + 2,))])
        meta = np.array([(list(out_shape) + strides + [reduce_size, 1],)], dtype=meta_dtype)[0]
        n_out = int(np.prod(out_shape))
        out = cupy.zeros(n_out, storage_dtype(v["out"]))
        kernel(grid, block, (dev(x), out, meta, np.int64(n_out)))
        xr = to_compute(from_storage(x, v["x"]), c)
        if op == "Mean":
            total = xr.sum(axis=-1)
            ref = np.where(total < 0, -(-total // reduce_size), total // reduce_size) if c == "int64" else total / reduce_size
        else:
            ref = {"Sum": lambda: xr.sum(axis=-1), "Prod": lambda: xr.prod(axis=-1),
                   "Max": lambda: xr.max(axis=-1), "Min": lambda: xr.min(axis=-1)}[op]()
        check(out.get().reshape(out_shape), v["out"], ref, c, scale=float(reduce_size * 3))
    else:
        raise AssertionError(f"no NumPy reference for {variant.kernel}")
    cupy.cuda.runtime.deviceSynchronize()


# -- fixtures (GPU only) ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def cupy():
    """CuPy launches the kernels: it comes with the `cuda` extra, so where it is missing the launch
    tests skip."""
    return pytest.importorskip("cupy")


@pytest.fixture(scope="module")
def rtc_registry(tmp_path_factory, cupy):
    from kfoot.compile.rtc_registry import build_rtc

    folder = tmp_path_factory.mktemp("gpu_rtc")
    build_rtc(SPEC, folder / "registry")
    cache = DiskCache(folder / "cache")
    reg = load_registry(folder / "registry")
    sample = [reg.by_template_id[v.template_id] for vs in SAMPLE.values() for v in vs]
    result = compiler.warm(reg, sample, gpu_arch(), cache, jobs=os.cpu_count())
    assert result.failures == []
    return runtime.open_registry(folder / "registry", cache=cache, trace=None)


@pytest.fixture(scope="module")
def hybrid_registry(tmp_path_factory, cupy):
    from kfoot.compile.hybrid import build_hybrid

    folder = tmp_path_factory.mktemp("gpu_hybrid")
    trace = folder / "trace.jsonl"
    trace.write_text("".join(json.dumps({"template_id": v.template_id}) + "\n" for vs in SAMPLE.values() for v in vs))
    build_hybrid(SPEC, folder / "out", hot_trace=trace, archs=[gpu_arch()], jobs=os.cpu_count(), progress=False)
    return runtime.open_registry(folder / "out", cache=DiskCache(folder / "cache"), trace=None)


def _free_values(variant):
    fam = SPEC.family(variant.family)
    return {a: v for a, v in variant.values if a in fam.free_axes}


@pytest.mark.gpu
@pytest.mark.parametrize("family", FAMILIES)
def test_rtc_kernels_match_numpy(rtc_registry, cupy, family):
    rng = np.random.default_rng(7)
    for variant in SAMPLE[family]:
        kernel = rtc_registry.kernel(family, **_free_values(variant))
        run_case(kernel, variant, rng)
        assert kernel.dispatch[cupy.cuda.runtime.getDevice()] == "rtc"


@pytest.mark.gpu
@pytest.mark.parametrize("family", FAMILIES)
def test_aot_kernels_match_numpy(hybrid_registry, cupy, family):
    rng = np.random.default_rng(11)
    for variant in SAMPLE[family]:
        kernel = hybrid_registry.kernel(family, **_free_values(variant))
        run_case(kernel, variant, rng)
        assert kernel.dispatch[cupy.cuda.runtime.getDevice()] == "aot"


@pytest.mark.gpu
def test_hybrid_cold_variant_goes_through_nvrtc(hybrid_registry, cupy):
    sampled = {v.template_id for vs in SAMPLE.values() for v in vs}
    cold = next(v for v in enumerate_spec(SPEC) if v.family == "binary.dependent" and v.template_id not in sampled)
    kernel = hybrid_registry.kernel(cold.family, **_free_values(cold))
    run_case(kernel, cold, np.random.default_rng(3))
    assert kernel.dispatch[cupy.cuda.runtime.getDevice()] == "rtc"
