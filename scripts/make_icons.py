"""Write the app icons (PNG) from a few shapes, with nothing but the standard library.

Run from the project root: ``python scripts/make_icons.py``. The PNGs are committed; rerun this
only to change the drawing. A "maskable" icon keeps its drawing inside the central 80 % circle
that every launcher shape shows, on a full-bleed background.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
BACKGROUND = (17, 20, 24)  # the manifest's background_color, #111418
CARD = (11, 87, 208)  # #0b57d0, as in icon.svg
OVAL = (255, 255, 255)
SAMPLES = 3  # per axis: anti-aliased edges


def _inside_card(x: float, y: float, scale: float) -> bool:
    """A 44 x 56 card with rounded corners (radius 8) centred on a 64-unit square."""
    left, top, right, bottom, radius = 10, 4, 54, 60, 8
    u = 32 + (x - 32) / scale
    v = 32 + (y - 32) / scale
    if not (left <= u <= right and top <= v <= bottom):
        return False
    cx = min(max(u, left + radius), right - radius)
    cy = min(max(v, top + radius), bottom - radius)
    return (u - cx) ** 2 + (v - cy) ** 2 <= radius**2


def _inside_oval(x: float, y: float, scale: float) -> bool:
    """The white oval of the card, tilted 30 degrees."""
    u = (x - 32) / scale
    v = (y - 32) / scale
    angle = math.radians(-30)
    ru = u * math.cos(angle) - v * math.sin(angle)
    rv = u * math.sin(angle) + v * math.cos(angle)
    return (ru / 16) ** 2 + (rv / 22) ** 2 <= 1


def _pixel(px: int, py: int, size: int, scale: float, full_bleed: bool) -> tuple[int, ...]:
    colours = []
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            x = (px + (sx + 0.5) / SAMPLES) * 64 / size
            y = (py + (sy + 0.5) / SAMPLES) * 64 / size
            if _inside_card(x, y, scale):
                colour = OVAL if _inside_oval(x, y, scale) else CARD
                colours.append((*colour, 255))
            elif full_bleed:
                colours.append((*BACKGROUND, 255))
            else:
                colours.append((0, 0, 0, 0))
    return tuple(round(sum(c[i] for c in colours) / len(colours)) for i in range(4))


def png(size: int, *, maskable: bool) -> bytes:
    # Maskable: the card fits the 80 % safe circle (its diagonal is about 71 units of 64).
    scale = 0.62 if maskable else 1.0
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            rows.extend(_pixel(px, py, size, scale, full_bleed=maskable))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size, maskable=False))
        (ICONS / f"icon-maskable-{size}.png").write_bytes(png(size, maskable=True))
    (ICONS / "apple-touch-icon.png").write_bytes(png(180, maskable=True))


if __name__ == "__main__":
    main()
