"""The distribution ships every package of the library, every spec book and the card data:
a package missing from pyproject.toml installs fine but breaks ``rules`` at
import time on a user's machine (the test suite runs from the checkout and
would never notice)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_under_rules_is_shipped() -> None:
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "rules").rglob("__init__.py")}
    shipped = set(CONFIG["packages"]) - {"rules._spec", "rules._spec.data"}
    assert shipped == found


def test_the_spec_books_and_the_schema_are_shipped() -> None:
    assert CONFIG["package-dir"]["rules._spec"] == "spec"
    assert CONFIG["package-data"]["rules._spec"] == ["*.toml"]
    assert {p.name for p in (ROOT / "spec").glob("*.toml")} >= {"claim.toml", "claim2.toml", "leaders.toml"}
    assert "*.json" in CONFIG["package-data"]["rules.schemas"]
    assert CONFIG["package-dir"]["rules._spec.data"] == "spec/data"
    assert "rules._spec.data" in CONFIG["packages"]
    assert CONFIG["package-data"]["rules._spec.data"] == ["*.toml"]
    assert (ROOT / "spec" / "data" / "valeria-cards.toml").is_file()
