"""Generate the Leaders chapter's static inputs from the engine.

    python docs/make_leaders_board.py           # write them
    python docs/make_leaders_board.py --check   # exit 1 when any is out of date

Writes, next to ``docs/leaders.rst``:

- ``_static/leaders-board.svg``: the empty board with coordinates, both
  leaders on their start cells and each side's recruitment cells
  (:func:`rules.leaders.pictures.board_svg`);
- ``_static/leaders-perft-<name>.svg``: each perft reference position beyond the opening;
- ``leaders-perft.json``: the reference positions (position JSON) with their
  counts (:mod:`rules.leaders.perft`), which other implementations check
  themselves against;
- ``leaders-perft.csv``: the same counts as the chapter's table.

``tests/leaders/test_pictures.py`` runs the check, so the published counts
never drift from what the engine computes.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
if str(DOCS.parent) not in sys.path:
    sys.path.insert(0, str(DOCS.parent))

from rules.leaders.board import START_CELLS
from rules.leaders.perft import (
    REFERENCE_POSITIONS,
    count_phase_sequences,
    count_turns,
    reference_state,
)
from rules.leaders.pictures import board_svg


def board_picture() -> str:
    leaders = [{"owner": seat, "character": "leader", "cell": list(cell)} for seat, cell in enumerate(START_CELLS)]
    return board_svg(leaders, coordinates=True, title="The Leaders board: 37 cells, start and recruitment cells")


def perft_table() -> list[dict[str, Any]]:
    """Every reference position with its counts, in publication order."""
    out = []
    for name, position in REFERENCE_POSITIONS.items():
        state = reference_state(name)
        out.append({"name": name, "to_move": position.get("to_move"), "pieces": len(position["pieces"]),
                    "phase_sequences": count_phase_sequences(state), "turns": count_turns(state),
                    "position": position})
    return out


def outputs() -> dict[Path, str]:
    table = perft_table()
    files = {DOCS / "_static" / "leaders-board.svg": board_picture() + "\n",
             DOCS / "leaders-perft.json": json.dumps(table, ensure_ascii=False, indent=1) + "\n"}
    rows = io.StringIO()
    writer = csv.writer(rows, lineterminator="\n")
    for row in table:
        writer.writerow([row["name"], row["to_move"], row["pieces"], row["phase_sequences"], row["turns"]])
        if row["pieces"] <= 2:  # the opening: the board picture above shows it
            continue
        acted = [list(c) for c in row["position"].get("acted", [])]
        files[DOCS / "_static" / f"leaders-perft-{row['name']}.svg"] = board_svg(
            row["position"]["pieces"], highlight=acted,
            title=f"Leaders perft position {row['name']}") + "\n"
    files[DOCS / "leaders-perft.csv"] = rows.getvalue()
    return files


def main(argv: list[str]) -> int:
    stale = []
    for path, text in outputs().items():
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path.relative_to(DOCS.parent))
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date (run python docs/make_leaders_board.py): " + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
