"""Two phones changing one deck at the same moment, each thread on its own database connection
(SQLite in WAL mode here, PostgreSQL in CI): the deck's row is locked, so both changes land."""

import threading

import pytest
from django.db import connection

from scorekeeper.decks.models import Deck
from scorekeeper.decks.services import deck_add_card, deck_create
from tests.factories import CrewFactory

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 4


def test_cards_added_at_once_from_several_phones_are_all_kept():
    deck = deck_create(crew=CrewFactory(), name="Our box", base="classic")
    barrier = threading.Barrier(PHONES)
    errors: list[Exception] = []

    def add(index: int) -> None:
        card = {
            "token": f"Q{index}",
            "name": f"Card {index}",
            "kind": "wild",
            "count": 1,
            "points": 10 * index,
        }
        try:
            barrier.wait(timeout=30)
            deck_add_card(deck=Deck.objects.get(pk=deck.pk), card=card)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=add, args=(i,)) for i in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors
    tokens = sorted(card["token"] for card in deck.current.data["cards"])
    assert tokens == [f"Q{i}" for i in range(PHONES)]
    assert deck.versions.count() == PHONES + 1
