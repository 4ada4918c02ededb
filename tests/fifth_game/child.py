"""One child process that has the fifth game installed and runs, one after another, the
commands the tests would each start a process for (``python -m rules ...``,
``python -m sphinx ...``, ``python -c CODE``), each in this process with its own standard
streams, and answers each with its exit status and output (decision record 0058).

Starting an interpreter and importing the library and its games costs about 0.7 CPU-seconds;
the tests of the fifth game ran a dozen such processes. What they test is what an installed
game gets from the library (its registry, spec, CLI, rulebook build), which this process
holds as a user's would; the process start-up itself is tested elsewhere (tests/test_cli.py).

Protocol: one JSON object a line on standard input, ``{"argv": [...], "stdin": str | null}``;
one JSON object a line on standard output, ``{"code": int, "stdout": str, "stderr": str}``.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import traceback
from typing import Any

from rules import cli


def _call(argv: list[str]) -> int:
    """The command's exit status, ``argv`` as ``python`` would take it after its own name."""
    try:
        if argv[:2] == ["-m", "rules"]:
            return cli.main(argv[2:])
        if argv[:2] == ["-m", "sphinx"]:
            from sphinx.cmd.build import build_main  # heavy: only the tests that build a rulebook need it
            return build_main(argv[2:])
        if argv[0] == "-c":
            exec(compile(argv[1], "<string>", "exec"), {"__name__": "__main__"})
            return 0
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except Exception:  # as an interpreter would: the traceback on standard error, status 1
        traceback.print_exc()
        return 1
    raise ValueError(f"not a command this child runs: {argv[:2]}")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    stdin = io.StringIO(request.get("stdin") or "")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        saved, sys.stdin = sys.stdin, stdin
        try:
            code = _call(request["argv"])
        finally:
            sys.stdin = saved
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def main() -> None:
    replies = sys.stdout
    for line in sys.stdin:
        replies.write(json.dumps(answer(json.loads(line))) + "\n")
        replies.flush()


if __name__ == "__main__":
    main()
