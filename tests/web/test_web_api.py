"""rules.web.api under CPython: the functions the Adjudicate panel calls give the
CLI's verdicts (docs/decisions/0017-in-page-adjudicator.md). The browser tests
(test_adjudicator_browser.py) check that the page, running the same wheel in Pyodide,
gives these same answers."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli

import rules.games
from rules import verdicts
from rules.web import api

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(ROOT.glob("examples/*/*.json"))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``rules ARGS`` in this process, from the checkout (what is compared is its output, not the process)."""
    code, out, err = run_cli(args, cwd=ROOT)
    return subprocess.CompletedProcess(["rules", *args], code, out, err)


def test_every_game_has_bundled_records() -> None:
    games = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in EXAMPLES}
    assert games == set(rules.games.GAMES)


def test_adjudicate_equals_the_cli_json_and_explain_on_every_bundled_record() -> None:
    done = cli("adjudicate", "--json", *(str(p.relative_to(ROOT)) for p in EXAMPLES))
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(lines) == len(EXAMPLES)
    for path, expected in zip(EXAMPLES, lines, strict=True):
        name = str(path.relative_to(ROOT))
        result = api.adjudicate(path.read_text(encoding="utf-8"), "en", name=name)
        assert result["json"] == expected, name
        explained = cli("adjudicate", "--explain", "--lang", "en", name)
        assert result["text"] == explained.stdout + explained.stderr, name
        assert result["exit"] == (0 if expected["legal"] else 1)


def test_steps_follow_the_record_to_its_verdict() -> None:
    for path in EXAMPLES:
        data = json.loads(path.read_text(encoding="utf-8"))
        result = api.adjudicate(path.read_text(encoding="utf-8"), "en", name=path.name)
        steps = result["steps"]
        illegal = result["json"]["illegal"]
        assert [s["index"] for s in steps] == list(range(len(steps))), path
        assert [s["action"] for s in steps] == data["actions"][:len(steps)], path
        if illegal:
            assert len(steps) == illegal["index"] + 1 and steps[-1]["legal"] is False
            assert steps[-1]["rules"] == illegal["rules"] and steps[-1]["lines"] == [illegal["message"]]
        else:
            assert len(steps) == len(data["actions"]) and all(s["legal"] for s in steps)
        explained = [line for s in steps if s["legal"] for line in s["lines"]]
        assert all(line in result["text"] for line in explained), path  # the --explain lines, split by action


@pytest.mark.parametrize("lang", ["cs", "hu"])
def test_explain_in_the_books_languages_equals_the_cli(lang: str) -> None:
    path = "examples/claim/disputed-knight.json" if lang == "cs" else "examples/claim2/disputed-crush.json"
    result = api.adjudicate((ROOT / path).read_text(encoding="utf-8"), lang, name=path)
    explained = cli("adjudicate", "--explain", "--lang", lang, path)
    assert result["text"] == explained.stdout
    assert result["status"] == "illegal"
    assert [r["id"] for r in result["rules"]] == result["json"]["illegal"]["rules"]


@pytest.mark.parametrize("text, fragment", [
    ("{not json", "not JSON"),
    ("[]", "is not an object"),
    ('{"format": "rules-record/1", "game": "chess", "setup": {}}', "unknown game"),
    ('{"format": "rules-record/1", "game": "claim", "setup": {"hands": [["goblin:12"]]}}', "setup"),
])
def test_malformed_text_gets_the_cli_malformed_verdict(tmp_path: Path, text: str, fragment: str) -> None:
    result = api.adjudicate(text, "en", name="pasted.json")
    (tmp_path / "pasted.json").write_text(text, encoding="utf-8")
    code, out, _ = run_cli(["adjudicate", "--json", "pasted.json"], cwd=tmp_path)
    assert result["status"] == "malformed" and result["exit"] == 2 == code
    assert result["json"] == json.loads(out)
    assert fragment in result["json"]["error"]


