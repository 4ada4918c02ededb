"""The rulebook's drawn strategy tree (docs/make_leaders_strategy.py) and the SVG module behind it."""

from __future__ import annotations

import importlib.util
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from rules.leaders.positions import position_from_json
from rules.leaders.strategy_svg import strategy_svg
from rules.leaders.wins import Replies, Win, forced_win

pytestmark = pytest.mark.rules("leaders.goal", "leaders.nemesis.forced-move")

ROOT = Path(__file__).resolve().parents[2]


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("make_leaders_strategy", ROOT / "docs" / "make_leaders_strategy.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_strategy_picture_equals_a_fresh_render() -> None:
    module = _script()
    stale = [path.name for path, text in module.outputs().items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"run python docs/make_leaders_strategy.py: {stale} are out of date"


def test_the_drawn_puzzle_answers_the_opponents_nemesis_and_the_tree_shows_every_branch() -> None:
    data = _script().puzzle()
    state = position_from_json(data["position"])
    answer = forced_win(state)
    assert answer.strategy is not None

    def count(line: Any) -> tuple[int, int]:  # (forks, leaves)
        if isinstance(line, Win):
            return 0, 1
        if isinstance(line, Replies):
            parts = [count(t) for _, t in line.branches]
            return 1 + sum(f for f, _ in parts), sum(leaf for _, leaf in parts)
        return count(line.then)

    forks, leaves = count(answer.strategy)
    assert forks >= 1
    svg = strategy_svg(state, answer.strategy, "cs", "t")
    root = ET.fromstring(svg)  # well-formed XML
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    assert sum(1 for t in texts if t.startswith("Výhra")) == leaves
    assert sum(1 for t in texts if t.startswith("Soupeř volí")) == forks
    assert strategy_svg(state, answer.strategy, "cs", "t") == svg  # deterministic
    assert json.dumps(answer.to_json())  # the same tree is JSON-serialisable
