"""Build the "win within this action phase" puzzle suite: benchmarks/leaders_puzzles.json.

    python benchmarks/make_leaders_puzzles.py [--seed 3] [--tries 3000] [--check] [--keep-random]

Positions composed by hand (:data:`HAND`) and found by a seeded random search
(:func:`search`) for positions whose shortest forced win is unique (one first choice
of the mover starts a forced win of the shortest length), with and without the
opponent's Nemesis replying. Each record keeps the position, the shortest length
(``null``: no forced win), ``unique``, ``replies`` (the shortest strategy answers the
opponent's Nemesis choices) and where it came from. ``benchmarks/leaders.py --puzzles``
times the solver on them; ``tests/leaders/test_leaders_solver.py`` checks every answer.
``--check`` only re-solves the stored file and reports differences; ``--keep-random``
recomputes the hand-composed part only. The stored suite: ``--seed 3 --tries 3000``.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from rules.kernel.verdict import MalformedError
from rules.leaders.board import CELLS, DISTANCE, INDEX
from rules.leaders.positions import position_from_json, position_to_json
from rules.leaders.state import ACTIONS, State
from rules.leaders.wins import Line, Move, Replies, Win, forced_win, winning_first_choices

OUT = Path(__file__).resolve().parent / "leaders_puzzles.json"

ACTIVE = ("acrobat", "rider", "bruiser", "royal-guard", "illusionist", "claw-launcher", "manipulator", "wanderer",
          "brewmaster")
PASSIVE = ("archer", "assassin", "jailer", "protector", "vizier", "hermit", "cub")
#: Abilities that may move an enemy figure.
STILL = ("bruiser", "illusionist", "claw-launcher", "manipulator")


def _p(*xs: tuple[int, str, int, int]) -> list[dict[str, Any]]:
    return [{"owner": o, "character": k, "cell": [q, r]} for o, k, q, r in xs]


#: Hand-composed positions: (name, note, position JSON).
HAND: list[tuple[str, str, dict[str, Any]]] = [
    ("eight-cubs-and-brewmasters",
     "All eight of seat 0's characters act: the leader and three Cubs step next to the enemy leader, each "
     "Brewmaster moves a far Cub one step and that Cub steps in: a surround in eight actions (Cubs never "
     "capture, leaders.hermit-cub.cub-no-capture).",
     {"pieces": _p((1, "leader", 1, -1), (0, "leader", 3, -3), (0, "cub", 1, -3), (0, "cub", 3, -1),
                   (0, "cub", 0, -2), (0, "cub", -2, 1), (0, "brewmaster", -3, 2), (0, "cub", 0, 2),
                   (0, "brewmaster", 0, 3)), "to_move": 0}),
    ("six-cubs",
     "Six Cubs step into the six cells around the enemy leader: a surround in six actions.",
     {"pieces": _p((1, "leader", 0, 0), (0, "leader", 0, 3), (0, "cub", 2, 0), (0, "cub", 2, -2),
                   (0, "cub", 0, -2), (0, "cub", -2, 0), (0, "cub", -2, 2), (0, "cub", 0, 2)), "to_move": 0}),
    ("corner-three",
     "The enemy leader in its corner has three neighbours (a surround counts only cells that exist); two "
     "Cubs and a Hermit fill them. The Hermit alone weighs one: no capture.",
     {"pieces": _p((1, "leader", 0, -3), (0, "leader", 0, 3), (0, "cub", -1, -1), (0, "cub", 2, -3),
                   (0, "hermit", 1, -2)), "to_move": 0}),
    ("edge-four-cubs",
     "An enemy leader on the edge has four neighbours: four Cubs step in (four actions).",
     {"pieces": _p((1, "leader", 1, -3), (0, "cub", -1, -2), (0, "cub", 3, -3), (0, "cub", -1, -1),
                   (0, "cub", 2, -2), (0, "leader", 0, 3)), "to_move": 0}),
    ("guarded-centre",
     "The enemy's own Rider and Jailer stand next to their leader: they count for the surround "
     "(leaders.end.surrounded counts every character), so four Cubs finish it.",
     {"pieces": _p((1, "leader", 0, 0), (1, "rider", 0, -1), (1, "jailer", 1, 0), (0, "cub", 1, -2),
                   (0, "cub", -1, -1), (0, "cub", -2, 1), (0, "cub", 1, 1), (0, "leader", 0, 3)), "to_move": 0}),
    ("archer-guard",
     "Five Cubs around a leader guarded by its Archer: five actions.",
     {"pieces": _p((1, "leader", -1, 1), (1, "archer", -2, 1), (0, "cub", -1, -1), (0, "cub", 0, -1),
                   (0, "cub", 1, 0), (0, "cub", -3, 2), (0, "cub", 0, 2), (0, "leader", 0, 3)), "to_move": 0}),
    ("protector-and-brewmaster",
     "Five empty neighbours; one Cub is too far and needs the Brewmaster's push first: six actions.",
     {"pieces": _p((1, "leader", 1, 0), (1, "protector", 2, -1), (0, "cub", 1, -3), (0, "brewmaster", 0, -3),
                   (0, "cub", 0, -1), (0, "cub", 3, -1), (0, "cub", -1, 1), (0, "cub", 2, 1), (0, "leader", 0, 3)),
      "to_move": 0}),
    ("one-cub-short-no-win",
     "Six neighbours, five Cubs, a leader too far: no surround, and Cubs never capture; no forced win.",
     {"pieces": _p((1, "leader", 0, -1), (0, "cub", 1, -3), (0, "cub", -1, -2), (0, "cub", 2, -2),
                   (0, "cub", -2, 0), (0, "cub", 1, 0), (0, "leader", 0, 3)), "to_move": 0}),
    ("archer-in-line",
     "The Archer steps to two cells in line from the enemy leader (weight one, leaders.archer) and the "
     "Hermit steps next to it: captured in two actions.",
     {"pieces": _p((1, "leader", 0, -1), (1, "jailer", -1, -1), (1, "hermit", 1, -2), (0, "leader", 0, 3),
                   (0, "archer", 2, 0), (0, "hermit", -2, 1)), "to_move": 0}),
    ("royal-guard-escort",
     "The leader steps next to the enemy leader, then the Royal Guard comes to a cell beside its own "
     "leader that also touches the enemy's: two adjacent enemies capture.",
     {"pieces": _p((1, "leader", -1, -1), (1, "rider", -2, -1), (0, "leader", 1, -1), (0, "royal-guard", 3, 0),
                   (0, "cub", 2, 1)), "to_move": 0}),
    ("corner-guarded",
     "The enemy leader in its corner with its Protector and Rider beside it: a Cub and the Acrobat fill "
     "the last cells, a surround in two actions.",
     {"pieces": _p((1, "leader", 2, -3), (1, "protector", 3, -3), (1, "rider", 1, -3), (0, "leader", 0, 3),
                   (0, "assassin", 1, 0), (0, "acrobat", 2, -1), (0, "cub", 0, -1)), "to_move": 0}),
    ("vizier-run-no-win",
     "A Vizier, a Rider and a Cub against a leader beside its Protector: no forced win this phase (the "
     "proof: every line searched).",
     {"pieces": _p((1, "leader", 0, -2), (1, "protector", 1, -2), (0, "leader", 0, 1), (0, "vizier", 3, 0),
                   (0, "rider", -2, 0), (0, "cub", 2, -1)), "to_move": 0}),
    ("melee-nemesis",
     "The published 'melee' reference position: the Bruiser's push moves the enemy leader and seat 0's own "
     "Nemesis must follow it, capturing.",
     {"pieces": _p((0, "leader", 1, 1), (0, "nemesis", 0, 1), (0, "bruiser", 0, -1), (0, "illusionist", -2, 2),
                   (1, "leader", -1, -1), (1, "assassin", -1, 0), (1, "jailer", 2, -1), (1, "rider", -2, 3),
                   (1, "archer", 3, -3)), "to_move": 0, "offer": ["vizier", "wanderer", "protector"],
      "deck": ["acrobat"]}),
    ("opening-no-win",
     "A Discovery game's first turn: no win (the proof: every line of the phase searched).",
     {"pieces": _p((0, "leader", 0, 3), (1, "leader", 0, -3)), "to_move": 0}),
    ("skirmish-no-win",
     "The published 'skirmish' reference position: no forced win this phase.",
     {"pieces": _p((0, "leader", 0, 2), (0, "acrobat", -1, 1), (0, "rider", 1, 0), (0, "bruiser", 0, 0),
                   (0, "royal-guard", 2, 0), (1, "leader", 0, -2), (1, "illusionist", -2, 0),
                   (1, "claw-launcher", 1, -1), (1, "manipulator", 2, -3), (1, "wanderer", -1, -1)),
      "to_move": 0, "acted": [[2, 0]]}),
    ("guards-no-win",
     "The published 'guards' reference position (seat 1 to move): the Protector and the Jailer hold; no "
     "forced win.",
     {"pieces": _p((0, "leader", -1, 2), (0, "brewmaster", -1, 1), (0, "archer", 2, 0), (0, "assassin", -2, 1),
                   (0, "jailer", 0, -1), (1, "leader", 1, -2), (1, "protector", 1, -1), (1, "vizier", 2, -2),
                   (1, "hermit", -1, 0), (1, "cub", 3, -3), (1, "nemesis", -2, -1)),
      "to_move": 1, "acted": [[-1, 0]]}),
]


def _has_replies(line: Line) -> bool:
    if isinstance(line, Win):
        return False
    if isinstance(line, Replies):
        return True
    return _has_replies(line.then)


def describe(state: State, source: str, name: str, note: str, limit: int = 400_000) -> dict[str, Any] | None:
    answer = forced_win(state, node_limit=limit)
    if answer.status == "unknown":
        return None
    record: dict[str, Any] = {"name": name, "source": source, "note": note, "length": answer.length,
                              "position": position_to_json(state)}
    if answer.strategy is not None and answer.length is not None:
        firsts = winning_first_choices(state, answer.length, node_limit=limit)
        if firsts is None:
            return None
        record["unique"] = len(firsts) == 1
        record["replies"] = _has_replies(answer.strategy)
        first = answer.strategy
        record["first"] = str(first.action) if isinstance(first, Move) else None
    return record


def random_position(rng: random.Random, nemesis: bool) -> State | None:
    """Up to eight figures a side: the enemy leader with a few guards next to it, seat 0's
    figures two to four cells away, sometimes an enemy Nemesis (and one of seat 0's)."""
    enemy = rng.choice([c for c in CELLS if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) <= 2])
    c = INDEX[enemy]
    ring = [i for i in range(len(CELLS)) if DISTANCE[c][i] == 1]
    near = [i for i in range(len(CELLS)) if 2 <= DISTANCE[c][i] <= 4]
    n0 = rng.randint(2, 6)
    guards = rng.randint(0, 3)
    n1 = guards + rng.randint(0, 2)
    cells0 = rng.sample(near, n0 + 1)
    cells1 = rng.sample(ring, guards) + rng.sample([i for i in range(len(CELLS)) if i not in cells0 and i != c
                                                     and i not in ring], n1 - guards)
    # most positions leave out the abilities that move enemies: their wins are the longer ones
    pool = ACTIVE + PASSIVE if rng.random() < 0.3 else tuple(k for k in ACTIVE + PASSIVE if k not in STILL)
    kinds0 = rng.sample(pool, min(n0, len(pool)))
    n0 = len(kinds0)
    cells0 = cells0[: n0 + 1]
    kinds1 = rng.sample(ACTIVE + PASSIVE, n1)
    if nemesis:
        spot = rng.choice([i for i in range(len(CELLS)) if DISTANCE[c][i] == 2 and i not in cells0])
        kinds1.append("nemesis")
        cells1.append(spot)
    specs = [(1, "leader", *enemy), (0, "leader", *CELLS[cells0[0]])]
    specs += [(0, k, *CELLS[x]) for k, x in zip(kinds0, cells0[1:])]
    specs += [(1, k, *CELLS[x]) for k, x in zip(kinds1, cells1)]
    try:
        s = position_from_json({"pieces": _p(*specs), "to_move": 0})
    except MalformedError:
        return None
    return s if s.phase == ACTIONS and not s.pending else None


