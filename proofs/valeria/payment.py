"""Payments, activations and prices of Valeria, proved on the engine's predicates.

- Slaying (``valeria.slay.pay-strength``, ``valeria.slay.magic-cost``): for every
  monster cost and every payment and purse within bounds, the engine accepts a
  payment exactly when the monster's magic is paid in magic, the magic beyond it
  replaces strength one for one, at least one real strength is paid and the seat
  has what it pays.
- Gold costs (``valeria.recruit.magic``, ``valeria.build.cost``,
  ``valeria.resources.magic-substitute``): the same with gold, for every price.
- Activations (``valeria.roll.activation-values``, ``valeria.harvest.doubles``):
  for every pair of dice and every activation number, a card activates once per
  die showing its number (twice on doubles) and once more when the sum is its number.
- The recruit price (``valeria.recruit.cost-per-copy``): base cost plus one per
  copy owned, for every base cost and count of copies.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, theorem
from rules.kernel.logic import Logic
from rules.valeria import predicates

#: Bounds of the quantified values: costs as printed (strength up to 14, magic up to 6,
#: gold up to 12 plus copies), purses far beyond what a game reaches.
MAX_COST = 30
MAX_PURSE = 60


def _num(model: Any, term: Any) -> int:
    return int(model.eval(term, model_completion=True).as_long())


def _within(*pairs: tuple[Any, int, int]) -> Any:
    import z3

    return z3.And(*(z3.And(x >= low, x <= high) for x, low, high in pairs))


@theorem("valeria.slay-payment", ("valeria.slay.pay-strength", "valeria.slay.magic-cost",
                                  "valeria.resources.magic-substitute"),
         "A monster is paid exactly by its magic cost in magic plus its strength cost in strength and further "
         "magic (1 : 1), with at least one real strength, out of what the seat has.")
def slay_payment(L: Logic, *, slay_payment_ok: Any = predicates.slay_payment_ok) -> Obligation:
    import z3

    sc, mc, s, m, hs, hm = z3.Ints("strength_cost magic_cost strength magic have_strength have_magic")
    domain = _within((sc, 1, MAX_COST), (mc, 0, MAX_COST), (s, 0, MAX_PURSE), (m, 0, MAX_PURSE),
                     (hs, 0, MAX_PURSE), (hm, 0, MAX_PURSE))
    as_strength = m - mc  # the magic that replaces strength
    rule = z3.And(as_strength >= 0, s >= 1, s + as_strength == sc, s <= hs, m <= hm)
    engine = slay_payment_ok(sc, mc, s, m, hs, hm, L)

    def explain(model: Any) -> str:
        return (f"a monster of strength {_num(model, sc)} and magic {_num(model, mc)}, paid with "
                f"{_num(model, s)} strength and {_num(model, m)} magic by a seat with {_num(model, hs)} strength "
                f"and {_num(model, hm)} magic: engine {'accepts' if z3.is_true(model.eval(engine)) else 'refuses'}")

    return Obligation(domain, engine == rule, explain, smallest=sc + mc + s + m)


@theorem("valeria.gold-payment", ("valeria.recruit.magic", "valeria.build.cost", "valeria.resources.magic-substitute"),
         "A gold price is paid exactly by gold and magic summing to it, magic replacing gold 1 : 1, with at least "
         "one real gold, out of what the seat has.")
def gold_payment(L: Logic, *, gold_payment_ok: Any = predicates.gold_payment_ok) -> Obligation:
    import z3

    price, g, m, hg, hm = z3.Ints("price gold magic have_gold have_magic")
    domain = _within((price, 1, MAX_COST), (g, 0, MAX_PURSE), (m, 0, MAX_PURSE), (hg, 0, MAX_PURSE),
                     (hm, 0, MAX_PURSE))
    rule = z3.And(g >= 1, m == price - g, g <= hg, m <= hm)
    engine = gold_payment_ok(price, g, m, hg, hm, L)

    def explain(model: Any) -> str:
        return (f"a price of {_num(model, price)} gold paid with {_num(model, g)} gold and {_num(model, m)} magic "
                f"by a seat with {_num(model, hg)} gold and {_num(model, hm)} magic: engine "
                f"{'accepts' if z3.is_true(model.eval(engine)) else 'refuses'}")

    return Obligation(domain, engine == rule, explain, smallest=price + g + m)


@theorem("valeria.activations", ("valeria.roll.activation-values", "valeria.harvest.doubles"),
         "On dice a and b a card numbered n activates once for each die showing n (so twice on doubles of n) and "
         "once when a + b = n.")
def activation_count(L: Logic, *, activations: Any = predicates.activations) -> Obligation:
    import z3

    a, b, n = z3.Ints("die_a die_b number")
    domain = _within((a, 1, 6), (b, 1, 6), (n, 1, 12))
    by_dice = z3.If(z3.And(a == b, a == n), 2, z3.If(z3.Or(a == n, b == n), 1, 0))
    rule = by_dice + z3.If(a + b == n, 1, 0)
    engine = activations(a, b, n, L)

    def explain(model: Any) -> str:
        return (f"dice {_num(model, a)} and {_num(model, b)}, a card numbered {_num(model, n)}: engine "
                f"{_num(model, engine)} activations, the rule {_num(model, rule)}")

    return Obligation(domain, engine == rule, explain)


@theorem("valeria.recruit-price", ("valeria.recruit.cost-per-copy",),
         "A citizen costs its base cost plus one gold per copy of its name owned (the base cost alone with "
         "Emerald Stronghold).")
def recruit_price(L: Logic, *, price: Any = predicates.recruit_price) -> Obligation:
    import z3

    base, owned, plain = z3.Int("base"), z3.Int("owned"), z3.Bool("ignore_plus")
    domain = _within((base, 1, 12), (owned, 0, 40))
    rule = z3.If(plain, base, base + owned)
    engine = price(base, owned, plain, L)

    def explain(model: Any) -> str:
        return (f"base cost {_num(model, base)}, {_num(model, owned)} copies owned: engine {_num(model, engine)}, "
                f"the rule {_num(model, rule)}")

    return Obligation(domain, engine == rule, explain)


THEOREMS = (slay_payment, gold_payment, activation_count, recruit_price)
