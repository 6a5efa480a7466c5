"""The kfoot dtypes: their C++ spelling in a template-id and the promotion rule derived axes use.

Spellings are kfoot's own and mean the same type under nvcc (Linux, LP64) and NVRTC: integers
are fundamental types (int64 is `long`, never `int64_t`, whose definition depends on which
<cstdint> a header includes and differs between nvcc and NVRTC), float16 and bfloat16 the
CUDA types, complex64/complex128 `cuda::std::complex<float/double>`. kfoot's prelude
(kfoot.core.prelude) defines every one of them in each translation unit it generates, so a
mangled name cannot depend on what the user's header includes.

Promotion is NumPy's `result_type` for the NumPy dtypes (complex included), with one addition
NumPy cannot say anything about: bfloat16 (not a NumPy dtype) promotes like float16, except
that float16 with bfloat16 gives float32 (neither holds the other). A spec may declare more
dtypes (`[dtypes.NAME]`); one declared with a kind and a bit width promotes by the same rules,
one without is not promotable.

Declared dtypes belong to the spec that declares them: each loaded Spec (and its families) holds
its own `DTypeTable`, the builtins plus its declarations, and this module holds no state a load
could change (two specs in one process may give one name different meanings).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from .errors import IDENTIFIER, header_problem, spec_error


@dataclass(frozen=True)
class DType:
    name: str  # kfoot / NumPy name
    cpp: str  # spelling in a template-id
    kind: str | None  # "b" bool, "u" unsigned, "i" signed, "f" float, "c" complex; None: no promotion
    bits: int | None
    header: Path | None = None  # spec-declared dtypes: the header that defines `cpp`
    like: str | None = None  # spec-declared dtypes: the builtin it promotes as (`like = "bfloat16"`)


# Ordered as a framework's dtype switch lists them; typesets keep the order the spec gives.
_ALL = (
    DType("bool", "bool", "b", 8),
    DType("int8", "signed char", "i", 8),
    DType("uint8", "unsigned char", "u", 8),
    DType("int16", "short", "i", 16),
    DType("uint16", "unsigned short", "u", 16),
    DType("int32", "int", "i", 32),
    DType("uint32", "unsigned int", "u", 32),
    DType("int64", "long", "i", 64),
    DType("uint64", "unsigned long", "u", 64),
    DType("float16", "__half", "f", 16),
    DType("bfloat16", "__nv_bfloat16", "f", 16),
    DType("float32", "float", "f", 32),
    DType("float64", "double", "f", 64),
    DType("complex64", "cuda::std::complex<float>", "c", 64),
    DType("complex128", "cuda::std::complex<double>", "c", 128),
)
BUILTIN_NAMES: tuple[str, ...] = tuple(d.name for d in _ALL)

# Fixed-width names a spec may still write for an integer dtype: they stand for the dtype
# (and so for kfoot's spelling), never for whatever the user's <cstdint> makes of them.
ALIASES: Mapping[str, str] = MappingProxyType({
    "int8_t": "int8", "uint8_t": "uint8", "int16_t": "int16", "uint16_t": "uint16",
    "int32_t": "int32", "uint32_t": "uint32", "int64_t": "int64", "uint64_t": "uint64",
})

# Single-word C++ type names that need no declaration (so a bare word among these is not a typo).
FUNDAMENTAL_WORDS = frozenset({
    "bool", "char", "short", "int", "long", "float", "double", "void", "signed", "unsigned",
    "wchar_t", "char8_t", "char16_t", "char32_t", "__half", "__nv_bfloat16",
})

_KIND_WORDS: Mapping[str, str] = MappingProxyType({"bool": "b", "int": "i", "uint": "u", "float": "f", "complex": "c"})


def kind_words() -> tuple[str, ...]:
    return tuple(_KIND_WORDS)


def declared_dtype(name: str, cpp: str, header: Path | None, kind: str | None, bits: int | None,
                   like: str | None = None) -> DType:
    """A spec-declared dtype; `kind` is one of bool, int, uint, float, complex (or None); `like`
    a builtin dtype it promotes as (its kind and bits are then that builtin's).

    Raises ValueError when the name is a builtin or `like` is not one."""
    if name in BUILTIN_NAMES:
        raise ValueError(f"'{name}' is a builtin dtype")
    if like is not None:
        if like not in BUILTIN_NAMES:
            raise ValueError(f"like must name a builtin dtype ({', '.join(BUILTIN_NAMES)}), not {like!r}")
        builtin = next(d for d in _ALL if d.name == like)
        return DType(name, cpp, builtin.kind, builtin.bits, header, like)
    return DType(name, cpp, _KIND_WORDS[kind] if kind else None, bits, header)


@dataclass(frozen=True)
class DTypeTable:
    """The dtypes one spec may use: the builtins, then the ones it declares. Immutable;
    `declare` returns a new table."""

    declared: tuple[DType, ...] = ()
    by_name: Mapping[str, DType] = field(init=False, repr=False, compare=False)
    by_cpp: Mapping[str, str] = field(init=False, repr=False, compare=False)  # spelling -> first dtype

    def __post_init__(self) -> None:
        by_name = {d.name: d for d in _ALL}
        for dtype in self.declared:
            if dtype.name in BUILTIN_NAMES:
                raise ValueError(f"'{dtype.name}' is a builtin dtype")
            old = by_name.get(dtype.name)
            if old is not None and old != dtype:
                raise ValueError(f"dtype '{dtype.name}' is already declared differently (cpp {old.cpp!r})")
            by_name[dtype.name] = dtype
        by_cpp: dict[str, str] = {}
        for dtype in by_name.values():
            by_cpp.setdefault(dtype.cpp, dtype.name)
        object.__setattr__(self, "by_name", MappingProxyType(by_name))
        object.__setattr__(self, "by_cpp", MappingProxyType(by_cpp))

    def declare(self, name: str, cpp: str, header: Path | None, kind: str | None, bits: int | None,
                like: str | None = None) -> "DTypeTable":
        """This table with one more spec-declared dtype (see `declared_dtype`).

        Raises ValueError when the name is a builtin or this table declares it differently."""
        dtype = declared_dtype(name, cpp, header, kind, bits, like)
        if self.by_name.get(name) == dtype:
            return self
        return DTypeTable((*self.declared, dtype))

    # -- lookup ---------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.by_name)

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def get(self, name: str) -> DType | None:
        return self.by_name.get(name)

    def cpp(self, name: str) -> str:
        """The spelling of dtype `name` in a template-id."""
        return self.by_name[name].cpp

    def from_cpp(self, spelling: str) -> str | None:
        """The dtype a C++ spelling stands for ("float" -> float32), or None."""
        return self.by_cpp.get(spelling)

    def promotable(self, name: str) -> bool:
        return self.by_name[name].kind is not None

    def nearest(self, word: str, n: int = 3) -> list[str]:
        """The dtype names closest to a misspelt one (difflib), best first."""
        pool = list(self.by_name) + list(ALIASES)
        found = difflib.get_close_matches(word, pool, n=n, cutoff=0.4)
        if not found:
            found = difflib.get_close_matches(word.lower(), pool, n=n, cutoff=0.4)
        return list(dict.fromkeys(ALIASES.get(f, f) for f in found))

    # -- promotion ------------------------------------------------------------------------
    def promote(self, names: list[str] | tuple[str, ...]) -> str:
        """NumPy's result_type for any number of dtypes (see the module docstring)."""
        # NumPy promotes into the highest kind first (complex and floats, then integers): int8
        # and uint8 each fit float16, so (int8, uint8, float16) stays float16 instead of
        # passing through int16.
        for n in names:
            if self.by_name[n].kind is None:
                raise ValueError(f"dtype '{n}' declares no kind and bits, so it cannot be promoted")
        # A dtype declared `like` a builtin promotes as that builtin; where the result is that
        # builtin, it is the declared dtype (the first such input), so bfloat16-like with float32
        # is float32 and with itself or bfloat16 stays the declared type.
        stand_ins = {n: self.by_name[n].like for n in names if self.by_name[n].like}
        if stand_ins:
            result = self.promote([stand_ins.get(n, n) for n in names])
            return next((n for n, like in stand_ins.items() if like == result), result)
        kind_rank = {"c": 0, "f": 0, "i": 1, "u": 1, "b": 2}
        ordered = sorted(names, key=lambda n: kind_rank[self.by_name[n].kind])
        result = ordered[0]
        for name in ordered[1:]:
            result = _promote_any(self.by_name[result], self.by_name[name])
        return result

    def promote_pair(self, a: str, b: str) -> str:
        return self.promote((a, b))


# The builtin dtypes alone, and read-only views of them for callers that know no spec.
BUILTIN = DTypeTable()
DTYPES: Mapping[str, DType] = BUILTIN.by_name
DTYPE_NAMES: tuple[str, ...] = BUILTIN.names
CPP_TO_DTYPE: Mapping[str, str] = BUILTIN.by_cpp


def cpp_type(name: str) -> str:
    return BUILTIN.cpp(name)


def promotable(name: str) -> bool:
    return BUILTIN.promotable(name)


def nearest(word: str, n: int = 3) -> list[str]:
    return BUILTIN.nearest(word, n)


def promote(names: list[str] | tuple[str, ...]) -> str:
    return BUILTIN.promote(names)


def promote_pair(a: str, b: str) -> str:
    return BUILTIN.promote_pair(a, b)


# -- promotion --------------------------------------------------------------------------------
def _builtin(kind: str, bits: int) -> str:
    for d in _ALL:
        if d.kind == kind and d.bits == bits and d.name != "bfloat16":
            return d.name
    raise KeyError((kind, bits))


def _float_bits_for(integer: DType) -> int:
    # The float must hold every value of the integer exactly (NumPy's "safe" rule): 8-bit
    # integers fit float16's 11-bit significand, 16-bit ones float32, wider ones float64.
    return {8: 16, 16: 32}.get(integer.bits, 64)


def _promote_any(da: DType, db: DType) -> str:
    if da.name == db.name:
        return da.name
    if da.kind == "b":
        return db.name
    if db.kind == "b":
        return da.name
    rank = {"i": 0, "u": 0, "f": 1, "c": 2}
    if rank[da.kind] < rank[db.kind]:
        da, db = db, da  # da is the higher kind
    if da.kind in "iu":  # two integers
        if da.kind == db.kind:
            if da.bits == db.bits:
                return da.name if da.name in BUILTIN_NAMES else db.name
            return da.name if da.bits > db.bits else db.name
        signed, unsigned = (da, db) if da.kind == "i" else (db, da)
        if signed.bits > unsigned.bits:
            return signed.name
        return "float64" if unsigned.bits >= 64 else _builtin("i", 2 * unsigned.bits)
    if da.kind == "f":
        if db.kind == "f":
            if da.bits == db.bits:  # float16 with bfloat16: neither holds the other
                return _builtin("f", 2 * da.bits)
            return da.name if da.bits > db.bits else db.name
        needed = _float_bits_for(db)
        return da.name if da.bits >= needed else _builtin("f", needed)
    # da is complex: its components must hold the other side
    component = da.bits // 2
    if db.kind == "c":
        if da.bits == db.bits:
            return da.name if da.name in BUILTIN_NAMES else db.name
        return da.name if da.bits > db.bits else db.name
    needed = db.bits if db.kind == "f" else max(_float_bits_for(db), 32)
    needed = max(needed, 32)
    return da.name if component >= needed else _builtin("c", 2 * needed)


# -- a spec's [dtypes] and [typesets] tables, and the words its axes may hold ---------------------

def load_typesets(path: Path, raw: object, table: DTypeTable) -> dict[str, list[str]]:
    if not isinstance(raw, dict):
        raise spec_error(path, None, "typesets", "must be a table of name = [dtype, ...]")
    typesets: dict[str, list[str]] = {}
    for name, members in raw.items():
        key = f"typesets.{name}"
        if not isinstance(members, list) or not members:
            raise spec_error(path, None, key, "must be a non-empty list of dtype names")
        for member in members:
            if isinstance(member, str) and member in ALIASES:
                member = ALIASES[member]
            if not isinstance(member, str) or member not in table:
                raise spec_error(path, None, key, unknown_dtype(member, table))
        if len(set(members)) != len(members):
            dup = next(m for m in members if members.count(m) > 1)
            raise spec_error(path, None, key, f"dtype {dup!r} listed twice")
        typesets[name] = [ALIASES.get(m, m) for m in members]
    return typesets


_DTYPE_KEYS = frozenset({"cpp", "header", "kind", "bits", "like"})


def unknown_dtype(word: object, table: DTypeTable) -> str:
    near = table.nearest(word) if isinstance(word, str) else []
    hint = f"did you mean {' or '.join(near)}?" if near else f"dtypes are {', '.join(table.names)}"
    return f"unknown dtype {word!r}; {hint} (write cpp:NAME for a C++ type that is not a dtype)"


def load_dtypes(path: Path, raw: object) -> DTypeTable:
    """[dtypes.NAME] tables: a spec's own dtypes (cpp spelling, header, kind and bits), in a
    table of its own (the builtins and these; another spec never sees them)."""
    own = BUILTIN
    if not isinstance(raw, dict):
        raise spec_error(path, None, "dtypes", "must be a table of [dtypes.NAME] tables")
    for name, table in raw.items():
        key = f"dtypes.{name}"
        if not IDENTIFIER.match(name):
            raise spec_error(path, None, key, "a dtype name is a plain identifier")
        if name in BUILTIN_NAMES:
            raise spec_error(path, None, key, f"'{name}' is a builtin dtype; pick another name")
        if not isinstance(table, dict):
            raise spec_error(path, None, key, 'must be a table: cpp = "...", optional header, kind and bits')
        for k in table:
            if k not in _DTYPE_KEYS:
                raise spec_error(path, None, f"{key}.{k}", f"unknown key; dtype keys are {', '.join(sorted(_DTYPE_KEYS))}")
        cpp = table.get("cpp")
        if not isinstance(cpp, str) or not cpp.strip():
            raise spec_error(path, None, f"{key}.cpp", "every dtype needs its C++ spelling, cpp = \"...\"")
        header = table.get("header")
        if header is not None:
            if not isinstance(header, str) or not header:
                raise spec_error(path, None, f"{key}.header", "must be a path relative to the spec file")
            header = (path.parent / header).resolve()
            problem = header_problem(table["header"], header)
            if problem:
                raise spec_error(path, None, f"{key}.header", problem)
        kind, bits, like = table.get("kind"), table.get("bits"), table.get("like")
        if like is not None:
            if kind is not None or bits is not None:
                raise spec_error(path, None, key, "like takes the place of kind and bits: give one or the other")
            if like not in BUILTIN_NAMES:
                raise spec_error(path, None, f"{key}.like", f"must name a builtin dtype ({', '.join(BUILTIN_NAMES)}), "
                                                            f"not {like!r}")
        if (kind is None) != (bits is None):
            raise spec_error(path, None, key, "kind and bits go together (both, for promotion, or neither)")
        if kind is not None and kind not in kind_words():
            raise spec_error(path, None, f"{key}.kind", f"must be one of {', '.join(kind_words())}, not {kind!r}")
        if bits is not None and (isinstance(bits, bool) or bits not in (8, 16, 32, 64, 128)):
            raise spec_error(path, None, f"{key}.bits", f"must be 8, 16, 32, 64 or 128, not {bits!r}")
        try:
            own = own.declare(name, " ".join(cpp.split()), header, kind, bits, like)
        except ValueError as exc:
            raise spec_error(path, None, key, str(exc)) from None
    return own


def axis_value(text: str, table: DTypeTable) -> str:
    """A string axis value as kfoot keeps it: a dtype name, or a C++ spelling taken verbatim.

    `cpp:TEXT` is always verbatim; a fixed-width name (int64_t) is its dtype; any other bare
    word must be a dtype or a fundamental type, so a typo (flaot16) is caught here, not by nvcc.
    Raises ValueError with the message.
    """
    if text.startswith("cpp:"):
        verbatim = text[4:].strip()
        if not verbatim:
            raise ValueError("cpp: needs a C++ type or value after it")
        return verbatim
    if text in table:
        return text
    if text in ALIASES:
        return ALIASES[text]
    if IDENTIFIER.match(text) and text not in FUNDAMENTAL_WORDS:
        raise ValueError(unknown_dtype(text, table))
    return text
