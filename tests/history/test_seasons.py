"""Seasons: years, quarters and the crew's named seasons; the tables, head to head, the nights
list and the home page read by season."""

import datetime as dt

import pytest
from django.urls import reverse

from scorekeeper.history import seasons
from scorekeeper.history.models import Rating, Season
from tests.factories import CrewFactory
from tests.history.conftest import make_game

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 11, 25)


def test_years_and_quarters_run_from_the_first_night_to_today(crew):
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date="2025-08-02")
    keys = [s.key for s in seasons.seasons_of(crew, TODAY)]
    assert keys == [
        "2026",
        "2026-q4",
        "2026-q3",
        "2026-q2",
        "2026-q1",
        "2025",
        "2025-q4",
        "2025-q3",
    ]
    q1 = seasons.by_key(crew, "2026-q1")
    assert (q1.starts_on, q1.ends_on, q1.label) == (
        dt.date(2026, 1, 1),
        dt.date(2026, 3, 31),
        "Q1 2026",
    )
    assert seasons.by_key(crew, "2024-q2").ends_on == dt.date(2024, 6, 30)


@pytest.mark.parametrize("key", ["", "2026-q5", "abc", "s", "0999", "s99999", "2026 ", "s1x"])
def test_an_unknown_season_key_is_none(crew, key):
    assert seasons.by_key(crew, key) is None


def test_a_named_season_is_the_crews_only_and_current_while_it_lasts(crew):
    league = Season.objects.create(
        crew=crew, name="Winter league", starts_on="2026-11-01", ends_on="2027-02-28"
    )
    assert seasons.by_key(crew, f"s{league.pk}").label == "Winter league"
    assert seasons.by_key(CrewFactory(), f"s{league.pk}") is None
    assert seasons.current(crew, TODAY).key == f"s{league.pk}"
    assert seasons.current(crew, dt.date(2027, 3, 5)).key == "2027-q1"


def test_the_players_table_by_season_counts_its_nights_and_the_rating_gained(crew, member_client):
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date="2026-02-10")
    make_game(crew, [("Ben", {"Ann": 600})], players=["Ann", "Ben"], date="2026-11-10")
    page = member_client.get(reverse("history:player_list"), {"season": "2026-q4"})
    rows = {row.record["name"]: row.record for row in page.context["table"].paginated_rows}
    assert (rows["Ben"]["games_won"], rows["Ann"]["games_won"]) == (1, 0)
    ben_q4 = Rating.objects.get(player__name="Ben", game__night__date="2026-11-10")
    assert rows["Ben"]["rating_gained"] == pytest.approx(ben_q4.change)
    assert "Rating gained" in page.content.decode()
    everything = member_client.get(reverse("history:player_list"))
    assert "Rating gained" not in everything.content.decode()
    refused = member_client.get(reverse("history:player_list"), {"season": "2031-q9"})
    assert refused.status_code == 422


def test_head_to_head_and_the_nights_list_take_a_season(crew, member_client):
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date="2026-02-10")
    make_game(crew, [("Ben", {"Ann": 600})], players=["Ann", "Ben"], date="2026-11-10")
    ann, ben = (crew.players.get(name=n).pk for n in ("Ann", "Ben"))
    url = reverse("history:head_to_head")
    page = member_client.get(url, {"a": ann, "b": ben, "season": "2026-q1"})
    assert [g.a_won for g in page.context["table"].data] == [True]
    assert member_client.get(url, {"a": ann, "b": ben, "season": "1999"}).status_code == 422
    nights = member_client.get(reverse("nights:night_list"), {"season": "2026-q4"})
    assert [n.date for n in nights.context["table"].data] == [dt.date(2026, 11, 10)]
    assert member_client.get(reverse("nights:night_list"), {"season": "x"}).status_code == 422


def test_a_crew_names_and_removes_a_season(crew, member_client):
    url = reverse("history:seasons")
    response = member_client.post(
        url,
        {"name": "Winter league", "starts_on": "2026-11-01", "ends_on": "2027-02-28"},
        follow=True,
    )
    assert "The season Winter league is ready." in response.content.decode()
    season = Season.objects.get(crew=crew)
    choices = dict(
        member_client.get(reverse("history:player_list"))
        .context["filter"]
        .form.fields["season"]
        .choices
    )
    assert choices[f"s{season.pk}"] == "Winter league"
    response = member_client.post(reverse("history:season_delete", args=[season.pk]), follow=True)
    assert "its games and nights stay" in response.content.decode()
    assert not Season.objects.exists()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (
            {"name": "", "starts_on": "2026-01-01", "ends_on": "2026-02-01"},
            "This field is required",
        ),
        ({"name": "x" * 61, "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, "60 characters"),
        (
            {"name": "Spring", "starts_on": "2026-05-01", "ends_on": "2026-04-01"},
            "The last night can&#x27;t come before the first.",
        ),
        (
            {"name": "Spring", "starts_on": "", "ends_on": "2026-04-01"},
            "Enter the date of the season&#x27;s first night.",
        ),
        (
            {"name": "Spring", "starts_on": "1066-10-14", "ends_on": "2026-04-01"},
            "between the years 2000 and 2100",
        ),
        (
            {"name": "winter LEAGUE", "starts_on": "2026-01-01", "ends_on": "2026-02-01"},
            "already has a season called winter LEAGUE",
        ),
        (
            {"name": "Bad\u0007", "starts_on": "2026-01-01", "ends_on": "2026-02-01"},
            "control character (U+0007)",
        ),
        (
            {"name": "Bad\u0000", "starts_on": "2026-01-01", "ends_on": "2026-02-01"},
            "Null characters are not allowed.",
        ),
    ],
)
def test_a_bad_season_gets_a_specific_message_and_nothing_is_saved(
    crew, member_client, data, words
):
    Season.objects.create(
        crew=crew, name="Winter league", starts_on="2025-11-01", ends_on="2026-02-28"
    )
    response = member_client.post(reverse("history:seasons"), data)
    assert response.status_code == 422
    assert words in response.content.decode()
    assert Season.objects.count() == 1


def test_another_crews_season_is_a_404(member_client):
    other = Season.objects.create(
        crew=CrewFactory(), name="Theirs", starts_on="2026-01-01", ends_on="2026-02-01"
    )
    assert member_client.post(reverse("history:season_delete", args=[other.pk])).status_code == 404
    assert Season.objects.filter(pk=other.pk).exists()


def test_the_home_page_shows_the_current_seasons_leader(crew, member_client):
    today = dt.date.today().isoformat()
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date=today)
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date=today)
    page = member_client.get(reverse("games:home")).content.decode()
    label = seasons.current(crew, dt.date.today()).label
    assert f"Leading {label}" in page and "<strong>Ann</strong>" in page and "2 games won" in page
    spanish = member_client.get(reverse("games:home"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "2 partidas ganadas" in spanish


def test_no_leader_before_anyone_wins_this_season(crew, member_client):
    make_game(crew, [("Ann", {"Ben": 600})], players=["Ann", "Ben"], date="2020-01-05")
    assert "season-leader" not in member_client.get(reverse("games:home")).content.decode()
