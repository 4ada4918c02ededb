"""Leaders as a Hypothesis state machine: whole games in both modes, legal and illegal
actions, with the issue's invariants checked after every step.

- figures on distinct cells inside the board, ``board`` and ``cells`` consistent;
- each character acts at most once a phase (tracked here from the actions played);
- at most five character cards a player; recruits only on the recruiter's own cells;
- ``legal_actions`` equals a brute-force filter of every conceivable action through
  ``check`` (tests/leaders/brute.py; a few times per game, it is slow);
- every rejected action cites rules that exist in the spec and leaves the state
  unchanged; no legal action leaves the mover's own leader captured or surrounded,
  except through a Nemesis' forced move.
"""

from __future__ import annotations

import json
import random

import pytest
from brute import brute_legal, conceivable
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import rules.games
from rules.kernel.records import adjudicate, parse_record, record_to_json
from rules.kernel.spec import load_spec
from rules.kernel.verdict import IllegalActionError
from rules.leaders import LEADERS, Action, Setup, State
from rules.leaders.board import N_CELLS, recruitment_cells
from rules.leaders.characters import CARDS, card_count
from rules.leaders.engine import side_lost

pytestmark = pytest.mark.rules(
    "leaders.board", "leaders.turn", "leaders.turn.five-characters", "leaders.actions.one-each",
    "leaders.recruit.own-side", "leaders.recruit.place", "leaders.end.own-leader", "leaders.nemesis.forced-move",
    "leaders.setup.offer", "leaders.advanced.banish", "leaders.advanced.banish-second",
)

SPEC = load_spec()
BRUTE_PER_GAME = 2


