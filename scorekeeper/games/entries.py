"""The stored shape of a round: who went out, each hand and its points, keyed by player id.

A round's ``entry`` (``Round.entry``, and every copy of it in the round's history) names its
players by their id, never by name: a player renamed or merged on the roster page keeps every
old round readable and re-editable. The core, the game files and the audit trail speak in
names, so an entry is read back through the game's seats with :func:`named_entry`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.domain import hand_points

HandInput = str | int


def stored_entry(
    winner: str, hands: Mapping[str, HandInput], edition: str, ids: Mapping[str, int]
) -> dict[str, Any]:
    """The entry to store for a round given by name; ``ids`` maps each name to its player id.

    A hand typed as a total stays a number; one entered card by card keeps its cards (and
    its points, so history never needs the deck to read it)."""
    points = {
        str(ids[name]): hand if isinstance(hand, int) else hand_points(hand, edition)
        for name, hand in hands.items()
    }
    return {
        "winner": ids[winner],
        "hands": {str(ids[name]): hand for name, hand in hands.items()},
        "points": points,
    }


def hand_rows(entry: Mapping[str, Any]) -> list[tuple[int, int, str]]:
    """A stored entry's ``Hand`` rows, as (player id, points, cards): a total typed as a number
    keeps no cards. The one shape of a hand row, written by the table (``round_record``) and by
    the file store (``import_file``) alike."""
    return [
        (int(key), entry["points"][key], "" if isinstance(hand, int) else hand)
        for key, hand in entry["hands"].items()
    ]


def named_entry(entry: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """The entry with names for ids (``names`` maps player id to name): what the core scores.

    A key that is no player of ``names`` is kept as it is, so a stray row never raises."""

    def name(key: Any) -> Any:
        try:
            return names.get(int(key), key)
        except (TypeError, ValueError):
            return key

    named: dict[str, Any] = {"winner": name(entry.get("winner"))}
    for field in ("hands", "points"):
        if field in entry:
            named[field] = {name(key): value for key, value in entry[field].items()}
    return named


def merged_entry(entry: Mapping[str, Any], gone: int, kept: int) -> dict[str, Any]:
    """The entry with player ``gone`` replaced by ``kept`` (a roster merge)."""

    def swap(key: Any) -> Any:
        return str(kept) if str(key) == str(gone) else key

    merged = dict(entry)
    if str(entry.get("winner")) == str(gone):
        merged["winner"] = kept
    for field in ("hands", "points"):
        if field in entry:
            merged[field] = {swap(key): value for key, value in entry[field].items()}
    return merged
