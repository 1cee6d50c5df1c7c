"""Two phones changing one deck at the same moment, each thread on its own database connection
(SQLite in WAL mode here, PostgreSQL in CI): the deck's row is locked, so both changes land."""

import pytest

from scorekeeper.decks.models import Deck
from scorekeeper.decks.services import deck_add_card, deck_create
from tests.factories import CrewFactory
from tests.threads import at_once, failures

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 4


def test_cards_added_at_once_from_several_phones_are_all_kept():
    deck = deck_create(crew=CrewFactory(), name="Our box", base="classic")

    def add(index: int) -> None:
        card = {
            "token": f"Q{index}",
            "name": f"Card {index}",
            "kind": "wild",
            "count": 1,
            "points": 10 * index,
        }
        deck_add_card(deck=Deck.objects.get(pk=deck.pk), card=card)

    results = at_once(add, PHONES)
    assert not failures(results), failures(results)
    tokens = sorted(card["token"] for card in deck.current.data["cards"])
    assert tokens == [f"Q{i}" for i in range(PHONES)]
    assert deck.versions.count() == PHONES + 1


def test_decks_read_at_once_past_the_cache_s_size_all_read_and_the_cache_stays_bounded(
    monkeypatch,
):
    """A threaded worker's requests read decks at the same moment while the per-process cache
    of parsed decks is full: every read answers its own cards, and the cache keeps its bound."""
    from scorekeeper.decks import models
    from scorekeeper.domain.decks import digest_of, parse_deck
    from tests.deck_samples import BOX

    monkeypatch.setattr(models, "_READ", {})
    monkeypatch.setattr(models, "MAX_READ", 3)
    decks = [parse_deck({**BOX, "name": f"Box {number}"}).data for number in range(24)]
    digests = [digest_of(deck) for deck in decks]

    def read(index: int):
        found = []
        for round_ in range(40):
            number = (index + round_) % len(decks)
            found.append(models.deck_data(digests[number], decks[number]).data == decks[number])
        return all(found)

    results = at_once(read, 8)
    assert results == [True] * 8, [r for r in results if r is not True]
    assert len(models._READ) <= models.MAX_READ
