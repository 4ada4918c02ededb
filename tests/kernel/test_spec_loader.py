"""The spec loader (``rules.kernel.spec``): the real spec loads, and every
malformed spec file is a ``SpecError`` that names the file and the rule."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

import rules.games
from rules.kernel.spec import (
    ANNOTATION_KINDS,
    RULE_ID,
    Book,
    Spec,
    SpecError,
    book_folders,
    load_book,
    load_spec,
    spec_dir,
    use_game_books,
)
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError

# ----------------------------------------------------------------- the real spec


@pytest.fixture(scope="module")
def spec() -> Spec:
    return load_spec()


def test_real_spec_loads(spec: Spec) -> None:
    """One book per file of ``spec/``, each the book of a registered game, in that game's language."""
    books = [b for b in spec.books if Path(b.path).parent == spec_dir()]
    assert [b.game for b in books] == [p.stem for p in sorted(spec_dir().glob("*.toml"))]
    assert {b.game for b in books} <= set(rules.games.GAMES) and len(books) >= 4
    assert all(b.language == rules.games.load(b.game).info.languages[0] for b in books)
    assert spec.book("claim2").namespaces == ("claim", "claim-combined")
    claim = spec.book("claim")
    assert claim.language == "cs"
    assert claim.languages == ("cs", "en")
    assert claim.title.get("en") == "Claim"
    assert len(claim.rules) > 30


def test_real_spec_ids_are_unique_and_well_formed(spec: Spec) -> None:
    ids = [r.id for r in spec.rules]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})
    bad = [r.id for b in spec.books for r in b.rules
           if not RULE_ID.match(r.id) or r.id.split(".")[0] not in (b.game, *b.namespaces)]
    assert not bad


def test_real_spec_speaks_both_languages_everywhere(spec: Spec) -> None:
    for book in spec.books:
        for section in book.sections:
            assert section.title.languages == book.languages
        for rule in book.rules:
            for text in (rule.title, rule.text, *(a.text for a in rule.annotations)):
                assert text.languages == book.languages, rule.id
                assert all(text.get(lang).strip() for lang in book.languages), rule.id
                assert text.get("cs") != "" and text.get("en") != ""


def test_real_spec_rules_are_in_declared_sections_and_links_resolve(spec: Spec) -> None:
    for book in spec.books:
        keys = {s.key for s in book.sections}
        for rule in book.rules:
            assert rule.section in keys, rule.id
            assert rule.game == book.game
            for target in rule.see:
                assert target in spec, f"{rule.id} -> {target}"
            for a in rule.annotations:
                assert a.kind in ANNOTATION_KINDS


def test_spec_lookup(spec: Spec) -> None:
    rule = spec["claim.follow-suit"]
    assert rule.id == "claim.follow-suit"
    assert "claim.follow-suit" in spec
    assert "claim.no-such-rule" not in spec
    assert spec.get("claim.no-such-rule") is None
    with pytest.raises(KeyError):
        spec["claim.no-such-rule"]
    with pytest.raises(KeyError):
        spec.book("no-such-game")
    book = spec.book("claim")
    assert rule in book.rules_in(rule.section)
    assert all(r.section == "scoring" for r in book.rules_in("scoring"))


def test_the_index_by_id_is_the_books_read_in_order(spec: Spec) -> None:
    """``in`` and ``[]`` read an index made with the spec: the same answers as a pass over the
    rules of every book, in order, for every ID, and none for what is no ID (unhashable too)."""
    every = [r for b in spec.books for r in b.rules]
    assert spec.rules == tuple(every)
    for r in every:
        assert r.id in spec and spec[r.id] is next(s for s in every if s.id == r.id)
    for other in ("", "claim", "claim.follow-suit ", ["claim.follow-suit"], {"id": "claim.follow-suit"}, None):
        assert other not in spec
    with pytest.raises(KeyError):
        spec[["claim.follow-suit"]]  # type: ignore[index]
    copied = pickle.loads(pickle.dumps(spec))  # the index pickles with the spec (a study's workers may get one)
    assert copied == spec and copied["claim.follow-suit"] == spec["claim.follow-suit"]


