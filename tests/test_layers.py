"""The layers (:mod:`uurules.layers`): data flows one way, from the engine up to the command line.

Every module's imports are read with ``ast`` (none is imported): module-level imports, imports inside
functions (lazy) and imports only for the type checker (``if TYPE_CHECKING:``, which run nowhere).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from uurules.layers import LAYERS, LAZY_UP, layer_of

PACKAGE = Path(__file__).resolve().parent.parent / "uurules"


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    kind: str  # "module" (at import time), "lazy" (inside a function) or "typing" (TYPE_CHECKING)
    where: str  # the enclosing function's qualified name ("" at module level)
    line: int


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports_of(module: str, path: Path, modules: dict[str, Path]) -> list[Import]:
    """The imports of ``uurules`` modules by ``module`` (its file: ``path``)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[Import] = []

    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        if node.level:
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        # ``from uurules import yamlio`` imports the module uurules.yamlio
        return [f"{source}.{a.name}" if f"{source}.{a.name}" in modules else source for a in node.names]

    def walk(node: ast.AST, qual: str, lazy: bool, typing: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                inner = f"{qual}.{child.name}" if qual else child.name
                walk(child, inner, lazy or not isinstance(child, ast.ClassDef), typing)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for sub in child.body:
                    walk(ast.Module(body=[sub], type_ignores=[]), qual, lazy, True)
                for sub in child.orelse:
                    walk(ast.Module(body=[sub], type_ignores=[]), qual, lazy, typing)
            elif isinstance(child, (ast.Import, ast.ImportFrom)):
                for name in targets(child):
                    target = known(name) if name.startswith("uurules") else None
                    if target and target != module:
                        kind = "typing" if typing else "lazy" if lazy else "module"
                        where = qual if lazy else "TYPE_CHECKING" if typing else ""
                        found.append(Import(module, target, kind, where, child.lineno))
            else:
                walk(child, qual, lazy, typing)

    walk(ast.parse(path.read_text(encoding="utf-8")), "", False, False)
    return found


@cache
def imports() -> tuple[Import, ...]:
    """Every import of a ``uurules`` module by a ``uurules`` module."""
    modules = _modules()
    return tuple(i for module, path in modules.items() for i in _imports_of(module, path, modules))


def test_the_reader_sees_module_level_lazy_and_typing_imports():
    kinds = {(i.importer, i.imported): i for i in imports()}
    assert kinds["uurules.scenario", "uurules.engine.game"].kind == "module"
    game = kinds["uurules.engine.game", "uurules.render"]
    assert (game.kind, game.where) == ("lazy", "Game.picture")
    assert any(i.kind == "typing" for i in imports())


def test_every_module_is_in_one_layer():
    for module in _modules():
        layer_of(module)  # KeyError names a module no layer holds
    names = [name for name, _ in LAYERS]
    assert len(names) == len(set(names))
    assert names[0] == "engine" and names[-1] == "cli"


def test_layers_run_in_the_order_of_the_data():
    order = [name for name, _ in LAYERS]
    for low, high in [
        ("engine", "rulesets"),
        ("rulesets", "scenario"),
        ("scenario", "question"),
        ("question", "search"),
        ("search", "answer"),
        ("answer", "render"),
        ("render", "widgets"),
        ("widgets", "cli"),
    ]:
        assert order.index(low) < order.index(high)
    # the solver's three rooms: question -> search -> answer (with its words and the public entry)
    assert layer_of("uurules.engine.contract") < layer_of("uurules.question") < layer_of("uurules.search")
    assert layer_of("uurules.search") < layer_of("uurules.answer") == layer_of("uurules.ask_words")
    assert layer_of("uurules.answer") == layer_of("uurules.ask")
    assert layer_of("uurules.render.dot") < layer_of("uurules.widgets.stepper")


def _up(i: Import) -> bool:
    return layer_of(i.imported) > layer_of(i.importer)


def test_no_module_level_import_goes_up():
    up = [i for i in imports() if i.kind == "module" and _up(i)]
    assert up == [], "\n".join(f"{i.importer}:{i.line} imports {i.imported} (a higher layer)" for i in up)


def _stated(i: Import) -> bool:
    """Whether ``i`` is the stated way up for its pair (:data:`uurules.layers.LAZY_UP`)."""
    for (low, high), (place, _why) in LAZY_UP.items():
        if i.importer == low and (i.imported == high or i.imported.startswith(high + ".")):
            return i.where == place or i.where.startswith(place + ".")
    return False


@pytest.mark.parametrize("kind", ["lazy", "typing"])
def test_imports_inside_functions_or_for_the_type_checker_go_up_only_from_their_one_stated_place(kind):
    stray = [
        f"{i.importer}:{i.line} ({i.where}) imports {i.imported} (a higher layer)"
        for i in imports()
        if i.kind == kind and _up(i) and not _stated(i)
    ]
    assert stray == [], "\n".join(stray)


@pytest.mark.parametrize("pair", sorted(LAZY_UP))
def test_each_stated_way_up_is_used_and_goes_up(pair):
    low, high = pair
    place, why = LAZY_UP[pair]
    assert why and layer_of(high) > layer_of(low)
    assert any(
        i.importer == low and (i.imported == high or i.imported.startswith(high + ".")) and _stated(i)
        for i in imports()
    ), f"{low} no longer imports {high} in {place}: drop the entry"


def test_render_imports_nothing_from_widgets():
    found = [
        i for i in imports() if i.importer.startswith("uurules.render") and i.imported.startswith("uurules.widgets")
    ]
    assert found == []


def test_module_level_imports_close_no_circle():
    graph: dict[str, set[str]] = {}
    for i in imports():
        if i.kind == "module":
            graph.setdefault(i.importer, set()).add(i.imported)
    # a package's __init__ is run before its submodules: importing uurules.a.b runs uurules.a
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                circles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert circles == [], "\n".join(" -> ".join(c) for c in circles)
