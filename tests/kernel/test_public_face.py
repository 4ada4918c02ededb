"""The public face of the library, tried as a new user would (issue 17 section 3,
decision record 0023): ``rules.load`` typed per game, ``rules.adjudicate`` in one
call, the exceptions under one base, all from ``import rules``."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import rules
from rules.claim import CLAIM, CLAIM_COMBINED
from rules.kernel import records, verdict
from rules.leaders import LEADERS

ROOT = Path(__file__).resolve().parents[2]
DISPUTED = ROOT / "examples" / "claim" / "disputed-knight.json"


def test_load_returns_each_packages_game_object() -> None:
    assert rules.load("claim") is CLAIM
    assert rules.load("claim-combined") is CLAIM_COMBINED
    assert rules.load("leaders") is LEADERS
    assert rules.load("valeria").info.key == "valeria"


def test_load_of_an_unknown_key_names_the_known_ones() -> None:
    with pytest.raises(rules.UnknownGameError, match="known games: claim") as caught:
        rules.load("chess")
    assert isinstance(caught.value, rules.RulesError) and isinstance(caught.value, KeyError)


def test_load_is_typed_per_game(tmp_path: Path) -> None:
    """mypy (strict) reads ``rules.load("leaders")`` as ``Leaders``, not ``Game[Any, Any]``."""
    snippet = tmp_path / "user.py"
    snippet.write_text(textwrap.dedent("""
        import rules
        reveal_type(rules.load("leaders"))
        reveal_type(rules.load("claim2"))
        reveal_type(rules.load("valeria"))
        reveal_type(rules.load("some-plugin-game"))
    """), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(snippet)], cwd=ROOT,
                         capture_output=True, text=True, check=False, timeout=900)
    revealed = [line.split("Revealed type is ", 1)[1] for line in out.stdout.splitlines() if "Revealed type" in line]
    assert revealed == ['"rules.leaders.game.Leaders"', '"rules.claim.game.ClaimEngine"',
                        '"rules.valeria.game.Valeria"', '"rules.kernel.game.Game[Any, Any]"'], out.stdout


@pytest.mark.parametrize("form", ["mapping", "text", "path"])
def test_adjudicate_reads_a_record_in_one_call_from_any_of_its_forms(form: str) -> None:
    """The one call gives the verdict the kernel's four calls give (read, parse, load, adjudicate)."""
    data = records.read_json(DISPUTED)
    expected = records.adjudicate(rules.load(data["game"]), records.parse_record(data, rules.games.load),
                                  explain=True)
    given = {"mapping": data, "text": DISPUTED.read_text(encoding="utf-8"), "path": DISPUTED}[form]
    got = rules.adjudicate(given, explain=True)  # type: ignore[arg-type]
    assert got == expected and not got.legal and got.illegal is not None and got.illegal.violation.rules
    assert got.trace  # explain=True reached the replay


def test_adjudicate_refuses_what_is_not_a_record_with_malformed_error() -> None:
    with pytest.raises(rules.MalformedError, match="not JSON"):
        rules.adjudicate(str(DISPUTED))  # a str is JSON text, never a file name
    with pytest.raises(rules.MalformedError, match="no such file"):
        rules.adjudicate(ROOT / "no-such-record.json")
    with pytest.raises(rules.MalformedError, match="game"):
        rules.adjudicate(json.dumps({"format": "rules-record/1", "game": "chess", "setup": {}, "actions": []}))


def test_the_exceptions_are_the_kernels_under_one_base() -> None:
    assert rules.MalformedError is verdict.MalformedError and rules.IllegalActionError is verdict.IllegalActionError
    assert rules.UnknownGameError is verdict.UnknownGameError and rules.RulesError is verdict.RulesError
    for error in (rules.MalformedError, rules.IllegalActionError, rules.UnknownGameError):
        assert issubclass(error, rules.RulesError)
