"""Valeria: Card Kingdoms, the base game for 2-4 players with the five-player, random
citizens (decision 0018) and Monster Events (decision 0020) variants, and the solo
game against the Dark Lord (decision 0021, :mod:`rules.valeria.solo`): the kernel's
Game protocol.

The rules are in :mod:`rules.valeria.engine` (the flow) and the modules it reads
(:mod:`~rules.valeria.harvest`, :mod:`~rules.valeria.effects`, :mod:`~rules.valeria.answers`,
:mod:`~rules.valeria.payments`), the legal actions in :mod:`rules.valeria.offers`, the final count in
:mod:`rules.valeria.scoring`, and the pure arithmetic of :mod:`rules.valeria.predicates`; records are in
:mod:`rules.valeria.records`. Chance (decision 0010): the setup holds the
deals and shuffles (areas in order, citizen kinds, domain stacks, the dukes
dealt, the first player); each roll is a chance node with the 36 ordered
outcomes of two distinguishable dice, 1/36 each (an ordered record is what a
table sees, and die-changing domains name one die), and Purloiner's Perch
draws a monster at a chance node.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from itertools import compress
from typing import Any

import attrs

from rules.kernel.decisions import Decision, Decisions, ForcedStep
from rules.kernel.game import (
    CHANCE,
    TERMINAL,
    ChanceMode,
    Dynamics,
    GameBase,
    GameInfo,
    Information,
    Result,
    Turn,
)
from rules.kernel.pictures import Picture, Table
from rules.kernel.schema import load_fragment
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, Violation
from rules.valeria import engine, events, forced, records, solo
from rules.valeria.commands import commands
from rules.valeria.data import index
from rules.valeria.flows import flow_of
from rules.valeria.panel import PANEL
from rules.valeria.pictures import data_tables, draw
from rules.valeria.positions import position_from_json, position_notes, position_to_json
from rules.valeria.state import (
    DICE,
    DRAW,
    DUKES,
    HARVEST,
    OVER,
    ROLL,
    SOLO_PLAYERS,
    Action,
    EventsView,
    Kind,
    SeatView,
    Setup,
    SoloView,
    StackView,
    State,
    View,
)
from rules.valeria.study import ValeriaStudy
from rules.valeria.variants import PARAMETERS, options_of


class Valeria(GameBase[State, Action], ValeriaStudy):  # scores, bounds (rules.valeria.study, decision 0026)
    """Valeria: Card Kingdoms (Czech *Království Valerie*) by Isaias Vallejo, base game."""

    info = GameInfo(
        key="valeria",
        name=Text.of(cs="Království Valerie", en="Valeria: Card Kingdoms"),
        players=(solo.SOLO, *records.PLAYERS),
        chance=ChanceMode.NODES,
        information=Information.IMPERFECT,  # dukes kept face down, face-down domains
        languages=("cs", "en"),
        dynamics=Dynamics.SIMULTANEOUS_CHOICES,
        automata=(solo.DARK_LORD,),  # the solo game's Dark Lord (valeria.variants.solo.dark-lord, decision 0021)
        parameters=PARAMETERS,  # players 1-5, random citizens, Monster Events, dukes, the solo setting (decision 0023)
    )
    panel = PANEL  # the in-page adjudicator's roll and payment (rules.valeria.panel, decision 0025)

    def __init__(self) -> None:
        #: ``rules valeria score RECORD.json`` (:mod:`rules.valeria.commands`), run with this game.
        self.commands = commands(self)

    # ------------------------------------------------------------------ setup and records

    def random_setup(self, rng: random.Random, variant: Any = None) -> Setup:
        return records.random_setup(rng, options_of(variant))

    def variant_of(self, setup: Setup) -> dict[str, Any]:
        """The record's variant (decision 0018): the setup's own (:class:`~rules.valeria.state.Variant`),
        the player count, the flags of random citizens and of Monster Events (decision 0020) when on,
        the solo game's setting (decision 0021)."""
        return setup.variant.to_json()

    def record_schema(self) -> dict[str, Any]:
        """Valeria's part of the record JSON Schema (rules/valeria/record.schema.json, decision 0013)."""
        return load_fragment("rules.valeria", "valeria")

    def setup_from_json(self, data: Any, variant: Any = None) -> Setup:
        return records.setup_from_json(data, variant)

    def setup_to_json(self, setup: Setup) -> dict[str, Any]:
        return records.setup_to_json(setup)

    def action_from_json(self, data: Any) -> Action:
        return records.action_from_json(data)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return records.action_to_json(action)

    # ------------------------------------------------------------------ play

    def initial_state(self, setup: Setup) -> State:
        """The state before the dukes are kept, with the hooks of the setup's variant
        (:func:`rules.valeria.flows.flow_of`) and the solo game's part when it is on."""
        return solo.solo_state(engine.initial_state(setup, flow_of(setup)), setup)

    def turn(self, state: State) -> Turn:
        phase = state.phase
        if phase == OVER:
            return TERMINAL
        if phase in (ROLL, DRAW):
            return CHANCE
        if phase == DUKES:
            return Turn.simultaneous([i for i, s in enumerate(state.seats) if s.duke is None])
        if state.pending:
            return _seat_turn(state.pending[0].seat)
        if phase == HARVEST:
            return _harvest_turn(tuple(compress(range(len(state.harvest)), state.harvest)))  # the seats with items
        return _seat_turn(state.active)

    def is_terminal(self, state: State) -> bool:
        return state.phase == OVER

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        return state.flow.legal_actions(state)

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, Fraction]]:
        if state.phase == ROLL:
            return engine.ROLL_OUTCOMES
        if state.phase == DRAW:
            return engine.draw_outcomes(state)
        return ()

    def is_chance(self, action: Action) -> bool:
        return action.kind in (Kind.ROLL, Kind.DRAW)

    def check(self, state: State, action: Action) -> Violation | None:
        """Why ``action`` is illegal in ``state`` (:func:`rules.valeria.violations.refusal`, the solo
        game's own decisions :func:`rules.valeria.solo.check_action`: the variant's hook), or ``None``.
        What is not a Valeria action or state at all is a :class:`MalformedError` from
        :class:`GameBase`'s guard, the same error every game raises (decision 0023)."""
        return state.flow.check(state, action)

    def successor(self, state: State, action: Action) -> State:
        """The variant's successor (its hook), then every answer the engine gives by itself: a
        decision with one possible answer is not the record's (:mod:`rules.valeria.forced`, decision 0033)."""
        return forced.settle(forced.begun(action, state.flow.successor(state, action)))

    def written_forced_answer(self, state: State, action: Action) -> State | None:
        """An older record's line that writes out an answer the engine gave by itself
        (:func:`rules.valeria.forced.written`, decision 0033): the state having read it, else ``None``."""
        return forced.written(state, action)

    def pending(self, state: State) -> Decisions:
        """The decisions an action opened (rewards, targets, optional powers), the one to
        make now first; the Roll phase's die changes are the active seat's decision."""
        if state.pending:
            return state.pending
        if state.phase == DICE:
            return (Decision(state.active, "dice", "valeria.roll.domains"),)
        return ()

    def result(self, state: State) -> Result | None:
        """The result of a finished game by the variant's hook (:func:`rules.valeria.flows.base_result`,
        :func:`rules.valeria.solo.result`), with the end condition that decided it (``Result.rules``)."""
        return state.flow.result(state) if state.phase == OVER else None

    # ------------------------------------------------------------------ secrets

    def view(self, state: State, seat: int) -> View:
        """What ``seat`` sees: everything public, its own dukes (the kept one and the one
        it did not keep), and of each center stack the top card and the size; another
        seat's duke only as "kept". Any other number is a spectator: public parts only."""
        seats = tuple(SeatView(s.gold, s.strength, s.magic, s.vp, s.citizens, s.domains, s.monsters,
                               s.duke is not None, s.duke if i == seat else None, s.dealt if i == seat else ())
                      for i, s in enumerate(state.seats))
        lord, events_part = state.solo, state.events
        solo_view = None if lord is None else SoloView(lord.dark_lord if state.phase == OVER else None, lord.difficulty,
                                                       lord.captured, lord.seized, lord.attacks, lord.outcome)
        events_view = None if events_part is None else EventsView(
            len(events_part.exhausted_stack), events_part.exhausted_stack[:events_part.known_top], events_part.placed,
            events_part.tokens)
        return View(seat, state.players, state.first, state.areas,
                    tuple(StackView(st[0] if st else None, len(st)) for st in state.monsters),
                    state.citizen_kinds, () if state.citizen_stacks else state.citizen_counts,
                    tuple(StackView(st[0] if st else None, len(st)) for st in state.domains),
                    seats, state.active, state.phase, state.turns, state.dice, state.rolled, state.used,
                    state.harvest, state.actions_left, state.pending, state.draw_from, state.end_triggered,
                    state.resting, tuple(StackView(state.citizen_kinds[st[0]] if st else None, len(st))
                                         for st in state.citizen_stacks or ()), solo_view, events_view)

    def rehide(self, state: State, seat: int, rng: random.Random) -> State:
        """``state`` with what ``seat`` may not see dealt anew: the face-down domains under
        each top (shuffled with the domains left in the box), the other seats' dukes
        (dealt anew from the dukes ``seat`` was not dealt, keeping who has kept one),
        with random citizens the face-down citizens under each top and with Monster
        Events the face-down events of the Exhausted stack (valeria.variants.events.setup)."""
        ix = index()
        built = {d for s in state.seats for d in s.domains}
        tops = {st[0] for st in state.domains if st}
        pool = [d for d in ix.domains if d not in built and d not in tops]
        rng.shuffle(pool)
        fresh = iter(pool)
        domains = tuple((st[0], *(next(fresh) for _ in st[1:])) if st else st for st in state.domains)
        mine = set(state.seats[seat].dealt) if 0 <= seat < state.players else set()
        others = [d for d in ix.dukes if d not in mine]
        rng.shuffle(others)
        deal = iter(others)
        seats = []
        for i, s in enumerate(state.seats):
            if i == seat:
                seats.append(s)
                continue
            pair = (next(deal), next(deal))
            seats.append(attrs.evolve(s, dealt=pair, duke=None if s.duke is None else pair[rng.randrange(2)]))
        solo_part = state.solo
        if solo_part is not None and state.phase != OVER:  # the Dark Lord's duke lies face down until the end
            solo_part = attrs.evolve(solo_part, dark_lord=rng.choice(list(deal)))
        return attrs.evolve(state, domains=domains, seats=tuple(seats), citizen_stacks=_rehide_citizens(state, rng),
                            events=events.rehide(state, rng), solo=solo_part)

    # ------------------------------------------------------------------ positions

    def position_from_json(self, data: Any, variant: Any = None) -> State:
        if options_of(variant).players == SOLO_PLAYERS:
            raise MalformedError("a position of the solo game cannot be given: the Dark Lord's face-down duke "
                                 "(valeria.variants.solo.setup) belongs to the setup (decision 0021)")
        return position_from_json(data, variant)

    def position_to_json(self, state: State) -> dict[str, Any]:
        if state.solo is not None:
            raise ValueError("a position of the solo game cannot be written: the Dark Lord's face-down duke "
                             "belongs to the setup (valeria.variants.solo.setup)")
        return position_to_json(state)

    def position_notes(self, state: State) -> tuple[Text, ...]:
        return position_notes(state)

    # ------------------------------------------------------------------ explanations

    def explain_step(self, before: State, action: Action, after: State) -> tuple[Text, ...]:
        return before.flow.explain_step(before, action, after)

    def forced_steps(self, before: State, action: Action, after: State) -> tuple[ForcedStep, ...]:
        """What the engine did by itself: the Dark Lord in the solo game (decisions 0011 and 0021), and
        the only possible answers of the decisions the step opened (decision 0033)."""
        return (*after.flow.forced_steps(before, action, after), *forced.narrated(before, action, after))

    # ------------------------------------------------------------------ rulebook

    def draw_figure(self, figure: Mapping[str, Any], languages: Sequence[str]) -> Picture:
        """A worked example drawn and replayed by the engine (:func:`rules.valeria.pictures.draw`)."""
        return draw(figure, languages)

    def data_tables(self, languages: Sequence[str]) -> Sequence[Table]:
        """The card tables of the rulebook (:func:`rules.valeria.pictures.data_tables`)."""
        return data_tables(languages)


