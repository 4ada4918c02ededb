"""The home-screen icon (``rules.web.offline.icon_png``): its top-left quarter is computed and
mirrored, which must give the bytes that computing every pixel gives (the browser tests check
that the icons load, at the sizes the web manifest declares)."""

from __future__ import annotations

import math
import zlib

import pytest

from rules.web.offline import BACKGROUND, THEME, _hexagon_distance, _rgb, icon_png


def every_pixel(size: int) -> bytes:
    """The icon's rows, each pixel computed on its own (the plain reading of the drawing)."""
    blue, white = _rgb(THEME), _rgb(BACKGROUND)
    half = size / 2
    rows = b""
    for j in range(size):
        rows += b"\0"
        y = (j + 0.5 - half) / half
        for i in range(size):
            x = (i + 0.5 - half) / half
            edge = min(abs(_hexagon_distance(x, y, 0.6)) - 0.07, math.hypot(x, y) - 0.17) * half
            cover = min(1.0, max(0.0, 0.5 - edge))
            rows += bytes(round(b + (w - b) * cover) for b, w in zip(blue, white, strict=True))
    return rows


def pixel_rows(png: bytes) -> bytes:
    """The decompressed image data of a PNG with one IDAT chunk, as ``icon_png`` writes it."""
    at = png.index(b"IDAT")
    length = int.from_bytes(png[at - 4:at], "big")
    return zlib.decompress(png[at + 4:at + 4 + length])


@pytest.mark.parametrize("size", [1, 2, 9, 16, 33, 48])
def test_the_mirrored_icon_is_every_pixel_computed(size: int) -> None:
    rows = pixel_rows(icon_png(size))
    assert rows == every_pixel(size)
    assert len(rows) == size * (1 + 3 * size)
