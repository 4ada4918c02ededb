"""``rules study`` and ``rules play --policy``: the arguments and what they run (issue 21)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rules.studies import report
from rules.studies.run import Study, run


def configure(p: argparse.ArgumentParser) -> None:
    """The ``rules study`` arguments."""
    p.add_argument("game")
    p.add_argument("--games", type=int, default=1000, metavar="N", help="games to play (default 1000)")
    p.add_argument("--variant", default=None, metavar="JSON", help="the game's variant, as for `rules play`")
    p.add_argument("--policy", default="random", metavar="P[,P...]",
                   help="a policy per seat, the last serving the rest: random, first, greedy (a game "
                        "with scores) and any the game adds; default random")
    p.add_argument("--seed", type=int, default=0, help="the same seed, the same study, whatever --workers")
    p.add_argument("--workers", type=int, default=1, metavar="K", help="processes to play on (default 1)")
    p.add_argument("--ray", default=None, metavar="ADDRESS",
                   help="run on a Ray cluster (its address, or 'local' to start one with --workers CPUs)")
    p.add_argument("--max-actions", type=int, default=None, metavar="N",
                   help="stop a game after N actions, counted unfinished (for games that need not end)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="the summary as one JSON object")
    out.add_argument("--csv", action="store_true", help="the summary as CSV rows")
    p.add_argument("--plot", default=None, metavar="FILE.svg", help="draw the win shares with their intervals")
    p.add_argument("--quiet", action="store_true", help="no progress bar on standard error")


def study_of(args: argparse.Namespace, variant: Any) -> Study:
    """The :class:`Study` the arguments ask for; bad numbers raise ``ValueError``."""
    if args.games < 1:
        raise ValueError("--games must be at least 1")
    if args.workers < 1:
        raise ValueError("--workers must be at least 1")
    if args.max_actions is not None and args.max_actions < 1:
        raise ValueError("--max-actions must be at least 1")
    names = tuple(name.strip() for name in args.policy.split(","))
    return Study(args.game, args.games, names, variant, args.seed, args.max_actions)


def run_command(args: argparse.Namespace, variant: Any) -> int:
    """Run the study and print its table (or JSON, or CSV); draw the plot when asked. Exit 0."""
    study = study_of(args, variant)
    summary = run(study, args.workers, ray=args.ray, progress=not args.quiet and sys.stderr.isatty())
    if args.json:
        sys.stdout.write(json.dumps(summary.to_json(), ensure_ascii=False) + "\n")
    elif args.csv:
        sys.stdout.write(report.to_csv(summary))
    else:
        sys.stdout.write(report.table(summary))
    if args.plot:
        report.plot([summary], Path(args.plot))
    return 0
