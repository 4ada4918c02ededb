"""``rules leaders wins``: could the player to move win within this action phase?

::

    rules leaders wins POSITION.json              the shortest forced win (or: none / unknown)
    rules leaders wins POSITION.json --first      the first forced win found (faster, maybe longer)
    rules leaders wins POSITION.json --all        one shortest strategy per winning first action
    rules leaders wins POSITION.json --sequences  every winning action sequence, each flagged when it
                                                  passes through an opponent's Nemesis choice
    --lang cs|en  --json  --limit N  --timeout SECONDS  --nodes N

The answer comes from :func:`rules.leaders.wins.forced_win` (the search is described
there and in docs/decisions/0014-leaders-forced-win-search.md); the strategy is
printed as a tree: the mover's actions numbered, the opponent's Nemesis replies as
lettered branches, and at each leaf the rules that decide the capture or surround.

This module imports no game object: the game builds its commands with
:func:`commands` and passes itself in, and a position record is read and
replayed with that game.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any, TextIO

from rules.kernel.game import Game, GameCommand
from rules.kernel.records import adjudicate, parse_record, read_json
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.leaders.engine import cell_name, successor
from rules.leaders.explain import describe
from rules.leaders.positions import position_from_json, position_notes
from rules.leaders.records import action_to_json
from rules.leaders.state import Fate, State
from rules.leaders.wins import (
    DEFAULT_ALL_LIMIT,
    DEFAULT_NODE_LIMIT,
    ForcedWin,
    Limit,
    Line,
    Mode,
    Move,
    Status,
    Win,
    count_winning_sequences,
    forced_win,
    needs_opponent,
    strategy_length,
    winning_sequences,
)

#: The command's default time limit in seconds (``--timeout``).
DEFAULT_TIMEOUT = 60.0


def load_position(path: str, game: Game[State, Any]) -> State:
    """A state from a bare position file or a position record of ``game`` (whose actions are played)."""
    return position_state(read_json(path), game, where=path)


def position_state(data: object, game: Game[State, Any], where: str = "position") -> State:
    """A state from decoded JSON: a bare position or a position record of ``game``
    (the Leaders game object, passed in), whose actions are played."""
    if isinstance(data, dict) and "format" in data:
        if data.get("game") != game.info.key:
            raise MalformedError("expected a Leaders record that starts from a 'position'", where=where)
        record = parse_record(data, lambda key: game, where=where)
        if record.position is None:
            raise MalformedError("expected a Leaders record that starts from a 'position'", where=where)
        verdict = adjudicate(game, record)
        if not verdict.legal:
            assert verdict.illegal is not None
            raise MalformedError(f"action {verdict.illegal.index + 1} of {verdict.actions} is illegal: "
                                 f"{', '.join(verdict.illegal.violation.rules)}", where=where)
        state: State = verdict.final_state
        return state
    try:
        return position_from_json(data)
    except MalformedError as exc:
        raise MalformedError(exc.detail, where=where) from None


# --------------------------------------------------------------------------- the tree in words

_FATE = {Fate.CAPTURED: Text.of(cs="vládce hráče {s} je zajat", en="seat {s}'s leader is captured"),
         Fate.SURROUNDED: Text.of(cs="vládce hráče {s} je obklíčen", en="seat {s}'s leader is surrounded")}


def strategy_lines(state: State, line: Line, lang: str, indent: str = "", number: int = 1) -> list[str]:
    """The strategy ``line`` from ``state`` as indented text lines in ``lang``."""
    if isinstance(line, Win):
        what = _FATE[line.fate].format(s=line.loser).get(lang)
        win = Text.of(cs="Výhra", en="Win").get(lang)
        return [f"{indent}{win}: {what} ({', '.join(line.rules)})."]
    if isinstance(line, Move):
        counted = line.action.kind != "nemesis"
        label = f"{number}." if counted else "·"
        out = [f"{indent}{label} {describe(state, line.action).get(lang)}"]
        return out + strategy_lines(successor(state, line.action), line.then, lang, indent + "   ",
                                    number + counted)
    head = Text.of(cs="Soupeř (hráč {s}) volí cestu své Nemesis z {c} (leaders.nemesis.forced-move):",
                   en="The opponent (seat {s}) chooses the path of their Nemesis on {c} "
                      "(leaders.nemesis.forced-move):").format(s=line.seat, c=cell_name(line.cell)).get(lang)
    out = [f"{indent}{head}"]
    for k, (a, then) in enumerate(line.branches):
        path = " → ".join(cell_name(c) for c in a.path) or "—"
        out.append(f"{indent}{chr(ord('a') + k % 26)}) {path}")
        out.extend(strategy_lines(successor(state, a), then, lang, indent + "   ", number))
    return out


def answer_lines(state: State, answer: ForcedWin, lang: str) -> list[str]:
    """The whole answer of :func:`~rules.leaders.wins.forced_win` in words."""
    searched = Text.of(cs="(prohledáno {n} pozic)", en="({n} positions searched)").format(n=answer.nodes).get(lang)
    if answer.status is Status.UNKNOWN:
        why = {Limit.NODES: Text.of(cs="limit pozic (--nodes)", en="the node limit (--nodes)"),
               Limit.TIME: Text.of(cs="časový limit (--timeout)", en="the time limit (--timeout)")}[
            answer.limit_hit or Limit.NODES].get(lang)
        return [Text.of(cs="Nevím: {w} vypršel. Žádná vynucená výhra do {d} akcí hráče {m} neexistuje; "
                           "delší se nedohledaly {x}.",
                        en="Unknown within the limit: {w} ran out. There is no forced win within {d} of "
                           "seat {m}'s actions; longer ones were not searched to the end {x}.")
                .format(w=why, d=answer.depth_completed, m=answer.mover, x=searched).get(lang)]
    if answer.status is Status.NO_WIN:
        return [Text.of(cs="V této fázi akcí si hráč {m} výhru vynutit nemůže (prohledány všechny tahy až do {d} "
                           "akcí) {x}.",
                        en="No forced win for seat {m} this action phase (every line of up to {d} actions "
                           "searched) {x}.").format(m=answer.mover, d=answer.depth_completed, x=searched).get(lang)]
    assert answer.strategy is not None
    kind = (Text.of(cs="první nalezená", en="the first found") if answer.mode == "first"
            else Text.of(cs="nejkratší", en="the shortest")).get(lang)
    out = [Text.of(cs="Vynucená výhra hráče {m} v {n} akcích ({k}) {x}:",
                   en="Forced win for seat {m} in {n} action(s) ({k}) {x}:")
           .format(m=answer.mover, n=answer.length, k=kind, x=searched).get(lang)]
    if answer.mode != "all":
        return out + strategy_lines(state, answer.strategy, lang, "  ")
    out.append(Text.of(cs="Vítězných prvních tahů: {n}{t} (nejkratší první).",
                   en="Winning first choices: {n}{t} (shortest first).")
           .format(n=len(answer.strategies), t="+" if answer.truncated else "").get(lang))
    for i, s in enumerate(answer.strategies, 1):
        out.append(Text.of(cs="Strategie {i} ({n} akcí):", en="Strategy {i} ({n} action(s)):")
                   .format(i=i, n=strategy_length(s)).get(lang))
        out.extend(strategy_lines(state, s, lang, "  "))
    if answer.truncated:
        out.append(Text.of(cs="… a další (viz --limit)", en="... and more (see --limit)").get(lang))
    return out


# --------------------------------------------------------------------------- the command


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="POSITION.json",
                   help="a position (the JSON of rules.leaders.positions) or a rules-record/1 with a 'position'")
    p.add_argument("--lang", choices=("cs", "en"), default="en", help="language of the answer (default en)")
    p.add_argument("--json", action="store_true", help="one JSON object (status, length, strategy tree, ...)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--first", action="store_true", help="stop at the first forced win found (maybe not shortest)")
    how.add_argument("--all", action="store_true", help="one shortest strategy for every winning first choice")
    how.add_argument("--sequences", action="store_true",
                     help="list every winning action sequence instead, flagging those that need the "
                          "opponent's Nemesis choice (the listing before forced wins)")
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help=f"--all: at most N strategies (default {DEFAULT_ALL_LIMIT}); "
                        "--sequences: at most N sequences (default 100)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"stop and answer 'unknown' after this many seconds (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--nodes", type=int, default=DEFAULT_NODE_LIMIT, metavar="N",
                   help=f"stop and answer 'unknown' after expanding N positions (default {DEFAULT_NODE_LIMIT})")


def _sequences(state: State, args: argparse.Namespace) -> int:
    limit = 100 if args.limit is None else args.limit
    total = count_winning_sequences(state)
    seqs = winning_sequences(state, limit)
    if args.json:
        print(json.dumps({"count": total, "sequences": [[action_to_json(a) for a in seq] for seq in seqs],
                          "needs_opponent": [needs_opponent(state, seq) for seq in seqs]}, ensure_ascii=False))
        return 0
    if not total:
        print(Text.of(cs="V této fázi akcí se vyhrát nedá.", en="no win this phase").get(args.lang))
        return 0
    print(Text.of(cs="Výherních posloupností: {n}", en="winning sequences: {n}").format(n=total).get(args.lang))
    for i, seq in enumerate(seqs, 1):
        if needs_opponent(state, seq):
            print(f"{i}. " + Text.of(cs="(jen zvolí-li soupeř pro svou Nemesis tuto cestu)",
                                     en="(only if the opponent moves their Nemesis this way)").get(args.lang))
        else:
            print(f"{i}.")
        s = state
        for a in seq:
            print("   " + describe(s, a).get(args.lang))
            s = successor(s, a)
    if len(seqs) < total:
        print(Text.of(cs="… a dalších {n} (viz --limit)", en="... and {n} more (see --limit)")
              .format(n=total - len(seqs)).get(args.lang))
    return 0


def _run(args: argparse.Namespace, game: Game[State, Any]) -> int:
    if args.limit is not None and args.limit < 1:
        raise MalformedError(f"--limit must be at least 1, not {args.limit}")
    if args.nodes < 1:
        raise MalformedError(f"--nodes must be at least 1, not {args.nodes}")
    if not args.timeout > 0:
        raise MalformedError(f"--timeout must be a positive number of seconds, not {args.timeout}")
    state = load_position(args.file, game)
    if args.sequences:
        if not args.json:
            for note in position_notes(state):
                print(note.get(args.lang))
        return _sequences(state, args)
    mode: Mode = "first" if args.first else "all" if args.all else "shortest"
    report(state, lang=args.lang, mode=mode, limit=args.limit or DEFAULT_ALL_LIMIT, node_limit=args.nodes,
           timeout=args.timeout, as_json=args.json)
    return 0


def report(state: State, *, lang: str = "en", mode: Mode = "shortest", limit: int = DEFAULT_ALL_LIMIT,
           node_limit: int = DEFAULT_NODE_LIMIT, timeout: float = DEFAULT_TIMEOUT, as_json: bool = False,
           out: TextIO | None = None) -> ForcedWin:
    """Write what ``rules leaders wins`` prints for ``state`` and return the answer: the
    CLI and the rulebook's in-page adjudicator (decision record 0017) call this one function."""
    out = out or sys.stdout
    answer = forced_win(state, mode=mode, limit=limit, node_limit=node_limit, timeout=timeout)
    if as_json:
        print(json.dumps(answer.to_json(), ensure_ascii=False), file=out)
        return answer
    for note in position_notes(state):
        print(note.get(lang), file=out)
    for line in answer_lines(state, answer, lang):
        print(line, file=out)
    return answer


def commands(game: Game[State, Any]) -> dict[str, GameCommand]:
    """The ``rules leaders`` subcommands of ``game`` (the Leaders game object builds
    them for itself, so this module imports no game)."""
    return {
        "wins": GameCommand(
            help="can the player to move force a win this action phase? (the shortest forced win as a strategy tree)",
            configure=_configure, run=functools.partial(_run, game=game)),
    }
