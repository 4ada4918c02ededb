"""Valeria: Card Kingdoms (Czech edition, 2nd edition with the Herald starter) by Isaias Vallejo.

The rules are the records of ``spec/valeria.toml``; every card is data in
``spec/data/valeria-cards.toml``, read and validated by
:func:`rules.valeria.cards.load_cards` (decision 0016). The engine that plays
the game builds on these two.
"""
