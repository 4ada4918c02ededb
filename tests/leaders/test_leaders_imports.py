"""The Leaders modules import one another in one direction: the game object on top, nothing
below it importing it back (no circle game <-> positions <-> wins, game <-> pictures)."""

from __future__ import annotations

import pytest
from import_graph import assert_acyclic, module_graph

pytestmark = pytest.mark.rules("leaders.goal")


def test_no_module_below_the_game_imports_it_and_the_graph_has_no_cycle() -> None:
    graph = module_graph("leaders")
    assert graph["game"] >= {"engine", "records", "pictures", "commands"}, "the reader misses the game's imports"
    for m in ("positions", "wins", "commands", "records", "engine", "explain", "strategy_svg", "perft", "pictures"):
        assert "game" not in graph[m], f"{m} imports rules.leaders.game"
    assert_acyclic(graph)
