"""Write the app's PNG icons from static/icons/icon.svg, drawn by Chromium (Playwright).

Run from the project root after changing the drawing: ``.venv/bin/python scripts/make_icons.py``
(Playwright comes with the test extras; Debian's Chromium as for the browser tests). The PNGs are
committed, so nothing here runs at install or test time.

- ``icon-192.png``, ``icon-512.png``: the drawing as it is (transparent round corners).
- ``icon-maskable-*.png``: full-bleed felt, the fan of cards inside the central 80 % circle that
  every launcher shape keeps (scaled to 84 %).
- ``apple-touch-icon.png`` (180 px): full bleed too, as iOS rounds the corners itself.
- ``mark.svg``: the fan of cards without the felt square, for the top bar's brand.
"""

from __future__ import annotations

import base64
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
MARK_VIEWBOX = "68 52 380 380"
PAGE = """<!doctype html><html><head><style>
html, body {{ margin: 0; width: {size}px; height: {size}px; background: {background}; }}
img {{ display: block; width: {size}px; height: {size}px; transform: scale({scale}); }}
</style></head><body><img src="data:image/svg+xml;base64,{svg}"></body></html>"""


def felt_colour(svg: str) -> str:
    """The drawing's background: the fill of its first rect."""
    return re.search(r'<rect [^>]*fill="(#[0-9a-fA-F]{6})"', svg).group(1)


def mark(svg: str) -> str:
    """The fan of cards alone, without the felt square: the top bar's brand sits on the bar's own
    colour, which differs between light and dark mode, so a square would show on one of them."""
    fan = re.sub(r'<rect [^>]*fill="#[0-9a-fA-F]{6}"/>', "", svg, count=1)
    # Framed on the fan (its drawn extent, white edges included: x 72-444, y 95-388).
    return fan.replace('viewBox="0 0 512 512"', f'viewBox="{MARK_VIEWBOX}"', 1)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    (ICONS / "mark.svg").write_text(mark(svg))
    encoded = base64.b64encode(svg.encode()).decode()
    felt = felt_colour(svg)
    jobs = [
        ("icon-192.png", 192, "transparent", 1.0),
        ("icon-512.png", 512, "transparent", 1.0),
        ("icon-maskable-192.png", 192, felt, 0.84),
        ("icon-maskable-512.png", 512, felt, 0.84),
        ("apple-touch-icon.png", 180, felt, 0.9),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        for name, size, background, scale in jobs:
            page = browser.new_page(viewport={"width": size, "height": size})
            html = PAGE.format(size=size, background=background, scale=scale, svg=encoded)
            page.set_content(html)
            page.locator("img").evaluate("img => img.decode()")
            page.screenshot(path=str(ICONS / name), omit_background=background == "transparent")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
