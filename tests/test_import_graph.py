"""The import graph of ``engine`` and ``games`` has no circle, and no module imports another's
private (``_name``) helper: a change that crosses modules then finds one place, not four.

Every import counts, at module level and inside functions (an import tucked into a function to
dodge a circle is still a circle), with one exception by design: a Celery task in ``games/tasks.py``
imports its service inside the function, because the services enqueue the tasks
(``games.services.after_commit``) and a task must not load every service when a worker imports
the task module (HackSoft's styleguide).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "games")
# Modules whose function bodies may import what imports them (see the docstring).
LATE_IMPORTS_ALLOWED = {"games.tasks"}


def module_names(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in (root / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imports(tree: ast.Module, *, with_function_bodies: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    def visit(node: ast.AST, in_function: bool) -> Iterator[ast.Import | ast.ImportFrom]:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import | ast.ImportFrom) and (with_function_bodies or not in_function):
                yield child
            yield from visit(child, inside)

    yield from visit(tree, False)


def import_graph(root: Path, packages: Iterable[str]) -> tuple[dict[str, set[str]], list[str]]:
    """(module -> the project modules it imports, the private names imported across modules)."""
    modules = module_names(root, packages)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    private: list[str] = []
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        for node in _imports(tree, with_function_bodies=name not in LATE_IMPORTS_ALLOWED):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif node.level or node.module is None:
                continue  # the project uses absolute imports only
            else:
                targets = []
                for alias in node.names:
                    submodule = f"{node.module}.{alias.name}"
                    targets.append(submodule if submodule in modules else node.module)
                    if alias.name.startswith("_") and node.module in modules and node.module != name:
                        private.append(f"{name} imports {node.module}.{alias.name}")
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph, private


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


@pytest.fixture(scope="module")
def project_graph() -> tuple[dict[str, set[str]], list[str]]:
    return import_graph(ROOT, PACKAGES)


def test_no_import_circle(project_graph: tuple[dict[str, set[str]], list[str]]) -> None:
    found = circles(project_graph[0])
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(circle) for circle in found)


def test_no_private_name_imported_across_modules(
    project_graph: tuple[dict[str, set[str]], list[str]],
) -> None:
    assert not project_graph[1], "\n".join(project_graph[1])


def test_selectors_never_import_services(project_graph: tuple[dict[str, set[str]], list[str]]) -> None:
    graph = project_graph[0]
    reads_on_writes = [
        f"{name} imports {target}"
        for name, targets in graph.items()
        if name.startswith("games.selectors")
        for target in targets
        if target.startswith("games.services")
    ]
    assert not reads_on_writes, "\n".join(reads_on_writes)


def test_the_engine_never_imports_django_or_the_service(
    project_graph: tuple[dict[str, set[str]], list[str]],
) -> None:
    wrong = [
        f"{name} imports {target}"
        for name, targets in project_graph[0].items()
        if name.startswith("engine")
        for target in targets
        if not target.startswith("engine")
    ]
    assert not wrong, "\n".join(wrong)


def test_a_circle_and_a_private_import_are_seen(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.b import thing\n")
    (package / "b.py").write_text("def f():\n    from pkg.a import _helper\n")
    graph, private = import_graph(tmp_path, ["pkg"])
    assert circles(graph) == [["pkg.a", "pkg.b"]]
    assert private == ["pkg.b imports pkg.a._helper"]
