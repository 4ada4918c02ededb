"""The protocol every game implements (after OpenSpiel's game API).

A game is declared once (:class:`GameInfo`), then offers pure functions over
immutable states: ``legal_actions``, ``check``, ``apply``, ``is_terminal``,
``result`` and per-seat ``view``. The kernel (records, adjudication, CLI,
rulebook) talks to games only through this protocol; it never imports a game.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import attrs

from rules.kernel.text import Text
from rules.kernel.verdict import Violation

S = TypeVar("S")
A = TypeVar("A")


@attrs.frozen
class GameInfo:
    """What kind of game this is, declared once."""

    key: str  # "claim": the record's "game" and the rule-ID prefix
    name: Text
    players: tuple[int, ...]  # allowed player counts
    chance: str  # "deal" = all randomness in the setup; "none"
    information: str  # "imperfect" or "perfect"
    languages: tuple[str, ...]  # rulebook language first, then "en"


@attrs.frozen
class Result:
    """The outcome of a finished game.

    ``winners`` lists winning seats (empty: no winner under the rulings);
    ``details`` is the game-specific JSON (Claim: ``votes``); ``lines`` explain it.
    """

    winners: tuple[int, ...]
    details: Mapping[str, Any] = attrs.field(factory=dict, eq=False, hash=False)
    lines: tuple[Text, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**self.details, "winners": list(self.winners)}


@attrs.frozen
class GameCommand:
    """A game's own subcommand of the ``rules`` CLI (``rules leaders wins FILE``).

    A game offers them as ``commands: Mapping[str, GameCommand]``; the CLI adds
    ``rules <game key> <name>`` for each. ``run`` returns the exit status and
    may raise :class:`~rules.kernel.verdict.MalformedError` for bad input (the
    CLI prints it on one line and exits 2).
    """

    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@runtime_checkable
class Game(Protocol[S, A]):
    """A game the kernel can replay, adjudicate, simulate and document.

    Optional members, looked up with ``getattr`` by the kernel and the CLI:

    - ``variant_of(setup) -> JSON | None``: the record's ``"variant"`` for a
      setup (games whose variants are parameters, e.g. ``claim-combined``);
      ``random_setup(rng, variant)`` then accepts the parsed variant JSON.
    - ``position_from_json(data, variant) -> S``, ``position_to_json(state)``
      and ``position_notes(state) -> Sequence[Text]``: records may start from
      a ``"position"`` instead of a ``"setup"`` (a disputed position without
      the game that led to it); the notes say what is unusual about it.
    - ``commands: Mapping[str, GameCommand]``: game-specific CLI commands.
    """

    info: GameInfo

    # records -------------------------------------------------------------
    def setup_from_json(self, data: Mapping[str, Any], variant: Any = None) -> Any:
        """Parse a record's ``setup``; raise ``MalformedError`` on bad input."""

    def setup_to_json(self, setup: Any) -> dict[str, Any]: ...

    def action_from_json(self, data: Any) -> A:
        """Parse one record action; raise ``MalformedError`` on bad input."""

    def action_to_json(self, action: A) -> dict[str, Any]: ...

    def random_setup(self, rng: random.Random) -> Any: ...

    # play ------------------------------------------------------------------
    def initial_state(self, setup: Any) -> S: ...

    def legal_actions(self, state: S) -> Sequence[A]: ...

    def check(self, state: S, action: A) -> Violation | None:
        """``None`` when ``action`` is legal in ``state``, else why not."""

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises ``IllegalActionError`` if illegal."""

    def is_terminal(self, state: S) -> bool: ...

    def result(self, state: S) -> Result | None: ...

    def view(self, state: S, seat: int) -> Any:
        """What ``seat`` may see of ``state``."""

    # explanations ------------------------------------------------------------
    def explain_step(self, before: S, action: A, after: S) -> Sequence[Text]:
        """Lines that say what ``action`` did (for ``adjudicate --explain``)."""
