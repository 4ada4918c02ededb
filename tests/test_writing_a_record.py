"""The "Writing a record" page (docs/writing-records.rst, issue 18 §2): every JSON example on it
is read by the library as the page says. Each ``.. code-block:: json`` follows a comment
``.. snippet: KIND [illegal N RULE]``: action lines of a game parse and write back the same, a
record adjudicates to the verdict the comment states."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules import games
from rules.kernel.records import adjudicate, parse_record
from rules.kernel.schema import validate_record

PAGE = Path(__file__).resolve().parents[1] / "docs" / "writing-records.rst"
_SNIPPET = re.compile(r"^\.\. snippet: (?P<kind>[^\n]+)\n\n\.\. code-block:: json\n\n(?P<body>(?:   [^\n]*\n|\n)+)",
                      re.MULTILINE)


def snippets() -> list[tuple[str, str]]:
    found = [(m["kind"].strip(), "\n".join(line[3:] for line in m["body"].splitlines()).strip())
             for m in _SNIPPET.finditer(PAGE.read_text(encoding="utf-8"))]
    assert found, "the page has its snippets"
    return found


def test_every_json_block_of_the_page_is_a_snippet_the_suite_reads() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert text.count(".. code-block:: json") == len(snippets())


@pytest.mark.rules("valeria.roll.dice", "valeria.slay.pay-strength")
@pytest.mark.parametrize(("kind", "body"), snippets())
def test_each_snippet_reads_as_the_page_says(kind: str, body: str) -> None:
    words = kind.split()
    if words[0].endswith("-actions"):
        game = games.load(words[0].removesuffix("-actions"))
        for line in body.splitlines():
            data = json.loads(line)
            assert game.action_to_json(game.action_from_json(data)) == data, line
    elif words[0] == "envelope":
        data = json.loads(body)
        assert set(data) == {"format", "game", "variant", "comment", "setup", "actions"}
    else:
        record = parse_record(json.loads(body), games.load)
        verdict = adjudicate(games.load(record.game), record)
        assert words[1] == "illegal" and verdict.illegal is not None
        assert verdict.illegal.index + 1 == int(words[2]) == verdict.actions
        assert words[3] in verdict.illegal.violation.rules


def test_the_dispute_written_at_the_moment_it_arose_is_the_engines_own_position() -> None:
    """The page's two records are one dispute: the position after the roll, written by hand,
    is the one the library writes for the state the roll leads to."""
    valeria = games.load("valeria")
    (_, start), (_, mid) = [(k, b) for k, b in snippets() if k.startswith("valeria-record")]
    from_start, at_moment = json.loads(start), json.loads(mid)
    validate_record(at_moment, "valeria", valeria)
    state = valeria.position_from_json(from_start["position"], from_start["variant"])
    after_roll = valeria.apply(state, valeria.action_from_json(from_start["actions"][0]))
    assert valeria.position_to_json(after_roll) == at_moment["position"]
