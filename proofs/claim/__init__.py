"""The theorems of the Claim family, in rulebook order: following, winning,
routing, powers, drawing, scoring.

Each module runs the engine's own rule functions (``rules.claim.trick``,
``rules.claim.powers``, ``rules.claim.scoring``) under the Z3 vocabulary; see
:mod:`proofs`. A theorem's game is its name's prefix: ``claim.*`` (Claim's
rules), ``claim2.*`` (Claim 2's powers) and ``claim-combined.*`` (three and four
players, custom decks); ``python -m proofs --game claim2`` runs one of them.
"""

from __future__ import annotations

from proofs.claim import (
    conservation,
    draw_order,
    follow_suit,
    follow_table,
    powers,
    routing,
    scoring,
    table_winner,
    winner,
)

THEOREMS = (*follow_suit.THEOREMS, *follow_table.THEOREMS, *winner.THEOREMS, *table_winner.THEOREMS,
            *conservation.THEOREMS, *routing.THEOREMS, *powers.THEOREMS, *draw_order.THEOREMS,
            *scoring.THEOREMS)
