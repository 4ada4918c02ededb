"""What studies and the adapters ask of Valeria (decision record 0026).

The game object offers two capabilities of the kernel through
:class:`ValeriaStudy`, which :class:`~rules.valeria.game.Valeria` inherits:

- ``HasScores`` (:mod:`rules.kernel.policies`): each seat's victory points now,
  as :func:`rules.valeria.engine.score` counts them at the end
  (``valeria.scoring.total``); in the solo game the player's lead over the Dark
  Lord (``valeria.variants.solo.scoring``); the greedy policy maximises them;
- ``HasBounds`` (:mod:`rules.kernel.study`): enumerating every action is not
  practical (a payment splits any price between resources), so the adapters
  number the legal actions by slot, within :data:`MOST_LEGAL_ACTIONS`, several
  times the most seen in random play (113 over 15 seeded games); a game runs
  about 100 to 400 actions in random play, and an adapter stops one only after
  :data:`LONGEST_GAME`.
"""

from __future__ import annotations

from rules.kernel.study import Bounds
from rules.valeria import engine, solo
from rules.valeria.state import State

#: the most legal actions a seat may have at one decision (a declared bound)
MOST_LEGAL_ACTIONS = 512
#: the actions (rolls included) after which an adapter stops a game: far above random play's
LONGEST_GAME = 3000


class ValeriaStudy:
    """Valeria's ``HasScores`` and ``HasBounds`` (module docstring)."""

    bounds = Bounds(most_legal_actions=MOST_LEGAL_ACTIONS, longest_game=LONGEST_GAME)

    @staticmethod
    def scores(state: State) -> tuple[float, ...]:
        """Each seat's victory points now; solo: the player's points minus the Dark Lord's."""
        if state.players == solo.SOLO:
            mine, his = solo.scores(state)
            return (float(mine.total - his.total),)
        return tuple(float(engine.score(state, seat).total) for seat in range(state.players))
