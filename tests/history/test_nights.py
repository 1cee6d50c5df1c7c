import csv
import io

import pytest

from scorekeeper.nights.models import GameNight
from tests.factories import CrewFactory
from tests.history.conftest import make_game

ANN_WINS = [("Ann", {"Ben": 60, "Cat": 50})]
BEN_WINS = [("Ben", {"Ann": 60, "Cat": 50})]


@pytest.mark.django_db
def test_the_list_shows_nights_newest_first_with_players_games_and_winners(crew, member_client):
    make_game(crew, ANN_WINS, date="2026-11-06", night_name="Old night")
    make_game(crew, ANN_WINS, date="2026-11-20", night_name="Friday")
    make_game(crew, [("Ann", {"Dev": 110})], date="2026-11-20", players=["Ann", "Dev"])
    make_game(crew, BEN_WINS, date="2026-11-20")
    response = member_client.get("/nights/")
    assert response.status_code == 200
    text = response.content.decode()
    assert text.index("Friday") < text.index("Old night")
    friday = text[text.index("Friday") : text.index("Old night")]
    assert "Ann, Ben, Cat, Dev" in friday
    assert "Ann ×2, Ben" in friday
    assert '<td class="num">3</td>' in friday


@pytest.mark.django_db
def test_the_list_is_paginated(crew, member_client):
    games = [make_game(crew, ANN_WINS, date=f"2026-10-{day:02d}") for day in range(1, 26)]
    newest, oldest = f'href="/nights/{games[-1].night_id}/"', f'href="/nights/{games[0].night_id}/"'
    first = member_client.get("/nights/").content.decode()
    assert "Page 1 of 2" in first and newest in first and oldest not in first
    second = member_client.get("/nights/?page=2").content.decode()
    assert oldest in second and newest not in second


@pytest.mark.django_db
def test_the_list_shows_only_the_crews_nights(crew, member_client):
    make_game(CrewFactory(name="Others"), ANN_WINS, night_name="Their night")
    make_game(crew, ANN_WINS, night_name="Our night")
    text = member_client.get("/nights/").content.decode()
    assert "Our night" in text and "Their night" not in text


@pytest.mark.django_db
def test_the_list_exports_every_night_as_csv(crew, member_client):
    for day in range(1, 26):
        make_game(crew, ANN_WINS, date=f"2026-10-{day:02d}")
    response = member_client.get("/nights/?_export=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Night", "Name", "Who played", "Games", "Won by"]
    assert len(rows) == 26
    assert rows[1] == ["2026-10-25", "", "Ann, Ben, Cat", "1", "Ann"]


@pytest.mark.django_db
def test_a_night_shows_its_games_and_leaderboard(crew, member_client):
    first = make_game(crew, ANN_WINS, started_at="2026-11-20T19:00:00+00:00")
    make_game(crew, BEN_WINS, started_at="2026-11-20T20:00:00+00:00")
    make_game(
        crew,
        [("Ann", {"Ben": 60, "Cat": 50}), ("Cat", {"Ann": 5, "Ben": 50})],
        started_at="2026-11-20T21:00:00+00:00",
        target=500,
        edition="kitty",
        scoring="lowest",
    )
    response = member_client.get(f"/nights/{first.night_id}/")
    assert response.status_code == 200
    games = response.context["games_table"]
    assert [row.get_cell("winners") for row in games.rows] == ["Ann", "Ben", "In play"]
    assert [row.get_cell("rounds_count") for row in games.rows] == [1, 1, 2]
    assert [row.get_cell_value("edition") for row in games.rows][2] == "Kitty"
    assert [row.get_cell_value("scoring") for row in games.rows][2] == "Lowest wins"
    assert f'href="/games/{first.pk}/record/"' in response.content.decode()
    board = [
        (r["name"], r["games_won"], r["games_played"]) for r in response.context["leaderboard"].data
    ]
    assert board == [("Ann", 1, 2), ("Ben", 1, 2), ("Cat", 0, 2)]


@pytest.mark.django_db
def test_a_game_shows_how_long_it_took(crew, member_client):
    game = make_game(crew, ANN_WINS, finished_at="2026-11-20T20:05:00+00:00")
    response = member_client.get(f"/nights/{game.night_id}/")
    assert "1 h 05 min" in response.content.decode()


@pytest.mark.django_db
def test_a_night_renames(crew, member_client):
    game = make_game(crew, ANN_WINS)
    response = member_client.post(f"/nights/{game.night_id}/", {"name": "Cabin trip"})
    assert response.status_code == 302
    assert GameNight.objects.get().name == "Cabin trip"
    assert "Cabin trip" in member_client.get(response["Location"]).content.decode()


@pytest.mark.django_db
def test_a_too_long_name_is_refused_with_422_and_a_message(crew, member_client):
    game = make_game(crew, ANN_WINS, night_name="Friday")
    response = member_client.post(f"/nights/{game.night_id}/", {"name": "x" * 81})
    assert response.status_code == 422
    assert "at most 80 characters (this one has 81)" in response.content.decode()
    assert GameNight.objects.get().name == "Friday"


@pytest.mark.django_db
def test_renaming_with_htmx_answers_the_form_partial(crew, member_client):
    game = make_game(crew, ANN_WINS)
    url = f"/nights/{game.night_id}/"
    response = member_client.post(url, {"name": "Rainy"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text and 'id="rename-form"' in text and "Saved." in text
    assert 'hx-swap-oob="true">Rainy</h1>' in text
    refused = member_client.post(url, {"name": "y" * 90}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    assert "<html" not in refused.content.decode()
    assert "at most 80 characters" in refused.content.decode()


@pytest.mark.django_db
def test_another_crews_night_is_not_found(member_client):
    game = make_game(CrewFactory(name="Others"), ANN_WINS)
    assert member_client.get(f"/nights/{game.night_id}/").status_code == 404
    response = member_client.post(f"/nights/{game.night_id}/", {"name": "Mine now"})
    assert response.status_code == 404
    assert GameNight.objects.get().name == ""


@pytest.mark.django_db
def test_a_nights_tables_export_as_csv(crew, member_client):
    game = make_game(crew, ANN_WINS)
    games = member_client.get(f"/nights/{game.night_id}/?_export=csv&_table=games")
    rows = list(csv.reader(io.StringIO(games.content.decode())))
    assert rows[0] == ["Game", "Edition", "Mode", "Won by", "Rounds", "Time"]
    assert rows[1][0] == str(game.pk) and rows[1][3] == "Ann"
    board = member_client.get(f"/nights/{game.night_id}/?_export=csv&_table=leaderboard")
    rows = list(csv.reader(io.StringIO(board.content.decode())))
    assert rows[0] == ["Player", "Won", "Played", "Rounds won", "Best round"]
    assert rows[1] == ["Ann", "1", "1", "1", "110"]


@pytest.mark.django_db
def test_history_needs_a_login(client):
    response = client.get("/nights/")
    assert response.status_code == 302 and "/login/" in response["Location"]
