"""The built wheel ships every package of the library, every spec book and the
card data, each game's record-schema fragment and static files, and registers
every game by entry point: a file missing from the wheel installs fine but
breaks ``rules`` on a user's machine (the rest of the suite runs from the
checkout and would never notice). The packages are found by setuptools and
the data by globs that hold for any game package (``pyproject.toml``), so
these tests compare the wheel with the checkout, not with a list.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"
DECLARED = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]["rules.games"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The wheel built from the checkout, and what the build printed (``-v``: the backend's own words)."""
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(ROOT)],
                          check=True, capture_output=True, text=True, timeout=300)
    (found,) = out.glob("*.whl")
    return found, done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(built: tuple[Path, str]) -> Path:
    return built[0]


def test_the_build_does_not_warn_about_the_package_data(built: tuple[Path, str]) -> None:
    """The static folders ship as package data by the globs alone (issue 18 §4): no
    "Package 'rules.sphinx.static' is absent from the packages configuration", and the
    license is declared the current way (no deprecated license table)."""
    _, log = built
    assert "Successfully built" in log or "Saved" in log
    assert "absent from the `packages` configuration" not in log
    assert "project.license` as a TOML table is deprecated" not in log


def test_the_wheel_holds_the_license_and_declares_it(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (license_file,) = (n for n in names if n.endswith(".dist-info/licenses/LICENSE"))
        (metadata,) = (n for n in names if n.endswith(".dist-info/METADATA"))
        text = archive.read(license_file).decode("utf-8")
        fields = archive.read(metadata).decode("utf-8").split("\n\n", 1)[0].splitlines()
    assert text == (ROOT / "LICENSE").read_text(encoding="utf-8") and text.startswith("MIT License")
    assert "License-Expression: MIT" in fields and "License-File: LICENSE" in fields


def shipped(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def in_checkout(pattern: str) -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in RULES.glob(pattern) if "__pycache__" not in p.parts}


def test_the_wheel_holds_every_module_and_its_data(wheel: Path) -> None:
    names = shipped(wheel)
    modules = {m for m in in_checkout("**/*.py") if (ROOT / m).parent.joinpath("__init__.py").is_file()}
    assert {"rules/games.py", "rules/kernel/spec.py", "rules/valeria/game.py"} <= modules
    assert modules <= names, sorted(modules - names)
    data = in_checkout("*/*.json") | in_checkout("*/static/*") | {"rules/py.typed"}
    assert {"rules/claim/record.schema.json", "rules/web/static/adjudicator.js"} <= data
    assert data <= names, sorted(data - names)
    books = {f"rules/_spec/{p.relative_to(ROOT / 'spec').as_posix()}" for p in (ROOT / "spec").rglob("*.toml")}
    assert {"rules/_spec/claim.toml", "rules/_spec/data/valeria-cards.toml"} <= books <= names


def test_the_wheel_registers_every_game(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        (path,) = (n for n in archive.namelist() if n.endswith(".dist-info/entry_points.txt"))
        text = archive.read(path).decode("utf-8")
    group = text.split("[rules.games]\n", 1)[1].split("\n\n", 1)[0]
    entries = dict(line.split(" = ", 1) for line in group.splitlines() if line.strip())
    assert entries == DECLARED and len(entries) >= 5


def test_the_unpacked_wheel_finds_its_games_and_books(wheel: Path, tmp_path: Path) -> None:
    """As Pyodide installs it (the wheel unpacked on the path), away from the checkout."""
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    code = ("import json, rules, rules.games\nfrom rules.kernel.spec import load_spec\n"
            "print(json.dumps({'file': rules.__file__, 'games': list(rules.games.GAMES),"
            " 'books': [b.path for b in load_spec().books], 'loaded': sorted(rules.games.load_all())}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                         env={"PYTHONPATH": str(site), "PATH": ""})
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert Path(found["file"]).is_relative_to(site)
    assert sorted(found["games"]) == found["loaded"] == sorted(DECLARED)
    assert [Path(b).name for b in found["books"]] == sorted(p.name for p in (ROOT / "spec").glob("*.toml"))
    assert all(Path(b).is_relative_to(site) for b in found["books"])
