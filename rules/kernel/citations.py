"""Find which tests cite which rules, without running or importing them.

Tests cite rules with ``@pytest.mark.rules("claim.follow-suit", ...)`` (on a
function or a class, or as ``pytestmark``). Reading the test files as syntax
trees lets the coverage test and the rulebook list a rule's tests even when
only part of the suite runs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import attrs


@attrs.frozen
class Citation:
    """A test (or test class) that cites rules."""

    file: str  # path relative to the scanned root's parent, with '/'
    line: int
    name: str  # pytest node name, e.g. "TestTricks::test_knight"
    rules: tuple[str, ...]


def _marker_rules(decorator: ast.expr) -> tuple[str, ...] | None:
    """The IDs of a ``pytest.mark.rules(...)``/``mark.rules(...)`` expression."""
    if not isinstance(decorator, ast.Call):
        return None
    func = decorator.func
    if not (isinstance(func, ast.Attribute) and func.attr == "rules"):
        return None
    base = func.value
    if not (isinstance(base, ast.Attribute) and base.attr == "mark"):
        return None
    return tuple(a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str))


def scan_file(path: Path, root: Path) -> list[Citation]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    rel = path.relative_to(root).as_posix()
    found: list[Citation] = []
    module_rules: tuple[str, ...] = ()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            values = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
            for v in values:
                module_rules += _marker_rules(v) or ()

    def visit(nodes: Iterable[ast.stmt], prefix: str, inherited: tuple[str, ...]) -> None:
        for node in nodes:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own: tuple[str, ...] = ()
                for d in node.decorator_list:
                    own += _marker_rules(d) or ()
                cited = inherited + own
                name = f"{prefix}{node.name}"
                if isinstance(node, ast.ClassDef):
                    if own:
                        found.append(Citation(rel, node.lineno, name, cited))
                    visit(node.body, name + "::", cited)
                elif cited and (node.name.startswith("test") or own):
                    found.append(Citation(rel, node.lineno, name, cited))

    visit(tree.body, "", module_rules)
    return found


def scan(directory: str | Path) -> list[Citation]:
    """Every citation in the ``*.py`` files below ``directory``."""
    directory = Path(directory)
    root = directory.parent
    out: list[Citation] = []
    for path in sorted(directory.rglob("*.py")):
        out.extend(scan_file(path, root))
    return out


def by_rule(citations: Iterable[Citation]) -> dict[str, list[Citation]]:
    table: dict[str, list[Citation]] = {}
    for c in citations:
        for rule in c.rules:
            table.setdefault(rule, []).append(c)
    return table
