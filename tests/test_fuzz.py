"""Bad input, fuzzed: ``rules adjudicate`` on records drawn from the published
schema and on structure-aware mutations of the bundled records, in process and
through the real command (docs/decisions/0013-records-validated-by-schema.md).

Properties: never a traceback; the exit status is 0, 1 or 2 (3 would be a bug
in the library); every record the published schema rejects gives 2. Example
counts follow the Hypothesis profile (tests/conftest.py): a few seconds under
``dev`` and ``ci``, minutes under ``thorough``. Below them, one regression test
per class of bad input the first fuzz found.
"""

from __future__ import annotations

import copy
import io
import itertools
import json
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from schema_strategies import records

from rules import cli, games, verdicts
from rules.kernel.records import adjudicate, parse_json, parse_record, starting_state
from rules.kernel.schema import MAX_DEPTH, _validator, assemble, check_bounds, fragment_of
from rules.kernel.verdict import MalformedError
from rules.valeria.state import ROLL
from rules.web import api

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {p.relative_to(ROOT / "examples").as_posix(): json.loads(p.read_text(encoding="utf-8"))
            for p in sorted((ROOT / "examples").glob("*/*.json"))}
GAMES = games.load_all()
VALIDATOR = Draft202012Validator(assemble(GAMES))
#: examples per fuzz test: a multiple of the profile's count (dev 15, ci 60, thorough 1000)
SCALE = settings.default.max_examples
#: mutated records judged in process: 4 per example in ``thorough`` (4,000), 2 below it (``ci`` 120,
#: ``dev`` 30): each is a full adjudication with text output, the suite's slowest property under ``ci``
#: at 4 per example (docs/performance.rst, "The test suite")
MUTATED = SCALE * (4 if SCALE >= 1000 else 2)
_COUNTER = itertools.count()

# --------------------------------------------------------------------------- running the command


