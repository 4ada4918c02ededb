"""Whether the leaders solver's soundness loops still catch a wrong bound at a profile's count
(decision record 0058): each deliberately wrong version of a piece of ``rules.leaders.wins`` is
put in place, each loop of ``test_leaders_solver`` runs at the given ``max_examples``, and the
script prints which loops caught it. Not a test (it would cost what the ``ci`` sizes save); run
it from the checkout when the bound gains a case::

    python tests/leaders/bound_trial.py 60        # the ci profile's count
    python tests/leaders/bound_trial.py 60 --seeds # and the minimax seeds the ci profile runs
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import settings

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parents[1])]

import test_leaders_solver as solver_tests  # noqa: E402 (after the path the tests use)

from rules.leaders import wins  # noqa: E402
from rules.leaders.board import NEIGHBOURS, STEP  # noqa: E402
from rules.leaders.state import State  # noqa: E402

right_holders, right_bound = wins._holders, wins.lower_bound


def no_second_jump(start: int, walls: frozenset[int], holders: frozenset[int] | None) -> frozenset[int]:
    """The Acrobat's cells with its second jump forgotten."""
    out = {n for n in NEIGHBOURS[start] if n not in walls}
    for d in range(6):
        over = STEP[start][d]
        land = STEP[over][d] if over >= 0 else -1
        if land >= 0 and land not in walls and (holders is None or over in holders):
            out.add(land)
    return frozenset(out)


def holders_standing_now(s: State, mover: int, acrobat: int, vizier: bool) -> frozenset[int] | None:
    """Only the figures standing now may be jumped over (none another figure brings)."""
    out = right_holders(s, mover, acrobat, vizier)
    return None if out is None else frozenset(x for x in range(len(s.board)) if s.board[x] >= 0)


def one_too_many(s: State, mover: int) -> int:
    """One added to every bound above 1."""
    bound = right_bound(s, mover)
    return bound + 1 if bound >= 2 else bound


WRONG: dict[str, tuple[str, Callable[..., Any]]] = {
    "second jump forgotten": ("_hops", no_second_jump),
    "only figures standing now": ("_holders", holders_standing_now),
    "one too many above 1": ("lower_bound", one_too_many),
}
LOOPS = [solver_tests.test_the_lower_bound_with_an_acrobat_never_overestimates,
         solver_tests.test_an_acrobat_lands_only_where_the_bound_says,
         solver_tests.test_the_lower_bound_with_blocked_lines_never_overestimates]


def caught(run: Callable[[], None]) -> bool:
    try:
        run()
    except AssertionError:
        return True
    return False


def main(examples: int, seeds: bool) -> None:
    settings.register_profile("trial", max_examples=examples)
    settings.load_profile("trial")
    for what, (name, wrong) in WRONG.items():
        right = getattr(wins, name)
        for module in (wins, solver_tests):  # the tests import some of these by name
            if hasattr(module, name):
                setattr(module, name, wrong)
        try:
            for loop in LOOPS:
                print(f"{what}: {loop.__name__}: {'caught' if caught(loop) else 'MISSED'}", flush=True)
            if seeds:
                found = [seed for seed in range(solver_tests._sized(10, 40)) if caught(
                    lambda seed=seed: solver_tests.test_the_solver_finds_exactly_the_wins_of_plain_minimax(seed))]
                print(f"{what}: minimax seeds that caught it: {found}", flush=True)
        finally:
            for module in (wins, solver_tests):
                if hasattr(module, name):
                    setattr(module, name, right)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60, "--seeds" in sys.argv)
