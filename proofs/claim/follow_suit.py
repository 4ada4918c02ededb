"""Follow-suit legality (``claim.follow-suit``, ``claim.doppelgangers``).

The engine decides a follower's legal cards as ``Claim.legal_actions`` and
``Claim.check`` do: ``holds = holds_faction(<factions of the hand>, lead)``,
then ``may_follow(card faction, lead, holds)`` per card. :func:`legal_flags`
is that composition; the theorems run it on every hand of 1 to 13 cards (any
factions, in any order) and every led faction.

The hand size ``n`` is symbolic, but ``holds_faction`` must see only the
``n`` real cards: the proof case-splits on ``n`` and hands each case exactly
the first ``n`` factions (a list of the same length the engine passes), so no
sentinel "missing card" value ever reaches the engine's function.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from proofs import Obligation, as_bool, theorem
from proofs.claim.common import is_faction, name, num, truth
from rules.claim import trick
from rules.claim.trick import DOPPELGANGER
from rules.kernel.logic import Logic

HAND_MAX = 13  # claim.setup.deal; phase two hands are 13 followers too


def legal_flags(hand: Sequence[Any], lead: Any, L: Logic, *,
                may_follow: Any = trick.may_follow, holds_faction: Any = trick.holds_faction) -> list[Any]:
    """Per card of ``hand`` (factions): may it follow ``lead``? (the engine's composition)"""
    holds = holds_faction(list(hand), lead, L)
    return [may_follow(f, lead, holds, L) for f in hand]


def rule_flags(hand: Sequence[Any], lead: Any, L: Logic) -> list[Any]:
    """The same question read off the rule text, without the engine's functions:
    a card may follow when it is of the led faction, or a Doppelganger (wild
    even when holding the led faction: ``claim.doppelgangers``), or when the
    hand holds no card of the led faction (``claim.follow-suit``). A led
    Doppelganger is "the led faction" (``claim.doppelgangers.led``)."""
    holds_led = L.Or(*(f == lead for f in hand))
    return [L.Or(f == lead, f == DOPPELGANGER, L.Not(holds_led)) for f in hand]


def _hands(L: Logic, **impls: Any) -> tuple[Any, Any, list[Any], dict[int, tuple[list[Any], list[Any]]], Any]:
    """Symbolic hand size, lead, factions; per size k the engine's and the rule's flags."""
    import z3

    n, lead = z3.Int("n"), z3.Int("lead")
    hand = [z3.Int(f"card{i}") for i in range(HAND_MAX)]
    cases = {k: (legal_flags(hand[:k], lead, L, **impls), rule_flags(hand[:k], lead, L))
             for k in range(1, HAND_MAX + 1)}
    domain = z3.And(n >= 1, n <= HAND_MAX, is_faction(lead), *(is_faction(f) for f in hand))
    return n, lead, hand, cases, domain


def _explain(n: Any, lead: Any, hand: list[Any], cases: dict[int, tuple[list[Any], list[Any]]]) -> Any:
    def explain(model: Any) -> str:
        k = num(model, n)
        engine, rule = cases[k]
        cards = [name(num(model, f)) for f in hand[:k]]
        legal = [c for c, flag in zip(cards, engine) if truth(model, flag)]
        should = [c for c, flag in zip(cards, rule) if truth(model, flag)]
        return (f"lead {name(num(model, lead))}; hand of {k}: [{', '.join(cards)}]; "
                f"engine allows [{', '.join(legal)}]; the rule allows [{', '.join(should)}]")
    return explain


@theorem("claim.follow-suit.nonempty",
         ("claim.follow", "claim.follow-suit", "claim.phase2.follow"),
         "Whatever was led, a follower holding 1 to 13 cards always has at least one legal card.")
def nonempty(L: Logic, *, may_follow: Any = trick.may_follow, holds_faction: Any = trick.holds_faction) -> Obligation:
    """Never stuck: the engine's legal set is non-empty for every hand and lead."""
    import z3

    n, lead, hand, cases, domain = _hands(L, may_follow=may_follow, holds_faction=holds_faction)
    claim = z3.And(*(z3.Implies(n == k, z3.Or(*map(as_bool, engine))) for k, (engine, _) in cases.items()))
    return Obligation(domain, claim, _explain(n, lead, hand, cases), smallest=n)


@theorem("claim.follow-suit.exact",
         ("claim.follow-suit", "claim.phase2.follow", "claim.knights.follow-suit",
          "claim.doppelgangers", "claim.doppelgangers.led"),
         "A card may follow exactly when it is of the led faction, or a Doppelganger, "
         "or its hand holds no card of the led faction.")
def exact(L: Logic, *, may_follow: Any = trick.may_follow, holds_faction: Any = trick.holds_faction) -> Obligation:
    """The engine allows precisely the cards the rule text allows, card by card."""
    import z3

    n, lead, hand, cases, domain = _hands(L, may_follow=may_follow, holds_faction=holds_faction)
    claim = z3.And(*(z3.Implies(n == k, z3.And(*(as_bool(e) == as_bool(r) for e, r in zip(engine, rule))))
                     for k, (engine, rule) in cases.items()))
    return Obligation(domain, claim, _explain(n, lead, hand, cases), smallest=n)


THEOREMS = (nonempty, exact)
