"""Small kernel pieces: ``Text``, the logic vocabulary, verdicts, the rule
registry and the static citation scanner."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.kernel import citations, registry
from rules.kernel.game import Game
from rules.kernel.logic import CONCRETE, symbolic
from rules.kernel.pictures import escaped
from rules.kernel.records import canonical_json, object_with
from rules.kernel.text import Text
from rules.kernel.verdict import IllegalActionError, MalformedError, Violation, refuse

# ----------------------------------------------------------------- Text


def test_text_get_and_fallbacks() -> None:
    t = Text.of(cs="Ahoj", en="Hello")
    assert t.languages == ("cs", "en")
    assert t.get("cs") == "Ahoj" and t["en"] == "Hello"
    assert t.get("hu") == "Hello"  # falls back to English
    assert Text.of(cs="Jen česky").get("hu") == "Jen česky"  # then to the first language
    assert Text(()).get("en") == ""


def test_text_from_mapping_to_json_and_equality() -> None:
    t = Text.from_mapping({"cs": "a", "en": "b"})
    assert t == Text.of(cs="a", en="b")
    assert t.to_json() == {"cs": "a", "en": "b"}
    assert hash(t) == hash(Text.of(cs="a", en="b"))


def test_text_format_fills_each_language_and_nested_texts() -> None:
    who = Text.of(cs="skřet", en="goblin")
    t = Text.of(cs="{n}× {who}", en="{n} × {who}").format(n=3, who=who)
    assert t.get("cs") == "3× skřet"
    assert t.get("en") == "3 × goblin"


# ----------------------------------------------------------------- logic vocabulary


def test_concrete_vocabulary() -> None:
    L = CONCRETE
    assert L.And() is True and L.Or() is False
    assert L.And(True, 1 < 2) is True and L.And(True, False) is False
    assert L.Or(False, 3 == 3) is True
    assert L.Not(False) is True
    assert L.If(True, "a", "b") == "a" and L.If(0, "a", "b") == "b"
    assert L.Sum(1, 2, 3) == 6 and L.Sum() == 0
    assert L.Div(7, 3) == 2 and L.Div(6, 3) == 2 and L.Div(0, 4) == 0
    assert repr(L) == "CONCRETE"


def test_symbolic_vocabulary_builds_z3_terms() -> None:
    z3 = pytest.importorskip("z3")
    L = symbolic()
    x, y = z3.Ints("x y")
    solver = z3.Solver()
    # The same expression the engine evaluates concretely is a Z3 formula here.
    claim = L.If(L.And(x > 0, L.Or(y == 1, L.Not(y == 1))), L.Sum(x, y), L.Sum())
    solver.add(x == 2, y == 5, claim != 7)
    assert solver.check() == z3.unsat
    assert z3.is_true(z3.simplify(L.And())) and z3.is_false(z3.simplify(L.Or()))
    assert z3.simplify(L.Sum()).as_long() == 0
    # Division rounds down for every non-negative numerator and positive divisor, like ``//``.
    solver = z3.Solver()
    solver.add(x >= 0, y >= 1, z3.Not(z3.And(L.Div(x, y) * y <= x, x < (L.Div(x, y) + 1) * y)))
    assert solver.check() == z3.unsat
    assert z3.simplify(L.Div(7, y)).eq(z3.simplify(z3.IntVal(7) / y)) and L.Div(7, 2) == 3
    assert repr(L) == "SYMBOLIC"


def test_same_rule_function_runs_concretely_and_symbolically() -> None:
    z3 = pytest.importorskip("z3")
    from rules.claim.trick import may_follow

    assert may_follow(0, 0, True) is True
    L = symbolic()
    f, lead = z3.Ints("f lead")
    holds = z3.Bool("holds")
    term = may_follow(f, lead, holds, L)
    assert z3.is_expr(term)
    solver = z3.Solver()
    solver.add(f == 1, lead == 0, holds, term)  # an off-faction non-Doppelganger while holding the lead
    assert solver.check() == z3.unsat


# ----------------------------------------------------------------- verdicts


def test_violation_and_errors() -> None:
    v = Violation(("claim.follow-suit",), Text.of(cs="Musíte ctít barvu.", en="You must follow suit."))
    assert v.to_json() == {"rules": ["claim.follow-suit"], "message": "You must follow suit."}
    assert v.to_json("cs")["message"] == "Musíte ctít barvu."
    err = IllegalActionError(v)
    assert err.violation is v and "claim.follow-suit" in str(err) and "follow suit" in str(err)
    assert isinstance(err, ValueError)
    m = MalformedError("bad thing", where="file.json")
    assert str(m) == "file.json: bad thing" and m.where == "file.json" and m.detail == "bad thing"
    assert str(MalformedError("bad")) == "bad"


# ----------------------------------------------------------------- registry


@pytest.fixture
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register into a private table, so test functions never leak into the real one."""
    monkeypatch.setattr(registry, "_IMPLEMENTATIONS", {})


