"""The deck pages: make a deck, add and remove its cards, leave cards out, rename, delete or
archive; refusals change nothing; another crew's deck is a 404; a new game picks a deck."""

import pytest
from django.urls import reverse

from scorekeeper.decks.models import Deck, DeckVersion
from scorekeeper.games.models import Game
from tests.factories import CrewFactory

BLANK = {
    "side": "1",
    "name": "Blank",
    "name_es": "En blanco",
    "token": "BL",
    "kind": "wild",
    "count": "4",
    "points": "40",
    "rule": "The player names a rule everyone follows.",
}


def make(client, **fields):
    data = {"name": "Our box", "base": "classic", **fields}
    response = client.post(reverse("decks:deck_list"), data)
    assert response.status_code == 302
    return Deck.objects.latest("pk")


def start_with(client, deck, seats=("Ann", "Ben"), **headers):
    """Press Start on New game with the crew's ``deck`` chosen."""
    data = {
        "seat": list(seats),
        "edition": f"deck:{deck.pk}",
        "scoring": "standard",
        "target_choice": "500",
        "action": "start",
    }
    return client.post(reverse("newgame:game_new"), data, **headers)


def cards(deck):
    data = deck.current.data
    return data["cards"] if "cards" in data else data["sides"]


@pytest.mark.django_db
def test_a_deck_is_made_and_takes_the_crew_s_own_card(crew_client):
    client, crew = crew_client
    deck = make(client)
    assert deck.crew == crew and deck.current.data == {
        "name": "Our box",
        "base": "classic",
        "cards": [],
    }
    response = client.post(reverse("decks:deck_card_add", args=[deck.pk]), BLANK, follow=True)
    assert "Blank added." in response.content.decode()
    assert cards(deck) == [
        {
            "token": "BL",
            "name": "Blank",
            "name_es": "En blanco",
            "kind": "wild",
            "count": 4,
            "points": 40,
            "rule": "The player names a rule everyone follows.",
        }
    ]
    page = client.get(reverse("decks:deck_detail", args=[deck.pk])).content.decode()
    assert "112 cards in all." in page and "The player names a rule everyone follows." in page
    assert deck.versions.count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"token": "RS"}, "RS already means red Skip"),
        ({"points": "501"}, "Check the card"),
        ({"count": "0"}, "Check the card"),
        ({"count": "101"}, "Check the card"),
        ({"name": "x" * 41}, "Check the card"),
        ({"name": "Bl\u202eank"}, "invisible or control character"),
        ({"kind": "action", "count": "100"}, "holds 508 cards; a deck holds at most 500"),
        ({"kind": "joker"}, "Choose one of the kinds in the list."),
    ],
)
def test_a_bad_card_is_refused_with_its_reason_and_changes_nothing(crew_client, change, message):
    client, _ = crew_client
    deck = make(client)
    response = client.post(reverse("decks:deck_card_add", args=[deck.pk]), {**BLANK, **change})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert deck.versions.count() == 1 and cards(deck) == []


@pytest.mark.django_db
def test_a_second_card_with_the_same_token_is_refused(crew_client):
    client, _ = crew_client
    deck = make(client)
    client.post(reverse("decks:deck_card_add", args=[deck.pk]), BLANK)
    response = client.post(
        reverse("decks:deck_card_add", args=[deck.pk]), {**BLANK, "name": "Other"}
    )
    assert (
        response.status_code == 422 and "already has a card written BL" in response.content.decode()
    )
    assert len(cards(deck)) == 1


@pytest.mark.django_db
def test_cards_are_removed_and_built_in_cards_left_out(crew_client):
    client, _ = crew_client
    deck = make(client)
    client.post(reverse("decks:deck_card_add", args=[deck.pk]), BLANK)
    client.post(reverse("decks:deck_card_remove", args=[deck.pk]), {"side": "1", "token": "BL"})
    assert cards(deck) == []
    client.post(reverse("decks:deck_leave_out", args=[deck.pk]), {"side": "1", "remove": ["W+4"]})
    assert deck.current.data["remove"] == ["W+4"]
    page = client.get(reverse("decks:deck_detail", args=[deck.pk])).content.decode()
    assert "104 cards in all." in page
    refused = client.post(
        reverse("decks:deck_leave_out", args=[deck.pk]), {"side": "1", "remove": ["Q"]}
    )
    assert refused.status_code == 422 and "not a card to remove" in refused.content.decode()


@pytest.mark.django_db
def test_a_two_sided_deck_names_its_sides_and_each_side_takes_its_cards(crew_client):
    client, _ = crew_client
    missing = client.post(
        reverse("decks:deck_list"), {"name": "Flip", "base": "classic", "two_sided": "on"}
    )
    assert missing.status_code == 422 and "Name both sides" in missing.content.decode()
    unknown = client.post(reverse("decks:deck_list"), {"name": "Flip", "base": "mario"})
    assert unknown.status_code == 422
    assert "Choose one of the decks in the list." in unknown.content.decode()
    deck = make(client, name="Flip", two_sided="on", side_1="Light", side_2="Dark")
    client.post(reverse("decks:deck_card_add", args=[deck.pk]), {**BLANK, "side": "2"})
    sides = deck.current.data["sides"]
    assert [side["name"] for side in sides] == ["Light", "Dark"]
    assert sides[0]["cards"] == [] and sides[1]["cards"][0]["token"] == "BL"


