"""``python -m proofs [--json] [--game claim]``: check every theorem.

Prints a table (or one JSON object per theorem per line) and exits 1 when
any theorem is not proved, so CI fails on a counterexample *and* on an
``unknown`` (a timeout is not a proof).
"""

from __future__ import annotations

import argparse
import json
import sys

from proofs import PROVED, THEOREMS, UNKNOWN, ProofResult, Theorem, theorems


def _wrap(ids: tuple[str, ...], width: int = 64) -> list[str]:
    """Rule IDs as lines of at most ``width`` characters (one ID never split)."""
    lines = [""]
    for rule in ids:
        piece = rule if not lines[-1] else f", {rule}"
        if lines[-1] and len(lines[-1]) + len(piece) > width:
            lines[-1] += ","
            lines.append(rule)
        else:
            lines[-1] += piece
    return lines


def _check(t: Theorem) -> ProofResult:
    """Run one theorem; a crash in a rule function is reported, not a traceback mid-table."""
    try:
        return t.check()
    except Exception as exc:
        return ProofResult(t.name, UNKNOWN, 0.0, reason=f"the check raised {exc!r}")


def main(argv: list[str] | None = None) -> int:
    try:
        import z3  # noqa: F401 - only to fail early with a clear message
    except ImportError:
        print("python -m proofs: the Z3 solver is not installed; "
              "pip install -e '.[proofs]' (or '.[test]')", file=sys.stderr)
        return 2
    games = sorted({t.game for t in THEOREMS})
    parser = argparse.ArgumentParser(prog="python -m proofs", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object per theorem per line")
    parser.add_argument("--game", choices=games, help="only this game's theorems")
    args = parser.parse_args(argv)

    selected = theorems(args.game)
    failed = 0
    rows, notes = [], []
    for t in selected:
        r = _check(t)
        failed += r.status != PROVED
        if args.json:
            print(json.dumps(r.to_json(t.rules), ensure_ascii=False), flush=True)
            continue
        ids = _wrap(t.rules)
        rows.append((t.name, ids[0], r.status, f"{r.seconds:.3f}"))
        rows.extend(("", more, "", "") for more in ids[1:])
        if r.counterexample:
            notes.append(f"{t.name}: counterexample: {r.counterexample}")
        if r.reason:
            notes.append(f"{t.name}: {r.status}: {r.reason}")
    if not args.json:
        head = ("theorem", "rules", "result", "seconds")
        widths = [max(len(row[i]) for row in (head, *rows)) for i in range(4)]
        for row in (head, tuple("-" * w for w in widths), *rows):
            print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        total = sum(float(row[3]) for row in rows if row[3])
        print(f"\n{len(selected) - failed}/{len(selected)} proved in {total:.3f} s")
        for note in notes:
            print(note)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
