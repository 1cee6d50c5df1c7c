"""A crew's own decks (issue 22). The cards themselves are data the core reads
(``scorekeeper.domain.decks``); here a deck keeps its name and every version of its cards.

A game refers to the :class:`DeckVersion` it was played with, which never changes: editing a
deck adds a version, so no stored game's totals move. A deck some game was played with is
archived, never deleted (its versions are protected).
"""

from __future__ import annotations

import threading
from typing import Any

from django.db import models
from django.utils import timezone

from scorekeeper.domain.decks import Deck as DeckData
from scorekeeper.domain.decks import digest_of, parse_deck


class Deck(models.Model):
    crew = models.ForeignKey("crews.Crew", on_delete=models.CASCADE, related_name="decks")
    name = models.CharField(max_length=40)
    created_at = models.DateTimeField(default=timezone.now)
    # Hidden from the New game picker; its games keep it.
    archived = models.BooleanField(default=False)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def current(self) -> DeckVersion | None:
        """The deck's newest version (what a new game is played with)."""
        return self.versions.order_by("-pk").first()


class DeckVersion(models.Model):
    """One set of cards of a deck, frozen: ``data`` is the deck as a game file carries it."""

    deck = models.ForeignKey(Deck, on_delete=models.PROTECT, related_name="versions")
    data = models.JSONField()
    digest = models.CharField(max_length=16)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["digest"])]

    def __str__(self) -> str:
        return f"{self.deck} (version {self.pk})"

    @property
    def cards(self) -> DeckData:
        """The deck as the core reads it (checked once per process and digest)."""
        return deck_data(self.digest, self.data)


_READ: dict[str, DeckData] = {}
MAX_READ = 1024
# A threaded worker's requests read decks at once: the eviction below takes turns.
_READING = threading.Lock()


def deck_data(digest: str, data: Any) -> DeckData:
    """A stored deck's cards, read once per process: versions never change, so the digest
    names the same cards for as long as the process lives."""
    found = _READ.get(digest)
    if found is None:
        found = parse_deck(data)
        with _READING:
            while len(_READ) >= MAX_READ:
                _READ.pop(next(iter(_READ)))  # the oldest: read again if it comes back
            _READ[digest] = found
    return found


def version_of(deck: Deck, data: Any) -> DeckVersion:
    """The deck's newest version, holding exactly these cards: the current one when it holds
    them already, else a new one (going back to earlier cards is a new version too, so the
    newest is always what the crew last saved). ``data`` is checked by the core first, so a
    bad deck raises RuleError and nothing is written."""
    parsed = parse_deck(data)
    digest = digest_of(parsed.data)
    current = deck.current
    if current is not None and current.digest == digest:
        return current
    return DeckVersion.objects.create(deck=deck, digest=digest, data=parsed.data)


def played_edition(game: Any, side: int | None = None) -> Any:
    """The cards a game's hands are read with: its crew deck on the side that was up (side 1
    when not said), else its edition's slug."""
    if game.deck_id is None:
        return game.edition
    return game.deck.cards.side(side)


def deck_sides(game: Any) -> tuple[Any, ...]:
    """A two-sided deck's sides (Editions), for the round form to ask which was up; () for a
    game with one side."""
    if game.deck_id is None or not game.deck.cards.two_sided:
        return ()
    return game.deck.cards.sides
