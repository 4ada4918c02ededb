"""Every bundled record keeps its verdict and validates against the published
schema (assembled from the games' fragments, checked by ``jsonschema``); random
records of every game validate too; the README's Python example runs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules import games
from rules.kernel.records import adjudicate, parse_record, read_json
from rules.kernel.schema import assemble, schema_errors
from rules.kernel.simulate import random_record

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SCHEMA = assemble(games.load_all())


def errors(data: Any, schema: dict[str, Any]) -> list[str]:
    return schema_errors(schema, data)

#: examples/<dir>/<file> -> (legal, finished, rules of the first illegal action)
EXPECTED: dict[str, tuple[bool, bool, tuple[str, ...] | None]] = {
    "claim/disputed-doppelganger.json": (True, False, None),
    "claim/disputed-knight.json": (False, False, ("claim.follow-suit", "claim.knights.follow-suit")),
    "claim/knight-beats-goblin.json": (True, False, None),
    "claim/full-game.json": (True, True, None),
    "claim2/disputed-crush.json": (False, False, ("claim2.giants", "claim2.giants.no-gnome")),
    "claim2/dragons-1.json": (True, False, None),
    "claim2/dragons-2.json": (True, False, None),
    "claim2/giants-1.json": (True, False, None),
    "claim2/giants-2.json": (True, False, None),
    "claim2/giants-3.json": (True, False, None),
    "claim-combined/three-players.json": (True, True, None),
    "claim-combined/four-players.json": (True, True, None),
    "leaders/disputed-jailer.json": (False, False, ("leaders.jailer",)),
    "leaders/full-game.json": (True, True, None),
    "leaders/win-this-phase.json": (True, False, None),
    "valeria/full-game.json": (True, True, None),
    "valeria/four-players.json": (True, True, None),
    "valeria/five-players.json": (True, True, None),
    "valeria/random-citizens.json": (True, True, None),
    "valeria/disputed-resting-thief.json": (False, False, ("valeria.variants.five-players.resting-immune",)),
    "valeria/disputed-price.json": (False, False, ("valeria.recruit.cost-per-copy",)),
    "valeria/disputed-starter-role.json": (False, False, ("valeria.build.requirements", "valeria.citizens.role-uses")),
    "valeria/disputed-herald-doubles.json": (False, False, ("valeria.harvest.any-order", "valeria.herald.doubles")),
    "valeria/disputed-cube-magic.json": (False, False, ("valeria.slay.pay-strength", "valeria.slay.magic-cost")),
    "valeria/disputed-cube-gold.json": (False, False, ("valeria.slay.magic-cost", "valeria.slay.pay-strength")),
    "valeria/disputed-duke-per-type.json": (True, True, None),
    "valeria/monster-events.json": (True, True, None),
    "valeria/disputed-event-doubles.json": (False, False, ("valeria.variants.events.trigger",)),
    "valeria/solo-win.json": (True, True, None),
    "valeria/solo-loss.json": (True, True, None),
}
VARIANTS = (
    None,
    {"players": 2, "factions": ["gnome", "giant", "undead", "dwarf", "seer"]},
    {"players": 3, "factions": ["knight", "goblin", "undead", "dwarf", "doppelganger", "dragon", "seer"]},
    {"players": 4, "factions": ["gnome", "giant", "dwarf", "doppelganger", "dragon", "troll", "seer"]},
)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bundled_records(name: str) -> None:
    path = EXAMPLES / name
    record = parse_record(read_json(path), games.load, where=str(path))
    verdict = adjudicate(games.load(record.game), record)
    legal, finished, rules = EXPECTED[name]
    assert (verdict.legal, verdict.finished) == (legal, finished)
    assert (verdict.illegal.violation.rules if verdict.illegal else None) == rules
    if not legal:
        assert verdict.illegal is not None and verdict.illegal.index == len(record.actions) - 1


def test_every_example_is_listed() -> None:
    assert {p.relative_to(EXAMPLES).as_posix() for p in EXAMPLES.glob("*/*.json")} == set(EXPECTED)


@pytest.mark.rules("valeria.dukes.resources", "valeria.scoring.winner")
def test_the_disputed_duke_example_scores_the_summed_resources(capsys: pytest.CaptureFixture[str]) -> None:
    """The comment of valeria/disputed-duke-per-type.json claims a per-type duke score that
    changes the winner; the verdict's scoring and `rules valeria score` use the summed formula."""
    from rules.cli import main
    from rules.valeria.data import index
    from rules.valeria.game import VALERIA

    path = EXAMPLES / "valeria" / "disputed-duke-per-type.json"
    data = read_json(path)
    record = parse_record(data, games.load, where=str(path))
    verdict = adjudicate(VALERIA, record)
    assert verdict.result is not None
    state = VALERIA.initial_state(record.setup)
    for a in record.actions:
        state = VALERIA.apply(state, a)
    claimed = []
    for i, s in enumerate(state.seats):
        assert s.duke is not None
        per = index().dukes[s.duke].resources_per_vp
        row = verdict.result.details["scores"][i]
        summed, by_type = (s.gold + s.strength + s.magic) // per, s.gold // per + s.strength // per + s.magic // per
        assert f"summed ({s.gold} + {s.strength} + {s.magic}) // {per} = {summed}" in data["comment"]
        assert f"claimed {s.gold}//{per} + {s.strength}//{per} + {s.magic}//{per} = {by_type}" in data["comment"]
        claimed.append(row["total"] - summed + by_type)
    totals = [row["total"] for row in verdict.result.details["scores"]]
    assert totals != claimed and f"with totals {', '.join(map(str, claimed))}" in data["comment"]
    assert f"seat(s) {', '.join(map(str, verdict.result.winners))} win(s)" in data["comment"]
    assert main(["valeria", "score", str(path)]) == 0
    out = capsys.readouterr().out
    s0 = state.seats[0]
    assert f"⌊({s0.gold} + {s0.strength} + {s0.magic}) / " in out


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bundled_records_match_the_schema(name: str) -> None:
    assert errors(json.loads((EXAMPLES / name).read_text(encoding="utf-8")), SCHEMA) == []


