"""The rulebook site offline and on a home screen (docs/decisions/0032-offline-and-worker.md).

Written into a built site by the Sphinx extension :mod:`rules.sphinx.adjudicator` and
again by :mod:`rules.web.build` once it has added the runtime:

- ``_adjudicator/offline.json``: every file of the site (:func:`site_files`), the list
  the service worker (``sw.js``) keeps after a first visit, so that every page, picture,
  the search index and the adjudicator work with no network;
- ``manifest.webmanifest``: the web app manifest (the rulebook's name, where it starts,
  its colours and icons), linked from every page, so a phone can install the rulebook
  to its home screen;
- ``_adjudicator/icon-192.png`` and ``icon-512.png``: the icons, drawn here
  (:func:`icon_png`: a hexagon, the shape of a board cell, on the panel's blue) so no
  binary is kept in the repository.
"""

from __future__ import annotations

import json
import math
import struct
import zlib
from pathlib import Path

#: Where the icons and the file list live in the site (the adjudicator's folder: one folder of our own).
FOLDER = "_adjudicator"
FILE_LIST = f"{FOLDER}/offline.json"
MANIFEST = "manifest.webmanifest"
ICON_SIZES = (192, 512)
#: The panel's blue (rules/web/static/adjudicator.css) and the page's white.
THEME = "#2a5aa8"
BACKGROUND = "#ffffff"
#: Files a reader never fetches: Sphinx's build bookkeeping and the service worker itself.
NOT_KEPT = frozenset({".buildinfo", "sw.js", "_static/sw.js"})
NOT_KEPT_FOLDERS = (".doctrees/",)


def site_files(site: Path) -> list[str]:
    """Every file of the built ``site`` a reader may fetch, relative to its root, sorted."""
    names = (path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())
    return sorted(n for n in names if n not in NOT_KEPT and not n.startswith(NOT_KEPT_FOLDERS))


def write_file_list(site: Path) -> list[str]:
    """``_adjudicator/offline.json``: ``{"files": site_files(site)}`` (itself included)."""
    target = site / FILE_LIST
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("{}", encoding="utf-8")  # listed among the files
    files = site_files(site)
    target.write_text(json.dumps({"files": files}, indent=0), encoding="utf-8")
    return files


def web_manifest(title: str) -> dict[str, object]:
    """The web app manifest of a site titled ``title`` (paths relative to the manifest, at the root)."""
    short = title if len(title) <= 12 else title.split()[-1][:12]
    return {
        "name": title,
        "short_name": short,
        "description": f"{title}: the rules, offline, with the in-page adjudicator",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [{"src": f"{FOLDER}/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png", "purpose": "any maskable"}
                  for n in ICON_SIZES],
    }


def write_web_manifest(site: Path, title: str) -> dict[str, object]:
    """``manifest.webmanifest`` and its icons into ``site``."""
    manifest = web_manifest(title)
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (site / FOLDER).mkdir(parents=True, exist_ok=True)
    for size in ICON_SIZES:
        (site / FOLDER / f"icon-{size}.png").write_bytes(icon_png(size))
    return manifest


def head_tags(root: str) -> str:
    """What every page's ``<head>`` adds: the manifest, the theme colour, the home-screen icon
    (``root`` is the page's way to the site's root, ``""`` or ``"../"``...)."""
    return (f'<link rel="manifest" href="{root}{MANIFEST}">\n'
            f'<meta name="theme-color" content="{THEME}">\n'
            f'<link rel="apple-touch-icon" href="{root}{FOLDER}/icon-192.png">\n')


# --------------------------------------------------------------------------- the icon


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _hexagon_distance(x: float, y: float, radius: float) -> float:
    """Signed distance from (x, y) to a flat-topped regular hexagon of circumradius ``radius``
    centred at the origin (negative inside)."""
    x, y = abs(x), abs(y)
    apothem = radius * math.sqrt(3) / 2
    return max(y - apothem, (x * math.sqrt(3) / 2 + y / 2) - apothem)


def icon_png(size: int) -> bytes:
    """A ``size``-pixel square PNG: a white hexagon ring and a white dot on the theme's blue, the
    whole drawing inside the middle 80 % (the safe zone of a maskable icon), edges smoothed."""
    blue, white = _rgb(THEME), _rgb(BACKGROUND)
    solid = {0.0: bytes(blue), 1.0: bytes(white)}  # most pixels: wholly blue or wholly white
    half = size / 2
    # The drawing is symmetric about both axes (the distances take abs(x), abs(y)), and a pixel's
    # centre mirrors exactly, so the top-left quarter is computed and mirrored: a quarter of the
    # pixels, the same bytes.
    quarter = (size + 1) // 2
    top: list[bytes] = []
    for j in range(quarter):
        y = (j + 0.5 - half) / half
        left = []
        for i in range(quarter):
            x = (i + 0.5 - half) / half
            ring = abs(_hexagon_distance(x, y, 0.6)) - 0.07
            dot = math.hypot(x, y) - 0.17
            edge = min(ring, dot) * half  # in pixels
            cover = min(1.0, max(0.0, 0.5 - edge))
            pixel = solid.get(cover)
            left.append(pixel if pixel is not None else
                        bytes(round(b + (w - b) * cover) for b, w in zip(blue, white, strict=True)))
        right = left[: size - quarter][::-1]
        top.append(b"\0" + b"".join(left) + b"".join(right))  # filter byte: none
    rows = top + top[: size - quarter][::-1]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))
