"""docs/spec.md and docs/ci.md held to the code: the dtype table, shard and merge facts, the
symbols each shard exports, promotion, the example spec (it loads), the budget examples (they
load) and the gate example (against the committed baseline and budget)."""

from __future__ import annotations

import json
import re
import subprocess

from docs_support import DOC_TEXT, first_code, kfoot_json, number, phrase, section, table_rows
from oracles.cli import REPO


def test_spec_doc_facts():
    from kfoot.compile import aot, fatbin_merge
    from kfoot.compile.manifest import SCHEMA
    from kfoot.variants.dtypes import BUILTIN_NAMES, DTYPES

    spec = DOC_TEXT["docs/spec.md"]
    line = next(p for p in spec.split("\n- ") if p.startswith("dtypes and their C++ spelling"))
    pairs = dict(re.findall(r"`(\w+)` `([^`]+)`", " ".join(line.split())))
    assert pairs == {name: d.cpp for name, d in DTYPES.items() if name in BUILTIN_NAMES}
    phrase("docs/spec.md", f"(else {aot.DEFAULT_SHARD_SIZE}; --shard-size wins)")
    phrase("docs/spec.md", f"({fatbin_merge.ALIGN}-byte aligned, in shard order)")
    phrase("docs/spec.md", f"schema `{SCHEMA}`")


def test_the_shard_tables_are_exported_as_the_spec_doc_says(demo_aot):
    """docs/spec.md: each shard exports `kfoot_shard_<name>` and `kfoot_shard_<name>_count`, read
    here from the library's dynamic symbols with pyelftools."""
    from elftools.elf.elffile import ELFFile

    phrase("docs/spec.md", "each shard exports `kfoot_shard_<name>` (host stubs in manifest order, usable with "
                           "`cudaLaunchKernel`) and `kfoot_shard_<name>_count`")
    with open(demo_aot.library, "rb") as handle:
        exported = {s.name for s in ELFFile(handle).get_section_by_name(".dynsym").iter_symbols()
                    if s["st_shndx"] != "SHN_UNDEF"}
    shards = [s["name"] for s in json.loads((demo_aot.out_dir / "manifest.json").read_text())["shards"]]
    assert shards and {f"kfoot_shard_{n}{end}" for n in shards for end in ("", "_count")} <= exported, sorted(exported)


def test_promotion_rules_in_the_spec_doc():
    from kfoot.variants.dtypes import promote_pair

    phrase("docs/spec.md", "bfloat16 promotes like float16 except that float16 with bfloat16 gives float32")
    assert promote_pair("float16", "bfloat16") == "float32"
    assert promote_pair("bfloat16", "int32") == promote_pair("float16", "int32")
    phrase("docs/spec.md", "bfloat16 with a complex dtype is float16's result")
    assert promote_pair("bfloat16", "complex64") == promote_pair("float16", "complex64") == "complex64"


def test_spec_doc_example_is_a_valid_spec(tmp_path):
    from kfoot.variants.loader import load_spec
    from kfoot.variants.enumerate import enumerate_spec

    block = next(b for b in DOC_TEXT["docs/spec.md"].split("```toml\n")[1:]).split("```")[0]
    for header in (REPO / "kfoot" / "bundled").glob("*.cuh"):
        (tmp_path / header.name).write_bytes(header.read_bytes())
    (tmp_path / "spec.toml").write_text(block)
    spec = load_spec(tmp_path / "spec.toml")
    variants = enumerate_spec(spec)
    assert variants and {v.family for v in variants} == {"binary"}
    assert all(not (dict(v.values)["op"] == "kfoot::op::Mul" and dict(v.values)["rhs"] == "float64") for v in variants)