@pytest.mark.parametrize("key", ["claim", "claim2", "leaders"])
def test_random_records_match_the_schema(key: str) -> None:
    for seed in range(3):
        assert errors(random_record(games.load(key), seed), SCHEMA) == []


@pytest.mark.parametrize("variant", VARIANTS[1:], ids=lambda v: f"{v['players']}p")
def test_random_combined_records_match_the_schema(variant: dict[str, Any]) -> None:
    data = random_record(games.load("claim-combined"), 5, variant=variant)
    assert data["variant"]["players"] == variant["players"]
    assert sorted(data["variant"]["factions"]) == sorted(variant["factions"])  # stored in faction order
    assert errors(data, SCHEMA) == []


@pytest.mark.parametrize("broken, complaint", [
    ({"game": "chess"}, "is not one of"),
    ({"setup": None, "position": None}, "either a 'setup' or a 'position'"),
    ({"actions": [{"seat": 0, "play": "knight:1"}]}, "is not valid: faction:value"),
    ({"actions": [{"seat": 0, "play": "gnome:2"}]}, "is not valid: faction:value"),
    ({"actions": [{"seat": 0, "play": "goblin:3", "take": "deck"}]}, "unknown field(s): \"take\""),
    ({"actions": [{"seat": 2, "play": "goblin:3"}]}, "seat: 2 is not one of 0, 1"),
    ({"variant": {"players": 5}}, "has no variants"),
])
def test_the_schema_rejects_what_the_loader_rejects(broken: dict[str, Any], complaint: str) -> None:
    data = json.loads((EXAMPLES / "claim" / "disputed-knight.json").read_text(encoding="utf-8"))
    for key, value in broken.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    found = errors(data, SCHEMA)
    assert any(complaint in e for e in found), found


def test_the_schema_describes_each_game_of_the_registry() -> None:
    assert set(SCHEMA["properties"]["game"]["enum"]) == set(games.GAMES)


def test_readme_python_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's Python example runs from a checkout and says what it gets."""
    monkeypatch.chdir(ROOT)  # the example reads a bundled record by its path in the checkout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", readme, re.S)
    namespace: dict[str, Any] = {}
    exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["state"] is not None
    assert namespace["verdict"].illegal.violation.rules == ("claim.follow-suit", "claim.knights.follow-suit")
    assert namespace["valeria"].info.parameters.describe().startswith('{"players": 1 | 2 | 3 | 4 | 5, "random_citizens"')