def test_call_never_raises_and_reports_one_line() -> None:
    assert json.loads(api.call("adjudicate", '{"text": true}'))["error"] == \
        "bad arguments for adjudicate: text must be a string, not true"
    assert json.loads(api.call("variant", '{"game": ["claim"]}'))["status"] == "malformed"
    assert json.loads(api.call("variant", '{"game": "chess"}'))["error"].startswith("unknown game 'chess'")
    assert json.loads(api.call("rule", '{"rule_id": {}}'))["status"] == "malformed"
    assert json.loads(api.call("follow", '{"lead": ["goblin:3"], "follow": "goblin:4"}', "claim"))["error"] == \
        'bad arguments for follow: lead must be a string, not ["goblin:3"]'
    assert json.loads(api.call("cards", "{}", ["valeria"]))["status"] == "malformed"
    assert json.loads(api.call("adjudicate", "[" * 100))["status"] == "malformed"
    assert json.loads(api.call("no-such-function"))["status"] == "malformed"
    assert json.loads(api.call("adjudicate", "[1]"))["status"] == "malformed"
    assert json.loads(api.call("adjudicate", '{"text": "{}", "bogus": 1}'))["status"] == "malformed"
    assert json.loads(api.call("adjudicate", '{"text": "{}", "lang": "de"}'))["error"].startswith("language 'de'")
    assert json.loads(api.call("follow", '{"lead": "goblin:3", "follow": 7}', "claim"))["status"] == "malformed"
    assert json.loads(api.call("follow", "{}", "no-such-game"))["status"] == "malformed"
    assert json.loads(api.call("no-such-function", "{}", "claim"))["error"] == \
        "game 'claim' has no panel function 'no-such-function'"


