"""A Leaders policy that plays a forced win when the solver finds one (issue 21 §1).

At each of its actions in its own action phase, the seat asks
:func:`rules.leaders.wins.forced_win` (``leaders.goal``, ``leaders.end.immediate``)
whether it can force a capture or surround before the phase ends, within a small
node budget; when it can, it plays the strategy's first action, otherwise its
fallback policy chooses. It sees only its view: Leaders hides nothing but the
order of the Discovery deck, and the state it searches is the view's sample
with that order redrawn (:meth:`rules.kernel.policies.Decision.sample`), which no
forced win within a phase depends on.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from rules.kernel.policies import Decision, Policy, UniformRandom
from rules.leaders.state import ACTIONS
from rules.leaders.wins import Move, forced_win

#: positions the solver may expand per decision: a few milliseconds
NODE_BUDGET = 2_000


@attrs.frozen
class ForcedWinPolicy:
    """The first action of a forced win when one is found within ``node_budget``, else ``fallback``'s choice."""

    node_budget: int = NODE_BUDGET
    fallback: Policy = UniformRandom()
    name: str = "forced-win"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        state = decision.sample(rng)
        if state is not None and state.phase == ACTIONS and state.player == decision.seat == state.to_move:
            answer = forced_win(state, mode="first", node_limit=self.node_budget)
            strategy = answer.strategy
            if answer.status == "win" and isinstance(strategy, Move) and strategy.action in decision.legal:
                return strategy.action
        return self.fallback.choose(decision, rng)


def forced_win_policy() -> ForcedWinPolicy:
    """The policy ``rules study leaders --policy forced-win`` plays."""
    return ForcedWinPolicy()
