"""The web client's icons (`service/static/icons/*.png`), drawn here with Pillow: a route
of four train cars between two cities, on the client's accent blue. Our own design; no
third-party art.

    python -m tests.icons      # writes the PNGs under service/static/icons/

- `icon-192.png`, `icon-512.png`: the manifest's icons (`purpose: any`), a rounded
  square on a transparent ground;
- `maskable-512.png`: the same drawing, full-bleed, shrunk into the centre's safe zone
  (a circle of 40 % of the size around the centre) that every launcher's mask keeps;
- `apple-touch-icon.png` (180 px): full-bleed and opaque (iOS rounds the corners).

Each is drawn four times larger and shrunk (Lanczos), for smooth edges.
`tests/unit/test_static_assets.py` checks that the committed files are what this draws.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

ICONS = Path(__file__).resolve().parents[1] / "service" / "static" / "icons"
ACCENT = "#0b5cad"  # the client's --accent (service/static/app/app.css); the theme colour
INK = "#1d232a"  # --ink
CAR = "#f2c12e"
CITY = "#ffffff"
SUPERSAMPLE = 4
PALETTE = 48  # colours: the five above and their blends along the edges
# name: (size, full-bleed, scale of the drawing around the centre)
SHAPES = {"icon-192.png": (192, False, 1.0), "icon-512.png": (512, False, 1.0),
          "maskable-512.png": (512, True, 0.72), "apple-touch-icon.png": (180, True, 0.9)}


def draw(size: int, full_bleed: bool, scale: float) -> Any:
    """The icon as a Pillow image (RGBA), `size` pixels square."""
    from PIL import Image, ImageDraw

    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if full_bleed:
        pen.rectangle((0, 0, big, big), fill=ACCENT)
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=round(big * 0.2), fill=ACCENT)

    def at(x: float, y: float) -> tuple[float, float]:
        """A point of the unit square, scaled around the centre, in pixels."""
        return (0.5 + (x - 0.5) * scale) * big, (0.5 + (y - 0.5) * scale) * big

    start, end = (0.24, 0.74), (0.76, 0.30)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    along, across = (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))
    length = math.dist(start, end)
    cars, gap, half_width = 4, 0.022, 0.036
    car = (length - 0.2 - gap * (cars - 1)) / cars  # (0.1 left free at each city)
    for i in range(cars):
        a = 0.1 + i * (car + gap)
        corners = []
        for t, w in ((a, -half_width), (a + car, -half_width), (a + car, half_width),
                     (a, half_width)):
            corners.append(at(start[0] + along[0] * t + across[0] * w,
                              start[1] + along[1] * t + across[1] * w))
        pen.polygon(corners, fill=CAR, outline=INK, width=max(1, round(big * 0.012 * scale)))
    for x, y in (start, end):
        cx, cy = at(x, y)
        r = 0.09 * scale * big
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=CITY, outline=INK,
                    width=max(1, round(big * 0.02 * scale)))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def drawn(name: str) -> Any:
    """The icon `name` as committed: its few colours in a palette (a quarter the bytes)."""
    from PIL import Image

    size, full_bleed, scale = SHAPES[name]
    image = draw(size, full_bleed, scale)
    if full_bleed:
        return image.convert("RGB").quantize(PALETTE)
    return image.quantize(PALETTE, method=Image.Quantize.FASTOCTREE)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name in SHAPES:
        drawn(name).save(ICONS / name, optimize=True)
        print(ICONS / name)


if __name__ == "__main__":
    main()
