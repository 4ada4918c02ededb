"""The Leaders modules import one another in one direction: the game object on top, nothing
below it importing it back (no circle game <-> positions <-> wins, game <-> pictures)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.rules("leaders.goal")

PACKAGE = Path(__file__).resolve().parents[2] / "rules" / "leaders"


def _imports(module: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):  # imports inside functions count too: a lazy import is still a circle
        if isinstance(node, ast.ImportFrom) and node.module == "rules.leaders":  # from rules.leaders import engine
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules.leaders."):
            out.add(node.module.removeprefix("rules.leaders."))
        elif isinstance(node, ast.Import):
            out |= {a.name.removeprefix("rules.leaders.") for a in node.names if a.name.startswith("rules.leaders.")}
    return out


def test_no_module_below_the_game_imports_it_and_the_graph_has_no_cycle() -> None:
    modules = [p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"]
    graph = {m: _imports(m) & set(modules) for m in modules}
    assert graph["game"] >= {"engine", "records", "pictures", "commands"}, "the reader misses the game's imports"
    for m in ("positions", "wins", "commands", "records", "engine", "explain", "strategy_svg", "perft", "pictures"):
        assert "game" not in graph[m], f"{m} imports rules.leaders.game"

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join(path + (m,))}"
        for n in sorted(graph[m]):
            visit(n, path + (m,))

    for m in modules:
        visit(m, ())
