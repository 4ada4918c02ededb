"""Every bundled record keeps its verdict, validates against the published
schema's shape, and the README's Python example runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules import games
from rules.kernel.records import adjudicate, parse_record, read_json

ROOT = Path(__file__).resolve().parents[1]
EXPECTED = {
    "disputed-doppelganger.json": (True, False, None),
    "disputed-knight.json": (False, False, ("claim.follow-suit", "claim.knights.follow-suit")),
    "knight-beats-goblin.json": (True, False, None),
    "full-game.json": (True, True, None),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bundled_claim_records(name: str) -> None:
    path = ROOT / "examples" / "claim" / name
    record = parse_record(read_json(path), games.load, where=str(path))
    verdict = adjudicate(games.load(record.game), record)
    legal, finished, rules = EXPECTED[name]
    assert (verdict.legal, verdict.finished) == (legal, finished)
    assert (verdict.illegal.violation.rules if verdict.illegal else None) == rules
    if not legal:
        assert verdict.illegal is not None and verdict.illegal.index == len(record.actions) - 1


def test_every_example_is_listed() -> None:
    assert {p.name for p in (ROOT / "examples" / "claim").glob("*.json")} == set(EXPECTED)


def test_records_match_schema_patterns() -> None:
    """A dependency-free check of the schema's constraints on every bundled record."""
    schema = json.loads((ROOT / "rules" / "schemas" / "record.schema.json").read_text(encoding="utf-8"))
    card = re.compile(schema["$defs"]["claimCard"]["pattern"])
    for path in (ROOT / "examples" / "claim").glob("*.json"):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert set(record) <= set(schema["properties"]), path
        assert record["format"] == "rules-record/1"
        setup = record["setup"]
        assert [len(h) for h in setup["hands"]] == [13, 13] and len(setup["deck"]) == 26
        assert all(card.match(c) for c in setup["hands"][0] + setup["hands"][1] + setup["deck"])
        assert all(set(a) == {"seat", "play"} and card.match(a["play"]) for a in record["actions"])


def test_schema_rejects_what_the_loader_rejects() -> None:
    schema = json.loads((ROOT / "rules" / "schemas" / "record.schema.json").read_text(encoding="utf-8"))
    card = re.compile(schema["$defs"]["claimCard"]["pattern"])
    assert not card.match("knight:1") and not card.match("goblin:10") and not card.match("Goblin:3")


def test_readme_python_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```python\n(.*?)```", readme, re.S)
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    assert namespace["verdict"] is not None and namespace["state"] is not None
