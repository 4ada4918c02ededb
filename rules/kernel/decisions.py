"""Pending decisions and forced steps (decision record 0011).

A state that waits for a player's choice which some earlier action opened
(Claim: the winner of a Seers trick takes a card; Leaders: a Nemesis must
move; Valeria: pay with gold or magic) says so with a stack of
:class:`Decision` values, the top first. Each names the seat that decides,
what kind of decision it is and the rule that opened it, so an explanation
or a refusal can cite that rule.

A :class:`ForcedStep` is the opposite: something the engine does by itself
because a rule forces it (Claim's automatic crush, a Dark Lord activation),
narrated with that rule by ``Game.forced_steps``.
"""

from __future__ import annotations

from collections.abc import Hashable

import attrs

from rules.kernel.text import Text


@attrs.frozen(slots=True)
class Decision:
    """One decision a state waits for.

    ``kind`` is the game's own word for it (``"take"``, ``"nemesis-move"``);
    ``rule`` the rule ID that opened it; ``detail`` whatever hashable data
    the game needs to check and enumerate the choice.
    """

    seat: int
    kind: str
    rule: str
    detail: Hashable = ()


#: A stack of decisions, the one to make now first.
Decisions = tuple[Decision, ...]


def push(stack: Decisions, *decisions: Decision) -> Decisions:
    """``decisions`` (the first made first) on top of ``stack``."""
    return decisions + stack


def pop(stack: Decisions) -> Decisions:
    """``stack`` without its top decision; a ``ValueError`` when it is empty."""
    if not stack:
        raise ValueError("no pending decision to pop")
    return stack[1:]


def top(stack: Decisions) -> Decision | None:
    """The decision to make now, or ``None``."""
    return stack[0] if stack else None


@attrs.frozen(slots=True)
class ForcedStep:
    """A step the engine took by itself because ``rule`` forces it."""

    rule: str
    text: Text

    @property
    def narration(self) -> Text:
        """The step with the rule that forced it, in every language of its text."""
        return Text(tuple((lang, f"{line} ({self.rule})") for lang, line in self.text.by_lang))
