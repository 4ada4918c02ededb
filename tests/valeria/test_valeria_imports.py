"""The Valeria modules import one another in one direction: the game object on top, the
variants' hooks (flows) below it and above the rules they choose between (engine, violations,
explain, solo, events), nothing below the game importing it back (issue 17 §5)."""

from __future__ import annotations

import pytest
from import_graph import assert_acyclic, module_graph

pytestmark = pytest.mark.rules("valeria.turn.phases")


def test_no_module_below_the_game_imports_it_and_the_graph_has_no_cycle() -> None:
    graph = module_graph("valeria")
    assert graph["game"] >= {"engine", "records", "flows", "solo", "pictures", "commands"}, "the reader misses imports"
    assert graph["flows"] >= {"engine", "offers", "scoring", "violations", "explain", "solo", "events"}
    for m in set(graph) - {"game", "__init__"}:
        assert "game" not in graph[m], f"{m} imports rules.valeria.game"
    for m in ("engine", "holdings", "harvest", "effects", "payments", "answers", "offers", "scoring", "violations",
              "explain", "solo", "events", "records", "state", "variants"):
        assert "flows" not in graph[m], f"{m} imports the hooks that choose between it and the others"
    assert_acyclic(graph)
