"""A formatted :class:`~rules.kernel.text.Text` is filled when it is first read (decision record
0066, :class:`rules.kernel.when_read.MadeWhenRead`): every reader sees the text that filling it at
once would have made, the text stays frozen, and a refusal that nobody reads is never filled."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import games
from rules.kernel.simulate import play_out
from rules.kernel.text import Text
from rules.kernel.when_read import MadeWhenRead

PENDING = Text.__dict__["by_lang"]  # the descriptor: ``PENDING.read`` sees what the slot holds


def filled_at_once(text: Text, **values: Any) -> Text:
    """The reference: each language's template filled now, a text value in that language."""
    return Text(tuple((lang, template.format(**{k: v.get(lang) if isinstance(v, Text) else v
                                                for k, v in values.items()}))
                      for lang, template in text.by_lang))


def unread(text: Text) -> bool:
    return type(PENDING.read(text)) is not tuple


LANGS = ("cs", "hu", "en")
words = st.text(st.characters(codec="utf-8", exclude_characters="{}"), max_size=12)
inner = st.builds(lambda ws: Text(tuple(zip(LANGS, ws))), st.tuples(words, words, words))
values = st.one_of(st.integers(), words, inner, st.tuples(st.integers(), st.integers()))


@given(st.lists(st.sampled_from(LANGS), min_size=1, max_size=3, unique=True), words, words, values, values)
def test_a_formatted_text_reads_as_the_text_filled_at_once(langs: list[str], before: str, between: str,
                                                           a: Any, b: Any) -> None:
    template = Text(tuple((lang, f"{before}{{a}}{between}{{b}}{lang}") for lang in langs))
    reference = filled_at_once(template, a=a, b=b)
    lazy = template.format(a=a, b=b)
    assert unread(lazy)
    assert lazy == reference and reference == lazy  # equality reads it ...
    assert not unread(lazy)  # ... and keeps it
    # each reader below reads a text not yet read
    assert hash(template.format(a=a, b=b)) == hash(reference)
    assert repr(template.format(a=a, b=b)) == repr(reference)
    assert template.format(a=a, b=b).get(langs[-1]) == reference.get(langs[-1])
    assert template.format(a=a, b=b).to_json() == reference.to_json()
    assert pickle.loads(pickle.dumps(template.format(a=a, b=b))) == reference
    assert copy.deepcopy(template.format(a=a, b=b)) == reference
    assert attrs.evolve(template.format(a=a, b=b)) == reference
    assert template.format(a=a, b=b).format() == reference  # a formatted text formats again
    assert Text.of(en="[{t}]").format(t=template.format(a=a, b=b)).get("en") == f"[{reference.get('en')}]"


def test_a_text_stays_frozen_read_or_not() -> None:
    made = Text.of(en="made")
    lazy = Text.of(en="{n}").format(n=1)
    for text in (made, lazy, Text.of(en="{n}").format(n=2)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            text.by_lang = ()  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            object.__setattr__(text, "by_lang", ())
    assert lazy.get("en") == "1" and made.get("en") == "made"
    assert isinstance(Text.__dict__["by_lang"], MadeWhenRead)


def test_a_missing_value_raises_when_the_text_is_read() -> None:
    text = Text.of(cs="{a} a {b}", en="{a} and {b}").format(a=1)
    with pytest.raises(KeyError):
        text.get("en")
    with pytest.raises(KeyError):  # and again: nothing half-filled was kept
        text.get("cs")


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_is_legal_fills_no_refusal(key: str) -> None:
    """What decision 0066 is for: ``is_legal`` on an illegal action formats no text; reading the
    refusal gives the text filled at once."""
    game = games.load(key)
    rng = random.Random(4)
    state = game.initial_state(game.random_setup(rng))
    actions, _ = play_out(game, state, rng, stop_after=30)
    refused = 0
    for action in actions[1:]:
        violation = game.check(state, action)
        if violation is None:
            continue
        assert not game.is_legal(state, action)
        if unread(violation.message):
            refused += 1
            templates, values = PENDING.read(violation.message)
            assert violation.message == filled_at_once(Text(templates), **values)
    assert refused > 0, f"{key}: no refusal was left unfilled"
