"""A fingerprint of the library's observable behaviour, to show a redesign changed none of it.

    python benchmarks/behaviour.py > before.txt     # on the old commit
    python benchmarks/behaviour.py > after.txt      # on the new one
    diff before.txt after.txt                       # empty: same behaviour

It prints, through the ``rules`` command itself (in this process, so it is quick):

- every bundled example's verdict: ``--json``, and ``--explain`` in each of its
  game's languages, byte for byte, with the exit status;
- seeded ``rules bench`` action counts for every game and the Valeria variants,
  and a digest of seeded ``rules play`` records (the actions a seeded random
  game plays, not only how many);
- the game commands on their examples (``rules leaders wins``, ``rules valeria score``);
- the theorems' names and outcomes (not their times).

Not a test: it pins nothing by itself; the diff of two runs is the check.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules import games
from rules.cli import main

VALERIA_VARIANTS = [
    None,
    '{"players": 3}',
    '{"players": 5}',
    '{"players": 3, "monster_events": true}',
    '{"players": 4, "random_citizens": true, "monster_events": true}',
    '{"players": 1}',
    '{"players": 1, "difficulty": "harder"}',
    '{"players": 1, "difficulty": "hardest", "random_citizens": true}',
]
COMBINED_VARIANTS = [
    None,
    '{"players": 3}',  # refused: the three-player deck names its factions
    '{"players": 3, "factions": ["goblin", "knight", "undead", "dwarf", "doppelganger", "dragon", "seer"]}',
    '{"players": 4, "factions": ["knight", "goblin", "undead", "dwarf", "doppelganger", "dragon", "seer"]}',
]


def run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
    return status, out.getvalue() + ("\n[stderr]\n" + err.getvalue() if err.getvalue() else "")


def section(title: str, argv: list[str]) -> None:
    status, text = run(argv)
    print(f"=== {title}: {' '.join(argv)} -> exit {status}")
    print(text.rstrip("\n"))


def bench_counts(argv: list[str]) -> None:
    status, text = run([*argv, "--json"])
    data = json.loads(text) if status == 0 else {}
    print(f"=== bench {' '.join(argv)} -> exit {status} actions {data.get('actions')} games {data.get('games')}")
    if status:
        print(text.rstrip("\n"))


def main_() -> None:
    for path in sorted((ROOT / "examples").glob("*/*.json")):
        rel = str(path.relative_to(ROOT))
        key = json.loads(path.read_text())["game"]
        section("verdict", ["adjudicate", "--json", rel])
        for lang in games.load(key).info.languages:
            section("explain", ["adjudicate", "--explain", "--lang", lang, rel])
    section("wins", ["leaders", "wins", "examples/leaders/win-this-phase.json"])
    section("score", ["valeria", "score", "examples/valeria/full-game.json"])
    for key in games.GAMES:
        variants = VALERIA_VARIANTS if key == "valeria" else COMBINED_VARIANTS if key == "claim-combined" else [None]
        for variant in variants:
            extra = ["--variant", variant] if variant else []
            limit = ["--max-actions", "400"] if key == "leaders" else []
            bench_counts(["bench", key, "--games", "20", "--seed", "3", *extra, *limit])
            for seed in (1, 2, 3):
                with tempfile.TemporaryDirectory() as tmp:
                    out = Path(tmp) / "game.json"
                    status, text = run(["play", key, "--seed", str(seed), "-o", str(out), *extra])
                    digest = hashlib.sha256(out.read_bytes()).hexdigest()[:16] if out.exists() else "-"
                print(f"=== play {key} {variant or ''} seed {seed} -> exit {status} sha256 {digest}")
                if status:
                    print(text.rstrip("\n"))
    status, text = run(["rules", "--game", "valeria", "--json"])
    print(f"=== rules --game valeria --json -> exit {status} sha256 {hashlib.sha256(text.encode()).hexdigest()[:16]}")
    from proofs import __main__ as proofs_main  # a checkout's proofs package

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = proofs_main.main(["--json"])
    print(f"=== proofs -> exit {status}")
    for line in out.getvalue().splitlines():
        theorem = json.loads(line)
        theorem.pop("seconds", None)
        print(json.dumps(theorem, sort_keys=True, ensure_ascii=False))

if __name__ == "__main__":
    main_()
