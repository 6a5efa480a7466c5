"""The docs cannot drift silently: README.md and docs/*.md held to what the current kfoot does.
This file holds what every doc shares; each doc's formats and figures have a file of their own
beside it (test_docs_runtime.py, _report, _memory, _readme, _spec_ci), and docs_support.py holds
the helpers they share.

- Every marked example (`<!-- docs-example -->`, `<!-- docs-file: PATH -->`) is run and compared
  with what kfoot prints now, by scripts/docs_examples.py (`check` runs the same; `update`
  rewrites the examples when an output changes on purpose).
- Paths, links and anchors, CLI options, environment variables and test names the docs mention
  exist in the repository and the code; the schema names are ones kfoot writes.

Never the spelling of kfoot's source, in this file or its siblings: a claim is checked by running
the command or calling the function and comparing what it gives with what the doc says.
"""

from __future__ import annotations

import json
import re

import pytest

from docs_support import DOC_TEXT, dx, first_code, kfoot_json, phrase, run_examples, section, table_rows
from oracles.cli import REPO


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


# ------------------------------------------------------------------------------------- mentions
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


def _names_written(value) -> set[str]:
    """Every `schema`, `format` and `upgraded_from` value in a JSON document, at any depth."""
    if isinstance(value, list):
        return set().union(set(), *map(_names_written, value))
    if not isinstance(value, dict):
        return set()
    own = {v for k, v in value.items() if k in ("schema", "format", "upgraded_from") and isinstance(v, str)}
    return own.union(*map(_names_written, value.values()))


def test_schema_and_format_names_in_the_docs_are_what_kfoot_writes(tmp_path, demo_registry, demo_aot):
    from kfoot.compare.run import Comparison

    v1, baseline = "tests/data/demo-baseline-report-v1.json", "ci/demo-baseline.json"
    documents = [json.loads((demo_registry / "registry.json").read_text()),
                 json.loads((demo_aot.out_dir / "manifest.json").read_text()),
                 kfoot_json("diff", v1, baseline, "--json"),
                 kfoot_json("gate", "--baseline", baseline, baseline, "--json"),
                 kfoot_json("gate", "--baseline", tmp_path / "b.json", v1, "--update-baseline", "--json"),
                 json.loads((tmp_path / "b.json").read_text()),  # a /1 report, rewritten as /3
                 kfoot_json("gate", "--baseline", tmp_path / "c.json", baseline, "--update-baseline", "--json"),
                 json.loads((tmp_path / "c.json").read_text()),  # the /2 baseline, rewritten as /3
                 Comparison("s", [], "sm_90", None, None, {}, {}, {}, "estimated").to_dict(),
                 kfoot_json("explain", demo_aot.fatbin, "--json")]
    written = set().union(*map(_names_written, documents))
    assert {"kfoot.report/1", "kfoot.report/2", "kfoot.report/3", "kfoot-rtc-registry"} <= written, written
    for doc, text in DOC_TEXT.items():
        for name in set(re.findall(r"\bkfoot\.[a-z]+/\d+|\bkfoot-rtc-registry\b", text)):
            assert name in written, f"{doc} names {name}, which kfoot does not write"


def test_hex_constants_in_the_docs_are_the_codes():
    from kfoot.binary import fatbin

    phrase("README.md", "(flag 0x10000)")
    assert fatbin.FLAG_ENCODED == 0x10000


# ---------------------------------------------------------------------------------- environment
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
