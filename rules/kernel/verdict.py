"""Verdicts: an illegal action is answered with a :class:`Violation` that
names the rules it breaks, never with a traceback (decision record 0006)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rules.kernel.languages import FALLBACK
from rules.kernel.text import Text


@attrs.frozen
class Violation:
    """Why an action is illegal: the rule IDs it breaks and an explanation."""

    rules: tuple[str, ...]
    message: Text

    def to_json(self, lang: str = FALLBACK) -> dict[str, object]:
        return {"rules": list(self.rules), "message": self.message.get(lang)}


def refuse(rules: str | Sequence[str], message: Text, **values: object) -> Violation:
    """The violation of ``rules`` (one rule ID or several) explained by ``message`` with its
    ``{placeholders}`` filled from ``values``: the one way every game writes a refusal."""
    return Violation((rules,) if isinstance(rules, str) else tuple(rules), message.format(**values))


class RulesError(Exception):
    """The base of every exception this library raises on purpose (decision record 0023).

    Catch it to handle any refusal of the library; its subclasses say which:
    :class:`MalformedError` for input that is not what the library reads,
    :class:`IllegalActionError` for a well-formed but illegal action passed to
    ``Game.apply``, :class:`UnknownGameError` for a game key nobody registered.
    The same bad input raises the same class in every game.
    """


class IllegalActionError(RulesError, ValueError):
    """Raised by ``Game.apply`` for an illegal action; carries the violation.

    Use ``Game.check`` (returns the violation or ``None``) to get a verdict
    without an exception.
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{', '.join(violation.rules)}: {violation.message.get(FALLBACK)}")
        self.violation = violation


class MalformedError(RulesError, ValueError):
    """Input that is not a well-formed record, setup, action or spec."""

    def __init__(self, message: str, *, where: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message


class UnknownGameError(RulesError, KeyError):
    """A game key that no installed game registered; the message names the known ones."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""
