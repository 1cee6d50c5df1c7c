"""Changing a crew's deck: every change writes a new version of its cards, checked by the core
first, in one transaction that holds the deck's row (two phones editing one deck take turns,
and neither change is lost). A refused change raises RuleError and writes nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from django.db import transaction

from scorekeeper.domain import RuleError
from scorekeeper.domain.decks import parse_deck, parse_house_card
from scorekeeper.domain.words import gettext_noop

from .models import Deck, DeckVersion, version_of


def side_of(data: dict[str, Any], side: int) -> dict[str, Any]:
    """The part of a deck's data that holds one side's cards (the deck itself when one-sided)."""
    if "sides" not in data:
        return data
    if not 1 <= side <= len(data["sides"]):
        raise RuleError(gettext_noop("This deck has no side %(side)s.", side=side))
    return data["sides"][side - 1]


@transaction.atomic
def deck_create(*, crew: Any, name: str, base: str, sides: tuple[str, str] | None = None) -> Deck:
    """A new deck starting from a built-in edition: one side, or two named sides."""
    data: dict[str, Any] = {"name": name, "base": base}
    if sides:
        data["sides"] = [{"name": side, "cards": []} for side in sides]
    else:
        data["cards"] = []
    parsed = parse_deck(data)  # refuses a bad name or base before anything is written
    deck = Deck.objects.create(crew=crew, name=parsed.name)
    version_of(deck, parsed.data)
    return deck


def _change(deck: Deck, change: Callable[[dict[str, Any]], None]) -> DeckVersion:
    """Apply ``change`` to a copy of the deck's newest cards and store the result."""
    with transaction.atomic():
        locked = Deck.objects.select_for_update().get(pk=deck.pk)
        current = locked.current
        data = copy.deepcopy(current.data) if current else {"name": locked.name, "cards": []}
        change(data)
        version = version_of(locked, data)
        if locked.name != data["name"]:
            locked.name = data["name"]
            locked.save(update_fields=["name"])
        return version


def deck_add_card(*, deck: Deck, side: int = 1, card: dict[str, Any]) -> DeckVersion:
    """Add one of the crew's cards to a side (the card is checked with the whole deck)."""
    checked = parse_house_card(card, 1)

    def add(data: dict[str, Any]) -> None:
        cards = side_of(data, side).setdefault("cards", [])
        if any(item["token"] == checked.token for item in cards):
            raise RuleError(
                gettext_noop(
                    "This deck already has a card written %(token)s: remove it first, or "
                    "choose another token.",
                    token=checked.token,
                )
            )
        cards.append(card)

    return _change(deck, add)


def deck_remove_card(*, deck: Deck, side: int = 1, token: str) -> DeckVersion:
    """Take one of the crew's cards off a side."""

    def remove(data: dict[str, Any]) -> None:
        part = side_of(data, side)
        kept = [item for item in part.get("cards", []) if item["token"] != token]
        if len(kept) == len(part.get("cards", [])):
            raise RuleError(gettext_noop("This deck has no card %(token)s.", token=token))
        part["cards"] = kept

    return _change(deck, remove)


def deck_leave_out(*, deck: Deck, side: int = 1, values: list[str]) -> DeckVersion:
    """Which built-in cards a side leaves out (e.g. a deck without Wild Draw Fours)."""

    def leave_out(data: dict[str, Any]) -> None:
        part = side_of(data, side)
        part.pop("remove", None)
        if values:
            part["remove"] = list(values)

    return _change(deck, leave_out)


def deck_rename(*, deck: Deck, name: str) -> DeckVersion:
    def rename(data: dict[str, Any]) -> None:
        data["name"] = name

    return _change(deck, rename)


@transaction.atomic
def deck_delete(*, deck: Deck) -> bool:
    """Delete a deck no game was played with (True); a deck some game keeps is archived
    instead, so those games keep their cards (False)."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    if DeckVersion.objects.filter(deck=locked, games__isnull=False).exists():
        locked.archived = True
        locked.save(update_fields=["archived"])
        return False
    locked.versions.all().delete()
    locked.delete()
    return True


def deck_restore(*, deck: Deck) -> None:
    Deck.objects.filter(pk=deck.pk).update(archived=False)
