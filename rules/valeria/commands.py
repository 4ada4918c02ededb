"""``rules valeria score RECORD.json``: the final scoring table of a finished
game, per seat card by card (monsters, domains, board VP, duke with its
formula) and the tie-break, in Czech or English."""

from __future__ import annotations

import argparse
import json

from rules.kernel.game import GameCommand
from rules.kernel.verdict import MalformedError


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="RECORD.json", help="a finished Valeria rules-record/1")
    p.add_argument("--lang", choices=("cs", "en"), default="en", help="language of the table (default en)")
    p.add_argument("--json", action="store_true", help="one JSON object: the scores and the winners")


def _run(args: argparse.Namespace) -> int:
    from rules import games
    from rules.kernel.records import adjudicate, parse_record, read_json
    from rules.valeria.game import VALERIA

    record = parse_record(read_json(args.file), games.load, where=args.file)
    if record.game != "valeria":
        raise MalformedError(f"expected a Valeria record, not {record.game!r}", where=args.file)
    verdict = adjudicate(VALERIA, record)
    if not verdict.legal:
        assert verdict.illegal is not None
        raise MalformedError(f"action {verdict.illegal.index} is illegal: "
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


COMMANDS: dict[str, GameCommand] = {
    "score": GameCommand(help="print the final scoring table of a finished game (monsters, domains, board, duke, "
                              "tie-break)", configure=_configure, run=_run),
}
