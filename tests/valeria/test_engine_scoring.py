"""Valeria engine: final scoring, dukes and the tie-break."""

from __future__ import annotations

import attrs
import pytest
from valeria_engine_helpers import started, with_seat

from rules.valeria import scoring
from rules.valeria.game import VALERIA
from rules.valeria.predicates import duke_resource_vp
from rules.valeria.state import OVER


def finished(state):
    return attrs.evolve(state, phase=OVER)


@pytest.mark.rules("valeria.dukes.resources", "valeria.resources.vp")
def test_duke_resources_are_summed_then_divided() -> None:
    assert duke_resource_vp(2, 2, 2, 3) == 2  # per type it would be 0 (ruling O1)
    assert duke_resource_vp(0, 0, 5, 2) == 2
    state = with_seat(started(), 0, gold=2, strength=2, magic=2, vp=9, duke="waryn-lord-of-rogues")
    sc = scoring.score(state, 0)
    assert sc.duke_resources == 2 and sc.board == 9


@pytest.mark.rules("valeria.scoring.total", "valeria.monsters.vp", "valeria.domains.vp",
                   "valeria.scoring.duke-icons", "valeria.dukes.role-icons")
def test_score_is_monsters_domains_board_and_duke_with_icons_on_citizens_and_domains() -> None:
    state = with_seat(started(), 0, gold=0, strength=0, magic=0, vp=4, duke="simon-the-unclean",
                      monsters=("goblin", "goblin-king"), domains=("blood-crow-army",),
                      citizens={"peasant": 2, "archer": 1})
    sc = scoring.score(state, 0)
    assert (sc.monsters, sc.domains, sc.board) == (1 + 4, 2, 4)
    # Simon: 1 per Worker icon (2 Peasants) + 1 per Soldier icon (1 Archer + 3 on Blood Crow Army)
    assert sc.duke == 2 + 4 and sc.total == 5 + 2 + 4 + 6


@pytest.mark.rules("valeria.cards.types")
def test_reese_counts_citizens_without_starters() -> None:
    state = with_seat(started(), 0, gold=0, strength=0, magic=0, duke="reese-the-firebrand",
                      citizens={"peasant": 1}, monsters=("goblin",), domains=("blood-crow-army",))
    assert scoring.score(state, 0).duke == 3


@pytest.mark.rules("valeria.scoring.winner", "valeria.scoring.tie")
def test_a_tie_goes_to_fewer_duchy_cards_then_is_shared() -> None:
    base = started()
    state = with_seat(base, 0, gold=0, strength=0, magic=0, vp=10, citizens={"peasant": 1})
    state = with_seat(state, 1, gold=0, strength=0, magic=0, vp=10, citizens={"peasant": 2})
    state = with_seat(state, 0, duke="cornelius-the-dreamer")
    state = with_seat(state, 1, duke="cornelius-the-dreamer")
    result = VALERIA.result(finished(state))
    assert result.winners == (0,)
    assert any("valeria.scoring.tie" in line.get("en") for line in result.lines)
    shared = with_seat(state, 1, citizens={"peasant": 1})
    assert VALERIA.result(finished(shared)).winners == (0, 1)
    more = with_seat(state, 1, vp=11)
    assert VALERIA.result(finished(more)).winners == (1,)
