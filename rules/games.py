"""The games the library knows, by record key (decision records 0012 and 0024).

A game is registered by one entry point in the group ``rules.games`` of its
distribution's metadata, the way pytest finds its plugins: the entry point's
name is the record key, its value the game object's ``module:attribute``. The
library declares its own games in ``pyproject.toml``::

    [project.entry-points."rules.games"]
    claim = "rules.claim.game:CLAIM"

and another project publishes a game the same way, from its own
distribution, without a line here. A game's rule books are the
``spec/*.toml`` files of the package that holds its module (``acme_poker`` for
``acme_poker.game:POKER``); the library's own books stay in the top-level
``spec/``. This module hands those folders to the spec loader
(:func:`rules.kernel.spec.use_game_books`), so the kernel stays game-neutral
and receives a game only through :func:`load`.

Where the registrations come from:

- an installed library (``pip install``, editable or not, a wheel unpacked in
  Pyodide): the metadata of every distribution on ``sys.path``;
- a source tree that is not installed, or whose installed metadata predates
  the entry points: the library's own games from the checkout's
  ``pyproject.toml`` (the same declaration), besides any installed game;
- neither (a copy of the ``rules`` package alone): no game is registered, and
  :func:`load` says so and how to install.

Games are listed by their ``module:attribute``, so the games of one package
stay together whatever order an installer wrote the metadata in.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import tomllib
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import attrs

from rules.kernel import spec
from rules.kernel.game import Game
from rules.kernel.verdict import RulesError, UnknownGameError

#: The entry-point group a distribution registers its games in.
GROUP = "rules.games"
#: The library's own distribution.
DISTRIBUTION = "tabletop-rules"
#: Where a game package keeps its rule books.
BOOKS = "spec"


class RegistrationError(RulesError):
    """A registered game that cannot be used: two distributions claim one key, or
    the entry point does not lead to a game object with that key."""


@attrs.frozen
class Registration:
    """One game as its distribution registers it."""

    key: str  #: the record's ``"game"``
    target: str  #: ``"module:attribute"`` of the game object
    distribution: str  #: who registers it, its name normalized (``tabletop-rules``, ``acme-poker``)
    #: False when read from a checkout's ``pyproject.toml`` rather than installed metadata
    installed: bool = True

    @property
    def module(self) -> str:
        return self.target.partition(":")[0]

    @property
    def package(self) -> str:
        """The package that holds the game's module (``rules.claim``); its ``spec/`` holds the game's books."""
        return self.module.rpartition(".")[0]

    def book_folder(self) -> Path | None:
        """The package's ``spec/`` folder (``None`` if it has none), found without importing
        the package itself (only its parents, if it has any), so reading the registry
        imports no game."""
        if not self.package:
            return None
        try:
            found = importlib.util.find_spec(self.package)
        except ModuleNotFoundError:
            return None  # load() reports the missing module
        for location in (found.submodule_search_locations or []) if found else []:
            folder = Path(location) / BOOKS
            if folder.is_dir():
                return folder
        return None


def _normal(name: str) -> str:
    """A distribution's name as PEP 503 compares it (``Tabletop_Rules`` is ``tabletop-rules``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _checkout_registrations() -> list[Registration]:
    """The library's own games from ``pyproject.toml`` beside the ``rules`` package, if
    this is a checkout of the library (empty otherwise)."""
    path = Path(__file__).resolve().parents[1] / "pyproject.toml"
    if not path.is_file():
        return []
    project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    if _normal(project.get("name", "")) != DISTRIBUTION:
        return []
    declared = project.get("entry-points", {}).get(GROUP, {})
    return [Registration(key, target, DISTRIBUTION, installed=False) for key, target in declared.items()]


def discover() -> tuple[Registration, ...]:
    """Every registered game, read from the installed distributions' metadata (and from
    the checkout's ``pyproject.toml`` when the library's own metadata lacks them)."""
    found = [Registration(ep.name, ep.value, _normal(ep.dist.name) if ep.dist else "?")
             for ep in entry_points(group=GROUP)]
    if not any(r.distribution == DISTRIBUTION for r in found):
        found.extend(_checkout_registrations())
    by_key: dict[str, Registration] = {}
    for registration in found:
        other = by_key.setdefault(registration.key, registration)
        if other.target != registration.target:
            raise RegistrationError(f"game {registration.key!r} is registered twice: as {other.target} by "
                                    f"{other.distribution} and as {registration.target} by "
                                    f"{registration.distribution}; uninstall one of them")
    return tuple(sorted(by_key.values(), key=lambda r: (r.target, r.key)))


#: record key -> the game's registration
REGISTRY: dict[str, Registration] = {}
#: record key -> "module:attribute" of the game object
GAMES: dict[str, str] = {}


def refresh() -> None:
    """Read the registrations again (after a distribution was installed or put on
    ``sys.path`` in this process) and hand the games' book folders to the spec loader.
    :data:`GAMES` and :data:`REGISTRY` are updated in place."""
    registrations = discover()
    REGISTRY.clear()
    REGISTRY.update((r.key, r) for r in registrations)
    GAMES.clear()
    GAMES.update((r.key, r.target) for r in registrations)
    spec.use_game_books(folder for r in registrations if (folder := r.book_folder()) is not None)


refresh()


def load(key: str) -> Game[Any, Any]:
    """The game object for a record's ``"game"`` key.

    An unknown key raises :class:`~rules.kernel.verdict.UnknownGameError` (a
    ``KeyError``), which names the known ones; an entry point that does not
    lead to a game with that key raises :class:`RegistrationError`.
    """
    target = GAMES.get(key)
    if target is None:
        if not GAMES:
            raise UnknownGameError(f"unknown game {key!r}: no games are registered (the entry-point group "
                                   f"{GROUP!r} is empty); install the library, e.g. pip install -e . in a checkout")
        raise UnknownGameError(f"unknown game {key!r}; known games: {', '.join(sorted(GAMES))}")
    return _resolve(key, target)


@functools.cache
def _resolve(key: str, target: str) -> Game[Any, Any]:
    module, _, attribute = target.partition(":")
    try:
        game = getattr(import_module(module), attribute)
    except (ImportError, AttributeError) as exc:
        raise RegistrationError(f"game {key!r} is registered as {target}, which cannot be loaded: {exc}") from exc
    if not isinstance(game, Game) or game.info.key != key:
        raise RegistrationError(f"game {key!r} is registered as {target}, which is not a game with that key")
    return game


def load_all() -> dict[str, Game[Any, Any]]:
    """Every game, imported (which also fills the rule registry)."""
    return {key: load(key) for key in GAMES}
