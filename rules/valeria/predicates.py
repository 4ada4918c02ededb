"""The pure arithmetic of Valeria's rules, written in the logic vocabulary
(:mod:`rules.kernel.logic`, decision 0003) so that the engine and future Z3
proofs run the same functions: how often a card activates, what a citizen
costs, which payments are legal, when the game ends, what a duke's resources
score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.kernel.logic import CONCRETE, Logic
from rules.kernel.registry import implements


@implements("valeria.roll.activation-values", "valeria.harvest.doubles")
def activations(a: Any, b: Any, number: Any, L: Logic = CONCRETE) -> Any:
    """How many times a card with activation ``number`` activates on dice ``a``, ``b``.

    Each die value and the sum are activation values (valeria.roll.activation-values);
    on doubles each card matching the dice activates twice — once per die — while a
    card matching the sum activates once (valeria.harvest.doubles, ruling O5).
    """
    return L.Sum(L.If(a == number, 1, 0), L.If(b == number, 1, 0), L.If(a + b == number, 1, 0))


@implements("valeria.herald.no-citizen", "valeria.herald.doubles", "valeria.herald.twice")
def herald_activations(a: Any, b: Any, activated: Any, L: Logic = CONCRETE) -> Any:
    """The Herald activates once when none of the seat's cards activated (starters
    count as activated cards, ruling O4), once on doubles, twice when both hold."""
    return L.Sum(L.If(activated == 0, 1, 0), L.If(a == b, 1, 0))


@implements("valeria.recruit.cost-per-copy")
def recruit_price(base: Any, owned: Any, ignore_plus: Any = False, L: Logic = CONCRETE) -> Any:
    """The printed base cost plus 1 gold per card of the same name already owned
    (starters included); Emerald Stronghold ignores the "+" (valeria.cards.emerald-stronghold)."""
    return L.If(ignore_plus, base, base + owned)


@implements("valeria.resources.magic-substitute", "valeria.recruit.magic", "valeria.build.cost")
def gold_payment_ok(price: Any, gold: Any, magic: Any, have_gold: Any, have_magic: Any,
                    L: Logic = CONCRETE) -> Any:
    """A gold cost paid with ``gold`` and ``magic``: magic substitutes 1:1, at least
    one real gold, exactly the price, no more than the seat has."""
    return L.And(gold >= 1, magic >= 0, gold + magic == price, gold <= have_gold, magic <= have_magic)


@implements("valeria.slay.pay-strength", "valeria.slay.magic-cost")
def slay_payment_ok(strength_cost: Any, magic_cost: Any, strength: Any, magic: Any,
                    have_strength: Any, have_magic: Any, L: Logic = CONCRETE) -> Any:
    """A monster paid with ``strength`` and ``magic``: its magic cost in magic, its
    strength in strength with magic substituting 1:1 but at least one real strength."""
    return L.And(strength >= 1, magic >= magic_cost, strength + magic == strength_cost + magic_cost,
                 strength <= have_strength, magic <= have_magic)


@implements("valeria.end.conditions", "valeria.exhausted.end-trigger")
def end_triggered(monsters_left: Any, domains_left: Any, exhausted: Any, players: Any,
                  L: Logic = CONCRETE) -> Any:
    """All monsters slain, all domains built, or at least twice as many exhausted
    stacks as players (ruling O13: "equal to" read as "at least", one action can
    empty two stacks)."""
    return L.Or(monsters_left == 0, domains_left == 0, exhausted >= 2 * players)


@implements("valeria.dukes.resources")
def duke_resource_vp(gold: Any, strength: Any, magic: Any, per: Any, L: Logic = CONCRETE) -> Any:
    """All remaining resources are summed, then divided by the duke's number,
    rounded down (ruling O1; VP are no resource)."""
    return L.Div(L.Sum(gold, strength, magic), per)


@implements("valeria.dukes.role-icons", "valeria.scoring.duke-icons")
def role_icons(citizen_roles: Sequence[Any], citizen_copies: Sequence[Any], domain_icons: Sequence[Any],
               role: Any, L: Logic = CONCRETE) -> Any:
    """The role icons ``role`` a duke counts: every citizen copy whose kind has that role
    (``citizen_roles[i]``, ``citizen_copies[i]`` per center stack) plus every icon of that
    role printed on a built domain (``domain_icons``, one entry per icon). Starters have no
    role icon and are not passed (valeria.domains.starters-no-roles)."""
    return L.Sum(L.Sum(*(L.If(r == role, n, 0) for r, n in zip(citizen_roles, citizen_copies, strict=True))),
                 L.Sum(*(L.If(icon == role, 1, 0) for icon in domain_icons)))


@implements("valeria.scoring.total", "valeria.dukes.resources")
def duke_vp(term_vps: Sequence[Any], term_counts: Sequence[Any], resource_vp: Any, L: Logic = CONCRETE) -> Any:
    """A duke's VP: each of its terms' VP times what the term counts, plus the VP of
    the summed resources (:func:`duke_resource_vp`)."""
    return L.Sum(*(vp * n for vp, n in zip(term_vps, term_counts, strict=True)), resource_vp)
