"""Every Valeria variant the engine plays, as one Hypothesis state machine.

Hypothesis draws a variant (solo in each setting, 2-5 players, each with or without
random citizens, 2-5 players with or without Monster Events; decisions 0018, 0020,
0021), a seed, then every choice and chance outcome; after every step the invariants
below hold, and the teardown plays the game to its end at random:

- every card dealt is somewhere, once (``conserved``: the Exhausted stack's events,
  the Dark Lord's captured citizens and seized domains, the hidden citizen stacks);
- no resource or VP track goes below zero;
- the action taken passes ``check`` (one rule for "legal", decision 0010);
- what a seat may not see is not in its view (the Dark Lord's duke before the end,
  the face-down events, the composition of random citizen stacks, the other seats'
  dukes) and ``rehide`` changes nothing that seat sees;
- a finished game has a ``Result``; in the solo game it names the player or the Dark
  Lord, and "equal or more means you lose" (valeria.variants.solo.result).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from example_counts import below_thorough
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from valeria_engine_helpers import conserved

from rules.kernel.game import TurnKind
from rules.kernel.simulate import random_action
from rules.valeria.data import index
from rules.valeria.game import VALERIA
from rules.valeria.state import OVER, Outcome, Setup, State
from rules.valeria.variants import DIFFICULTIES

IX = index()
SOLO = st.fixed_dictionaries({"players": st.just(1), "difficulty": st.sampled_from(DIFFICULTIES),
                              "random_citizens": st.booleans()})
MANY = st.fixed_dictionaries({"players": st.integers(2, 5), "random_citizens": st.booleans(),
                              "monster_events": st.booleans()})
VARIANTS = st.one_of(SOLO, MANY)
MAX_STEPS = 8000


def hidden_from(state: State, seat: int) -> list[str]:
    """Card IDs that lie face down for ``seat`` and must not appear in its view."""
    hidden: list[str] = []
    lord = state.solo.dark_lord if state.solo is not None else ""
    if lord and state.phase != OVER:
        hidden.append(lord)
    if state.events is not None:
        hidden += [c for c in state.events.exhausted_stack[state.events.known_top:] if c in IX.events]
    hidden += [d for st in state.domains for d in st[1:]]
    for i, s in enumerate(state.seats):
        if i != seat:
            hidden += [d for d in s.dealt if d not in state.seats[seat].dealt and d != lord]
    return hidden


class VariantGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup | None = None
        self.state: State | None = None
        self.rng = random.Random(0)
        self.steps = 0

    @initialize(seed=st.integers(0, 2**32 - 1), variant=VARIANTS)
    def deal(self, seed: int, variant: dict[str, Any]) -> None:
        self.rng = random.Random(seed)
        self.setup = VALERIA.random_setup(self.rng, variant)
        self.state = VALERIA.initial_state(self.setup)
        shown = VALERIA.variant_of(self.setup)  # what the record will say
        assert all(shown.get(k) == v for k, v in variant.items() if v not in (False, "normal")), (variant, shown)

    @property
    def live(self) -> bool:
        return self.state is not None and not VALERIA.is_terminal(self.state)

    def choices(self, actions: tuple[Any, ...]) -> list[Any]:
        """The legal actions Hypothesis draws from (a subclass may prefer some)."""
        return list(actions)

    def checked(self, before: State, action: Any, after: State) -> None:
        """A subclass's own checks of one step."""

    def step(self, action: Any) -> None:
        before = self.state
        assert before is not None
        if VALERIA.turn(before).kind is not TurnKind.CHANCE:
            assert VALERIA.check(before, action) is None, action
        self.state = VALERIA.apply(before, action)
        self.steps += 1
        self.checked(before, action, self.state)

    @precondition(lambda self: self.live)
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        state = self.state
        assert state is not None
        if VALERIA.turn(state).kind is TurnKind.CHANCE:
            action, _ = data.draw(st.sampled_from(list(VALERIA.chance_outcomes(state))))
        else:
            action = data.draw(st.sampled_from(self.choices(VALERIA.legal_actions(state))))
        self.step(action)

    @precondition(lambda self: not self.live)
    @rule()
    def over(self) -> None:
        assert self.state is not None and VALERIA.legal_actions(self.state) == ()

    # ------------------------------------------------------------------ invariants

    @invariant()
    def cards_are_conserved(self) -> None:
        if self.state is not None and self.setup is not None:
            conserved(self.setup, self.state)

    @invariant()
    def no_track_goes_below_zero(self) -> None:
        if self.state is not None:
            assert all(min(s.gold, s.strength, s.magic, s.vp) >= 0 for s in self.state.seats)

    @invariant()
    def views_hide_what_lies_face_down(self) -> None:
        state = self.state
        if state is None or self.steps % 4:
            return
        for seat in {0, state.active}:
            view = VALERIA.view(state, seat)
            shown = repr(view)
            assert not [c for c in hidden_from(state, seat) if f"'{c}'" in shown], seat
            if state.citizen_stacks:
                assert view.citizen_counts == ()  # the composition of random stacks is secret
            assert VALERIA.view(VALERIA.rehide(state, seat, self.rng), seat) == view

    def teardown(self) -> None:
        while self.live and self.steps < MAX_STEPS:
            assert self.state is not None
            self.step(random_action(VALERIA, self.state, self.rng))
            if self.setup is not None:
                conserved(self.setup, self.state)
        state = self.state
        if state is None:
            return
        assert VALERIA.is_terminal(state), "the game did not end"
        result = VALERIA.result(state)
        assert result is not None
        if state.players == 1:
            solo = result.details["solo"]
            assert (solo["winner"] == "player") == (result.winners == (0,))
            assert (result.automaton == "dark-lord") == (result.winners == ())
            if state.solo.outcome == Outcome.SCORE:
                assert (solo["winner"] == "player") == (solo["player"] > solo["dark-lord"])
        else:
            assert result.automaton == "" and set(result.winners) <= set(range(state.players))


TestVariantGame = pytest.mark.rules(
    "valeria.variants.five-players.changes", "valeria.variants.random-citizens.hidden",
    "valeria.variants.events.setup", "valeria.variants.events.replace", "valeria.variants.solo.capture",
    "valeria.variants.solo.result", "valeria.variants.solo.setup")(VariantGame.TestCase)
# Whole games with every step checked: a handful per run keeps the suite within minutes on two
# cores; the `thorough` profile runs the profile's count.
TestVariantGame.settings = settings(
    max_examples=below_thorough(12),
    stateful_step_count=settings().stateful_step_count, deadline=None)


# ------------------------------------------------------------------ the checks can fail


@pytest.mark.rules("valeria.variants.solo.capture")
def test_a_lost_capture_is_caught() -> None:
    """A Dark Lord's capture that drops the citizen breaks the conservation check."""
    machine = VariantGame()
    machine.deal(7, {"players": 1, "difficulty": "normal", "random_citizens": False})
    state = machine.state
    assert state is not None and machine.setup is not None
    broken = attrs.evolve(state, solo=attrs.evolve(state.solo, captured=("knight",)))  # a citizen appears beside him from nowhere
    with pytest.raises(AssertionError, match="knight"):
        conserved(machine.setup, broken)


@pytest.mark.rules("valeria.variants.events.setup")
def test_a_leaked_event_order_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that showed the face-down events fails the view invariant."""
    machine = VariantGame()
    machine.deal(3, {"players": 3, "random_citizens": False, "monster_events": True})
    monkeypatch.setattr(type(VALERIA), "view", lambda self, state, seat: state)  # shows everything
    with pytest.raises(AssertionError):
        machine.views_hide_what_lies_face_down()
