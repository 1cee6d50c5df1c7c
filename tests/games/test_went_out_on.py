"""The card a round ended on: stored with the round, shown, pre-selected on edit, exported."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.domain import WENT_OUT_DRAWS, WENT_OUT_ON
from scorekeeper.gamefiles.files import import_file
from scorekeeper.games.models import Game, Round
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.games.services import locked_game, round_delete_last, round_restore
from tests.factories import entry_of, play_round, round_form

HTMX = {"HTTP_HX_REQUEST": "true"}

pytestmark = pytest.mark.game(edition="kitty", target=200)


def save(client, game, went_out_on, number=1):
    """Round ``number`` posted from the table's form, Ann out on ``went_out_on``."""
    data = round_form("Ann", number, went_out_on=went_out_on, Ben=5, Cat=6)
    return client.post(reverse("games:round_create", args=[game.pk]), data, **HTMX)


@pytest.mark.parametrize("card", list(WENT_OUT_ON))
def test_the_card_is_stored_with_the_round(crew_client, game, card):
    client, _ = crew_client
    assert save(client, game, card).status_code == 200
    assert Round.objects.get(game=game).went_out_on == card


def test_the_round_table_marks_a_draw_card_in_words(crew_client, game):
    client, _ = crew_client
    save(client, game, "+4")
    text = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    assert '<span class="went-out-tag" aria-hidden="true">+4</span>' in text
    assert "went out on a Wild Draw Four" in text


def test_a_card_that_is_not_offered_is_refused_and_nothing_is_stored(crew_client, game):
    client, _ = crew_client
    response = save(client, game, "+7")
    assert response.status_code == 422
    assert "Pick the card the round ended on" in response.content.decode()
    assert not Round.objects.exists()


def test_the_edit_page_preselects_the_stored_card_and_an_edit_changes_it(crew_client, game):
    client, _ = crew_client
    save(client, game, "+2")
    url = reverse("games:round_change", args=[game.pk, 1])
    text = client.get(url).content.decode()
    assert re.search(r'name="went_out_on" value="\+2"[^>]*checked', text)
    assert not re.search(r'name="went_out_on" value="other"[^>]*checked', text)
    data = round_form("Ann", Ben=5, Cat=6)
    data.update(went_out_on="+4", version=1)
    assert client.post(url, data).status_code == 302
    assert Round.objects.get(game=game).went_out_on == "+4"


def test_an_edit_from_a_form_without_the_card_keeps_it(crew_client, game):
    client, _ = crew_client
    save(client, game, "+2")
    data = round_form("Ann", Ben=7, Cat=6)
    data.update(went_out_on="", version=1)
    assert client.post(reverse("games:round_change", args=[game.pk, 1]), data).status_code == 302
    stored = Round.objects.get(game=game)
    assert (stored.went_out_on, entry_of(stored)["points"]["Ben"]) == ("+2", 7)


def test_a_deleted_round_comes_back_with_its_card(crew_client, game):
    client, _ = crew_client
    save(client, game, "+4")
    with locked_game(game_id=game.pk, crew=game.crew) as locked:
        round_delete_last(game=locked, number=1)
    deletion = Round.history.filter(history_type="-").latest("history_date").history_id
    with locked_game(game_id=game.pk, crew=game.crew) as locked:
        round_restore(game=locked, deletion=deletion)
    assert Round.objects.get(game=game).went_out_on == "+4"


def test_the_game_file_carries_the_card_and_an_import_keeps_it(crew_client, game):
    client, crew = crew_client
    save(client, game, "+2")
    save(client, game, "", number=2)
    data = game_to_dict(Game.objects.with_rounds().get(pk=game.pk))
    assert data["rounds"][0]["went_out_on"] == "+2"
    assert "went_out_on" not in data["rounds"][1]  # not recorded: not written
    data.pop("id", None)
    copy = import_file(crew=crew, data=data).games[0]
    assert list(copy.rounds.values_list("went_out_on", flat=True)) == ["+2", ""]


@pytest.mark.parametrize("bad", ["+7", 4, ["+2"], "draw two"])
def test_a_game_file_with_another_card_is_refused_in_words(crew_client, game, bad):
    client, crew = crew_client
    save(client, game, "+2")
    data = game_to_dict(Game.objects.with_rounds().get(pk=game.pk))
    data.pop("id", None)
    data["rounds"][0]["went_out_on"] = bad
    with pytest.raises(ValueError, match="Round 1: 'went_out_on'"):
        import_file(crew=crew, data=data)
    assert Game.objects.count() == 1


