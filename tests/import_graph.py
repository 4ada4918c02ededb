"""The import graph of one game package, read from its source (shared by the games'
import tests): which of its modules each module imports at run time."""

from __future__ import annotations

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[1] / "rules"


def _imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that the module at ``path`` imports, inside functions
    too (a lazy import is still a circle), but not those imported for type checking only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree)
                   if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    prefix = f"{package}."
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module == package:  # from rules.claim import engine
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix):
            out.add(node.module.removeprefix(prefix))
        elif isinstance(node, ast.Import):
            out |= {a.name.removeprefix(prefix) for a in node.names if a.name.startswith(prefix)}
    return out


def module_graph(game: str) -> dict[str, set[str]]:
    """``rules.<game>``'s modules (``__init__`` aside), each with the package modules it imports."""
    folder = RULES / game
    modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
    return {m: _imports(folder / f"{m}.py", f"rules.{game}") & modules for m in modules}


def assert_acyclic(graph: dict[str, set[str]]) -> None:
    """No module of ``graph`` reaches itself through its imports."""

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join(path + (m,))}"
        for n in sorted(graph[m]):
            visit(n, path + (m,))

    for m in graph:
        visit(m, ())
