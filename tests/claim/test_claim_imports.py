"""The Claim modules import one another in one direction: the game object on top, nothing
below it importing it back (no circle figures -> game -> pictures: the game passes its
lookup of game objects into the pictures and figures, decision record 0023)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "rules" / "claim"


def _imports(module: str) -> set[str]:
    """The Claim modules ``module`` imports at run time (inside functions too; not for type checking only)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
               for n in ast.walk(node)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module == "rules.claim":  # from rules.claim import engine
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules.claim."):
            out.add(node.module.removeprefix("rules.claim."))
        elif isinstance(node, ast.Import):
            out |= {a.name.removeprefix("rules.claim.") for a in node.names if a.name.startswith("rules.claim.")}
    return out


def test_no_module_below_the_game_imports_it_and_the_graph_has_no_cycle() -> None:
    modules = [p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"]
    graph = {m: _imports(m) & set(modules) for m in modules}
    assert graph["game"] >= {"engine", "records", "pictures", "variants"}, "the reader misses the game's imports"
    assert not [m for m in modules if "game" in graph[m]], "a module below the game imports rules.claim.game"

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join(path + (m,))}"
        for n in sorted(graph[m]):
            visit(n, path + (m,))

    for m in modules:
        visit(m, ())
