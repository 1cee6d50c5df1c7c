"""The referee with a crew's deck: the challenge helper reads the deck's cards (a crew's wild
is a wild, its coloured card has a colour), and the rules page shows the crew's card rules as
house rules, never as a sheet's."""

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.decks.models import Deck
from scorekeeper.games.models import Challenge
from tests.words import shows_word

DECK = {
    "name": "Our box",
    "base": "classic",
    "cards": [
        {
            "token": "BL",
            "name": "Blank",
            "name_es": "En blanco",
            "kind": "wild",
            "count": 4,
            "points": 40,
            "rule": "Whoever plays it names a rule for the round.",
        },
        {"token": "F", "name": "Flip", "kind": "action", "count": 1, "points": 20},
    ],
}


# Ann and Ben play with the crew's own box of cards.
pytestmark = pytest.mark.game(deck=DECK, players=["Ann", "Ben"])


def challenge(client, game, hand, colour="R"):
    ids = {seat.player.name: str(seat.player_id) for seat in game.seats.select_related("player")}
    return client.post(
        reverse("referee:game_challenge", args=[game.pk]),
        {"challenger": ids["Ben"], "challenged": ids["Ann"], "colour": colour, "hand": hand},
        follow=True,
    )


@pytest.mark.django_db
def test_a_crew_wild_does_not_count_and_its_coloured_card_does(member_client, game):
    page = member_client.get(reverse("referee:game_challenge", args=[game.pk])).content.decode()
    assert 'data-pad-card="BL"' in page and 'data-pad-value="F"' in page
    innocent = challenge(member_client, game, "BL G3").content.decode()
    assert "Not guilty" in innocent
    guilty = challenge(member_client, game, "RF BL").content.decode()
    assert "Guilty" in guilty and "red Flip" in guilty
    assert list(Challenge.objects.values_list("guilty", flat=True).order_by("pk")) == [False, True]


@pytest.mark.django_db
def test_a_token_the_deck_lacks_is_refused_and_nothing_is_logged(member_client, game):
    response = challenge(member_client, game, "QQ")
    assert response.status_code == 422
    assert "not a card of this deck" in response.content.decode()
    assert not Challenge.objects.exists()


@pytest.mark.django_db
def test_the_rules_page_shows_the_crew_s_card_rules_as_house_rules(member_client, game):
    url = reverse("referee:rules_search") + f"?game={game.pk}"
    page = member_client.get(url).content.decode()
    assert "Your deck&#x27;s own cards" in page or "Your deck's own cards" in page
    assert "Whoever plays it names a rule for the round." in page
    assert "no sheet covers these cards" in page
    with translation.override("es"):
        spanish = member_client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "En blanco" in spanish
    # The game's card without a rule is not listed; a game without a deck shows no panel.
    assert not shows_word(page, "Flip")


@pytest.mark.django_db
def test_the_first_card_helper_counts_a_crew_card_by_its_kind(member_client, game):
    url = reverse("referee:first_card") + f"?game={game.pk}"
    page = member_client.get(url).content.decode()
    assert 'value="house-BL"' in page and 'value="house-F"' in page
    wild = member_client.get(url + "&card=house-BL").content.decode()
    plain_wild = member_client.get(url + "&card=wild").content.decode()
    assert "counts as a Wild here" in wild and "Whoever plays it names a rule" in wild
    summary = 'class="first-card-summary">'
    assert wild.split(summary)[1].split("<")[0] == plain_wild.split(summary)[1].split("<")[0]
    action = member_client.get(url + "&card=house-F").content.decode()
    assert "no sheet says what one does when it is turned up" in action
    assert summary not in action
    # A game without a deck, or someone else's game, offers no crew card.
    assert "house-" not in member_client.get(reverse("referee:first_card")).content.decode()


@pytest.mark.django_db
def test_the_first_card_page_on_its_own_offers_the_crew_s_decks(member_client, game):
    deck = game.deck.deck
    url = reverse("referee:first_card")
    page = member_client.get(url).content.decode()
    assert f'value="deck:{deck.pk}"' in page and "Our box — your deck" in page
    picked = f"{url}?edition=deck:{deck.pk}"
    cards = member_client.get(picked).content.decode()
    assert 'value="house-BL"' in cards and f'value="deck:{deck.pk}" selected' in cards
    wild = member_client.get(picked + "&card=house-BL").content.decode()
    assert "counts as a Wild here" in wild
    action = member_client.get(picked + "&card=house-F").content.decode()
    assert "no sheet says what one does when it is turned up" in action
    # A deck the crew put away is no longer offered, nor read.
    Deck.objects.filter(pk=deck.pk).update(archived=True)
    assert f"deck:{deck.pk}" not in member_client.get(url).content.decode()
    assert member_client.get(picked + "&card=house-BL").status_code == 422


@pytest.mark.django_db
def test_someone_else_s_deck_is_refused_in_words_and_shows_none_of_its_cards(client, game):
    deck = game.deck.deck
    picked = reverse("referee:first_card") + f"?edition=deck:{deck.pk}&card=house-BL"
    for reader in (client, _member_of_another_crew(client)):
        response = reader.get(picked)
        text = response.content.decode()
        assert response.status_code == 422
        assert "That deck is not one of your crew&#x27;s decks" in text
        assert 'value="house-BL"' not in text and "Our box" not in text
    with translation.override("es"):
        spanish = client.get(picked, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Esa baraja no es de tu grupo" in spanish


def _member_of_another_crew(client):
    from tests.factories import MembershipFactory, UserFactory

    client.force_login(MembershipFactory(user=UserFactory()).user)
    return client