def schema_invalid(text: str) -> bool:
    """Whether the published schema rejects ``text`` (or Python's own JSON reader cannot read it)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return True
    try:
        return not VALIDATOR.is_valid(data)
    except RecursionError:
        return True


def judge(text: str, folder: Path, flags: Sequence[str] = ("--json",)) -> int:
    """Adjudicate ``text`` as a file in process and check the properties; the exit status."""
    path = folder / f"fuzz-{next(_COUNTER)}.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["adjudicate", *flags, str(path)])
    assert "Traceback" not in out + err
    assert code in (0, 1, 2), err
    if "--json" in flags:
        (line,) = out.splitlines()
        verdict = json.loads(line)
        # an impossible record (a chance outcome that cannot occur there) is judged, then exits 2 (decision 0013)
        impossible = ((False, 2),) if verdict.get("impossible") else ()
        assert (verdict["legal"], code) in ((True, 0), (False, 1), (None, 2), *impossible)
    else:
        impossible = any(word in out for word in ("IMPOSSIBLE record", "NEMOŽNÝ záznam", "LEHETETLEN feljegyzés"))
        assert (code == 2) == bool(err or impossible) and len(err.splitlines()) <= 1
    # the schema rejects it -> malformed, read the other way round: a verdict (exit 0 or 1) -> the schema
    # accepts it; a malformed record needs no second validation
    if code != 2:
        assert not schema_invalid(text), f"the schema rejects this record but the verdict was {code}: {text[:300]}"
    return code


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


# --------------------------------------------------------------------------- mutations

#: raw JSON text that no Python value dumps to: each replaces a sentinel string after json.dumps
RAW = ["9" * 5000, "-" + "9" * 5000, "NaN", "Infinity", "-Infinity", "1e999", "[" * 1000 + "]" * 1000,
       '{"a":' * 600 + "0" + "}" * 600, "12345678901234567890", "-0", "1.0", "1e2"]
VALUES: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 4, 5, 7, 52, 10**19, 1.5, 1.0, "", "\ud800",
                     "x\udfffy", "vizier", "hermit-cub", "leader", "goblin:3", "gnome:3", "knight:1", "deck",
                     "actions", "discovery", [], {}, [0, 0], [3, 3], [9, 9], [[0, 0]], {"seat": 0}, ["vizier"],
                     "a" * 300] + [f"\x00raw{i}\x00" for i in range(len(RAW))]
KEYS = ["extra", "variant", "comment", "position", "setup", "seat", "play", "take", "crush", "end", "offer",
        "deck", "banished", "players", "phase", "to_move", "move", "nemesis", "\ud800"]
Choose = Callable[[Sequence[Any]], Any]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*path, i)))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


def mutate(record: dict[str, Any], choose: Choose) -> str:
    """One to three structure-aware edits of ``record`` (a copy), as JSON text."""
    data = copy.deepcopy(record)
    for _ in range(choose([1, 1, 2, 3])):
        paths = _paths(data)
        kind = choose(["replace", "replace", "delete", "duplicate", "add", "number", "swap", "transplant",
                       "truncate"])
        path = choose(paths)
        node = _get(data, path)
        if kind in ("replace", "transplant") and path:
            value = copy.deepcopy(choose(VALUES)) if kind == "replace" else copy.deepcopy(_get(data, choose(paths)))
            _get(data, path[:-1])[path[-1]] = value
        elif kind == "delete" and path:
            del _get(data, path[:-1])[path[-1]]
        elif kind == "duplicate" and isinstance(node, list) and node:
            node.insert(choose(range(len(node) + 1)), copy.deepcopy(choose(node)))
        elif kind == "add" and isinstance(node, dict):
            node[choose(KEYS)] = copy.deepcopy(choose(VALUES))
        elif kind == "add" and isinstance(node, list):
            node.insert(choose(range(len(node) + 1)), copy.deepcopy(choose(VALUES)))
        elif kind == "number" and type(node) is int and path:
            _get(data, path[:-1])[path[-1]] = node + choose([-3, -1, 1, 2, 10, 1000])
        elif kind == "swap" and isinstance(node, list) and len(node) > 1:
            i, j = choose(range(len(node))), choose(range(len(node)))
            node[i], node[j] = node[j], node[i]
        elif kind == "truncate" and isinstance(data.get("actions"), list):
            del data["actions"][choose(range(len(data["actions"]) + 1)):]
    text = json.dumps(data, ensure_ascii=True)
    for i, raw in enumerate(RAW):
        text = text.replace(json.dumps(f"\x00raw{i}\x00"), raw)
    return text


def drawn(data: st.DataObject) -> Choose:
    return lambda options: data.draw(st.sampled_from(list(options)))


# --------------------------------------------------------------------------- the fuzz tests


@settings(max_examples=MUTATED, deadline=None)
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_mutated_records_in_process(folder: Path, name: str, data: st.DataObject) -> None:
    text = mutate(EXAMPLES[name], drawn(data))
    judge(text, folder, data.draw(st.sampled_from([("--json",), ("--json", "--explain"), (), ("--lang", "cs")])))


@settings(max_examples=MUTATED, deadline=None)
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_distinct_actions_answer_as_the_whole_record(name: str, data: st.DataObject) -> None:
    """A record checked with each distinct action once by the quick validator
    (``rules.kernel.schema._Gate``, decision records 0013 and 0051) is valid exactly when the
    game's whole schema says so to ``jsonschema``: a repeated action made bad, a seat beyond the
    variant's players, a mutated setup, an action of two kinds or of none."""
    record = EXAMPLES[name]
    text = mutate(record, drawn(data))
    try:
        mutated = json.loads(text)
        check_bounds(mutated)
    except (ValueError, RecursionError, MalformedError):
        return  # refused before any schema is read
    key = record["game"]
    gate = _validator(key, GAMES[key])
    assert gate.valid(mutated) == gate.record.is_valid(mutated), text[:300]
    assert gate.distinct  # every bundled game's schema lets the short way apply


