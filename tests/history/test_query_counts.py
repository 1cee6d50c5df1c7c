"""No page of the history makes more queries as the history grows (and none refreshes results)."""

import pytest
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game, Round
from scorekeeper.nights.models import GameNight
from tests.factories import UserFactory
from tests.history.conftest import seed


def urls(crew: Crew) -> dict[str, str]:
    longest = Game.objects.filter(crew=crew).annotate(n=Count("rounds")).order_by("-n").first()
    seats = list(longest.seats.order_by("number"))
    a, b = seats[0].player_id, seats[1].player_id
    night = GameNight.objects.filter(crew=crew).annotate(n=Count("games")).order_by("-n").first()
    return {
        "nights": "/nights/",
        "nights csv": "/nights/?_export=csv",
        "night": f"/nights/{night.pk}/",
        "night csv": f"/nights/{night.pk}/?_export=csv&_table=leaderboard",
        "record": f"/games/{longest.pk}/record/",
        "record csv": f"/games/{longest.pk}/record/?_export=csv",
        "players": "/players/",
        # A filter that keeps some games in both histories: an empty table skips a query.
        "players filtered": (
            f"/players/?period=365d&edition={longest.edition}&scoring={longest.scoring}"
            "&sort=-win_rate"
        ),
        "players csv": "/players/?_export=csv",
        "player": f"/players/{a}/",
        "player by season": f"/players/{a}/?season={night.date.year}",
        "records": "/players/records/",
        "records by season": f"/players/records/?season={night.date.year}",
        "records csv": "/players/records/?_export=csv&_table=players",
        "head to head": f"/players/head-to-head/?a={a}&b={b}",
        "game json": f"/games/{longest.pk}/export/",
        "all games json": "/games/export/",
    }


def query_counts(client, crew: Crew) -> dict[str, int]:
    counts = {}
    for name, url in urls(crew).items():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        counts[name] = len(queries)
    return counts


@pytest.mark.django_db
def test_every_page_makes_as_many_queries_with_200_games_as_with_2(client):
    small_user, big_user = UserFactory(), UserFactory()
    small = seed(2, "Small crew", user=small_user)
    big = seed(200, "Big crew", user=big_user)
    assert Round.objects.filter(crew=big).count() > 50 * Round.objects.filter(crew=small).count()
    client.force_login(small_user)
    with_2 = query_counts(client, small)
    client.force_login(big_user)
    with_200 = query_counts(client, big)
    assert with_200 == with_2
    # The game record and the nights list are among the most: a consistent (versioned) read
    # plus its audit trail's three history tables; the nights' season menu (the crew's named
    # seasons and its first night, two queries) on top of the list's own. A player's page by
    # season is the most: its records and rivals add the season menu, the results of the
    # player's games, the nights the records were set in, and the streak now over every season.
    assert max(with_2.values()) <= 15, with_2
