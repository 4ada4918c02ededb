"""Build the rulebook site with its in-page adjudicator (docs/decisions/0017-in-page-adjudicator.md).

One command::

    python -m rules.web.build docs/_build/site

runs ``sphinx-build -W -b html docs OUT`` and then puts into ``OUT/_adjudicator/``:

- ``pyodide/``: the Pyodide core runtime (CPython compiled to WebAssembly),
  taken from the npm package ``pyodide`` at the pinned :data:`PYODIDE_VERSION`
  with ``npm pack`` (nothing else is downloaded from anywhere else);
- ``wheels/``: the project's own wheel, built from this checkout by ``pip
  wheel``, and the pure-Python wheels of what it imports (:func:`dependency_pins`),
  fetched from PyPI by ``pip download``; each with the bytecode of its modules
  added (:func:`precompile`: compiled by the page's own Pyodide, run by Node.js,
  so that the page imports without compiling; decision 0022);
- ``manifest.json``: every file with its size and SHA-256, the wheels in
  install order, the versions.

and writes ``OUT/sw.js``, the service worker that keeps all of it for offline
use, named after the manifest's hash, and ``OUT/_adjudicator/offline.json``, the
site's file list it keeps (:mod:`rules.web.offline`, decision 0032). Downloads are
cached in ``build/web/`` (git-ignored); ``--no-sphinx`` adds the bundle to a site
already built. It prints each stage as it starts and ends (Sphinx's own progress
lines in between), so a build of a minute or two is never silent.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from rules.web.offline import FILE_LIST, write_file_list

#: The Pyodide release the page runs, as published on the npm registry.
PYODIDE_VERSION = "314.0.7"
#: What the page needs of the npm package (the rest is docs, maps and TypeScript types).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
#: Pyodide's Python: the wheels must install there.
PYODIDE_PYTHON = "3.14"
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
#: Where the site keeps the bundle.
BUNDLE = "_adjudicator"

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CACHE = ROOT / "build" / "web"

#: What the build says as it goes: one line at a time (``main`` prints them; a library caller may not).
Say = Callable[[str], None]


def _quiet(line: str) -> None:
    pass


class Stages:
    """The build's stages, numbered, each line saying how long the stage before took."""

    def __init__(self, total: int, say: Say) -> None:
        self.total, self.say, self.number = total, say, 0
        self.began = self.stage_began = time.monotonic()

    def next(self, what: str) -> None:
        self.done()
        self.number += 1
        self.stage_began = time.monotonic()
        self.say(f"[{self.number}/{self.total}] {what}")

    def done(self) -> None:
        if self.number:
            self.say(f"      done in {time.monotonic() - self.stage_began:.1f} s")


class BuildError(Exception):
    """A step of the build failed; the message says which and why."""


def dependency_pins(project: Path = ROOT) -> list[str]:
    """The wheels the page installs besides the project's own, as ``name==version``.

    Every core dependency of ``pyproject.toml`` must have a pure-Python wheel:
    ``attrs`` at the version installed here (so the page runs what the CLI
    runs); ``jsonschema`` at 4.17.3 with ``pyrsistent`` 0.20.0, the last
    release without the compiled ``rpds-py`` (no WebAssembly wheel of it is
    published), the same ``Draft202012Validator`` API. Another dependency
    stops the build until it is given a pin here.
    """
    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    pins: list[str] = []
    for requirement in data["project"]["dependencies"]:
        name = requirement.split(";")[0].strip()
        for sep in "<>=!~[ ":
            name = name.split(sep)[0]
        key = name.lower().replace("_", "-")
        if key == "attrs":
            pins.append(f"attrs=={importlib.metadata.version('attrs')}")
        elif key == "jsonschema":
            pins += ["jsonschema==4.17.3", "pyrsistent==0.20.0"]
        else:
            raise BuildError(f"no pure-Python wheel is pinned for dependency {name!r}; add it to "
                             "rules.web.build.dependency_pins (docs/decisions/0017-in-page-adjudicator.md)")
    return pins


def _run(command: Sequence[str], what: str, cwd: Path | None = None) -> None:
    try:
        done = subprocess.run(list(command), cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise BuildError(f"{what}: {command[0]!r} is not installed") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-15:])
        raise BuildError(f"{what} failed ({' '.join(command)}):\n{tail}")


