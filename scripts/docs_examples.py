#!/usr/bin/env python3
"""The examples in README.md and docs/*.md, run against the current kfoot; and the generators of
the figures that need slow tools (ptxas, nvcc), so no figure in the docs is typed by hand.

    .venv/bin/python scripts/docs_examples.py check          # run every marked example, show differences
    .venv/bin/python scripts/docs_examples.py update         # rewrite full examples and copied files in place
    .venv/bin/python scripts/docs_examples.py memory-table   # docs/memory.md's estimate table (nvcc + ptxas, ~1 min)
    .venv/bin/python scripts/docs_examples.py gate-example   # docs/ci.md's gate failure (nvcc, ~1 min)
    .venv/bin/python scripts/docs_examples.py demo-shipped [--write]
                                                     # README's RTC "binary size (shipped)" (seconds)

`check` is what tests/test_docs.py runs (in a few seconds, no nvcc); `update` is how a change
in kfoot's output is carried into the docs (then read the diff).

Marked blocks. In a Markdown file, an HTML comment right before a fenced block (GitHub does not
show it):

    <!-- docs-example -->                  a transcript, compared in full
    <!-- docs-example: excerpt -->         a transcript whose output lines must appear in the real
                                           output in this order (other lines may come between)
    <!-- docs-example: requires nvidia-curand==10.4.5.25 -->
                                           run only where that distribution is installed (at that
                                           version, when one is given); options combine with ";"
    <!-- docs-file: ci/kfoot-budget.toml -->  the block is that file of the repository, verbatim

A transcript: lines starting with `$ ` are commands, run by bash in the repository root; a command
ending in a heredoc (`<<'EOF'`) goes on to the line `EOF`. The lines after a command, up to the
next command, are its expected output (stdout and stderr together); it must exit 0. In an
excerpt, a line `...` only marks a gap. `kfoot`, `python`, `.venv/bin/kfoot` and `.venv/bin/python`
run this interpreter's kfoot (this checkout's), and `.venv/lib/python3.X/site-packages/` is its
site-packages. Paths that start
with `/tmp/kfoot-` are scratch: each document gets a fresh scratch folder for them, shared by its
examples in order, so an example can use what an earlier one wrote. Environment: COLUMNS=100
(rich's tables), KFOOT_CACHE_DIR=/tmp/kfoot-cache, no KFOOT_TRACE, no GITHUB_STEP_SUMMARY.

Compared: lines without trailing spaces, trailing blank lines dropped. Nothing else is
tolerated, so an example must be a command whose output does not vary (no timings, no absolute
paths outside the scratch folder); measurements belong in docs/benchmarks.md with their script.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOCS = ("README.md", "docs/spec.md", "docs/runtime.md", "docs/memory.md", "docs/ci.md", "docs/report.md",
        "docs/benchmarks.md", "docs/cpp.md", "docs/explain.md")
SCRATCH_PREFIX = "/tmp/kfoot-"
COLUMNS = "100"
COMMAND_TIMEOUT_S = 300
SITE_PACKAGES = sysconfig.get_paths()["purelib"]

_MARKER = re.compile(r"^<!--\s*docs-(example|file)(?::\s*(.*?))?\s*-->\s*$")
_FENCE = re.compile(r"^(```+|~~~+)(.*)$")
_HEREDOC = re.compile(r"<<-?\s*'?\"?(\w+)'?\"?\s*$")


# ------------------------------------------------------------------------------- parsing
@dataclass
class Block:
    doc: Path
    kind: str  # "example" or "file"
    options: list[str]
    info: str  # the fence's info string (language)
    lines: list[str]  # content, without the fences
    start: int  # index of the first content line in the document
    end: int  # index of the closing fence

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(REPO)}:{self.start}"

    @property
    def excerpt(self) -> bool:
        return "excerpt" in self.options

    @property
    def requires(self) -> list[str]:
        return [o.split(None, 1)[1].strip() for o in self.options if o.startswith("requires ")]


def find_blocks(doc: Path) -> list[Block]:
    """The marked fenced blocks of a Markdown file."""
    lines = doc.read_text().splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        match = _MARKER.match(lines[i].strip())
        if not match:
            i += 1
            continue
        kind, raw = match.group(1), match.group(2) or ""
        options = [o.strip() for o in raw.split(";") if o.strip()]
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        fence = _FENCE.match(lines[j]) if j < len(lines) else None
        if fence is None:
            raise ValueError(f"{doc}:{i + 1}: a docs-{kind} marker must be followed by a fenced block")
        close = j + 1
        while close < len(lines) and not lines[close].startswith(fence.group(1)):
            close += 1
        if close >= len(lines):
            raise ValueError(f"{doc}:{j + 1}: fenced block never closed")
        blocks.append(Block(doc, kind, options, fence.group(2).strip(), lines[j + 1:close], j + 1, close))
        i = close + 1
    return blocks


@dataclass
class Step:
    command: str  # as written, heredoc included
    expected: list[str]
    line: int  # index of the command inside the block


def transcript_steps(block: Block) -> list[Step]:
    steps: list[Step] = []
    lines = block.lines
    i = 0
    if lines and not lines[0].startswith("$ "):
        raise ValueError(f"{block.where}: a transcript starts with a `$ ` command line")
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            command = [line[2:]]
            start = i
            heredoc = _HEREDOC.search(line)
            i += 1
            if heredoc:
                while i < len(lines) and lines[i] != heredoc.group(1):
                    command.append(lines[i])
                    i += 1
                if i < len(lines):
                    command.append(lines[i])
                    i += 1
            steps.append(Step("\n".join(command), [], start))
        else:
            steps[-1].expected.append(line)
            i += 1
    return steps


# ------------------------------------------------------------------------------- running
def _normalise(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def missing_requirements(block: Block) -> list[str]:
    """What the block requires that is not installed here (empty: run it)."""
    missing = []
    for requirement in block.requires:
        name, _, wanted = requirement.partition("==")
        try:
            found = importlib.metadata.version(name.strip())
        except importlib.metadata.PackageNotFoundError:
            missing.append(f"{name.strip()} is not installed")
            continue
        if wanted and found != wanted.strip():
            missing.append(f"{name.strip()} {found} is installed, the example was made with {wanted.strip()}")
    return missing


class Runner:
    """Runs a document's examples in order, in one scratch folder."""

    def __init__(self, scratch: Path):
        self.scratch = Path(scratch)
        self.scratch.mkdir(parents=True, exist_ok=True)
        self.prefix = str(self.scratch / "kfoot-")
        bin_dir = self.scratch / "bin"
        bin_dir.mkdir(exist_ok=True)
        for name, target in (("kfoot", f'"{sys.executable}" -m kfoot'), ("python", f'"{sys.executable}"')):
            shim = bin_dir / name
            shim.write_text(f'#!/bin/sh\nexec {target} "$@"\n')
            shim.chmod(0o755)
        env = {k: v for k, v in os.environ.items() if not k.startswith("KFOOT_") and k != "GITHUB_STEP_SUMMARY"}
        env.update(COLUMNS=COLUMNS, KFOOT_CACHE_DIR=self.prefix + "cache", PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")])))
        env.pop("LINES", None)
        self.env = env

    def command(self, text: str) -> str:
        text = text.replace(SCRATCH_PREFIX, self.prefix)
        text = re.sub(r"(?<![\w/.])\.venv/lib/python3\.\d+/site-packages/", lambda _: SITE_PACKAGES + "/", text)
        return re.sub(r"(?<![\w/.])\.venv/bin/(kfoot|python)\b", r"\1", text)

    def run(self, command: str) -> tuple[int, list[str]]:
        proc = subprocess.run(["bash", "-c", self.command(command)], cwd=REPO, env=self.env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT_S)
        return proc.returncode, _normalise(proc.stdout.replace(self.prefix, SCRATCH_PREFIX))


@dataclass
class Outcome:
    block: Block
    status: str  # "ok", "skip", "fail"
    message: str = ""
    actual: list[list[str]] = field(default_factory=list)  # per step, for update


def subsequence_miss(expected: list[str], actual: list[str]) -> str | None:
    """The first expected line (blank ones ignored) not found, in order, in `actual`; None if all are."""
    position = 0
    for line in (e.rstrip() for e in expected):
        if not line or line.strip() == "...":
            continue
        try:
            position = actual.index(line, position) + 1
        except ValueError:
            return line
    return None


def check_block(block: Block, runner: Runner) -> Outcome:
    """Run a block and compare; every command runs (later ones may depend on earlier ones), and
    the first difference is reported."""
    if block.kind == "file":
        path = REPO / block.options[0]
        actual = _normalise(path.read_text()) if path.is_file() else None
        if actual is None:
            return Outcome(block, "fail", f"{block.where}: {block.options[0]} does not exist")
        if _normalise("\n".join(block.lines)) != actual:
            return Outcome(block, "fail", f"{block.where}: the block differs from {block.options[0]}:\n"
                           + _diff(block.lines, actual), [actual])
        return Outcome(block, "ok", actual=[actual])
    missing = missing_requirements(block)
    if missing:
        return Outcome(block, "skip", f"{block.where}: " + "; ".join(missing))
    outputs, problems = [], []
    for step in transcript_steps(block):
        rc, actual = runner.run(step.command)
        outputs.append(actual)
        first = step.command.splitlines()[0]
        if rc != 0:
            problems.append(f"{block.where}: `{first}` exited {rc}:\n" + "\n".join(actual[-30:]))
            break
        if block.excerpt:
            miss = subsequence_miss(step.expected, actual)
            if miss is not None:
                problems.append(f"{block.where}: `{first}`: this line of the excerpt is not in the output "
                                f"(in order):\n  {miss!r}\noutput:\n" + "\n".join(actual))
        elif _normalise("\n".join(step.expected)) != actual:
            problems.append(f"{block.where}: `{first}` prints something else:\n" + _diff(step.expected, actual))
    if problems:
        return Outcome(block, "fail", problems[0], outputs)
    return Outcome(block, "ok", actual=outputs)


def _diff(expected: list[str], actual: list[str]) -> str:
    return "\n".join(difflib.unified_diff([e.rstrip() for e in expected], actual, "doc", "kfoot", lineterm="", n=1))


def check_document(doc: Path, scratch: Path) -> list[Outcome]:
    runner = Runner(scratch)
    return [check_block(block, runner) for block in find_blocks(doc)]


def documents() -> list[Path]:
    return [REPO / d for d in DOCS if (REPO / d).is_file()]


# ------------------------------------------------------------------------------- update
def update_document(doc: Path, scratch: Path) -> list[Outcome]:
    """Rewrite the full (non-excerpt) examples and the copied files with what runs now."""
    lines = doc.read_text().splitlines()
    runner = Runner(scratch)
    outcomes = []
    edits = []
    for block in find_blocks(doc):
        outcome = check_block(block, runner)
        outcomes.append(outcome)
        if outcome.status == "skip" or block.excerpt or not outcome.actual:
            continue
        if block.kind == "file":
            new = outcome.actual[0]
        else:
            steps = transcript_steps(block)
            if len(outcome.actual) != len(steps):
                continue  # a command failed: nothing to write
            new = []
            for step, actual in zip(steps, outcome.actual):
                new += ["$ " + step.command.split("\n", 1)[0]] + step.command.split("\n")[1:] + actual
        edits.append((block.start, block.end, new))
    for start, end, new in reversed(edits):  # bottom up: the line numbers above stay valid
        lines[start:end] = new
    doc.write_text("\n".join(lines) + "\n")
    return outcomes


# ------------------------------------------------------------------------------- generators
def _kfoot(*args: str, env: dict | None = None, check: bool = True) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "kfoot", *args], cwd=REPO, text=True, capture_output=True,
                          env=dict(os.environ, COLUMNS=COLUMNS, **(env or {})))
    if check and proc.returncode != 0:
        raise SystemExit(f"kfoot {' '.join(args)} failed ({proc.returncode}):\n{proc.stderr}")
    return proc


