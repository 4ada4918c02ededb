"""The ``rules`` command: look rules up, adjudicate records, play and measure.

Exit status of ``rules adjudicate``: 0 every record legal, 1 some record has
an action illegal by a rule, 2 some file is malformed (not a record the
published schema accepts, one its game refuses, or one whose chance outcome
cannot occur), 3 an internal error (a bug in the library, never the input's
fault); the highest status wins. Every other command exits 0 on success, 2 on
bad input and 3 on an internal error. Errors are one clear line on standard
error, never a traceback; any string a record holds prints (characters the
output cannot encode are escaped).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules import games
from rules.kernel.game import HasCommands
from rules.kernel.messages import FALLBACK, languages
from rules.kernel.pictures import Table, Tables
from rules.kernel.records import read_json
from rules.kernel.registry import implementations
from rules.kernel.schema import assemble
from rules.kernel.simulate import VariantError, bench, random_record
from rules.kernel.spec import Rule, SpecError, load_spec
from rules.kernel.verdict import MalformedError
from rules.studies import command as study_command
from rules.studies import policies as named_policies
from rules.verdicts import (
    EXIT_INTERNAL,
    EXIT_MALFORMED,
    EXIT_OK,
    adjudicate_one,
    emit,
    indent,
    internal_error,
    printable,
)


class UsageError(Exception):
    """Bad command-line input: reported on one line, exit status 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit status: 0 legal / done, 1 illegal by a rule, 2 malformed input,
    3 internal error (a bug in the library)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):  # never crash on a string the input held
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        parser = _parser(argv)
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.print_help()
            return EXIT_MALFORMED
        code: int = args.run(args)
        return code
    except (UsageError, MalformedError, SpecError) as exc:
        print(f"rules: {printable(str(exc))}", file=sys.stderr)
        return EXIT_MALFORMED
    except BrokenPipeError:  # e.g. `rules rules | head`
        return EXIT_OK
    except Exception as exc:  # a bug must not look like a verdict (exit 1): exit 3
        print(f"rules: {internal_error(exc)}", file=sys.stderr)
        return EXIT_INTERNAL