def test_rule_to_json_and_rulings(spec: Spec) -> None:
    rule = spec["claim.scoring.win"]
    data = rule.to_json()
    assert data["id"] == "claim.scoring.win"
    assert set(data["text"]) == {"cs", "en"}
    assert [a["kind"] for a in data["annotations"]] == [a.kind for a in rule.annotations]
    assert rule.rulings and all(a.kind == "ruling" for a in rule.rulings)
    example = next(r for r in spec.rules if any(a.figure for a in r.annotations))
    assert any("figure" in a for a in example.to_json()["annotations"])


def test_example_tricks_name_real_keys(spec: Spec) -> None:
    """Worked examples are data; the claim tests replay them (see test_claim_examples)."""
    tricks = [a.figure for r in spec.book("claim").rules for a in r.annotations if a.figure is not None]
    assert tricks
    for t in tricks:
        assert {"phase", "lead", "follow", "winner"} <= set(t)
        assert t["winner"] in ("leader", "follower")
        assert ("revealed" in t) == (t["phase"] == 1)


# ----------------------------------------------------------------- malformed files

BOOK = """\
[book]
game = "toy"
language = "cs"
title = { cs = "Hra", en = "Game" }
seeds = ["seed.txt"]

[[section]]
key = "play"
title = { cs = "Hra", en = "Play" }
"""

RULE = """
[[rule]]
id = "{id}"
section = "{section}"
title = {{ cs = "Pravidlo", en = "Rule" }}
text = {{ cs = "Text.", en = "Text." }}
source = {{ seed = "seed.txt", section = "HRA" }}
{extra}
"""


def rule(id: str = "toy.first", section: str = "play", extra: str = "") -> str:
    return RULE.format(id=id, section=section, extra=extra)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(folder: Path) -> SpecError:
    with pytest.raises(SpecError) as info:
        load_spec(str(folder))
    assert isinstance(info.value, MalformedError)
    return info.value


def test_minimal_valid_file_loads(tmp_path: Path) -> None:
    write(tmp_path, "toy.toml", BOOK + rule() + rule("toy.second", extra='see = ["toy.first"]'))
    spec = load_spec(str(tmp_path))
    assert [r.id for r in spec.rules] == ["toy.first", "toy.second"]
    assert spec["toy.second"].see == ("toy.first",)
    assert isinstance(spec.book("toy"), Book)
    assert spec["toy.first"].text == Text((("cs", "Text."), ("en", "Text.")))


def test_duplicate_id_in_one_file(tmp_path: Path) -> None:
    path = write(tmp_path, "toy.toml", BOOK + rule() + rule())
    err = load_error(tmp_path)
    assert str(path) in str(err) and err.where == str(path)
    assert "toy.first" in str(err) and "duplicate" in str(err)


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", BOOK + rule())
    second = write(tmp_path, "b.toml", BOOK + rule())
    err = load_error(tmp_path)
    assert "toy.first" in str(err) and "duplicate" in str(err)
    assert str(second) in str(err)


def test_missing_english(tmp_path: Path) -> None:
    text = BOOK + rule().replace('text = { cs = "Text.", en = "Text." }', 'text = { cs = "Text." }')
    path = write(tmp_path, "toy.toml", text)
    err = load_error(tmp_path)
    assert str(path) in str(err) and "toy.first" in str(err)
    assert "en" in err.detail and "missing" in err.detail


def test_blank_text_counts_as_missing(tmp_path: Path) -> None:
    text = BOOK + rule().replace('title = { cs = "Pravidlo", en = "Rule" }', 'title = { cs = "Pravidlo", en = "  " }')
    write(tmp_path, "toy.toml", text)
    err = load_error(tmp_path)
    assert "toy.first.title" in str(err) and "en" in err.detail


