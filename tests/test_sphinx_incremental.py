"""An incremental build of a rulebook shows a new test status and is the build from nothing
(decision record 0054): the test run's rulebook is such a build, over the site's reading.

``rules_test_status`` re-reads no document by itself (``rules.sphinx``): the documents that show
outcomes are re-read on every build (``rules.sphinx.events._outdated``), and a page that shows
none is left as it was. The search index of the pages left as they were keeps their index
entries (``rules.sphinx.incremental``), and the search page names the rules' index as a build
from nothing does (``rules.sphinx.find``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from sphinx_here import sphinx_build_here

CITING_TEST = (
    "import pytest\n\n\n"
    "@pytest.mark.rules('claim.knights')\n"
    "def test_knights():\n"
    "    pass\n"
)
CONF = (
    'project = "house-rules"\n'
    'extensions = ["rules.sphinx"]\n'
    'rules_tests_dir = "../tests"\n'
    "rules_run_proofs = False\n"
)
PAGES = {
    "index": "House rules\n===========\n\n.. toctree::\n\n   knights\n   notes\n",
    "knights": "Knights\n=======\n\n.. rule:: claim.knights\n",
    # a page that shows no outcome, with an entry of the general index (the search page lists it)
    "notes": "Notes\n=====\n\n.. index:: single: house rule; tie break\n\nA tie is broken by a coin.\n",
}


def _project(root: Path) -> Path:
    (root / "tests").mkdir()
    (root / "tests" / "test_knights.py").write_text(CITING_TEST, encoding="utf-8")
    src = root / "docs"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    for name, text in PAGES.items():
        (src / f"{name}.rst").write_text(text, encoding="utf-8")
    return src


def _status(path: Path, outcome: str) -> Path:
    path.write_text(json.dumps({"tests": {"tests/test_knights.py::test_knights": {
        "outcome": outcome, "rules": ["claim.knights"]}}}), encoding="utf-8")
    return path


def _build(src: Path, out: Path, status: Path) -> None:
    done = sphinx_build_here(src, out, "-D", f"rules_test_status={status}")
    assert done.returncode == 0, done.stderr


def _outcome_shown(page: Path) -> str:
    """The outcome the knights' test shows on ``page`` (the status badge before its name)."""
    html = page.read_text(encoding="utf-8")
    shown = [o for o in ("passed", "failed") if f"rules-status-{o}" in html]
    assert len(shown) == 1, shown
    return shown[0]


def test_a_copied_build_shows_a_new_status_and_is_the_build_from_nothing(tmp_path: Path) -> None:
    """The test run's rulebook: a copy of a build made with other outcomes (the site's reading),
    built again with this run's: the page that shows the outcome shows the new one, the page
    that shows none is not even written again, and every page is the build from nothing's."""
    src = _project(tmp_path)
    reading, book, fresh = tmp_path / "reading", tmp_path / "book", tmp_path / "fresh"
    _build(src, reading, _status(tmp_path / "passed.json", "passed"))
    assert _outcome_shown(reading / "knights.html") == "passed"
    shutil.copytree(reading, book)
    notes_written = (book / "notes.html").stat().st_mtime_ns

    failed = _status(tmp_path / "failed.json", "failed")
    _build(src, book, failed)
    assert _outcome_shown(book / "knights.html") == "failed"
    assert (book / "notes.html").stat().st_mtime_ns == notes_written, "a page showing no outcome was written again"

    _build(src, fresh, failed)
    for page in ("index.html", "knights.html", "notes.html", "search.html", "genindex.html", "searchindex.js"):
        assert (book / page).read_bytes() == (fresh / page).read_bytes(), page
    assert "tie break" in (fresh / "searchindex.js").read_text(encoding="utf-8")
