"""Policies by name, as ``--policy random,greedy`` gives them (issue 21 §1).

Every game has ``random`` (uniform over the legal actions), ``first`` (the first
legal action) and ``greedy`` (one ply, the seat's score from
:mod:`rules.studies.scores`); a game may add its own, named here as
``module:factory`` and imported only when asked for (Leaders' ``forced-win``,
:mod:`rules.leaders.policies`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from rules.kernel.game import Game
from rules.kernel.policies import FirstLegal, Greedy, Policy, UniformRandom
from rules.kernel.verdict import MalformedError
from rules.studies.scores import SCORES

GENERIC: dict[str, Callable[[Game[Any, Any]], Policy]] = {
    "random": lambda game: UniformRandom(),
    "first": lambda game: FirstLegal(),
    "greedy": lambda game: Greedy(SCORES.get(game.info.key)),
}
#: game key -> policy name -> "module:factory"
OWN: dict[str, dict[str, str]] = {
    "leaders": {"forced-win": "rules.leaders.policies:forced_win_policy"},
}


def names(game: Game[Any, Any]) -> tuple[str, ...]:
    """The policies ``game`` can be played by."""
    return (*GENERIC, *OWN.get(game.info.key, {}))


def policy(game: Game[Any, Any], name: str) -> Policy:
    """The policy called ``name`` for ``game``; an unknown name is a ``MalformedError`` naming the known ones."""
    if name in GENERIC:
        return GENERIC[name](game)
    target = OWN.get(game.info.key, {}).get(name)
    if target is None:
        raise MalformedError(f"--policy {name!r}: {game.info.key} has the policies {', '.join(names(game))}")
    module, _, attr = target.partition(":")
    made: Policy = getattr(import_module(module), attr)()
    return made


def parse(game: Game[Any, Any], text: str) -> tuple[Policy, ...]:
    """``"random,greedy"``: one policy per seat, the last serving every seat after it."""
    return tuple(policy(game, name.strip()) for name in text.split(","))
