"""The rulebook's worked examples (Giants 1–3, Dragons 1–2) shipped as
position records under ``examples/claim2/``, and the combined-game records
under ``examples/claim-combined/``, replayed with the engine."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import rules.games
from rules.claim import CLAIM2, CLAIM_COMBINED, Card
from rules.kernel.records import adjudicate, parse_record

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "examples" / "claim2"


def replay(name: str):
    record = json.loads((HERE / name).read_text(encoding="utf-8"))
    assert record["game"] == "claim2" and record["comment"]
    state = CLAIM2.position_from_json(record["position"])
    states = [state]
    for raw in record["actions"]:
        action = CLAIM2.action_from_json(raw)
        assert CLAIM2.check(state, action) is None, raw
        state = CLAIM2.apply(state, action)
        states.append(state)
    return states


def c(text: str) -> Card:
    return Card.parse(text)


def test_every_example_is_tested() -> None:
    """The book's worked examples are replayed here; the disputed crush is judged in tests/test_examples.py."""
    assert {p.name for p in HERE.glob("*.json")} == {
        "giants-1.json", "giants-2.json", "giants-3.json", "dragons-1.json", "dragons-2.json", "disputed-crush.json"}


@pytest.mark.rules("claim2.giants", "claim2.phase2.giants-crush")
def test_giants_example_1() -> None:
    *_, last = replay("giants-1.json")
    assert last.gnomes[0] == (c("gnome:3"), c("gnome:7")) and c("gnome:3") in last.discard
    assert Counter(last.score[1]) == Counter([c("giant:3"), c("giant:5")])


@pytest.mark.rules("claim2.giants")
def test_giants_example_2() -> None:
    *_, last = replay("giants-2.json")
    assert last.gnomes[1] == (c("gnome:3"),) and last.last_trick.winner == 0


@pytest.mark.rules("claim2.giants")
def test_giants_example_3() -> None:
    *_, last = replay("giants-3.json")
    assert last.gnomes[1] == () and last.last_trick.winner == 0 and last.to_move == 0


@pytest.mark.rules("claim2.dragons")
@pytest.mark.parametrize("name", ["dragons-1.json", "dragons-2.json"])
def test_dragons_examples(name: str) -> None:
    states = replay(name)
    after_trick = states[2]
    assert after_trick.last_trick.winner == 0 and after_trick.to_move == 1


@pytest.mark.rules("claim-combined.three-players", "claim-combined.four-players.teams",
                   "claim-combined.scoring.four-players")
@pytest.mark.parametrize("name, players", [("three-players.json", 3), ("four-players.json", 4)])
def test_combined_records_replay_to_the_end(name: str, players: int) -> None:
    data = json.loads((ROOT / "examples" / "claim-combined" / name).read_text(encoding="utf-8"))
    assert data["variant"]["players"] == players
    record = parse_record(data, rules.games.load)
    verdict = adjudicate(CLAIM_COMBINED, record)
    assert verdict.legal and verdict.finished
    result = verdict.result.to_json()
    if players == 4:
        assert result["winners"] in ([], [0, 2], [1, 3])
        assert all(v in ([], [0, 2], [1, 3]) for v in result["votes"].values())
    assert set(result["votes"]) == set(data["variant"]["factions"])
