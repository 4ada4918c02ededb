"""The ``rules`` command: verdicts, exit codes, JSON shapes, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rules import games
from rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "claim"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.rules("claim.follow-suit", "claim.knights.follow-suit")
def test_illegal_record_exit_1_and_cites_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adjudicate", "--json", str(EXAMPLES / "disputed-knight.json"))
    assert code == 1
    (verdict,) = json_lines(out)
    assert verdict["legal"] is False and verdict["finished"] is False and verdict["result"] is None
    illegal = verdict["illegal"]
    assert illegal["rules"] == ["claim.follow-suit", "claim.knights.follow-suit"]
    assert illegal["action"]["play"].startswith("knight:")
    # the 0-based "index" of the last action of the record; "actions" counts the record's actions (decision 0033)
    assert illegal["index"] == verdict["actions"] - 1
    assert "must follow Goblins" in illegal["message"]


@pytest.mark.rules("claim.follow-suit")
def test_illegal_record_text_in_czech_quotes_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adjudicate", "--lang", "cs", str(EXAMPLES / "disputed-knight.json"))
    assert code == 1
    assert "NELEGÁLNÍ" in out and "musíte ctít barvu skřetů" in out
    assert "porušuje claim.follow-suit" in out and "„ctít barvu“" in out


@pytest.mark.rules("claim.doppelgangers", "claim.trick-winner")
def test_explain_shows_the_disputed_trick(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adjudicate", "--explain", str(EXAMPLES / "disputed-doppelganger.json"))
    assert code == 0
    assert "legal so far" in out
    assert "Doppelgangers are wild (claim.doppelgangers)" in out
    assert "beats goblin" in out and "claim.doppelgangers, claim.trick-winner" in out


@pytest.mark.rules("claim.knights")
def test_knight_beats_goblin_explained(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adjudicate", "--explain", "--json", str(EXAMPLES / "knight-beats-goblin.json"))
    assert code == 0
    (verdict,) = json_lines(out)
    last_trick = [line for line in verdict["explanation"] if line.startswith("Trick")][-1]
    assert "knight" in last_trick and "beats goblin" in last_trick and "claim.knights" in last_trick


@pytest.mark.rules("claim.scoring.majority", "claim.scoring.win", "claim.phase2.end")
def test_finished_game_reports_votes_and_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "adjudicate", "--json", str(EXAMPLES / "full-game.json"))
    assert code == 0
    (verdict,) = json_lines(out)
    assert verdict["legal"] and verdict["finished"] and verdict["illegal"] is None
    votes = verdict["result"]["votes"]
    assert set(votes) == {"goblin", "knight", "undead", "dwarf", "doppelganger"}
    assert all(isinstance(seats, list) and len(seats) <= 1 for seats in votes.values())
    winners = verdict["result"]["winners"]
    for seat in winners:
        assert sum(seat in seats for seats in votes.values()) >= 3


def test_malformed_files_exit_2_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{not json", encoding="utf-8")
    wrong_card = tmp_path / "card.json"
    record = json.loads((EXAMPLES / "full-game.json").read_text(encoding="utf-8"))
    record["actions"][0]["play"] = "goblin:12"
    wrong_card.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "adjudicate", str(bad_json), str(wrong_card), str(tmp_path / "missing.json"),
                         str(EXAMPLES / "disputed-knight.json"))
    assert code == 2
    assert "bad.json: malformed: not JSON" in err
    assert 'card.json: malformed: action 1 (index 0): play: "goblin:12" is not valid: faction:value' in err
    assert "missing.json: malformed: no such file" in err
    assert "Traceback" not in err
    assert "ILLEGAL" in out  # the good file is still judged


def test_malformed_json_output_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "rules-record/1", "game": "chess", "setup": {}}), encoding="utf-8")
    code, out, _ = run(capsys, "adjudicate", "--json", str(bad))
    assert code == 2
    (verdict,) = json_lines(out)
    assert verdict["file"] == str(bad) and verdict["legal"] is None
    assert "unknown game 'chess'" in verdict["error"]


@pytest.mark.rules("claim.follow-suit")
def test_rule_lookup_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rule", "claim.follow-suit")
    assert code == 0
    assert "(cs)" in out and "(en)" in out and "ctít barvu" in out and "follow suit" in out
    assert "implemented by: rules.claim.trick" in out


def test_unknown_rule_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rule", "claim.nonsense")
    assert code == 2 and "no rule 'claim.nonsense'" in err


def test_rules_json_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.kernel.spec import load_spec

    code, out, _ = run(capsys, "rules", "--game", "claim", "--json")
    assert code == 0
    objects = json_lines(out)
    assert [o["id"] for o in objects] == [r.id for r in load_spec().book("claim").rules]
    for o in objects:
        assert set(o["text"]) == {"cs", "en"} and o["source"]["seed"] and isinstance(o["annotations"], list)
    rulings = [o for o in objects if any(a["kind"] == "ruling" for a in o["annotations"])]
    assert {"claim.scoring.majority", "claim.scoring.tie-highest", "claim.scoring.win"} <= {o["id"] for o in rulings}


def test_rules_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "--game", "go")
    assert code == 2 and "no rules for game 'go'" in err


def test_play_writes_a_legal_record_that_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "game.json"
    assert run(capsys, "play", "claim", "--seed", "11", "-o", str(target))[0] == 0
    again = tmp_path / "again.json"
    assert run(capsys, "play", "claim", "--seed", "11", "-o", str(again))[0] == 0
    assert target.read_text() == again.read_text()  # same seed, same record
    record = json.loads(target.read_text())
    assert len(record["actions"]) == 52
    code, out, _ = run(capsys, "adjudicate", "--json", str(target))
    assert code == 0 and json_lines(out)[0]["finished"] is True


def test_play_stop_after_makes_an_unfinished_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "claim", "--seed", "3", "--stop-after", "5")
    assert code == 0 and len(json.loads(out)["actions"]) == 5


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", "claim", "--games", "20", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["games"] == 20 and report["actions"] == 20 * 52
    assert report["seconds"] > 0 and report["games_per_second"] > 0


def test_bench_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bench", "go")
    assert code == 2 and "unknown game 'go'" in err


def test_schema_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["properties"]["format"]["const"] == "rules-record/1"


def test_schema_of_one_game_holds_that_game_only(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 18 §2: ``rules schema GAME`` prints the schema a person writing that game's records needs."""
    code, out, _ = run(capsys, "schema", "valeria")
    schema = json.loads(out)
    assert code == 0 and schema["properties"]["game"]["enum"] == ["valeria"]
    assert not any(name.startswith(("claim", "leaders")) for name in schema.get("$defs", {}))
    valeria = json.loads((ROOT / "examples" / "valeria" / "full-game.json").read_text(encoding="utf-8"))
    assert Draft202012Validator(schema).is_valid(valeria)
    assert not Draft202012Validator(schema).is_valid(json.loads((EXAMPLES / "full-game.json").read_text()))
    code, _, err = run(capsys, "schema", "chess")
    assert code == 2 and "unknown game 'chess'" in err and "valeria" in err


@pytest.mark.parametrize("command", ["play", "bench"])
def test_the_help_of_a_command_taking_a_game_lists_the_games(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"the game: {', '.join(sorted(games.GAMES))}" in text


def test_module_entry_point_exit_codes() -> None:
    ok = subprocess.run([sys.executable, "-m", "rules", "adjudicate", str(EXAMPLES / "full-game.json")],
                        capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0, ok.stderr
    bad = subprocess.run([sys.executable, "-m", "rules", "adjudicate", "/nonexistent.json"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
