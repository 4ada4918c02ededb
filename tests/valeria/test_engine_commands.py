"""Valeria engine: ``rules valeria score`` and the explanations of ``rules adjudicate --explain``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "valeria"


@pytest.mark.rules("valeria.scoring.total", "valeria.dukes.resources", "valeria.scoring.winner")
def test_score_prints_each_seat_card_by_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["valeria", "score", str(EXAMPLES / "full-game.json")]) == 0
    out = capsys.readouterr().out
    assert "Seat 0: monsters" in out and "duke Simon the Unclean" in out and "Winner(s): 1" in out
    assert main(["valeria", "score", "--json", str(EXAMPLES / "full-game.json")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winners"] == [1]
    assert [s["total"] for s in data["scores"]] == [s["monsters"] + s["domains"] + s["board"] + s["duke"]
                                                   for s in data["scores"]]


@pytest.mark.rules("valeria.recruit.cost-per-copy")
def test_score_refuses_an_illegal_or_unfinished_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["valeria", "score", str(EXAMPLES / "disputed-price.json")]) == 2
    assert "valeria.recruit.cost-per-copy" in capsys.readouterr().err


@pytest.mark.rules("valeria.roll.activation-values", "valeria.harvest.each-copy")
def test_explain_says_what_each_roll_activated_for_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    main(["adjudicate", "--explain", str(EXAMPLES / "disputed-price.json")])
    out = capsys.readouterr().out
    assert "Roll: 2 and 3; activation values 2, 3 and 5" in out
    assert "seat 0 activates Starter Peasant x1 (left side, the active player)" in out
    assert "seat 1 activates Starter Peasant x1 (right side)" in out