def test_unexpected_language(tmp_path: Path) -> None:
    text = BOOK + rule().replace('text = { cs = "Text.", en = "Text." }',
                                 'text = { cs = "Text.", en = "Text.", de = "Text." }')
    write(tmp_path, "toy.toml", text)
    err = load_error(tmp_path)
    assert "toy.first" in str(err) and "de" in err.detail


def test_unknown_field_in_rule(tmp_path: Path) -> None:
    path = write(tmp_path, "toy.toml", BOOK + rule(extra='colour = "red"'))
    err = load_error(tmp_path)
    assert str(path) in str(err) and "toy.first" in str(err) and "colour" in str(err)


def test_unknown_field_in_book_and_top_level(tmp_path: Path) -> None:
    write(tmp_path, "toy.toml", BOOK.replace('seeds = ["seed.txt"]', 'seeds = ["seed.txt"]\nauthor = "x"') + rule())
    assert "author" in str(load_error(tmp_path))
    other = tmp_path / "other"
    other.mkdir()
    write(other, "toy.toml", BOOK + rule() + '\n[extra]\nx = 1\n')
    assert "extra" in str(load_error(other))


QUICK = """
[[quick]]
key = "setup"
title = {{ cs = "Příprava", en = "Setup" }}
text = {{ cs = "Rozdejte (`toy.first`).", en = "Deal (`toy.first`)." }}
{extra}
"""


def test_a_quick_reference_belongs_to_its_chapter(tmp_path: Path) -> None:
    """``[[quick]]`` entries (decision record 0031) load into the book in order, for the book's
    own chapter unless they name a namespace's; any other chapter is refused with its entry."""
    write(tmp_path, "toy.toml", BOOK.replace('seeds = ["seed.txt"]', 'seeds = ["seed.txt"]\nnamespaces = ["toy-two"]')
          + rule() + QUICK.format(extra="") + QUICK.format(extra='chapter = "toy-two"'))
    quick = load_spec(str(tmp_path)).book("toy").quick
    assert [(q.chapter, q.key) for q in quick] == [("toy", "setup"), ("toy-two", "setup")]
    assert quick[0].text.get("en") == "Deal (`toy.first`)." and quick[0].title.get("cs") == "Příprava"
    other = tmp_path / "other"
    other.mkdir()
    path = write(other, "toy.toml", BOOK + rule() + QUICK.format(extra='chapter = "elsewhere"'))
    err = load_error(other)
    assert str(path) in str(err) and "[[quick]] #1" in str(err) and "elsewhere" in str(err)
    third = tmp_path / "third"
    third.mkdir()
    write(third, "toy.toml", BOOK + rule() + QUICK.format(extra="").replace(', en = "Deal (`toy.first`)."', ""))
    assert "[[quick]] #1.text: missing text in en" in str(load_error(third))


def test_unknown_section(tmp_path: Path) -> None:
    path = write(tmp_path, "toy.toml", BOOK + rule(section="nowhere"))
    err = load_error(tmp_path)
    assert str(path) in str(err) and "toy.first" in str(err) and "nowhere" in str(err)


def test_duplicate_section_key(tmp_path: Path) -> None:
    section = '\n[[section]]\nkey = "play"\ntitle = { cs = "Znovu", en = "Again" }\n'
    write(tmp_path, "toy.toml", BOOK + section + rule())
    assert "play" in str(load_error(tmp_path))


@pytest.mark.parametrize("bad", ["Toy.First", "toy", "toy.first_rule", "toy..first", "toy.first-", "toy.-first"])
def test_bad_id_pattern(tmp_path: Path, bad: str) -> None:
    path = write(tmp_path, "toy.toml", BOOK + rule(id=bad))
    err = load_error(tmp_path)
    assert str(path) in str(err)
    assert repr(bad) in str(err) and "[[rule]] #1" in str(err)


