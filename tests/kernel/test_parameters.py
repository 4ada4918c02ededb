"""The variant declaration (rules.kernel.parameters, decision 0023): what it reads, refuses and generates."""

from __future__ import annotations

import jsonschema
import pytest

from rules.kernel.parameters import Kind, Parameter, Parameters, Refusal
from rules.kernel.text import Text
from rules.kernel.verdict import MalformedError, RulesError

DECLARED = Parameters(
    (
        Parameter("players", Kind.INTEGER, Text.of(en="seats"), ("g.players",), values=(1, 2, 3)),
        Parameter("fast", Kind.BOOLEAN, Text.of(en="a flag"), ("g.fast",), default=False),
        Parameter("level", Kind.CHOICE, Text.of(en="solo only"), ("g.level",), default="easy",
                  values=("easy", "hard"), only_with={"players": (1,)}),
        Parameter("decks", Kind.SUBSET, Text.of(en="decks"), ("g.decks",), values=("a", "b", "c")),
    ),
    (Refusal({"players": 1, "fast": True}, ("g.solo-fast",), Text.of(en="solo is never fast")),),
)


def test_defaults_fill_absent_keys() -> None:
    assert DECLARED.parse(None) == {"players": None, "fast": False, "level": "easy", "decks": None}
    assert DECLARED.parse({"players": 1, "level": "hard", "decks": ["b", "a"]}) == {
        "players": 1, "fast": False, "level": "hard", "decks": ["b", "a"]}


@pytest.mark.parametrize(("variant", "names"), [
    ({"players": 4}, ("variant.players", "1 | 2 | 3", "g.players")),
    ({"players": True}, ("variant.players",)),
    ({"fast": "yes"}, ("variant.fast", "true or false")),
    ({"level": "hard", "players": 2}, ("variant.level", "players 1", "g.level")),
    ({"players": 1, "level": "medium"}, ("variant.level", '"easy" | "hard"')),
    ({"decks": ["a", "a"]}, ("variant.decks", "distinct")),
    ({"decks": ["d"]}, ("variant.decks",)),
    ({"colour": "red"}, ("unknown key 'colour'", '"players"')),
    ([1, 2], ("must be an object",)),
    ({"players": 1, "fast": True}, ("solo is never fast", "g.solo-fast")),
])
def test_bad_variants_name_the_key_and_what_it_allows(variant: object, names: tuple[str, ...]) -> None:
    with pytest.raises(MalformedError) as caught:
        DECLARED.parse(variant)
    assert isinstance(caught.value, RulesError)
    for name in names:
        assert name in str(caught.value)


def test_the_schema_agrees_with_the_reader() -> None:
    schema = DECLARED.schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for good in ({}, {"players": 2, "fast": True, "decks": ["c"]}, {"players": 1, "level": "hard"}):
        assert not list(validator.iter_errors(good))
        DECLARED.parse(good)
    for bad in ({"players": 4}, {"fast": 1}, {"level": "medium"}, {"decks": ["a", "a"]}, {"colour": 1}):
        assert list(validator.iter_errors(bad)), bad
        with pytest.raises(MalformedError):
            DECLARED.parse(bad)


def test_a_declaration_that_names_unknown_parameters_is_refused() -> None:
    flag = Parameter("fast", Kind.BOOLEAN, Text.of(en="a flag"), ("g.fast",))
    with pytest.raises(ValueError, match="twice"):
        Parameters((flag, flag))
    with pytest.raises(ValueError, match="unknown"):
        Parameters((flag,), (Refusal({"slow": True}, (), Text.of(en="")),))
    with pytest.raises(ValueError, match="unknown"):
        Parameters((Parameter("x", Kind.BOOLEAN, Text.of(en=""), (), only_with={"y": (1,)}),))
