"""Duke scoring, the end trigger and the Herald, proved on the engine's predicates.

- Duke scoring (``valeria.dukes.resources``, ``valeria.scoring.duke-icons``,
  ``valeria.dukes.role-icons``): for every duke of the card data and every tableau
  within bounds (a role on each of the ten citizen stacks, any copies of each, up to
  eight role icons on built domains, any count of what the other terms count, any
  resources), the duke's VP the engine computes is each term's VP times its count —
  a role counted as the citizens of that role plus that role's icons on domains —
  plus the quotient of the *summed* resources by the duke's number, rounded down
  (ruling O1), stated by its defining inequalities.
- The end trigger (``valeria.end.conditions``, ``valeria.exhausted.end-trigger``):
  for every player count and every number of monsters and domains left and of
  exhausted stacks, the game ends exactly when no monster is left, no domain is
  left, or at least twice as many stacks as players are exhausted (ruling O13).
- The Herald (``valeria.herald.*``): for every pair of dice and every number of
  other activations, it activates once when nothing else did, once on doubles,
  twice when both hold.
"""

from __future__ import annotations

from typing import Any

from proofs import Obligation, theorem
from rules.kernel.logic import Logic
from rules.valeria import predicates
from rules.valeria.cards import load_cards

#: Bounds: citizens per stack (5 in a stack, one more returned by no rule), icons on
#: built domains (at most 15 domains are built, their icons fit in far fewer than this
#: in any game: bounded to keep the proof quick), counts and resources far beyond play.
MAX_COPIES = 6
DOMAIN_ICONS = 8
MAX_COUNT = 48
MAX_RESOURCES = 200
STACKS = 10
ROLES = ("worker", "soldier", "shadow", "holy")


def _num(model: Any, term: Any) -> int:
    return int(model.eval(term, model_completion=True).as_long())


@theorem("valeria.duke-score", ("valeria.dukes.resources", "valeria.scoring.duke-icons", "valeria.dukes.role-icons"),
         "For every duke and every tableau within bounds, the duke scores each term's VP times its count (a role "
         "icon counted on citizens and built domains) plus the remaining resources summed, then divided by its "
         "number, rounded down (ruling O1).")
def duke_score(L: Logic, *, duke_resource_vp: Any = predicates.duke_resource_vp,
               role_icons: Any = predicates.role_icons, duke_vp: Any = predicates.duke_vp) -> Obligation:
    import z3

    roles = [z3.Int(f"role_of_stack_{i}") for i in range(STACKS)]  # index into ROLES
    copies = [z3.Int(f"copies_{i}") for i in range(STACKS)]
    icons = [z3.Int(f"domain_icon_{j}") for j in range(DOMAIN_ICONS)]  # -1: no icon in this slot
    g, s, m = z3.Ints("gold strength magic")
    domain = z3.And(*(z3.And(r >= 0, r < len(ROLES)) for r in roles), *(z3.And(c >= 0, c <= MAX_COPIES) for c in copies),
                    *(z3.And(i >= -1, i < len(ROLES)) for i in icons),
                    *(z3.And(x >= 0, x <= MAX_RESOURCES) for x in (g, s, m)))
    dukes = load_cards().dukes
    engines, rules_vp = [], []
    for duke in dukes:
        per = duke.resources_per_vp
        vps, engine_counts, rule_counts, others = [], [], [], []
        for k, term in enumerate(duke.score):
            vps.append(term.vp)
            if term.per.kind == "role_icon":
                code = ROLES.index(term.per.value)
                engine_counts.append(role_icons(roles, copies, icons, code, L))
                rule_counts.append(z3.Sum(*(z3.If(r == code, c, 0) for r, c in zip(roles, copies, strict=True)),
                                          *(z3.If(i == code, 1, 0) for i in icons)))
            else:  # any count of the counted cards: the term is VP times it
                n = z3.Int(f"{duke.id}_term_{k}")
                others.append(n)
                engine_counts.append(n)
                rule_counts.append(n)
        q = z3.Int(f"{duke.id}_resource_vp")  # the rule's quotient, by its defining inequalities
        rule = z3.Sum(*(vp * n for vp, n in zip(vps, rule_counts, strict=True)), q)
        engine = duke_vp(vps, engine_counts, duke_resource_vp(g, s, m, per, L), L)
        engines.append(engine)
        rules_vp.append(rule)
        domain = z3.And(domain, *(z3.And(n >= 0, n <= MAX_COUNT) for n in others))
    # Each quotient is pinned by its inequalities; one exists for every total, so the domain is not empty.
    quotients = [z3.Int(f"{d.id}_resource_vp") for d in dukes]
    domain = z3.And(domain, *(z3.And(q * d.resources_per_vp <= g + s + m, g + s + m < (q + 1) * d.resources_per_vp)
                              for q, d in zip(quotients, dukes, strict=True)))

    def explain(model: Any) -> str:
        for duke, engine, rule in zip(dukes, engines, rules_vp, strict=True):
            if _num(model, engine) != _num(model, rule):
                tableau = ", ".join(f"{_num(model, c)}x {ROLES[_num(model, r)]}" for r, c in zip(roles, copies,
                                                                                              strict=True)
                                    if _num(model, c))
                on_domains = ", ".join(ROLES[_num(model, i)] for i in icons if _num(model, i) >= 0)
                return (f"{duke.id} (1 VP per {duke.resources_per_vp} resources) with citizens [{tableau}], "
                        f"domain icons [{on_domains}], {_num(model, g)} gold, {_num(model, s)} strength and "
                        f"{_num(model, m)} magic: engine {_num(model, engine)} VP, the rule {_num(model, rule)}")
        return "no duke differs"  # pragma: no cover - a model of the negated claim always has one

    return Obligation(domain, z3.And(*(e == r for e, r in zip(engines, rules_vp, strict=True))), explain,
                      smallest=z3.Sum(g, s, m, *copies))