def test_id_must_start_with_the_game(tmp_path: Path) -> None:
    write(tmp_path, "toy.toml", BOOK + rule(id="other.first"))
    err = load_error(tmp_path)
    assert "other.first" in str(err) and "'toy.'" in str(err)


def test_unknown_see_target(tmp_path: Path) -> None:
    path = write(tmp_path, "toy.toml", BOOK + rule(extra='see = ["toy.missing"]'))
    err = load_error(tmp_path)
    assert str(path) in str(err) and "toy.first" in str(err) and "toy.missing" in str(err)


def test_bad_annotation_kind(tmp_path: Path) -> None:
    annotation = '\n[[rule.annotation]]\nkind = "rumour"\ntext = { cs = "Text.", en = "Text." }\n'
    path = write(tmp_path, "toy.toml", BOOK + rule() + annotation)
    err = load_error(tmp_path)
    assert str(path) in str(err) and "toy.first" in str(err) and "rumour" in str(err)
    assert "annotation #1" in str(err)


def test_unknown_annotation_fields(tmp_path: Path) -> None:
    """The old ``trick`` table is gone: a worked example's data is its ``figure`` (decision record 0015)."""
    annotation = ('\n[[rule.annotation]]\nkind = "example"\ntext = { cs = "T.", en = "T." }\n'
                  'trick = { phase = 1, lead = "goblin:1", follow = "goblin:2", winner = "follower" }\n')
    write(tmp_path, "toy.toml", BOOK + rule() + annotation)
    err = load_error(tmp_path)
    assert "toy.first" in str(err) and "trick" in str(err) and "figure" in str(err)


def test_informative_must_be_boolean(tmp_path: Path) -> None:
    write(tmp_path, "toy.toml", BOOK + rule(extra='informative = "yes"'))
    assert "toy.first.informative" in str(load_error(tmp_path))


def test_missing_source(tmp_path: Path) -> None:
    text = BOOK + rule().replace('source = { seed = "seed.txt", section = "HRA" }', "")
    write(tmp_path, "toy.toml", text)
    assert "toy.first.source" in str(load_error(tmp_path))


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "toy.toml", BOOK + "[[rule]\n")
    with pytest.raises(SpecError) as info:
        load_book(path)
    assert info.value.where == str(path) and "TOML" in str(info.value)


