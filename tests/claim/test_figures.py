"""The worked examples of the Claim 2 book, drawn and replayed with the engine.

Every ``figure`` of ``spec/claim2.toml`` must draw and agree with what the
engine decides (winner, crushed Gnomes, next leader); a figure that states
something else must be reported as a problem, and a malformed one refused.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from rules.claim.cards import Card
from rules.claim.figures import figure_outcome, figure_svg, parse_figure
from rules.claim.game import claim_game
from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError

SVG = "{http://www.w3.org/2000/svg}"


def _figures() -> list[Any]:
    spec = load_spec()
    out = []
    for book in spec.books:
        if book.game not in ("claim", "claim2"):
            continue  # other games draw their own figures
        for rule in book.rules:
            for i, a in enumerate(rule.annotations):
                if a.figure and "lead" not in a.figure:  # Claim's two-player tricks: rules.claim.pictures
                    out.append(pytest.param(a.figure, id=f"{rule.id}#{i + 1}", marks=pytest.mark.rules(rule.id)))
    return out


FIGURES = _figures()
GIANTS_1 = {"phase": 2, "leader": "A", "plays": ["giant:3", "giant:5"], "winner": "B",
            "gnomes": {"A": ["gnome:3", "gnome:3", "gnome:7"]}, "crush": ["gnome:3"], "next_leader": "B"}


def test_the_book_has_its_five_worked_examples() -> None:
    assert len(FIGURES) >= 5


@pytest.mark.parametrize("figure", FIGURES)
def test_every_figure_agrees_with_the_engine(figure: Any) -> None:
    original = copy.deepcopy(figure)
    outcome = figure_outcome(figure, claim_game)
    assert outcome.problems == (), outcome.problems
    assert outcome.trick is not None and outcome.rules
    assert set(outcome.caption.languages) >= {"hu", "en"}
    assert figure == original  # nothing the caller passed is mutated


@pytest.mark.parametrize("figure", FIGURES)
def test_every_figure_draws(figure: Any) -> None:
    svg = figure_svg(figure, claim_game)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None
    assert not [e for e in root.iter() if "id" in e.attrib]  # many pictures share a page
    texts = " ".join(e.text or "" for e in root.iter(f"{SVG}text"))
    fig = parse_figure(figure)
    for c in fig.plays:
        assert c.faction.key.capitalize() in texts and str(c.value) in texts
    assert "takes the trick" in texts and "leads the next trick" in texts


@pytest.mark.rules("claim2.giants", "claim2.phase2.giants-crush")
def test_giants_example_1_crushes_one_gnome_and_strikes_it_out() -> None:
    outcome = figure_outcome(GIANTS_1, claim_game)
    assert outcome.crushed == ((0, Card.parse("gnome:3")),)
    assert "B crushes A's Gnome 3" in outcome.caption.get("en") and "eltiporja" in outcome.caption.get("hu")
    svg = figure_svg(GIANTS_1, claim_game)
    assert svg.count('stroke="#c0392b"') == 2  # one crossed-out Gnome: two strokes
    assert svg.count('opacity="0.55"') == 1


@pytest.mark.rules("claim2.giants")
def test_a_wrong_winner_is_a_problem() -> None:
    problems = figure_outcome({**GIANTS_1, "winner": "A"}, claim_game).problems
    assert any("the figure says A wins, the engine gives the trick to B" in p for p in problems)


@pytest.mark.rules("claim2.dragons")
def test_a_wrong_next_leader_is_a_problem() -> None:
    fig = {"phase": 2, "leader": "A", "plays": ["dragon:7", "dragon:3"], "winner": "A", "next_leader": "A"}
    assert figure_outcome(fig, claim_game).problems == ("the figure says A leads next, the engine says B",)


@pytest.mark.rules("claim2.giants", "claim2.giants.no-gnome")
def test_a_crush_the_engine_does_not_offer_is_a_problem() -> None:
    fig = {"phase": 2, "leader": "A", "plays": ["giant:5", "dragon:4"], "winner": "A", "crush": ["gnome:5"],
           "next_leader": "B"}
    (problem,) = figure_outcome(fig, claim_game).problems
    assert "offers the winner no crush" in problem


@pytest.mark.rules("claim2.giants")
def test_crushing_a_gnome_of_another_value_is_refused() -> None:
    (problem,) = figure_outcome({**GIANTS_1, "crush": ["gnome:7"]}, claim_game).problems
    assert problem.startswith("the engine refuses the crush of gnome:7")


@pytest.mark.rules("claim.knights", "claim-combined.two-players")
def test_a_two_player_figure_with_claim_factions_is_a_custom_deck() -> None:
    """Knights are not Claim 2 cards: the trick is replayed in a two-player combined game."""
    fig = {"phase": 2, "leader": "A", "plays": ["goblin:9", "knight:2"], "winner": "B", "next_leader": "B"}
    outcome = figure_outcome(fig, claim_game)
    assert outcome.problems == () and "claim.knights" in outcome.rules
    assert figure_outcome({**fig, "winner": "A"}, claim_game).problems


@pytest.mark.rules("claim2.giants.multiplayer", "claim2.giants.multiplayer.not-own-team",
                   "claim-combined.four-players.teams")
def test_a_four_player_figure_crushes_every_opponent_automatically() -> None:
    fig = {"phase": 2, "leader": "A", "plays": ["giant:3", "giant:7", "dwarf:2", "troll:1"], "winner": "B",
           "gnomes": {"A": ["gnome:3"], "C": ["gnome:7"], "D": ["gnome:3"]},
           "crush": {"A": ["gnome:3"], "C": ["gnome:7"]}, "next_leader": "B"}
    outcome = figure_outcome(fig, claim_game)
    assert outcome.problems == (), outcome.problems  # D is B's partner: spared
    assert sorted(outcome.crushed) == [(0, Card.parse("gnome:3")), (2, Card.parse("gnome:7"))]
    wrong = figure_outcome({**fig, "crush": {"A": ["gnome:3"]}}, claim_game).problems
    assert wrong and "the engine crushes" in wrong[0]
    assert "claim2.giants.multiplayer" in outcome.rules and "claim.dwarves.multiplayer" in outcome.rules


@pytest.mark.rules("claim2.trolls", "claim2.trolls.waiting")
def test_a_figure_with_waiting_trolls() -> None:
    fig = {"phase": 2, "leader": "B", "plays": ["troll:2", "troll:6"], "winner": "A", "trolls": ["troll:9"],
           "next_leader": "A"}
    outcome = figure_outcome(fig, claim_game)
    assert outcome.problems == () and "claim2.trolls.waiting" in outcome.rules
    assert "Trolls waiting: Troll 9" in outcome.caption.get("en")


@pytest.mark.parametrize("figure, message", [
    ("giant:3", "must be a table"),
    ({**GIANTS_1, "colour": "red"}, "unknown field(s) colour"),
    ({**GIANTS_1, "phase": 3}, "figure.phase must be 1 or 2"),
    ({**GIANTS_1, "plays": ["giant:3"]}, "2 to 4"),
    ({**GIANTS_1, "plays": ["giant:3", "giant:11"]}, "figure.plays[1]"),
    ({**GIANTS_1, "leader": "C"}, "figure.leader must be one of A, B"),
    ({**GIANTS_1, "gnomes": {"A": ["giant:3"]}}, "Gnomes only"),
    ({**GIANTS_1, "gnomes": {"E": ["gnome:3"]}}, "figure.gnomes key"),
    ({**GIANTS_1, "crush": "gnome:3"}, "figure.crush must be a list"),
    ({**GIANTS_1, "gnomes": {"A": ["gnome:9", "gnome:9"]}}, "fewer copies of gnome:9"),
    ({**GIANTS_1, "plays": ["giant:3", "knight:5"]}, "not both"),
    ({"phase": 1, "leader": "A", "plays": ["seer:3", "seer:5"], "gnomes": {"A": ["gnome:3"]}}, "only in phase two"),
])
def test_malformed_figures_are_refused(figure: Any, message: str) -> None:
    with pytest.raises(MalformedError, match=None) as exc:
        figure_outcome(figure, claim_game)
    assert message in str(exc.value)
    with pytest.raises(MalformedError):
        figure_svg(figure, claim_game)


@pytest.mark.rules("claim2.dragons", "claim-combined.phase1.winner-chooses")
def test_a_phase_one_figure_with_three_players() -> None:
    fig = {"phase": 1, "leader": "C", "plays": ["seer:4", "dragon:2", "seer:8"], "winner": "B",
           "next_leader": "A"}
    outcome = figure_outcome(fig, claim_game)
    assert outcome.problems == (), outcome.problems
    assert "C leads Seer 4, then A plays Dragon 2, B plays Seer 8." in outcome.caption.get("en")
    ET.fromstring(figure_svg(fig, claim_game))