# ----------------------------------------------------------------------------------- docs/ci.md
def test_budget_examples_in_ci_doc_load(tmp_path):
    from kfoot.gate.budget import Limit, load_budget_file, parse_limit

    blocks = DOC_TEXT["docs/ci.md"].split("```toml\n")[1:]
    assert len(blocks) >= 2
    for i, block in enumerate(blocks):
        path = tmp_path / f"budget{i}.toml"
        path.write_text(block.split("```")[0])
        budget = load_budget_file(path)
        if "[families." in block:
            assert budget.families
    row = next(r for r in table_rows(section(DOC_TEXT["docs/ci.md"], "Budgets")) if r[1] == "`max-size-growth`")
    binary, decimal = row[2].split("(1024-based)")
    for size in re.findall(r"`([^`]+)`", binary):
        assert parse_limit(size, "x", sizes=True).amount % 1024 == 0, size
    for size in re.findall(r"`([^`]+)`", decimal.split("(1000-based)")[0]):
        assert parse_limit(size, "x", sizes=True).amount % 1000 == 0, size
    assert parse_limit("2.5%", "x", sizes=True).percent
    from kfoot.gate.budget import Budget

    defaults = {first_code(r[1]): r[3] for r in table_rows(section(DOC_TEXT["docs/ci.md"], "Budgets")) if len(r) == 4}
    assert defaults["max-kernel-growth"] == defaults["max-size-growth"] == "`0`"
    assert Budget().kernels.allowed(10**6) == Budget().size.allowed(10**6) == 0
    match = re.search(r"(\d+)% of (\d+) kernels allows (\d+)", DOC_TEXT["docs/ci.md"])
    assert match and Limit(float(match.group(1)), percent=True).allowed(int(match.group(2))) == int(match.group(3))


def test_gate_example_is_against_the_committed_baseline_and_budget():
    verdict = kfoot_json("gate", "--budget", "ci/kfoot-budget.toml", "ci/demo-baseline.json", "--json")
    checks = {c["metric"]: c for c in verdict["checks"] if c["scope"] == "library"}
    assert set(checks) == {"kernels", "image_bytes"} and verdict["size_metric"] == "image_bytes"
    text = section(DOC_TEXT["docs/ci.md"], "This project gates itself")
    example = text.split("```")[3]
    kernels = re.search(r"│ kernels \(whole library\)\s+│\s+([\d,]+) │\s+([\d,]+) │", example)
    size = re.search(r"│ image bytes \(whole library\)\s+│\s+([\d,]+) │\s+([\d,]+) │\s+\+([\d,]+) .*│\s+\+([\d,]+) \((\S+)\)", example)
    assert kernels and size, "docs/ci.md's gate example lost its budget table"
    assert number(kernels.group(1)) == checks["kernels"]["base"]
    assert number(size.group(1)) == checks["image_bytes"]["base"]
    assert number(size.group(4)) == checks["image_bytes"]["allowed"]
    assert f"device image bytes, uncompressed +{size.group(3)} " in example
    family = re.search(r"│ kfoot::reduce_kernel │\s+\d+ │\s+\+\d+ │\s+\+([\d,]+) │", example)
    assert re.search(r"┃ family\s+┃ kernels ┃ change ┃ code bytes change ┃", example)
    phrase("docs/ci.md", f"add {family.group(1)} code bytes to their family and {size.group(3)} to the uncompressed "
                         "device images")


def test_the_ci_doc_installs_kfoot_as_pip_can(tmp_path):
    """docs/ci.md's workflow installs kfoot from a checkout of its repository (no index has a kfoot
    package): its exact `pip install` line, run by pip itself (--dry-run) from a folder whose
    `.kfoot` is this checkout, resolves to kfoot at pyproject's version with the extra it names;
    the git and wheel forms the doc offers name the same package, extra and version."""
    import shlex
    import sys
    import tomllib

    from packaging.requirements import Requirement

    text = DOC_TEXT["docs/ci.md"]
    assert "pip install 'kfoot[cuda]'" not in text
    (line,) = re.findall(r"^\s+run: (pip install .*)$", text, flags=re.M)
    argv = shlex.split(line)
    assert argv[:2] == ["pip", "install"] and len(argv) == 3, line
    assert re.search(r"path: \.kfoot$", text, flags=re.M) and argv[2].startswith("./.kfoot[")
    (tmp_path / ".kfoot").symlink_to(REPO)
    report = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--quiet",
                           "--report", str(report), argv[2]], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (install,) = json.loads(report.read_text())["install"]
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert (install["metadata"]["name"], install["metadata"]["version"]) == ("kfoot", project["version"])
    assert install["requested_extras"] == ["cuda"] and "cuda" in install["metadata"]["provides_extra"]
    git = Requirement(re.search(r"`pip install '(kfoot\[cuda\] @ git\+[^']+)'`", text).group(1))
    assert (git.name, git.extras) == ("kfoot", {"cuda"}) and git.url.endswith(f"@v{project['version']}")
    assert re.search(rf"^\s+ref: v{re.escape(project['version'])}\s", text, flags=re.M)
    wheel = re.search(r"`pip install '\./dist/(kfoot-[^']+\.whl)\[cuda\]'`", text).group(1)
    assert wheel == f"kfoot-{project['version']}-py3-none-any.whl"
