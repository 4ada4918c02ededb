"""The adapters' examples on docs/studies.rst run as printed (issue 21 §4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).parents[2] / "docs" / "studies.rst"
BLOCKS = re.findall(r"\.\. code-block:: python\n\n((?:   .*\n|\n)+)", PAGE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("block", BLOCKS, ids=["openspiel", "pettingzoo"])
def test_example_runs(block: str) -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    code = "\n".join(line[3:] for line in block.splitlines())
    assert len(code.strip().splitlines()) <= 12  # a ten-line example
    exec(compile(code, str(PAGE), "exec"), {})