#: ``Turn.of(seat)``, made once per seat (a turn is immutable; random play asks at every step).
_seat_turn = cache(Turn.of)
#: the Harvest phase's turn of the seats with items left, made once per set of seats (decision 0043)
_harvest_turn = cache(Turn.simultaneous)

VALERIA = Valeria()
"""The Valeria game object (it has no state of its own)."""


def _rehide_citizens(state: State, rng: random.Random) -> tuple[tuple[int, ...], ...] | None:
    """Random citizens (valeria.variants.random-citizens.hidden): the cards under each
    face-up top dealt anew from the copies nobody can see (not in a duchy, not a top)."""
    if state.citizen_stacks is None:
        return None
    ix = index()
    rng_cards: list[tuple[int, ...]] = []
    for stack, kinds in zip(state.citizen_stacks, ix.stack_kinds, strict=True):
        if len(stack) < 2:
            rng_cards.append(stack)
            continue
        idx = [state.citizen_kinds.index(k) for k in kinds]
        unseen = [i for i in idx for _ in range(ix.citizens[state.citizen_kinds[i]].copies
                                                - sum(s.citizens[i] for s in state.seats)
                                                - (1 if stack[0] == i else 0))]
        rng_cards.append((stack[0], *rng.sample(unseen, len(stack) - 1)))
    return tuple(rng_cards)