def curand_library() -> Path | None:
    import importlib.util

    spec = importlib.util.find_spec("nvidia")
    for location in (spec.submodule_search_locations if spec else []):
        for candidate in sorted(Path(location).glob("*/lib/libcurand.so*")):
            return candidate
    return None


def build_demo(out: Path) -> Path:
    _kfoot("build", "--mode", "aot", "kfoot/bundled/demo.toml", "-o", str(out), "--arch", "sm_80,sm_90", "-j", "2",
           "--json")
    return out / "libkfoot_kernels.so"


def memory_rows(path: Path, archs: list[str], label: str) -> list[str]:
    """Rows of docs/memory.md's estimate table for one binary (ptxas compiles its PTX: slow)."""
    from kfoot.core.units import format_bytes

    rows = []
    for arch in archs:
        full = json.loads(_kfoot("report", str(path), "--memory", "estimate", "--memory-arch", arch, "--json").stdout)
        memory = full["files"][0]["memory"]
        sass_only = sass_only_estimate(path, arch)
        ptx = memory["eager_bytes"] - sass_only["eager_bytes"]
        routes = ", ".join(f"{n:,} {route}" for route, n in memory["modules_by_route"].items())
        demand = memory.get("on_demand") or {}
        on_demand = (f"{demand['modules']:,} modules, {demand['unloadable_modules']:,} unloadable"
                     if demand.get("modules") else "none")
        rows.append(f"| {label if arch == archs[0] else 'same'} | {arch} | "
                    f"{format_bytes(memory['eager_bytes'])} ({memory['eager_bytes']:,} B) | {ptx:,} B | "
                    f"{memory['load_bytes']:,} B | {routes} | {on_demand} |")
    return rows


