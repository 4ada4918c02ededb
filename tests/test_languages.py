"""Verdicts wholly in the reader's language (issue 18 §3, decision 0034).

The Czech and Hungarian output of random and mutated records of every game names no
card, character, faction, area or role by its English name and uses none of the
library's English labels; a game without text in the language asked for speaks the
fallback throughout and says so in the language asked for, never a mix of the two.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz import EXAMPLES, SCALE, drawn, mutate, run_cli

from rules import games
from rules.claim.cards import Faction
from rules.kernel.messages import FALLBACK, languages, message
from rules.kernel.simulate import random_record
from rules.leaders.characters import CHARACTERS
from rules.valeria.data import index

GAMES = games.load_all()
#: the variants a random record is drawn in, besides the game's own
VARIANTS: dict[str, list[Any]] = {"valeria": [None, {"players": 5}, {"players": 1},
                                              {"players": 3, "monster_events": True},
                                              {"players": 2, "random_citizens": True}]}
#: the library's own English words a verdict of a book's language must not use
LABELS = ("gold", "strength", "magic", "VP", "Seat", "seat", "citizen", "use", "decline", "legal", "illegal")


def english_names(key: str, lang: str) -> set[str]:
    """The English names of ``key``'s cards, characters, factions, areas and roles that differ
    from their name in ``lang``."""
    if key == "valeria":
        cards = index().cards
        groups = (cards.citizens, cards.starters, cards.monsters, cards.domains, cards.dukes, cards.events,
                  cards.areas, cards.roles, cards.monster_types)
        roles = {r.id for r in cards.roles}  # a role as the card data keys it ("worker"), in the English word
        return {c.name.en for group in groups for c in group if c.name.get(lang) != c.name.en} | roles
    if key == "leaders":
        return {c.name.get("en") for c in CHARACTERS.values() if c.name.get(lang) != c.name.get("en")}
    texts = [t for f in Faction for t in (f.plural, f.genitive)]
    return {t.get("en") for t in texts if t.get(lang) != t.get("en")}


def book_language(key: str) -> str:
    return next(lang for lang in GAMES[key].info.languages if lang != FALLBACK)


def library_text(text: str, record: dict[str, Any]) -> str:
    """What the library wrote: the output without the record's own words (its comment, the
    action an ILLEGAL line quotes) and without a malformed record's reason, which names the
    record's keys."""
    comment = record.get("comment") if isinstance(record, dict) else None
    malformed = {template.split("{error}")[0] for _, template in message("verdict.malformed").by_lang}
    lines = []
    for line in text.splitlines():
        if isinstance(comment, str) and comment and comment in line:
            continue
        for label in malformed:
            if label in line:  # the reason that follows is the schema's text about the record's keys
                line = line[:line.index(label) + len(label)]
        lines.append(re.sub(r"\(\{.*\}\)", "", line))
    return "\n".join(lines)


def english_in(text: str, key: str, lang: str, labels: bool) -> list[str]:
    words = sorted(english_names(key, lang)) + (list(LABELS) if labels else [])
    # the word as a whole word (the pattern); a word not even in the text as a substring cannot be
    return [w for w in words if w in text and re.search(r"(?<![\w.\-\"'])" + re.escape(w) + r"(?![\w\-\"'])", text)]


def judged(tmp_path: Path, record: Any, lang: str, text: str | None = None) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(text if text is not None else json.dumps(record, ensure_ascii=False), encoding="utf-8")
    code, out, err = run_cli(["adjudicate", "--explain", "--lang", lang, str(path)])
    return code, out + err


@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_records_speak_the_books_language_throughout(tmp_path: Path, key: str) -> None:
    lang = book_language(key)
    for variant in VARIANTS.get(key, [None]):
        for seed in range(max(2, SCALE // 5)):
            record = random_record(GAMES[key], seed, variant=variant)
            code, text = judged(tmp_path, record, lang)
            assert code in (0, 1), text[-500:]
            found = english_in(library_text(text, record), key, lang, labels=True)
            assert not found, (key, variant, seed, found)


@settings(max_examples=SCALE, deadline=None)
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_mutated_records_name_no_card_in_english(tmp_path_factory: pytest.TempPathFactory, name: str,
                                                  data: st.DataObject) -> None:
    """A mutated record gets a verdict or a refusal; neither names a card in English (a refusal's
    reason quotes the record's keys, so the labels are checked on verdicts only)."""
    key = EXAMPLES[name]["game"]
    lang = book_language(key)
    text = mutate(EXAMPLES[name], drawn(data))
    try:
        record = json.loads(text)
    except ValueError:
        record = {}
    code, out = judged(tmp_path_factory.mktemp("lang"), record, lang, text=text)
    found = english_in(library_text(out, record), key, lang, labels=code in (0, 1))
    assert not found, (name, found, text[:300])


@pytest.mark.parametrize("name", ["claim/disputed-knight.json", "leaders/disputed-jailer.json",
                                  "valeria/disputed-price.json", "claim2/disputed-crush.json"])
def test_a_game_without_the_language_speaks_the_fallback_throughout(tmp_path: Path, name: str) -> None:
    """``--lang hu`` on a Czech book's record (or ``cs`` on a Hungarian one): the verdict is the
    English one line for line, after one line in the language asked for that says so."""
    record = copy.deepcopy(EXAMPLES[name])
    key = record["game"]
    other = next(lang for lang in languages() if lang not in GAMES[key].info.languages)
    _, english = judged(tmp_path, record, FALLBACK)
    code, asked = judged(tmp_path, record, other)
    said = message("verdict.language").format(game=GAMES[key].info.name)[other]
    line = f"  {message('verdict.language_note')[other]}: {said}"
    lines = asked.splitlines()
    assert line in lines and code == 1
    lines.remove(line)
    assert lines == english.splitlines()
    code, out, _ = run_cli(["adjudicate", "--json", "--lang", other, str(tmp_path / "record.json")])
    verdict = json.loads(out)
    assert verdict["language"] == said and verdict["illegal"]["message"] == \
        json.loads(run_cli(["adjudicate", "--json", str(tmp_path / "record.json")])[1])["illegal"]["message"]


@pytest.mark.rules("valeria.citizens.table", "valeria.monsters.table", "valeria.domains.table", "valeria.dukes.table",
                   "valeria.variants.events.cards")
def test_every_valeria_card_has_a_czech_name_and_each_translation_is_a_stated_ruling() -> None:
    """A Czech name the book does not give is the library's translation, marked in the card
    data and listed, English = Czech, in a ruling of the card tables."""
    from rules.kernel.spec import load_spec

    spec = load_spec()
    rulings = " ".join(a.text.get("en") for r in ("valeria.citizens.table", "valeria.monsters.table",
                                                  "valeria.domains.table", "valeria.dukes.table",
                                                  "valeria.variants.events.cards")
                       for a in spec[r].annotations if a.kind in ("ruling", "clarification"))
    cards = index().cards.all_cards
    assert all(c.name.cs for c in cards)
    translated = [c for c in cards if c.name.cs_by_library]
    assert len(translated) == 43
    for card in translated:
        assert f"{card.name.en} = {card.name.cs}" in rulings, card.id
