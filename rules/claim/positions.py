"""Positions of the Claim family: a disputed game state as JSON, without the game
before it (a record's ``"position"``). Everything here raises only
:class:`MalformedError`, with the rule a bad input breaks where there is one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.claim.cards import Card, Faction, parse_cards
from rules.claim.kinds import Phase
from rules.claim.records import conserved
from rules.claim.state import OVER, PHASE_ONE, PHASE_TWO, State
from rules.claim.variants import Variant
from rules.kernel.records import object_with
from rules.kernel.verdict import MalformedError


def _seat(data: Any, v: Variant, where: str) -> int:
    if type(data) is not int or not 0 <= data < v.players:
        raise MalformedError(f"{where} must be a seat 0–{v.players - 1}, not {data!r}")
    return data


def _per_seat(data: Any, v: Variant, where: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(data, list) or len(data) != v.players:
        raise MalformedError(f"{where} must list {v.players} piles, one per seat")
    return tuple(parse_cards(pile, f"{where}[{s}]") for s, pile in enumerate(data))


_POSITION_KEYS = {"phase", "hands", "deck", "face_up", "leader", "table", "followers", "score", "gnomes",
                  "trolls", "discard"}


def position_from_json(data: Any, v: Variant) -> State:
    """A position to adjudicate from, without the game before it.

    ``{"phase": 1|2, "hands": [...], "leader": s, "table": [...], "score": [...],
    "discard": [...]}`` plus, in phase one, ``deck`` (top first), ``face_up``
    and ``followers``, and in phase two ``gnomes`` (laid out) and ``trolls``
    (waiting). Missing piles are empty. The hands must be in step (the seats
    that already played to ``table`` one card short) and every card of the
    deck must be somewhere exactly once.
    """
    data = object_with(data, "position", _POSITION_KEYS, "an object")
    phase = data.get("phase")
    if phase not in (PHASE_ONE, PHASE_TWO) or type(phase) is not int:
        raise MalformedError("position.phase must be 1 or 2")
    n = v.players
    empty: list[list[Any]] = [[] for _ in range(n)]
    hands = _per_seat(data.get("hands"), v, "position.hands")
    leader = _seat(data.get("leader"), v, "position.leader")
    table = parse_cards(data.get("table", []), "position.table")
    followers = _per_seat(data.get("followers", empty), v, "position.followers")
    score = _per_seat(data.get("score", empty), v, "position.score")
    gnomes = _per_seat(data.get("gnomes", empty), v, "position.gnomes")
    trolls = parse_cards(data.get("trolls", []), "position.trolls")
    discard = parse_cards(data.get("discard", []), "position.discard")
    deck = parse_cards(data.get("deck", []), "position.deck")
    face_up = parse_cards(data.get("face_up", []), "position.face_up")
    if len(table) >= n:
        raise MalformedError(f"position.table holds at most {n - 1} cards (a full trick is resolved)")
    played = {(leader + p) % n for p in range(len(table))}
    remaining = len(hands[leader]) + (1 if table else 0)
    for s in range(n):
        if len(hands[s]) + (1 if s in played else 0) != remaining:
            raise MalformedError("position.hands: every seat holds the same number of cards, less the one "
                                 "it played to the table")
    if remaining == 0:
        raise MalformedError("position.hands: the hands are empty; the game is over")
    size = v.hand_size
    if phase == PHASE_ONE:
        if gnomes != tuple(() for _ in range(n)) or trolls:
            raise MalformedError("position: Gnomes are laid out and Trolls wait only in phase two (claim2.gnomes)")
        if len(face_up) != v.face_up_per_trick or len(deck) != remaining * n - len(face_up):
            raise MalformedError(f"position: in phase one with {remaining} cards in hand, {v.face_up_per_trick} "
                                 f"face-up card(s) and {remaining * n - v.face_up_per_trick} in the deck")
        if any(len(f) != size - remaining for f in followers):
            raise MalformedError("position.followers: one follower per trick played")
    else:
        if deck or face_up or any(followers):
            raise MalformedError("position: phase two has no deck, face-up cards or followers")
    if remaining > size:
        raise MalformedError(f"position.hands: at most {size} cards each")
    everything: Counter[Card] = Counter(deck) + Counter(face_up) + Counter(table) + Counter(trolls) + Counter(discard)
    for pile in hands + followers + score + gnomes:
        everything.update(pile)
    conserved(everything, v, "position: all piles together")
    if any(c.faction is not Faction.GNOME for g in gnomes for c in g):
        raise MalformedError("position.gnomes holds Gnomes only (claim2.gnomes)")
    if any(c.faction is not Faction.TROLL for c in trolls):
        raise MalformedError("position.trolls holds Trolls only (claim2.trolls.waiting)")
    done = (size - remaining) + (size if phase == PHASE_TWO else 0)
    return State(Phase(phase), hands, deck, face_up, leader, table, followers, tuple(() for _ in range(n)), score,
                 discard, done, None, gnomes, trolls, (), v)


def position_to_json(state: State) -> dict[str, Any]:
    if state.decisions or state.phase == OVER:
        raise MalformedError("only a position where a card is to be played can be written")

    def cards(pile: Any) -> list[str]:
        return [str(c) for c in pile]

    out: dict[str, Any] = {"phase": int(state.phase), "hands": [cards(h) for h in state.hands], "leader": state.leader,
                           "table": cards(state.table), "score": [cards(s) for s in state.score],
                           "discard": cards(state.discard)}
    if state.phase == PHASE_ONE:
        out.update(deck=cards(state.deck), face_up=cards(state.face_up),
                   followers=[cards(f) for f in state.followers])
    else:
        out.update(gnomes=[cards(g) for g in state.gnomes], trolls=cards(state.trolls))
    return out
