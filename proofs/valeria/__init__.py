"""Valeria's theorems: payments (magic substitution, at least one real unit,
monster magic costs), harvest activations and the recruit price (payment),
duke scoring, the end trigger and the Herald (scoring), the Monster Event trigger
(events), the solo Monster phase's activations for every roll and setting (solo), each run on
the engine's own predicates (:mod:`rules.valeria.predicates`) under the Z3
vocabulary and compared with the rule stated independently; see :mod:`proofs`.
"""

from __future__ import annotations

from proofs.valeria import events, payment, scoring, solo

THEOREMS = payment.THEOREMS + scoring.THEOREMS + events.THEOREMS + solo.THEOREMS
