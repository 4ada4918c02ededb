"""Draw one solved "win within this action phase" puzzle for the Leaders chapter.

    python docs/make_leaders_strategy.py           # write it
    python docs/make_leaders_strategy.py --check   # exit 1 when it is out of date

Solves the puzzle :data:`PUZZLE` of ``benchmarks/leaders_puzzles.json`` with
:func:`rules.leaders.forced_win` and writes, next to ``docs/leaders.rst``:

- ``_static/leaders-strategy.svg``: the shortest forced win as a strategy tree
  (:func:`rules.leaders.strategy_svg.strategy_svg`);
- ``_static/leaders-strategy-board.svg``: the puzzle position
  (:func:`rules.leaders.pictures.board_svg`).

``tests/leaders/test_leaders_strategy_svg.py`` runs the check, so the picture
never drifts from what the solver answers.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.leaders.pictures import board_svg
from rules.leaders.positions import position_from_json
from rules.leaders.strategy_svg import strategy_svg
from rules.leaders.wins import forced_win

#: The puzzle drawn in the chapter (a name in benchmarks/leaders_puzzles.json).
PUZZLE = "nemesis-replies-2"
PUZZLES = ROOT / "benchmarks" / "leaders_puzzles.json"


def puzzle() -> dict[str, Any]:
    puzzles = json.loads(PUZZLES.read_text(encoding="utf-8"))["puzzles"]
    found: dict[str, Any] = next(p for p in puzzles if p["name"] == PUZZLE)
    return found


def outputs() -> dict[Path, str]:
    data = puzzle()
    state = position_from_json(data["position"])
    answer = forced_win(state)
    assert answer.strategy is not None, f"{PUZZLE} has no forced win"
    title = f"Forced win in {answer.length} action(s): puzzle {PUZZLE}"
    return {
        DOCS / "_static" / "leaders-strategy.svg": strategy_svg(state, answer.strategy, "en", title) + "\n",
        DOCS / "_static" / "leaders-strategy-board.svg": board_svg(
            data["position"]["pieces"], title=f"Leaders puzzle {PUZZLE}: seat {state.player} to move") + "\n",
    }


def main(argv: list[str]) -> int:
    stale = []
    for path, text in outputs().items():
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date (run python docs/make_leaders_strategy.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
