"""Leaders: the deepest forced wins, timed (issue 19 §2).

    python benchmarks/leaders_deep.py [--repeat 3] [--nodes 400000] [--timeout 120] [--json]
    python benchmarks/leaders_deep.py --solver OLD_WINS.py     # the same suite on another solver file
    python benchmarks/leaders_deep.py --names six-cubs-bruiser six-cubs-manipulator   # some of it

The suite (:data:`DEEP`): puzzle-shaped positions of 10–11 figures whose shortest forced win
needs six to eight of the mover's actions, or which have none, each with a figure of the mover
that may move the enemy leader (leaders.bruiser, leaders.manipulator, leaders.illusionist,
leaders.claw-launcher). Those figures switched off the solver's lower bound
(:func:`rules.leaders.wins.lower_bound`) until issue 19, and most such positions ran out of
work. Each is built from a hand-composed puzzle of ``benchmarks/make_leaders_puzzles.py`` with
figures added or taken away (five-cubs-claw-manipulator's shortest win needs five actions: it
is here as the slowest case left), and one (mixed-guarded) from a seeded random search with no
figure of the mover that moves an enemy: the case where only a proof of no win is hard.
The third round (decision 0037) adds a proof of no win where an Acrobat cannot find figures to
jump over, two more random puzzle-shaped positions with an Acrobat (one beside an enemy Jailer,
one with an Archer off the enemy leader's lines), and six-cubs-claw-manipulator, out of reach
until the fourth round (decision 0041), which adds two six-action wins of the same shape that
need the Claw Launcher and the Manipulator (their Cubs' surround takes seven).
(six-cubs-illusionist: the solver before issue 19 proved no win within five actions, the one
after found six.) Reported per position: the answer, the shortest length, the nodes expanded and
the least CPU seconds (``time.process_time``: the figure a loaded shared machine disturbs
least) of ``--repeat`` runs, and the peak resident memory of the whole run.
``--solver`` loads another copy of ``rules/leaders/wins.py`` (say, an older commit's, written
out with ``git show``) to time the same suite before and after a change.
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import time
from types import ModuleType
from typing import Any

from make_leaders_puzzles import HAND, _p  # benchmarks/, beside this script
from report import emit, machine

import rules.leaders.wins
from rules.leaders.positions import position_from_json

_BASE = {name: data for name, _, data in HAND}


def _with(base: str, *extra: tuple[int, str, int, int], without: tuple[tuple[int, int], ...] = ()) -> dict[str, Any]:
    """The hand-composed puzzle ``base`` with the figures ``extra`` added and those on the cells
    ``without`` taken away."""
    data = dict(_BASE[base])
    data["pieces"] = [p for p in data["pieces"] if tuple(p["cell"]) not in without] + _p(*extra)
    return data


#: (name, the shortest forced win's length (None: proven none; -1: not known yet, no solver has
#: finished it), position JSON).
DEEP: list[tuple[str, int | None, dict[str, Any]]] = [
    ("six-cubs-manipulator", 6, _with("six-cubs", (0, "manipulator", 3, 0), (1, "rider", -3, 0),
                                      (1, "archer", 3, -3))),
    ("six-cubs-bruiser", 6, _with("six-cubs", (0, "bruiser", 3, 0), (1, "rider", -3, 0), (1, "archer", 3, -3))),
    ("eight-cubs-manipulator", 8, _with("eight-cubs-and-brewmasters", (0, "manipulator", -3, 0))),
    ("eight-cubs-bruiser", 8, _with("eight-cubs-and-brewmasters", (0, "bruiser", 3, 0))),
    ("protector-brewmaster-bruiser", 6, _with("protector-and-brewmaster", (0, "bruiser", -3, 3))),
    ("one-cub-short-manipulator", None, _with("one-cub-short-no-win", (0, "manipulator", -3, 3),
                                              (1, "rider", 3, -3), (1, "jailer", 3, 0))),
    ("six-cubs-illusionist", 6, _with("six-cubs", (0, "illusionist", -3, 3), (1, "rider", -3, 0),
                                      (1, "archer", 3, -3))),
    ("six-cubs-claw-launcher", 6, _with("six-cubs", (0, "claw-launcher", 3, 0), (1, "rider", -3, 0),
                                       (1, "archer", 3, -3))),
    # issue 19 §2, second round: two figures that may move the enemy leader, and proofs of no win
    ("eight-cubs-bruiser-manipulator", 8, _with("eight-cubs-and-brewmasters", (0, "bruiser", 3, 0),
                                                (0, "manipulator", -3, 0))),
    ("six-cubs-claw-bruiser", 6, _with("six-cubs", (0, "claw-launcher", 3, 0), (0, "bruiser", -3, 3),
                                       (1, "archer", 3, -3))),
    ("seven-cubs-bruiser-no-win", None, _with("eight-cubs-and-brewmasters", (0, "bruiser", 3, 0), (1, "rider", -3, 3),
                                              without=((0, 2),))),
    ("five-cubs-claw-no-win", None, _with("six-cubs", (0, "claw-launcher", 3, -1), (1, "rider", -3, 0),
                                          (1, "archer", 3, -3), without=((0, 2),))),
    ("five-cubs-claw-manipulator", 5, _with("six-cubs", (0, "claw-launcher", 3, 0), (0, "manipulator", -3, 3),
                                            (1, "archer", 3, -3), without=((0, 2),))),
    # a random puzzle-shaped position (seeded search, 11 figures) of mixed kinds: none moves an enemy
    # (no win: proven since the third round, decision 0037; unknown at depth 7 before)
    ("mixed-guarded", None, {"pieces": _p((1, "leader", 1, 0), (0, "leader", 0, 3), (0, "cub", -1, 3),
                                        (0, "protector", -1, 0), (0, "jailer", 3, -3), (0, "cub", -1, 1),
                                        (0, "acrobat", -2, 2), (0, "cub", 0, -2), (0, "rider", 2, -2),
                                        (1, "protector", 0, 0), (1, "claw-launcher", -2, 1)), "to_move": 0}),
    # issue 19 §2, third round (decision 0037): an Acrobat's jumps, a Jailer beside it, an Archer's lines
    ("five-cubs-acrobat-no-win", None, _with("six-cubs", (0, "acrobat", -3, 3), (1, "rider", -3, 0),
                                             (1, "archer", 3, -3), (1, "protector", 3, 0), without=((0, 2),))),
    # random puzzle-shaped positions (11 figures) with an Acrobat, none of the mover's figures moves an enemy
    ("mixed-jailed-acrobat", None, {"pieces": _p((1, "leader", -1, 1), (0, "leader", -2, 2), (0, "acrobat", -1, -2),
                                                 (0, "cub", -3, 3), (0, "cub", -2, -1), (0, "jailer", 2, -1),
                                                 (0, "hermit", 1, -2), (0, "protector", -3, 0), (0, "jailer", 3, -1),
                                                 (1, "cub", -2, 3), (1, "jailer", -1, -1)), "to_move": 0}),
    ("mixed-archer-lines", None, {"pieces": _p((1, "leader", 1, 0), (0, "leader", 1, -3), (0, "acrobat", 0, 1),
                                               (0, "archer", 0, -2), (0, "cub", 1, 1), (0, "cub", -1, 1),
                                               (0, "cub", 3, 0), (0, "hermit", -2, 1), (0, "hermit", 2, -3),
                                               (1, "protector", -2, 2), (1, "claw-launcher", 1, -2)), "to_move": 0}),
    # five-cubs-claw-manipulator with the sixth Cub: out of reach until the fourth round (decision 0041:
    # the bound counts the Cubs on the Claw Launcher's and the Manipulator's lines); the Cubs' surround
    ("six-cubs-claw-manipulator", 6, _with("six-cubs", (0, "claw-launcher", 3, 0), (0, "manipulator", -3, 3),
                                            (1, "archer", 3, -3))),
    # the same with one or two Cubs a step further off, so the surround needs seven: the six-action win
    # clears both lines, slides the Claw Launcher in, moves the leader and brings the mover's leader
    ("far-cub-claw-manipulator", 6, _with("six-cubs", (0, "cub", 0, -3), (0, "claw-launcher", 3, 0),
                                           (0, "manipulator", -3, 3), (1, "archer", 3, -3), without=((0, -2),))),
    ("far-cubs-claw-manipulator", 6, _with("six-cubs", (0, "cub", 0, -3), (0, "cub", 3, -2),
                                            (0, "claw-launcher", 3, 0), (0, "manipulator", -3, 3), (1, "archer", 3, -3),
                                            without=((0, -2), (2, -2)))),
]


def _solver(path: str | None) -> ModuleType:
    if path is None:
        return rules.leaders.wins
    spec = importlib.util.spec_from_file_location("other_wins", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def time_deep(solver: ModuleType, repeat: int, nodes: int, timeout: float,
              names: list[str] | None = None) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for name, expected, data in DEEP:
        if names and name not in names:
            continue
        state = position_from_json(data)
        cpu = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            answer = solver.forced_win(state, node_limit=nodes, timeout=timeout)
            cpu = min(cpu, time.process_time() - start)
        if answer.status != "unknown" and expected != -1:
            assert answer.length == expected, (name, answer.length, expected)
        rows[name] = {"figures": len(state.pieces), "status": str(answer.status), "length": answer.length,
                      "expected": expected, "depth_completed": answer.depth_completed, "nodes": answer.nodes,
                      "cpu_seconds": round(cpu, 3)}
    return {"deep": rows, "deep_total_cpu_seconds": round(sum(r["cpu_seconds"] for r in rows.values()), 2),
            "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=400_000)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--solver", help="another copy of rules/leaders/wins.py to time instead")
    parser.add_argument("--names", nargs="*", help="time only these positions of the suite")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    unknown = set(args.names or ()) - {name for name, _, _ in DEEP}
    if unknown:
        parser.error(f"no such position in the suite: {', '.join(sorted(unknown))}")
    emit({"game": "leaders", **time_deep(_solver(args.solver), args.repeat, args.nodes, args.timeout, args.names),
          **machine()}, args.json)


if __name__ == "__main__":
    main()
