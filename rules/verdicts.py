"""One record's verdict as the ``rules`` command writes it (``rules adjudicate``), and its exit status.

:func:`adjudicate_one` is what ``rules adjudicate`` runs for each file: :func:`judge` reads and
replays the record, :func:`write` writes the verdict. The in-page adjudicator (:mod:`rules.web.api`,
decision 0017) judges a record once and writes it each way it shows it through the same
:func:`write`: the two cannot disagree. The module lives apart from :mod:`rules.cli` so that
the page imports the judging and not the command's other parts (the studies' process pools,
argument parsing): fewer modules to import while the engine starts (issue 20 §4).
Exit statuses as :mod:`rules.cli` describes them.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

import attrs

from rules import games
from rules.kernel.messages import group, verdict_language
from rules.kernel.records import Adjudication, Record, adjudicate, parse_record
from rules.kernel.spec import load_spec
from rules.kernel.verdict import MalformedError

EXIT_OK, EXIT_ILLEGAL, EXIT_MALFORMED, EXIT_INTERNAL = 0, 1, 2, 3
#: Where to report an internal error (exit status 3).
REPORT = "please report it to the tabletop-rules maintainers with the command and its input files"

#: The verdict's own words in every language (rules/kernel/messages.toml, decision 0025).
WORDS = group("verdict")


def internal_error(exc: BaseException) -> str:
    """The one line that reports a bug in the library (exit status 3)."""
    try:
        detail = str(exc).splitlines()[0] if str(exc) else ""
    except Exception:  # even the message may fail to print
        detail = ""
    text = printable(f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__)
    return f"internal error, a bug in the library ({text[:300]}); {REPORT}"


def printable(text: str) -> str:
    """``text`` with what UTF-8 cannot encode (lone surrogates) escaped as ``\\udXXX``."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


@attrs.frozen
class Judged:
    """One record read and replayed once: every output :func:`write` makes of it (the JSON
    line, the text, with or without the explanation) comes from this one replay, so the
    in-page adjudicator, which shows all of them, reads and checks a record once."""

    name: str
    game: Any = None
    record: Record | None = None
    verdict: Adjudication | None = None
    #: the verdict was replayed with ``explain``: it can be written with or without the explanation
    explained: bool = False
    #: what stopped the reading or the replay: a :class:`MalformedError`, or a bug (any other exception)
    failure: Exception | None = None


def judge(name: str, load: Callable[[], Any], *, explain: bool) -> Judged:
    """Read the record ``load()`` returns, named ``name``, and replay it (with ``explain``: each
    step's account too). Bad input and bugs are kept in :attr:`Judged.failure` for
    :func:`write` to report, never raised."""
    try:
        record = parse_record(load(), games.load, where=name)
        game = games.load(record.game)
        return Judged(name, game, record, adjudicate(game, record, explain=explain), explain)
    except BrokenPipeError:
        raise
    except Exception as exc:  # MalformedError: exit 2; anything else: a bug, exit 3
        return Judged(name, failure=exc)


