"""The palette in static/css/app.css keeps WCAG AA contrast in light and dark mode.

The colours are read from the stylesheet itself (the light ``:root`` and the dark override), so
changing a colour in the CSS without keeping its contrast fails here.
"""

import re
from pathlib import Path

import pytest

APP_CSS = Path(__file__).resolve().parents[1] / "static" / "css" / "app.css"

# (text or mark, what it sits on): every pair the stylesheets put together.
TEXT_PAIRS = [
    ("fg", "bg"),
    ("fg", "panel"),
    ("muted", "bg"),
    ("muted", "panel"),
    ("accent", "bg"),
    ("accent", "panel"),
    ("accent-fg", "accent"),
    ("danger", "bg"),
    ("danger", "panel"),
    ("bg", "danger"),  # the offline banner
    ("ok", "bg"),
    ("ok", "panel"),
    ("table-fg", "table"),
    ("table-muted", "table"),
    ("card-red-fg", "card-red"),
    ("card-yellow-fg", "card-yellow"),
    ("card-green-fg", "card-green"),
    ("card-blue-fg", "card-blue"),
    ("card-wild-fg", "card-wild"),
]
# Outlines of inputs and the focus ring: 3:1 against what surrounds them (WCAG 1.4.11).
OUTLINE_PAIRS = [
    ("line-strong", "panel"),
    ("line-strong", "bg"),
    ("focus", "bg"),
    ("focus", "panel"),
]
VARIABLES = [
    "bg", "fg", "muted", "panel", "line", "accent", "accent-fg", "danger", "ok",
    "red", "green", "blue", "yellow", "radius", "tap",
    "card-red", "card-yellow", "card-green", "card-blue", "card-wild",
]  # fmt: skip


def _declarations(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", block))


def palettes() -> dict[str, dict[str, str]]:
    css = re.sub(r"/\*.*?\*/", "", APP_CSS.read_text(), flags=re.S)
    light = _declarations(re.search(r"^:root\s*{(.*?)}", css, re.S | re.M).group(1))
    dark_block = re.search(
        r"@media\s*\(prefers-color-scheme:\s*dark\)\s*{\s*:root\s*{(.*?)}", css, re.S
    )
    return {"light": light, "dark": {**light, **_declarations(dark_block.group(1))}}


def _luminance(colour: str) -> float:
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", colour), f"{colour!r} is not a #rrggbb colour"
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_is_measured_the_wcag_way():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#123456", "#123456") == 1


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_every_variable_the_pages_use_is_defined(mode):
    palette = palettes()[mode]
    assert not [name for name in VARIABLES if name not in palette]
    # The dark mode is designed, not the light one inherited.
    if mode == "dark":
        assert palette["bg"] != palettes()["light"]["bg"]


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_text_keeps_aa_contrast(mode):
    palette = palettes()[mode]
    low = {
        (text, ground): round(contrast(palette[text], palette[ground]), 2)
        for text, ground in TEXT_PAIRS
        if contrast(palette[text], palette[ground]) < 4.5
    }
    assert not low, low


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_outlines_keep_three_to_one(mode):
    palette = palettes()[mode]
    low = {
        pair: round(contrast(palette[pair[0]], palette[pair[1]]), 2)
        for pair in OUTLINE_PAIRS
        if contrast(palette[pair[0]], palette[pair[1]]) < 3
    }
    assert not low, low


def test_the_four_card_colours_are_four_colours():
    palette = palettes()["light"]
    cards = [palette[f"card-{name}"] for name in ("red", "yellow", "green", "blue")]
    assert len(set(cards)) == 4


def player_colours() -> dict[int, str]:
    css = re.sub(r"/\*.*?\*/", "", APP_CSS.read_text(), flags=re.S)
    return {int(n): v for n, v in re.findall(r"\.series-(\d) \{ --series: (#\w+); \}", css)}


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_each_player_colour_is_a_mark_of_three_to_one_on_the_page(mode):
    """A player's colour marks their standing, chip and chart line (never their name's text):
    WCAG 1.4.11's 3:1 against the page and the panels, one shade for both modes, eight
    colours told apart."""
    from scorekeeper.roster.models import Colour

    palette, colours = palettes()[mode], player_colours()
    assert sorted(colours) == Colour.values and len(set(colours.values())) == 8
    low = {
        (value, ground): round(contrast(colour, palette[ground]), 2)
        for value, colour in colours.items()
        for ground in ("bg", "panel")
        if contrast(colour, palette[ground]) < 3
    }
    assert not low, low