def _parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The command line; a game's own commands are added only when ``argv``
    names that game, so other commands do not import every game at start-up."""
    p = argparse.ArgumentParser(prog="rules", description=__doc__.splitlines()[0],
                                epilog="A game may have commands of its own: rules GAME COMMAND FILE; "
                                       "rules GAME -h lists them. "
                                       "Exit status: 0 legal (or done), 1 illegal by a rule, 2 malformed "
                                       "input, 3 internal error (a bug in the library).")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    a = sub.add_parser("adjudicate", help="replay game records and judge every action",
                       description="Replay game records and judge every action. Exit status: 0 every record "
                                   "legal, 1 an action illegal by a rule, 2 a file malformed, 3 an internal "
                                   "error (a bug in the library); the highest wins.")
    a.add_argument("files", nargs="+", metavar="FILE", help="rules-record/1 JSON files")
    a.add_argument("--lang", default=FALLBACK, metavar="LANG",
                   help=f"language of explanations: a rulebook's language or {FALLBACK} (default)")
    a.add_argument("--explain", action="store_true",
                   help="step by step: what each action did, by which rules, and what the engine did by itself")
    a.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    a.set_defaults(run=_adjudicate)

    r = sub.add_parser("rule", help="print one rule in both languages with its annotations")
    r.add_argument("id", help="a rule ID, BOOK.NAME (`rules rules` lists them)")
    r.add_argument("--json", action="store_true")
    r.set_defaults(run=_rule)

    rs = sub.add_parser("rules", help="list the rules of a game")
    rs.add_argument("--game", default=None, help="a game key (default: all)")
    rs.add_argument("--json", action="store_true", help="one JSON object per rule, one per line")
    rs.set_defaults(run=_rules)

    variants = _variants_help(argv)
    pl = sub.add_parser("play", help="write a random legal record", epilog=variants,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    pl.add_argument("game", help=f"the game: {_game_keys()}")
    pl.add_argument("--seed", type=int, default=0, help="random seed (the same seed, the same record)")
    pl.add_argument("--output", "-o", default="-", help="file to write (default: standard output)")
    pl.add_argument("--stop-after", type=int, default=None, metavar="N", help="stop the record after N actions")
    pl.add_argument("--variant", default=None, metavar="JSON",
                    help="the game's variant, a JSON object of its parameters (listed below with -h; "
                         "default: the game's own or random)")
    pl.add_argument("--policy", default=None, metavar="P[,P...]",
                    help="a policy per seat (random, first, greedy, and any the game adds: see `rules study -h`), "
                         "the last serving the rest; each seat draws from its own generator (default: every "
                         "choice uniform)")
    pl.set_defaults(run=_play)

    b = sub.add_parser("bench", help="play random complete games and report games per second", epilog=variants,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    b.add_argument("game", help=f"the game: {_game_keys()}")
    b.add_argument("--games", type=int, default=1000)
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--json", action="store_true")
    b.add_argument("--variant", default=None, metavar="JSON", help="the game's variant, as for `rules play`")
    b.add_argument("--max-actions", type=int, default=None, metavar="N",
                   help="end a game after N actions (for games that need not end)")
    b.set_defaults(run=_bench)

    st = sub.add_parser("study", help="play many games by policies: wins per seat with intervals, lengths, "
                                      "what decided them", description="Play many seeded games by policies "
                                      "and summarise them (docs/studies.rst).")
    study_command.configure(st)
    st.set_defaults(run=_study)

    cd = sub.add_parser("cards", help="print a game's data tables (its cards, pieces, counts) from the installed data",
                        description="Print the tables of a game's data that its rules state (the rulebook shows "
                                    "them under those rules), from the data installed with the library.")
    cd.add_argument("game", help=f"the game: {_game_keys()}")
    cd.add_argument("--table", default=None, metavar="KEY", help="only this table (default: every table)")
    cd.add_argument("--lang", default=FALLBACK, metavar="LANG", help=f"the language of the cells (default {FALLBACK})")
    cd.add_argument("--json", action="store_true", help="one JSON object per table, one per line")
    cd.set_defaults(run=_cards)

    s = sub.add_parser("schema", help="print the JSON Schema of game records (of one game, or of all)")
    s.add_argument("game", nargs="?", default=None, help=f"only this game's schema: {_game_keys()}")
    s.set_defaults(run=_schema)

    key = next((a for a in argv if not a.startswith("-")), None)
    game = games.load(key) if key in games.GAMES else None
    if isinstance(game, HasCommands) and game.commands:
        commands = game.commands
        g = sub.add_parser(game.info.key, help=f"commands of {game.info.name.get(FALLBACK)}: {', '.join(sorted(commands))}")
        gsub = g.add_subparsers(dest="game_command", required=True)
        for name, command in sorted(commands.items()):
            c = gsub.add_parser(name, help=command.help, description=command.help)
            command.configure(c)
            c.set_defaults(run=command.run)
    return p


def _variants_help(argv: Sequence[str]) -> str | None:
    """Every registered game's variant parameters, for ``rules play -h`` and ``rules bench -h``
    (from each game's declaration, ``GameInfo.parameters``, decision 0023); only when help is
    asked for, so other commands do not import every game."""
    if not {"-h", "--help"} & set(argv) or not {"play", "bench"} & set(argv):
        return None
    lines = ["variants (--variant JSON), as each game declares them:"]
    for key, game in games.load_all().items():
        declared = game.info.parameters
        if not declared:
            continue
        lines.append(f"  {key}: {declared.describe()}")
        lines.extend(f"    {p.name}: {p.description.get(FALLBACK)} ({', '.join(p.rules)})"
                     + (f"; default {json.dumps(p.default)}" if p.default is not None else "")
                     for p in declared.parameters)
    if len(lines) == 1:
        lines.append("  (no game declares its parameters yet)")
    return "\n".join(lines)


# --------------------------------------------------------------------------- adjudicate


def _check_lang(lang: str) -> None:
    # the fallback is every build's last language: asked for (the default), it needs no reading of the books
    if lang != FALLBACK and lang not in languages():
        raise UsageError(f"--lang {lang!r}: choose one of {', '.join(languages())}")


def _adjudicate(args: argparse.Namespace) -> int:
    _check_lang(args.lang)
    worst = EXIT_OK
    for name in args.files:
        code = adjudicate_one(name, functools.partial(read_json, name), lang=args.lang, explain=args.explain,
                              as_json=args.json)
        worst = max(worst, code)  # internal error (3) over malformed (2) over illegal (1)
    return worst


# --------------------------------------------------------------------------- rules


def _rule(args: argparse.Namespace) -> int:
    spec = load_spec()
    rule = spec.get(args.id)
    if rule is None:
        close = [r.id for r in spec.rules if args.id.split(".")[-1] in r.id][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else "; list them with `rules rules`"
        raise UsageError(f"no rule {args.id!r}{hint}")
    if args.json:
        emit(_rule_json(rule))
        return EXIT_OK
    book = spec.book(rule.game)
    print(f"{rule.id}  [{book.title.get(FALLBACK)}, {rule.source.seed} › {rule.source.section}]")
    if rule.informative:
        print("(informative)")
    for lang in rule.text.languages:
        print(f"\n{rule.title[lang]} ({lang})")
        print(indent(rule.text[lang], "  "))
    for a in rule.annotations:
        print(f"\n{a.kind}{' (' + a.source + ')' if a.source else ''}:")
        for lang in a.text.languages:
            print(indent(f"[{lang}] {a.text[lang]}", "  "))
    if rule.see:
        print(f"\nsee: {', '.join(rule.see)}")
    games.load_all()
    impls = implementations(rule.id)
    if impls:
        print(f"\nimplemented by: {', '.join(i.qualname for i in impls)}")
    game = games.load(rule.game) if rule.game in games.GAMES else None
    for table in _tables_of(game, FALLBACK):  # the data the rule states, as the rulebook shows it under the rule
        if table.rule == rule.id:
            print()
            print("\n".join(_table_lines(table, FALLBACK, rule.game)))
    return EXIT_OK


def _tables_of(game: Any, lang: str) -> Sequence[Table]:
    """The game's data tables (the ``Tables`` capability) in ``lang`` and the fallback language."""
    if not isinstance(game, Tables):
        return ()
    return game.data_tables(tuple(dict.fromkeys((lang, FALLBACK))))


def _table_lines(table: Table, lang: str, game: str) -> list[str]:
    """A data table as aligned text: its title and rule, the header, one line per row."""
    header = [c[lang] for c in table.columns]
    rows = [[c[lang] for c in row] for row in table.rows]
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = [f"{table.title[lang]} ({table.rule}; rules cards {game} --table {table.key})"]
    lines.extend("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                 for row in (header, ["-" * w for w in widths], *rows))
    return lines


def _cards(args: argparse.Namespace) -> int:
    """``rules cards GAME``: the game's data tables from the installed data (issue 18 §2: the rules
    that state them point here, not to a file of the checkout)."""
    _check_lang(args.lang)
    game = _game(args.game)
    tables = _tables_of(game, args.lang)
    if not tables:
        raise UsageError(f"game {args.game!r} has no data tables")
    if args.table is not None:
        tables = [t for t in tables if t.key == args.table]
        if not tables:
            keys = ", ".join(t.key for t in _tables_of(game, args.lang))
            raise UsageError(f"--table {args.table!r}: {args.game} has the tables {keys}")
    for i, table in enumerate(tables):
        if args.json:
            emit({"key": table.key, "rule": table.rule, "title": table.title[args.lang],
                   "columns": [c[args.lang] for c in table.columns],
                   "rows": [[c[args.lang] for c in row] for row in table.rows]})
        else:
            print(("\n" if i else "") + "\n".join(_table_lines(table, args.lang, args.game)))
    return EXIT_OK


def _rule_json(rule: Rule) -> dict[str, Any]:
    games.load_all()
    return {**rule.to_json(), "implemented_by": [i.qualname for i in implementations(rule.id)]}


def _rules(args: argparse.Namespace) -> int:
    spec = load_spec()
    if args.game is not None:
        if any(b.game == args.game for b in spec.books):
            selected = spec.book(args.game).rules  # a book: every rule it holds
        elif args.game in games.GAMES:  # a game without a book of its own (claim-combined): its rule prefixes
            prefixes = games.load(args.game).info.prefixes
            selected = tuple(r for r in spec.rules if r.id.split(".", 1)[0] in prefixes)
        else:
            raise UsageError(f"no rules for game {args.game!r}; games: {', '.join(sorted(games.GAMES))}")
    else:
        selected = spec.rules
    for rule in selected:
        if args.json:
            emit(_rule_json(rule))
        else:
            flag = " (informative)" if rule.informative else ""
            print(f"{rule.id:40} {rule.title.get(FALLBACK)}{flag}")
    return EXIT_OK


# --------------------------------------------------------------------------- play, bench


def _game(key: str) -> Any:
    try:
        return games.load(key)
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None


def _variant(game: Any, text: str | None) -> Any:
    """The ``--variant`` JSON, checked against the game's declared parameters (decision 0023):
    an unknown key, a value the declaration does not allow or a refused combination is a
    :class:`MalformedError` naming it. A game that declares none checks the variant itself."""
    if text is None:
        return None
    try:
        variant = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--variant is not JSON: {exc.msg}") from None
    if game.info.parameters:
        game.info.parameters.parse(variant)
    return variant


def _play(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if args.stop_after is not None and args.stop_after < 0:
        raise UsageError("--stop-after must be 0 or more")
    policies = named_policies.parse(game, args.policy) if args.policy is not None else None
    try:
        record = random_record(game, args.seed, args.stop_after, _variant(game, args.variant), policies)
    except VariantError as exc:
        raise UsageError(f"{exc}; remove --variant") from None
    text = json.dumps(record, ensure_ascii=False) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"cannot write {args.output}: {exc.strerror}") from None
    return EXIT_OK


def _bench(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.max_actions is not None and args.max_actions < 1:
        raise UsageError("--max-actions must be at least 1")
    try:
        report = bench(game, args.games, args.seed, _variant(game, args.variant), args.max_actions)
    except VariantError as exc:
        raise UsageError(f"{exc}; remove --variant") from None
    if args.json:
        emit(report)
    else:
        print(f"{report['games']} random {report['game']} games in {report['seconds']} s: "
              f"{report['games_per_second']} games/s ({report['actions']} actions)")
    return EXIT_OK


def _study(args: argparse.Namespace) -> int:
    """``rules study``: the logic is :mod:`rules.studies.command`; bad numbers, a variant the game
    has not and a missing optional extra are usage errors."""
    game = _game(args.game)
    try:
        return study_command.run_command(args, _variant(game, args.variant))
    except (ValueError, RuntimeError) as exc:
        raise UsageError(f"{exc}; remove --variant" if isinstance(exc, VariantError) else str(exc)) from None


def _schema(args: argparse.Namespace) -> int:
    """Print the record JSON Schema of one game, or assembled from every registered game
    (decision 0013): one game's is what a person writing its records needs."""
    chosen = {args.game: _game(args.game)} if args.game is not None else games.load_all()
    sys.stdout.write(json.dumps(assemble(chosen), indent=2, ensure_ascii=False) + "\n")
    return EXIT_OK


def _game_keys() -> str:
    """The registered games' keys, for the help of the commands that take one."""
    return ", ".join(sorted(games.GAMES)) or "none registered"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
