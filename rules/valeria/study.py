"""What studies and the adapters ask of Valeria (decision record 0026).

The game object offers two capabilities of the kernel through
:class:`ValeriaStudy`, which :class:`~rules.valeria.game.Valeria` inherits:

- ``HasScores`` (:mod:`rules.kernel.policies`): each seat's victory points now,
  as :func:`rules.valeria.scoring.score` counts them at the end
  (``valeria.scoring.total``); in the solo game the player's lead over the Dark
  Lord (``valeria.variants.solo.scoring``); the greedy policy maximises them;
- ``HasActionSpace`` (:mod:`rules.kernel.study`): every action of a variant
  numbered for good, computed from the card data (:func:`action_space`, a
  :class:`~rules.kernel.study.ShapedSpace`): for each seat, each kind of
  decision the record names (``rules.valeria.records.action_to_json``) with the
  cards, resources, seats and options it may hold. A payment is every split of
  every price up to the largest the data allows: a citizen's cost plus every
  copy of its name a seat may own (``valeria.recruit.cost-per-copy``), a
  domain's cost (``valeria.build.cost``), a monster's strength and magic
  (``valeria.slay.pay-strength``) plus, with Monster Events, up to
  :data:`EVENT_TOKENS` cost tokens (``valeria.variants.events.cost-tokens``: the
  supply has no limit, so this one bound is declared, not read from the data; a
  decision past it is refused by the adapter, never wrapped around). Chance
  outcomes (the roll, a drawn monster) are no seat's and stay out. The size
  depends on the seats and the Monster Events only (random citizens and the
  solo difficulty change none: every citizen is in the space): solo 5,249; 2 to
  5 seats 10,504, 15,843, 21,240, 26,695; with Monster Events 21,520, 32,367,
  43,272, 54,235. Most numbers are never legal: fixed, not tight;
- ``HasBounds``: the slot numbering's bound :data:`MOST_LEGAL_ACTIONS` (several
  times the most seen in random play, 113 over 15 seeded games), for an
  adapter that numbers by slots (none does now: every space above fits a dense
  mask); a game runs
  about 100 to 400 actions in random play, and an adapter stops one only after
  :data:`LONGEST_GAME`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from rules.kernel.study import Bounds, Field, Shape, ShapedSpace
from rules.valeria import scoring, solo
from rules.valeria.cards import RESOURCES, Choice, Effect
from rules.valeria.data import branch_labels, index
from rules.valeria.state import ActionKind, State
from rules.valeria.variants import options_of

#: the most legal actions a seat may have at one decision (a declared bound)
MOST_LEGAL_ACTIONS = 512
#: the actions (rolls included) after which an adapter stops a game: far above random play's
LONGEST_GAME = 3000


#: the cost tokens (strength and magic) a monster may carry that a numbering covers (module docstring)
EVENT_TOKENS = 12


def _choices(effect: Effect) -> Iterator[Choice]:
    if isinstance(effect, Choice):
        yield effect
        for branch in effect.options:
            for inner in branch:
                yield from _choices(inner)


def _labels() -> tuple[str, ...]:
    """Every branch label of every choice on every card (``rules.valeria.data.branch_labels``)."""
    labels: dict[str, None] = {}
    for card in index().cards.all_cards:
        for part in ("on_turn", "off_turn", "reward", "effect", "on_trigger"):
            for effect in getattr(card, part, ()):
                for choice in _choices(effect):
                    labels.update(dict.fromkeys(branch_labels(choice)))
    return tuple(labels)


def _splits(first: str, second: str, most: int) -> tuple[dict[str, int], ...]:
    """Every payment of ``first`` and ``second`` (the one replacing the other) of a price up to ``most``."""
    return tuple({first: a, second: price - a} for price in range(most + 1) for a in range(price + 1))


@cache
def action_space(players: int, monster_events: bool) -> ShapedSpace:
    """Every seat decision of a game of ``players`` seats (module docstring)."""
    ix = index()
    citizens, domains, areas = tuple(ix.citizens), tuple(ix.domains), ix.areas
    events = tuple(ix.events) if monster_events else ()
    harvested = (*ix.starters, *citizens)
    seats = tuple(range(players))
    recruit_most = max(c.cost + c.copies + len(ix.named_starters.get(c.id, ())) for c in ix.cards.citizens)
    slay_most = max(m.strength + m.magic for m in ix.monsters.values()) + (EVENT_TOKENS if monster_events else 0)
    labels = _labels()
    shapes = []
    for seat in seats:
        me = Field("seat", (seat,))
        kinds: list[tuple[Field, ...]] = [
            (Field(ActionKind.KEEP, tuple(ix.dukes)),),
            (Field(ActionKind.DIE, tuple(d for d in domains if ix.domains[d].die_changing)), Field("which", (0, 1))),
            (Field(ActionKind.ANNOUNCE, (True,)),),
            # a decline names the card whose power it declines (decision 0033); true in older records
            (Field(ActionKind.DECLINE, tuple(dict.fromkeys((True, *domains, *ix.monsters, *events)))),),
            (Field(ActionKind.THIEF, RESOURCES),),
            (Field(ActionKind.THIEF, RESOURCES), Field("from", seats)),
            (Field(ActionKind.HARVEST, harvested), Field("use", (False, True))),
            (Field(ActionKind.HARVEST, harvested), Field(ActionKind.CHOOSE, labels)),
            (Field(ActionKind.RECRUIT, citizens), Field("pay", _splits("gold", "magic", recruit_most))),
            (Field(ActionKind.BUILD, domains),
             Field("pay", _splits("gold", "magic", max(d.cost for d in ix.domains.values())))),
            (Field(ActionKind.SLAY, (*areas, *events)), Field("pay", _splits("strength", "magic", slay_most))),
            (Field(ActionKind.GAIN, RESOURCES),),
            (Field(ActionKind.CHOOSE, labels),),
            (Field(ActionKind.CITIZEN, citizens),),
            (Field("take_from", seats),),
            (Field("take_from", seats), Field("domain", domains)),
            (Field(ActionKind.EXCHANGE, (False, True)),),
            (Field(ActionKind.RETURN, (*ix.monsters, *harvested)),),
            (Field(ActionKind.PURLOIN, (True,)),),
            (Field("purloin_from", seats),),
        ]
        if players == solo.SOLO:
            kinds += [(Field(ActionKind.ACTIVATE, areas),), (Field(ActionKind.CAPTURE, citizens),)]
        if monster_events:
            kinds.append((Field("event", events), Field("token_on", (*areas, *events))))
        shapes += [Shape((me, *fields)) for fields in kinds]
    return ShapedSpace(tuple(shapes))


class ValeriaStudy:
    """Valeria's ``HasScores``, ``HasActionSpace`` and ``HasBounds`` (module docstring)."""

    bounds = Bounds(most_legal_actions=MOST_LEGAL_ACTIONS, longest_game=LONGEST_GAME)

    @staticmethod
    def scores(state: State) -> tuple[float, ...]:
        """Each seat's victory points now; solo: the player's points minus the Dark Lord's."""
        if state.players == solo.SOLO:
            mine, his = solo.scores(state)
            return (float(mine.total - his.total),)
        return tuple(float(scoring.score(state, seat).total) for seat in range(state.players))

    @staticmethod
    def action_space(variant: Any) -> ShapedSpace:
        """Every seat decision of ``variant`` (module docstring)."""
        options = options_of(variant)
        return action_space(options.players, options.monster_events)
