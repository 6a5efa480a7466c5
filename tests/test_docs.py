"""The docs cannot drift silently: README.md and docs/*.md held to what the current kfoot does.

- Every marked example (`<!-- docs-example -->`, `<!-- docs-file: PATH -->`) is run and compared
  with what kfoot prints now, by scripts/docs_examples.py (`check` runs the same; `update`
  rewrites the examples when an output changes on purpose).
- Paths, links and anchors, CLI options, environment variables, schema names and test names the
  docs mention exist in the repository and the code.
- The formats documented field by field (registry.json, cache entries, the usage trace, the
  memory estimate) are compared both ways with files the code writes now.
- Figures: what kfoot computes deterministically is recomputed here (cheap ones always; those of
  the demo AOT build when the session builds it anyway, with the nvcc release the docs name);
  measurements must come from a script the doc names, and the README quotes benchmarks.md.

Runs in a few seconds: no nvcc of its own, one NVRTC compile (the runtime.md example).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import inspect
import json
import re
import sys
from pathlib import Path

import pytest

from oracles.cli import REPO, run_kfoot  # noqa: E402
sys.path.insert(0, str(REPO / "scripts"))
import docs_examples as dx  # noqa: E402

DOC_PATHS = dx.documents()
DOC_TEXT = {p.relative_to(REPO).as_posix(): p.read_text() for p in DOC_PATHS}
README = DOC_TEXT["README.md"]

# The toolchain and library releases the docs' build-dependent figures were made with.
DOCS_NVCC = "13.5.37"
DOCS_CURAND = "10.4.5.25"


def kfoot_json(*args) -> dict:
    return json.loads(run_kfoot(*args).stdout)


def section(text: str, heading: str) -> str:
    """The text under a Markdown heading, up to the next heading of the same or a higher level."""
    match = re.search(rf"^(#+) {re.escape(heading)}\s*$", text, re.MULTILINE)
    assert match, f"heading {heading!r} not found: the test reads that section"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def table_rows(text: str) -> list[list[str]]:
    """Cells of every Markdown table row in `text` (separator rows left out)."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|") and line.endswith("|") and not re.fullmatch(r"\|[-:| ]+\|", line):
            rows.append([cell.strip() for cell in line[1:-1].split("|")])
    return rows


def first_code(cell: str) -> str | None:
    match = re.match(r"`([^`]+)`", cell)
    return match.group(1) if match else None


def number(text: str) -> int:
    return int(text.replace(",", ""))


def require_distribution(name: str, version: str | None = None) -> None:
    try:
        found = importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        pytest.skip(f"{name} is not installed")
    if version and found != version:
        pytest.skip(f"{name} {found} is installed; the docs' figures were made with {version}")


@pytest.fixture(scope="module")
def curand_library() -> Path:
    """libcurand from the nvidia-curand wheel (the dev extra), as the docs' examples find it."""
    path = dx.curand_library()
    if path is None:
        pytest.skip("nvidia-curand wheel is not installed")
    return path


def phrase(doc: str, text: str) -> None:
    """A claim this test checks must still be in the doc, word for word (else update both)."""
    assert text in " ".join(DOC_TEXT[doc].split()), f"{doc} no longer says {text!r}: update the doc and this test"


# -------------------------------------------------------------------------------- examples
_RUNS: dict[str, tuple[list, Path]] = {}


def run_examples(doc: str, tmp_path_factory) -> tuple[list, Path]:
    """Each document's examples run once per session, in order, in one scratch folder."""
    if doc not in _RUNS:
        scratch = tmp_path_factory.mktemp("docs-" + Path(doc).stem)
        _RUNS[doc] = (dx.check_document(REPO / doc, scratch), scratch)
    return _RUNS[doc]


EXAMPLES = [(doc, i) for doc in DOC_TEXT for i, _ in enumerate(dx.find_blocks(REPO / doc))]


@pytest.mark.parametrize("doc,index", EXAMPLES, ids=[f"{d}#{i}" for d, i in EXAMPLES])
def test_marked_example_prints_what_the_doc_shows(doc, index, tmp_path_factory):
    outcome = run_examples(doc, tmp_path_factory)[0][index]
    if outcome.status == "skip":
        pytest.skip(outcome.message)
    assert outcome.status == "ok", outcome.message + "\n(scripts/docs_examples.py update rewrites full examples)"


def test_the_docs_that_need_examples_have_them():
    kinds = {doc: [b.kind for b in dx.find_blocks(REPO / doc)] for doc in DOC_TEXT}
    assert "file" in kinds["docs/ci.md"], "docs/ci.md must show ci/kfoot-budget.toml as a docs-file block"
    for doc in ("README.md", "docs/spec.md", "docs/runtime.md"):
        assert "example" in kinds[doc], f"{doc} lost its checked examples"


@pytest.fixture(scope="module")
def runtime_scratch(tmp_path_factory) -> Path:
    """The scratch folder of docs/runtime.md's examples: the demo registry (kfoot-rtc), the disk
    cache (kfoot-cache) with one NVRTC-compiled kernel, and the usage trace (kfoot-trace.jsonl)."""
    outcomes, scratch = run_examples("docs/runtime.md", tmp_path_factory)
    bad = [o.message for o in outcomes if o.status != "ok"]
    if any(o.status == "fail" for o in outcomes):
        pytest.fail("docs/runtime.md's examples failed:\n" + "\n".join(bad))
    if bad:
        pytest.skip("; ".join(bad))
    return scratch


# -------------------------------------------------------------------------------- mentions
_SPAN = re.compile(r"`([^`\n]+)`")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_REPO_PATH = re.compile(r"(?<![\w./-])((?:kfoot|scripts|tests|docs|ci)/[\w./-]*[\w/])")
# Paths of *your* repository in docs/ci.md's how-to, not of this one.
ILLUSTRATIVE_PATHS = {"ci/footprint.json", "ci/footprint.sh"}
# `#include <kfoot/runtime.hpp>`: the header as a C++ program names it, below kfoot/include/.
INCLUDE_NAMES = {"kfoot/runtime.hpp": "kfoot/include/kfoot/runtime.hpp"}


def _slug(heading: str) -> str:
    text = re.sub(r"[`*]", "", heading).strip().lower()
    return re.sub(r"\s", "-", re.sub(r"[^\w\s-]", "", text))


def test_paths_and_links_in_the_docs_exist():
    missing = []
    for doc, text in DOC_TEXT.items():
        for path in set(_REPO_PATH.findall(text)):
            path = INCLUDE_NAMES.get(path.rstrip("."), path.rstrip("."))
            if path not in ILLUSTRATIVE_PATHS and not (REPO / path).exists():
                missing.append(f"{doc}: {path}")
        for target in _LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            resolved = (REPO / doc).parent / file if file else REPO / doc
            if not resolved.exists():
                missing.append(f"{doc}: link to {target}")
            elif anchor:
                headings = re.findall(r"^#+ (.+)$", resolved.read_text(), re.MULTILINE)
                if anchor not in {_slug(h) for h in headings}:
                    missing.append(f"{doc}: link to {target} (no such heading)")
    assert not missing, "the docs mention what does not exist:\n" + "\n".join(sorted(missing))