# --- The services themselves (every write at the table goes through them) -------------------


def test_round_record_and_round_edit_store_and_change_the_card(game):
    from scorekeeper.games.services import round_edit, round_record

    with locked_game(game_id=game.pk, crew=game.crew) as locked:
        round_record(game=locked, winner="Ann", hands={"Ben": "7 7 W", "Cat": 3}, went_out_on="+4")
    stored = Round.objects.get(game=game)
    assert (stored.went_out_on, entry_of(stored)["hands"]["Ben"]) == ("+4", "*7 *7 W")
    with locked_game(game_id=game.pk, crew=game.crew) as locked:
        round_edit(game=locked, number=1, version=1, winner="Ann", hands={"Ben": 9, "Cat": 3})
    assert Round.objects.get(game=game).went_out_on == "+4"  # None: kept as it was
    with locked_game(game_id=game.pk, crew=game.crew) as locked:
        round_edit(
            game=locked,
            number=1,
            version=2,
            winner="Ann",
            hands={"Ben": 9, "Cat": 3},
            went_out_on="+2",
        )
    stored = Round.objects.get(game=game)
    assert (stored.went_out_on, stored.version) == ("+2", 3)


def test_a_card_no_round_ends_on_is_refused_by_the_services_and_changes_nothing(game):
    from scorekeeper.domain import RuleError
    from scorekeeper.games.services import round_edit

    with pytest.raises(RuleError, match="'\\+3' is not a card a round ends on"):
        play_round(game, "Ann", went_out_on="+3", Ben=1, Cat=2)
    assert not Round.objects.filter(game=game).exists()
    play_round(game, "Ann", went_out_on="+2", Ben=1, Cat=2)
    with (
        pytest.raises(RuleError, match="not a card a round ends on"),
        locked_game(game_id=game.pk, crew=game.crew) as locked,
    ):
        round_edit(
            game=locked,
            number=1,
            version=1,
            winner="Ann",
            hands={"Ben": 5, "Cat": 2},
            went_out_on="Skip",
        )
    stored = Round.objects.get(game=game)
    assert (stored.went_out_on, stored.version, entry_of(stored)["hands"]["Ben"]) == ("+2", 1, 1)


def test_the_draw_cards_carry_their_draw_count_from_the_domain(crew_client, game):
    client, _ = crew_client
    page = client.get(reverse("games:game_detail", args=[game.pk])).content.decode()
    for card, draws in WENT_OUT_DRAWS.items():
        assert re.search(rf'<input[^>]*value="{re.escape(card)}"[^>]*data-draws="{draws}"', page)
    assert not re.search(r'<input[^>]*value="other"[^>]*data-draws', page)
    assert WENT_OUT_DRAWS == {"+2": 2, "+4": 4}


def test_a_round_s_time_in_a_file_is_kept_and_a_round_without_one_takes_the_import_s(crew):
    data = {
        "format": "scorekeeper-game/1",
        "players": ["Ann", "Ben"],
        "rounds": [
            {"winner": "Ann", "hands": {"Ben": "R7"}, "at": "2026-01-02T20:15:00+01:00"},
            {"winner": "Ben", "hands": {"Ann": "G3"}},
        ],
    }
    copy = import_file(crew=crew, data=data).games[0]
    first, second = copy.rounds.order_by("number")
    assert first.created_at == dt.datetime(2026, 1, 2, 19, 15, tzinfo=dt.UTC)
    assert timezone.now() - second.created_at < dt.timedelta(minutes=1)


@pytest.mark.parametrize("bad", ["yesterday", 7, "2026-02-30T20:00:00"])
def test_a_round_time_that_is_not_a_time_is_refused_in_words(crew, bad):
    data = {
        "format": "scorekeeper-game/1",
        "players": ["Ann", "Ben"],
        "rounds": [{"winner": "Ann", "hands": {"Ben": "R7"}, "at": bad}],
    }
    with pytest.raises(ValueError, match="Round 1's 'at' .* is not an ISO date and time"):
        import_file(crew=crew, data=data)
    assert not Game.objects.exists()