def test_an_internal_error_is_reported_as_one_and_never_as_a_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug inside a function (here a ``TypeError`` from a game's reader) is status
    "internal" with the CLI's one line, exit 3 gets its status, and the JSON verdict and
    the error line are kept apart as the CLI keeps standard output and error apart."""
    game = rules.games.load("claim")

    def broken(data: Any, variant: Any = None) -> Any:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(type(game), "setup_from_json", broken)
    text = (ROOT / "examples/claim/disputed-knight.json").read_text(encoding="utf-8")
    result = api.adjudicate(text, "en", name="pasted.json")
    assert result["status"] == "internal" and result["exit"] == 3
    assert result["json"]["internal"] is True and "internal error, a bug in the library" in result["json"]["error"]
    assert result["text"].startswith("pasted.json: internal error") and result["steps"] == []
    answer = json.loads(api.call("adjudicate", json.dumps({"text": text})))
    assert answer["status"] == "internal"
    monkeypatch.setattr(api, "rule", lambda rule_id: {}[rule_id])
    monkeypatch.setitem(api._FUNCTIONS, "rule", api.rule)
    assert json.loads(api.call("rule", '{"rule_id": "claim.knights"}')) == \
        {"status": "internal", "error": "KeyError: 'claim.knights'"}


def test_a_bug_met_only_while_explaining_is_reported_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page judges a record once and writes it both ways (rules.verdicts.judge, write). A bug
    met only while explaining a step leaves ``--json`` its verdict and gives ``--explain`` the
    internal error's one line; the page, whose steps need the explanation, reports it as internal
    (exit 3 is never a verdict)."""
    game = rules.games.load("claim")
    text = (ROOT / "examples/claim/disputed-knight.json").read_text(encoding="utf-8")
    plain = json.loads(api.call("adjudicate", json.dumps({"text": text, "name": "pasted.json"})))
    assert plain["status"] == "illegal" and plain["steps"]

    def broken(*args: Any) -> Any:
        raise TypeError("explained badly")

    monkeypatch.setattr(type(game), "explain_step", broken)
    answer = json.loads(api.call("adjudicate", json.dumps({"text": text, "name": "pasted.json"})))
    assert answer == {"status": "internal", "error": "TypeError: explained badly"}
    with pytest.raises(TypeError, match="explained badly"):  # the steps to walk need the explanation
        api.adjudicate(text, "en", name="pasted.json")
    out, err = io.StringIO(), io.StringIO()
    judged = verdicts.judge("pasted.json", lambda: json.loads(text), explain=True)
    assert verdicts.write(judged, lang="en", explain=True, as_json=False, out=out, err=err) == 3
    assert out.getvalue() == "" and err.getvalue().startswith("pasted.json: internal error, a bug in the library")
    assert verdicts.write(verdicts.judge("pasted.json", lambda: json.loads(text), explain=False), lang="en",
                          explain=False, as_json=True, out=out, err=err) == 1
    assert json.loads(out.getvalue()) == plain["json"]


def panel(game: str, name: str, **kwargs: Any) -> dict[str, Any]:
    """A game's panel function as the page calls it (decision 0025)."""
    result: dict[str, Any] = json.loads(api.call(name, json.dumps(kwargs), game))
    return result


# --------------------------------------------------------------------------- Claim follows


def follow(game: str, **kwargs: Any) -> dict[str, Any]:
    return panel(game, "follow", **kwargs)


@pytest.mark.rules("claim.doppelgangers", "claim.follow-suit")
def test_a_doppelganger_on_a_led_goblin_is_legal_while_holding_goblins() -> None:
    result = follow(game="claim", lead="goblin:3", follow="doppelganger:5", hand=["goblin:1", "knight:2"])
    assert result["status"] == "legal"
    (case,) = result["cases"]
    assert case["takes"] == "follower"
    assert "claim.doppelgangers" in [r["id"] for r in result["rules"]]


@pytest.mark.rules("claim.knights.follow-suit", "claim.follow-suit")
def test_a_knight_on_a_led_goblin_while_holding_a_goblin_is_illegal() -> None:
    result = follow(game="claim", lead="goblin:3", follow="knight:5", hand=["goblin:1"], lang="cs")
    assert result["status"] == "illegal"
    assert [r["id"] for r in result["rules"]][:2] == ["claim.follow-suit", "claim.phase2.follow"]
    assert "claim.knights.follow-suit" in [r["id"] for r in result["rules"]]
    assert "skřet 1" in result["cases"][0]["message"]  # the engine's Czech message


@pytest.mark.parametrize("lead, played, hand", [
    ("goblin:3", "knight:5", ["goblin:1"]), ("undead:2", "dwarf:4", ["knight:2"]),
    ("doppelganger:1", "goblin:2", ["doppelganger:4"]), ("dwarf:1", "doppelganger:0", ["dwarf:2"]),
    ("knight:4", "knight:2", []),
])
def test_the_follow_check_agrees_with_the_engine_on_a_whole_position(position: Any, lead: str, played: str,
                                                                      hand: list[str]) -> None:
    """A 13-card phase-two position built by hand (tests/conftest.py), the lead played
    through the engine, then CLAIM.check: the panel's verdict and winner must agree."""
    from rules.claim import CLAIM, Card
    from rules.claim.tables import play

    faction = lead.split(":")[0]
    holds = any(c.split(":")[0] == faction for c in [played, *hand])
    state = position(phase=2, lead_hand=[lead], follow_hand=[played, *hand], lacks=() if holds else (faction,))
    state = CLAIM.apply(state, play(0, Card.parse(lead)))
    verdict = CLAIM.check(state, play(1, Card.parse(played)))
    result = follow(game="claim", lead=lead, follow=played, hand=hand)
    assert result["status"] == ("legal" if verdict is None else "illegal")
    if verdict is None:
        after = CLAIM.apply(state, play(1, Card.parse(played)))
        assert result["cases"][0]["winner"] == after.last_trick.winner
    else:
        assert result["cases"][0]["rules"] == list(verdict.rules)


@pytest.mark.rules("claim.follow-suit")
def test_an_unknown_hand_makes_an_off_faction_follow_depend_on_it() -> None:
    result = follow(game="claim", lead="goblin:3", follow="dwarf:5", hand=[], hand_known=False)
    assert result["status"] == "depends"
    assert [c["legal"] for c in result["cases"]] == [True, False]
    known = follow(game="claim", lead="goblin:3", follow="dwarf:5", hand=["goblin:0"], hand_known=False)
    assert known["status"] == "illegal" and len(known["cases"]) == 1


@pytest.mark.rules("claim.phase1.winner-takes-revealed")
def test_phase_one_needs_the_revealed_card_and_the_winner_takes_it() -> None:
    assert follow(game="claim", lead="goblin:3", follow="goblin:5", phase=1)["status"] == "malformed"
    result = follow(game="claim", lead="goblin:3", follow="goblin:5", phase=1, revealed="undead:4")
    assert result["status"] == "legal"
    lines = result["cases"][0]["explanation"]
    assert any("undead 4" in line and "claim.phase1.winner-takes-revealed" in line for line in lines)
    assert not any("loser-draws" in line for line in lines)  # the stand-in deck card is not reported


@pytest.mark.rules("claim2.follow-suit", "claim2.trick-winner")
def test_claim2_follow_cites_claim2_rules_in_hungarian() -> None:
    result = follow(game="claim2", lead="gnome:3", follow="giant:5", hand=["troll:2"], lang="hu")
    assert result["status"] == "legal"
    assert result["cases"][0]["takes"] == "leader"
    assert "claim2.trick-winner" in [r["id"] for r in result["rules"]]


def test_combined_follow_takes_the_deck_of_the_variant() -> None:
    variant = {"players": 2, "factions": ["knight", "goblin", "dragon", "seer", "troll"]}
    assert follow(game="claim-combined", lead="dragon:3", follow="seer:2", hand=["troll:1"],
                  variant=variant)["status"] == "legal"
    bad = follow(game="claim-combined", lead="dragon:3", follow="undead:2", variant=variant)
    assert bad["status"] == "malformed" and "undead:2" in bad["error"]
    half = follow(game="claim-combined", lead="dragon:3", follow="seer:2",
                  variant={"players": 2, "factions": ["knight"]})
    assert half["status"] == "malformed" and "claim-combined.deck.pair" in half["error"]


@pytest.mark.parametrize("kwargs, fragment", [
    ({"lead": "goblin:12", "follow": "goblin:1"}, "value must be a digit"),
    ({"lead": "orc:1", "follow": "goblin:1"}, "unknown faction"),
    ({"lead": "gnome:1", "follow": "goblin:1"}, "not in the deck of claim"),
    ({"lead": "goblin:1", "follow": "goblin:1", "hand": ["goblin:1", "goblin:1"]}, "entered too often"),
    ({"lead": "goblin:1", "follow": "goblin:2", "phase": 3}, "phase must be 1 or 2"),
])
def test_impossible_cards_get_a_malformed_verdict(kwargs: dict[str, Any], fragment: str) -> None:
    result = follow(game="claim", **kwargs)
    assert result["status"] == "malformed"
    assert fragment in result["error"]


# --------------------------------------------------------------------------- Leaders

CAPTURE = {"pieces": [{"owner": 0, "character": "leader", "cell": [0, 3]},
                      {"owner": 1, "character": "leader", "cell": [0, -3]},
                      {"owner": 0, "character": "royal-guard", "cell": [1, -3]},
                      {"owner": 0, "character": "bruiser", "cell": [0, -1]}], "to_move": 0, "phase": "actions"}


@pytest.mark.rules("leaders.end.captured")
def test_a_leaders_move_that_captures_ends_the_game() -> None:
    action = panel("leaders", "tap_action", seat=0, piece=[0, -1], ability="move", cells=[[0, -2]])["action"]
    assert action == {"seat": 0, "piece": [0, -1], "move": [[0, -2]]}
    result = panel("leaders", "action", position=CAPTURE, action=action)
    assert result["status"] == "legal"
    assert result["json"]["result"] == {"lost": [1], "winners": [0]}
    assert "leaders.end.captured" in [r["id"] for r in result["rules"]]


@pytest.mark.rules("leaders.jailer")
def test_the_disputed_jailer_record_and_its_taps_agree() -> None:
    record = json.loads((ROOT / "examples/leaders/disputed-jailer.json").read_text(encoding="utf-8"))
    action = panel("leaders", "tap_action", seat=0, piece=[0, 0], ability="rider", cells=[[-2, 0]])["action"]
    assert action == record["actions"][1]
    result = panel("leaders", "action", position=record["position"], action=action, lang="cs")
    assert result["status"] == "illegal"
    assert result["json"]["illegal"]["rules"] == ["leaders.jailer"]


@pytest.mark.parametrize("ability, cells, expected", [
    ("bruiser", [[1, 0], [2, 0]], {"target": [1, 0], "to": [2, 0]}),
    ("acrobat", [[0, 2]], {"path": [[0, 2]]}),
    ("claw-launcher", [[0, 2]], {"target": [0, 2], "pull": True}),
    ("rider", [[0, 1], [0, 2]], {"path": [[0, 1], [0, 2]]}),
])
def test_taps_become_the_action_json_the_engine_reads(ability: str, cells: list[Any],
                                                      expected: dict[str, Any]) -> None:
    from rules.leaders.game import LEADERS

    action = panel("leaders", "tap_action", seat=0, piece=[0, 0], ability=ability, cells=cells, pull=True)["action"]
    assert action == {"seat": 0, "piece": [0, 0], "ability": ability, **expected}
    LEADERS.action_from_json(action)  # well-formed for the engine (legality is the engine's)


def test_a_board_without_a_leader_gets_the_malformed_verdict() -> None:
    pieces = [p for p in CAPTURE["pieces"] if p["character"] != "leader" or p["owner"] != 1]
    result = panel("leaders", "action", position={**CAPTURE, "pieces": pieces},
                   action={"seat": 0, "piece": [0, -1], "move": [[0, -2]]})
    assert result["status"] == "malformed"
    assert "seat 1 has no leader" in result["json"]["error"]


def test_wins_equals_the_cli(tmp_path: Path) -> None:
    path = ROOT / "examples/leaders/win-this-phase.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for lang in ("en", "cs"):
        result = panel("leaders", "wins", position=data, lang=lang)
        text = cli("leaders", "wins", "--lang", lang, str(path)).stdout
        assert result["text"] == text
        as_json = json.loads(cli("leaders", "wins", "--json", str(path)).stdout)
        assert result["json"] == as_json and as_json["status"] == "win"
    assert panel("leaders", "wins", position={"pieces": []})["status"] == "malformed"


def test_rule_lookup_gives_both_languages() -> None:
    found = api.rule("claim.follow-suit")
    assert found["found"] and set(found["title"]) == {"cs", "en"} and set(found["text"]) == {"cs", "en"}
    assert api.rule("claim.nope")["found"] is False


# --------------------------------------------------------------------------- Valeria


def harvest(**kwargs: Any) -> dict[str, Any]:
    return panel("valeria", "harvest", **kwargs)


def payment(**kwargs: Any) -> dict[str, Any]:
    return panel("valeria", "payment", **kwargs)


def cited(result: dict[str, Any]) -> list[str]:
    return [r["id"] for r in result["rules"]]


def test_valeria_cards_come_from_the_card_data() -> None:
    from rules.valeria.data import index

    ix = index()
    cards = panel("valeria", "cards")
    assert [[c["id"] for c in stack] for stack in cards["stacks"]] == [list(s) for s in ix.stack_kinds]
    assert {m["id"] for m in cards["monsters"]} == {m.id for m in ix.cards.monsters}  # the base game's
    assert {d["id"] for d in cards["domains"]} == set(ix.domains)
    archer = next(c for s in cards["stacks"] for c in s if c["id"] == "archer")
    assert archer["activation"] == [4] and archer["cost"] == ix.citizens["archer"].cost
    assert archer["name"] == {"cs": "Zbojnice", "en": "Archer"}


@pytest.mark.rules("valeria.harvest.doubles", "valeria.harvest.each-copy", "valeria.herald.doubles",
                   "valeria.herald.twice")
def test_the_rulebooks_doubles_example() -> None:
    """valeria.harvest.doubles' example: three Archers and two 4s activate six times; the
    Herald once for the active seat (doubles), twice for a seat whose cards did not activate."""
    result = harvest(dice=[4, 4], seats=[{"citizens": {"archer": 3}}, {"citizens": {"cleric": 1, "merchant": 1}}],
                     active=0)
    assert result["status"] == "ok" and result["values"] == [4, 8] and result["doubles"]
    mine, other = result["seats"]
    assert [(c["card"], c["copies"], c["times"]) for c in mine["cards"]] == [("archer", 3, 6)]
    assert (mine["side"], other["side"]) == ("left", "right")
    assert (mine["herald"], other["herald"]) == (1, 2) and other["cards"] == []
    assert mine["gains"] == {"gold": 0, "strength": 12, "magic": 0}  # 2 strength (left effect) six times
    assert {"valeria.harvest.doubles", "valeria.herald.doubles", "valeria.herald.twice"} <= set(cited(result))


@pytest.mark.rules("valeria.harvest.doubles", "valeria.roll.activation-values", "valeria.harvest.two-effects")
def test_doubles_activate_die_matches_twice_and_the_sum_once() -> None:
    """Ruling O5: on 4 and 4 a card of 4 activates twice (once per die), a card of 8 once;
    the active seat uses the left effects, the others the right ones."""
    from rules.valeria.data import index
    from rules.valeria.pictures import effects_text

    ix = index()
    result = harvest(dice=[4, 4], seats=[{"citizens": {"wizard": 1, "champion": 1}},
                                         {"citizens": {"wizard": 1, "champion": 2}}], active=1)
    times = [{c["card"]: c["times"] for c in s["cards"]} for s in result["seats"]]
    assert times == [{"wizard": 2, "champion": 1}, {"wizard": 2, "champion": 2}]
    passive, active = result["seats"]
    assert passive["side"] == "right" and active["side"] == "left"
    wizard = ix.citizens["wizard"]
    assert passive["cards"][0]["effect"]["en"] == effects_text(wizard.off_turn).get("en")
    assert active["cards"][0]["effect"]["en"] == effects_text(wizard.on_turn).get("en")
    plain = harvest(dice=[3, 5], seats=[{"citizens": {"champion": 1}}, {}])
    assert plain["values"] == [3, 5, 8] and not plain["doubles"]
    assert "valeria.harvest.doubles" not in cited(plain)
    assert [(c["card"], c["times"]) for c in plain["seats"][0]["cards"]] == [("starter-peasant", 1), ("champion", 1)]


@pytest.mark.rules("valeria.harvest.thief-first")
def test_the_active_thief_is_resolved_first() -> None:
    result = harvest(dice=[3, 4], seats=[{"citizens": {"thief": 1}}, {"citizens": {"thief": 1}}], active=0)
    mine, other = result["seats"]
    assert mine["cards"][0]["card"] == "thief" and mine["cards"][0]["thief_first"]
    assert other["cards"][0]["card"] == "thief" and not other["cards"][0]["thief_first"]
    assert "valeria.harvest.thief-first" in cited(result)


@pytest.mark.parametrize("kwargs, fragment", [
    ({"dice": [7, 1], "seats": [{}, {}]}, "action 1 (index 0): dice[0]: 7 is above the maximum 6"),  # the CLI's words
    ({"dice": [0, 1], "seats": [{}, {}]}, "action 1 (index 0): dice[0]: 0 is below the minimum 1"),
    ({"dice": [1], "seats": [{}, {}]}, "action 1 (index 0)"),
    ({"dice": [1, 2], "seats": [{}]}, "2 to 4 seats"),
    ({"dice": [1, 2], "seats": [{}, {}], "active": 2}, "the active seat is one of 0..1"),
    ({"dice": [1, 2], "seats": [{"citizens": {"priest": 1}}, {}]}, "unknown citizen 'priest'"),
    ({"dice": [1, 2], "seats": [{"citizens": {"starter-peasant": 1}}, {}]}, "every seat has the starters"),
    ({"dice": [1, 2], "seats": [{"citizens": {"rogue": 1}}, {"citizens": {"thief": 1}}]}, "share a center stack"),
    ({"dice": [1, 2], "seats": [{"citizens": {"archer": 3}}, {"citizens": {"archer": 3}}]}, "the game has 5"),
    ({"dice": [1, 2], "seats": [{"citizens": {"archer": -1}}, {}]}, "whole numbers"),
    ({"dice": [1, 2], "seats": [{"citizens": {"archer": "two"}}, {}]}, "whole numbers"),
    ({"dice": [1, 2], "seats": "two"}, "2 to 4 seats"),
    ({"dice": [1, 2], "seats": [{"citizens": {"warlord": False}}, {}]}, "copies of warlord must be whole numbers"),
    ({"dice": [1, 2], "seats": [{"domains": [["palace-of-the-dawn"]]}, {}]}, "domains must be a list of known"),
    ({"dice": [1, 2], "seats": [{"domains": [{}]}, {}]}, "domains must be a list of known"),
    ({"dice": [[1], 2], "seats": [{}, {}]}, "action 1 (index 0)"),
    ({"dice": [1, 2], "seats": [{}, {}], "lang": ["en"]}, "lang must be a string"),
    ({"dice": [1, 2], "seats": [{}, {}], "bogus": 1}, "unexpected keyword argument 'bogus'"),
])
def test_a_bad_roll_or_tableau_gets_a_malformed_verdict(kwargs: dict[str, Any], fragment: str) -> None:
    result = harvest(**kwargs)
    assert result["status"] == "malformed", result
    assert fragment in result["error"]


@pytest.mark.rules("valeria.recruit.cost-per-copy", "valeria.recruit.magic", "valeria.resources.magic-substitute")
def test_magic_substitutes_for_gold_with_at_least_one_gold() -> None:
    seats = [{"citizens": {"archer": 1}}, {}]
    legal = payment(cost="recruit", card="archer", pay={"gold": 2, "magic": 3}, seats=seats)
    assert legal["status"] == "legal" and legal["price"] == {"gold": 5}  # base 4 + the Archer owned
    assert {"valeria.recruit.cost-per-copy", "valeria.recruit.magic", "valeria.resources.magic-substitute"} \
        <= set(cited(legal))
    assert legal["action"] == {"seat": 0, "recruit": "archer", "pay": {"gold": 2, "magic": 3}}
    no_gold = payment(cost="recruit", card="archer", pay={"gold": 0, "magic": 5}, seats=seats)
    assert no_gold["status"] == "illegal"
    assert cited(no_gold) == ["valeria.recruit.magic", "valeria.resources.magic-substitute"]
    short = payment(cost="recruit", card="archer", pay={"gold": 4}, seats=seats)
    assert short["status"] == "illegal" and cited(short) == ["valeria.recruit.cost-per-copy"]
    strength = payment(cost="recruit", card="archer", pay={"gold": 4, "strength": 1}, seats=seats)
    assert strength["status"] == "illegal" and "never in strength" in strength["message"]
    poor = payment(cost="recruit", card="archer", pay={"gold": 2, "magic": 3}, seats=seats,
                   has={"gold": 1, "strength": 0, "magic": 9})
    assert poor["status"] == "illegal" and "not enough" in poor["message"]
    czech = payment(cost="recruit", card="archer", pay={"gold": 4}, seats=seats, lang="cs")
    assert "cena je 5" in czech["message"]


@pytest.mark.rules("valeria.cards.emerald-stronghold", "valeria.build.cost", "valeria.cards.pratchetts-plateau")
def test_the_active_seats_domains_change_the_price() -> None:
    seats = [{"citizens": {"archer": 1}, "domains": ["emerald-stronghold"]}, {}]
    assert payment(cost="recruit", card="archer", pay={"gold": 4}, seats=seats)["status"] == "legal"
    builder = {"citizens": {"merchant": 3, "archer": 2, "cleric": 2, "mercenary": 2}, "domains": ["pratchetts-plateau"]}
    from rules.valeria.data import index

    d = index().domains["grimmwater-keep"]
    result = payment(cost="build", card="grimmwater-keep", pay={"gold": d.cost - 1}, seats=[builder, {}])
    assert result["status"] == "legal" and result["price"] == {"gold": d.cost - 1}
    roles = payment(cost="build", card="grimmwater-keep", pay={"gold": d.cost}, seats=[{}, {}])
    assert roles["status"] == "illegal" and cited(roles) == ["valeria.build.requirements", "valeria.citizens.role-uses"]


@pytest.mark.rules("valeria.slay.pay-strength", "valeria.slay.magic-cost")
def test_a_monsters_magic_cost_is_paid_in_magic() -> None:
    from rules.valeria.data import index

    cube = index().monsters["gelatinous-cube"]
    exact = payment(cost="slay", card="gelatinous-cube", pay={"strength": cube.strength, "magic": cube.magic})
    assert exact["status"] == "legal" and exact["price"] == {"strength": cube.strength, "magic": cube.magic}
    substituted = payment(cost="slay", card="gelatinous-cube", pay={"strength": 1, "magic": cube.strength + cube.magic - 1})
    assert substituted["status"] == "legal" and "valeria.resources.magic-substitute" in cited(substituted)
    no_magic = payment(cost="slay", card="gelatinous-cube", pay={"strength": cube.strength + cube.magic})
    assert no_magic["status"] == "illegal" and cited(no_magic) == ["valeria.slay.pay-strength", "valeria.slay.magic-cost"]
    gold = payment(cost="slay", card="gelatinous-cube", pay={"strength": cube.strength, "gold": cube.magic})
    assert gold["status"] == "illegal" and "gold pays no part of a monster" in gold["message"]


PAYMENT_DISPUTES = ["disputed-cube-gold.json", "disputed-cube-magic.json", "disputed-price.json",
                    "disputed-starter-role.json"]


@pytest.mark.parametrize("name", PAYMENT_DISPUTES)
def test_a_bundled_payment_dispute_gets_the_records_verdict(name: str) -> None:
    """Replay a bundled Valeria record to its disputed action, enter the table as it stands
    (every seat's citizens and domains, the active seat's resources) and the disputed payment:
    the panel's verdict names the rules and says what ``rules adjudicate`` says."""
    from rules.kernel.records import parse_record, starting_state

    data = json.loads((ROOT / "examples/valeria" / name).read_text(encoding="utf-8"))
    game = rules.games.load("valeria")
    record = parse_record(data, rules.games.load, where=name)
    expected = api.adjudicate(json.dumps(data), "en", name=name)["json"]["illegal"]
    state = starting_state(game, record)
    for action in record.actions[:expected["index"]]:
        state = game.apply(state, action)
    disputed = expected["action"]
    cost = next(k for k in ("recruit", "slay", "build") if k in disputed)
    card = disputed[cost]
    if cost == "slay":
        card = state.monsters[state.areas.index(card)][0]
    seats = [{"citizens": {k: n for k, n in zip(state.citizen_kinds, s.citizens, strict=True) if n},
              "domains": list(s.domains)} for s in state.seats]
    me = state.seats[state.active]
    result = payment(cost=cost, card=card, pay=disputed["pay"], seats=seats, active=state.active,
                     has={"gold": me.gold, "strength": me.strength, "magic": me.magic})
    assert result["status"] == "illegal"
    assert cited(result) == expected["rules"]
    assert result["message"] == expected["message"]


@pytest.mark.parametrize("kwargs, fragment", [
    ({"cost": "recruit", "card": "nobody", "pay": {"gold": 1}}, "unknown citizen 'nobody'"),
    ({"cost": "slay", "card": "dragon-of-nothing", "pay": {"strength": 1}}, "unknown monster"),
    ({"cost": "build", "card": "archer", "pay": {"gold": 1}}, "unknown domain 'archer'"),
    ({"cost": "steal", "card": "archer", "pay": {"gold": 1}}, "recruit, slay or build"),
    ({"cost": "recruit", "card": "archer", "pay": {"gold": -1}}, "action 1 (index 0)"),  # the schema's words, as the CLI's
    ({"cost": "slay", "card": "goblin", "pay": {"strength": 1, "magic": -2}}, "action 1 (index 0)"),
    ({"cost": "recruit", "card": "archer", "pay": {"gold": 1.5}}, "action 1 (index 0)"),
    ({"cost": "recruit", "card": "archer", "pay": {}}, "action 1 (index 0)"),
    ({"cost": "recruit", "card": "archer", "pay": {"gold": 5, "vp": 0}}, "action 1 (index 0)"),
    ({"cost": "recruit", "card": "archer", "pay": "5 gold"}, "the payment is an object"),
    ({"cost": ["recruit"], "card": "archer", "pay": {"gold": 5}}, "cost must be a string"),
    ({"cost": "build", "card": {"id": "grimmwater-keep"}, "pay": {"gold": 5}}, "card must be a string"),
    ({"cost": "recruit", "card": "archer", "pay": {"gold": 5}, "seats": [{"domains": [[]]}, {}]},
     "domains must be a list of known"),
    ({"cost": "recruit", "card": "archer", "pay": {"gold": 5}, "has": {"gold": -1}}, "whole number 0..999"),
    ({"cost": "recruit", "card": "wizard", "pay": {"gold": 5}, "seats": [{"citizens": {"archer": 1}}, {}]},
     "share a center stack"),
])
def test_a_bad_payment_gets_a_malformed_verdict(kwargs: dict[str, Any], fragment: str) -> None:
    result = payment(**kwargs)
    assert result["status"] == "malformed", result
    assert fragment in result["error"]


@pytest.mark.parametrize("pay", [{}, {"gold": 2, "vp": 0}, {"gold": -1}, {"gold": 1.5}, {"gold": "2"},
                                 {"gold": 2, "strength": True}])
def test_a_payment_the_cli_refuses_the_pane_refuses_in_the_same_words(pay: dict[str, Any]) -> None:
    """Same input, same answer (issue 18 §5): the pane's payment is the action a record holds,
    read through the same schema, so its error is the one ``rules adjudicate`` prints."""
    data = json.loads((ROOT / "examples/valeria/disputed-price.json").read_text(encoding="utf-8"))
    action = {"seat": 0, "recruit": "archer", "pay": pay}
    record = {**data, "actions": [action]}
    expected = api.adjudicate(json.dumps(record), "en", name="record")
    assert expected["status"] == "malformed", expected
    result = payment(cost="recruit", card="archer", pay=pay)
    assert result["status"] == "malformed", result
    assert expected["json"]["error"] == f"record: {result['error']}"
