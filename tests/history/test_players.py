import csv
import datetime as dt
import io
import re

import pytest
from django.utils import timezone

from scorekeeper.games.models import Game
from scorekeeper.history.models import Rating
from scorekeeper.roster.models import Player
from tests.factories import CrewFactory, PlayerFactory
from tests.history.conftest import make_game
from tests.history.test_ratings import from_scratch

ANN_WINS = [("Ann", {"Ben": 60, "Cat": 50})]
BEN_WINS = [("Ben", {"Ann": 60, "Cat": 50})]


def days_ago(days: int) -> str:
    return (timezone.localdate() - dt.timedelta(days=days)).isoformat()


@pytest.fixture
def history(crew):
    """Ann wins two classic games, Ben one kitty game in lowest mode, long ago."""
    make_game(crew, ANN_WINS, date=days_ago(1))
    make_game(
        crew, [("Cat", {"Ann": 10, "Ben": 20}), ("Ann", {"Ben": 90, "Cat": 40})], date=days_ago(2)
    )
    make_game(
        crew,
        [("Ben", {"Ann": 80, "Cat": 90})],
        date=days_ago(400),
        edition="kitty",
        scoring="lowest",
        target=50,
    )


def stats_rows(response) -> dict[str, dict]:
    return {row.record["name"]: row for row in response.context["table"].paginated_rows}


@pytest.mark.django_db
def test_the_stats_table_shows_every_figure(history, member_client):
    response = member_client.get("/players/")
    assert response.status_code == 200
    rows = stats_rows(response)
    ann = rows["Ann"]
    assert ann.get_cell("games_played") == 3
    assert ann.get_cell("games_won") == 2
    assert ann.get_cell("win_rate") == "67%"
    assert ann.get_cell("round_wins") == 2
    assert ann.get_cell("points_per_round_won") == "120.0"  # (110 + 130) / 2
    assert ann.get_cell("best_round") == 130
    assert ann.get_cell("points_left_in_hand") == "45.0"  # (10 + 80) / 2
    assert rows["Ben"].get_cell("games_won") == 1
    assert f'href="/players/{Player.objects.get(name="Ann").pk}/"' in response.content.decode()


@pytest.mark.django_db
def test_the_stats_table_sorts_by_any_column(history, member_client):
    by_name = member_client.get("/players/?sort=name")
    assert [r.record["name"] for r in by_name.context["table"].paginated_rows] == [
        "Ann",
        "Ben",
        "Cat",
    ]
    by_hand = member_client.get("/players/?sort=-points_left_in_hand")
    names = [r.record["name"] for r in by_hand.context["table"].paginated_rows]
    assert names == ["Cat", "Ben", "Ann"]  # 60, 56.7, 45
    assert 'aria-sort="descending"' in by_hand.content.decode()


@pytest.mark.django_db
def test_an_unknown_sort_is_ignored(history, member_client):
    assert member_client.get("/players/?sort=password").status_code == 200


@pytest.mark.django_db
def test_the_stats_filter_by_period_edition_and_mode(history, member_client):
    recent = stats_rows(member_client.get("/players/?period=30d"))
    assert recent["Ann"].get_cell("games_played") == 2 and "Ben" in recent
    assert recent["Ben"].get_cell("games_won") == 0
    kitty = stats_rows(member_client.get("/players/?edition=kitty"))
    assert kitty["Ben"].get_cell("games_won") == 1 and kitty["Ann"].get_cell("games_won") == 0
    lowest = stats_rows(member_client.get("/players/?scoring=lowest&period=365d"))
    assert lowest == {}
    year = stats_rows(member_client.get("/players/?period=year&edition=classic&scoring=standard"))
    this_year = [days_ago(1), days_ago(2)]
    played = sum(1 for day in this_year if day[:4] == str(timezone.localdate().year))
    assert (year["Ann"].get_cell("games_played") if year else 0) == played


