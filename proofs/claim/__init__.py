"""Claim's theorems, in rulebook order: following, winning, routing, scoring.

Each module runs the engine's own rule functions (``rules.claim.trick``,
``rules.claim.scoring``) under the Z3 vocabulary; see :mod:`proofs`.
"""

from __future__ import annotations

from proofs.claim import conservation, follow_suit, scoring, winner

THEOREMS = (*follow_suit.THEOREMS, *winner.THEOREMS, *conservation.THEOREMS, *scoring.THEOREMS)
