"""``winning_sequences`` and ``rules leaders wins``; the bundled examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from leaders_helpers import act, pos

import rules.games
from rules.cli import main
from rules.kernel.records import adjudicate, parse_record, read_json
from rules.leaders import LEADERS
from rules.leaders.perft import reference_state
from rules.leaders.wins import count_winning_sequences, winning_sequences

pytestmark = pytest.mark.rules("leaders.goal", "leaders.end.captured", "leaders.end.immediate")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "leaders"


def naive_wins(state: object, mover: int) -> list:
    """Every winning sequence by plain recursion over legal actions (no memo, no pruning)."""
    out = []
    for a in LEADERS.legal_actions(state):
        if a.kind == "end":
            continue
        after = LEADERS.apply(state, a)
        if LEADERS.is_terminal(after):
            if after.winners == (mover,):
                out.append((a,))
        else:
            out.extend((a, *rest) for rest in naive_wins(after, mover))
    return out


def test_a_one_move_win_and_its_order() -> None:
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "rider", 1, -3), (0, "assassin", 2, -1),
            (0, "bruiser", -1, -1), acted=[[2, -1]])
    seqs = winning_sequences(s)
    assert seqs == tuple(tuple(x) for x in naive_wins(s, 0))
    assert (act(piece=[-1, -1], move=[[-1, -2]]),) in seqs
    assert all(LEADERS.is_terminal(_play(s, q)) for q in seqs)


def _play(s: object, seq: tuple) -> object:
    for a in seq:
        s = LEADERS.apply(s, a)
    return s


def test_counts_and_listing_agree_with_plain_recursion_on_a_rich_position() -> None:
    s = reference_state("melee")
    seqs = winning_sequences(s)
    assert len(seqs) == count_winning_sequences(s) == 279
    assert len(set(seqs)) == len(seqs) and winning_sequences(s, limit=5) == seqs[:5]
    for seq in seqs[:40]:
        end = _play(s, seq)
        assert LEADERS.is_terminal(end) and end.winners == (0,)


def test_no_win() -> None:
    assert winning_sequences(reference_state("opening")) == ()


def test_cli_wins(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    example = str(EXAMPLES / "win-this-phase.json")
    assert main(["leaders", "wins", example, "--sequences", "--json", "--limit", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] == 279 and len(out["sequences"]) == 2
    assert main(["leaders", "wins", example, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "win" and out["length"] == 1 and out["strategy"]["action"]["ability"] == "bruiser"
    assert main(["leaders", "wins", example]) == 0
    assert "Forced win for seat 0 in 1 action(s)" in capsys.readouterr().out
    (tmp_path / "none.json").write_text(json.dumps({"pieces": [
        {"owner": 0, "character": "leader", "cell": [0, 3]}, {"owner": 1, "character": "leader", "cell": [0, -3]}],
        "to_move": 0}))
    assert main(["leaders", "wins", str(tmp_path / "none.json"), "--sequences"]) == 0
    assert "no win this phase" in capsys.readouterr().out
    assert main(["leaders", "wins", str(tmp_path / "none.json")]) == 0
    assert "No forced win for seat 0" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text(json.dumps({"pieces": [], "to_move": 0}))
    assert main(["leaders", "wins", str(tmp_path / "bad.json")]) == 2
    assert "no leader" in capsys.readouterr().err


@pytest.mark.rules("leaders.jailer")
@pytest.mark.parametrize("name, legal, finished, broken", [
    ("full-game.json", True, True, None),
    ("disputed-jailer.json", False, False, ("leaders.jailer",)),
])
def test_bundled_records(name: str, legal: bool, finished: bool, broken: tuple | None) -> None:
    record = parse_record(read_json(EXAMPLES / name), rules.games.load)
    verdict = adjudicate(LEADERS, record)
    assert (verdict.legal, verdict.finished) == (legal, finished)
    assert (verdict.illegal.violation.rules if verdict.illegal else None) == broken


@pytest.mark.rules("leaders.nemesis.forced-move", "leaders.end.own-leader", "leaders.end.surrounded")
def test_wins_that_need_the_opponents_nemesis_choice_are_flagged(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    from rules.leaders.positions import position_to_json
    from rules.leaders.wins import needs_opponent

    # seat 1's corner leader has two of its three neighbours taken; when seat 0's leader moves, seat 1's
    # Nemesis must move two cells and one of its paths ends on the third: seat 1 would surround its own leader
    s = pos((0, "leader", 0, 3), (1, "leader", 0, -3), (0, "rider", 1, -3), (1, "jailer", -1, -2),
            (1, "nemesis", 0, 0))
    seqs = winning_sequences(s)
    assert seqs and all(needs_opponent(s, seq) for seq in seqs)
    assert all(any(a.seat == 1 and a.kind == "nemesis" for a in seq) for seq in seqs)
    (tmp_path / "p.json").write_text(json.dumps(position_to_json(s)))
    assert main(["leaders", "wins", str(tmp_path / "p.json"), "--sequences", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["needs_opponent"] == [True] * len(out["sequences"]) and out["count"] == len(seqs)
    assert main(["leaders", "wins", str(tmp_path / "p.json"), "--sequences"]) == 0
    assert "(only if the opponent moves their Nemesis this way)" in capsys.readouterr().out
    melee = reference_state("melee")
    assert not any(needs_opponent(melee, seq) for seq in winning_sequences(melee, limit=20))
