"""A game's panes live in its own package behind ``HasPanel`` (decision 0025): the panel's
functions, its script as package data, what the site build copies, and the generic layers'
fixed texts read from data."""

from __future__ import annotations

import re
import string
from importlib import resources
from pathlib import Path

import pytest

from rules import games, rulebook
from rules.kernel import messages
from rules.kernel.panel import HasPanel, Panel, check_language, rules_in
from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError
from rules.sphinx import adjudicator
from rules.web import build

PANELS = {key: game.panel for key, game in games.load_all().items() if isinstance(game, HasPanel)}
_CALL = re.compile(r"ctx\.call\(\"([a-z_]+)\"")


def script(panel: Panel) -> str:
    return resources.files(panel.package).joinpath(panel.script).read_text(encoding="utf-8")


def test_every_game_of_the_library_has_a_panel_in_its_own_package() -> None:
    assert set(PANELS) == set(games.GAMES)
    for key, panel in PANELS.items():
        assert panel.package == games.GAMES[key].partition(":")[0].rsplit(".", 1)[0]
        assert all(function.__module__ == f"{panel.package}.panel" for function in panel.functions.values())


@pytest.mark.parametrize("key", sorted(PANELS))
def test_the_script_calls_exactly_the_panels_functions(key: str) -> None:
    """Every ``ctx.call(NAME)`` of the game's script is one of its panel's functions, and every
    function is called: the script and the capability cannot drift apart."""
    panel = PANELS[key]
    called = set(_CALL.findall(script(panel)))
    assert called == set(panel.functions), f"{panel.package}/{panel.script}"
    assert "definePanel(" in script(panel)


def test_the_site_build_copies_each_script_where_the_directive_points(tmp_path: Path) -> None:
    written = adjudicator.copy_panel_scripts(tmp_path)
    assert len(written) == len({p.package for p in PANELS.values()})  # one script per package
    for key, panel in PANELS.items():
        where = adjudicator.panel_script(key)
        assert where is not None and where.startswith(adjudicator.BUNDLE + "/")
        assert (tmp_path / where.removeprefix(adjudicator.BUNDLE + "/")).read_text(encoding="utf-8") == script(panel)
    assert adjudicator.panel_script(adjudicator.ANY) is None


def test_panel_kinds_and_languages_come_from_the_registry() -> None:
    assert adjudicator.kinds() == (*games.GAMES, adjudicator.ANY)
    for key in games.GAMES:
        assert adjudicator.languages(key) == games.load(key).info.languages
    books = [lang for lang in rulebook.languages() if lang != messages.FALLBACK]
    assert adjudicator.languages(adjudicator.ANY) == (messages.FALLBACK, *books) and books


def test_a_language_check_names_what_is_spoken() -> None:
    assert check_language("cs", ("cs", "en")) == "cs"
    with pytest.raises(MalformedError, match=r"^language 'de': Leaders speaks cs or en$"):
        check_language("de", ("cs", "en"), "Leaders")
    with pytest.raises(MalformedError, match=r"^language 'de': choose one of cs, hu, en$"):
        check_language("de", ("cs", "hu", "en"))


def test_the_rule_ids_of_an_explanation_are_found_once_each() -> None:
    assert rules_in(["seat 1 follows (claim.follow-suit, claim.nope).", "claim.follow-suit: again"]) == \
        ["claim.follow-suit"]


# --------------------------------------------------------------------------- the fixed texts as data


def _messages(node: dict[str, object], prefix: str = "") -> list[str]:
    found: list[str] = []
    for name, value in node.items():
        if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
            found.append(prefix + name)
        elif isinstance(value, dict):
            found += _messages(value, f"{prefix}{name}.")
    return found


def test_every_message_speaks_every_books_language_with_the_same_placeholders() -> None:
    """The generic layers' texts (rules/kernel/messages.toml): each in every book's language and
    the fallback, each language filling the same ``{placeholders}``."""
    spoken = {book.language for book in load_spec().books} | {messages.FALLBACK}
    keys = [k for k in _messages(messages._data()) if not k.startswith("languages.")]
    assert "verdict.legal_finished" in keys and "annotation.ruling" in keys and len(keys) > 20
    for key in keys:
        text = messages.message(key)
        assert set(text.languages) == spoken, key
        fields = {lang: {f for _, f, _, _ in string.Formatter().parse(text.get(lang)) if f} for lang in spoken}
        assert len({frozenset(f) for f in fields.values()}) == 1, (key, fields)
    for lang in spoken:
        assert messages.language_name(lang) != lang and messages.language_name(lang, in_english=True) != lang


def test_a_missing_message_is_a_key_error_naming_it() -> None:
    with pytest.raises(KeyError, match="verdict.nope"):
        messages.message("verdict.nope")
    with pytest.raises(KeyError, match="a group of messages"):
        messages.message("verdict")


def test_the_build_tells_the_worker_that_the_runtime_is_there(tmp_path: Path) -> None:
    """The worker starts Pyodide beside the manifest's fetch only on a site the build added the
    runtime to (a Sphinx build alone has none, and its worker must not ask for files it lacks)."""
    shipped = resources.files("rules.web").joinpath("static", "adjudicator-worker.js").read_text(encoding="utf-8")
    before, after = build.RUNTIME_MARK
    assert before in shipped and after not in shipped
    worker = tmp_path / build.WORKER_SCRIPT
    worker.parent.mkdir(parents=True)
    worker.write_text(shipped, encoding="utf-8")
    build.mark_runtime_bundled(tmp_path, "0123abcd")
    build.mark_runtime_bundled(tmp_path, "4567ef01")  # a bundle added again to the same site
    marked = worker.read_text(encoding="utf-8")
    assert after in marked and before not in marked
    # the build the engine kept on a device belongs to (decision 0042): the latest, once
    assert 'const BUILD = "";' in shipped
    assert marked.count('const BUILD = "4567ef01";') == 1 and "0123abcd" not in marked
    with pytest.raises(build.BuildError):
        build.mark_runtime_bundled(tmp_path, 'x"; evil()')
    worker.write_text("// some other script\n", encoding="utf-8")
    with pytest.raises(build.BuildError):
        build.mark_runtime_bundled(tmp_path)