def test_implements_registers_and_returns_the_function(empty_registry: None) -> None:
    def rule_fn() -> int:
        return 1

    marked = registry.implements("toy.a", "toy.b")(rule_fn)
    assert marked is rule_fn and marked() == 1
    assert rule_fn.__rules__ == ("toy.a", "toy.b")  # type: ignore[attr-defined]
    assert registry.cited_rules() == {"toy.a", "toy.b"}
    (impl,) = registry.implementations("toy.a")
    assert impl.qualname.endswith("rule_fn") and impl.file == __file__ and impl.line > 0
    assert len(registry.implementations()) == 2
    assert registry.implementations("toy.none") == ()
    registry.implements("toy.a")(rule_fn)  # idempotent per (rule, function)
    assert len(registry.implementations("toy.a")) == 1


def test_real_registry_knows_claim() -> None:
    import rules.games

    rules.games.load_all()
    impls = registry.implementations("claim.follow-suit")
    assert any(i.qualname.endswith("may_follow") for i in impls)
    assert all(i.module.startswith("rules.") for i in registry.implementations())


# ----------------------------------------------------------------- citations

SAMPLE = '''
import pytest

pytestmark = [pytest.mark.rules("toy.module")]

@pytest.mark.rules("toy.a", "toy.b")
def test_one(): pass

def test_plain(): pass

def helper(): pass

@pytest.mark.rules("toy.c")
class TestGroup:
    @pytest.mark.rules("toy.d")
    def test_two(self): pass

    def test_three(self): pass

@pytest.mark.slow
def test_other_marker(): pass
'''


def test_citation_scanner(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "sub").mkdir(parents=True)
    (tests / "sub" / "test_sample.py").write_text(SAMPLE, encoding="utf-8")
    found = {c.name: c for c in citations.scan(tests)}
    assert found["test_one"].rules == ("toy.module", "toy.a", "toy.b")
    assert found["test_plain"].rules == ("toy.module",)
    assert "helper" not in found
    assert found["TestGroup"].rules == ("toy.module", "toy.c")
    assert found["TestGroup::test_two"].rules == ("toy.module", "toy.c", "toy.d")
    assert found["TestGroup::test_three"].rules == ("toy.module", "toy.c")
    assert found["test_other_marker"].rules == ("toy.module",)
    assert found["test_one"].file == "tests/sub/test_sample.py"
    table = citations.by_rule(found.values())
    assert {c.name for c in table["toy.d"]} == {"TestGroup::test_two"}


def test_claim_is_a_game() -> None:
    from rules.claim import CLAIM

    assert isinstance(CLAIM, Game)
    assert CLAIM.info.key == "claim" and CLAIM.info.players == (2,)
    assert CLAIM.info.languages == ("cs", "en")


def test_refuse_names_one_rule_or_several_and_fills_the_message() -> None:
    """The one helper every game's refusals use (rules.kernel.verdict.refuse)."""
    one = refuse("g.rule", Text.of(cs="hráč {s}", en="seat {s}"), s=1)
    assert one == Violation(("g.rule",), Text.of(cs="hráč 1", en="seat 1"))
    several = refuse(["g.a", "g.b"], Text.of(en="no"))
    assert several.rules == ("g.a", "g.b") and several.message.get("en") == "no"


def test_object_with_opens_every_record_object_reader() -> None:
    """rules.kernel.records.object_with: a JSON object with known keys, else a MalformedError naming where."""
    assert object_with({"a": 1}, "setup", ("a", "b"), "an object with a and b") == {"a": 1}
    with pytest.raises(MalformedError, match="^'setup' must be an object with a and b$"):
        object_with([1], "setup", ("a", "b"), "an object with a and b")
    with pytest.raises(MalformedError, match="^position: unknown field[(]s[)] c, d$"):
        object_with({"a": 1, "d": 2, "c": 3}, "position", {"a"}, "an object")


# ----------------------------------------------------------------- written without the standard helper


@given(st.text(alphabet=st.sampled_from("&<>;amp gtl\"'é")) | st.text())
def test_escaped_writes_what_saxutils_escape_writes(text: str) -> None:
    """rules.kernel.pictures.escaped, which spares the pictures the import of ``xml.sax.saxutils``."""
    assert escaped(text) == escape(text)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4))


@given(JSON)
def test_canonical_json_is_json_dumps_with_sorted_keys_and_non_ascii_kept(value: Any) -> None:
    """rules.kernel.records.canonical_json keeps one encoder instead of ``json.dumps``'s new one per call."""
    assert canonical_json(value) == json.dumps(value, sort_keys=True, ensure_ascii=False)