class LeadersGame(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.setup: Setup | None = None
        self.state: State | None = None
        self.actions: list[Action] = []
        self.acted_now: list[int] = []
        self.brute_runs = 0

    @initialize(advanced=st.booleans(), first=st.integers(0, 1), deck=st.permutations(CARDS))
    def deal(self, advanced: bool, first: int, deck: list[str]) -> None:
        self.setup = Setup("advanced", first) if advanced else Setup("discovery", first, tuple(deck))
        self.state = LEADERS.initial_state(self.setup)
        assert self.state.player == first

    @property
    def live(self) -> bool:
        return self.state is not None and not LEADERS.is_terminal(self.state)

    # ------------------------------------------------------------------ legal play

    def step(self, action: Action) -> None:
        before = self.state
        assert before is not None and LEADERS.check(before, action) is None
        after = LEADERS.apply(before, action)
        assert LEADERS.apply(before, action) == after  # deterministic
        mover = action.seat
        if action.kind in ("move", "ability"):
            pid = before.board[action.piece]
            assert pid not in self.acted_now, "a character acted twice in one phase"
            self.acted_now.append(pid)
        if after.player != before.player or after.phase != before.phase and after.phase == "actions":
            self.acted_now = []
        if action.kind == "recruit":
            assert set(action.path) <= set(recruitment_cells(mover))
            assert all(before.board[c] < 0 for c in action.path)
        if action.kind != "nemesis" and side_lost(after.pieces, after.board, after.cells, mover):
            moved = [i for i, p in enumerate(before.pieces)
                     if p.kind == "nemesis" and before.cells[i] != after.cells[i]]
            assert moved, "a legal action left the mover's own leader captured or surrounded"
        self.actions.append(action)
        self.state = after

    @precondition(lambda self: self.live)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        self.step(data.draw(st.sampled_from(LEADERS.legal_actions(self.state)), label="legal action"))

    @precondition(lambda self: self.live)
    @rule(picks=st.lists(st.integers(0, 10_000), min_size=2, max_size=12))
    def play_several(self, picks: list[int]) -> None:
        for p in picks:
            if not self.live:
                break
            legal = LEADERS.legal_actions(self.state)
            self.step(legal[p % len(legal)])

    # ------------------------------------------------------------------ illegal attempts

    @rule(data=st.data())
    def attempt_illegal(self, data: st.DataObject) -> None:
        state = self.state
        assert state is not None
        legal = set(LEADERS.legal_actions(state))
        pool = [a for a in conceivable(state) if a not in legal and a.piece != -1][:4000]
        action = data.draw(st.sampled_from(pool), label="conceivable action")
        violation = LEADERS.check(state, action)
        if violation is None:  # only the unnamed-Nemesis form may be legal outside legal_actions
            raise AssertionError(f"{action} is accepted but not generated")
        unknown = [r for r in violation.rules if r not in SPEC]
        assert not unknown, f"violation cites unknown rule IDs {unknown}"
        assert violation.message.get("cs").strip() and violation.message.get("en").strip()
        copy = State(**{f: getattr(state, f) for f in State.__slots__ if not f.startswith("__")})
        with pytest.raises(IllegalActionError):
            LEADERS.apply(state, action)
        assert state == copy

    @precondition(lambda self: self.live and self.brute_runs < BRUTE_PER_GAME)
    @rule()
    def legal_actions_are_the_brute_force_filter(self) -> None:
        self.brute_runs += 1
        state = self.state
        generated = LEADERS.legal_actions(state)
        assert len(set(generated)) == len(generated)
        assert set(generated) == brute_legal(state)

    # ------------------------------------------------------------------ invariants

    @invariant()
    def invariants(self) -> None:
        s = self.state
        if s is None:
            return
        assert len(s.board) == N_CELLS and len(s.cells) == len(s.pieces)
        assert len(set(s.cells)) == len(s.cells) and all(0 <= c < N_CELLS for c in s.cells)
        assert all(s.board[c] == i for i, c in enumerate(s.cells))
        assert sum(1 for x in s.board if x >= 0) == len(s.pieces)
        for seat in (0, 1):
            assert card_count([p.kind for p in s.pieces if p.owner == seat]) <= 5
            assert sum(1 for p in s.pieces if p.owner == seat and p.kind == "leader") == 1
        assert all(s.pieces[i].owner == s.player for i in s.acted)
        on_board = {"hermit-cub" if p.kind in ("hermit", "cub") else p.kind for p in s.pieces} - {"leader"}
        assert not on_board & set(s.offer) and not on_board & set(s.banished)
        if s.mode == "discovery":
            assert sorted(on_board | set(s.offer) | set(s.deck)) == sorted(CARDS)
            assert len(s.offer) == 3 or not s.deck
        else:
            assert sorted(on_board | set(s.offer) | set(s.banished)) == sorted(CARDS) and len(s.banished) <= 4
        if LEADERS.is_terminal(s):
            assert LEADERS.legal_actions(s) == () and LEADERS.result(s) is not None
        else:
            assert LEADERS.legal_actions(s)

    def teardown(self) -> None:
        if self.setup is None:
            return
        rng = random.Random(len(self.actions))
        for _ in range(150):
            if not self.live:
                break
            self.step(rng.choice(LEADERS.legal_actions(self.state)))
        data = json.loads(json.dumps(record_to_json(LEADERS, self.setup, self.actions)))
        record = parse_record(data, rules.games.load)
        assert record.setup == self.setup and list(record.actions) == self.actions
        replayed = adjudicate(LEADERS, record)
        assert replayed.legal and replayed.final_state == self.state


# A step costs milliseconds (the conceivable-action pool), so the machine is bounded in every
# profile but ``thorough``: a few seconds in ``dev`` and ``ci``.
_DEFAULT = settings.default
_BOUNDED = _DEFAULT.max_examples < 1000
LeadersGame.TestCase.settings = settings(
    deadline=None, report_multiple_bugs=False,
    max_examples=min(_DEFAULT.max_examples, 12) if _BOUNDED else _DEFAULT.max_examples,
    stateful_step_count=min(_DEFAULT.stateful_step_count, 30) if _BOUNDED else _DEFAULT.stateful_step_count)
TestLeadersGame = LeadersGame.TestCase