def test_bundled_specs_are_named_by_their_package_path():
    for doc, text in DOC_TEXT.items():
        stale = re.findall(r"(?<![\w/.-])bundled/(?:demo|kernels)\.toml", text)
        assert not stale, f"{doc}: the bundled specs are package data now: kfoot/bundled/..., not {stale[0]}"


def _test_names() -> set[str]:
    names = set()
    for path in (REPO / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
    return names


def test_tests_named_in_the_docs_exist():
    names = _test_names()
    for doc, text in DOC_TEXT.items():
        for span in _SPAN.findall(text):
            if re.fullmatch(r"test_\w+", span):
                assert span in names, f"{doc} names the test {span}, which no longer exists"


def _click_commands():
    import click

    from kfoot.cli import cli

    ctx = click.Context(cli)
    commands = {}
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        commands[name] = command
    return commands


def _options(command) -> set[str]:
    """The options `kfoot COMMAND --help` lists."""
    import click

    with click.Context(command, info_name=command.name) as ctx:
        text = command.get_help(ctx)
    options = text.split("Options:", 1)[1] if "Options:" in text else ""
    return set(re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", options.split("Commands:")[0]))


def _command_lines() -> list[tuple[str, str]]:
    """(doc, text) of every code span and code-block line that may hold a kfoot command line."""
    units = []
    for doc, text in DOC_TEXT.items():
        in_block = False
        for line in text.splitlines():
            if line.startswith(("```", "~~~")):
                in_block = not in_block
                continue
            if in_block:
                units.append((doc, re.split(r"(?:^|\s)#", line)[0]))  # comments are prose
            else:
                units += [(doc, span) for span in _SPAN.findall(line)]
    return units


def test_cli_commands_and_options_in_the_docs_exist():
    import click

    commands = _click_commands()
    every_option = set()
    for command in commands.values():
        every_option |= _options(command)
        if isinstance(command, click.Group):
            for sub in command.commands.values():
                every_option |= _options(sub)
    problems = []
    checked = 0
    for doc, unit in _command_lines():
        # kfoot where a command starts: the unit's start, after `$ `, `.venv/bin/`, `run: `, `&&`, `||`, `;`, `$(`
        for match in re.finditer(r"(?:^\s*|\$ |\bbin/|\brun: |&& |\|\| |; |\$\()kfoot\s+([a-z][a-z-]*)([^|;&><)`#]*)", unit):
            name, tail = match.group(1), match.group(2)
            if name not in commands:
                problems.append(f"{doc}: `kfoot {name}` is not a command")
                continue
            command = commands[name]
            allowed = _options(command)
            tokens = [t.strip("[](){}") for t in tail.split()]
            if isinstance(command, click.Group):
                subs = next((t.split("|") for t in tokens if t and not t.startswith("-")
                             and all(s in command.commands for s in t.split("|"))), [])
                for sub in subs:
                    allowed |= _options(command.commands[sub])
            for token in tokens:
                for option in token.split("|"):
                    option = option.split("=", 1)[0]
                    if re.fullmatch(r"--?[a-z][a-z-]*", option):
                        checked += 1
                        if option not in allowed:
                            problems.append(f"{doc}: `kfoot {name}` has no option {option}")
    # Options named on their own in prose (`--section .nv_fatbin`): some kfoot command has them.
    for doc, text in DOC_TEXT.items():
        for span in _SPAN.findall(text):
            option = re.match(r"(--[a-z][a-z-]*)", span)
            if option and option.group(1) not in every_option:
                problems.append(f"{doc}: `{span}`: no kfoot command has {option.group(1)}")
    assert checked > 50, "the command-line scan found almost nothing: is the parser broken?"
    assert not problems, "\n".join(sorted(set(problems)))


def _kfoot_sources() -> str:
    return "\n".join(p.read_text() for p in sorted((REPO / "kfoot").rglob("*.py")))


def test_schema_and_format_names_in_the_docs_are_the_codes():
    code = _kfoot_sources()
    known = set(re.findall(r"[\"'](kfoot[.-][a-z-]+(?:/\d+)?)[\"']", code))
    for doc, text in DOC_TEXT.items():
        for name in set(re.findall(r"\bkfoot\.[a-z]+/\d+|\bkfoot-rtc-registry\b", text)):
            assert name in known, f"{doc} names {name}, which no kfoot code writes"


def test_python_names_in_the_docs_resolve():
    import importlib

    for doc, text in DOC_TEXT.items():
        for span in _SPAN.findall(text):
            for dotted in re.findall(r"(?<![\w/.-])kfoot(?:\.\w+)+(?![\w/])", span):
                parts = dotted.split(".")
                for cut in range(len(parts), 0, -1):
                    try:
                        target = importlib.import_module(".".join(parts[:cut]))
                    except ModuleNotFoundError:
                        continue
                    for attribute in parts[cut:]:
                        assert hasattr(target, attribute), f"{doc}: `{dotted}` does not resolve ({attribute})"
                        target = getattr(target, attribute)
                    break


def test_hex_constants_in_the_docs_are_the_codes():
    from kfoot.binary import fatbin

    phrase("README.md", "(flag 0x10000)")
    assert fatbin.FLAG_ENCODED == 0x10000


# -------------------------------------------------------------------------------- environment
_ENV_READ = re.compile(r"(?:environ\.get\(\s*|environ\[\s*|getenv\(\s*)[\"']([A-Z][A-Z0-9_]+)[\"']")


def _env_reads() -> dict[str, list[str]]:
    reads: dict[str, list[str]] = {}
    for path in (REPO / "kfoot").rglob("*.py"):
        for name in _ENV_READ.findall(path.read_text()):
            reads.setdefault(name, []).append(path.relative_to(REPO).as_posix())
    return reads


def test_every_variable_kfoot_reads_is_documented():
    all_docs = "\n".join(DOC_TEXT.values())
    undocumented = {name: where for name, where in _env_reads().items() if not re.search(rf"\b{name}\b", all_docs)}
    assert not undocumented, f"environment variables read by kfoot but named in no doc: {undocumented}"


def test_variables_in_the_docs_exist():
    code = "\n".join(p.read_text() for d in ("kfoot", "tests", "scripts") for pattern in ("*.py", "*.cmake", "*.hpp")
                     for p in (REPO / d).rglob(pattern))
    for doc, text in DOC_TEXT.items():
        for name in set(re.findall(r"\bKFOOT_[A-Z0-9_]+\b", text)):
            assert name in code, f"{doc} names {name}, which nothing in kfoot, tests or scripts uses"
    table = table_rows(section(DOC_TEXT["docs/runtime.md"], "Environment"))
    documented = {first_code(row[0]) for row in table if first_code(row[0])}
    reads = _env_reads()
    variables = {name for name in documented if re.fullmatch(r"[A-Z][A-Z0-9_]+", name)}
    assert {"KFOOT_CACHE_DIR", "KFOOT_CACHE", "KFOOT_CACHE_MAX_BYTES", "KFOOT_TRACE"} <= variables
    for name in variables:
        assert name in reads, f"docs/runtime.md documents {name}, which kfoot does not read"


def test_cache_variables_behave_as_documented(monkeypatch, tmp_path):
    from kfoot.runtime import kernel_cache as cache

    rows = {first_code(r[0]): r for r in table_rows(section(DOC_TEXT["docs/runtime.md"], "Environment"))}
    assert "`$XDG_CACHE_HOME/kfoot`, else `~/.cache/kfoot`" in rows["KFOOT_CACHE_DIR"][2]
    monkeypatch.delenv("KFOOT_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.default_cache_root() == tmp_path / "xdg" / "kfoot"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.default_cache_root() == Path("~/.cache/kfoot").expanduser()
    monkeypatch.setenv("KFOOT_CACHE_DIR", "~/elsewhere")
    assert cache.default_cache_root() == Path("~/elsewhere").expanduser()

    off = re.findall(r"`(\w+)`", rows["KFOOT_CACHE"][1].split("turns")[0])
    assert off == ["0", "false", "no", "off"]
    for value in off + ["FALSE", "Off"]:
        monkeypatch.setenv("KFOOT_CACHE", value)
        assert cache.cache_disabled_by_env() and cache.DiskCache.from_env() is None
    for value in ("1", "yes"):
        monkeypatch.setenv("KFOOT_CACHE", value)
        assert not cache.cache_disabled_by_env()
    monkeypatch.delenv("KFOOT_CACHE")
    assert not cache.cache_disabled_by_env()

    sizes = [r for r in table_rows(section(DOC_TEXT["docs/runtime.md"], "Environment"))
             if len(r) == 2 and first_code(r[0]) and re.fullmatch(r"[\d,]+", r[1])]
    assert len(sizes) >= 6, "the KFOOT_CACHE_MAX_BYTES table went missing"
    for cell, expected in sizes:
        monkeypatch.setenv("KFOOT_CACHE_MAX_BYTES", first_code(cell))
        assert cache.max_bytes_from_env() == number(expected), cell
    monkeypatch.delenv("KFOOT_CACHE_MAX_BYTES")
    assert cache.max_bytes_from_env() is None


# -------------------------------------------------------------------------------- formats
def _field_table(doc: str, heading: str, after: str | None = None) -> dict[str, str]:
    text = section(DOC_TEXT[doc], heading)
    if after:
        assert after in text, f"{doc}: {after!r} not found under {heading!r}"
        text = text[text.index(after):]
        text = text[: text.index("\n\n", text.index("|"))]
    return {first_code(row[0]): row[1] for row in table_rows(text) if first_code(row[0])}


_MAPS = {"sources": "<file>", "families": "<name>", "variants[].values": "<axis>", "aot.kernels": "<template-id>"}


def _flatten(value, prefix: str = "") -> set[str]:
    if isinstance(value, dict):
        if prefix in _MAPS:
            return set().union(*[_flatten(v, f"{prefix}.{_MAPS[prefix]}") for v in value.values()]) or {f"{prefix}.{_MAPS[prefix]}"}
        return set().union(*[_flatten(v, f"{prefix}.{k}" if prefix else k) for k, v in value.items()])
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return set().union(*[_flatten(v, prefix + "[]") for v in value])
    return {prefix}


def test_registry_fields_are_the_documented_ones(runtime_scratch):
    documented = _field_table("docs/runtime.md", "The registry: `registry.json`")
    hybrid_only = {f for f, what in documented.items() if what.startswith("hybrid only")}
    data = json.loads((runtime_scratch / "kfoot-rtc" / "registry.json").read_text())
    written = _flatten(data)
    assert set(documented) - hybrid_only == written, (
        f"registry.json of an RTC build has {sorted(written - set(documented))} undocumented, "
        f"the doc lists {sorted(set(documented) - hybrid_only - written)} that it lacks")
    assert data["format"] == "kfoot-rtc-registry" and data["version"] == 1
    phrase("docs/runtime.md", "Format `kfoot-rtc-registry`, version 1")
    # Hybrid builds need nvcc: their fields are held to the code that writes them.
    hybrid_source = (REPO / "kfoot" / "compile" / "hybrid.py").read_text()
    rtc_source = (REPO / "kfoot" / "compile" / "rtc.py").read_text()
    for field in hybrid_only:
        key = field.rsplit(".", 1)[-1]
        assert f'"{key}"' in hybrid_source + rtc_source, f"docs/runtime.md documents {field}, which no builder writes"
    aot_keys = set()
    for node in ast.walk(ast.parse(hybrid_source)):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "aot" for t in node.targets) \
                and isinstance(node.value, ast.Dict):
            aot_keys = {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
    assert aot_keys, "kfoot/compile/hybrid.py no longer builds an `aot = {...}` dict: update this test"
    assert {f"aot.{k}" for k in aot_keys} <= {f.split(".<")[0] for f in hybrid_only}, \
        f"hybrid registries write aot keys the doc lacks: {sorted(aot_keys)}"


def test_cache_layout_entry_and_key_are_the_documented_ones(runtime_scratch):
    root = runtime_scratch / "kfoot-cache"
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    entries = [f for f in files if f.startswith("entries/")]
    blobs = [f for f in files if f.startswith("blobs/")]
    assert len(entries) == 1 and len(blobs) == 1 and "memo.json" in files and (root / "tmp").is_dir()
    assert set(files) == {*entries, *blobs, "memo.json"}
    assert re.fullmatch(r"entries/([0-9a-f]{2})/\1[0-9a-f]{62}\.entry", entries[0])
    assert re.fullmatch(r"blobs/([0-9a-f]{2})/\1[0-9a-f]{62}\.cubin", blobs[0])
    assert oct((root).stat().st_mode & 0o777) == oct(0o700)
    phrase("docs/runtime.md", "entries/<k[:2]>/<key>.entry")
    phrase("docs/runtime.md", "blobs/<h[:2]>/<sha256>.cubin")

    body, checksum, rest = (root / entries[0]).read_bytes().split(b"\n")
    assert rest == b"" and hashlib.sha256(body).hexdigest().encode() == checksum
    meta = json.loads(body)
    assert body == json.dumps(meta, sort_keys=True, separators=(",", ":")).encode()
    documented = _field_table("docs/runtime.md", "Layout", after="An entry is two lines")
    assert set(documented) == set(meta), (sorted(set(meta) - set(documented)), sorted(set(documented) - set(meta)))
    blob = root / blobs[0]
    assert meta["blob"] == blob.stem == hashlib.sha256(blob.read_bytes()).hexdigest()
    assert meta["key"] == Path(entries[0]).stem


def test_cache_key_covers_what_the_doc_lists():
    from kfoot.runtime import fingerprint, nvrtc

    listed = section(DOC_TEXT["docs/runtime.md"], "What the key covers")
    assert set(inspect.signature(fingerprint.cache_key).parameters) == {
        "nvrtc_version", "arch", "options", "prelude_sha256", "source_sha256", "name_expression"}, \
        "the cache key takes other inputs now: update docs/runtime.md (What the key covers) and this test"
    options = ["-arch=sm_XX", *nvrtc.DEFAULT_OPTIONS]
    assert re.findall(r"`(-[^`]+)`", listed.split("the compile options")[1].split(";")[0]) == options
    assert "`KEY_SCHEMA`" in listed and isinstance(fingerprint.KEY_SCHEMA, int)
    assert "`kfoot/core/prelude.py`" in listed, "the prelude is in the key: docs/runtime.md must say so"
    base = dict(nvrtc_version="13.5", arch="sm_90", options=("-arch=sm_90",), prelude_sha256="2" * 64,
                source_sha256="0" * 64, name_expression="k<int>")
    key = fingerprint.cache_key(**base)
    for name, other in (("nvrtc_version", "13.6"), ("arch", "sm_80"), ("options", ("-arch=sm_90", "-G")),
                        ("prelude_sha256", "3" * 64), ("source_sha256", "1" * 64), ("name_expression", "k<float>")):
        assert fingerprint.cache_key(**dict(base, **{name: other})) != key, name
    assert fingerprint.cache_key(**dict(base, options=("-arch=sm_90", "-I/somewhere"))) == key, \
        "include paths are documented as left out of the key"


def test_trace_fields_are_the_documented_ones(runtime_scratch):
    trace = runtime_scratch / "kfoot-trace.jsonl"
    phrase("docs/runtime.md", "opened `O_APPEND` (created 0600)")
    assert trace.stat().st_mode & 0o777 == 0o600
    lines = trace.read_text().splitlines()
    documented = _field_table("docs/runtime.md", "The usage trace")
    assert lines and all(set(json.loads(line)) == set(documented) for line in lines)


def test_runtime_exports_are_the_documented_ones():
    from kfoot import runtime

    phrase("docs/runtime.md", "`from kfoot import runtime` exports `open_registry`, `KernelRegistry`, `Kernel` and `NoGpuError`")
    assert set(runtime.__all__) == {"open_registry", "KernelRegistry", "Kernel", "NoGpuError"}
    rows = table_rows(section(DOC_TEXT["docs/runtime.md"], "`Kernel`"))
    members = {re.match(r"\w+", span).group(0) for row in rows[1:] for span in re.findall(r"`([^`]+)`", row[0])}
    assert {"binary", "cubin", "lowered_name", "route", "__call__", "function"} <= members
    for member in members:
        assert hasattr(runtime.Kernel, member) or member in ("family", "template_id", "values", "dispatch"), member
    kernel_init = inspect.getsource(runtime.Kernel.__init__)
    for attribute in ("family", "template_id", "values", "dispatch"):
        assert f"self.{attribute}" in kernel_init
    call = inspect.signature(runtime.Kernel.__call__).parameters
    assert list(call) == ["self", "grid", "block", "args", "stream", "shared_mem"]
    assert call["stream"].default is None and call["shared_mem"].default == 0
    assert list(inspect.signature(runtime.open_registry).parameters) == ["path", "cache", "trace"]


def test_memory_estimate_fields_are_the_documented_ones(curand_library):
    from kfoot.memory.estimate import estimate_file
    from kfoot.report.analyze import analyze_paths

    paragraph = next(p for p in DOC_TEXT["docs/memory.md"].split("\n\n") if p.startswith("JSON fields of an estimate"))
    documented = {token.split(":")[0] for token in re.findall(r"`([^`]+)`", paragraph)}
    estimate = estimate_file(analyze_paths([curand_library]).files[0], "sm_90", jit_ptx=False).to_dict()
    keys = set(estimate) | {k for v in estimate.values() if isinstance(v, dict) and v is not estimate["modules_by_route"] for k in v}
    assert keys <= documented, f"the estimate has fields docs/memory.md does not list: {sorted(keys - documented)}"
    source = (REPO / "kfoot" / "memory" / "estimate.py").read_text()
    for name in documented:
        if re.fullmatch(r"[a-z_-]+", name) and name not in keys:
            assert f'"{name}"' in source or f"'{name}'" in source, f"docs/memory.md lists {name!r}, which the estimate lacks"


# -------------------------------------------------------------------------------- the report, diff and gate JSON
REPORT_DOC = "docs/report.md"
# Objects whose keys are names (an arch, a section, a route), not fields: paths use a placeholder.
_REPORT_MAPS = {"archs": "<arch>", "kinds": "<kind>", "sections": "<section>", "device": "<arch (kind)>",
                "modules_by_route": "<route>"}


def _json_paths(value, prefix: str = "", maps: dict | None = None) -> set[str]:
    """Every field of a JSON value as a path (`a.b`, `list[].field`, a map's keys as its placeholder);
    a list of plain values, an empty list and an empty object are fields of their own."""
    maps = _REPORT_MAPS if maps is None else maps
    name = prefix.rsplit(".", 1)[-1]
    if isinstance(value, dict) and name in maps and prefix:
        path = f"{prefix}.{maps[name]}"
        return set().union(*(_json_paths(v, path, maps) for v in value.values())) if value else {path}
    if isinstance(value, dict) and value:
        return set().union(*(_json_paths(v, f"{prefix}.{k}" if prefix else k, maps) for k, v in value.items()))
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return set().union(*(_json_paths(v, prefix + "[]", maps) for v in value))
    return {prefix}


def _leaves(paths: set[str]) -> set[str]:
    """The paths that no other path extends: `files[].undecodable` goes when
    `files[].undecodable[].offset` is there (an empty list in one file, a full one in another)."""
    return {p for p in paths if not any(q.startswith((p + ".", p + "[]")) for q in paths if q != p)}


def _doc_tables(doc: str, heading: str) -> list[dict[str, list[str]]]:
    """Each Markdown table under a heading, as {first code span of a row: the row's cells}."""
    tables, current = [], None
    for line in section(DOC_TEXT[doc], heading).splitlines():
        if line.strip().startswith("|"):
            current = {} if current is None else current
            for row in table_rows(line):
                if first_code(row[0]):
                    current[first_code(row[0])] = row
        elif current is not None:
            tables.append(current)
            current = None
    return tables + ([current] if current is not None else [])


def _report_doc_fields() -> tuple[set[str], dict[str, list[str]]]:
    """The fields docs/report.md lists for a `kfoot report --json` written without a GPU, as full
    paths; and the table of the measured `memory` (only a GPU writes it)."""
    fields = set(_doc_tables(REPORT_DOC, "Top level")[0]) - {"upgraded_from"}
    for path, row in _doc_tables(REPORT_DOC, "Figures: a file and the totals")[0].items():
        fields |= {f"totals.{path}"} if row[2].lower().startswith("totals only") else {f"files[].{path}", f"totals.{path}"}
    fields |= {f"files[].{path}" for path in _doc_tables(REPORT_DOC, "A file")[0]}
    fields |= {f"totals.{path}" for table in _doc_tables(REPORT_DOC, "The totals") for path in table}
    estimated, measured = _doc_tables(REPORT_DOC, "Context memory: `memory`")
    fields |= {f"files[].{path}" for path in estimated}
    return fields, measured


def _nvidia_file(pattern: str) -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec("nvidia")
    for location in (spec.submodule_search_locations if spec else []):
        for candidate in sorted(Path(location).glob(pattern)):
            return candidate
    return None


@pytest.fixture(scope="module")
def report_inputs(tmp_path_factory) -> list[Path]:
    """Three formats made in milliseconds from libcudadevrt.a (the nvidia-cuda-runtime wheel): the
    archive; a wheel whose shared object is the archive's object with its PTX payload overwritten
    (an undecodable image), twice; the object's sm_90 SASS image as a raw .cubin (a newest arch unlike the
    others', so the totals' memory lists two archs)."""
    import zipfile

    from kfoot.binary import archive, fatbin
    from oracles import fatbin as oracle

    library = _nvidia_file("*/lib/libcudadevrt.a")
    if library is None:
        pytest.skip("libcudadevrt.a (nvidia-cuda-runtime wheel) is not installed")
    out = tmp_path_factory.mktemp("report-json")
    data = library.read_bytes()
    member = next(m for m in archive.iter_members(data) if data[m.offset:m.offset + 4] == b"\x7fELF")
    obj = bytearray(data[member.offset:member.offset + member.size])
    cubin = None
    for found in oracle.containers(bytes(obj), "__nv_relfatbin"):
        for entry in fatbin.parse_container(bytes(obj), found.offset).entries:
            if entry.arch_name == "sm_90" and cubin is None:
                cubin = bytes(fatbin.decompress(entry, bytes(obj[entry.payload_offset:entry.payload_offset + entry.slot_size])))
            if entry.kind_name == "ptx":
                obj[entry.payload_offset:entry.payload_offset + 16] = b"\xff" * 16
    assert cubin is not None, "libcudadevrt.a holds no sm_90 image any more: pick another arch here"
    (out / "devrt_sm_90.cubin").write_bytes(cubin)
    wheel = out / "kfoot_docs-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as handle:
        handle.writestr("kfoot_docs/libdevrt.so", bytes(obj))
        handle.writestr("kfoot_docs/libdevrt_copy.so", bytes(obj))  # its kernels twice: `duplicates`
    return [library, wheel, out / "devrt_sm_90.cubin"]


@pytest.fixture(scope="module")
def report_json(report_inputs) -> dict:
    report = kfoot_json("report", *report_inputs, "--kernels", "--memory", "estimate", "--what-if-compress", "--json")
    assert [f["format"] for f in report["files"]] == ["archive", "wheel", "cubin"]
    assert report["files"][1]["undecodable"] and report["totals"]["memory"]["arch"] is None
    return report


def test_report_fields_are_the_documented_ones(report_json):
    documented, measured = _report_doc_fields()
    written = _json_paths(report_json)
    assert _leaves(written) == _leaves(documented), (
        f"kfoot report --json writes {sorted(_leaves(written) - _leaves(documented))}, which {REPORT_DOC} does not "
        f"list; {REPORT_DOC} lists {sorted(_leaves(documented) - _leaves(written))}, which it does not write")
    assert report_json["schema"] == "kfoot.report/2"
    phrase(REPORT_DOC, '| `schema` | string | `"kfoot.report/2"` |')
    # upgraded_from: only a report upgraded from /1 has it.
    from kfoot.report.report_json import upgrade_report

    upgraded = upgrade_report(json.loads((REPO / "tests" / "data" / "demo-baseline-report-v1.json").read_text()))
    assert upgraded["upgraded_from"] == "kfoot.report/1" and "upgraded_from" not in report_json
    assert "upgraded_from" in _doc_tables(REPORT_DOC, "Top level")[0]
    # The measured memory needs a GPU: its fields are held to the code that writes them, both ways.
    sources = "\n".join((REPO / "kfoot" / "memory" / name).read_text() for name in ("measure.py", "__init__.py"))
    body = inspect.getsource(__import__("kfoot.memory.measure", fromlist=["measure_file"]).measure_file)
    written = {"method", "eager_bytes", "lazy_bytes", "estimate"}
    written |= set(re.findall(r"out\[[\"'](\w+)[\"']\]", body)) | set(re.findall(r"setdefault\([\"'](\w+)[\"']", body))
    written |= {k for args in re.findall(r"out\.update\(([^)]*)\)", body) for k in re.findall(r"(\w+)=", args)}
    assert 'measured["estimate"]' in sources and 'f"{mode}_bytes"' in body and '{"method": "measured"}' in body
    assert {p.removeprefix("memory.") for p in measured} == written, (sorted(measured), sorted(written))


def _check_attribution(holder: dict, where: str) -> None:
    h = holder
    assert h["host_bytes"] + h["overhead_bytes"] + h["stored_bytes"] + h["filtered_bytes"] == h["size"], where
    for group in ("archs", "kinds", "sections"):
        assert sum(e["stored_bytes"] for e in h[group].values()) == h["stored_bytes"], (where, group)
    for group in ("archs", "kinds"):
        assert sum(e["image_bytes"] for e in h[group].values()) == h["image_bytes"], (where, group)
    assert sum(e["overhead_bytes"] for e in h["sections"].values()) == h["overhead_bytes"], where
    assert h["code_bytes"] == sum(f["code_bytes"] for f in h["families"]), where
    kernels = [sum(f["kernels"] for f in h["families"]), sum(s["kernels"] for s in h["sections"].values()),
               sum(a["kernels"] for a in h["archs"].values() if a["kind"] == "sass")]
    assert kernels == [h["kernels"]] * 3, where
    a = h["attribution"]
    assert (a["host"], a["container_overhead"], a["filtered_out"]) == (h["host_bytes"], h["overhead_bytes"], h["filtered_bytes"])
    assert a["device"] == {f"{name} ({e['kind']})": e["stored_bytes"] for name, e in h["archs"].items()}, where
    images = sum(e["images"] for e in h["archs"].values())
    assert sum(h["images"][k] for k in ("sass", "ptx", "ltoir")) == sum(h["compression"].values()) == images, where
    assert h["code_bytes"] <= h["kinds"].get("sass", {}).get("image_bytes", 0), where


def test_report_byte_attribution_is_as_documented(report_json, report_inputs):
    phrase(REPORT_DOC, "host_bytes + overhead_bytes + stored_bytes + filtered_bytes == size")
    filtered = kfoot_json("report", *report_inputs, "--arch", "sm_90,compute_121", "--filter", "memcpy", "--json")
    baseline = json.loads((REPO / "ci" / "demo-baseline.json").read_text())
    assert filtered["totals"]["filtered_bytes"] > 0 and filtered["options"]["filter"] == "memcpy"
    for report in (report_json, filtered, baseline):
        files, totals = report["files"], report["totals"]
        for index, file in enumerate(files):
            _check_attribution(file, f"files[{index}]")
            assert file["images"]["undecodable"] == len(file["undecodable"])
        _check_attribution(totals, "totals")
        assert totals["files"] == len(files)
        for key in ("size", "stored_bytes", "image_bytes", "code_bytes", "host_bytes", "overhead_bytes",
                    "filtered_bytes", "kernels", "global_symbols"):
            assert totals[key] == sum(f[key] for f in files), key
    # --filter leaves the images whole and counts only the matching kernels.
    assert filtered["totals"]["image_bytes"] == sum(a["image_bytes"] for n, a in report_json["totals"]["archs"].items()
                                                    if n in ("sm_90", "compute_121"))
    assert 0 < filtered["totals"]["kernels"] < sum(a["kernels"] for n, a in report_json["totals"]["archs"].items() if n == "sm_90")


def test_report_doc_figures_of_the_demo_baseline():
    totals = json.loads((REPO / "ci" / "demo-baseline.json").read_text())["totals"]
    assert set(n for n, count in totals["compression"].items() if count) == {"none"}
    phrase(REPORT_DOC, f"{totals['stored_bytes']:,} stored and {totals['image_bytes']:,} uncompressed bytes, "
                       f"of which {totals['code_bytes']:,} are kernel code")


def test_report_doc_figures_of_libcurand(curand_report):
    totals = curand_report["totals"]
    phrase(REPORT_DOC, f"libcurand (README.md) stores {totals['stored_bytes']:,} bytes of images that are "
                       f"{totals['image_bytes']:,} bytes uncompressed, with {totals['code_bytes']:,} bytes of kernel code")


def test_report_renames_from_1_are_what_the_upgrade_does():
    from kfoot.report.report_json import upgrade_report

    old = json.loads((REPO / "tests" / "data" / "demo-baseline-report-v1.json").read_text())
    new = upgrade_report(json.loads(json.dumps(old)))
    levels = {"a file, the totals": lambda r: [*r["files"], r["totals"]],
              "an arch, a kind": lambda r: [e for h in (*r["files"], r["totals"]) for g in ("archs", "kinds")
                                            for e in h[g].values()],
              "a family": lambda r: [f for h in (*r["files"], r["totals"]) for f in h["families"]]}
    rows = table_rows(section(DOC_TEXT[REPORT_DOC], "From /1 to /2"))[1:]
    assert len(rows) == 5
    for where, before, after in rows:
        before, after = first_code(before), first_code(after)
        for was, now in zip(levels[where](old), levels[where](new)):
            assert after in now and after not in was, (where, after)
            if before:
                assert before in was and before not in now and now[after] == was[before], (where, before)
    assert (old["schema"], new["schema"], new["upgraded_from"]) == ("kfoot.report/1", "kfoot.report/2", "kfoot.report/1")


def _expand_figures(table: dict[str, list[str]], change: set[str]) -> set[str]:
    """A diff table's fields as paths: `totals.<figure>` names its figures in its description, and
    each figure is a change (base, new, delta, percent)."""
    paths = set()
    for path, row in table.items():
        if path.endswith(".<figure>"):
            figures = re.findall(r"`(\w+)`", row[2])
            assert figures, path
            paths |= {f"{path[:-len('<figure>')]}{figure}.{key}" for figure in figures for key in change}
        else:
            paths.add(path)
    return paths


@pytest.fixture(scope="module")
def diff_and_gate(report_inputs, tmp_path_factory) -> dict:
    """kfoot diff and gate on real reports: the .cubin's (base) against the archive's (new), whose
    families all grew; and the committed /1 demo baseline against its /2 rewrite."""
    out = tmp_path_factory.mktemp("diff-gate")
    base, new = out / "base.json", out / "new.json"
    run_kfoot("report", report_inputs[2], "--json", "-o", base)
    run_kfoot("report", report_inputs[0], "--json", "-o", new)
    diff = kfoot_json("diff", base, new, "--json")
    family = diff["families"][0]["name"]
    budget = out / "budget.toml"
    budget.write_text(f'max-kernel-growth = "10000%"\nmax-size-growth = "10000%"\n\n[families."{family}"]\n'
                      f'max-kernel-growth = 0\nmax-size-growth = "1%"\n')
    families = json.loads(run_kfoot("gate", "--baseline", base, new, "--budget", budget, "--json", check_rc=1).stdout)
    library = kfoot_json("gate", "--baseline", base, new, "--max-kernel-growth", "10000%", "--max-size-growth", "10000%",
                         "--json")
    update = kfoot_json("gate", "--baseline", out / "updated.json", new, "--update-baseline", "--json")
    v1 = kfoot_json("diff", "tests/data/demo-baseline-report-v1.json", "ci/demo-baseline.json", "--json")
    return {"diffs": [diff, v1, families["diff"], library["diff"]], "gates": [families, library], "update": update}


def test_diff_and_gate_fields_are_the_documented_ones(diff_and_gate):
    change_table, diff_table = _doc_tables(REPORT_DOC, "The diff: `kfoot.diff/2`")
    change = set(change_table)
    assert change == {"base", "new", "delta", "percent"}
    documented = _expand_figures(diff_table, change)
    written = set().union(*(_json_paths(d, maps={}) for d in diff_and_gate["diffs"]))
    assert _leaves(written) == _leaves(documented), (
        f"kfoot diff --json writes {sorted(_leaves(written) - _leaves(documented))}, not in {REPORT_DOC}; "
        f"{REPORT_DOC} lists {sorted(_leaves(documented) - _leaves(written))}, which it does not write")
    from kfoot.gate import diff as diff_module

    for path, metrics in (("totals.<figure>", diff_module.TOTAL_METRICS), ("families[].<figure>", diff_module.FAMILY_METRICS),
                          ("archs[].<figure>", diff_module.ARCH_METRICS), ("kinds[].<figure>", diff_module.KIND_METRICS)):
        assert re.findall(r"`(\w+)`", diff_table[path][2]) == list(metrics), path

    gate_table = _doc_tables(REPORT_DOC, "The gate: `kfoot.gate/2`")[0]
    grouped = ("failures", "families_grown", "families_shrunk", "diff")
    written = set()
    for gate in diff_and_gate["gates"]:
        for path in _json_paths(gate, maps={}):
            top = re.match(r"\w+", path).group(0)
            written.add(f"{top}[]" if top in grouped[:3] else top if top == "diff" else path)
        assert all(set(c) == set(gate["checks"][0]) for c in gate["failures"] + gate["checks"])
        for family in gate["families_grown"] + gate["families_shrunk"]:
            assert _json_paths(family, "families[]", maps={}) <= documented, family["name"]
    assert written == set(gate_table), (sorted(written ^ set(gate_table)))
    families, library = diff_and_gate["gates"]
    metrics = {(c["scope"], c["name"], c["metric"]) for c in families["checks"] + library["checks"]}
    family = families["checks"][-1]["name"]
    assert metrics == {("library", "rest of the library", "kernels"), ("library", "rest of the library", "code_bytes"),
                       ("family", family, "kernels"), ("family", family, "code_bytes"),
                       ("library", "whole library", "kernels"), ("library", "whole library", "image_bytes")}
    assert families["failures"] and families["families_grown"] and library["size_metric"] == "image_bytes"
    for gate in diff_and_gate["gates"]:
        assert gate["schema"] == "kfoot.gate/2" and gate["diff"]["schema"] == "kfoot.diff/2"
    update = diff_and_gate["update"]
    assert set(update) == {"schema", "updated", "message"} and update["schema"] == "kfoot.gate/2"
    phrase(REPORT_DOC, "prints `schema` (`\"kfoot.gate/2\"`), `updated` (the baseline's path) and `message`")


def test_compare_json_fields_in_the_memory_doc():
    from kfoot.compare.run import ModeResult

    keys = ", ".join(f"`{key}`" for key in ModeResult("aot").to_dict())
    phrase("docs/memory.md", f'`--json` prints the same figures with `"schema": "kfoot.compare/2"`, one object per mode '
                             f"under `modes` ({keys})")


# -------------------------------------------------------------------------------- figures: cheap
@pytest.fixture(scope="module")
def demo_enumeration() -> dict:
    return kfoot_json("enumerate", "kfoot/bundled/demo.toml", "--json")


@pytest.fixture(scope="module")
def bundled_explained() -> dict:
    return kfoot_json("enumerate", "--explain", "--json")


def _readme_demo_table() -> dict[str, list[str]]:
    block = section(README, "Example: `make demo`").split("```")[1]
    rows = {}
    for line in block.splitlines():
        match = re.match(r"^  (\S.*?)\s{2,}(\S+(?: \S+)?)\s{2,}(\S+(?: \S+)?)\s{2,}(\S+(?: \S+)?)\s*$", line)
        if match:
            rows[match.group(1)] = [match.group(2), match.group(3), match.group(4)]
    return rows


def _benchmarks_demo_table() -> dict[str, list[str]]:
    rows = table_rows(section(DOC_TEXT["docs/benchmarks.md"], "context memory"))
    return {row[0]: row[1:] for row in rows if len(row) == 4 and row[0]}


def test_readme_and_benchmarks_show_the_same_demo_run():
    readme, bench = _readme_demo_table(), _benchmarks_demo_table()
    assert len(readme) == 13 and readme == bench, "README.md and docs/benchmarks.md show different make demo runs"
    dates = re.findall(r"20\d\d-\d\d-\d\d", section(README, "Example: `make demo`"))
    assert dates and dates[0] in section(DOC_TEXT["docs/benchmarks.md"], "context memory")
    phrase("README.md", "Real output of `make demo` (`scripts/demo.py`")


def test_demo_table_rows_kfoot_computes(demo_enumeration, tmp_path):
    from kfoot.core.units import format_bytes

    sys.path.insert(0, str(REPO / "scripts"))
    import demo

    rows = _readme_demo_table()
    variants = demo_enumeration["totals"]["variants"]
    traced = len({(family, tuple(sorted(values.items()))) for family, values in demo.WORKLOAD})
    archs = len(demo.ARCHS)
    assert rows["variants available"] == [str(variants)] * 3
    assert rows["variants compiled ahead of time"] == [str(variants), "0", str(traced)]
    assert rows["kernels in the binary"] == [str(variants * archs), "0", str(traced * archs)]
    assert rows["device images, stored"][1] == "0 B" and rows["context memory: lazy (*)"] == ["0 B"] * 3
    nested = sum(f["nested"] for f in demo_enumeration["families"])
    phrase("README.md", f"{variants} variants as written; a nested type switch over the same axes "
                        f"would instantiate {nested} (x{nested / variants:.2f}). archs: {', '.join(demo.ARCHS)}.")
    phrase("README.md", f"recorded a usage trace of {len(demo.WORKLOAD)} variants")
    # RTC ships registry.json and the templates; registry.json names the spec by its absolute
    # path, so the size moves with the checkout's path length: that much is tolerated.
    out = tmp_path / "rtc"
    kfoot_json("build", "--mode", "rtc", "kfoot/bundled/demo.toml", "-o", out, "--json")
    shipped = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    shown = float(rows["binary size (shipped)"][1].split()[0]) * 1024
    assert rows["binary size (shipped)"][1].endswith("KiB")
    assert abs(shipped - shown) <= 52 + len(str(REPO)), (format_bytes(shipped), rows["binary size (shipped)"][1])


def test_demo_memory_comparison_in_benchmarks():
    rows = _benchmarks_demo_table()
    aot, rtc = rows["context memory: after the trace (*)"][:2]
    phrase("docs/benchmarks.md", f"holds {rtc} against the AOT library's {aot} under eager loading")
    phrase("docs/benchmarks.md", f"later kernels from disk cost {rows['first use: next kernel from disk'][1]} each")


def test_bundled_spec_counts(bundled_explained):
    totals = bundled_explained["totals"]
    nested, dependent = totals["nested"], totals["dependent"]
    phrase("docs/benchmarks.md", f"512 / {nested:,}")
    phrase("docs/benchmarks.md", f"512 / {dependent:,}")
    phrase("docs/benchmarks.md", f"all {dependent:,} dependent variants")
    phrase("docs/benchmarks.md", f"all {nested:,} nested variants")
    phrase("docs/benchmarks.md", f"`kfoot enumerate --explain`: {nested / dependent:.1f}× fewer variants")


def test_readme_performance_figures_are_quoted_from_benchmarks():
    text = section(README, "Performance")
    figures = re.findall(r"\d[\d,.]*(?:-\d[\d.]*)?\s?(?:×|µs|ms|s\b|bytes|kernels)", text)
    bench = " ".join(DOC_TEXT["docs/benchmarks.md"].split())
    assert len(figures) >= 8
    missing = [f for f in figures if f not in bench]
    assert not missing, f"README.md's Performance quotes figures docs/benchmarks.md does not have: {missing}"


def test_every_measurement_names_its_script():
    bench = DOC_TEXT["docs/benchmarks.md"]
    for heading in re.findall(r"^## (.+)$", bench, re.MULTILINE):
        body = section(bench, heading)
        assert re.search(r"scripts/\w+\.py", heading + body), f"benchmarks.md section {heading!r} names no script"
        assert re.search(r"20\d\d-\d\d-\d\d", body), f"benchmarks.md section {heading!r} has no date"
    for doc, needle in (("docs/memory.md", "scripts/docs_examples.py memory-table"),
                        ("docs/ci.md", "scripts/docs_examples.py gate-example"),
                        ("README.md", "scripts/demo.py")):
        phrase(doc, needle)


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
    sources = (REPO / "kfoot" / "compile" / "sources.py").read_text()
    assert 'f"kfoot_shard_{self.name}"' in sources and "_count" in sources


def test_promotion_rules_in_the_spec_doc():
    from kfoot.variants.dtypes import promote_pair

    phrase("docs/spec.md", "bfloat16 promotes like float16 except that float16 with bfloat16 gives float32")
    assert promote_pair("float16", "bfloat16") == "float32"
    assert promote_pair("bfloat16", "int32") == promote_pair("float16", "int32")
    phrase("docs/spec.md", "bfloat16 with a complex dtype is float16's result")
    assert promote_pair("bfloat16", "complex64") == promote_pair("float16", "complex64") == "complex64"


def test_setup_facts_in_the_readme():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    phrase("README.md", f"Both need only Python {project['requires-python'].removeprefix('>=')}+")
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^demo:", makefile, re.MULTILINE) and re.search(r"^test:", makefile, re.MULTILINE)
    assert "scripts/demo.py" in makefile


def test_spec_doc_example_is_a_valid_spec(tmp_path):
    from kfoot.variants.loader import load_spec
    from kfoot.variants.variants import enumerate_spec

    block = next(b for b in DOC_TEXT["docs/spec.md"].split("```toml\n")[1:]).split("```")[0]
    for header in (REPO / "kfoot" / "bundled").glob("*.cuh"):
        (tmp_path / header.name).write_bytes(header.read_bytes())
    (tmp_path / "spec.toml").write_text(block)
    spec = load_spec(tmp_path / "spec.toml")
    variants = enumerate_spec(spec)
    assert variants and {v.family for v in variants} == {"binary"}
    assert all(not (dict(v.values)["op"] == "kfoot::op::Mul" and dict(v.values)["rhs"] == "float64") for v in variants)


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


# -------------------------------------------------------------------------------- figures: libcurand
@pytest.fixture(scope="module")
def curand_report(curand_library) -> dict:
    require_distribution("nvidia-curand", DOCS_CURAND)
    return kfoot_json("report", curand_library, "--json")


def test_curand_figures(curand_report):
    sections = curand_report["files"][0]["sections"]
    data, registered = sections[".data"], sections[".nv_fatbin"]
    for doc in ("README.md", "docs/memory.md"):
        phrase(doc, f"libcurand keeps {data['containers']:,} in `.data`")
    phrase("README.md", f"sees the {registered['kernels']:,} kernels of `.nv_fatbin`; `kfoot report --section .nv_fatbin` "
                        f"gives exactly those {registered['kernels']:,}, and the other {data['kernels']:,} are in the "
                        "containers embedded in `.data`")
    phrase("docs/memory.md", f"libcurand: {registered['containers']}")
    phrase("docs/memory.md", f"libcurand's {data['containers']:,} on-demand containers hold one arch each")


def _memory_table() -> dict[tuple[str, str], list[str]]:
    rows = table_rows(section(DOC_TEXT["docs/memory.md"], "Estimates without a GPU"))
    table, label = {}, None
    for row in rows:
        if len(row) == 7 and row[1].startswith("sm_"):
            label = label if row[0] == "same" else row[0]
            table[(label, row[1])] = row
    return table


def _check_memory_row(row: list[str], estimate: dict, sass_only: dict) -> None:
    from kfoot.core.units import format_bytes

    eager = number(re.search(r"\(([\d,]+) B\)", row[2]).group(1))
    ptx = number(row[3].split()[0])
    assert eager - ptx == sass_only["eager_bytes"], (row, sass_only["eager_bytes"])
    if estimate is not None:  # no PTX: the whole estimate is checkable
        assert row[2] == f"{format_bytes(estimate['eager_bytes'])} ({estimate['eager_bytes']:,} B)" and ptx == 0
        assert number(row[4].split()[0]) == estimate["load_bytes"]
    routes = {}
    for route, count in sass_only["modules_by_route"].items():
        route = route.replace(", not estimated", "")
        routes[route] = routes.get(route, 0) + count
    assert row[5] == ", ".join(f"{n:,} {r}" for r, n in sorted(routes.items())), (row[5], routes)
    demand = sass_only.get("on_demand") or {}
    expected = f"{demand['modules']:,} modules, {demand['unloadable_modules']:,} unloadable" if demand.get("modules") else "none"
    assert row[6] == expected


def test_memory_table_curand_rows(curand_library):
    from kfoot.memory.estimate import estimate_file
    from kfoot.report.analyze import analyze_paths

    require_distribution("nvidia-curand", DOCS_CURAND)
    table = {arch: row for (label, arch), row in _memory_table().items() if label.startswith("libcurand")}
    assert set(table) == {"sm_90", "sm_80"}
    assert f"{curand_library.stat().st_size:,} B)" in next(l for l, _ in _memory_table() if l.startswith("libcurand"))
    file = analyze_paths([curand_library]).files[0]
    for arch, row in table.items():
        _check_memory_row(row, None, estimate_file(file, arch, jit_ptx=False).to_dict())
    sm90 = estimate_file(file, "sm_90", jit_ptx=False).to_dict()
    phrase("docs/memory.md", f"and {sm90['on_demand']['unloadable_modules']:,} of them have nothing an `sm_90` loads")
    compute75_only = 0
    by_container: dict = {}
    for image in file.image_loads:
        by_container.setdefault(image.container, []).append(image)
    for images in by_container.values():
        if images[0].section == ".data" and {(i.kind, i.arch) for i in images} == {("ptx", "compute_75")}:
            compute75_only += 1
    phrase("docs/memory.md", f"(libcurand's {compute75_only} `compute_75`-only containers are on-demand")
    ptx_modules = sum(n for r, n in sm90["modules_by_route"].items() if r.startswith("ptx-jit"))
    phrase("docs/memory.md", f"libcurand's {ptx_modules} registered containers that an `sm_90` loads as PTX, "
                             f"{table['sm_90'][3].split()[0]} bytes of its estimate")


def test_memory_doc_constants():
    from kfoot.memory import estimate, measure
    from kfoot.runtime import compiler

    phrase("docs/runtime.md", f"(`--batch`, default {compiler.DEFAULT_BATCH}:")
    phrase("docs/memory.md", "libcusparse: 137 containers in `.nv_fatbin`")
    phrase("docs/benchmarks.md", "137 containers in `.nv_fatbin`")

    phrase("docs/memory.md", f"`KERNEL_OVERHEAD` = {estimate.KERNEL_OVERHEAD:,}")
    phrase("docs/memory.md", f"`CODE_HEAP_SLACK` = {estimate.CODE_HEAP_SLACK // 1024} KiB")
    assert estimate.HEAP_CHUNK == 2 << 20
    assert estimate.MEASURE_GRANULARITY == 2 << 20
    phrase("docs/memory.md", f"the last {measure.STABLE_RUNS} differences agree within 2 MiB + 1% "
                             f"(at most {measure.MAX_RUNS} pairs)")
    assert "MEASURE_GRANULARITY + 0.01" in (REPO / "kfoot" / "memory" / "measure.py").read_text()


# -------------------------------------------------------------------------------- figures: the demo build
@pytest.fixture
def session_demo(request):
    """The session's demo AOT build, only when other selected tests need it anyway (this file
    alone never runs nvcc), and only with the nvcc release the docs' figures were made with."""
    others = [item for item in request.session.items
              if "demo_aot" in getattr(item, "fixturenames", ()) and item.module is not request.module]
    if not others:
        pytest.skip("the demo AOT build is made only when other tests of the session use it (run the whole suite)")
    build = request.getfixturevalue("demo_aot")
    from kfoot.core.toolchain import find_tool, tool_version

    found = tool_version(find_tool("nvcc"))
    if found != DOCS_NVCC:
        pytest.skip(f"nvcc {found}: the docs' byte figures were made with {DOCS_NVCC}")
    return build


def test_demo_build_figures(session_demo):
    from kfoot.core.units import format_bytes
    from kfoot.memory.estimate import estimate_file
    from kfoot.report.analyze import analyze_paths

    summary = session_demo.summary
    rows = _readme_demo_table()
    assert rows["binary size (shipped)"][0] == format_bytes(summary["library_bytes"])
    report = kfoot_json("report", session_demo.library, "--json")["files"][0]
    assert rows["device images, stored"][0] == format_bytes(report["stored_bytes"])
    phrase("docs/benchmarks.md", f"writes a {summary['fatbin_bytes']:,}-byte `kernels.fatbin`")
    phrase("docs/benchmarks.md", f"`libkfoot_kernels.so` {summary['library_bytes']:,} bytes")
    file = analyze_paths([session_demo.library]).files[0]
    table = {arch: row for (label, arch), row in _memory_table().items() if label.startswith("bundled demo")}
    assert set(table) == {"sm_90", "sm_80"}
    for arch, row in table.items():
        full = estimate_file(file, arch).to_dict()
        _check_memory_row(row, full, estimate_file(file, arch, jit_ptx=False).to_dict())
    sm90 = estimate_file(file, "sm_90").to_dict()
    assert rows["context memory: eager (*)"][0] == format_bytes(sm90["eager_bytes"])
    phrase("docs/memory.md", f'"eager_bytes": {sm90["eager_bytes"]}, "lazy_bytes": {sm90["lazy_bytes"]}')
    phrase("docs/memory.md", f"the demo library: {sm90['modules']}")
