"""Variants declared once (decision 0023): from one ``GameInfo.parameters`` declaration the
record schema's ``variant`` fragment, ``rules play/bench --variant`` (its check and its help),
the rulebook's variant table and the panels' option lists are generated.

The declaration here is constructed by the test (a game that declares none keeps its
hand-written fragment), laid over a real game object, so each generator is shown to read it.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from rules import games, rulebook
from rules.cli import main
from rules.kernel.parameters import Kind, Parameter, Parameters, Refusal
from rules.kernel.schema import assemble, validate_record
from rules.kernel.simulate import random_record
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError
from rules.web import api

KEY = "claim-combined"
FACTIONS = ("goblin", "knight", "undead", "dwarf", "doppelganger", "gnome", "giant", "dragon", "troll", "seer")
DECLARED = Parameters(
    (Parameter("players", Kind.INTEGER, Text.of(hu="játékosok száma", en="how many play"),
               ("claim-combined.multiplayer",), values=(2, 3, 4)),
     Parameter("factions", Kind.SUBSET, Text.of(hu="a pakli frakciói", en="the deck's factions"),
               ("claim-combined.two-players",), values=FACTIONS),
     Parameter("fast", Kind.BOOLEAN, Text.of(hu="gyors", en="a made-up switch of this test"),
               ("claim-combined.multiplayer",), default=False)),
    (Refusal({"players": 4, "fast": True}, ("claim-combined.multiplayer",), Text.of(hu="nem", en="not with four")),),
)


class Declaring:
    """A real game object whose ``info`` declares :data:`DECLARED` (everything else is the game's)."""

    def __init__(self, game: Any, parameters: Parameters) -> None:
        self._game = game
        self.info = attrs.evolve(game.info, parameters=parameters)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> Declaring:
    """:data:`KEY` as a game that declares its parameters, wherever the registry hands it out."""
    game = Declaring(games.load(KEY), DECLARED)
    load = games.load
    monkeypatch.setattr(games, "load", lambda key: game if key == KEY else load(key))
    monkeypatch.setattr(games, "load_all", lambda: {k: games.load(k) for k in games.GAMES})
    return game


def variant_clause(schema: dict[str, Any], key: str) -> dict[str, Any]:
    (clause,) = [c["then"] for c in schema["allOf"] if c["if"]["properties"]["game"]["const"] == key]
    return clause


# --------------------------------------------------------------------------- the record schema


def test_the_schemas_variant_is_the_declarations(declared: Declaring) -> None:
    then = variant_clause(assemble({KEY: declared}), KEY)
    assert then["properties"]["variant"] == DECLARED.schema()
    assert then["required"] == ["variant"]  # players and factions have no default: a record gives them
    record = random_record(games.load(KEY), 1, 0, None)  # a valid record of the game, then a bad variant
    validate_record(record, KEY, declared)
    record["variant"] = {"players": 5, "factions": []}
    with pytest.raises(MalformedError, match=r"^variant\.players: 5 is not one of 2, 3, 4$"):
        validate_record(record, KEY, declared)


def test_a_declaration_with_every_default_makes_the_variant_optional() -> None:
    optional = Parameters((Parameter("fast", Kind.BOOLEAN, Text.of(en="x"), ("claim-combined.multiplayer",),
                                     default=False),))
    then = variant_clause(assemble({KEY: Declaring(games.load(KEY), optional)}), KEY)
    assert then["properties"]["variant"] == optional.schema() and "required" not in then


def test_a_game_that_declares_nothing_keeps_its_fragments_variant() -> None:
    then = variant_clause(assemble({KEY: Declaring(games.load(KEY), Parameters())}), KEY)
    assert then["properties"]["variant"] == {"$ref": "#/$defs/claimVariant"} and then["required"] == ["variant"]
    claim = variant_clause(assemble({"claim": games.load("claim")}), "claim")
    assert {"not": {"required": ["variant"]}} in claim["allOf"]


# --------------------------------------------------------------------------- rules play / bench --variant


@pytest.mark.parametrize("variant, error", [
    ('{"players": 5}', 'variant.players: must be 2 | 3 | 4, not 5 (claim-combined.multiplayer)'),
    ('{"seats": 2}', "variant: unknown key 'seats'; the variant is {\"players\": 2 | 3 | 4, "),
    ('{"players": 4, "factions": [], "fast": true}', "variant: not with four (claim-combined.multiplayer)"),
])
@pytest.mark.parametrize("command", ["play", "bench"])
def test_play_and_bench_check_the_variant_against_the_declaration(declared: Declaring, capsys: pytest.CaptureFixture[str],
                                                                  command: str, variant: str, error: str) -> None:
    assert main([command, KEY, "--variant", variant]) == 2
    assert capsys.readouterr().err.startswith(f"rules: {error}")


@pytest.mark.parametrize("command", ["play", "bench"])
def test_the_help_lists_every_declared_parameter(declared: Declaring, capsys: pytest.CaptureFixture[str],
                                                 command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, "-h"])
    out = capsys.readouterr().out
    assert f"  {KEY}: {DECLARED.describe()}" in out
    assert "    players: how many play (claim-combined.multiplayer)" in out
    assert "    fast: a made-up switch of this test (claim-combined.multiplayer); default false" in out


def test_the_help_says_when_no_game_declares_parameters(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    silent = Declaring(games.load(KEY), Parameters())
    monkeypatch.setattr(games, "load_all", lambda: {KEY: silent})
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "(no game declares its parameters yet)" in capsys.readouterr().out


# --------------------------------------------------------------------------- the rulebook's variant table


def test_the_rulebook_tabulates_the_declaration(declared: Declaring) -> None:
    table = rulebook.variant_table(KEY, ("hu", "en"))
    assert table is not None and table.key == f"variants-{KEY}" and table.rule == "claim-combined.multiplayer"
    assert [c.get("en") for c in table.columns] == ["Parameter", "Values", "Default", "Description", "Rules"]
    rows = [[cell.get("en") for cell in row] for row in table.rows]
    assert rows == [
        ["players", "2 | 3 | 4", "—", "how many play", "claim-combined.multiplayer"],
        ["factions", "[" + " | ".join(f'"{f}"' for f in FACTIONS) + "]", "—", "the deck's factions",
         "claim-combined.two-players"],
        ["fast", "true | false", "false", "a made-up switch of this test", "claim-combined.multiplayer"],
        ["players = 4, fast = true", "refused", "—", "not with four", "claim-combined.multiplayer"],
    ]
    assert table.rows[0][3].get("hu") == "játékosok száma" and table.title.get("hu").startswith(
        games.load(KEY).info.name.get("hu"))
    # the combinations' chapter is in the Claim 2 book: its table is among that book's tables
    assert table in rulebook.tables("claim2", ("hu", "en"))


def test_a_game_without_a_declaration_has_no_variant_table() -> None:
    assert rulebook.variant_table("claim", ("cs", "en")) is None
    assert rulebook.variant_tables("leaders", ("cs", "en")) == ()


# --------------------------------------------------------------------------- the panels' option lists


def test_the_page_reads_the_declared_parameters(declared: Declaring) -> None:
    answer = json.loads(api.call("variant", json.dumps({"game": KEY})))
    factions = next(p for p in answer["parameters"] if p["name"] == "factions")
    assert factions["kind"] == "array" and factions["values"] == list(FACTIONS)
    assert [p["name"] for p in answer["parameters"]] == ["players", "factions", "fast"]
    assert json.loads(api.call("variant", json.dumps({"game": "claim"})))["parameters"] == []
