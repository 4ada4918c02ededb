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
from jsonschema import Draft202012Validator

import proofs
import rules.games
from rules.kernel.game import HasCommands, HasPositions, HasSecrets, HasVariants
from rules.kernel.messages import languages
from rules.kernel.panel import HasPanel
from rules.kernel.schema import HasRecordSchema, assemble
from rules.kernel.spec import load_spec

ROOT = Path(__file__).resolve().parents[2]
#: The layers above the kernel that serve every game (decision 0025), and the studies and the
#: adapters with the kernel's parts of them (decision 0026): no game key, game word or language
#: code in their string literals, no import of a game package.
NEUTRAL = [ROOT / "rules" / "cli.py", ROOT / "rules" / "verdicts.py", ROOT / "rules" / "rulebook.py",
           *sorted((ROOT / "rules" / "sphinx").glob("*.py")),
           *sorted((ROOT / "rules" / "web").glob("*.py")), *sorted((ROOT / "rules" / "web" / "static").glob("*.js")),
           *sorted((ROOT / "rules" / "sphinx" / "static").glob("*.js")),
           *sorted((ROOT / "rules" / "studies").glob("*.py")), *sorted((ROOT / "rules" / "adapters").glob("*.py")),
           ROOT / "rules" / "kernel" / "policies.py", ROOT / "rules" / "kernel" / "study.py"]
GENERIC = [*sorted((ROOT / "rules" / "kernel").glob("*.py")), *(p for p in NEUTRAL if p.parent.name != "kernel"),
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
        "capabilities": sorted(c.__name__ for c in (HasPositions, HasVariants, HasCommands, HasSecrets, HasRecordSchema,
                                                    HasPanel) if isinstance(game, c)),
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


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_s_record_schema_is_a_valid_schema(key: str) -> None:
    """The record gate takes a game's schema as it is (decision record 0065): here every registered
    game's, assembled as the gate assembles it, meets the JSON Schema 2020-12 meta-schema."""
    Draft202012Validator.check_schema(assemble({key: GAMES[key]}))


def test_the_registry_is_one_entry_point_per_game() -> None:
    """The library's games are exactly the entry points its ``pyproject.toml`` declares."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][rules.games.GROUP]
    ours = {r.key: r.target for r in rules.games.REGISTRY.values()
            if r.distribution == rules.games.DISTRIBUTION}
    assert ours == declared and len(declared) >= 5


def python_literals(text: str) -> list[str]:
    """The string literals of Python source, docstrings left out (they may give examples)."""
    tree = ast.parse(text)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


_JS_TOKEN = re.compile(r"//[^\n]*|/\*.*?\*/|'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`", re.S)


def js_literals(text: str) -> list[str]:
    """The string and template literals of a script, comments left out (a scan, not a parser:
    the generic scripts hold no regular expression with a quote or a comment mark)."""
    return [token[1:-1] for token in _JS_TOKEN.findall(text) if not token.startswith("/")]


def literals(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return python_literals(text) if path.suffix == ".py" else js_literals(text)


def game_words() -> set[str]:
    """What names a game: its key, its rule-ID prefixes and the words of its name in every language."""
    words: set[str] = set()
    for key, game in GAMES.items():
        words |= {key, *game.info.prefixes}
        for _lang, name in game.info.name.by_lang:
            words |= {w.lower() for w in re.findall(r"[^\W\d_]{4,}", name)} - {"card", "cards"}
    return words


def language_codes() -> set[str]:
    """Every language the library speaks: the books' and the fallback (from the spec and the messages data)."""
    return {*(book.language for book in load_spec().books), *languages()}


def test_the_scans_see_what_they_look_for() -> None:
    """The literal scans find a game word and a language code where they are, and not in comments
    or docstrings: the checks below can fail."""
    python = '''"""claim docstring"""\n# "valeria" comment\nx = {"cs": f"leaders {y}"}\n'''
    assert python_literals(python) == ["cs", "leaders "]
    js = '''// "claim" comment\nconst a = {cs: "Claim"}; /* 'hu' */ const b = `x ${"valeria"}`; const c = 'en';'''
    assert js_literals(js) == ["Claim", 'x ${"valeria"}', "en"]
    assert {"claim", "leaders", "valeria", "claim-combined"} <= game_words()
    assert {"cs", "hu", "en"} <= language_codes()


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_generic_layer_names_no_game(path: Path) -> None:
    """No game key as a string value in the code (docs and comments may give
    examples) and no import of a game package."""
    text = path.read_text(encoding="utf-8")
    found = set(literals(path))
    for key, target in rules.games.GAMES.items():
        package = target.partition(":")[0].rsplit(".", 1)[0]
        assert key not in found, f"{path.name} names {key!r}"
        assert not re.search(rf"^\s*(from|import)\s+{re.escape(package)}\b", text, re.M), f"{path.name} imports {package}"


@pytest.mark.parametrize("path", [*sorted((ROOT / "rules" / "kernel").glob("*.py")), *NEUTRAL],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_the_generic_layer_has_no_game_word_or_language_code(path: Path) -> None:
    """Game names and words come from the registry, languages from the spec and
    rules/kernel/messages.toml (decision 0025): none is written in a literal."""
    words, codes = game_words(), language_codes()
    for literal in literals(path):
        tokens = set(re.findall(r"[a-z][a-z0-9-]*", literal.lower()))
        assert not tokens & words, f"{path.name}: {literal!r} names {sorted(tokens & words)}"
        assert not set(re.findall(r"[A-Za-z]+", literal)) & codes, f"{path.name}: {literal!r} names a language"
