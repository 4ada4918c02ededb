"""Valeria as a Hypothesis state machine: 2-4 players through the chance nodes (the
rolls, Purloiner's Perch's draws), every seat's choices drawn by Hypothesis, and the
issue's invariants checked after every step:

- **card conservation** over every zone: each monster of the five areas in play is in
  its center stack or in exactly one Victory stack, the three other areas' monsters stay
  in the box; each citizen stack plus the copies in the duchies is 5; the 15 domains of
  the setup are in their stacks or built (each once), the other 9 stay in the box; each
  seat holds the two dukes dealt to it, keeps one of them, the rest stay in the box;
- **no resource is ever negative** (gold, strength, magic, VP tokens);
- **every payment applied covers its cost** under the substitution rules, read here
  from the card data and not from the engine: a citizen's base cost plus one per copy
  of its name owned (starters included; the base alone with Emerald Stronghold), a
  domain's cost (one less with Pratchett's Plateau, not below 1) with its role icons met
  by citizens (never starters), in gold with magic replacing gold 1:1 but at least one
  real gold; a monster's magic cost in magic, its strength in strength with further
  magic 1:1 but at least one real strength; never more than the seat has — and the
  same payments broken (one short, the real unit replaced by magic, a monster's magic
  paid as strength) are refused citing the payment rules;
- the payments ``legal_actions`` offers are exactly those ``check`` accepts and the
  book's reading admits (every split within the purse, every few steps of the teardown);
- **no view leaks**: a seat's view and, when it decides, its legal actions are
  unchanged by ``rehide`` (its hidden parts dealt anew), spectators' views too;
- **the end trigger** fires exactly when the book says, checked at every end of a
  turn (no monster left, no domain left, or at least twice as many exhausted stacks
  as players: ruling O13), never during a turn, and once fired stays fired;
- **equal turns**: once triggered the game goes on to the end of the round (the seat
  right of the first player plays the last turn): at the end every seat has played
  the same number of turns, the first round end after the trigger.

Sized by the Hypothesis profiles of tests/conftest.py (``stateful_step_count``); the
teardown plays every game to its end with random choices, checking the same
invariants, so even ``dev`` runs reach the end and the scoring.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from example_counts import below_thorough
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from rules.kernel.game import TurnKind
from rules.kernel.simulate import random_action
from rules.kernel.spec import load_spec
from rules.valeria import engine, violations
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.state import OVER, Action, ActionKind, Payment, Setup, State

pytestmark = pytest.mark.rules(
    "valeria.components.cards", "valeria.setup.citizen-rows", "valeria.setup.domain-row", "valeria.setup.dukes",
    "valeria.dukes.secret", "valeria.resources.magic-substitute", "valeria.recruit.magic",
    "valeria.recruit.cost-per-copy", "valeria.build.cost", "valeria.build.requirements",
    "valeria.domains.starters-no-roles", "valeria.slay.pay-strength", "valeria.slay.magic-cost",
    "valeria.exhausted.end-trigger", "valeria.end.conditions", "valeria.end.check", "valeria.end.equal-turns",
    "valeria.harvest.track", "valeria.cards.emerald-stronghold", "valeria.cards.pratchetts-plateau",
)

RULE_IDS = {r.id for r in load_spec().rules}
IX = index()
CITIZENS_PER_STACK = 5
PAYMENT_RULES = {"valeria.recruit.cost-per-copy", "valeria.recruit.magic", "valeria.resources.magic-substitute",
                 "valeria.build.cost", "valeria.slay.pay-strength", "valeria.slay.magic-cost",
                 "valeria.harvest.track"}


# --------------------------------------------------------------------------- the book read again


def price(state: State, seat: int, kind: str) -> int:
    """Base cost plus one per card of the name owned, starters included (the base alone with Emerald Stronghold)."""
    s = state.seats[seat]
    base = IX.citizens[kind].cost
    if "emerald-stronghold" in s.domains:
        return base
    owned = s.citizens[state.citizen_kinds.index(kind)] + sum(1 for x in IX.cards.starters if x.named == kind)
    return base + owned


def domain_price(state: State, seat: int, domain: str) -> int:
    cost = IX.domains[domain].cost
    return max(1, cost - 1) if "pratchetts-plateau" in state.seats[seat].domains else cost


def roles_ok(state: State, seat: int, domain: str) -> bool:
    have: Counter[str] = Counter()
    for kind, n in zip(state.citizen_kinds, state.seats[seat].citizens, strict=True):
        have[IX.citizens[kind].role] += n
    return all(have[r] >= n for r, n in Counter(IX.domains[domain].roles).items())


def paid(kind: str, first: int, magic: int) -> Payment:
    """A payment of ``first`` in the resource the cost of ``kind`` takes (strength for a monster, else
    gold) and ``magic``."""
    return Payment(strength=first, magic=magic) if kind == ActionKind.SLAY else Payment(gold=first, magic=magic)


def split(a: Action) -> tuple[int, int]:
    """(the resource the cost takes, magic) of ``a``'s payment."""
    return (a.pay.strength if a.kind == ActionKind.SLAY else a.pay.gold), a.pay.magic


