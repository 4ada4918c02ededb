"""Decisions the rules leave to a player before play goes on: the options and their legality.

A state waits for them on the kernel's decision stack (decision record
0011): each :class:`~rules.kernel.decisions.Decision` names the seat, its
kind (``take`` or ``crush``), the rule that opened it, and Claim's data
(:class:`~rules.claim.state.Choice`).

``take``: a face-up card, or the peeked deck card (``claim2.seers``,
``claim-combined.phase1.winner-chooses``); ``crush``: two-player Giants
(``claim2.giants``, ruling 4 of the spec).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from rules.claim import violations
from rules.claim.cards import Card, Faction
from rules.claim.kinds import ActionKind
from rules.claim.state import Action, Crush, State, Take, choice
from rules.claim.tables import _SEAT_TAKES, sorted_cards
from rules.kernel.decisions import Decision
from rules.kernel.verdict import Violation

_TAKE = ActionKind.TAKE


def decision_options(state: State, decision: Decision) -> tuple[Action, ...]:
    """Every distinct action that makes ``decision``."""
    seat = decision.seat
    detail = choice(decision)
    if decision.kind is _TAKE:
        takes = _SEAT_TAKES[seat]
        options: list[Action] = [takes[c] for c in dict.fromkeys(state.face_up)]
        if detail.deck_allowed:
            options.append(takes[None])
        return tuple(options)
    ranges = [[(value, k) for k in range(limit + 1)] for value, limit in detail.limits]
    out = []
    for combo in product(*ranges):
        gnomes = tuple(c for value, k in combo for c in [_gnome(value)] * k)
        out.append(Crush(seat, sorted_cards(gnomes)))
    return tuple(out)


def _gnome(value: int) -> Card:
    return Card(Faction.GNOME, value)


def check_decision(state: State, decision: Decision, action: Action) -> Violation | None:
    """Why ``action`` does not make ``decision`` (a refusal citing the rules
    that opened it), or ``None``."""
    v = state.variant
    if action.seat != decision.seat or action.kind is not decision.kind:
        return violations.pending_choice(v, decision, action)
    if type(action) is Take:
        if action.card is None:
            if choice(decision).deck_allowed:
                return None
            return violations.no_deck_choice(v, decision)
        if action.card in state.face_up:
            return None
        return violations.not_face_up(v, decision, action.card)
    assert type(action) is Crush
    wanted = Counter(action.gnomes)
    limits = dict(choice(decision).limits)
    for c, k in wanted.items():
        if c.faction is not Faction.GNOME or k > limits.get(c.value, 0):
            return violations.bad_crush(v, decision, c)
    return None
