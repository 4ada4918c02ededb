"""What a game needs outside its own package (decision records 0012 and 0024):
one entry point in the group ``rules.games``. A game of this library also has
its book in ``spec/`` and a proofs package ``proofs/<name>/``; a game another
distribution publishes keeps its book in its package's ``spec/`` and need
bring no proofs (``proofs/`` is this checkout's, not installed, and Z3 an
optional dependency). The generic layer (kernel, CLI, proofs runner) names
no game, so adding one edits none of it."""

from __future__ import annotations

import ast
import re
import tomllib
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
    prefixes = game.info.prefixes
    return {
        "package": rules.games.REGISTRY[key].package,
        "ours": rules.games.REGISTRY[key].distribution == rules.games.DISTRIBUTION,
        "rules": sum(r.id.split(".", 1)[0] in prefixes for r in load_spec().rules),
        "theorems": sum(t.game in prefixes for t in proofs.THEOREMS),
        "capabilities": sorted(c.__name__ for c in (HasPositions, HasVariants, HasCommands, HasSecrets, HasRecordSchema)
                               if isinstance(game, c)),
    }


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_lives_in_its_package_with_rules_and_proofs(key: str) -> None:
    what = registered(key)
    package = str(what["package"])
    if what["ours"]:
        assert package.startswith("rules.") and package.count(".") == 1
        assert isinstance(what["theorems"], int) and what["theorems"] > 0, "a game of this library brings proofs"
    else:
        assert package and not package.startswith("rules."), "another distribution's game lives in its own package"
    assert isinstance(what["rules"], int) and what["rules"] > 0
    assert "HasRecordSchema" in what["capabilities"], "records of this game would pass the schema unchecked"


def test_the_registry_is_one_entry_point_per_game() -> None:
    """The library's games are exactly the entry points its ``pyproject.toml`` declares."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][rules.games.GROUP]
    ours = {r.key: r.target for r in rules.games.REGISTRY.values()
            if r.distribution == rules.games.DISTRIBUTION}
    assert ours == declared and len(declared) >= 5


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
