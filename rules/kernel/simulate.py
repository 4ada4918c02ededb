"""Random play through the :class:`~rules.kernel.game.Game` protocol alone:
play-outs, random records and the ``rules bench`` measurement.

Chance nodes are sampled by their probabilities and every seat's choice is
uniform over its legal actions, all drawn from one ``random.Random``, so the
same seed gives the same game (decision record 0010).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from rules.kernel.game import Game, HasVariants, TurnKind
from rules.kernel.records import record_to_json


class VariantError(ValueError):
    """A variant given to a game that has none."""


def random_setup(game: Game[Any, Any], rng: random.Random, variant: Any = None) -> Any:
    """``game.random_setup``, passing the variant only to games that take one."""
    if variant is None:
        return game.random_setup(rng)
    if not isinstance(game, HasVariants):
        raise VariantError(f"game {game.info.key!r} has no variants")
    return game.random_setup(rng, variant)


def random_action(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """A chance outcome drawn by its probability, or a uniformly random legal action."""
    if game.turn(state).kind is TurnKind.CHANCE:
        outcomes = game.chance_outcomes(state)
        return rng.choices([o for o, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
    return rng.choice(game.legal_actions(state))


def play_out(game: Game[Any, Any], state: Any, rng: random.Random,
             stop_after: int | None = None) -> tuple[list[Any], Any]:
    """Random actions from ``state`` until the game ends (or ``stop_after``
    actions): the actions taken and the state reached."""
    actions: list[Any] = []
    while not game.is_terminal(state) and (stop_after is None or len(actions) < stop_after):
        action = random_action(game, state, rng)
        actions.append(action)
        state = game.apply(state, action)
    return actions, state


def random_record(game: Game[Any, Any], seed: int, stop_after: int | None = None,
                  variant: Any = None) -> dict[str, Any]:
    """A random legal record: the setup and every choice and chance outcome drawn from ``random.Random(seed)``."""
    rng = random.Random(seed)
    setup = random_setup(game, rng, variant)
    actions, _ = play_out(game, game.initial_state(setup), rng, stop_after)
    return record_to_json(game, setup, actions)


def bench(game: Game[Any, Any], n: int, seed: int = 0, variant: Any = None,
          max_actions: int | None = None) -> dict[str, Any]:
    """Play ``n`` random games through ``turn``/``legal_actions``/``apply``.

    Games end at their terminal state or, for games that need not end (a
    board game where both players may keep stopping), after ``max_actions``.
    """
    rng = random.Random(seed)
    setups: Sequence[Any] = [random_setup(game, rng, variant) for _ in range(n)]
    actions = 0
    start = time.perf_counter()
    for setup in setups:
        played, _ = play_out(game, game.initial_state(setup), rng, max_actions)
        actions += len(played)
    seconds = time.perf_counter() - start
    report: dict[str, Any] = {"game": game.info.key, "games": n, "actions": actions,
                              "seconds": round(seconds, 4),
                              "games_per_second": round(n / seconds, 1) if seconds else None}
    if variant is not None:
        report["variant"] = variant
    return report
