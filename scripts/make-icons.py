"""Draws the app's icons from the favicon's die (static/favicon.svg): PNGs for the web app manifest
and favicon.ico. Run once after changing the design: `.venv/bin/python scripts/make-icons.py`."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

GREEN = (10, 100, 71)
WHITE = (255, 255, 255)
STATIC = Path(__file__).resolve().parents[1] / "static"
PIPS = [(10, 10), (22, 10), (16, 16), (10, 22), (22, 22)]  # the five of favicon.svg's 32-unit grid


def die(size: int, maskable: bool) -> Image.Image:
    """The five on a green die. Maskable: green to the edges, pips inside the central 80 % safe zone."""
    scale = 4  # drawn large, then shrunk: smooth edges without an SVG renderer
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=GREEN)
        unit, origin = big * 0.56 / 20, big * 0.22 - big * 0.56 / 20 * 6  # pips span the middle 56 %
    else:
        unit, origin = big / 32, 0.0
        draw.rounded_rectangle((2 * unit, 2 * unit, 30 * unit, 30 * unit), radius=7 * unit, fill=GREEN)
    for x, y in PIPS:
        cx, cy = origin + x * unit, origin + y * unit
        draw.ellipse((cx - 3 * unit, cy - 3 * unit, cx + 3 * unit, cy + 3 * unit), fill=WHITE)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    icons = STATIC / "icons"
    icons.mkdir(exist_ok=True)
    for size in (192, 512):
        die(size, maskable=True).save(icons / f"icon-{size}.png", optimize=True)
    die(180, maskable=True).convert("RGB").save(icons / "apple-touch-icon.png", optimize=True)
    die(64, maskable=False).save(STATIC / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])


if __name__ == "__main__":
    main()