def covers(state: State, a: Action) -> bool:
    """Whether the payment of a recruit, build or slay covers its cost by the book."""
    s = state.seats[a.seat]
    x, m = split(a)
    if a.kind == ActionKind.RECRUIT:
        return x >= 1 and m >= 0 and x + m == price(state, a.seat, a.card) and x <= s.gold and m <= s.magic
    if a.kind == ActionKind.BUILD:
        return roles_ok(state, a.seat, a.card) and x >= 1 and m >= 0 \
            and x + m == domain_price(state, a.seat, a.card) and x <= s.gold and m <= s.magic
    monster = IX.monsters[state.monsters[state.areas.index(a.card)][0]]
    return x >= 1 and m >= monster.magic and x + (m - monster.magic) == monster.strength and x <= s.strength \
        and m <= s.magic


def book_end(state: State) -> bool:
    empty = (sum(1 for m in state.monsters if not m) + sum(1 for c in state.citizen_counts if c == 0)
             + sum(1 for d in state.domains if not d))
    return (not any(state.monsters)) or (not any(state.domains)) or empty >= 2 * state.players


# --------------------------------------------------------------------------- the machine


class ValeriaGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup | None = None
        self.state: State | None = None
        self.rng = random.Random(0)
        self.triggered_at: int | None = None  # the turn at whose end the trigger fired
        self.turns_played: Counter[int] = Counter()

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
    def deal(self, players: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.setup = VALERIA.random_setup(self.rng, {"players": players})
        self.state = VALERIA.initial_state(self.setup)

    @property
    def live(self) -> bool:
        return self.state is not None and not VALERIA.is_terminal(self.state)

    @property
    def chance(self) -> bool:
        return self.live and self.state is not None and VALERIA.turn(self.state).kind is TurnKind.CHANCE

    # ------------------------------------------------------------------ steps

    def step(self, action: Action) -> None:
        before = self.state
        assert before is not None
        assert VALERIA.check(before, action) is None, (action, VALERIA.check(before, action))
        if action.kind in (ActionKind.RECRUIT, ActionKind.BUILD, ActionKind.SLAY):
            assert covers(before, action), f"{action} does not cover its cost by the book"
            for broken in broken_payments(before, action):
                v = VALERIA.check(before, broken)
                assert v is not None, f"{broken} was accepted"
                assert set(v.rules) & PAYMENT_RULES, (broken, v.rules)
                assert set(v.rules) <= RULE_IDS, v.rules
        if action.kind == ActionKind.ROLL:
            self.turns_played[before.active] += 1
        after = VALERIA.apply(before, action)
        self.end_of_turn(before, after)
        self.state = after
        self.check_all()

    def end_of_turn(self, before: State, after: State) -> None:
        """The trigger is checked at each turn's end only, exactly as the book says; the
        game then ends at the first round end (equal turns)."""
        turn_ended = before.turns > 0 and (after.turns != before.turns or (after.phase == OVER != before.phase))
        if not turn_ended:
            assert after.end_triggered == before.end_triggered, "the end was triggered during a turn"
            return
        assert after.end_triggered == (before.end_triggered or book_end(after)), "end trigger"
        if after.end_triggered and self.triggered_at is None:
            self.triggered_at = before.turns
        ends_round = (before.active + 1) % before.players == before.first
        assert (after.phase == OVER) == (after.end_triggered and ends_round), "the game ends at the round's end"

    @precondition(lambda self: not self.live)
    @rule()
    def the_game_is_over(self) -> None:
        """A finished game stays finished: a step for the machine when no other rule applies."""
        assert self.state is not None and VALERIA.is_terminal(self.state)
        assert VALERIA.legal_actions(self.state) == ()

    @precondition(lambda self: self.chance)
    @rule(data=st.data())
    def chance_outcome(self, data: st.DataObject) -> None:
        assert self.state is not None
        outcomes = VALERIA.chance_outcomes(self.state)
        assert sum(p for _, p in outcomes) == 1
        action, _ = data.draw(st.sampled_from(list(outcomes)))
        self.step(action)

    @precondition(lambda self: self.live and not self.chance)
    @rule(data=st.data())
    def choose(self, data: st.DataObject) -> None:
        assert self.state is not None
        actions = VALERIA.legal_actions(self.state)
        assert actions, "a seat must decide but has no choice"
        self.step(data.draw(st.sampled_from(actions)))

    @precondition(lambda self: self.live and not self.chance)
    @rule(data=st.data())
    def pay_when_possible(self, data: st.DataObject) -> None:
        """Prefer recruits, builds and slays when there are any, so payments are exercised."""
        assert self.state is not None
        actions = VALERIA.legal_actions(self.state)
        paying = [a for a in actions if a.kind in (ActionKind.RECRUIT, ActionKind.BUILD, ActionKind.SLAY)]
        self.step(data.draw(st.sampled_from(paying or list(actions))))

    # ------------------------------------------------------------------ invariants

    @invariant()
    def cards_are_conserved(self) -> None:
        state, setup = self.state, self.setup
        if state is None or setup is None:
            return
        in_play = Counter(m for a in setup.areas for m in IX.area_stacks[a])
        placed = Counter(m for stack in state.monsters for m in stack)
        for s in state.seats:
            placed.update(s.monsters)
        assert placed == in_play, "monsters"
        for i in range(len(state.citizen_kinds)):
            assert state.citizen_counts[i] >= 0
            assert state.citizen_counts[i] + sum(s.citizens[i] for s in state.seats) == CITIZENS_PER_STACK
        dealt_domains = [d for stack in setup.domains for d in stack]
        here = [d for stack in state.domains for d in stack] + [d for s in state.seats for d in s.domains]
        assert sorted(here) == sorted(dealt_domains), "domains"
        for stack, start in zip(state.domains, setup.domains, strict=True):
            assert stack == start[len(start) - len(stack):], "a domain stack only loses its top"
        assert len(IX.domains) - len(dealt_domains) == 9
        for s, pair in zip(state.seats, setup.dukes, strict=True):
            assert s.dealt == pair and (s.duke is None or s.duke in pair)
        dealt = [d for pair in setup.dukes for d in pair]
        assert len(set(dealt)) == len(dealt) == 2 * state.players <= len(IX.dukes)

    @invariant()
    def no_resource_is_negative(self) -> None:
        if self.state is None:
            return
        for s in self.state.seats:
            assert min(s.gold, s.strength, s.magic, s.vp) >= 0, s

    @invariant()
    def views_do_not_leak(self) -> None:
        state = self.state
        if state is None:
            return
        deciding = set(VALERIA.turn(state).seats) if not VALERIA.is_terminal(state) else set()
        for seat in [*range(state.players), -1]:
            other = VALERIA.rehide(state, seat, self.rng)
            assert VALERIA.view(other, seat) == VALERIA.view(state, seat)
            if seat in deciding:
                mine = {a for a in VALERIA.legal_actions(state) if a.seat == seat}
                assert mine == {a for a in VALERIA.legal_actions(other) if a.seat == seat}

    @invariant()
    def turns_are_equal_at_the_end(self) -> None:
        state = self.state
        if state is None or state.phase != OVER:
            return
        assert state.end_triggered and self.triggered_at is not None
        counts = {self.turns_played[s] for s in range(state.players)}
        assert len(counts) == 1, self.turns_played
        # The first round end after the trigger: fewer than a whole round more.
        assert 0 <= state.turns - self.triggered_at < state.players
        assert state.turns % state.players == 0
        result = VALERIA.result(state)
        assert result is not None and result.winners

    def payments_offered_are_the_payments_accepted(self) -> None:
        """Every recruit, build and slay payment split within the seat's purse is offered by
        ``legal_actions`` exactly when ``check`` (the payment predicates) accepts it and the
        book's reading says it covers its cost."""
        state = self.state
        if state is None or state.phase != "actions" or state.pending:
            return
        s, me = state.seat, state.active
        offered = {a for a in VALERIA.legal_actions(state) if a.kind in (ActionKind.RECRUIT, ActionKind.BUILD, ActionKind.SLAY)}
        targets = ([(ActionKind.RECRUIT, k) for k, n in zip(state.citizen_kinds, state.citizen_counts, strict=True) if n]
                   + [(ActionKind.BUILD, st[0]) for st in state.domains if st]
                   + [(ActionKind.SLAY, a) for a, st in zip(state.areas, state.monsters, strict=True) if st])
        for kind, card in targets:
            first = s.strength if kind == ActionKind.SLAY else s.gold
            # every split up to a little past the dearest card's cost: the boundaries all lie there,
            # and a late-game purse of 60 strength would make the grid hundreds of times larger
            for x in range(min(first, MAX_COST) + 2):
                for m in range(min(s.magic, MAX_COST) + 2):
                    a = Action(kind, me, card, pay=paid(kind, x, m))
                    accepted = VALERIA.check(state, a) is None
                    assert accepted == (a in offered) == covers(state, a), (a, accepted)

    def check_all(self) -> None:
        self.cards_are_conserved()
        self.no_resource_is_negative()
        self.turns_are_equal_at_the_end()

    def teardown(self) -> None:
        """Finish every game with random choices, checking the invariants on the way
        (the view-leak check every few steps: it is the costly one)."""
        steps = 0
        while self.live and steps < 5000:
            assert self.state is not None
            self.step(random_action(VALERIA, self.state, self.rng))
            steps += 1
            if steps % 25 == 0:
                self.views_do_not_leak()
                self.payments_offered_are_the_payments_accepted()
        if self.state is not None:
            assert VALERIA.is_terminal(self.state), "a game did not end within 5000 steps"


#: The dearest price any one resource can pay in the base game: a domain's gold, a monster's
#: strength or magic, a citizen's gold with every copy of its name owned (each adds one).
MAX_COST = max(max(d.cost for d in IX.domains.values()),
               max(max(m.strength, m.magic) for m in IX.monsters.values()),
               max(c.cost for c in IX.citizens.values()) + 7)


def broken_payments(state: State, a: Action) -> list[Action]:
    """The legal payment ``a`` broken so the book refuses it: one unit short, the real unit
    replaced by magic, and for a monster its magic part paid as strength."""
    x, m = split(a)
    out = [attrs.evolve(a, pay=paid(a.kind, x - 1, m))]
    if x >= 1:
        out.append(attrs.evolve(a, pay=paid(a.kind, 0, x + m)))
    if a.kind == ActionKind.SLAY:
        monster = IX.monsters[state.monsters[state.areas.index(a.card)][0]]
        if monster.magic and m >= 1:
            out.append(attrs.evolve(a, pay=paid(a.kind, x + 1, m - 1)))
    return [b for b in out if not covers(state, b)]


TestValeriaGame = ValeriaGame.TestCase
# A whole game is up to ~250 steps, each checked by every invariant, and the teardown plays it to
# its end: a few games per run keep the suite within minutes on two cores (more under `thorough`).
TestValeriaGame.settings = settings(
    max_examples=below_thorough(15),
    stateful_step_count=settings().stateful_step_count, deadline=None)


# --------------------------------------------------------------------------- the checks can fail


def play(players: int, seed: int) -> None:
    machine = ValeriaGame()
    machine.deal(players, seed)
    machine.teardown()


@pytest.mark.rules("valeria.exhausted.end-trigger")
def test_an_early_end_trigger_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def early(monsters: int, domains: int, exhausted: int, players: int) -> bool:
        return monsters == 0 or domains == 0 or exhausted >= 2 * players - 1

    monkeypatch.setattr(engine, "end_triggered", early)
    with pytest.raises(AssertionError, match="end trigger"):
        for seed in range(10):
            play(2 + seed % 3, seed)


@pytest.mark.rules("valeria.recruit.magic", "valeria.build.cost")
def test_a_gold_cost_paid_in_magic_only_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def magic_only(price: int, gold: int, magic: int, have_gold: int, have_magic: int) -> bool:
        return gold >= 0 and magic >= 0 and gold + magic == price and gold <= have_gold and magic <= have_magic

    monkeypatch.setattr(violations, "gold_payment_ok", magic_only)  # the refusal the check runs
    with pytest.raises(AssertionError, match="was accepted"):
        for seed in range(10):
            play(2 + seed % 3, seed)


def test_a_healthy_game_passes_every_check() -> None:
    for seed in range(3):
        play(2 + seed, seed)