def sass_only_estimate(path: Path, arch: str) -> dict:
    """The estimate without compiling PTX (no ptxas: PTX modules count 0, flagged): fast, and what
    tests/test_docs_memory.py checks the table's figures against."""
    sys.path.insert(0, str(REPO))
    from kfoot.memory.estimate import estimate_file
    from kfoot.report.analyze import analyze_paths

    return estimate_file(analyze_paths([path]).files[0], arch, jit_ptx=False).to_dict()


def memory_table(demo_build: Path | None) -> None:
    from kfoot.core.toolchain import find_tool, tool_version

    print("| binary | arch | eager (estimated) | of which PTX JIT | load bytes | modules by route | on demand, not in eager |")
    print("|---|---|---:|---:|---:|---|---|")
    with tempfile.TemporaryDirectory(prefix="kfoot-docs-") as tmp:
        library = (demo_build / "libkfoot_kernels.so") if demo_build else build_demo(Path(tmp) / "demo")
        for row in memory_rows(library, ["sm_90", "sm_80"], "bundled demo AOT library (`kfoot/bundled/demo.toml`, "
                                                             "sm_80 + sm_90, 80 variants)"):
            print(row)
    curand = curand_library()
    if curand is not None:
        version = importlib.metadata.version("nvidia-curand")
        for row in memory_rows(curand, ["sm_90", "sm_80"], f"libcurand.so.10 (nvidia-curand {version}, "
                                                           f"{curand.stat().st_size:,} B)"):
            print(row)
    print(f"\nnvcc and ptxas {tool_version(find_tool('ptxas'))} from the NVIDIA wheels")


