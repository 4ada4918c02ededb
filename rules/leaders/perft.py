"""Reference counts in the spirit of chess perft.

- :func:`count_phase_sequences`: the number of distinct legal action sequences
  of one action phase from a state, each ending when the player stops
  (``end``) or the game ends; the empty phase (``end`` at once) counts once.
  Forced Nemesis moves with a choice of path are actions of the sequence;
  those with one possible path are automatic and add nothing.
- :func:`count_turns`: whole turns: each phase sequence that ends with
  ``end`` is multiplied out by the recruitment choices that follow (card and
  cells, each recruitment of a double first recruitment), a skipped
  recruitment counts once; a sequence that ends the game counts once.

Both memoise on (board, acted figures, pending Nemeses), which determine the
rest of the phase (:func:`rules.leaders.engine.phase_key`).
:data:`REFERENCE_POSITIONS` are the published positions;
``tests/leaders/test_leaders_perft.py`` pins their counts and cross-checks the
small ones with an independent brute-force enumerator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.leaders.engine import PhaseKey, legal_actions, phase_key, successor
from rules.leaders.positions import position_from_json
from rules.leaders.state import OVER, RECRUITMENT, Action, ActionKind, State

#: The action kinds this module compares on its hot path, as module globals: reading a
#: global costs a tenth of the enum attribute ``ActionKind.MOVE`` (a descriptor call).
_END = ActionKind.END


def _count_phase(state: State, after_end: Callable[[State, Action], int]) -> int:
    """Sequences of the action phase from ``state``: a game-ending action counts once, an
    ``end`` counts ``after_end(state, end)`` (what may follow the phase), memoised on
    :func:`~rules.leaders.engine.phase_key`."""
    memo: dict[PhaseKey, int] = {}

    def f(s: State) -> int:
        key = phase_key(s)
        if key not in memo:
            total = 0
            for a in legal_actions(s):
                if a.kind == _END:
                    total += after_end(s, a)
                else:
                    t = successor(s, a)
                    total += 1 if t.phase == OVER else f(t)
            memo[key] = total
        return memo[key]

    return f(state)


def count_phase_sequences(state: State) -> int:
    """Distinct legal action sequences of the current action phase."""
    return _count_phase(state, lambda s, a: 1)


def count_turns(state: State) -> int:
    """Distinct complete turns: action phase, then the recruitment choices."""
    after_end: dict[tuple[tuple[int, ...], int], int] = {}
    player = state.player

    def recruitments(s: State) -> int:
        if s.phase != RECRUITMENT or s.player != player:
            return 1
        key = (s.board, s.recruits_left)  # the offer and deck are those of the phase's start
        if key not in after_end:
            options = legal_actions(s)
            # a last recruitment ends the turn (or the game): each option is one complete turn
            after_end[key] = (len(options) if s.recruits_left == 1
                              else sum(recruitments(successor(s, a)) for a in options))
        return after_end[key]

    return _count_phase(state, lambda s, a: recruitments(successor(s, a)))


def _pieces(*specs: tuple[int, str, int, int]) -> list[dict[str, Any]]:
    return [{"owner": o, "character": k, "cell": [q, r]} for o, k, q, r in specs]


#: The published reference positions (position JSON, see :mod:`rules.leaders.positions`).
#: ``opening``: a Discovery game's first turn (deck in card order). The others are
#: mid-game positions that together use every character; some figures have
#: already acted, which keeps the counts small enough to check by brute force.
REFERENCE_POSITIONS: dict[str, dict[str, Any]] = {
    "opening": {
        "pieces": _pieces((0, "leader", 0, 3), (1, "leader", 0, -3)),
        "to_move": 0, "phase": "actions", "turn": 1, "first": 0,
        "offer": ["acrobat", "rider", "bruiser"],
        "deck": ["royal-guard", "illusionist", "claw-launcher", "manipulator", "wanderer", "brewmaster", "archer",
                 "assassin", "jailer", "protector", "vizier", "hermit-cub", "nemesis"],
    },
    "skirmish": {  # acrobat, rider, bruiser, royal-guard / illusionist, claw-launcher, manipulator, wanderer
        "pieces": _pieces((0, "leader", 0, 2), (0, "acrobat", -1, 1), (0, "rider", 1, 0), (0, "bruiser", 0, 0),
                          (0, "royal-guard", 2, 0),
                          (1, "leader", 0, -2), (1, "illusionist", -2, 0), (1, "claw-launcher", 1, -1),
                          (1, "manipulator", 2, -3), (1, "wanderer", -1, -1)),
        "to_move": 0, "phase": "actions", "acted": [[2, 0]],
        "offer": ["brewmaster", "archer", "assassin"], "deck": ["jailer", "protector"],
    },
    "guards": {  # brewmaster, archer, assassin, jailer / protector, vizier, hermit & cub, nemesis
        "pieces": _pieces((0, "leader", -1, 2), (0, "brewmaster", -1, 1), (0, "archer", 2, 0), (0, "assassin", -2, 1),
                          (0, "jailer", 0, -1),
                          (1, "leader", 1, -2), (1, "protector", 1, -1), (1, "vizier", 2, -2), (1, "hermit", -1, 0),
                          (1, "cub", 3, -3), (1, "nemesis", -2, -1)),
        "to_move": 1, "phase": "actions", "acted": [[-1, 0]],
        "offer": [], "deck": [],
    },
    "melee": {  # a Nemesis that the Bruiser's push on the enemy leader sets moving; a recruitment to follow
        "pieces": _pieces((0, "leader", 1, 1), (0, "nemesis", 0, 1), (0, "bruiser", 0, -1), (0, "illusionist", -2, 2),
                          (1, "leader", -1, -1), (1, "assassin", -1, 0), (1, "jailer", 2, -1), (1, "rider", -2, 3),
                          (1, "archer", 3, -3)),
        "to_move": 0, "phase": "actions", "acted": [],
        "offer": ["vizier", "wanderer", "protector"],
        "deck": ["acrobat"],
    },
}


def reference_state(name: str) -> State:
    return position_from_json(REFERENCE_POSITIONS[name])
