"""Shared by the Z3 proof tests of every game: each theorem proves as shipped (one
test parameter per theorem, marked with the rules it covers), and each can fail: a
broken rule injected into it must give a counterexample (a proof that cannot fail is
a defect)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from proofs import COUNTEREXAMPLE, Theorem


def theorem_params(theorems: Iterable[Theorem]) -> list[Any]:
    """One ``pytest.param`` per theorem, named by it and marked with the rules it covers."""
    return [pytest.param(t, id=t.name, marks=pytest.mark.rules(*t.rules)) for t in theorems]


def counterexample(theorem: Theorem, **broken: object) -> str:
    """Check ``theorem`` with ``broken`` implementations: it must find a counterexample,
    which is returned (the tests look for the values that show the break)."""
    result = theorem.check(**broken)
    assert result.status == COUNTEREXAMPLE, result
    assert result.counterexample
    return str(result.counterexample)


def refuter(theorems: Iterable[Theorem]) -> Callable[..., str]:
    """``refuted(name, **broken)``: :func:`counterexample` of the theorem called ``name``."""
    by_name = {t.name: t for t in theorems}

    def refuted(name: str, **broken: object) -> str:
        return counterexample(by_name[name], **broken)

    return refuted