def demo_shipped_bytes() -> int:
    """RTC's "binary size (shipped)" as `kfoot compare` (so `make demo`) computes it: the demo
    spec's registry.json and templates/, built by build_rtc and summed by compare's own code."""
    sys.path.insert(0, str(REPO))
    from kfoot.compare.run import _tree_bytes
    from kfoot.compile.rtc_registry import build_rtc
    from kfoot.variants.loader import DEMO_SPEC, load_spec

    with tempfile.TemporaryDirectory(prefix="kfoot-docs-") as tmp:
        built = build_rtc(load_spec(DEMO_SPEC), Path(tmp) / "rtc")
        return _tree_bytes(built.path, Path(tmp) / "rtc" / "templates")


DEMO_SHIPPED_ROW = re.compile(r"^(  binary size \(shipped\)\s+\S+ \S+)(\s+)(\S+ \S+)(\s+\S+ \S+)$", re.M)


def demo_shipped(write: bool) -> None:
    """Print the figure; with `write`, put it in README.md's `make demo` table (the RTC cell of
    that row, right-aligned as rich aligns it). registry.json names the spec by its absolute path,
    so the figure is this checkout's."""
    sys.path.insert(0, str(REPO))
    from kfoot.core.units import format_bytes

    shipped = demo_shipped_bytes()
    print(f"RTC binary size (shipped): {format_bytes(shipped)} ({shipped:,} B; spec at {REPO})")
    if not write:
        return
    readme = REPO / "README.md"
    text = readme.read_text()
    match = DEMO_SHIPPED_ROW.search(text)
    if match is None:
        raise SystemExit("README.md: no `binary size (shipped)` row in the make demo table")
    width = len(match.group(2)) + len(match.group(3))
    cell = format_bytes(shipped).rjust(width)
    readme.write_text(text[:match.start()] + match.group(1) + cell + match.group(4) + text[match.end():])
    print(f"README.md: {match.group(3)} -> {format_bytes(shipped)} (docs/benchmarks.md shows the same run: "
          "tests/test_docs_readme.py holds its table equal to README's)")


