"""A game from another distribution gets everything a game of this library
gets, with no edit outside its own project (issue 17 section 4; decision
record 0024): the CLI's play, adjudicate, bench, rules and schema, the
conformance suite, a generated rulebook chapter in the navigation, and the
in-page adjudicator's ``adjudicate`` call.

Each test runs the fifth game in a child process that has it installed
(:mod:`tests.fifth_game`), as a user who installed the game would: the library's
commands in one child the module's tests share, the conformance suite in its own.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fifth_game import KEY, PROJECT, ROOT, Child, install, run

#: Everything of the library a new game used to touch (issue 17); none may name the fifth game.
LIBRARY = [*ROOT.glob("rules/**/*.py"), *ROOT.glob("rules/**/*.js"), ROOT / "pyproject.toml",
           *ROOT.glob("docs/*.rst"), ROOT / "docs" / "conf.py", *ROOT.glob("proofs/**/*.py"),
           *(p for p in ROOT.glob("tests/**/*.py") if Path(__file__).parent not in p.parents)]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Child]:
    child = Child(install(tmp_path_factory.mktemp("site")))
    yield child
    child.close()


def record(hands: list[list[str]], *acts: tuple[int, str]) -> dict[str, object]:
    return {"format": "rules-record/1", "game": KEY, "setup": {"hands": hands},
            "actions": [{"seat": seat, "act": act} for seat, act in acts]}


def write(folder: Path, name: str, data: object) -> str:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_only_its_own_project_names_it() -> None:
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["entry-points"]["rules.games"] == {KEY: "threecard.game:THREE_CARD"}
    naming = [str(p.relative_to(ROOT)) for p in LIBRARY if KEY in p.read_text(encoding="utf-8")]
    assert len(LIBRARY) > 100 and naming == []


def test_play_adjudicate_bench_rules_and_schema(site: Child, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    assert run(site, "-m", "rules", "play", KEY, "--seed", "4", "-o", str(game)).returncode == 0
    played = json.loads(game.read_text(encoding="utf-8"))
    assert played["game"] == KEY and len(played["setup"]["hands"]) == 2

    judged = run(site, "-m", "rules", "adjudicate", "--json", str(game))
    assert judged.returncode == 0, judged.stderr
    assert json.loads(judged.stdout)["legal"] is True

    bench = run(site, "-m", "rules", "bench", KEY, "--games", "50", "--seed", "1", "--json")
    assert bench.returncode == 0 and json.loads(bench.stdout)["games"] == 50

    listed = run(site, "-m", "rules", "rules", "--game", KEY, "--json")
    ids = [json.loads(line)["id"] for line in listed.stdout.splitlines()]
    assert "threecard.ranking" in ids and all(i.startswith(f"{KEY}.") for i in ids)

    schema = json.loads(run(site, "-m", "rules", "schema").stdout)
    assert KEY in schema["properties"]["game"]["enum"] and "claim" in schema["properties"]["game"]["enum"]


def test_a_study_plays_it_by_the_policies_every_game_has(site: Child) -> None:
    """It offers no scores and no policies of its own (decision record 0026): ``random`` and
    ``first`` play it, ``greedy`` is refused with what it needs, and its results state no rule."""
    out = run(site, "-m", "rules", "study", KEY, "--games", "20", "--policy", "random,first", "--seed", "3",
              "--json", "--quiet")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 20 and summary["policies"] == ["random", "first"] and summary["unfinished"] == 0
    assert sum(summary["wins"]) - summary["ties"] + summary["no_winner"] == 20
    assert summary["decided_by"] == {"(not stated)": 20}
    greedy = run(site, "-m", "rules", "study", KEY, "--games", "2", "--policy", "greedy", "--quiet")
    assert greedy.returncode == 2 and "HasScores" in greedy.stderr and "random, first" in greedy.stderr


def test_verdicts_cite_its_rules_in_its_language(site: Child, tmp_path: Path) -> None:
    pair, high, straight = ["Qs", "Qd", "3c"], ["As", "Kd", "9h"], ["Ah", "2h", "3d"]
    files = [
        write(tmp_path, "answer-bet", record([pair, high], (0, "bet"), (1, "check"))),
        write(tmp_path, "pair-wins", record([high, pair], (0, "check"), (1, "bet"), (0, "call"))),
        write(tmp_path, "ace-low-is-no-straight", record([straight, pair], (0, "bet"), (1, "call"))),
        write(tmp_path, "fold", record([pair, high], (0, "bet"), (1, "fold"))),
        write(tmp_path, "after-the-end", record([pair, high], (0, "check"), (1, "check"), (0, "bet"))),
    ]
    out = run(site, "-m", "rules", "adjudicate", "--json", *files)
    verdicts = [json.loads(line) for line in out.stdout.splitlines()]
    assert [v["legal"] for v in verdicts] == [False, True, True, True, False]
    assert verdicts[0]["illegal"]["rules"] == ["threecard.betting.facing-bet"]
    assert verdicts[4]["illegal"]["rules"] == ["threecard.betting.end"]
    assert [v["result"]["winners"] for v in verdicts[1:4]] == [[1], [1], [0]]
    czech = run(site, "-m", "rules", "adjudicate", "--explain", "--lang", "cs", files[0])
    assert czech.returncode == 1 and "Proti sázce lze jen dorovnat" in czech.stdout + czech.stderr


def test_the_conformance_suite_plays_it(site: Child) -> None:
    out = run(site, "-m", "pytest", "-v", "-p", "no:cacheprovider", "tests/conformance", "-k", KEY)
    assert out.returncode == 0, out.stdout[-3000:]
    passed = set(re.findall(rf"::(\w+)\[{KEY}\] PASSED", out.stdout))
    assert {"test_the_game_declares_itself", "test_random_games_keep_the_protocol",
            "test_records_round_trip_and_replay_to_the_same_state", "test_every_verdict_cites_rules_that_exist",
            "test_a_view_does_not_depend_on_what_the_seat_may_not_see",
            "test_rehiding_changes_states_so_the_view_test_can_fail",
            "test_a_game_lives_in_its_package_with_rules_and_proofs"} <= passed, out.stdout[-2000:]


def test_the_web_api_judges_its_records(site: Child) -> None:
    data = record([["Qs", "Qd", "3c"], ["As", "Kd", "9h"]], (0, "bet"), (1, "check"))
    code = ("import json, sys\nfrom rules.web import api\n"
            "print(json.dumps(api.adjudicate(sys.stdin.read(), 'cs')))\n")
    out = run(site, "-c", code, stdin=json.dumps(data))
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["status"] == "illegal"
    assert [r["id"] for r in answer["rules"]] == ["threecard.betting.facing-bet"]


def test_its_rulebook_chapter_is_generated_and_in_the_navigation(site: Child, tmp_path: Path) -> None:
    """A project whose sources hold a stub page for each of the library's chapters and
    none for the fifth game: the build writes its chapter and lists it (``-W``: no warning)."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["rules.sphinx", "rules.sphinx.adjudicator"]\nproject = "t"\n'
                                    'rules_run_proofs = False\nrules_generate_chapters = True\nhtml_theme = "basic"\n',
                                    encoding="utf-8")
    (source / "index.rst").write_text("Rulebook\n========\n\n.. rulebook-chapters::\n", encoding="utf-8")
    listed = run(site, "-c", "from rules import rulebook; print(' '.join(c.key for c in rulebook.chapters()))")
    chapters = listed.stdout.split()
    assert chapters[-1] == KEY and "claim" in chapters
    for key in chapters[:-1]:
        (source / f"{key}.rst").write_text(f"{key}\n{'=' * len(key)}\n\nA stub.\n", encoding="utf-8")
    out = run(site, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(source), str(tmp_path / "html"))
    assert out.returncode == 0, out.stderr[-3000:]
    assert (source / f"{KEY}.rst").read_text(encoding="utf-8").startswith(".. Generated by rules.sphinx.chapters")
    assert f'href="{KEY}.html"' in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    page = (tmp_path / "html" / f"{KEY}.html").read_text(encoding="utf-8")
    for rule in ("threecard.deal", "threecard.ranking", "threecard.split"):
        assert f'id="{rule}"' in page
    assert "Pořadí kombinací" in page and "Hand ranking" in page and "threecard.game.strength" in page
    assert 'data-game="any"' in page


def test_a_project_that_only_cites_rules_gets_no_pages(site: Child, tmp_path: Path) -> None:
    """Without ``rules_generate_chapters`` nothing is written into a project's sources."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text('extensions = ["rules.sphinx"]\nproject = "t"\nrules_run_proofs = False\n'
                                    'html_theme = "basic"\n', encoding="utf-8")
    (source / "index.rst").write_text("Citing\n======\n\n.. rule:: threecard.split\n", encoding="utf-8")
    out = run(site, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(source), str(tmp_path / "html"))
    assert out.returncode == 0, out.stderr[-3000:]
    assert sorted(p.name for p in source.iterdir()) == ["conf.py", "index.rst"]
    assert 'id="threecard.split"' in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
