"""The variants' hooks (:class:`~rules.valeria.state.Flow`), chosen once when a game starts.

The engine's steps and the game object's answers differ by variant in a few places only:
the solo game against the Dark Lord ends the Action phase with its Monster phase, answers
its own decisions and has its own result (:mod:`rules.valeria.solo`, decision 0021);
Monster Events trigger after the dice are announced and fill the emptied center positions
after every step (:mod:`rules.valeria.events`, decision 0020). :func:`flow_of` picks the
hooks from the setup's variant, :func:`rules.valeria.engine.initial_state` puts them on the
state, and from then on the engine and :class:`rules.valeria.game.Valeria` call
``state.flow`` and never ask which game they play (issue 17 §1).
"""

from __future__ import annotations

import attrs

from rules.kernel.decisions import ForcedStep
from rules.kernel.game import Result
from rules.valeria import engine, events, offers, scoring, solo, violations
from rules.valeria.explain import explain_step, score_lines
from rules.valeria.state import EVENTS, Action, Flow, Setup, State, replace


def base_result(state: State) -> Result:
    """The base game's result: every seat's score (valeria.scoring.total), the winners
    (valeria.scoring.winner, valeria.scoring.tie) and the end condition that decided it
    (:func:`rules.valeria.engine.end_rules`)."""
    scores = tuple(scoring.score(state, i) for i in range(state.players))
    win = scoring.winners(scores)
    details = {"scores": [{"seat": s.seat, "monsters": s.monsters, "domains": s.domains, "board": s.board,
                           "duke": s.duke, "total": s.total, "duchy_cards": s.duchy_cards} for s in scores]}
    return Result(win, details, score_lines(state, scores, win), rules=engine.end_rules(state))


def no_forced_steps(before: State, action: Action, after: State) -> tuple[ForcedStep, ...]:
    """The games with players only: nobody acts by himself."""
    return ()


def trigger_events(state: State) -> State:
    """Monster Events: the triggered events' instructions follow the announced dice
    (valeria.variants.events.roll-phase)."""
    return events.trigger(replace(state, phase=EVENTS))


#: The base game with 2-5 players (random citizens change the setup only).
BASE_FLOW = Flow(end_of_actions=engine.end_phase, legal_actions=offers.legal_actions,
                 pending_answers=offers.pending_answers, check=violations.refusal,
                 successor=engine.successor, result=base_result, explain_step=explain_step,
                 forced_steps=no_forced_steps)
#: With Monster Events the triggered events' instructions follow the announced dice
#: (valeria.variants.events.roll-phase) and every step ends by filling the emptied center
#: positions from the Exhausted stack (valeria.variants.events.revealed).
EVENTS_FLOW = attrs.evolve(BASE_FLOW, announced=trigger_events, after_step=events.fill)
#: The solo game against the Dark Lord: the Monster phase after the Action phase, the solo
#: game's own decisions, its result and the Dark Lord's steps narrated (decision 0021).
SOLO_FLOW = Flow(end_of_actions=solo.monster_phase, legal_actions=solo.legal_actions,
                 pending_answers=solo.pending_answers, check=solo.check_action,
                 successor=solo.successor, result=solo.result, explain_step=solo.explain_step,
                 forced_steps=solo.forced_steps)


def flow_of(setup: Setup) -> Flow:
    """The hooks of the setup's variant (the solo game is never played with Monster Events:
    the ruling on valeria.variants.solo.dark-lord)."""
    if setup.solo is not None:
        return SOLO_FLOW
    return EVENTS_FLOW if setup.monster_events is not None else BASE_FLOW
