"""The Claim modules import one another in one direction: the game object on top, nothing
below it importing it back (no circle figures -> game -> pictures: the game passes its
lookup of game objects into the pictures and figures, decision record 0023)."""

from __future__ import annotations

from import_graph import assert_acyclic, module_graph


def test_no_module_below_the_game_imports_it_and_the_graph_has_no_cycle() -> None:
    graph = module_graph("claim")
    assert graph["game"] >= {"engine", "records", "pictures", "variants"}, "the reader misses the game's imports"
    assert not [m for m, imported in graph.items() if "game" in imported], "a module below the game imports it"
    assert_acyclic(graph)
