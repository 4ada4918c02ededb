"""SVG pieces shared by the Claim trick pictures and the Claim 2 figures."""

from __future__ import annotations

from math import cos, pi, sin

from rules.kernel.pictures import escaped

#: The colour that marks the card taking the trick.
WINNER = "#c99700"


def text(x: float, y: float, content: str, *, size: int = 12, weight: str = "normal", fill: str = "#222",
         style: str = "normal", anchor: str = "middle") -> str:
    """An SVG ``<text>`` element with ``content`` escaped."""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" font-weight="{weight}" font-style="{style}" '
            f'fill="{fill}" text-anchor="{anchor}">{escaped(content)}</text>')


def star(cx: float, cy: float, r: float) -> str:
    """A five-pointed star of radius ``r`` centred on (cx, cy): the trick winner's mark."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = -pi / 2 + i * pi / 5
        points.append(f"{cx + radius * cos(angle):.1f},{cy + radius * sin(angle):.1f}")
    return f'<polygon points="{" ".join(points)}" fill="{WINNER}" stroke="#8a6700" stroke-width="1"/>'
