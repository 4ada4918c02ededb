"""A small Sphinx project of a test's own built in the test's own process.

``sphinx-build`` in a sub-process starts an interpreter and imports Sphinx, docutils and
the library again, about a CPU-second on a loaded two-core machine, several times the
work of building a one-page project. The tests of a project that cites the rules (the
citing recipe, a downstream project, an incremental build) are about the pages and the
warnings, not about the process: they build here, through Sphinx's own command-line entry
point, with the same ``-W --keep-going -q -b html`` flags and the warnings read from the
standard error as a sub-process's would be (decision record 0058). The library's own
rulebook (``tests/docs_build.py``) and a second installed distribution (tests/fifth_game)
still build in their own processes: their process is part of what they test.
"""

from __future__ import annotations

import contextlib
import io
import subprocess
from pathlib import Path

from docs_build import sphinx_arguments
from sphinx.cmd.build import build_main


def sphinx_build_here(source: Path, out: Path, *extra: str, cwd: Path | None = None,
                      quiet: bool = True) -> subprocess.CompletedProcess[str]:
    """``sphinx-build`` with :func:`docs_build.sphinx_arguments` in this process (in ``cwd`` if
    given): its exit status and what it wrote to the standard streams, as
    :func:`docs_build.sphinx_build` returns them from a sub-process."""
    argv = sphinx_arguments(source, out, *extra, quiet=quiet)
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        if cwd is not None:
            stack.enter_context(contextlib.chdir(cwd))
        stack.enter_context(contextlib.redirect_stdout(stdout))
        stack.enter_context(contextlib.redirect_stderr(stderr))
        code = build_main(argv)
    return subprocess.CompletedProcess(["sphinx-build", *argv], code, stdout.getvalue(), stderr.getvalue())