@pytest.mark.parametrize("key", sorted(GAMES))
def test_records_drawn_from_the_schema_in_process(folder: Path, key: str) -> None:
    fragment = fragment_of(GAMES[key])
    assert fragment is not None

    @settings(max_examples=SCALE, deadline=None)
    @given(records(key, fragment))
    def check(record: dict[str, Any]) -> None:
        assert VALIDATOR.is_valid(record)  # the schema's own records...
        judge(json.dumps(record, ensure_ascii=True), folder)  # ...get a verdict or a clean refusal

    check()


def test_mutated_records_through_the_real_command(tmp_path: Path) -> None:
    """A batch of mutated records through ``python -m rules.cli``: per file the
    same verdict as in process, one JSON line each, no traceback."""
    rng = random.Random(8)
    names = sorted(EXAMPLES)
    texts = [mutate(EXAMPLES[names[i % len(names)]], rng.choice) for i in range(max(30, SCALE))]
    files = []
    expected = []
    for i, text in enumerate(texts):
        path = tmp_path / f"m{i}.json"
        path.write_text(text, encoding="utf-8")
        files.append(str(path))
        expected.append(judge(text, tmp_path))
    done = subprocess.run([sys.executable, "-m", "rules.cli", "adjudicate", "--json", *files],
                          capture_output=True, cwd=ROOT, check=False)
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    assert "Traceback" not in out + err
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["file"] for line in lines] == files
    # an impossible record is judged (legal false) and exits 2 (decision 0013), as judge() counts it
    statuses = [2 if line.get("impossible") else 0 if line["legal"] else 1 if line["legal"] is False else 2
                for line in lines]
    assert statuses == expected
    assert done.returncode == max(expected)


# --------------------------------------------------------------------------- regressions, one per class


def _text(name: str, edit: Callable[[dict[str, Any]], Any]) -> str:
    data = copy.deepcopy(EXAMPLES[name])
    edit(data)
    return json.dumps(data, ensure_ascii=True)


def _raw(name: str, token: str, edit: Callable[[dict[str, Any], str], Any]) -> str:
    data = copy.deepcopy(EXAMPLES[name])
    edit(data, "\x00raw\x00")
    return json.dumps(data).replace(json.dumps("\x00raw\x00"), token)


