"""The games the library knows, by record key.

This is the one place that names every game; the kernel stays game-neutral
and receives a game through :func:`load`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rules.kernel.game import Game
from rules.kernel.verdict import UnknownGameError

#: record key -> "module:attribute" of the game object
GAMES: dict[str, str] = {
    "claim": "rules.claim.game:CLAIM",
    "claim2": "rules.claim.game:CLAIM2",
    "claim-combined": "rules.claim.game:CLAIM_COMBINED",
    "leaders": "rules.leaders.game:LEADERS",
    "valeria": "rules.valeria.game:VALERIA",
}


def load(key: str) -> Game[Any, Any]:
    """The game object for a record's ``"game"`` key.

    An unknown key raises :class:`~rules.kernel.verdict.UnknownGameError` (a
    ``KeyError``), which names the known ones.
    """
    target = GAMES.get(key)
    if target is None:
        raise UnknownGameError(f"unknown game {key!r}; known games: {', '.join(sorted(GAMES))}")
    module, _, attr = target.partition(":")
    game: Game[Any, Any] = getattr(import_module(module), attr)
    return game


def load_all() -> dict[str, Game[Any, Any]]:
    """Every game, imported (which also fills the rule registry)."""
    return {key: load(key) for key in GAMES}
