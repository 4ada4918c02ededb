"""What a game needs outside its own package (decision record 0012): its
spec file, its proofs package and one line in ``rules/games.py``. The generic
layer (kernel, CLI, proofs runner) names no game, so adding one edits none
of it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import proofs
import rules.games
from rules.kernel.game import HasCommands, HasPositions, HasSecrets, HasVariants
from rules.kernel.schema import HasRecordSchema
from rules.kernel.spec import load_spec

ROOT = Path(__file__).resolve().parents[2]
GENERIC = [*sorted((ROOT / "rules" / "kernel").glob("*.py")), ROOT / "rules" / "cli.py",
           ROOT / "proofs" / "__init__.py", ROOT / "proofs" / "__main__.py"]
GAMES = rules.games.load_all()


def registered(key: str) -> dict[str, object]:
    """Everything the library knows of one game, and where it comes from."""
    game = GAMES[key]
    module = rules.games.GAMES[key].partition(":")[0]
    prefixes = game.info.prefixes
    return {
        "package": module.rsplit(".", 1)[0],
        "rules": sum(r.id.split(".", 1)[0] in prefixes for r in load_spec().rules),
        "theorems": sum(t.game in prefixes for t in proofs.THEOREMS),
        "capabilities": sorted(c.__name__ for c in (HasPositions, HasVariants, HasCommands, HasSecrets, HasRecordSchema)
                               if isinstance(game, c)),
    }


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_lives_in_its_package_with_rules_and_proofs(key: str) -> None:
    what = registered(key)
    assert str(what["package"]).startswith("rules.") and str(what["package"]).count(".") == 1
    assert isinstance(what["rules"], int) and what["rules"] > 0
    assert isinstance(what["theorems"], int) and what["theorems"] > 0
    assert "HasRecordSchema" in what["capabilities"], "records of this game would pass the schema unchecked"


def test_the_registry_is_one_line_per_game() -> None:
    text = (ROOT / "rules" / "games.py").read_text(encoding="utf-8")
    for key, target in rules.games.GAMES.items():
        assert text.count(f'"{key}": "{target}"') == 1


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_generic_layer_names_no_game(path: Path) -> None:
    """No game key as a string value in the code (docs and comments may give
    examples) and no import of a game package."""
    text = path.read_text(encoding="utf-8")
    literals = {node.value for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Constant)}
    for key, target in rules.games.GAMES.items():
        package = target.partition(":")[0].rsplit(".", 1)[0]
        assert key not in literals, f"{path.name} names {key!r}"
        assert not re.search(rf"^\s*(from|import)\s+{re.escape(package)}\b", text, re.M), f"{path.name} imports {package}"
