"""``rules leaders wins``: every way to win within the current action phase.

:func:`winning_sequences` lists every action sequence of the player whose turn
it is, from the given state to the end of the action phase, whose last action
captures or surrounds the enemy leader (the game ends there, so a sequence
stops at its winning action). Forced Nemesis moves that interrupt the phase
appear as steps: the player's own Nemesis' paths are choices of the player;
the opponent's Nemesis' paths are the opponent's choices, so a sequence through
one is a win only if the opponent moves that way (each path has its own
sequences; :func:`needs_opponent` flags them, and the CLI says so). Sequences that merely end the phase are not wins. The order is
deterministic (the order of ``legal_actions``); the count is exact, computed
with memoisation on (board, acted figures, pending Nemeses), and branches that
cannot win are pruned before they are listed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import TextIO

from rules.kernel.game import GameCommand
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.leaders.engine import PhaseKey, legal_actions, phase_key, successor
from rules.leaders.state import ACTIONS, END, OVER, Action, State


class _Search:
    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.memo: dict[PhaseKey, int] = {}

    def children(self, s: State) -> Iterator[tuple[Action, State]]:
        for a in legal_actions(s):
            if a.kind != END:
                yield a, successor(s, a)

    def count(self, s: State) -> int:
        key = phase_key(s)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        total = 0
        for _, t in self.children(s):
            total += self.value(t)
        self.memo[key] = total
        return total

    def value(self, t: State) -> int:
        if t.phase == OVER:
            return 1 if t.winners == (self.mover,) else 0
        return self.count(t)

    def walk(self, s: State, prefix: tuple[Action, ...]) -> Iterator[tuple[Action, ...]]:
        for a, t in self.children(s):
            if self.value(t) == 0:
                continue
            if t.phase == OVER:
                yield prefix + (a,)
            else:
                yield from self.walk(t, prefix + (a,))


def needs_opponent(state: State, sequence: tuple[Action, ...]) -> bool:
    """Does ``sequence`` pass through a choice of the opponent (their Nemesis' path)?
    Such a sequence wins only if the opponent chooses that way; the others are
    the player's own to follow."""
    return any(a.seat != state.player for a in sequence)


def count_winning_sequences(state: State) -> int:
    """How many action sequences of this action phase win for the player whose turn it is."""
    if state.phase != ACTIONS:
        return 0
    return _Search(state.player).count(state)


def winning_sequences(state: State, limit: int | None = None) -> tuple[tuple[Action, ...], ...]:
    """Every winning action sequence of the current action phase (at most ``limit``)."""
    if state.phase != ACTIONS:
        return ()
    out: list[tuple[Action, ...]] = []
    for seq in _Search(state.player).walk(state, ()):
        if limit is not None and len(out) >= limit:
            break
        out.append(seq)
    return tuple(out)


# --------------------------------------------------------------------------- the CLI command


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="POSITION.json",
                   help="a position (the JSON of rules.leaders.positions) or a rules-record/1 with a 'position'")
    p.add_argument("--lang", choices=("cs", "en"), default="en", help="language of the steps (default en)")
    p.add_argument("--json", action="store_true", help="one JSON object: count and sequences of actions")
    p.add_argument("--limit", type=int, default=100, metavar="N", help="list at most N sequences (default 100)")


def load_position(path: str) -> State:
    """A state from a bare position file or a position record (whose actions are played)."""
    from rules.kernel.records import read_json

    return position_state(read_json(path), where=path)


def position_state(data: object, where: str = "position") -> State:
    """A state from decoded JSON: a bare position or a position record (whose actions are played)."""
    from rules import games
    from rules.kernel.records import adjudicate, parse_record
    from rules.leaders.game import LEADERS

    if isinstance(data, dict) and "format" in data:
        record = parse_record(data, games.load, where=where)
        if record.game != "leaders" or record.position is None:
            raise MalformedError("expected a Leaders record that starts from a 'position'", where=where)
        verdict = adjudicate(LEADERS, record)
        if not verdict.legal:
            assert verdict.illegal is not None
            raise MalformedError(f"action {verdict.illegal.index} is illegal: "
                                 f"{', '.join(verdict.illegal.violation.rules)}", where=where)
        state: State = verdict.final_state
        return state
    try:
        return LEADERS.position_from_json(data)
    except MalformedError as exc:
        raise MalformedError(exc.detail, where=where) from None


def _run(args: argparse.Namespace) -> int:
    report(load_position(args.file), lang=args.lang, limit=args.limit, as_json=args.json)
    return 0


def report(state: State, *, lang: str = "en", limit: int | None = 100, as_json: bool = False,
           out: TextIO | None = None) -> None:
    """Write what ``rules leaders wins`` prints for ``state`` (the CLI and the
    rulebook's in-page adjudicator, docs/decisions/0017-in-page-adjudicator.md)."""
    from rules.leaders.explain import describe
    from rules.leaders.game import LEADERS

    out = out or sys.stdout
    total = count_winning_sequences(state)
    seqs = winning_sequences(state, limit)
    if as_json:
        print(json.dumps({"count": total, "sequences": [[LEADERS.action_to_json(a) for a in seq] for seq in seqs],
                          "needs_opponent": [needs_opponent(state, seq) for seq in seqs]}, ensure_ascii=False),
              file=out)
        return
    for note in LEADERS.position_notes(state):
        print(note.get(lang), file=out)
    if not total:
        print(Text.of(cs="V této fázi akcí se vyhrát nedá.", en="no win this phase").get(lang), file=out)
        return
    print(Text.of(cs="Výherních posloupností: {n}", en="winning sequences: {n}").format(n=total).get(lang), file=out)
    for i, seq in enumerate(seqs, 1):
        if needs_opponent(state, seq):
            print(f"{i}. " + Text.of(cs="(jen zvolí-li soupeř pro svou Nemesis tuto cestu)",
                                     en="(only if the opponent moves their Nemesis this way)").get(lang), file=out)
        else:
            print(f"{i}.", file=out)
        s = state
        for a in seq:
            print("   " + describe(s, a).get(lang), file=out)
            s = successor(s, a)
    if len(seqs) < total:
        print(Text.of(cs="… a dalších {n} (viz --limit)", en="... and {n} more (see --limit)")
              .format(n=total - len(seqs)).get(lang), file=out)


COMMANDS: dict[str, GameCommand] = {
    "wins": GameCommand(
        help="list every way the player to move can capture or surround the enemy leader this action phase",
        configure=_configure, run=_run),
}
