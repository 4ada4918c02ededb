"""A naive superset of conceivable actions, filtered through ``check`` (independent of the generators)."""

from __future__ import annotations

from collections.abc import Iterator

from rules.leaders import LEADERS, Action, State
from rules.leaders.board import CELLS, N_CELLS
from rules.leaders.characters import CARDS

ALL = range(N_CELLS)


def _within(c: int, k: int) -> tuple[int, ...]:
    q, r = CELLS[c]
    return tuple(i for i, (q2, r2) in enumerate(CELLS) if abs(q - q2) + abs(r - r2) + abs(q + r - q2 - r2) <= 2 * k)


_NEAR = {k: tuple(_within(c, k) for c in ALL) for k in (1, 2)}


def _near(c: int, k: int) -> tuple[int, ...]:
    """Cells within ``k`` steps of ``c`` (itself included): a superset of where one step or jump can go."""
    return _NEAR[k][c]


def conceivable(state: State) -> Iterator[Action]:
    """Every action worth asking ``check`` about: each seat, each figure cell, each ability
    (the figure's own and the wrong ones), every target figure, every destination cell."""
    occupied = [c for c in ALL if state.board[c] >= 0]
    for seat in (0, 1):
        yield Action(seat, "end")
        for card in CARDS:
            yield Action(seat, "banish", card=card)
            for c in ALL:
                if card == "hermit-cub":
                    for d in ALL:
                        yield Action(seat, "recruit", card=card, path=(c, d))
                else:
                    yield Action(seat, "recruit", card=card, path=(c,))
        for p in occupied:
            yield Action(seat, "nemesis", p, path=())
            for c in _near(p, 1):
                yield Action(seat, "nemesis", p, path=(c,))
                yield Action(seat, "move", p, path=(c,))
                for d in _near(c, 1):
                    yield Action(seat, "nemesis", p, path=(c, d))
                    yield Action(seat, "move", p, path=(c, d))
            kind = state.pieces[state.board[p]].kind
            for ability in (kind, "rider" if kind != "rider" else "wanderer"):
                if ability == kind and kind in ("leader",):
                    continue
                for c in ALL:
                    yield Action(seat, "ability", p, ability=ability, path=(c,))
                    if ability in ("acrobat", "royal-guard"):
                        for d in _near(c, 2):
                            yield Action(seat, "ability", p, ability=ability, path=(c, d))
                for t in occupied:
                    yield Action(seat, "ability", p, ability=ability, target=t)
                    yield Action(seat, "ability", p, ability=ability, target=t, pull=True)
                    for c in _near(t, 1):
                        yield Action(seat, "ability", p, ability=ability, target=t, path=(c,))


def brute_legal(state: State) -> set[Action]:
    return {a for a in conceivable(state) if LEADERS.check(state, a) is None}


