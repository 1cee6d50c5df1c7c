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
