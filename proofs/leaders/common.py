"""Domains, the reference geometry and counterexample wording shared by the Leaders theorems.

The theorems compare the engine's predicates (``rules.leaders.board``,
``rules.leaders.capture``, ``rules.leaders.restrictions``) with the rule
stated *independently*, from the reference file's geometry
(``/work/shared/reference/leaders.md``): the board as seven columns of 4, 5,
6, 7, 6, 5, 4 cells, the six directions in the file's order, a straight line
as a repeated step in one direction. None of these helpers calls the engine.
"""

from __future__ import annotations

from typing import Any

from rules.leaders.characters import CODE, KINDS

#: The six neighbour directions exactly as the reference file lists them.
REFERENCE_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
#: The board column by column (reference: "columns of 4, 5, 6, 7, 6, 5, 4 cells"):
#: column ``q`` holds ``7 - |q|`` cells, the first at ``r = max(-3, -3 - q)``.
COLUMNS: tuple[tuple[int, int, int], ...] = tuple((q, max(-3, -3 - q), max(-3, -3 - q) + 7 - abs(q) - 1)
                                                  for q in range(-3, 4))
#: Every cell of the reference board (37 = 4 + 5 + 6 + 7 + 6 + 5 + 4).
BOARD: tuple[tuple[int, int], ...] = tuple((q, r) for q, lo, hi in COLUMNS for r in range(lo, hi + 1))
#: A line on this board has at most 7 cells, so two cells in line are 1 to 6 steps apart.
MAX_STEPS = 6
#: Figure codes; ``EMPTY`` marks no figure.
KIND_CODES: tuple[int, ...] = tuple(sorted(CODE.values()))
EMPTY = -1


def on_board(q: Any, r: Any) -> Any:
    """``(q, r)`` is a cell of the reference board (column by column, not the engine's formula)."""
    import z3

    return z3.Or(*(z3.And(q == c, r >= lo, r <= hi) for c, lo, hi in COLUMNS))


def ref_adjacent(q1: Any, r1: Any, q2: Any, r2: Any) -> Any:
    """One step in one of the reference directions."""
    import z3

    return z3.Or(*(z3.And(q2 - q1 == a, r2 - r1 == b) for a, b in REFERENCE_DIRECTIONS))


def ref_steps(q1: Any, r1: Any, q2: Any, r2: Any, n: int) -> Any:
    """``(q2, r2)`` is exactly ``n`` steps from ``(q1, r1)`` in one straight line."""
    import z3

    return z3.Or(*(z3.And(q2 - q1 == n * a, r2 - r1 == n * b) for a, b in REFERENCE_DIRECTIONS))


def ref_in_line(q1: Any, r1: Any, q2: Any, r2: Any) -> Any:
    """A repeated step (1 to 6 times) in one direction joins the two cells."""
    import z3

    return z3.Or(*(ref_steps(q1, r1, q2, r2, n) for n in range(1, MAX_STEPS + 1)))


def is_kind(k: Any) -> Any:
    import z3

    return z3.Or(*(k == c for c in KIND_CODES))


def kind_name(code: int) -> str:
    return KINDS[code] if 0 <= code < len(KINDS) else f"kind#{code}"


def cell_vars(label: str) -> tuple[Any, Any]:
    import z3

    return z3.Int(f"{label}_q"), z3.Int(f"{label}_r")


def num(model: Any, term: Any) -> int:
    return model.eval(term, model_completion=True).as_long()


def truth(model: Any, term: Any) -> bool:
    import z3

    from proofs import as_bool

    return z3.is_true(model.eval(as_bool(term), model_completion=True))


def cell_text(model: Any, cell: tuple[Any, Any]) -> str:
    return f"({num(model, cell[0])}, {num(model, cell[1])})"
