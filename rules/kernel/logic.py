"""A tiny logic vocabulary shared by the engine and the Z3 proofs.

Rule functions never use Python's ``and``/``or``/``if`` on rule facts.
They take a vocabulary ``L`` and write ``L.And(...)``, ``L.Or(...)``,
``L.Not(...)``, ``L.If(...)``, ``L.Sum(...)`` and ``L.Div(...)``; comparisons use the ordinary
operators (``==``, ``<``, ``>=``), which both Python ints and Z3 terms
overload. With :data:`CONCRETE` a rule function evaluates immediately on
cards in play; with :func:`symbolic` the *same function object* builds a Z3
formula, so a proof is a proof about the code the engine runs
(decision record ``docs/decisions/0003-logic-vocabulary.md``).
"""

from __future__ import annotations

from typing import Any, Protocol


class Logic(Protocol):
    """The operations a rule function may use on rule facts."""

    def And(self, *terms: Any) -> Any: ...
    def Or(self, *terms: Any) -> Any: ...
    def Not(self, term: Any) -> Any: ...
    def If(self, cond: Any, then: Any, otherwise: Any) -> Any: ...
    def Sum(self, *terms: Any) -> Any: ...
    def Div(self, a: Any, b: Any) -> Any: ...


class Concrete:
    """Evaluates rule facts on Python values (the engine's vocabulary)."""

    __slots__ = ()

    @staticmethod
    def And(*terms: Any) -> bool:
        return all(terms)

    @staticmethod
    def Or(*terms: Any) -> bool:
        return any(terms)

    @staticmethod
    def Not(term: Any) -> bool:
        return not term

    @staticmethod
    def If(cond: Any, then: Any, otherwise: Any) -> Any:
        return then if cond else otherwise

    @staticmethod
    def Sum(*terms: Any) -> Any:
        return sum(terms)

    @staticmethod
    def Div(a: Any, b: Any) -> Any:
        """Whole-number division rounded down (``a >= 0``, ``b > 0``)."""
        return a // b

    def __repr__(self) -> str:
        return "CONCRETE"


CONCRETE: Logic = Concrete()
"""The vocabulary the engine uses in play."""


class Symbolic:
    """Builds Z3 terms; z3 is imported only when a proof asks for it."""

    __slots__ = ("z3",)

    def __init__(self) -> None:
        import z3  # optional dependency: the ``proofs`` extra

        self.z3 = z3

    def And(self, *terms: Any) -> Any:
        return self.z3.And(*terms) if terms else self.z3.BoolVal(True)

    def Or(self, *terms: Any) -> Any:
        return self.z3.Or(*terms) if terms else self.z3.BoolVal(False)

    def Not(self, term: Any) -> Any:
        return self.z3.Not(term)

    def If(self, cond: Any, then: Any, otherwise: Any) -> Any:
        return self.z3.If(cond, then, otherwise)

    def Sum(self, *terms: Any) -> Any:
        return self.z3.Sum(*terms) if terms else self.z3.IntVal(0)

    def Div(self, a: Any, b: Any) -> Any:
        # Z3's integer division rounds down for a positive divisor, as ``//`` does.
        if isinstance(a, int) and isinstance(b, int):
            return a // b
        return self.z3.IntVal(a) / b if isinstance(a, int) else a / b

    def __repr__(self) -> str:
        return "SYMBOLIC"


def symbolic() -> Logic:
    """Return the Z3 vocabulary (requires the ``z3-solver`` package)."""
    return Symbolic()
