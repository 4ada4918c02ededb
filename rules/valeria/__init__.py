"""Valeria: Card Kingdoms (Czech edition, 2nd edition with the Herald starter) by Isaias Vallejo.

The rules are the records of ``spec/valeria.toml``; every card is data in
``spec/data/valeria-cards.toml``, read and validated by
:func:`rules.valeria.cards.load_cards` (decision 0016). The engine that plays
the game builds on these two.

>>> import random
>>> from rules.valeria import VALERIA
>>> state = VALERIA.initial_state(VALERIA.random_setup(random.Random(1), {"players": 2}))
>>> str(VALERIA.legal_actions(state)[0])
'seat 0 keeps the duke elisium-the-allsmith'
"""

from rules.valeria.game import VALERIA, Valeria
from rules.valeria.state import Action, ActionKind, Outcome, Payment, Setup, State

__all__ = ["VALERIA", "Action", "ActionKind", "Outcome", "Payment", "Setup", "State", "Valeria"]
