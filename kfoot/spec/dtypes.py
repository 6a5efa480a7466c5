"""The nine kfoot dtypes: their C++ spelling and the promotion rule derived axes use.

Promotion follows NumPy's `result_type` for these dtypes, with two additions NumPy cannot
say anything about:
- bfloat16 (not a NumPy dtype) promotes like float16, except that float16 with bfloat16
  gives float32 (neither holds the other);
- a result outside the nine (NumPy gives int16 for int8 with uint8) widens to the smallest
  of the nine that holds it, int32.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DType:
    name: str  # kfoot / NumPy name
    cpp: str  # spelling in a template-id
    kind: str  # "b" bool, "u" unsigned, "i" signed, "f" float
    bits: int


# Ordered as a framework's dtype switch lists them; typesets keep the order the spec gives.
_ALL = (
    DType("bool", "bool", "b", 8),
    DType("int8", "int8_t", "i", 8),
    DType("uint8", "uint8_t", "u", 8),
    DType("int32", "int32_t", "i", 32),
    DType("int64", "int64_t", "i", 64),
    DType("float16", "__half", "f", 16),
    DType("bfloat16", "__nv_bfloat16", "f", 16),
    DType("float32", "float", "f", 32),
    DType("float64", "double", "f", 64),
)

DTYPES: dict[str, DType] = {d.name: d for d in _ALL}
DTYPE_NAMES: tuple[str, ...] = tuple(DTYPES)
CPP_TO_DTYPE: dict[str, str] = {d.cpp: d.name for d in _ALL}


def cpp_type(name: str) -> str:
    return DTYPES[name].cpp


# Promotion runs over the nine plus int16, the one intermediate NumPy can produce from them
# (int8 with uint8); only the final result is widened into the nine, which keeps a chain
# such as promote(int8, uint8, float16) equal to NumPy's float32.
_INT16 = DType("int16", "int16_t", "i", 16)
_WIDEN = {"int16": "int32"}


def _lookup(name: str) -> DType:
    return _INT16 if name == "int16" else DTYPES[name]


def _promote_any(a: str, b: str) -> str:
    if a == b:
        return a
    da, db = _lookup(a), _lookup(b)
    if da.kind == "b":
        return b
    if db.kind == "b":
        return a
    if da.kind == "f" and db.kind == "f":
        if {a, b} == {"float16", "bfloat16"}:
            return "float32"
        return a if da.bits >= db.bits else b
    if da.kind == "f" or db.kind == "f":
        flt, integer = (da, db) if da.kind == "f" else (db, da)
        # The float must hold every value of the integer exactly (NumPy's "safe" rule):
        # 8-bit integers fit float16's 11-bit significand, 16-bit ones float32, wider float64.
        needed = {8: 16, 16: 32}.get(integer.bits, 64)
        return flt.name if flt.bits >= needed else ("float32" if needed == 32 else "float64")
    if da.kind == db.kind:
        return a if da.bits >= db.bits else b
    signed, unsigned = (da, db) if da.kind == "i" else (db, da)
    if signed.bits > unsigned.bits:
        return signed.name
    return {8: "int16", 16: "int32", 32: "int64"}.get(unsigned.bits, "float64")


def promote(names: list[str] | tuple[str, ...]) -> str:
    """NumPy's result_type for any number of the nine dtypes (see the module docstring)."""
    # NumPy promotes into the highest kind first (floats, then integers): int8 and uint8 each
    # fit float16, so (int8, uint8, float16) stays float16 instead of passing through int16.
    kind_rank = {"f": 0, "i": 1, "u": 1, "b": 2}
    ordered = sorted(names, key=lambda n: kind_rank[_lookup(n).kind])
    result = ordered[0]
    for name in ordered[1:]:
        result = _promote_any(result, name)
    return _WIDEN.get(result, result)


def promote_pair(a: str, b: str) -> str:
    return promote((a, b))
