"""What every benchmark report ends with, and how it is printed."""

from __future__ import annotations

import json
import platform
from typing import Any


def machine() -> dict[str, str]:
    """The interpreter and machine the figures were measured on."""
    return {"python": platform.python_version(),
            "machine": f"{platform.machine()} {platform.processor() or ''}".strip()}


def emit(report: dict[str, Any], as_json: bool) -> None:
    """One JSON object, or one ``key value`` line per figure (a nested table indented)."""
    if as_json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        if isinstance(value, dict):
            print(key)
            for name, figures in value.items():
                print(f"  {name:38} {figures}")
        else:
            print(f"{key:40} {value}")