@pytest.mark.django_db
def test_an_unknown_filter_value_says_so_with_422(history, member_client):
    for query, said in (
        ("edition=pokemon", "Choose one of the decks in the list."),
        ("season=s999", "Choose a season of your crew."),
        ("period=forever", "Choose a period from the list."),
        ("scoring=golf", "Choose a scoring mode from the list."),
    ):
        response = member_client.get(f"/players/?{query}")
        page = response.content.decode()
        assert response.status_code == 422 and said in page, query
        assert "valid choice" not in page and "available choices" not in page, query


@pytest.mark.django_db
def test_the_stats_table_is_paginated(crew, member_client):
    names = [f"P{index:02d}" for index in range(30)]
    for first, second in zip(names[::2], names[1::2], strict=True):
        make_game(crew, [(first, {second: 200})], players=[first, second])
    first_page = member_client.get("/players/?sort=name")
    assert len(list(first_page.context["table"].paginated_rows)) == 25
    second_page = member_client.get("/players/?sort=name&page=2")
    assert [r.record["name"] for r in second_page.context["table"].paginated_rows] == names[25:]


@pytest.mark.django_db
def test_the_stats_table_exports_as_csv(history, member_client):
    response = member_client.get("/players/?_export=csv&sort=name")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Player",
        "Rating",
        "Played",
        "Won",
        "Win rate",
        "Rounds won",
        "Points per round won",
        "Best round",
        "Left in hand (avg)",
        "Challenges won",
        "Challenges lost",
    ]
    ann = Player.objects.get(name="Ann")
    games = Game.objects.counted().filter(crew=ann.crew).order_by("started_at", "pk")
    mu, sigma = from_scratch(ann.crew)[games.filter(seats__player=ann).last().pk, ann.pk]
    rating = f"{mu - 3 * sigma:.1f}"
    assert rows[1] == ["Ann", rating, "3", "2", "0.667", "2", "120.00", "130", "45.00", "0", "0"]


@pytest.mark.django_db
def test_the_rating_column_says_settling_in_under_five_games_and_sorts(history, member_client):
    page = member_client.get("/players/?sort=-rating")
    names = [row.record["name"] for row in page.context["table"].paginated_rows]
    assert names[0] == "Ann"  # two wins of three
    assert "settling in" in page.content.decode()


@pytest.mark.django_db
def test_the_first_tap_on_rating_sorts_the_best_first(history, member_client):
    page = member_client.get("/players/").content.decode()
    header = re.search(r'<a class="sort" href="\?([^"]*)">Rating<', page)
    assert header is not None and header[1] == "sort=-rating"
    table = member_client.get(f"/players/?{header[1]}").context["table"]
    ratings = [row.record["rating"] for row in table.paginated_rows]
    assert ratings == sorted(ratings, reverse=True)
    assert 'aria-sort="descending"' in member_client.get(f"/players/?{header[1]}").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("sort", ["-rating", "rating"])
def test_a_player_without_a_rating_yet_sorts_last_either_way(history, member_client, sort):
    Rating.objects.filter(player__name="Ann").delete()  # as before the ratings' refresh
    table = member_client.get(f"/players/?sort={sort}").context["table"]
    assert [row.record["name"] for row in table.paginated_rows][-1] == "Ann"


@pytest.mark.django_db
def test_csv_cells_never_run_as_formulas(crew, member_client):
    make_game(crew, [("=HYPERLINK(1)", {"Ben": 200})], players=["=HYPERLINK(1)", "Ben"])
    text = member_client.get("/players/?_export=csv").content.decode()
    assert "'=HYPERLINK(1)" in text


@pytest.mark.django_db
def test_only_the_crews_players_are_counted(history, member_client):
    make_game(CrewFactory(name="Others"), ANN_WINS, players=["Ann", "Ben", "Cat"])
    rows = stats_rows(member_client.get("/players/"))
    assert rows["Ann"].get_cell("games_played") == 3


