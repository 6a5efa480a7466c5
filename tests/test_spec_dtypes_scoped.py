"""Spec-declared dtypes belong to the spec that declares them: two specs loaded in one process
never see each other's [dtypes.NAME], and kfoot.variants.dtypes holds no state a load can change.

Oracles: the generated shard source (the text nvcc compiles, read back as text), the template
arguments a variant spells, and the module's own attributes (what a load could mutate).
"""

from __future__ import annotations

import hashlib
import textwrap
import types

import pytest

from kfoot.compile.sources import Shard, render
from kfoot.variants import dtypes
from kfoot.variants.loader import SpecError, load_spec
from kfoot.variants.enumerate import enumerate_spec


def _spec(folder, values: str, declared: str = "", promote: bool = False):
    """A one-family spec in `folder`; `declared` is the cpp of a [dtypes.mytype] with its own header."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "k.cuh").write_text("// nothing\n")
    extra = ""
    if declared:
        (folder / "mytype.cuh").write_text(f"// defines {declared}\n")
        extra = f'[dtypes.mytype]\ncpp = "{declared}"\nheader = "mytype.cuh"\nkind = "float"\nbits = 32\n'
    params = '["T", "U"]' if promote else '["T"]'
    derived = 'U = { promote = ["T"] }\n' if promote else ""
    path = folder / "s.toml"
    path.write_text(extra + textwrap.dedent(f"""
        [[family]]
        name = "k"
        header = "k.cuh"
        kernel = "ns::k"
        params = {params}
        [family.axes]
        T = {values}
        """) + derived)
    return path


def test_two_specs_may_declare_one_name_differently_and_each_keeps_its_own(tmp_path):
    a = load_spec(_spec(tmp_path / "a", '["mytype", "float32"]', declared="a::T"))
    b = load_spec(_spec(tmp_path / "b", '["mytype", "float32"]', declared="b::T"))
    # Enumerated after both loads: each spec spells the name as it declared it.
    assert [v.args for v in enumerate_spec(a)] == [("a::T",), ("float",)]
    assert [v.args for v in enumerate_spec(b)] == [("b::T",), ("float",)]
    # And each shard includes its own spec's header, not the other one's (through the link
    # build/inc/<first 16 hex digits of the sha256 of the folder's path> the AOT build makes).
    for spec, folder in ((a, tmp_path / "a"), (b, tmp_path / "b")):
        text, _ = render(Shard("s", enumerate_spec(spec)), spec.dtypes)
        includes = [line for line in text.splitlines() if "mytype.cuh" in line]
        digest = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
        assert includes == [f'#include "../inc/{digest}/mytype.cuh"'], includes


def test_a_dtype_declared_by_one_spec_is_unknown_to_another(tmp_path):
    load_spec(_spec(tmp_path / "a", '["mytype"]', declared="a::T"))
    with pytest.raises(SpecError, match=r"key 'axes.T': unknown dtype 'mytype'"):
        load_spec(_spec(tmp_path / "b", '["mytype"]'))
    # Nor does it leak into the builtin table, or into another spec's typesets.
    assert "mytype" not in dtypes.DTYPES and "mytype" not in dtypes.DTYPE_NAMES
    with pytest.raises(SpecError, match="unknown dtype 'mytype'"):
        load_spec(_typeset_spec(tmp_path / "c"))  # a typeset naming it


def _typeset_spec(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "k.cuh").write_text("// nothing\n")
    path = folder / "s.toml"
    path.write_text('[typesets]\nt = ["float32", "mytype"]\n[[family]]\nname = "k"\nheader = "k.cuh"\n'
                    'kernel = "ns::k"\nparams = ["T"]\n[family.axes]\nT = "t"\n')
    return path


def test_a_declared_dtype_promotes_within_its_spec(tmp_path):
    spec = load_spec(_spec(tmp_path / "a", '["mytype", "int8"]', declared="a::T", promote=True))
    assert [v.args for v in enumerate_spec(spec)] == [("a::T", "a::T"), ("signed char", "signed char")]
    assert spec.dtypes.promote(["mytype", "float64"]) == "float64"
    with pytest.raises(KeyError):
        dtypes.promote(["mytype", "float64"])  # the builtin table never learnt it


def test_the_dtypes_module_holds_no_mutable_state():
    for name, value in vars(dtypes).items():
        if name.startswith("__") or isinstance(value, (types.ModuleType, types.FunctionType, type)):
            continue
        assert not isinstance(value, (dict, list, set, bytearray)), f"dtypes.{name} is a mutable {type(value).__name__}"
    with pytest.raises(TypeError):
        dtypes.DTYPES["x"] = dtypes.DTYPES["float32"]  # type: ignore[index]
    with pytest.raises(TypeError):
        dtypes.CPP_TO_DTYPE["x"] = "float32"  # type: ignore[index]
    assert not hasattr(dtypes, "declare")
