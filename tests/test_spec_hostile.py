"""Hostile specs that need no compiler: what a spec may ask of nvcc (an allow-list, refused before
any process starts), and specs built to exhaust time, memory or the stack (a 10^12-variant cross
product, long chains of derived axes, deeply nested TOML). Each is refused in one line or
finishes at once; none is a traceback (issue 29, items 1, 2 and 12).

Oracles: the file system (a program a flag would run leaves a file behind), hand-written
expectations of the variants (promotion of a dtype with itself is that dtype), the error
contract (tests/oracles/errors.py)."""

from __future__ import annotations

import stat
import time
from pathlib import Path

import pytest

from oracles.cli import run_kfoot
from oracles.errors import assert_error

HEADER = "#pragma once\ntemplate <typename T> __global__ void k(T* p) { p[0] = T(1); }\n"
FAMILY = '[[family]]\nname = "k"\nheader = "k.cuh"\nkernel = "k"\nparams = ["T"]\n[family.axes]\nT = ["float32"]\n'


def write_spec(folder: Path, text: str, header: str = HEADER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "k.cuh").write_text(header)
    spec = folder / "s.toml"
    spec.write_text(text)
    return spec


def script(path: Path, sentinel: Path) -> Path:
    """An executable that leaves `sentinel` behind if anything ever runs it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\ntouch {sentinel}\nexec \"$@\"\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


# -- item 2: nvcc flags from a spec pass an allow-list, before anything runs ---------------------------


def hostile_flags(tmp: Path) -> list[tuple[str, str]]:
    """(flag, what it would do): each reads or writes files or runs a program."""
    sentinel = tmp / "RAN"
    ccbin = tmp / "bin"
    script(ccbin / "gcc", sentinel)
    script(ccbin / "g++", sentinel)
    wrapper = script(tmp / "wrap", sentinel)
    (tmp / "secret").write_text("SECRETTOKEN_29 more\n")
    (tmp / "keep").mkdir()
    return [
        (f"-ccbin={ccbin}", "runs the host compiler from a folder the spec names"),
        (f"--compiler-bindir={ccbin}", "the same, spelt long"),
        (f"-Xcompiler=-wrapper,{wrapper}", "runs a program around the host compiler"),
        (f"--compiler-options=-wrapper,{wrapper}", "the same, spelt long"),
        (f"--keep-dir={tmp / 'keep'}", "writes intermediate files outside -o"),
        ("--keep", "writes intermediate files"),
        (f"--options-file={tmp / 'secret'}", "reads a file (its first word reached kfoot's error line)"),
        (f"-optf={tmp / 'secret'}", "the same, spelt short"),
        (f"--output-directory={tmp / 'keep'}", "writes outside -o"),
        ("-o", "names the output"),
        (f"-I{tmp}", "reads headers from a folder that is not an include_dir"),
        (f"--pre-include={tmp / 'secret'}", "reads a file"),
        (f"-Xcompiler=-DW=$(touch {sentinel})", "a host macro through nvcc's shell"),
        (f"-Xcompiler=-fplugin={tmp / 'plugin.so'}", "loads a plugin into the host compiler"),
        (f"-Xptxas=-v;touch {sentinel}", "a shell command after a ptxas option"),
        ("-Xptxas", "an option whose value is the next item: unknowable to the allow-list"),
        ("--run", "runs the program built"),
    ]


@pytest.mark.parametrize("index", range(17))
@pytest.mark.parametrize("key", ["nvcc_flags", "flags"])
def test_an_nvcc_flag_that_reads_writes_or_runs_is_refused_before_anything_runs(tmp_path, index, key):
    flags = hostile_flags(tmp_path)
    assert len(flags) == 17
    flag, _what = flags[index]
    spec = write_spec(tmp_path / "lib", f"[build]\n{key} = ['{flag}']\n" + FAMILY)
    out = tmp_path / "out"
    message = assert_error(run_kfoot("build", spec, "--mode", "aot", "-o", out, "--arch", "sm_90", "--no-progress",
                                     check_rc=None), f"key 'build.{key}'", "allow_nvcc_flags")
    assert repr(flag) in message or flag in message
    assert "SECRETTOKEN_29" not in message
    assert not (tmp_path / "RAN").exists(), "the pre-check ran what it checks"
    assert not out.exists()
    assert list((tmp_path / "keep").iterdir()) == []


def test_a_hybrid_build_refuses_such_a_flag_before_its_folder_exists(tmp_path):
    ccbin = tmp_path / "bin"
    script(ccbin / "g++", tmp_path / "RAN")
    spec = write_spec(tmp_path / "lib", f"[build]\nnvcc_flags = ['-ccbin={ccbin}']\n" + FAMILY)
    trace = tmp_path / "trace.jsonl"
    trace.write_text('{"template_id": "k<float>"}\n')
    out = tmp_path / "out"
    assert_error(run_kfoot("build", spec, "--mode", "hybrid", "--hot", trace, "-o", out, "--arch", "sm_90",
                           "--no-progress", check_rc=None), "key 'build.nvcc_flags'", "allow_nvcc_flags")
    assert not out.exists() and not (tmp_path / "RAN").exists()


def test_a_flag_allowed_by_the_spec_but_holding_shell_characters_is_still_refused(tmp_path):
    flag = f"-ccbin=$(touch {tmp_path / 'RAN'})"
    spec = write_spec(tmp_path / "lib", f"[build]\nnvcc_flags = ['{flag}']\nallow_nvcc_flags = ['{flag}']\n" + FAMILY)
    assert_error(run_kfoot("build", spec, "-o", tmp_path / "out", "--arch", "sm_90", "--no-progress", check_rc=None),
                 "key 'build.nvcc_flags'", "shell")
    assert not (tmp_path / "RAN").exists() and not (tmp_path / "out").exists()


def test_allow_nvcc_flags_naming_a_flag_no_family_passes_is_one_line(tmp_path):
    spec = write_spec(tmp_path / "lib", "[build]\nallow_nvcc_flags = ['-ccbin=/usr/bin/g++']\n" + FAMILY)
    assert_error(run_kfoot("enumerate", spec, check_rc=None), "key 'build.allow_nvcc_flags'", "-ccbin=/usr/bin/g++")


@pytest.mark.parametrize("value, words", [
    ('"a\\nb"', "newline"),
    ('"a\\rb"', "newline"),
    ('"a\\u0000b"', "newline"),
    ('"ends in a backslash\\\\"', "backslash"),
    ('"opens /* a comment"', "comment"),
])
def test_a_define_value_no_source_line_can_hold_is_one_line(tmp_path, value, words):
    spec = write_spec(tmp_path / "lib", f"[build]\ndefines = {{ X = {value} }}\n" + FAMILY)
    assert_error(run_kfoot("enumerate", spec, check_rc=None), "key 'build.defines.X'", words)


# -- item 12: specs that would exhaust memory, time or the stack ----------------------------------------------


def test_a_spec_of_a_trillion_variants_is_refused_before_it_is_enumerated(tmp_path):
    from kfoot.variants.loader import MAX_VARIANTS

    axes = "\n".join(f"a{i} = [{', '.join(str(j) for j in range(10))}]" for i in range(12))
    params = ", ".join(f'"a{i}"' for i in range(12))
    spec = write_spec(tmp_path / "lib", f'[[family]]\nname = "big"\nheader = "k.cuh"\nkernel = "k"\n'
                                         f"params = [{params}]\n[family.axes]\n{axes}\n")
    for args in (["enumerate", spec], ["enumerate", spec, "--list"], ["enumerate", spec, "--explain"],
                 ["build", spec, "--mode", "rtc", "-o", tmp_path / "out", "--no-progress"]):
        started = time.monotonic()
        message = assert_error(run_kfoot(*args, check_rc=None, timeout=120), "family 'big'", "1,000,000,000,000")
        assert f"{MAX_VARIANTS:,}" in message.replace("1,000,000,000,000", "")  # the bound, named
        assert time.monotonic() - started < 60
    assert not (tmp_path / "out").exists()


def test_a_chain_of_forty_promote_axes_enumerates_at_once(tmp_path):
    n = 40
    params = ["x"] + [f"p{i}" for i in range(1, n)]
    derived = ['p1 = { promote = ["x", "x"] }'] + [f'p{i} = {{ promote = ["p{i - 1}", "p{i - 1}"] }}'
                                                    for i in range(2, n)]
    spec = write_spec(tmp_path / "lib", '[[family]]\nname = "chain"\nheader = "k.cuh"\nkernel = "k"\n'
                      f"params = [{', '.join(repr(p) for p in params)}]\n".replace("'", '"')
                      + '[family.axes]\nx = ["float32", "int8", "int32"]\n' + "\n".join(derived) + "\n")
    started = time.monotonic()
    listed = run_kfoot("enumerate", spec, "--list", timeout=120).stdout.splitlines()
    explained = run_kfoot("enumerate", spec, "--explain", timeout=120)
    assert time.monotonic() - started < 30
    # A dtype promoted with itself is that dtype: every axis of the chain equals x.
    expected = [f"k<{', '.join([cpp] * n)}>" for cpp in ("float", "signed char", "int")]
    assert listed == expected
    assert "chain" in explained.stdout


def test_a_chain_of_1500_same_axes_is_no_recursion_error(tmp_path):
    n = 1500
    params = ", ".join(f'"s{i}"' for i in range(n))
    derived = "\n".join(f's{i} = {{ same = "s{i - 1}" }}' for i in range(1, n))
    spec = write_spec(tmp_path / "lib", '[[family]]\nname = "same"\nheader = "k.cuh"\nkernel = "k"\n'
                                         f'params = [{params}]\n[family.axes]\ns0 = ["float32"]\n{derived}\n')
    listed = run_kfoot("enumerate", spec, "--list", timeout=120).stdout.splitlines()
    assert listed == [f"k<{', '.join(['float'] * n)}>"]
    run_kfoot("enumerate", spec, "--explain", timeout=120)


def test_a_cycle_in_a_long_chain_of_derived_axes_is_one_line(tmp_path):
    n = 1500
    params = ", ".join(f'"s{i}"' for i in range(n))
    derived = "\n".join(f's{i} = {{ same = "s{(i + 1) % n}" }}' for i in range(n))
    spec = write_spec(tmp_path / "lib", '[[family]]\nname = "loop"\nheader = "k.cuh"\nkernel = "k"\n'
                                         f'params = [{params}]\n[family.axes]\n{derived}\n')
    assert_error(run_kfoot("enumerate", spec, check_rc=None, timeout=120), "family 'loop'", "depends on itself")


@pytest.mark.parametrize("text", ["x = " + "[" * 100_000 + "]" * 100_000,
                                  "x = " + "{a = " * 100_000 + "1" + "}" * 100_000])
def test_deeply_nested_toml_is_one_line(tmp_path, text):
    spec = write_spec(tmp_path / "lib", text + "\n")
    assert_error(run_kfoot("enumerate", spec, check_rc=None), str(spec), "nested")


def test_the_variant_bound_is_stated_in_the_security_doc():
    from kfoot.variants.loader import MAX_VARIANTS

    doc = (Path(__file__).resolve().parents[1] / "docs" / "security.md").read_text()
    assert f"| {MAX_VARIANTS:,} | `kfoot.variants.loader.MAX_VARIANTS` |" in doc
