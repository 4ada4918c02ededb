"""The Claim family: Claim (Czech *Trůn*), Claim 2 and every combination of
the two, for two to four players, served by one engine.

The rules live in :mod:`rules.claim.trick` (one trick), :mod:`rules.claim.powers`
(faction powers and the multi-player trick rules), :mod:`rules.claim.scoring`
(votes and the winner) and :mod:`rules.claim.engine` (the flow of play), wrapped
in the Game protocol by :mod:`rules.claim.game`; the deck and player count are a
:class:`~rules.claim.variants.Variant` (:mod:`rules.claim.variants`). Records,
positions, violations, explanations and pictures have the modules of those names. Every function
cites the rule IDs of ``spec/claim.toml`` and ``spec/claim2.toml`` it implements.

>>> import random
>>> from rules.claim import CLAIM
>>> state = CLAIM.initial_state(CLAIM.random_setup(random.Random(1)))
>>> while not CLAIM.is_terminal(state):
...     state = CLAIM.apply(state, CLAIM.legal_actions(state)[0])
>>> sorted(CLAIM.result(state).to_json())
['votes', 'winners']
"""

from rules.claim.cards import Card, Faction, card, full_deck
from rules.claim.game import CLAIM, CLAIM2, CLAIM_COMBINED, ClaimEngine
from rules.claim.kinds import ActionKind, Phase
from rules.claim.scoring import Scoring, holds_vote, score, wins_game
from rules.claim.state import (
    Choice,
    Crush,
    Play,
    Setup,
    State,
    Take,
    TrickOutcome,
    View,
)
from rules.claim.tables import crush, play, take
from rules.claim.trick import card_rank, holds_faction, may_follow, takes_trick
from rules.claim.variants import Ruleset, Variant, variant_violation

__all__ = [
    "CLAIM", "CLAIM2", "CLAIM_COMBINED", "ActionKind", "Card", "Choice", "ClaimEngine", "Crush", "Faction", "Phase",
    "Play", "Ruleset", "Scoring", "Setup", "State", "Take", "TrickOutcome", "Variant", "View", "card", "card_rank",
    "crush",
    "full_deck", "holds_faction", "holds_vote", "may_follow", "play", "score", "take", "takes_trick",
    "variant_violation", "wins_game",
]