def fetch_pyodide(cache: Path, version: str = PYODIDE_VERSION) -> Path:
    """The npm tarball of ``pyodide@version``, fetched once with ``npm pack``."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        _run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(cache)], "npm pack pyodide", cwd=cache)
    if not tarball.exists():
        raise BuildError(f"npm pack did not write {tarball}")
    return tarball


def extract_pyodide(tarball: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            try:
                member = tar.getmember(f"package/{name}")
            except KeyError:
                raise BuildError(f"{tarball.name} has no {name}") from None
            source = tar.extractfile(member)
            assert source is not None
            (dest / name).write_bytes(source.read())


def project_wheel(cache: Path, project: Path = ROOT) -> Path:
    """The project's wheel, built from the checkout (always anew: the checkout changes)."""
    out = cache / "project"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(project)],
         "building the project's wheel")
    wheels = sorted(out.glob("*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one wheel of the project, found {[w.name for w in wheels]}")
    return wheels[0]


def dependency_wheels(cache: Path, pins: Sequence[str]) -> list[Path]:
    """Pure-Python wheels of ``pins`` for Pyodide's Python, from PyPI through pip (cached)."""
    out = cache / "wheels"
    out.mkdir(parents=True, exist_ok=True)
    found: list[Path] = []
    missing = []
    for pin in pins:
        name, _, version = pin.partition("==")
        stem = f"{name.replace('-', '_')}-{version}-"
        have = [w for w in out.glob("*.whl") if w.name.lower().startswith(stem.lower())]
        if not have:
            missing.append(pin)
    if missing:
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
              "--platform", PYODIDE_PLATFORM, "--python-version", PYODIDE_PYTHON, "--implementation", "cp",
              "--abi", "cp" + PYODIDE_PYTHON.replace(".", ""), "-d", str(out), *missing], "pip download")
    for pin in pins:
        name, _, version = pin.partition("==")
        stem = f"{name.replace('-', '_')}-{version}-"
        have = sorted(w for w in out.glob("*.whl") if w.name.lower().startswith(stem.lower()))
        if not have or not have[0].name.endswith("-none-any.whl"):
            raise BuildError(f"no pure-Python wheel of {pin} (need py3-none-any for Pyodide)")
        found.append(have[0])
    return found


#: Run by Node.js with the site's Pyodide: ``node precompile.mjs PYODIDE_DIR IN OUT [IN OUT ...]``.
_PRECOMPILE_JS = """
import {readFileSync, writeFileSync} from "node:fs";
import {pathToFileURL} from "node:url";
const [dir, ...pairs] = process.argv.slice(2);
const {loadPyodide} = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({indexURL: dir + "/", stdout: () => {}, stderr: (line) => console.error(line)});
py.FS.mkdir("/bytecode");
for (let i = 0; i < pairs.length; i += 2) {
  py.FS.writeFile("/bytecode/in.whl", readFileSync(pairs[i]));
  py.runPython(process.env.RULES_PRECOMPILE_PY);
  writeFileSync(pairs[i + 1], py.FS.readFile("/bytecode/out.whl"));
}
"""

#: Run inside that Pyodide: the wheel again, with ``__pycache__/NAME.cpython-3XX.pyc`` beside each
#: module (unchecked hash-based bytecode, PEP 552: the page's files never change under it, and an
#: unpacked wheel's files carry no reliable modification times) and those files in its RECORD.
_PRECOMPILE_PY = """
import base64, hashlib, importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\\n"

with zipfile.ZipFile("/bytecode/in.whl") as src, \\
        zipfile.ZipFile("/bytecode/out.whl", "w", zipfile.ZIP_DEFLATED) as out:
    record = next(i for i in src.infolist() if i.filename.endswith(".dist-info/RECORD"))
    lines = src.read(record).decode()
    for info in src.infolist():
        if info is record:
            continue
        data = src.read(info)
        out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
        if not info.filename.endswith(".py"):
            continue
        try:
            code = compile(data, info.filename, "exec", dont_inherit=True)
        except SyntaxError:
            continue  # left to the import (which will report it)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        name = importlib.util.cache_from_source(info.filename)
        out.writestr(zipfile.ZipInfo(name, date_time=info.date_time), pyc, compress_type=zipfile.ZIP_DEFLATED)
        lines += _record_line(name, pyc)
    out.writestr(record, lines.encode(), compress_type=zipfile.ZIP_DEFLATED)
"""


