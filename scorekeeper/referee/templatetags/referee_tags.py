"""Template filters for the referee panel on the game page (no queries: game fields only)."""

from __future__ import annotations

from django import template

from scorekeeper.rules import house_rule_labels as _house_rule_labels

register = template.Library()


@register.filter
def house_rule_labels(stored: object) -> list[str]:
    """A game's stored house rules by name, e.g. ``["Jump-in", "UNO penalty: 3 cards"]``."""
    return _house_rule_labels(stored)
