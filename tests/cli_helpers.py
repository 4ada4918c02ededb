"""The ``rules`` command run in the test's own process, for tests about what it
prints and returns rather than about the process (its start-up, its streams'
encoding, its exit through the interpreter): starting an interpreter and
importing the library costs about a second on a loaded two-core machine, many
times the work of one adjudication (docs/decisions/0030-how-the-suite-runs.md)."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Sequence
from pathlib import Path

from rules import cli


def run_cli(argv: Sequence[str], cwd: Path | None = None) -> tuple[int, str, str]:
    """``rules ARGV`` in process (in ``cwd`` if given), its output on strict UTF-8
    streams like a terminal's: (exit status, stdout, stderr)."""
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", errors="strict", write_through=True)
    err = io.TextIOWrapper(err_bytes, encoding="utf-8", errors="strict", write_through=True)
    with contextlib.chdir(cwd or os.getcwd()), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out_bytes.getvalue().decode("utf-8"), err_bytes.getvalue().decode("utf-8")