def precompile(wheels: Sequence[Path], pyodide: Path, out: Path) -> list[Path]:
    """The ``wheels`` again, in ``out``, with the bytecode of their modules, compiled by the
    Pyodide in ``pyodide`` (the page's own CPython, so the bytecode's version is the page's)
    run by Node.js (which npm, needed for the runtime, brings). The page then imports the
    modules without compiling them (decision 0022)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    script = out / "precompile.mjs"
    script.write_text(_PRECOMPILE_JS, encoding="utf-8")
    done = [out / w.name for w in wheels]
    pairs = [str(p) for w, d in zip(wheels, done, strict=True) for p in (w.resolve(), d.resolve())]
    try:
        result = subprocess.run(["node", str(script), str(pyodide.resolve()), *pairs], capture_output=True, text=True,
                                check=False, env={**os.environ, "RULES_PRECOMPILE_PY": _PRECOMPILE_PY})
    except FileNotFoundError:
        raise BuildError("precompiling the wheels: 'node' is not installed (it comes with npm)") from None
    if result.returncode != 0 or not all(d.exists() for d in done):
        tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-15:])
        raise BuildError(f"precompiling the wheels with Pyodide under Node.js failed:\n{tail}")
    script.unlink()
    return done


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def bundle(site: Path, cache: Path = DEFAULT_CACHE, project: Path = ROOT, stages: Stages | None = None) -> dict[str, object]:
    """Put the runtime, the wheels, the manifest and the service worker into a built ``site``
    (``stages`` says each step as it starts: four of them)."""
    stages = stages or Stages(4, _quiet)
    if not (site / "index.html").exists():
        raise BuildError(f"{site} is not a built site (no index.html); run without --no-sphinx")
    target = site / BUNDLE
    for sub in ("pyodide", "wheels"):
        shutil.rmtree(target / sub, ignore_errors=True)
    cached = (cache / f"pyodide-{PYODIDE_VERSION}.tgz").exists()
    stages.next(f"the Pyodide {PYODIDE_VERSION} runtime ({'cached in ' + str(cache) if cached else 'npm pack, about 10 MB'})")
    extract_pyodide(fetch_pyodide(cache), target / "pyodide")
    stages.next("the wheels: the project's (pip wheel) and its dependencies' (pip download, cached)")
    wheels = [*dependency_wheels(cache, dependency_pins(project)), project_wheel(cache, project)]
    stages.next(f"precompiling {len(wheels)} wheels with the page's own Python (Pyodide under Node.js)")
    wheels = precompile(wheels, target / "pyodide", cache / "bytecode")
    stages.next("the manifest, the service worker and the site's file list for offline reading")
    (target / "wheels").mkdir(parents=True)
    for wheel in wheels:
        shutil.copy2(wheel, target / "wheels" / wheel.name)
    # the manifest lists every file but itself and the site's file list (written after it, from it)
    files = sorted(p for p in target.rglob("*") if p.is_file() and p.name != "manifest.json"
                   and p.relative_to(site).as_posix() != FILE_LIST)
    manifest: dict[str, object] = {
        "runtime": True,
        "pyodide": PYODIDE_VERSION,
        "python": PYODIDE_PYTHON,
        "bytecode": True,  # every wheel carries its modules' bytecode (decision 0022)
        "wheels": [f"wheels/{w.name}" for w in wheels],  # install order: dependencies first
        "files": [{"path": p.relative_to(target).as_posix(), "bytes": p.stat().st_size, "sha256": _sha256(p)}
                  for p in files],
    }
    text = json.dumps(manifest, indent=1, sort_keys=True)
    (target / "manifest.json").write_text(text + "\n", encoding="utf-8")
    version = hashlib.sha256(text.encode()).hexdigest()[:16]
    write_service_worker(site, version)
    mark_runtime_bundled(site, version)
    write_file_list(site)
    stages.done()
    return manifest


def write_service_worker(site: Path, version: str) -> None:
    """``site/sw.js``: the panel's service worker with its cache named ``version``."""
    template = resources.files("rules.web").joinpath("static", "sw.js").read_text(encoding="utf-8")
    (site / "sw.js").write_text(template.replace("__VERSION__", version), encoding="utf-8")