def test_empty_folder(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no spec files"):
        load_spec(str(tmp_path))


# ----------------------------------------------------------------- namespaces and figures


def test_a_book_may_state_rules_of_its_namespaces(tmp_path: Path) -> None:
    book = BOOK.replace('seeds = ["seed.txt"]', 'seeds = ["seed.txt"]\nnamespaces = ["base", "toy-combined"]')
    write(tmp_path, "toy.toml", book + rule() + rule("base.first.multiplayer") + rule("toy-combined.deck"))
    spec = load_spec(str(tmp_path))
    assert spec.book("toy").namespaces == ("base", "toy-combined")
    assert [r.id for r in spec.rules] == ["toy.first", "base.first.multiplayer", "toy-combined.deck"]
    assert {r.game for r in spec.rules} == {"toy"}  # a rule's game is the book that states it


def test_an_id_outside_the_namespaces_is_refused(tmp_path: Path) -> None:
    book = BOOK.replace('seeds = ["seed.txt"]', 'seeds = ["seed.txt"]\nnamespaces = ["base"]')
    write(tmp_path, "toy.toml", book + rule("other.first"))
    err = load_error(tmp_path)
    assert "other.first" in str(err) and "'toy.'" in str(err) and "'base.'" in str(err)


def test_figure_is_free_form_data_kept_in_the_json(tmp_path: Path) -> None:
    annotation = ('[[rule.annotation]]\nkind = "example"\ntext = { cs = "P.", en = "E." }\n'
                  'figure = { before = [{ owner = 0, cell = [0, 3] }], actor = [0, 3] }\n')
    write(tmp_path, "toy.toml", BOOK + rule() + annotation)
    found = load_spec(str(tmp_path))["toy.first"]
    assert found.annotations[0].figure == {"before": [{"owner": 0, "cell": [0, 3]}], "actor": [0, 3]}
    assert found.to_json()["annotations"][0]["figure"]["actor"] == [0, 3]


def test_an_example_of_the_librarys_own_is_marked_and_labelled(tmp_path: Path) -> None:
    """Issue 18 §1: ``by = "library"`` marks an example the library wrote, not the book; it is
    kept in the JSON and labelled as the library's in every language."""
    from rules import rulebook

    annotation = '[[rule.annotation]]\nkind = "example"\nby = "library"\ntext = { cs = "P.", en = "E." }\n'
    write(tmp_path, "toy.toml", BOOK + rule() + annotation)
    found = load_spec(str(tmp_path))["toy.first"].annotations[0]
    assert found.by_library and found.kind == "example" and found.label_key == "library-example"
    assert load_spec(str(tmp_path))["toy.first"].to_json()["annotations"][0]["by"] == "library"
    assert rulebook.label("library-example", "cs") == "Příklad knihovny" != rulebook.label("example", "cs")
    for i, wrong in enumerate(('kind = "ruling"\nby = "library"', 'kind = "example"\nby = "book"')):
        folder = tmp_path / f"wrong{i}"  # the loader caches by folder
        folder.mkdir()
        write(folder, "toy.toml", BOOK + rule() + annotation.replace('kind = "example"\nby = "library"', wrong))
        assert "'by' marks an example the library wrote" in str(load_error(folder))


def test_the_librarys_examples_are_the_ones_the_books_do_not_have() -> None:
    """Claim's Czech book has no worked example, so each of Claim's is the library's; Leaders'
    book tells its examples with Agnes and Bruno; Claim 2's five are the book's."""
    spec = load_spec()
    examples = {b.game: [a for r in b.rules for a in r.annotations if a.kind == "example"] for b in spec.books}
    assert examples["claim"] and all(a.by_library for a in examples["claim"])
    assert examples["claim2"] and not any(a.by_library for a in examples["claim2"])
    assert all(a.by_library == ("Agnes" not in a.text.get("cs")) for a in examples["leaders"])


def test_figure_must_be_a_table(tmp_path: Path) -> None:
    annotation = '[[rule.annotation]]\nkind = "example"\ntext = { cs = "P.", en = "E." }\nfigure = 3\n'
    write(tmp_path, "toy.toml", BOOK + rule() + annotation)
    err = load_error(tmp_path)
    assert "toy.first" in str(err) and "figure" in str(err)


# ----------------------------------------------------------------- the books of registered games


@pytest.fixture
def game_books() -> Iterator[None]:
    """Restore the registered games' book folders after a test that sets its own."""
    yield
    rules.games.refresh()


def test_registered_games_books_are_read_after_ours(tmp_path: Path, game_books: None) -> None:
    write(tmp_path, "toy.toml", BOOK + rule())
    before = load_spec()
    use_game_books([tmp_path, spec_dir()])  # the library's own folder is never read twice
    assert book_folders() == (spec_dir(), tmp_path)
    spec = load_spec()
    assert spec.books[:-1] == before.books and spec.books[-1].game == "toy"
    assert spec["toy.first"].game == "toy"
    use_game_books([])
    assert "toy.first" not in load_spec()


def test_a_registered_game_may_not_reuse_our_rule_ids(tmp_path: Path, game_books: None) -> None:
    write(tmp_path, "toy.toml", BOOK.replace('seeds = ["seed.txt"]', 'seeds = ["seed.txt"]\nnamespaces = ["claim"]')
          + rule("claim.follow-suit"))
    use_game_books([tmp_path])
    with pytest.raises(SpecError, match="claim.follow-suit: duplicate ID"):
        load_spec()


def test_an_empty_book_folder_is_named(tmp_path: Path, game_books: None) -> None:
    use_game_books([tmp_path])
    with pytest.raises(SpecError, match=f"no spec files in {tmp_path}"):
        load_spec()
