"""The shape of the code, held by a test so it cannot drift: the pipeline order kfoot/__init__.py
states, each step importing only the steps before it (and only those ALLOWED names), no import
cycles, format parsers that neither print nor keep state, a command line that is the only place
that parses arguments; and every module the tests and docs name exists.

The oracle is the source itself, read with `ast` (imports inside functions count too)."""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

import kfoot

PACKAGE = Path(kfoot.__file__).resolve().parent
REPO = PACKAGE.parent


def _pipeline() -> tuple[list[str], set[str]]:
    """The steps in the order kfoot/__init__.py lists them (`- step: what it does`), and the
    package-data folders its `Package data` paragraph names."""
    doc = kfoot.__doc__
    steps = re.findall(r"^- (\w+): ", doc, re.MULTILINE)
    data = doc[doc.index("Package data"):].split("\n\n")[0]
    return steps, set(re.findall(r"(\w+)/ ", data))


STEPS, DATA_FOLDERS = _pipeline()
ORDER = {step: index for index, step in enumerate(STEPS)}

# What each step may use, narrower than "every step before it". `core` is shared by all; the
# run-time registry format and its source fingerprint are shared by the RTC builder (compile) and
# the runtime that reads it.
ALLOWED = {
    "core": set(),
    "variants": {"core"},
    "binary": {"core"},
    "runtime": {"core", "binary"},
    "compile": {"core", "variants", "binary", "runtime"},
    "report": {"core", "binary"},
    "memory": {"core", "binary"},
    "explain": {"core", "variants", "binary", "runtime", "report", "memory"},
    "trace": {"core", "explain"},  # explain reads what trace records (kfoot.explain.usage_files)
    "gate": {"core", "report"},
    "compare": {"core", "variants", "compile", "runtime", "report", "memory"},
    "cli": {"core", "variants", "compile", "runtime", "binary", "report", "memory", "explain", "trace", "gate", "compare"},
}


def _modules() -> dict[str, tuple[Path, bool]]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        found[".".join(parts)] = (path, is_package)
    return found


MODULES = _modules()


def _imports(name: str) -> set[str]:
    """The kfoot modules `name` imports, anywhere in its source."""
    path, is_package = MODULES[name]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                out.add(full if full in MODULES else target)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return {m for m in out if m in MODULES and m != name}


GRAPH = {name: _imports(name) for name in MODULES}


def _step(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def test_the_pipeline_names_every_folder_once():
    assert len(STEPS) >= 8 and "core" in STEPS and "cli" in STEPS, f"kfoot/__init__.py's step list did not parse: {STEPS}"
    assert len(set(STEPS)) == len(STEPS), STEPS
    assert DATA_FOLDERS and not DATA_FOLDERS & set(STEPS), DATA_FOLDERS
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders == set(STEPS) | DATA_FOLDERS, "every folder of kfoot/ is a step or package data in kfoot/__init__.py"
    for folder in DATA_FOLDERS:  # at most a docstring, so that importlib.resources finds the folder
        for path in (PACKAGE / folder).rglob("*.py"):
            body = ast.parse(path.read_text()).body
            assert all(isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant) for n in body), path


def test_no_loose_modules_beside_the_steps():
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert loose == [], "every module belongs to a step's folder"


def test_allowed_narrows_the_order():
    assert set(ALLOWED) == set(STEPS)
    for step, uses in ALLOWED.items():
        assert all(ORDER[used] < ORDER[step] for used in uses), f"{step} may use a step after it: {sorted(uses)}"


def test_no_import_cycles():
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in GRAPH:
        if module not in index:
            visit(module)
    assert cycles == []


def _uses(step: str) -> set[str]:
    used = {_step(dep) for module, deps in GRAPH.items() if _step(module) == step for dep in deps}
    return used - {step, None}  # None: kfoot/__init__.py (the version)


@pytest.mark.parametrize("step", STEPS)
def test_each_step_uses_only_the_steps_before_it(step):
    later = sorted(used for used in _uses(step) if ORDER[used] > ORDER[step])
    assert not later, f"{step} imports {later}, which kfoot/__init__.py lists after it"
    assert _uses(step) <= ALLOWED[step], f"{step} uses {sorted(_uses(step) - ALLOWED[step])}"


def _calls_and_imports(path: Path) -> tuple[set[str], set[str]]:
    tree = ast.parse(path.read_text())
    calls = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            imported.add(node.module.split(".")[0])
    return calls, imported


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.startswith("kfoot.binary.")))
def test_format_parsers_neither_print_nor_render(name):
    calls, imported = _calls_and_imports(MODULES[name][0])
    assert "print" not in calls
    assert not imported & {"click", "rich"}


def test_only_the_command_line_parses_arguments():
    users = sorted(m for m, (path, _) in MODULES.items() if "click" in _calls_and_imports(path)[1])
    assert users and all(m.startswith("kfoot.cli") for m in users), users


def test_the_readme_layout_follows_the_order():
    layout = (REPO / "README.md").read_text().split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    named = [m for m in re.findall(r"`kfoot/(\w+)/", layout) if m in ORDER]
    assert list(dict.fromkeys(named)) == STEPS, "README.md's Layout names the steps in another order than kfoot/__init__.py"


# --------------------------------------------------------------------- names of the code elsewhere
_DOTTED = re.compile(r"(?<![\w/.-])kfoot(?:\.\w+)+(?![\w/-])")
_PATH = re.compile(r"(?<![\w.-])kfoot/[\w./-]*\w")
# Names of files, not modules: the build's stamp (docs/cpp.md).
NOT_MODULES = {"kfoot.stamp"}
# `#include <kfoot/...>`: the C++ headers as a C++ program names them, below kfoot/include/.
INCLUDE_ROOT = PACKAGE / "include"


def _prose(path: Path) -> str:
    """What a file says about the code: a Markdown file whole, a Python file's comments and
    docstrings (its code is checked by running it)."""
    text = path.read_text()
    if path.suffix != ".py":
        return text
    said = [tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline) if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            said.append(ast.get_docstring(node, clean=False) or "")
    return "\n".join(said)


def _resolves(dotted: str) -> bool:
    """A dotted name: the longest prefix that imports as a module, then attributes for the rest."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


def _writings() -> list[Path]:
    tests = [p for p in (REPO / "tests").rglob("*.py") if "__pycache__" not in p.parts]
    return [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")), *sorted(tests)]


def test_modules_and_paths_named_in_the_tests_and_docs_exist():
    """Modules get renamed: a docstring or a doc naming the old name would send the reader nowhere.
    Every dotted kfoot name in the tests' comments and docstrings and in the docs resolves; every
    `kfoot/...` path in the tests exists (test_docs.py checks the docs' paths and links)."""
    missing = []
    for path in _writings():
        text = _prose(path)
        where = path.relative_to(REPO)
        for dotted in sorted(set(_DOTTED.findall(text)) - NOT_MODULES):
            if not _resolves(dotted):
                missing.append(f"{where}: {dotted}")
        for named in sorted(set(_PATH.findall(text)) if where.parts[0] == "tests" else ()):
            if not (REPO / named).exists() and not (INCLUDE_ROOT / named).exists():
                missing.append(f"{where}: {named}")
    assert not missing, "named, but no such module or file:\n" + "\n".join(missing)