@pytest.mark.django_db
def test_a_players_page_shows_figures_recent_games_and_a_chart(history, member_client):
    ann = Player.objects.get(name="Ann")
    response = member_client.get(f"/players/{ann.pk}/")
    assert response.status_code == 200
    assert response.context["summary"]["games_won"] == 2
    assert response.context["win_rate"] == "67%"
    games = [row.record for row in response.context["table"].paginated_rows]
    assert [g.place for g in games] == [1, 1, 2]  # newest first
    text = response.content.decode()
    assert '<svg class="h-chart chart-months"' in text
    assert sum(row["played"] for row in response.context["months"]) == 3
    assert "Games played and won by Ann per month" in text


@pytest.mark.django_db
def test_a_player_without_games_has_a_page(crew, member_client):
    player = PlayerFactory(crew=crew, name="New")
    response = member_client.get(f"/players/{player.pk}/")
    assert response.status_code == 200
    assert "New has not finished a game yet." in response.content.decode()


@pytest.mark.django_db
def test_a_players_games_export_as_csv(history, member_client):
    ann = Player.objects.get(name="Ann")
    response = member_client.get(f"/players/{ann.pk}/?_export=csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Date", "Game", "Edition", "Points", "Place"]
    assert len(rows) == 4


@pytest.mark.django_db
def test_another_crews_player_is_not_found(member_client):
    other = PlayerFactory(crew=CrewFactory(name="Others"))
    assert member_client.get(f"/players/{other.pk}/").status_code == 404


@pytest.mark.django_db
def test_head_to_head_counts_games_wins_and_rounds_together(history, crew, member_client):
    make_game(crew, [("Ann", {"Cat": 200})], players=["Ann", "Cat"])
    ann, ben = Player.objects.get(name="Ann"), Player.objects.get(name="Ben")
    response = member_client.get(f"/players/head-to-head/?a={ann.pk}&b={ben.pk}")
    assert response.status_code == 200
    assert response.context["a_figures"]["games_played"] == 3
    assert response.context["a_figures"]["games_won"] == 2
    assert response.context["b_figures"]["games_won"] == 1
    assert response.context["a_figures"]["round_wins"] == 2
    assert response.context["b_figures"]["round_wins"] == 1
    text = response.content.decode()
    assert "Ann wins more" in text
    results = [row.get_cell("result") for row in response.context["table"].paginated_rows]
    assert results == ["Ann won", "Ann won", "Ben won"]


@pytest.mark.django_db
def test_head_to_head_without_games_together(crew, member_client):
    make_game(crew, [("Ann", {"Cat": 200})], players=["Ann", "Cat"])
    ben = PlayerFactory(crew=crew, name="Ben")
    ann = Player.objects.get(name="Ann")
    response = member_client.get(f"/players/head-to-head/?a={ann.pk}&b={ben.pk}")
    assert response.status_code == 200
    assert "No finished game together yet" in response.content.decode()


@pytest.mark.django_db
def test_head_to_head_needs_two_different_players_of_the_crew(history, member_client):
    ann = Player.objects.get(name="Ann")
    same = member_client.get(f"/players/head-to-head/?a={ann.pk}&b={ann.pk}")
    assert same.status_code == 422
    assert "Choose two different players." in same.content.decode()
    stranger = PlayerFactory(crew=CrewFactory(name="Others"))
    other = member_client.get(f"/players/head-to-head/?a={ann.pk}&b={stranger.pk}")
    assert other.status_code == 422
    assert "Choose a player of your crew." in other.content.decode()
    assert member_client.get("/players/head-to-head/").status_code == 200


@pytest.mark.django_db
def test_head_to_head_exports_as_csv(history, member_client):
    ann, ben = Player.objects.get(name="Ann"), Player.objects.get(name="Ben")
    url = f"/players/head-to-head/?a={ann.pk}&b={ben.pk}&_export=csv"
    rows = list(csv.reader(io.StringIO(member_client.get(url).content.decode())))
    assert rows[0] == ["Date", "Game", "Ann", "Ben", "Result"]
    assert len(rows) == 4
