"""The protocol every game implements (after OpenSpiel's game API).

A game is declared once (:class:`GameInfo`), then offers pure functions over
immutable states: ``legal_actions``, ``check``, ``apply``, ``is_terminal``,
``result`` and per-seat ``view``. The kernel (records, adjudication, CLI,
rulebook) talks to games only through this protocol; it never imports a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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


@runtime_checkable
class Game(Protocol[S, A]):
    """A game the kernel can replay, adjudicate, simulate and document."""

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
