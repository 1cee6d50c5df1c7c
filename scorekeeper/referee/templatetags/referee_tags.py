"""Template filters for the referee panel on the game page (no queries: game fields only)."""

from __future__ import annotations

from django import template

from scorekeeper.referee.display import house_rule_lines as _house_rule_lines

register = template.Library()


@register.filter
def house_rule_lines(stored: object) -> list[str]:
    """A game's stored house rules as short lines, e.g. ``["Jump-in", "UNO penalty: 3 cards"]``."""
    return _house_rule_lines(stored)
