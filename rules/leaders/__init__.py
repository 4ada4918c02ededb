"""Leaders (Czech *Vládci*) by Hugo Frénoy: two players, a 37-cell board, sixteen characters.

Rules: :mod:`rules.leaders.engine` (turns, recruitment, the end),
:mod:`rules.leaders.abilities` (each ability), the pure predicates of
:mod:`rules.leaders.board`, :mod:`rules.leaders.capture` and
:mod:`rules.leaders.restrictions` (also run under Z3). Analysis:
:func:`rules.leaders.forced_win` (could the player to move force a win this action
phase? :mod:`rules.leaders.wins`) and :mod:`rules.leaders.perft`.

>>> import random
>>> from rules.leaders import LEADERS
>>> state = LEADERS.initial_state(LEADERS.random_setup(random.Random(3)))
>>> len(LEADERS.legal_actions(state)) > 0
True
"""

from rules.leaders.game import LEADERS, Leaders
from rules.leaders.state import Action, ActionKind, Fate, Piece, Setup, State, View
from rules.leaders.wins import ForcedWin, forced_win

__all__ = ["LEADERS", "Action", "ActionKind", "Fate", "ForcedWin", "Leaders", "Piece", "Setup", "State", "View",
           "forced_win"]
