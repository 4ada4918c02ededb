"""Verdicts: an illegal action is answered with a :class:`Violation` that
names the rules it breaks, never with a traceback (decision record 0006)."""

from __future__ import annotations

import attrs

from rules.kernel.text import Text


@attrs.frozen
class Violation:
    """Why an action is illegal: the rule IDs it breaks and an explanation."""

    rules: tuple[str, ...]
    message: Text

    def to_json(self, lang: str = "en") -> dict[str, object]:
        return {"rules": list(self.rules), "message": self.message.get(lang)}


class IllegalActionError(ValueError):
    """Raised by ``Game.apply`` for an illegal action; carries the violation.

    Use ``Game.check`` (returns the violation or ``None``) to get a verdict
    without an exception.
    """

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{', '.join(violation.rules)}: {violation.message.get('en')}")
        self.violation = violation


class MalformedError(ValueError):
    """Input that is not a well-formed record, setup, action or spec."""

    def __init__(self, message: str, *, where: str | None = None) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message
