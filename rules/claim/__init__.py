"""Claim (Czech *Trůn*) by Scott Almes: two players, two phases, five factions.

The rules live in :mod:`rules.claim.trick` (one trick), :mod:`rules.claim.scoring`
(votes and the winner) and :mod:`rules.claim.game` (the game flow); every
function cites the rule IDs of ``spec/claim.toml`` it implements.

>>> import random
>>> from rules.claim import CLAIM
>>> state = CLAIM.initial_state(CLAIM.random_setup(random.Random(1)))
>>> while not CLAIM.is_terminal(state):
...     state = CLAIM.apply(state, CLAIM.legal_actions(state)[0])
>>> sorted(CLAIM.result(state).to_json())
['votes', 'winners']
"""

from rules.claim.cards import Card, Faction, card, full_deck
from rules.claim.game import CLAIM, Claim, play
from rules.claim.scoring import Scoring, holds_vote, score, wins_game
from rules.claim.state import Play, Setup, State, TrickOutcome, View
from rules.claim.trick import card_rank, holds_faction, may_follow, takes_trick

__all__ = [
    "CLAIM", "Card", "Claim", "Faction", "Play", "Scoring", "Setup", "State", "TrickOutcome", "View",
    "card", "card_rank", "full_deck", "holds_faction", "holds_vote", "may_follow", "play", "score",
    "takes_trick", "wins_game",
]