def search(seed: int, tries: int, wanted: dict[int, int], replies_wanted: int) -> list[dict[str, Any]]:
    """Random positions with a unique shortest forced win: ``wanted[length]`` of each length,
    and ``replies_wanted`` whose shortest strategy answers the opponent's Nemesis."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    have: dict[int, int] = {}
    replies = 0
    for k in range(tries):
        nemesis = replies < replies_wanted and rng.random() < 0.5
        s = random_position(rng, nemesis)
        if s is None:
            continue
        quick = forced_win(s, node_limit=4_000)
        if quick.status != "win" or quick.length is None or quick.strategy is None:
            continue
        is_reply = _has_replies(quick.strategy)
        if is_reply and replies >= replies_wanted:
            continue
        if not is_reply and have.get(quick.length, 0) >= wanted.get(quick.length, 0):
            continue
        rec = describe(s, f"random search, seed {seed}, try {k}", "", "", limit=30_000)
        if rec is None or not rec.get("unique"):
            continue
        if is_reply:
            replies += 1
            rec["name"] = f"nemesis-replies-{replies}"
            rec["note"] = ("Found by random search: the unique shortest forced win answers every path of the "
                           "opponent's Nemesis.")
        else:
            have[quick.length] = have.get(quick.length, 0) + 1
            rec["name"] = f"unique-{quick.length}-{have[quick.length]}"
            rec["note"] = f"Found by random search: one first action starts the only {quick.length}-action forced win."
        found.append(rec)
        print(k, rec["name"], rec["length"], flush=True)
        if replies >= replies_wanted and all(have.get(n, 0) >= m for n, m in wanted.items()):
            break
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=20000)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--keep-random", action="store_true",
                        help="recompute the hand-composed puzzles, keep the random ones of the stored file")
    args = parser.parse_args()
    if args.check:
        for p in json.loads(OUT.read_text(encoding="utf-8"))["puzzles"]:
            got = forced_win(position_from_json(p["position"])).length
            print(p["name"], "ok" if got == p["length"] else f"DIFFERS: {got} != {p['length']}")
        return
    puzzles = []
    for name, note, data in HAND:
        rec = describe(position_from_json(data), "composed by hand", name, note)
        assert rec is not None, name
        puzzles.append(rec)
        print(name, rec["length"], flush=True)
    if args.keep_random:
        puzzles += [p for p in json.loads(OUT.read_text(encoding="utf-8"))["puzzles"]
                    if p["source"].startswith("random search")]
    else:
        puzzles += search(args.seed, args.tries, {2: 5, 3: 6, 4: 5, 5: 3, 6: 2}, 5)
    OUT.write_text(json.dumps({"format": "leaders-puzzles/1", "puzzles": puzzles}, ensure_ascii=False, indent=1)
                   + "\n", encoding="utf-8")
    print(f"{len(puzzles)} puzzles -> {OUT}")


if __name__ == "__main__":
    main()
