"""Shared by the Z3 proof tests of every game: each theorem proves as shipped (one
test parameter per theorem, marked with the rules it covers), and each can fail: a
broken rule injected into it must give a counterexample (a proof that cannot fail is
a defect), and that counterexample must really show the break (a mutation test that
accepts any counterexample would pass on a theorem that finds nonsense)."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from proofs import COUNTEREXAMPLE, Obligation, Theorem, as_bool
from rules.kernel.logic import CONCRETE, Symbolic, symbolic


def theorem_params(theorems: Iterable[Theorem]) -> list[Any]:
    """One ``pytest.param`` per theorem, named by it and marked with the rules it covers."""
    return [pytest.param(t, id=t.name, marks=pytest.mark.rules(*t.rules)) for t in theorems]


def _model(ob: Obligation) -> Any:
    """A counterexample of ``ob`` as ``proofs.prove`` finds one: a model of its domain and not its claim."""
    import z3  # the proof tests import this module after ``pytest.importorskip("z3")``

    solver: Any = z3.Solver()
    solver.add(as_bool(ob.domain), z3.Not(as_bool(ob.claim)))
    assert solver.check() == z3.sat
    return solver.model()


def _concrete(model: Any, value: Any) -> Any:
    """``value`` (an argument a rule function received while the proof was built) at the
    counterexample: Z3 terms become the Python ints and booleans the model gives them, the
    symbolic vocabulary becomes :data:`~rules.kernel.logic.CONCRETE`."""
    import z3

    if isinstance(value, Symbolic):
        return CONCRETE
    if isinstance(value, z3.ExprRef):
        evaluated = model.eval(value, model_completion=True)
        if z3.is_true(evaluated) or z3.is_false(evaluated):
            return bool(z3.is_true(evaluated))
        assert z3.is_int_value(evaluated), f"not a concrete integer at the counterexample: {evaluated}"
        return evaluated.as_long()
    if isinstance(value, (list, tuple)):
        return type(value)(_concrete(model, v) for v in value)
    if isinstance(value, dict):
        return {k: _concrete(model, v) for k, v in value.items()}
    if callable(value):  # a symbolic predicate the proof passes in (the board's occupied cells)
        return lambda *args, **kwargs: _concrete(model, value(*args, **kwargs))
    return value


def assert_breaks_the_property(theorem: Theorem, **broken: object) -> None:
    """The counterexample really comes from the break: every call the proof made of an
    injected function is recorded, the arguments are evaluated at a counterexample (concrete
    values), and the broken function and the engine's own are called on them with the
    concrete vocabulary, as the engine plays; at least one call must answer differently.
    So the counterexample separates the mutation from the engine in plain Python, not only
    in the proof's Z3 encoding. An injected table rather than a function (the recruitment
    cells, the solo game's activating sums) is the break itself: it must differ from the
    engine's."""
    body = theorem.check.__wrapped__  # type: ignore[attr-defined]  # the theorem's body (functools.wraps)
    engine = {name: inspect.signature(body).parameters[name].default for name in broken}
    data = [name for name, value in broken.items() if not callable(value)]
    if data:  # injected data (a table of cells, the activating sums): the break is the data itself
        assert all(broken[name] != engine[name] for name in data), f"{theorem.name}: {data} are the engine's own"
        return
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def recording(name: str, function: Any) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            calls.append((name, args, kwargs))
            return function(*args, **kwargs)
        return record

    model = _model(body(symbolic(), **{name: recording(name, f) for name, f in broken.items()}))
    assert calls, f"{theorem.name}: the proof never called the injected {', '.join(broken)}"
    for name, args, kwargs in calls:
        concrete_args, concrete_kwargs = _concrete(model, args), _concrete(model, kwargs)
        mutated = broken[name](*concrete_args, **concrete_kwargs)  # type: ignore[operator]
        if mutated != engine[name](*concrete_args, **concrete_kwargs):
            return
    raise AssertionError(f"{theorem.name}: at the counterexample the broken {', '.join(broken)} answer as the "
                         f"engine's do in all {len(calls)} calls: the counterexample does not show the break")


def counterexample(theorem: Theorem, **broken: object) -> str:
    """Check ``theorem`` with ``broken`` implementations: it must find a counterexample that
    really shows the break (:func:`assert_breaks_the_property`), which is returned (the tests
    also look for the values that show the break)."""
    result = theorem.check(**broken)
    assert result.status == COUNTEREXAMPLE, result
    assert result.counterexample
    assert_breaks_the_property(theorem, **broken)
    return str(result.counterexample)


def refuter(theorems: Iterable[Theorem]) -> Callable[..., str]:
    """``refuted(name, **broken)``: :func:`counterexample` of the theorem called ``name``."""
    by_name = {t.name: t for t in theorems}

    def refuted(name: str, **broken: object) -> str:
        return counterexample(by_name[name], **broken)

    return refuted
