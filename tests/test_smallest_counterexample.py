"""``proofs.smallest_model``: the counterexample a failed proof shows is one of the least size,
as ``z3.Optimize`` would find it (the mutation tests read these counterexamples)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from proofs import smallest_model

z3 = pytest.importorskip("z3")

TERMS = st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3), st.integers(-6, 6)),
                 min_size=1, max_size=3)


@given(TERMS, st.tuples(st.integers(-2, 3), st.integers(-2, 3), st.integers(-2, 3)))
def test_the_least_size_is_the_optimisers(constraints: list[tuple[int, int, int, int]],
                                          weights: tuple[int, int, int]) -> None:
    """Random bounded integer problems (``a*x + b*y + c*z >= d``, each variable in -9..9), a
    weighted sum to make small: the size found is the optimum, and the model meets every
    constraint."""
    x, y, z = z3.Ints("x y z")
    facts = [z3.And(v >= -9, v <= 9) for v in (x, y, z)]
    facts += [a * x + b * y + c * z >= d for a, b, c, d in constraints]
    size = weights[0] * x + weights[1] * y + weights[2] * z
    solver = z3.Solver()
    solver.add(*facts)
    if solver.check() != z3.sat:
        return
    model = smallest_model(solver, solver.model(), size)
    optimiser = z3.Optimize()
    optimiser.add(*facts)
    optimiser.minimize(size)
    assert optimiser.check() == z3.sat
    assert model.eval(size, model_completion=True) == optimiser.model().eval(size, model_completion=True)
    assert z3.is_true(model.eval(z3.And(*facts), model_completion=True))


def test_a_product_term_is_made_small_too() -> None:
    """The kind of term the duke-scoring theorem minimises: a sum with products in its constraints."""
    n, v = z3.Ints("n v")
    solver = z3.Solver()
    solver.add(n >= 0, n <= 20, v >= 1, v <= 5, n * v >= 12)
    assert solver.check() == z3.sat
    model = smallest_model(solver, solver.model(), n)
    assert model.eval(n).as_long() == 3  # 3 x 4 or 3 x 5: no n of 2 reaches 12 with v at most 5
