"""The game-neutral kernel: spec records, rule registry, verdicts, records,
the logic vocabulary and the :class:`~rules.kernel.game.Game` protocol.

The kernel never imports a game.
"""

from rules.kernel.game import Game, GameInfo, Result
from rules.kernel.logic import CONCRETE, Logic, symbolic
from rules.kernel.registry import implementations, implements
from rules.kernel.spec import Rule, Spec, SpecError, load_spec
from rules.kernel.text import Text
from rules.kernel.verdict import IllegalActionError, MalformedError, Violation

__all__ = [
    "CONCRETE", "Game", "GameInfo", "IllegalActionError", "Logic", "MalformedError", "Result",
    "Rule", "Spec", "SpecError", "Text", "Violation", "implementations", "implements",
    "load_spec", "symbolic",
]
