"""The rules library: entries written in our own words with their sources, house rules and the
first-card helper (the search over it is ``scorekeeper.rulesearch``). Pure Python; nothing here
imports Django."""

from scorekeeper.rules.entries import (
    EDITIONS,
    ENTRIES,
    SHEETS,
    Entry,
    Sheet,
    Variant,
    entries_for_edition,
    get_entry,
)
from scorekeeper.rules.first_card import KINDS, FirstCardOutcome, first_card
from scorekeeper.rules.house_rules import (
    HOUSE_RULES,
    HouseRule,
    agreed_house_rules,
    house_rule_labels,
    parse_house_rules,
    table_notes,
)

__all__ = [
    "EDITIONS",
    "ENTRIES",
    "HOUSE_RULES",
    "KINDS",
    "SHEETS",
    "Entry",
    "FirstCardOutcome",
    "HouseRule",
    "Sheet",
    "Variant",
    "agreed_house_rules",
    "entries_for_edition",
    "first_card",
    "get_entry",
    "house_rule_labels",
    "parse_house_rules",
    "table_notes",
]
