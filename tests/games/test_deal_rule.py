"""The draw for deal on the game page follows the game's own deck sheet."""

import pytest
from django.urls import reverse

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.game(players=["Ann", "Ben", "Cat"], edition="classic")
def test_a_classic_game_ranks_the_draw_by_point_value(crew_client, game):
    client, _ = crew_client
    page = client.get(reverse("games:game_detail", args=[game.pk]) + "?draw=1").content.decode()
    assert "highest point value deals" in page
    assert "Wild (counts 50)" in page
    client.post(
        reverse("games:dealer_draw", args=[game.pk]),
        {"draw_0": "*9", "draw_1": "W", "draw_2": "*S"},
        **HTMX,
    )
    game.refresh_from_db()
    assert game.first_dealer.name == "Ben"


@pytest.mark.game(players=["Ann", "Ben"], edition="water-drop")
def test_a_themed_game_counts_symbols_as_zero(crew_client, game):
    client, _ = crew_client
    page = client.get(reverse("games:game_detail", args=[game.pk]) + "?draw=1").content.decode()
    assert "action and wild cards count as zero" in page
    client.post(
        reverse("games:dealer_draw", args=[game.pk]), {"draw_0": "*1", "draw_1": "W"}, **HTMX
    )
    game.refresh_from_db()
    assert game.first_dealer.name == "Ann"


@pytest.mark.game(players=["Ann", "Ben"])
def test_the_draw_for_deal_form_comes_when_asked_for(crew_client, game):
    client, _ = crew_client
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert 'name="draw_0"' not in page and "?draw=1#dealer" in page
    asked = client.get(reverse("games:game_detail", args=[game.pk]) + "?draw=1").content.decode()
    assert 'name="draw_0"' in asked and 'name="draw_1"' in asked