def write(judged: Judged, *, lang: str, explain: bool, as_json: bool,
          out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Write exactly what ``rules adjudicate`` writes for the file ``judged`` was read from
    (``as_json``: its JSON line) and return its exit status. ``explain`` needs a record judged
    with ``explain``; one judged so is written without the explanation too."""
    out = out or sys.stdout
    err = err or sys.stderr
    if judged.failure is not None:
        return _failed(judged.name, judged.failure, lang=lang, as_json=as_json, out=out, err=err)
    verdict, game, record = judged.verdict, judged.game, judged.record
    assert verdict is not None and record is not None
    if explain and not judged.explained:
        raise ValueError("write(explain=True) needs a record judged with explain=True")
    if judged.explained and not explain:  # the verdict an unexplained replay gives
        verdict = attrs.evolve(verdict, trace=(), step_starts=())
    try:
        spoken = verdict_language(game.info.languages, lang)
        # a game without text in LANG speaks the fallback throughout, and says so in LANG (decision 0034)
        said = WORDS["language"].format(game=game.info.name)[lang] if spoken != lang else None
        if as_json:
            emit({**verdict_json(judged.name, game, verdict, spoken), **({"language": said} if said else {})}, out)
        else:
            print_verdict(judged.name, game, verdict, spoken, explain, out, comment=record.comment,
                          language=f"{WORDS['language_note'][lang]}: {said}" if said else None)
    except BrokenPipeError:
        raise
    except Exception as exc:
        return _failed(judged.name, exc, lang=lang, as_json=as_json, out=out, err=err)
    if verdict.impossible:  # a chance outcome that cannot occur: the record is malformed or impossible
        return EXIT_MALFORMED
    return EXIT_OK if verdict.legal else EXIT_ILLEGAL


def _failed(name: str, exc: Exception, *, lang: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    """Report bad input (a :class:`MalformedError`: exit 2) or a bug (exit 3) as ``rules
    adjudicate`` does, and return the exit status."""
    if isinstance(exc, MalformedError):
        if as_json:
            emit({"file": name, "legal": None, "finished": None, "illegal": None, "result": None,
                  "error": str(exc)}, out)
        else:
            print(printable(f"{name}: {WORDS['malformed'].format(error=exc.detail)[lang]}"), file=err)
        return EXIT_MALFORMED
    if as_json:  # the caller judges the other files; exit 3, not 1
        emit({"file": name, "legal": None, "finished": None, "illegal": None, "result": None,
              "error": internal_error(exc), "internal": True}, out)
    print(printable(f"{name}: {internal_error(exc)}"), file=err)
    return EXIT_INTERNAL


def adjudicate_one(name: str, load: Callable[[], Any], *, lang: str, explain: bool, as_json: bool,
                   out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Judge the record ``load()`` returns, named ``name``, and write exactly what
    ``rules adjudicate`` writes for one file (``as_json``: its JSON line); return
    that file's exit status. The CLI and the in-page adjudicator (:mod:`rules.web`,
    docs/decisions/0017-in-page-adjudicator.md) both write through :func:`write`."""
    return write(judge(name, load, explain=explain), lang=lang, explain=explain, as_json=as_json, out=out, err=err)


def verdict_json(name: str, game: Any, v: Adjudication, lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {"file": name, "legal": v.legal, "finished": v.finished, "illegal": None,
                           "result": v.result.to_json() if v.result else None, "actions": v.actions}
    if v.illegal:
        out["illegal"] = {"index": v.illegal.index, "action": game.action_to_json(v.illegal.action),
                          **v.illegal.violation.to_json(lang)}
        if v.illegal.impossible:
            out["impossible"] = True
    if v.notes:
        out["notes"] = [note[lang] for note in v.notes]
    if v.trace:
        out["explanation"] = [line[lang] for line in v.trace]
    if v.result and v.result.lines:
        out["scoring"] = [line[lang] for line in v.result.lines]
    return out


def print_verdict(name: str, game: Any, v: Adjudication, lang: str, explain: bool,
                   out: TextIO | None = None, comment: str | None = None, language: str | None = None) -> None:
    """The verdict as text; any string the record held prints (see :func:`printable`).
    ``language``: the line that says the verdict is in another language than asked for."""
    lines: list[str] = []
    if comment:
        lines.append(f"{name}: {comment}")
    if language:
        lines.append(f"  {language}")
    for note in v.notes:
        lines.append(f"  {WORDS['note'][lang]}: {note[lang]}")
    if explain:  # the trace first, so the verdict is the last thing read
        lines.extend(f"  {line[lang]}" for line in v.trace)
    if v.legal:
        key = "legal_finished" if v.finished else "legal_unfinished"
        lines.append(f"{name}: {WORDS[key].format(n=v.steps)[lang]}")
    else:
        assert v.illegal is not None
        action = json.dumps(game.action_to_json(v.illegal.action), ensure_ascii=False)
        word = "impossible" if v.illegal.impossible else "illegal"
        lines.append(f"{name}: {WORDS[word].format(i=v.illegal.index + 1, n=v.actions, action=action)[lang]}")
    if v.illegal:
        spec = load_spec()
        lines.append(f"  {v.illegal.violation.message[lang]}")
        for rule_id in v.illegal.violation.rules:
            rule = spec.get(rule_id)
            title = rule.title[lang] if rule else "?"
            lines.append(f"  {WORDS['breaks'][lang]} {rule_id} ({title})")
            if rule:
                lines.append(indent(rule.text[lang], "    > "))
    if v.result:
        lines.extend(f"  {line[lang]}" for line in v.result.lines)
        seats = (", ".join(WORDS["seat"].format(s=s)[lang] for s in v.result.winners) or v.result.automaton
                 or WORDS["nobody"][lang])
        lines.append(f"  {WORDS['winners'].format(w=seats)[lang]}")
    (out or sys.stdout).write("".join(printable(line) + "\n" for line in lines))


def emit(obj: dict[str, Any], out: TextIO | None = None) -> None:
    """One JSON object on one line; a lone surrogate a record held is written as its JSON escape."""
    print(_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=False)),
          file=out or sys.stdout)


_SURROGATE = re.compile(r"[\ud800-\udfff]")


def indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line if line else prefix.rstrip() for line in text.splitlines())