#: What the engine's worker script says before the build adds the runtime, and after.
WORKER_SCRIPT = "_static/adjudicator-worker.js"
RUNTIME_MARK = ('const RUNTIME = "sphinx-only";', 'const RUNTIME = "bundled";')
#: The build the worker's memory snapshot belongs to: empty before, the manifest's hash after (decision 0042).
BUILD_MARK = re.compile(r'^const BUILD = "[0-9a-f]*";$', re.MULTILINE)


def mark_runtime_bundled(site: Path, version: str = "") -> None:
    """Tell the site's engine worker that the runtime is there, so that it starts Pyodide beside
    the manifest's fetch instead of after it (a Sphinx build alone has no runtime: its worker
    waits for the manifest, which says so, and never asks for a file the site lacks), and which
    build it runs (``version``, the manifest's hash): the memory snapshot a revisit starts from
    is kept under it, so that a new build never restores an engine made of the old one's wheels
    (decision 0042; an empty ``version`` keeps none)."""
    worker = site / WORKER_SCRIPT
    text = worker.read_text(encoding="utf-8")
    before, after = RUNTIME_MARK
    if before not in text and after not in text or not BUILD_MARK.search(text):
        raise BuildError(f"{worker} does not say whether the runtime is bundled ({before!r}) and for which build")
    if not all(c in "0123456789abcdef" for c in version):
        raise BuildError(f"a build is named by a hexadecimal hash, not {version!r}")
    text = BUILD_MARK.sub(f'const BUILD = "{version}";', text.replace(before, after))
    worker.write_text(text, encoding="utf-8")


def _sphinx(docs: Path, out: Path, say: Say) -> None:
    """``sphinx-build -W``, its progress lines passed on as they come (reading, writing: a minute)."""
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", str(docs), str(out)]
    lines: list[str] = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1) as run:
        assert run.stdout is not None
        for line in run.stdout:
            lines.append(line.rstrip())
            say("      " + line.rstrip())
    if run.returncode != 0:
        tail = "\n".join(lines[-15:])
        raise BuildError(f"sphinx-build failed ({' '.join(command)}):\n{tail}")


def build(out: Path, docs: Path = ROOT / "docs", cache: Path = DEFAULT_CACHE, sphinx: bool = True,
          say: Say = _quiet) -> dict[str, object]:
    """The site into ``out``: the rulebook (``sphinx``), then :func:`bundle`; ``say`` hears each stage."""
    stages = Stages(5 if sphinx else 4, say)
    if sphinx:
        stages.next(f"the rulebook: sphinx-build -W -b html {docs} {out}")
        _sphinx(docs, out, say)
    return bundle(out, cache, stages=stages)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rules.web.build", description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path, help="the site's folder (e.g. docs/_build/site)")
    p.add_argument("--docs", type=Path, default=ROOT / "docs", help="the Sphinx source folder (default: docs)")
    p.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="download cache (default: build/web)")
    p.add_argument("--no-sphinx", action="store_true", help="add the bundle to a site already built")
    args = p.parse_args(argv)
    began = time.monotonic()
    try:
        manifest = build(args.out, args.docs, args.cache, sphinx=not args.no_sphinx, say=lambda line: print(line, flush=True))
    except BuildError as exc:
        print(f"rules.web.build: {exc}", file=sys.stderr)
        return 2
    files, wheels = manifest["files"], manifest["wheels"]
    assert isinstance(files, list) and isinstance(wheels, list)
    total = sum(f["bytes"] for f in files)
    print(f"{args.out}: Pyodide {PYODIDE_VERSION}, wheels {', '.join(Path(w).name for w in wheels)}; "
          f"{len(files)} files, {total / 1e6:.1f} MB in {BUNDLE}/; built in {time.monotonic() - began:.0f} s.\n"
          f"To look at it: python -m http.server -d {args.out} 8000, then open http://127.0.0.1:8000/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