GATE_EXAMPLE_OUT = Path("/tmp/kfoot-gate-example")


def gate_example() -> None:
    """docs/ci.md's example: float64 added to the demo's reductions, gated like `make test` does."""
    shutil.rmtree(GATE_EXAMPLE_OUT, ignore_errors=True)
    spec_dir = GATE_EXAMPLE_OUT / "templates"
    shutil.copytree(REPO / "kfoot" / "templates", spec_dir, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    spec = spec_dir / "demo.toml"
    text = spec.read_text()
    reduce_at = text.index('name   = "reduce"')
    old = 'x    = ["float32", "float16"]'
    at = text.index(old, reduce_at)
    spec.write_text(text[:at] + 'x    = ["float32", "float16", "float64"]' + text[at + len(old):])
    out = GATE_EXAMPLE_OUT / "build"
    _kfoot("build", "--mode", "aot", str(spec), "-o", str(out), "--arch", "sm_80,sm_90", "-j", "2", "--json")
    env = {k: "" for k in ("GITHUB_STEP_SUMMARY",)}
    proc = _kfoot("gate", "--budget", "ci/kfoot-budget.toml", str(out / "libkfoot_kernels.so"), env=env, check=False)
    print(f"$ kfoot gate --budget ci/kfoot-budget.toml {out / 'libkfoot_kernels.so'}")
    print("\n".join(line.rstrip() for line in (proc.stdout + proc.stderr).rstrip().splitlines()))
    print(f"(exit {proc.returncode})", file=sys.stderr)


# ------------------------------------------------------------------------------- main
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    check = sub.add_parser("check", help="run the marked examples, show differences")
    check.add_argument("docs", nargs="*", help="Markdown files [default: README.md and docs/*.md]")
    update = sub.add_parser("update", help="rewrite full examples and copied files in place")
    update.add_argument("docs", nargs="*")
    table = sub.add_parser("memory-table", help="docs/memory.md's estimate table")
    table.add_argument("--demo-build", type=Path, default=None, help="an existing `kfoot build --mode aot` of the demo")
    sub.add_parser("gate-example", help="docs/ci.md's gate failure example")
    shipped = sub.add_parser("demo-shipped", help="README's RTC 'binary size (shipped)' figure, from kfoot compare's code")
    shipped.add_argument("--write", action="store_true", help="rewrite that cell of README.md's make demo table")
    args = parser.parse_args(argv)
    if args.what == "demo-shipped":
        demo_shipped(args.write)
        return 0
    if args.what == "memory-table":
        memory_table(args.demo_build)
        return 0
    if args.what == "gate-example":
        gate_example()
        return 0
    docs = [Path(d).resolve() for d in args.docs] or documents()
    failed = 0
    for doc in docs:
        with tempfile.TemporaryDirectory(prefix="kfoot-docs-") as scratch:
            outcomes = (update_document if args.what == "update" else check_document)(doc, Path(scratch))
        for outcome in outcomes:
            if outcome.status != "ok":
                print(f"{outcome.status.upper()}: {outcome.message}\n")
            failed += outcome.status == "fail"
        agreed = f"{sum(o.status == 'ok' for o in outcomes)} of {len(outcomes)} blocks agree"
        print(f"{doc.relative_to(REPO)}: {agreed}" + (" (before the update)" if args.what == "update" else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
