"""The Studies page's first-seat table is what its seeded studies give (docs/make_studies.py)."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

from rules.studies.run import run

DOCS = Path(__file__).parents[2] / "docs"


def _make_studies() -> object:
    spec = importlib.util.spec_from_file_location("make_studies", DOCS / "make_studies.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_covers_every_study_and_its_claim_row_replays() -> None:
    make = _make_studies()
    rows = list(csv.DictReader((DOCS / "studies-first-seat.csv").open(encoding="utf-8")))
    assert [(r["game"], r["policy"]) for r in rows] == [(g, p) for g, *_ in make.STUDIES for p in make.POLICIES]
    row = rows[0]
    game, variant, n, max_actions = make.STUDIES[0]
    summary = run(make.study(game, variant, n, max_actions, row["policy"]))
    assert (summary.games, summary.decisive, summary.first_seat.k) == (
        int(row["games"]), int(row["decisive"]), int(row["first seat wins"]))
    assert (DOCS / "_static" / "studies-first-seat.svg").is_file()
