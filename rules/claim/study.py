"""What studies and the adapters ask of the Claim family (decision record 0026).

The game objects offer three capabilities of the kernel through
:class:`ClaimStudy`, which :class:`~rules.claim.game.ClaimEngine` inherits:

- ``HasScores`` (:mod:`rules.kernel.policies`): the votes each seat's score pile
  holds now, scored by the variant's own ruleset as at the end of the game
  (``claim.scoring.majority``, ``claim2.scoring.majority``); the greedy policy
  maximises them;
- ``HasActionSpace`` (:mod:`rules.kernel.study`): every action the variant can
  ever take, from the cards of its deck: for each seat, ``play`` each distinct
  card, ``take`` each distinct card or the deck (``claim2.seers``,
  ``claim-combined.phase1.winner-chooses``) and ``crush`` each multiset of the
  deck's Gnomes (``claim2.giants``), numbered in that order. Claim: 2 × (48 + 49)
  = 194 numbers; Claim 2: 2 × (40 + 41 + 4·4·4·4·2) = 1,186;
- ``HasBounds``: a game plays its 52 cards with a few decisions, so an adapter
  stops none before :data:`LONGEST_GAME` actions.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from rules.claim.cards import Faction
from rules.claim.kinds import ActionKind
from rules.claim.state import State
from rules.kernel.game import HasVariants
from rules.kernel.records import canonical_json
from rules.kernel.study import ActionSpace, Bounds

#: the actions after which an adapter stops a game of the family: above any game's length
LONGEST_GAME = 200
#: a take's word for the deck's top card instead of a face-up one (records.action_to_json)
FROM_DECK = "deck"


def action_key(data: Mapping[str, Any]) -> str:
    """An action's record JSON as the space's key: canonical (keys sorted), a crush's Gnomes as a
    sorted multiset (the same Gnomes crushed in any order are one action, ``claim2.giants``)."""
    crushed = data.get(ActionKind.CRUSH)
    if isinstance(crushed, list):
        data = {**data, ActionKind.CRUSH: sorted(crushed)}
    return canonical_json(data)


class ClaimStudy:
    """The Claim family's ``HasScores``, ``HasActionSpace`` and ``HasBounds`` (module docstring)."""

    bounds = Bounds(longest_game=LONGEST_GAME)

    @staticmethod
    def scores(state: State) -> tuple[float, ...]:
        """Votes each seat's score pile holds now (a four-player team's votes count for both partners,
        ``claim-combined.scoring.four-players``)."""
        variant = state.variant
        scoring = variant.rules.score(state.score, variant)
        return tuple(float(sum(1 for _, seats in scoring.votes if seat in seats)) for seat in range(len(state.hands)))

    def action_space(self: HasVariants, variant: Any) -> ActionSpace:
        """Every action of ``variant``, from the cards of the deck a fixed deal shows (module
        docstring): the Gnomes' multisets follow the order their cards first appear in that deal."""
        setup = self.random_setup(random.Random(0), variant)
        dealt = [*(card for hand in setup.hands for card in hand), *setup.deck]
        distinct = sorted({str(card) for card in dealt})
        gnomes = Counter(str(card) for card in dealt if card.faction is Faction.GNOME)
        crushes = [sorted(g for g, n in zip(gnomes, counts) for _ in range(n))
                   for counts in itertools.product(*(range(n + 1) for n in gnomes.values()))]
        keys = []
        for seat in range(len(setup.hands)):
            keys += [action_key({"seat": seat, ActionKind.PLAY: card}) for card in distinct]
            keys += [action_key({"seat": seat, ActionKind.TAKE: card}) for card in [*distinct, FROM_DECK]]
            keys += [action_key({"seat": seat, ActionKind.CRUSH: crush}) for crush in crushes] if gnomes else []
        return ActionSpace(tuple(keys), action_key)