@pytest.mark.django_db
def test_a_deck_a_game_was_played_with_is_archived_not_deleted(crew_client):
    client, crew = crew_client
    unused = make(client, name="Unused")
    client.post(reverse("decks:deck_delete", args=[unused.pk]))
    assert not Deck.objects.filter(pk=unused.pk).exists()
    deck = make(client)
    client.post(reverse("decks:deck_card_add", args=[deck.pk]), BLANK)
    Game.objects.create(crew=crew, night=crew.nights.create(date="2026-11-20"), deck=deck.current)
    response = client.post(reverse("decks:deck_delete", args=[deck.pk]), follow=True)
    assert "archived, not deleted" in response.content.decode()
    deck.refresh_from_db()
    assert deck.archived and DeckVersion.objects.filter(deck=deck).count() == 2
    new_game = client.get(reverse("newgame:game_new")).content.decode()
    assert "Our box" not in new_game


@pytest.mark.django_db
def test_another_crew_s_deck_is_not_found(crew_client):
    client, _ = crew_client
    theirs = Deck.objects.create(crew=CrewFactory(), name="Theirs")
    assert client.get(reverse("decks:deck_detail", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("decks:deck_card_add", args=[theirs.pk]), BLANK).status_code == 404


@pytest.mark.django_db
def test_a_new_game_is_played_with_the_chosen_deck(crew_client):
    client, crew = crew_client
    deck = make(client, base="kitty")
    client.post(reverse("decks:deck_card_add", args=[deck.pk]), BLANK)
    page = client.get(reverse("newgame:game_new")).content.decode()
    assert f'value="deck:{deck.pk}"' in page and "Our box — your deck, from Kitty" in page
    response = start_with(client, deck)
    assert response.status_code == 302
    game = Game.objects.get(crew=crew)
    assert game.deck == deck.current and game.edition == "kitty"
    table = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert 'data-key="BL"' in table and 'data-key-points="40"' in table
    assert "Our box" in table


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "That deck is not in your crew&#x27;s list any more (archived or deleted"),
        ("es", "Esa baraja ya no está en la lista de tu grupo (¿archivada o borrada"),
    ],
)
def test_a_deck_archived_while_new_game_was_open_is_refused_in_words(crew_client, language, said):
    """Archived on another phone between drawing New game and pressing Start: a clear 422,
    no game, and none of Django's "deck:12 is not one of the available choices"."""
    client, crew = crew_client
    deck = make(client, base="kitty")
    assert f'value="deck:{deck.pk}"' in client.get(reverse("newgame:game_new")).content.decode()
    Deck.objects.filter(pk=deck.pk).update(archived=True)
    response = start_with(client, deck, HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    assert response.status_code == 422 and said in page
    assert f"deck:{deck.pk}" not in page.replace(f'value="deck:{deck.pk}"', "")
    assert "valid choice" not in page and not Game.objects.filter(crew=crew).exists()


@pytest.mark.django_db
def test_a_two_sided_game_asks_which_side_was_up_and_scores_by_it(crew_client):
    from scorekeeper.decks import services
    from scorekeeper.games.models import Round

    client, crew = crew_client
    deck = services.deck_create(crew=crew, name="Flip", base="classic", sides=("Light", "Dark"))
    colour = {"token": "DC", "name": "Draw Colour", "kind": "wild", "count": 4, "points": 60}
    services.deck_add_card(deck=deck, side=2, card=colour)
    services.deck_leave_out(deck=deck, side=2, values=["W+4"])
    start_with(client, deck, seats=("Cy", "Di"))
    game = Game.objects.get(crew=crew)
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert "Side up when the round ended" in page and "Dark" in page
    assert 'data-key="DC" data-side="2"' in page and 'data-key="W+4" data-side="1"' in page
    url = reverse("games:round_create", args=[game.pk])
    entry = {"winner": "Cy", "number": "1", "request_key": "k1", "cards_1": "DC 5"}
    wrong_side = client.post(url, {**entry, "side": "1"})
    assert wrong_side.status_code == 422
    assert "&#x27;DC&#x27; is not a card" in wrong_side.content.decode()
    no_side = client.post(url, entry)
    assert no_side.status_code == 422 and "Pick the side of the deck" in no_side.content.decode()
    assert not Round.objects.exists()
    client.post(url, {**entry, "side": "2"})
    saved = Round.objects.get(game=game)
    assert saved.side == 2 and list(saved.hands.values_list("points", flat=True)) == [65]
    # The next round offers the side the last one ended on.
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert 'name="side" value="2" id="id_side_1" required checked' in page.replace('class="" ', "")


@pytest.mark.django_db
def test_a_crew_s_card_and_the_ready_made_ones_are_named_in_the_reader_s_language(crew_client):
    client, _ = crew_client
    deck = make(client)
    url = reverse("decks:deck_detail", args=[deck.pk])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Swap Hands ×1, points" in english and "Blank card ×4, points" in english
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Cambio de manos ×1, puntos" in spanish and "Carta en blanco ×4, puntos" in spanish
    assert "Baraja manos ×1, puntos" in spanish
    assert "Cartas que nombran las instrucciones del Clásico" in spanish
    assert "Swap Hands ×" not in spanish and "Classic" not in spanish
    # The ready-made card, added: its Spanish name first, the crew's English beside it.
    added = client.post(
        reverse("decks:deck_card_add", args=[deck.pk]),
        {**BLANK, "name": "Blank card", "name_es": "Carta en blanco"},
        HTTP_ACCEPT_LANGUAGE="es",
        follow=True,
    ).content.decode()
    assert "Se agregó Carta en blanco." in added
    assert (
        "<strong>Carta en blanco</strong>" in added and '<span lang="en">Blank card</span>' in added
    )
    assert "Sacar Carta en blanco" in added and "Sacar Blank card" not in added
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert (
        "<strong>Blank card</strong>" in english
        and '<span lang="es">Carta en blanco</span>' in english
    )
    assert "Take Blank card out" in english
