"""The shape of the code, held by a test so it cannot drift: the pipeline in the folders, each
step depending only on the steps before it, no import cycles, format parsers that neither print
nor keep state, and a command line that is the only place that parses arguments.

The oracle is the source itself, read with `ast` (imports inside functions count too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kfoot

PACKAGE = Path(kfoot.__file__).resolve().parent

# Each step and the steps it may use. `core` is shared by all; the run-time registry format and
# its source fingerprint are shared by the RTC builder (compile) and the runtime that reads it.
ALLOWED = {
    "core": set(),
    "variants": {"core"},
    "binary": {"core"},
    "runtime": {"core", "binary"},
    "compile": {"core", "variants", "binary", "runtime"},
    "report": {"core", "binary"},
    "memory": {"core", "binary"},
    "gate": {"core", "report"},
    "compare": {"core", "variants", "compile", "runtime", "report", "memory"},
    "cli": {"core", "variants", "compile", "runtime", "binary", "report", "memory", "gate", "compare"},
    "bundled": set(),
    # Package data, no Python: the C++ runtime header and the CMake package (docs/cpp.md).
    "include": set(),
    "cmake": set(),
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


def test_no_loose_modules_beside_the_steps():
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert loose == [], "every module belongs to a step's folder"
    assert {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"} == set(ALLOWED)


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


@pytest.mark.parametrize("step", sorted(ALLOWED))
def test_each_step_uses_only_the_steps_before_it(step):
    used = {_step(dep) for module, deps in GRAPH.items() if _step(module) == step for dep in deps}
    used.discard(step)
    used.discard(None)  # kfoot/__init__ (the version)
    assert used <= ALLOWED[step], f"{step} uses {sorted(used - ALLOWED[step])}"


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