@theorem("valeria.end-trigger", ("valeria.end.conditions", "valeria.exhausted.end-trigger"),
         "The end is triggered exactly when every monster is slain, every domain is built, or at least twice as "
         "many center stacks as players are exhausted (ruling O13).")
def end_trigger(L: Logic, *, end_triggered: Any = predicates.end_triggered) -> Obligation:
    import z3

    monsters, domains, exhausted, players = z3.Ints("monsters_left domains_left exhausted_stacks players")
    # 5 monster stacks of 6 (48 monsters less 5-player cards, Watcher may return some), 15 domains,
    # 20 center stacks; 2-4 players (the base game).
    domain = z3.And(monsters >= 0, monsters <= 48, domains >= 0, domains <= 15, exhausted >= 0, exhausted <= 20,
                    players >= 2, players <= 4)
    rule = z3.Or(monsters == 0, domains == 0, exhausted >= players + players)
    engine = end_triggered(monsters, domains, exhausted, players, L)

    def explain(model: Any) -> str:
        return (f"{_num(model, players)} players, {_num(model, monsters)} monsters and {_num(model, domains)} "
                f"domains left, {_num(model, exhausted)} exhausted stacks: engine "
                f"{'ends' if z3.is_true(model.eval(engine)) else 'goes on'}, the rule "
                f"{'ends' if z3.is_true(model.eval(rule)) else 'goes on'}")

    return Obligation(domain, engine == rule, explain)


@theorem("valeria.herald", ("valeria.herald.no-citizen", "valeria.herald.doubles", "valeria.herald.twice"),
         "The Herald activates once when none of the seat's other cards activated, once on doubles, and twice "
         "when both hold.")
def herald(L: Logic, *, herald_activations: Any = predicates.herald_activations) -> Obligation:
    import z3

    a, b, n = z3.Ints("die_a die_b other_activations")
    domain = z3.And(a >= 1, a <= 6, b >= 1, b <= 6, n >= 0, n <= 60)
    rule = z3.If(z3.And(n == 0, a == b), 2, z3.If(z3.Or(n == 0, a == b), 1, 0))
    engine = herald_activations(a, b, n, L)

    def explain(model: Any) -> str:
        return (f"dice {_num(model, a)} and {_num(model, b)}, {_num(model, n)} other activations: engine "
                f"{_num(model, engine)} Herald activations, the rule {_num(model, rule)}")

    return Obligation(domain, engine == rule, explain)


THEOREMS = (duke_score, end_trigger, herald)
