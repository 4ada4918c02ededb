"""``rules study``: the same result for the same seed whatever the workers, Wilson
intervals, the "decided by" column, the outputs, and ``rules bench --json`` (issue 21 §2)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from rules import games
from rules.cli import main
from rules.kernel.game import Result
from rules.kernel.simulate import bench
from rules.kernel.study import UNSTATED, outcome_of, summarize, wilson
from rules.studies.run import Study, chunks, run


def test_the_same_seed_gives_the_same_study_on_one_or_two_workers() -> None:
    study = Study("claim", 8, ("greedy", "random"), seed=11)
    one = run(study, workers=1)
    two = run(study, workers=2)
    assert one == two
    assert one.games == 8 and one.policies == ("greedy", "random")
    assert run(Study("claim", 8, ("greedy", "random"), seed=12)) != one  # the seed matters


def test_chunks_cover_every_game_once() -> None:
    for n, workers in ((1, 1), (7, 2), (100, 3), (10_000, 2)):
        parts = chunks(n, workers)
        assert [i for part in parts for i in part] == list(range(n))


@pytest.mark.parametrize(("k", "n", "low", "high"), [
    (5, 10, 0.236593, 0.763407),  # symmetric about one half
    (0, 10, 0.0, 0.277533),  # never below 0, unlike the normal approximation
    (10, 10, 0.722467, 1.0),
    (81, 263, 0.255289, 0.366210),  # Newcombe (1998), Statistics in Medicine 17:857, example: 0.2553 to 0.3662
])
def test_wilson_interval(k: int, n: int, low: float, high: float) -> None:
    interval = wilson(k, n)
    assert interval.low == pytest.approx(low, abs=1e-5)
    assert interval.high == pytest.approx(high, abs=1e-5)
    assert interval.low <= k / n <= interval.high


def test_wilson_refuses_impossible_counts_and_knows_nothing_of_no_games() -> None:
    assert (wilson(0, 0).low, wilson(0, 0).high, wilson(0, 0).share) == (0.0, 1.0, None)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_summary_counts_outcomes_first_seat_and_what_decided() -> None:
    """Built from Results: a game's ``Result.rules`` is its "decided by" entry."""
    captured = ("leaders.end.captured",)
    outcomes = [
        outcome_of(0, 2, 0, Result((0,), rules=captured), 40, 30),
        outcome_of(1, 2, 1, Result((0,), rules=captured), 50, 40),
        outcome_of(2, 2, 1, Result((1,), rules=("leaders.end.surrounded",)), 60, 50),
        outcome_of(3, 2, 0, Result((0, 1)), 70, 60),  # a tie, its end condition not stated
        outcome_of(4, 2, 0, None, 400, 400),  # stopped unfinished
    ]
    s = summarize("leaders", None, ("random",), 0, reversed(outcomes))  # any arrival order
    assert s.wins == (3, 2)
    assert (s.ties, s.unfinished, s.decisive, s.no_winner) == (1, 1, 3, 0)
    assert (s.first_seat.k, s.first_seat.n) == (2, 3)  # games 0 and 2 were won by the seat that moved first
    assert dict(s.decided_by) == {"leaders.end.captured": 2, "leaders.end.surrounded": 1, UNSTATED: 1}
    assert s.lengths["min"] == 40 and s.lengths["max"] == 400 and s.lengths["median"] == 60
    assert s.win_shares[0].n == 4  # shares of the finished games


def test_automaton_wins_are_counted_apart() -> None:
    s = summarize("valeria", {"players": 1}, ("greedy",), 0,
                  [outcome_of(0, 1, 0, Result((), automaton="dark-lord"), 10, 5),
                   outcome_of(1, 1, 0, Result((0,)), 10, 5)])
    assert dict(s.automata) == {"dark-lord": 1} and s.no_winner == 1 and s.wins == (1,)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_study_json_csv_table_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = _run(capsys, "study", "valeria", "--games", "3", "--variant", '{"players": 2}', "--policy",
                        "greedy,random", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["variant"] == {"players": 2} and data["policies"] == ["greedy", "random"]
    assert sum(data["wins"]) - data["ties"] + data["no_winner"] + data["unfinished"] <= data["games"]
    assert set(data["lengths"]) == {"min", "p25", "median", "p75", "max", "mean"}
    code, out, _ = _run(capsys, "study", "claim", "--games", "4", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and {r["section"] for r in rows} >= {"study", "wins", "first_seat", "length", "decided_by"}
    svg = tmp_path / "shares.svg"
    code, out, _ = _run(capsys, "study", "claim", "--games", "4", "--plot", str(svg))
    assert code == 0 and "first seat wins" in out and "decided by:" in out
    assert svg.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize("argv", [
    ["study", "claim", "--games", "0"],
    ["study", "claim", "--policy", "forced-win"],  # Leaders' own policy
    ["study", "claim", "--variant", '{"players": 3}'],  # Claim has no variants
    ["study", "nosuchgame"],
    ["play", "claim", "--policy", "clever"],
])
def test_cli_refuses_bad_studies_with_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and err.startswith("rules: ") and "Traceback" not in err


def test_cli_play_with_policies_writes_a_legal_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "greedy.json"
    assert _run(capsys, "play", "valeria", "--seed", "3", "--variant", '{"players": 2}', "--policy", "greedy",
                "-o", str(record))[0] == 0
    code, out, _ = _run(capsys, "adjudicate", "--json", str(record))
    verdict = json.loads(out)
    assert code == 0 and verdict["legal"] and verdict["finished"]


def test_bench_reports_the_variant_and_outcomes_per_seat() -> None:
    report = bench(games.load("valeria"), 3, seed=2, variant={"players": 3})
    assert report["variant"] == {"players": 3}
    assert report["variants"] == [{"variant": {"players": 3}, "games": 3}]
    o = report["outcomes"]
    assert len(o["wins"]) == 3 and o["unfinished"] == 0
    assert sum(o["wins"]) - o["ties"] + o["no_winner"] == 3
    mixed = bench(games.load("claim-combined"), 4, seed=1)
    assert mixed["variant"] is None or len(mixed["variants"]) == 1  # mixed variants are listed, not hidden
    assert sum(v["games"] for v in mixed["variants"]) == 4
    leaders = bench(games.load("leaders"), 2, seed=0, max_actions=5)
    assert leaders["variant"] is None and leaders["outcomes"]["unfinished"] == 2


def test_the_table_names_the_rules_that_decided_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    """The games fill ``Result.rules``: "decided by" names their end conditions, not "(not stated)"."""
    code, out, _ = _run(capsys, "study", "claim2", "--games", "6", "--seed", "2", "--quiet")
    decided = out.split("decided by:\n", 1)[1]
    assert code == 0 and "claim2.scoring.win" in decided and UNSTATED not in decided
    leaders = run(Study("leaders", 6, ("forced-win", "greedy"), seed=7, max_actions=300))
    assert leaders.decided_by and sum(n for _, n in leaders.decided_by) == leaders.games - leaders.unfinished
    assert all(rule.startswith("leaders.end.") for rules, _ in leaders.decided_by for rule in rules.split(" + "))
