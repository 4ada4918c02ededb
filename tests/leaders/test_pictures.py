"""Board diagrams of Leaders: every worked example of the spec draws as valid SVG and
agrees with the engine; the replay catches figures the engine disagrees with;
malformed figures are refused with a clear message."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from rules import rulebook
from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError
from rules.leaders.board import CELLS, RECRUITMENT_CELLS, START_CELLS
from rules.leaders.pictures import (
    CHARACTERS,
    Piece,
    board_svg,
    figure_outcome,
    figure_svg,
    leader_status,
    moves_between,
)

SVG = "{http://www.w3.org/2000/svg}"
ACTIVE = ("acrobat", "rider", "bruiser", "royal-guard", "illusionist", "claw-launcher", "manipulator", "wanderer",
          "brewmaster")


def _spec_figures() -> list[Any]:
    spec = load_spec()
    if "leaders" not in {b.game for b in spec.books}:
        return []
    return [pytest.param(rule, a, id=f"{rule.id}#{i + 1}", marks=pytest.mark.rules(rule.id))
            for rule in spec.book("leaders").rules for i, a in enumerate(rule.annotations) if a.figure]


FIGURES = _spec_figures()


def p(owner: int, character: str, q: int, r: int) -> dict[str, Any]:
    return {"owner": owner, "character": character, "cell": [q, r]}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert " id=" not in svg, "pictures share an HTML page: no id attributes"
    return root


RIDER = {"before": [p(0, "leader", 0, 3), p(0, "rider", 0, 1), p(1, "leader", 0, -3)], "actor": [0, 1],
         "after": [p(0, "leader", 0, 3), p(0, "rider", 0, -1), p(1, "leader", 0, -3)]}
#: The Rider lands next to the enemy leader, which an Archer two cells away in line already threatens.
ARCHER_CAPTURE = {
    "before": [p(0, "leader", 0, 3), p(0, "rider", 1, -1), p(0, "archer", 0, -1), p(1, "leader", 0, -3)],
    "actor": [1, -1], "outcome": "captured",
    "after": [p(0, "leader", 0, 3), p(0, "rider", 1, -3), p(0, "archer", 0, -1), p(1, "leader", 0, -3)],
}


# ------------------------------------------------------------------ the spec's figures

def test_the_spec_has_a_figure_for_every_active_ability_and_the_end() -> None:
    """The chapter illustrates each active ability, capture, surround, Archer, Assassin and Jailer."""
    assert FIGURES, "spec/leaders.toml has no figure examples"
    applied = {r for param in FIGURES for r in figure_outcome(param.values[1].figure).rules}
    wanted = {f"leaders.{a}" for a in ACTIVE} | {"leaders.end.captured", "leaders.end.surrounded",
                                                  "leaders.archer", "leaders.assassin", "leaders.jailer"}
    assert wanted <= applied, f"no figure shows {sorted(wanted - applied)}"


@pytest.mark.parametrize(("rule", "annotation"), FIGURES)
def test_spec_figure_draws_and_agrees_with_the_engine(rule: Any, annotation: Any) -> None:
    outcome = figure_outcome(annotation.figure)
    assert outcome.problems == (), f"{rule.id}: {outcome.problems}"
    assert outcome.actions and outcome.rules
    spec = load_spec()
    assert all(r in spec for r in outcome.rules), outcome.rules
    assert outcome.caption.get("cs") and outcome.caption.get("en")
    root = parse(figure_svg(annotation.figure))
    assert root.find(f"{SVG}title").text == outcome.caption.get("en")
    drawn = rulebook.draw("leaders", annotation)
    assert drawn is not None and drawn.problems == () and drawn.svg


# ------------------------------------------------------------------ replay

@pytest.mark.rules("leaders.rider", "leaders.actions.ability")
def test_a_rider_example_is_replayed() -> None:
    outcome = figure_outcome(RIDER)
    assert outcome.problems == ()
    assert outcome.rules == ("leaders.actions.ability", "leaders.rider")
    assert outcome.actions == ({"seat": 0, "piece": [0, 1], "ability": "rider", "to": [0, -1]},)
    assert outcome.lost == ((), ())


@pytest.mark.rules("leaders.rider", "leaders.actions.move")
def test_an_unreachable_after_is_a_problem() -> None:
    bent = {**RIDER, "after": [p(0, "leader", 0, 3), p(0, "rider", 1, -1), p(1, "leader", 0, -3)]}
    outcome = figure_outcome(bent)
    assert any("no legal action of the rider" in x for x in outcome.problems)
    assert outcome.actions == ()
    parse(figure_svg(bent))  # still drawn, as the figure says


@pytest.mark.rules("leaders.jailer")
def test_a_jailed_ability_is_a_problem() -> None:
    """A Rider next to an enemy Jailer cannot use its ability: the figure disagrees with the engine."""
    jailed = {"before": [*RIDER["before"], p(1, "jailer", 1, 0)], "actor": [0, 1],
              "after": [*RIDER["after"], p(1, "jailer", 1, 0)]}
    assert figure_outcome(jailed).problems


@pytest.mark.rules("leaders.end.captured", "leaders.archer", "leaders.end.immediate")
def test_an_archer_capture_is_replayed_and_marked() -> None:
    outcome = figure_outcome(ARCHER_CAPTURE)
    assert outcome.problems == ()
    assert {"leaders.end.captured", "leaders.archer", "leaders.end.immediate"} <= set(outcome.rules)
    assert outcome.lost == ((), ("captured",))
    assert outcome.captured_cells == ((0, -3),)
    assert "captured" in outcome.caption.get("en") and "zajat" in outcome.caption.get("cs")
    svg = figure_svg(ARCHER_CAPTURE)
    assert 'stroke="#d01c1c"' in svg  # the red ring on the captured leader


@pytest.mark.rules("leaders.end.captured", "leaders.hermit-cub.cub-no-capture")
def test_a_capture_the_engine_denies_is_a_problem() -> None:
    """With a Cub instead of the Archer, the same move captures nothing."""
    swap = {k: [dict(x, character="cub") if x["character"] == "archer" else x for x in v] if isinstance(v, list)
            and k != "actor" else v for k, v in ARCHER_CAPTURE.items()}
    outcome = figure_outcome(swap)
    assert any("the engine's predicates say continues" in x for x in outcome.problems)
    calm = dict(ARCHER_CAPTURE, outcome="continues")
    assert any("the game continues" in x for x in figure_outcome(calm).problems)


@pytest.mark.rules("leaders.end.surrounded")
def test_leader_status_uses_the_engine_s_predicates() -> None:
    corner = [Piece(1, "leader", (0, -3)), Piece(1, "cub", (1, -3)), Piece(0, "cub", (-1, -2)),
              Piece(1, "cub", (0, -2)), Piece(0, "leader", (0, 3))]
    assert leader_status(corner, 1) == ("surrounded",)
    assert leader_status(corner, 0) == ()
    assassin = [Piece(1, "leader", (0, -3)), Piece(0, "assassin", (0, -2)), Piece(0, "leader", (0, 3))]
    assert leader_status(assassin, 1) == ("captured",)


# ------------------------------------------------------------------ drawing

def test_the_empty_board_shows_37_cells_with_start_and_recruitment_marks() -> None:
    svg = board_svg(coordinates=True)
    root = parse(svg)
    cells = [e for e in root.iter(f"{SVG}polygon") if e.get("stroke") == "#b9b29a"]
    assert len(cells) == len(CELLS) == 37
    tints = [c.get("fill") for c in cells]
    assert tints.count("#dbe6f6") == len(RECRUITMENT_CELLS[0]) == 7
    assert tints.count("#f6dcdb") == len(RECRUITMENT_CELLS[1]) == 7
    dashed = [e for e in root.iter(f"{SVG}polygon") if e.get("stroke-dasharray")]
    assert len(dashed) == len(START_CELLS)
    labels = {t.text for t in root.iter(f"{SVG}text")}
    assert {"0,3", "0,-3", "-3,3", "3,-3"} <= labels


def test_board_tokens_are_labelled_and_highlighted() -> None:
    pieces = [p(0, "leader", 0, 3), p(1, "claw-launcher", 2, -1)]
    root = parse(board_svg(pieces, highlight=[[2, -1]]))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "LDR" in texts and "CLW" in texts
    assert any("CLW = Claw Launcher (Drapák)" in (t or "") for t in texts)
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("stroke") == "#e0a800"]
    assert len(rings) == 1


def test_every_character_has_a_distinct_label() -> None:
    labels = [v[0] for v in CHARACTERS.values()]
    assert len(set(labels)) == len(labels) == 18


def test_moves_pair_pieces_of_a_kind_and_swaps() -> None:
    before = [Piece(0, "rider", (0, 0)), Piece(0, "rider", (2, 0)), Piece(1, "leader", (0, -3))]
    after = [Piece(0, "rider", (0, 0)), Piece(0, "rider", (2, -1)), Piece(1, "leader", (0, -3))]
    moved = moves_between(before, after)
    assert len(moved) == 1 and moved[0].start == (2, 0) and moved[0].piece.cell == (2, -1)
    swap_before = [Piece(0, "illusionist", (0, 0)), Piece(1, "rider", (0, -2))]
    swap_after = [Piece(0, "illusionist", (0, -2)), Piece(1, "rider", (0, 0))]
    assert {(m.piece.character, m.start) for m in moves_between(swap_before, swap_after)} == {
        ("illusionist", (0, 0)), ("rider", (0, -2))}
    recruit = moves_between(before[:1], before[:2])
    assert len(recruit) == 1 and recruit[0].start is None


def test_a_figure_draws_one_arrow_per_moved_piece() -> None:
    root = parse(figure_svg(RIDER))
    arrows = [e for e in root.iter(f"{SVG}line") if e.get("stroke") == "#444"]
    assert len(arrows) == 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Before · před" in texts and "After · po" in texts


# ------------------------------------------------------------------ malformed figures

@pytest.mark.parametrize(("figure", "message"), [
    ("rider", "figure must be a table"),
    ({"before": [], "after": []}, "missing key(s) actor"),
    ({**RIDER, "extra": 1}, "unknown key(s) extra"),
    ({**RIDER, "actor": [3, 3]}, "not on the board"),
    ({**RIDER, "actor": [1, 1]}, "no piece stands there"),
    ({**RIDER, "actor": "0,1"}, "must be a cell [q, r]"),
    ({**RIDER, "before": [p(0, "leader", 0, 3), p(0, "rider", 0, 3)]}, "already taken"),
    ({**RIDER, "before": [p(0, "king", 0, 3)]}, "is not a character key"),
    ({**RIDER, "before": [p(2, "leader", 0, 3)]}, "owner must be 0 or 1"),
    ({**RIDER, "before": [{"owner": 0, "character": "leader", "cell": [0, 3], "hp": 3}]}, "unknown key(s) hp"),
    ({**RIDER, "after": [p(0, "leader", 4, 0)]}, "figure.after[0].cell [4, 0] is not on the board"),
    ({**RIDER, "outcome": "won"}, "figure.outcome must be one of"),
    ({**RIDER, "before": [p(0, "rider", 0, 1), p(1, "leader", 0, -3)]}, "figure.before is not a position"),
])
def test_malformed_figures_are_refused(figure: Any, message: str) -> None:
    for draw in (figure_outcome, figure_svg):
        with pytest.raises(MalformedError) as err:
            draw(figure)
        assert message in str(err.value)


def test_board_svg_refuses_bad_pieces() -> None:
    with pytest.raises(MalformedError):
        board_svg([p(0, "leader", 0, 4)])
    with pytest.raises(MalformedError):
        board_svg([], highlight=[[9, 9]])


# ------------------------------------------------------------------ the chapter's generated inputs

@pytest.mark.rules("leaders.board", "leaders.board.start-cells", "leaders.board.recruitment-cells")
def test_the_docs_board_picture_and_perft_table_are_up_to_date() -> None:
    """``docs/make_leaders_board.py --check``: the published board, positions and counts are the engine's."""
    import importlib.util
    import json
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    spec = importlib.util.spec_from_file_location("make_leaders_board", docs / "make_leaders_board.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stale = [str(path.name) for path, text in module.outputs().items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, f"run python docs/make_leaders_board.py: {stale} are out of date"
    table = json.loads((docs / "leaders-perft.json").read_text(encoding="utf-8"))
    assert table[0]["name"] == "opening" and len(table) >= 4
    assert all(row["phase_sequences"] >= 1 and row["turns"] >= 1 for row in table)
