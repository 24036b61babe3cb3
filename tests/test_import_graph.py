"""The import graph of ``engine`` and ``games`` has no circle, and no module imports another's
private (``_name``) helper (design.md, "One game flow"): a change that crosses modules then finds one
place, not four.

Every module of the listed packages is parsed with :mod:`ast`, and every import counts: at module
level and inside functions (an import put inside a function only postpones the circle to the first
call), with one exception by design: a Celery task in ``games/tasks.py`` imports its service inside
the function, because the services enqueue the tasks (``games.services.after_commit``; HackSoft's
styleguide). Imports under ``if TYPE_CHECKING:`` do not count: they never run. An edge goes to the
module imported (``from engine.games import mulligan`` is an edge to ``engine.games.mulligan``), not
to the packages around it, so a package's ``__init__`` that gathers its own modules is no circle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["engine", "games"]
# Modules whose function bodies may import what imports them (see the docstring).
LATE_IMPORTS_ALLOWED = {"games.tasks"}

Graph = dict[str, set[str]]


def module_names(root: Path, packages: Sequence[str]) -> dict[str, Path]:
    """Every module of ``packages`` (directories under ``root``) by dotted name."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST, *, in_functions: bool = True) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under ``node``, at any depth (``in_functions``: also in function
    bodies), but those only run for type checkers."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]), in_functions=in_functions)
        elif in_functions or not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _imports(child, in_functions=in_functions)


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The module ``name`` denotes: itself, or the longest enclosing one we know (``a.b.C`` -> ``a.b``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(root: Path, packages: Sequence[str]) -> Graph:
    """``module -> modules of the packages it imports``."""
    return _graph_and_private_names(root, packages)[0]


def private_names_imported(root: Path, packages: Sequence[str]) -> list[str]:
    """``"a imports b._helper"`` for every private name one module takes from another."""
    return _graph_and_private_names(root, packages)[1]


def _graph_and_private_names(root: Path, packages: Sequence[str]) -> tuple[Graph, list[str]]:
    modules = module_names(root, packages)
    graph: Graph = {name: set() for name in modules}
    private: list[str] = []
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for statement in _imports(tree, in_functions=name not in LATE_IMPORTS_ALLOWED):
            targets: list[str] = []
            if isinstance(statement, ast.Import):
                targets = [alias.name for alias in statement.names]
            else:
                base = statement.module or ""
                if statement.level:
                    # A relative import counts from the module's package (its own name, for a package).
                    anchor = name.split(".")
                    anchor = anchor[: len(anchor) - statement.level + (1 if is_package else 0)]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{alias.name}" for alias in statement.names]
                private += [
                    f"{name} imports {base}.{alias.name}"
                    for alias in statement.names
                    if alias.name.startswith("_") and base in modules and base != name
                ]
            for target in targets:
                found = _known(target, modules)
                if found is not None and found != name:
                    graph[name].add(found)
    return graph, private


def tangles(graph: Graph) -> list[set[str]]:
    """The groups of modules that import each other, directly or not (strongly connected, two or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan; the graphs are a few hundred modules, recursion is fine
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def circle_in(graph: Graph, group: set[str]) -> list[str]:
    """A shortest circle through the group's first module (breadth-first within the group), as a path
    that ends where it began."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for target in sorted(graph[node] & group):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"no circle through {start} in {sorted(group)}")  # pragma: no cover


def circles(graph: Graph) -> list[list[str]]:
    return [circle_in(graph, group) for group in tangles(graph)]


def test_no_module_imports_another_in_a_circle() -> None:
    graph = import_graph(ROOT, PACKAGES)
    found = [
        f"{' -> '.join(circle_in(graph, group))}\n  ({len(group)} modules import each other: "
        f"{', '.join(sorted(group))})"
        for group in tangles(graph)
    ]
    assert not found, "import circles:\n" + "\n".join(found)


def test_the_core_imports_no_game_and_no_bot() -> None:
    imported = import_graph(ROOT, PACKAGES)["engine.core"]
    assert not {name for name in imported if name.startswith(("engine.games", "engine.bots"))}


def test_no_private_name_is_imported_across_modules() -> None:
    found = private_names_imported(ROOT, PACKAGES)
    assert not found, "\n".join(found)


def test_selectors_never_import_services() -> None:
    graph = import_graph(ROOT, PACKAGES)
    reads_on_writes = [
        f"{name} imports {target}"
        for name, targets in graph.items()
        if name.startswith("games.selectors")
        for target in targets
        if target.startswith("games.services")
    ]
    assert not reads_on_writes, "\n".join(reads_on_writes)


def test_the_engine_imports_nothing_of_the_service() -> None:
    graph = import_graph(ROOT, PACKAGES)
    wrong = [
        f"{name} imports {target}"
        for name in graph
        if name.startswith("engine")
        for target in graph[name]
        if target.startswith("games")
    ]
    assert not wrong, "\n".join(wrong)


# -- the checker itself, on packages made for the purpose ---------------------------------------


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        pytest.param(
            {"p/__init__.py": "", "p/a.py": "import p.b\n", "p/b.py": "def f():\n    from p import a\n"},
            [["p.a", "p.b", "p.a"]],
            id="an import inside a function closes a circle",
        ),
        pytest.param(
            {"p/__init__.py": "", "p/a.py": "from .b import x\n", "p/b.py": "from . import a\n"},
            [["p.a", "p.b", "p.a"]],
            id="relative imports",
        ),
        pytest.param(
            {
                "p/__init__.py": "",
                "q/__init__.py": "",
                "p/a.py": "import q.c\n",
                "q/c.py": "from p.a import f\n",
            },
            [["p.a", "q.c", "p.a"]],
            id="across the listed packages",
        ),
        pytest.param(
            {
                "p/__init__.py": "from p.a import f\n",
                "p/a.py": "from p.sub import g\n",
                "p/sub/__init__.py": "from p.sub.x import g\n",
                "p/sub/x.py": "import os\nfrom p.sub import y\n",
                "p/sub/y.py": "",
            },
            [],
            id="a package gathering its own modules is no circle",
        ),
        pytest.param(
            {
                "p/__init__.py": "",
                "p/a.py": "from typing import TYPE_CHECKING\nimport p.b\n",
                "p/b.py": "import typing\nif typing.TYPE_CHECKING:\n    import p.a\nelse:\n    import os\n",
            },
            [],
            id="imports for type checkers only do not count",
        ),
    ],
)
def test_the_checker_finds_circles_and_only_circles(
    tmp_path: Path, files: dict[str, str], expected: list[list[str]]
) -> None:
    root = write(tmp_path, files)
    packages = sorted({name.split("/")[0] for name in files})
    assert circles(import_graph(root, packages)) == expected


def test_the_checker_sees_a_private_name_taken_from_another_module(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        {"p/__init__.py": "", "p/a.py": "def _h(): ...\n", "p/b.py": "def f():\n    from p.a import _h\n"},
    )
    assert private_names_imported(root, ["p"]) == ["p.b imports p.a._h"]
