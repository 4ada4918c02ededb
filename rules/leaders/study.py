"""What studies and the adapters ask of Leaders (decision record 0026).

The game object offers three capabilities of the kernel through
:class:`LeadersStudy`, which :class:`~rules.leaders.game.Leaders` inherits:

- ``HasScores`` (:mod:`rules.kernel.policies`): Leaders counts no points; a seat
  wins by capturing or surrounding the other leader alone (``leaders.goal``), so
  every seat scores 0 until then and the greedy policy plays for a win at once;
- ``HasPolicies``: ``forced-win``, the first action of a forced win whenever
  the solver finds one (:mod:`rules.leaders.policies`);
- ``HasBounds`` (:mod:`rules.kernel.study`): enumerating every action is not
  practical (an action names a figure's cell, an ability, a target and a path),
  so the adapters number the legal actions by slot, within
  :data:`MOST_LEGAL_ACTIONS`, several times the most seen in random play (133
  over 15 seeded games); a game need not end, so an adapter stops it after
  :data:`LONGEST_GAME` actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from rules.kernel.policies import Policy
from rules.kernel.study import Bounds
from rules.leaders.policies import forced_win_policy

#: the most legal actions a seat may have at one decision (a declared bound)
MOST_LEGAL_ACTIONS = 1024
#: the actions after which an adapter stops a game, which need not end
LONGEST_GAME = 300
#: every seat's score at any moment: Leaders has none (``leaders.goal``)
NO_SCORE = (0.0, 0.0)


class LeadersStudy:
    """Leaders' ``HasScores``, ``HasPolicies`` and ``HasBounds`` (module docstring)."""

    bounds = Bounds(most_legal_actions=MOST_LEGAL_ACTIONS, longest_game=LONGEST_GAME)
    policies: Mapping[str, Callable[[], Policy]] = MappingProxyType({"forced-win": forced_win_policy})

    @staticmethod
    def scores(state: Any) -> tuple[float, ...]:
        """No points to count: 0 for both seats, whatever the state (module docstring)."""
        return NO_SCORE
