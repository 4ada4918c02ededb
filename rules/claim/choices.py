"""Decisions the rules leave to a player before play goes on: the options and their legality.

``take``: a face-up card, or the peeked deck card (``claim2.seers``,
``claim-combined.phase1.winner-chooses``); ``crush``: two-player Giants
(``claim2.giants``, ruling 4 of the spec).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from rules.claim import violations
from rules.claim.cards import Card, Faction
from rules.claim.state import Action, Crush, Pending, State, Take
from rules.claim.tables import _SEAT_TAKES, sorted_cards
from rules.kernel.verdict import Violation


def pending_options(state: State, pending: Pending) -> tuple[Action, ...]:
    seat = pending.seat
    if pending.kind == "take":
        takes = _SEAT_TAKES[seat]
        options: list[Action] = [takes[c] for c in dict.fromkeys(state.face_up)]
        if pending.deck_allowed:
            options.append(takes[None])
        return tuple(options)
    ranges = [[(value, k) for k in range(limit + 1)] for value, limit in pending.limits]
    out = []
    for combo in product(*ranges):
        gnomes = tuple(c for value, k in combo for c in [_gnome(value)] * k)
        out.append(Crush(seat, sorted_cards(gnomes)))
    return tuple(out)


def _gnome(value: int) -> Card:
    return Card(Faction.GNOME, value)


def check_pending(state: State, pending: Pending, action: Action) -> Violation | None:
    v = state.variant
    if action.seat != pending.seat or (type(action) is Take) != (pending.kind == "take") \
            or (type(action) is Crush) != (pending.kind == "crush"):
        return violations.pending_choice(v, pending, action)
    if type(action) is Take:
        if action.card is None:
            if pending.deck_allowed:
                return None
            return violations.no_deck_choice(v, pending)
        if action.card in state.face_up:
            return None
        return violations.not_face_up(v, pending, action.card)
    assert type(action) is Crush
    wanted = Counter(action.gnomes)
    limits = dict(pending.limits)
    for c, k in wanted.items():
        if c.faction is not Faction.GNOME or k > limits.get(c.value, 0):
            return violations.bad_crush(v, pending, c)
    return None

