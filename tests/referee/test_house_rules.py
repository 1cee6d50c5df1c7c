import pytest
from django.urls import reverse

from scorekeeper.games.models import Game
from tests.factories import GameFactory

# A Cheese Touch game of Ann, Ben and Cat (its edition is the one the pages preselect).
pytestmark = pytest.mark.game(edition="cheese-touch")


def url(game):
    return reverse("referee:house_rules", args=[game.pk])


def test_the_house_rules_page_needs_a_login(client, db):
    game = GameFactory()
    response = client.get(url(game))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_the_page_offers_every_house_rule_and_a_note(crew_client, game):
    client, _ = crew_client
    text = client.get(url(game)).content.decode()
    for name in ("stack_draw", "seven_zero", "jump_in", "draw_until_play", "uno_penalty"):
        assert f'name="{name}"' in text
    assert 'name="house_note"' in text
    assert "Stacking Draw Twos and Wild Draw Fours" in text


@pytest.mark.game(house_rules={"jump-in": True, "uno-penalty": 3}, house_note="x")
def test_the_form_shows_what_the_game_already_agreed(crew_client, game):
    client, _ = crew_client
    text = client.get(url(game)).content.decode()
    assert 'id="id_jump_in" checked>' in text
    assert 'id="id_stack_draw">' in text
    assert 'value="3"' in text
    assert "\nx</textarea>" in text


def test_saving_writes_the_rules_and_note_and_returns_to_the_game(crew_client, game):
    client, _ = crew_client
    response = client.post(
        url(game),
        {"stack_draw": "on", "seven_zero": "on", "uno_penalty": "3", "house_note": "No +4 on +2"},
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("games:game_detail", args=[game.pk])
    game.refresh_from_db()
    assert game.house_rules == {"stack-draw": True, "seven-zero": True, "uno-penalty": 3}
    assert game.house_note == "No +4 on +2"


@pytest.mark.game(house_rules={"jump-in": True, "uno-penalty": 1}, house_note="n")
def test_unticking_everything_clears_the_rules(crew_client, game):
    client, _ = crew_client
    assert client.post(url(game), {"uno_penalty": "", "house_note": ""}).status_code == 302
    game.refresh_from_db()
    assert game.house_rules == {}
    assert game.house_note == ""


def test_a_zero_penalty_is_a_rule_not_a_blank(crew_client, game):
    client, _ = crew_client
    client.post(url(game), {"uno_penalty": "0"})
    game.refresh_from_db()
    assert game.house_rules == {"uno-penalty": 0}


@pytest.mark.parametrize(
    ("penalty", "message"),
    [
        ("11", "The UNO penalty must be from 0 to 10 cards, not 11."),
        ("lots", "The UNO penalty must be a whole number of cards from 0 to 10."),
        ("-2", "The UNO penalty must be a whole number of cards from 0 to 10."),
    ],
)
def test_a_bad_penalty_is_refused_with_the_rules_message(crew_client, game, penalty, message):
    client, _ = crew_client
    response = client.post(url(game), {"stack_draw": "on", "uno_penalty": penalty})
    assert response.status_code == 422
    text = response.content.decode()
    assert message in text
    assert 'aria-invalid="true"' in text
    game.refresh_from_db()
    assert game.house_rules == {}


def test_a_note_too_long_is_refused(crew_client, game):
    client, _ = crew_client
    response = client.post(url(game), {"house_note": "x" * 501})
    assert response.status_code == 422
    assert "at most 500 characters" in response.content.decode()


def test_saving_bumps_updated_at_so_the_live_view_refreshes(crew_client, game):
    client, _ = crew_client
    before = Game.objects.get(pk=game.pk).updated_at
    client.post(url(game), {"jump_in": "on"})
    assert Game.objects.get(pk=game.pk).updated_at > before


def test_another_crews_game_is_not_found(crew_client):
    client, _ = crew_client
    other = GameFactory()
    assert client.get(url(other)).status_code == 404
    assert client.post(url(other), {"jump_in": "on"}).status_code == 404
    other.refresh_from_db()
    assert other.house_rules == {}


def test_a_change_of_house_rules_is_in_the_trail_with_who(crew_client, game):
    from scorekeeper.games.audit import trail_for

    client, _ = crew_client
    client.post(
        reverse("referee:house_rules", args=[game.pk]), {"stack_draw": "on", "house_note": "x"}
    )
    game = Game.objects.with_rounds().get(pk=game.pk)
    assert game.version == 1
    change = trail_for(game)[-1]
    assert change.action == "settings"
    from django.contrib.auth import get_user_model

    member = get_user_model().objects.get(pk=client.session["_auth_user_id"])
    assert change.by == member.get_username()
    assert "house rules" in change.text and "house note: — → x" in change.text
