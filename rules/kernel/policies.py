"""Policies: who plays a seat in a simulated game (issue 21 §1).

A policy is asked for one action at a time and sees what a player at the table
sees: the seat's view (``game.view(state, seat)``) and that seat's legal
actions, never the state, so the view-leak guarantee of the conformance suite
(decision record 0012) carries over to every study. It draws from its own
``random.Random``, so changing one seat's policy changes neither the dice nor
another seat's draws.

What a policy needs of a game beyond the protocol is a capability the game
offers (decision records 0012 and 0026), tested with ``isinstance``: its
score per seat (:class:`HasScores`, which :class:`Greedy` maximises) and the
policies of its own (:class:`HasPolicies`, e.g. a solver's forced win). The
game's package holds them, beside its rules; this module names no game.

A policy that must look one step ahead (:class:`Greedy`) may ask the
:class:`Decision` for a state *sampled consistently with the view*: the true
state with everything the seat may not see redrawn by the game's
``HasSecrets.rehide``. Every bundled game's ``rehide`` draws the hidden part
from what the view leaves possible (the unseen cards, the unseen dukes, the
deck's cards in a new order), so the sample's distribution does not depend on
the hidden truth; tests/studies/test_policies.py checks that the sample's
view is the seat's view. A game with hidden information and no ``rehide``
offers no sample: the greedy policy then plays uniformly at random.

Simultaneous decisions (``TurnKind.SIMULTANEOUS``, e.g. Valeria's harvest) are
asked of each owing seat separately, each from its own view of the same
state (:func:`rules.kernel.simulate.play_out`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from rules.kernel.game import Game, HasSecrets, Information
from rules.kernel.verdict import Violation

#: A seat's score in a state, per seat (``HasScores``); higher is better.
Scores = Callable[[Any], Sequence[float]]


@runtime_checkable
class HasScores(Protocol):
    """A game whose states have a score per seat (victory points, votes held): what
    :class:`Greedy` maximises; a game without it has no ``greedy`` policy."""

    def scores(self, state: Any) -> Sequence[float]:
        """Each seat's score in ``state``, seat by seat; higher is better."""


@attrs.frozen
class Decision:
    """What a policy is told when its seat must act.

    ``legal`` are this seat's legal actions only (at a simultaneous decision the
    other seats' choices are not offered); ``sampler`` redraws a state from the
    view (see :meth:`sample`)."""

    game: Game[Any, Any]
    seat: int
    view: Any
    legal: tuple[Any, ...]
    sampler: Callable[[random.Random], Any] | None = attrs.field(default=None, repr=False)

    def sample(self, rng: random.Random) -> Any | None:
        """A state consistent with the view, the hidden part drawn from ``rng`` (``None``:
        the game offers no way to redraw what this seat may not see)."""
        return self.sampler(rng) if self.sampler is not None else None


def decision(game: Game[Any, Any], state: Any, seat: int, legal: Sequence[Any]) -> Decision:
    """The :class:`Decision` of ``seat`` in ``state``: its view, its ``legal`` actions and a
    sampler that never returns the true state of a game with hidden information."""
    sampler: Callable[[random.Random], Any] | None = None
    if game.info.information is Information.PERFECT:
        def sampler(rng: random.Random) -> Any:
            return state
    elif isinstance(game, HasSecrets):
        def sampler(rng: random.Random) -> Any:
            return game.rehide(state, seat, rng)
    return Decision(game, seat, game.view(state, seat), tuple(legal), sampler)


class Policy(Protocol):
    """Chooses one of ``decision.legal`` (never empty), drawing only from ``rng``."""

    @property
    def name(self) -> str:
        """What ``--policy`` calls it."""

    def choose(self, decision: Decision, rng: random.Random) -> Any: ...


@runtime_checkable
class HasPolicies(Protocol):
    """A game with policies of its own besides the generic ones: name -> a function that
    makes the policy (called in the process that plays, so a policy need not be pickled)."""

    policies: Mapping[str, Callable[[], Policy]]


@attrs.frozen
class UniformRandom:
    """Every legal action equally likely: one ``rng.choice``, the same draw as
    :func:`rules.kernel.simulate.random_action` makes for a seat."""

    name: str = "random"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        return rng.choice(decision.legal)


@attrs.frozen
class FirstLegal:
    """The first legal action in the game's order (a deterministic baseline)."""

    name: str = "first"

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        return decision.legal[0]


#: the value of an action that ends the game with this seat among the winners
WIN_VALUE = float("inf")


@attrs.frozen
class Greedy:
    """One ply: the action after which the seat's score (``scores``, the game's
    :meth:`HasScores.scores`) is highest, ties broken uniformly at random. An
    action that ends the game is worth :data:`WIN_VALUE` when the seat wins it and
    its score otherwise. Evaluated on a state sampled from the view
    (:meth:`Decision.sample`); without one, the policy plays at random."""

    scores: Scores
    name: str = "greedy"

    def value(self, game: Game[Any, Any], after: Any, seat: int) -> float:
        if game.is_terminal(after):
            result = game.result(after)
            if result is not None and seat in result.winners:
                return WIN_VALUE
        return float(self.scores(after)[seat])

    def choose(self, decision: Decision, rng: random.Random) -> Any:
        game, seat = decision.game, decision.seat
        state = decision.sample(rng)
        if state is None or len(decision.legal) == 1:
            return rng.choice(decision.legal)
        best: list[Any] = []
        top = float("-inf")
        for action in decision.legal:
            after = game.attempt(state, action)
            if isinstance(after, Violation):  # legal in the view, not in the sample: never chosen
                continue
            worth = self.value(game, after, seat)
            if worth > top:
                best, top = [action], worth
            elif worth == top:
                best.append(action)
        return rng.choice(best or decision.legal)
