"""The app icon and the top bar's mark are the same drawing."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"


def _make_icons():
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "scripts" / "make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_mark_is_the_icon_without_its_felt_square():
    icon = (ICONS / "icon.svg").read_text()
    mark = (ICONS / "mark.svg").read_text()
    make_icons = _make_icons()
    assert mark == make_icons.mark(icon), "run scripts/make_icons.py after changing icon.svg"
    felt = make_icons.felt_colour(icon)
    assert f'fill="{felt}"' in icon and f'fill="{felt}"' not in mark
    # The four cards are all there.
    assert len(re.findall(r'<rect x="-78"', mark)) == 4


def test_the_top_bar_shows_the_mark_not_the_square_icon():
    css = (ROOT / "static" / "css" / "app.css").read_text()
    brand = css[css.index(".brand::before") :].split("}", 1)[0]
    assert "icons/mark.svg" in brand
