"""Game-specific CLI commands (``rules <game> <command>``) and the ``--variant``
and ``--max-actions`` options, on a stand-in game so the kernel's CLI plumbing
is tested apart from any real game."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from rules import cli
from rules.kernel import simulate
from rules.kernel.game import ChanceMode, GameCommand, GameInfo, Information
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError


class Echo:
    """Not a playable game: just enough of one to carry commands."""

    info = GameInfo("echo", Text.of(en="Echo"), (2,), ChanceMode.NONE, Information.PERFECT, ("en",))

    def __init__(self) -> None:
        self.commands = {"say": GameCommand("repeat a word", self._configure, self._run)}

    @staticmethod
    def _configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("word")

    @staticmethod
    def _run(args: argparse.Namespace) -> int:
        if args.word == "bad":
            raise MalformedError("cannot say that", where="echo")
        print(args.word.upper())
        return 0


@pytest.fixture
def echo_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    real = cli.games.load
    echo = Echo()

    def load(key: str) -> Any:
        return echo if key == "echo" else real(key)

    monkeypatch.setitem(cli.games.GAMES, "echo", "tests:Echo")  # registered; loaded through the patched load
    monkeypatch.setattr(cli.games, "load", load)


def test_a_game_command_runs(echo_registry: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["echo", "say", "hello"]) == 0
    assert capsys.readouterr().out == "HELLO\n"


def test_a_game_command_error_is_one_line_and_exit_2(echo_registry: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["echo", "say", "bad"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "rules: echo: cannot say that"


def test_a_game_command_is_required(echo_registry: None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["echo"])
    assert exit_.value.code == 2
    assert "say" in capsys.readouterr().err


def test_other_commands_do_not_import_the_games() -> None:
    import subprocess
    import sys

    code = ("import sys; from rules.cli import main; main(['rules', '--game', 'claim']); "
            "assert not [m for m in sys.modules if m.startswith(('rules.claim', 'rules.leaders'))], 'imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_variant_must_be_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "claim", "--variant", "{players: 3"]) == 2
    assert "--variant is not JSON" in capsys.readouterr().err


def test_a_game_without_variants_refuses_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "claim", "--variant", '{"players": 3}']) == 2
    assert "has no variants" in capsys.readouterr().err


def test_max_actions_caps_each_game() -> None:
    from rules.games import load

    report = simulate.bench(load("claim"), 3, seed=1, max_actions=5)
    assert report["actions"] == 15
    with pytest.raises(SystemExit):
        cli.main(["bench", "claim", "--max-actions", "x"])
    assert cli.main(["bench", "claim", "--games", "1", "--max-actions", "0"]) == 2


def test_cards_prints_a_games_data_tables_from_the_installed_data(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 18 §2: ``rules cards valeria`` prints the card tables; the rule that states a table shows it
    and points to the command, never to a file of the checkout."""
    assert cli.main(["cards", "valeria", "--table", "monsters-hills"]) == 0
    out = capsys.readouterr().out
    assert "Goblin King" in out and "valeria.monsters.table" in out
    assert cli.main(["cards", "valeria", "--json", "--lang", "cs"]) == 0
    tables = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {t["rule"] for t in tables} >= {"valeria.citizens.table", "valeria.monsters.table"}
    assert any(row[0] == "Léčitelka" for t in tables for row in t["rows"])
    assert cli.main(["rule", "valeria.monsters.table"]) == 0
    out = capsys.readouterr().out
    assert "rules cards valeria" in out and "Goblin King" in out and "spec/data" not in out
    assert cli.main(["cards", "claim"]) == 2 and "no data tables" in capsys.readouterr().err
    assert cli.main(["cards", "valeria", "--table", "nope"]) == 2 and "citizens" in capsys.readouterr().err
