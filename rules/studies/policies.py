"""Policies by name, as ``--policy random,greedy`` gives them (issue 21 §1).

Every game has ``random`` (uniform over the legal actions) and ``first`` (the
first legal action); a game that offers its scores
(:class:`~rules.kernel.policies.HasScores`) also ``greedy`` (one ply, the seat's
score); a game adds its own through
:class:`~rules.kernel.policies.HasPolicies` (a solver's forced win, say).
Nothing here names a game (decision records 0025 and 0026).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.kernel.game import Game
from rules.kernel.policies import FirstLegal, Greedy, HasPolicies, HasScores, Policy, UniformRandom
from rules.kernel.verdict import MalformedError

#: the policies of every game
EVERY_GAME: dict[str, Callable[[Game[Any, Any]], Policy]] = {
    "random": lambda game: UniformRandom(),
    "first": lambda game: FirstLegal(),
}
#: the name of the one-ply policy of a game with scores
GREEDY = "greedy"


def _own(game: Game[Any, Any]) -> dict[str, Callable[[], Policy]]:
    """The policies ``game`` adds by name (none without ``HasPolicies``)."""
    return dict(game.policies) if isinstance(game, HasPolicies) else {}


def names(game: Game[Any, Any]) -> tuple[str, ...]:
    """The policies ``game`` can be played by."""
    return (*EVERY_GAME, *((GREEDY,) if isinstance(game, HasScores) else ()), *_own(game))


def policy(game: Game[Any, Any], name: str) -> Policy:
    """The policy called ``name`` for ``game``; an unknown name, or ``greedy`` for a game without
    scores, is a ``MalformedError`` naming the policies the game has."""
    if name in EVERY_GAME:
        return EVERY_GAME[name](game)
    if name == GREEDY and isinstance(game, HasScores):
        return Greedy(game.scores)
    make = _own(game).get(name)
    if make is not None:
        return make()
    known = ", ".join(names(game))
    if name == GREEDY:
        raise MalformedError(f"--policy {GREEDY}: it maximises a seat's score, and {game.info.key} offers none "
                             f"(HasScores); it has the policies {known}")
    raise MalformedError(f"--policy {name!r}: {game.info.key} has the policies {known}")


def parse(game: Game[Any, Any], text: str) -> tuple[Policy, ...]:
    """``"random,greedy"``: one policy per seat, the last serving every seat after it."""
    return tuple(policy(game, name.strip()) for name in text.split(","))
