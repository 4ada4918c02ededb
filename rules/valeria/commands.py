"""``rules valeria score RECORD.json``: the final scoring table of a finished
game, per seat card by card (monsters, domains, board VP, duke with its
formula) and the tie-break, in Czech or English.

The game object hands itself in (:func:`commands`), so this module imports
neither the game nor the registry (no import circle, decision 0023).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from rules.kernel.game import Game, GameCommand
from rules.kernel.records import adjudicate, parse_record, read_json
from rules.kernel.verdict import MalformedError


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="RECORD.json", help="a finished Valeria rules-record/1")
    p.add_argument("--lang", choices=("cs", "en"), default="en", help="language of the table (default en)")
    p.add_argument("--json", action="store_true", help="one JSON object: the scores and the winners")


def score(game: Game[Any, Any], args: argparse.Namespace) -> int:
    """Adjudicate the record with ``game`` and print its final scoring table."""
    data = read_json(args.file)
    key = data.get("game") if isinstance(data, Mapping) else None
    if key != game.info.key:
        raise MalformedError(f"expected a Valeria record, not {key!r}", where=args.file)
    verdict = adjudicate(game, parse_record(data, lambda _: game, where=args.file))
    if not verdict.legal:
        assert verdict.illegal is not None
        raise MalformedError(f"action {verdict.illegal.index + 1} of {verdict.actions} is illegal: "
                             f"{', '.join(verdict.illegal.violation.rules)}", where=args.file)
    if not verdict.finished or verdict.result is None:
        raise MalformedError("the game is not finished: nothing to score yet (valeria.end.equal-turns)",
                             where=args.file)
    if args.json:
        print(json.dumps(verdict.result.to_json(), ensure_ascii=False))
        return 0
    for line in verdict.result.lines:
        print(line.get(args.lang))
    return 0


def commands(game: Game[Any, Any]) -> dict[str, GameCommand]:
    """The Valeria commands, run with ``game``."""
    return {
        "score": GameCommand(help="print the final scoring table of a finished game (monsters, domains, board, "
                                  "duke, tie-break)", configure=_configure, run=lambda args: score(game, args)),
    }
