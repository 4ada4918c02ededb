"""Which Chromium the browser tests drive: Debian's, never a downloaded browser.

``RULES_CHROMIUM`` names one; otherwise Debian's headless shell
(``apt-get install chromium-headless-shell``, which ``.ci/run`` installs), else
Debian's full browser (``apt-get install chromium``). The headless shell is the
same Blink and V8 without the browser's interface layer: the same pages cost it
about a fifth less CPU, and the suite's browser tests are its largest part
(docs/decisions/0064-browser-tests-drive-the-headless-shell.md).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: Debian's two builds, the cheaper first.
CANDIDATES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
#: What puts the first of them on a Debian machine (what a skip or a failure tells the reader to run).
INSTALL = "apt-get install chromium-headless-shell"


def chromium() -> str:
    """``RULES_CHROMIUM``, else the first of :data:`CANDIDATES` on this machine, else the first
    (the tests then skip, or under CI fail, naming it and :data:`INSTALL`)."""
    chosen = os.environ.get("RULES_CHROMIUM")
    if chosen:
        return chosen
    return next((c for c in CANDIDATES if Path(c).is_file()), CANDIDATES[0])


CHROMIUM = chromium()


def missing() -> str | None:
    """Why the browser tests cannot run on this machine (Playwright's Python package or the browser
    is missing), or ``None``: what every browser test module asks before it starts a browser."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[test]')"
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} ({INSTALL})"
    return None
