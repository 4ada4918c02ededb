"""Records of the Claim family: setups and actions as JSON (positions: :mod:`rules.claim.positions`).

Everything here raises only :class:`MalformedError`, with the rule a bad
input breaks where there is one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.claim.cards import Card, parse_card
from rules.claim.kinds import ActionKind
from rules.claim.state import (
    Action,
    Crush,
    Play,
    Setup,
    Take,
)
from rules.claim.tables import crush, play, take
from rules.claim.variants import Ruleset, Variant
from rules.kernel.records import object_with
from rules.kernel.verdict import MalformedError


def conserved(cards: Counter[Card], v: Variant, what: str) -> None:
    """A :class:`MalformedError` unless ``cards`` are exactly the variant's deck (naming what is extra and missing)."""
    expected = Counter(v.deck)
    if cards != expected:
        extra = sorted(str(c) for c in (cards - expected).elements())
        missing = sorted(str(c) for c in (expected - cards).elements())
        raise MalformedError(f"{what} must be exactly the {len(v.deck)} cards {v.rules.deck_name} "
                             f"({v.role('deck')}); extra: {extra or 'none'}, missing: {missing or 'none'}")


def setup_from_json(data: Any, v: Variant) -> Setup:
    data = object_with(data, "setup", ("hands", "deck", "leader"), "an object with hands, deck and leader")
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != v.players:
        raise MalformedError("setup.hands must be a list of two hands" if v.players == 2 else
                             f"setup.hands must be a list of {v.players} hands")
    size = v.hand_size
    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != size:
            raise MalformedError(f"setup.hands[{seat}] must list {size} cards "
                                 f"({v.role('deal')}), not {len(hand) if isinstance(hand, list) else hand!r}")
        parsed.append(tuple(parse_card(c, f"setup.hands[{seat}]") for c in hand))
    deck_size = len(v.deck) - size * v.players
    deck = data.get("deck")
    if not isinstance(deck, list) or len(deck) != deck_size:
        raise MalformedError(f"setup.deck must list the {deck_size} undealt cards, top first")
    parsed_deck = tuple(parse_card(c, "setup.deck") for c in deck)
    leader = data.get("leader")
    if type(leader) is not int or not 0 <= leader < v.players:
        raise MalformedError("setup.leader must be seat 0 or 1" if v.players == 2 else
                             f"setup.leader must be a seat 0–{v.players - 1}")
    everything: Counter[Card] = Counter(parsed_deck)
    for h in parsed:
        everything.update(h)
    conserved(everything, v, "setup: the hands and the deck")
    return Setup(tuple(parsed), parsed_deck, leader, v)


def setup_to_json(setup: Setup) -> dict[str, Any]:
    return {"hands": [[str(c) for c in h] for h in setup.hands],
            "deck": [str(c) for c in setup.deck], "leader": setup.leader}


def action_from_json(data: Any, rules: Ruleset, players: int) -> Action:
    """One record action of a game with ``rules`` for up to ``players`` seats."""
    seats = tuple(range(players))
    if rules.actions == {ActionKind.PLAY}:  # Claim: plays only
        if not isinstance(data, Mapping) or set(data) != {"seat", "play"}:
            raise MalformedError(f"an action is {{\"seat\": 0|1, \"play\": \"faction:value\"}}, not {data!r}")
        seat = data["seat"]
        if type(seat) is not int or seat not in seats:
            raise MalformedError(f"seat must be 0 or 1, not {seat!r}")
        return play(seat, Card.parse(data["play"]))
    shapes = [{"seat", kind.value} for kind in ActionKind if kind in rules.actions]
    if not isinstance(data, Mapping) or set(data) not in shapes:
        raise MalformedError("an action is {\"seat\": s, \"play\": \"faction:value\"}, {\"seat\": s, \"take\": "
                             f"\"faction:value\" or \"deck\"}} or {{\"seat\": s, \"crush\": [...]}}, not {data!r}")
    seat = data["seat"]
    if type(seat) is not int or seat not in seats:
        raise MalformedError(f"seat must be one of {', '.join(map(str, seats))}, not {seat!r}")
    if "play" in data:
        return play(seat, Card.parse(data["play"]))
    if "take" in data:
        return take(seat, None if data["take"] == "deck" else Card.parse(data["take"]))
    gnomes = data["crush"]
    if not isinstance(gnomes, list):
        raise MalformedError("'crush' must be a list of Gnomes (possibly empty)")
    return crush(seat, *(parse_card(g, "crush") for g in gnomes))


def action_to_json(action: Action) -> dict[str, Any]:
    if type(action) is Play:
        return {"seat": action.seat, "play": str(action.card)}
    if type(action) is Take:
        return {"seat": action.seat, "take": "deck" if action.card is None else str(action.card)}
    assert type(action) is Crush
    return {"seat": action.seat, "crush": [str(g) for g in action.gnomes]}
