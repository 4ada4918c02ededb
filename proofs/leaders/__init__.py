"""Leaders' theorems, in rulebook order: the board, visibility, capture and surround,
the Jailer and the Protector.

Each module runs the engine's own predicates (``rules.leaders.board``,
``rules.leaders.capture``, ``rules.leaders.restrictions``) under the Z3
vocabulary and compares them with the rule stated independently from the
reference geometry (:mod:`proofs.leaders.common`); see :mod:`proofs`.
"""

from __future__ import annotations

from proofs.leaders import capture, geometry, restrictions, visibility

THEOREMS = (*geometry.THEOREMS, *visibility.THEOREMS, *capture.THEOREMS, *restrictions.THEOREMS)