def _set(path: Sequence[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        _get(data, tuple(path[:-1]))[path[-1]] = value
    return edit


KNIGHT = "claim/disputed-knight.json"
PRICE = "valeria/disputed-price.json"  # two players
JAILER = "leaders/disputed-jailer.json"
POSITION = "leaders/win-this-phase.json"
#: class -> (record text, the words the one-line error must hold)
MALFORMED: dict[str, tuple[str, str]] = {
    "integer of 5000 digits": (_raw(KNIGHT, "9" * 5000, lambda d, t: _set(["setup", "leader"], t)(d)),
                               "an integer of 5000 digits"),
    "integer of 5000 digits in an action": (
        _raw(JAILER, "-" + "9" * 5000, lambda d, t: _set(["actions", 0, "seat"], t)(d)), "an integer of 5000 digits"),
    "nested a thousand deep": (_raw(KNIGHT, "[" * 1000 + "]" * 1000, lambda d, t: d.update(comment=t)),
                               f"nested more than {MAX_DEPTH} levels deep"),
    "NaN": (_raw(KNIGHT, "NaN", lambda d, t: d.update(comment=t)), "NaN is not a JSON number"),
    "Infinity": (_raw(JAILER, "Infinity", lambda d, t: _set(["actions", 0, "seat"], t)(d)),
                 "Infinity is not a JSON number"),
    "-Infinity": (_raw(KNIGHT, "-Infinity", lambda d, t: _set(["setup", "leader"], t)(d)),
                  "-Infinity is not a JSON number"),
    "1e999": (_raw(KNIGHT, "1e999", lambda d, t: _set(["actions", 0, "seat"], t)(d)), "too large for a number"),
    "comment true": (_text(KNIGHT, lambda d: d.update(comment=True)), "comment: true is not a string"),
    "comment {}": (_text(KNIGHT, lambda d: d.update(comment={})), "comment: {} is not a string"),
    "variant null on Leaders": (_text(JAILER, lambda d: d.update(variant=None)), "has no variants"),
    "variant on Claim": (_text(KNIGHT, lambda d: d.update(variant={"players": 2})), "has no variants"),
    "crush entries that are not cards": (
        _text("claim2/disputed-crush.json", _set(["actions", -1, "crush"], [3, None])), "crush["),
    "crush of a non-Gnome": (
        _text("claim2/disputed-crush.json", _set(["actions", -1, "crush"], ["goblin:3"])), "A Gnome card"),
    "more actions than the schema allows": (
        _text("claim/full-game.json", lambda d: d["actions"].append(d["actions"][0])), "53 items; at most 52"),
    "seat beyond the player count": (_text(KNIGHT, lambda d: d["actions"].append({"seat": 2, "play": "goblin:3"})),
                                     "seat: 2 is not one of 0, 1"),
    "seat beyond the variant's player count": (
        _text("claim-combined/three-players.json", _set(["actions", 0, "seat"], 3)),
        "action 1 (index 0): seat: 3 is not one of 0, 1, 2"),
    "comment true, then an action": (
        _text(KNIGHT, lambda d: (d.update(comment=True), d["actions"].append(d["actions"][0]))), "comment"),
    "Leaders card in offer, deck and banished": (
        _text(POSITION, lambda d: d["position"].update(offer=["vizier"], deck=["vizier"], banished=["vizier"])),
        "vizier listed more than once in offer, deck and banished"),
    "Leaders card thrice in the offer": (
        _text(POSITION, lambda d: d["position"].update(offer=["vizier", "vizier", "vizier"])),
        'position.offer: lists "vizier" more than once'),
    "Leaders card twice in the deck": (
        _text(POSITION, lambda d: d["position"].update(deck=["vizier", "vizier"])), "more than once"),
    "Valeria seat beyond the player count": (
        _text(PRICE, _set(["actions", 3, "seat"], 2)), "action 4 (index 3): seat: 2 is not one of 0, 1"),
    "Valeria seat beyond the player count in a target": (
        _text(PRICE, lambda d: d["actions"].insert(2, {"seat": 0, "take_from": 3})),
        "action 3 (index 2): take_from: 3 is not one of 0, 1"),
    "Valeria seat beyond the solo player": (
        _text("valeria/solo-win.json", _set(["actions", 2, "seat"], 1)), "action 3 (index 2): seat: 1 is not one of 0"),
    "more Valeria actions than the bound": (
        _text(PRICE, lambda d: d.update(actions=[d["actions"][0]] * 5001)), "actions: 5001 items; at most 5000"),
    "the bound before each action": (  # every action malformed: the count is still what is reported
        _text("claim/full-game.json", lambda d: d.update(actions=[{"seat": "Alice"}] * 100_000)),
        "actions: 100000 items; at most 52 allowed"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_each_class_of_bad_input_is_malformed(folder: Path, case: str) -> None:
    text, words = MALFORMED[case]
    path = folder / "case.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli(["adjudicate", str(path)])
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"{path}: malformed: ") and words in line, line


@pytest.mark.parametrize("where", ["comment", "faction"])
def test_a_lone_surrogate_prints(folder: Path, where: str) -> None:
    if where == "comment":
        text = _text(KNIGHT, lambda d: d.update(comment="disputed \ud800 play"))
        expected = 1  # the record is well formed and its last action illegal
    else:
        text = _text("claim-combined/three-players.json", _set(["variant", "factions", 0], "\ud800"))
        expected = 2
    for flags in ((), ("--json",), ("--explain", "--lang", "cs")):
        path = folder / "surrogate.json"
        path.write_text(text, encoding="utf-8")
        code, out, err = run_cli(["adjudicate", *flags, str(path)])
        assert code == expected and "Traceback" not in err
        if "--json" not in flags:  # the text names the string by its escape
            assert "\\ud800" in out + err
        elif expected == 2:  # the error message names it by its JSON escape
            assert '"\\ud800" is not one of' in json.loads(out)["error"]


def test_the_verdict_printer_escapes_what_the_stream_cannot_encode() -> None:
    game = GAMES["claim"]
    record = parse_record(EXAMPLES[KNIGHT], games.load)
    verdict = adjudicate(game, record)
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    verdicts.print_verdict("x\udcff.json", game, verdict, "en", False, out=stream, comment="a \ud800 b")
    stream.flush()
    text = stream.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    assert text.startswith("x\\udcff.json: a \\ud800 b\n") and "ILLEGAL" in text


def test_json_output_writes_a_lone_surrogate_as_its_escape(capsys: pytest.CaptureFixture[str]) -> None:
    verdicts.emit({"file": "\ud800.json"})
    line = capsys.readouterr().out
    assert line == '{"file": "\\ud800.json"}\n' and json.loads(line) == {"file": "\ud800.json"}


@pytest.mark.parametrize("value, words", [
    (10**30, "integer of about 31 digits"), (float("nan"), "nan is not a JSON number"),
    (float("inf"), "inf is not a JSON number"),
])
def test_parse_record_bounds_numbers_from_python_callers(value: Any, words: str) -> None:
    record = copy.deepcopy(EXAMPLES[KNIGHT])
    record["setup"]["leader"] = value
    with pytest.raises(MalformedError, match=words) as info:
        parse_record(record, games.load, where="r")
    assert str(info.value).startswith("r: setup.leader: ")


def test_parse_record_bounds_nesting_from_python_callers() -> None:
    deep: Any = []
    for _ in range(5000):  # deeper than the interpreter could recurse
        deep = [deep]
    record = {**EXAMPLES[KNIGHT], "comment": deep}
    with pytest.raises(MalformedError, match=f"nested more than {MAX_DEPTH} levels deep"):
        parse_record(record, games.load)


def test_nesting_at_the_bound_is_read_and_one_more_is_refused() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(MalformedError, match=r"nested more than 32 levels deep at line 1, column 33"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    in_strings = ["[" * 40, '\\"{' * 40]  # brackets inside strings (and after escaped quotes) do not nest
    assert parse_json(json.dumps(in_strings)) == in_strings


# --------------------------------------------------------------------------- internal errors


def test_an_internal_error_exits_3_with_one_line(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr(verdicts, "adjudicate", broken)
    path = folder / "fine.json"
    path.write_text(json.dumps(EXAMPLES[KNIGHT]), encoding="utf-8")
    code, out, err = run_cli(["adjudicate", str(path), str(folder / "missing.json")])
    assert code == 3 and out == ""
    first, second = err.splitlines()
    assert first.startswith(f"{path}: internal error, a bug in the library (KeyError: 'a bug'); please report")
    assert second.endswith("missing.json: malformed: no such file")  # the other files are still judged
    code, out, _ = run_cli(["adjudicate", "--json", str(path)])
    assert code == 3 and json.loads(out)["internal"] is True


def test_an_internal_error_in_another_command_exits_3(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> Any:
        raise RuntimeError("fragments disagree\nsecond line")

    monkeypatch.setattr(cli.games, "load_all", broken)
    code, out, err = run_cli(["schema"])
    assert code == 3 and out == ""
    assert err == ("rules: internal error, a bug in the library (RuntimeError: fragments disagree); "
                   f"{verdicts.REPORT}\n")


def test_the_exit_statuses_are_documented() -> None:
    assert "3 an internal error" in (cli.__doc__ or "")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "0 legal, 1 illegal by a rule, 2 malformed or impossible, 3 internal error" in readme


# --------------------------------------------------------------------------- the other entry points (issue 18 §5)


@settings(max_examples=SCALE, deadline=None)
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_mutated_records_through_the_pages_api(folder: Path, name: str, data: st.DataObject) -> None:
    """The page's entry (``rules.web.api.call``) gives a mutated record the CLI's exit status,
    never "internal": same input, same answer, whatever the entry point."""
    text = mutate(EXAMPLES[name], drawn(data))
    answer = json.loads(api.call("adjudicate", json.dumps({"text": text, "name": "pasted.json"})))
    assert answer["status"] != "internal", answer
    code = judge(text, folder)
    assert answer["exit"] == code, (answer["json"], text[:300])


def _valeria_position() -> dict[str, Any]:
    """A Valeria position, as ``position_to_json`` writes it, from a bundled game: the start
    of the last turn before its disputed action."""
    game = GAMES["valeria"]
    record = parse_record(EXAMPLES["valeria/disputed-starter-role.json"], games.load)
    state, position = starting_state(game, record), None
    for action in record.actions[:-1]:
        state = game.apply(state, action)
        if state.phase == ROLL:
            position = game.position_to_json(state)
    assert position is not None
    return position


VALERIA_POSITION = _valeria_position()


@settings(max_examples=SCALE * 4, deadline=None)
@given(st.data())
def test_the_valeria_position_reader_without_the_schema(data: st.DataObject) -> None:
    """The reader the page and library users call directly, without the schema: a list or an
    object where a card name belongs (and any other mutation) is a MalformedError, never a
    TypeError."""
    record = {"position": copy.deepcopy(VALERIA_POSITION)}
    text = mutate(record, drawn(data))
    try:
        mutated = json.loads(text)
    except ValueError:
        return  # raw JSON no Python caller passes
    try:
        GAMES["valeria"].position_from_json(mutated.get("position") if isinstance(mutated, dict) else mutated,
                                            {"players": 2})
    except MalformedError:
        pass


@pytest.mark.parametrize("junk", [[], {}, ["goblin"], {"id": "goblin"}, None, 3])
def test_the_valeria_position_reader_refuses_junk_where_a_card_belongs(junk: Any) -> None:
    names = (("seats", 0, "duke"), ("monsters", 0, "stack", 0), ("monsters", 0, "area"), ("citizens", 0, "kind"))
    lists = (("seats", 0, "domains"), ("domains", 0), ("seats", 1, "monsters"))  # a list of names
    for path, value in [*((p, junk) for p in names), *((p, [junk]) for p in lists)]:
        position = copy.deepcopy(VALERIA_POSITION)
        _get(position, path[:-1])[path[-1]] = value
        with pytest.raises(MalformedError):
            GAMES["valeria"].position_from_json(position, {"players": 2})


PANEL_CALLS = [("valeria", "harvest", {"dice": [3, 3], "seats": [{"citizens": {"archer": 1}, "domains": []}, {}]}),
               ("valeria", "payment", {"cost": "recruit", "card": "archer", "pay": {"gold": 4},
                                       "seats": [{"citizens": {"archer": 1}}, {}], "has": {"gold": 5}}),
               ("valeria", "payment", {"cost": "slay", "card": "goblin", "pay": {"strength": 2}}),
               ("claim", "follow", {"lead": "goblin:3", "follow": "knight:5", "hand": ["goblin:2"]}),
               ("leaders", "tap_action", {"seat": 0, "piece": [0, 0], "ability": "move", "cells": [[1, 0]]}),
               (None, "rule", {"rule_id": "claim.knights"}), (None, "variant", {"game": "valeria"})]


@settings(max_examples=SCALE * 4, deadline=None)
@given(st.sampled_from(PANEL_CALLS), st.data())
def test_mutated_arguments_of_the_pages_functions(call: tuple[str | None, str, dict[str, Any]],
                                                  data: st.DataObject) -> None:
    """Every page function, its arguments mutated as records are (a list or an object where a
    name belongs, a bool where a count belongs, a missing or unknown argument): an answer or a
    malformed verdict, never "internal" (which is kept for bugs)."""
    game, name, arguments = call
    text = mutate(arguments, drawn(data))
    answer = json.loads(api.call(name, text, game))
    assert answer.get("status") != "internal", (name, text, answer)
