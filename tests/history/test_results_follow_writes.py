"""Player results are written when a game is written, never when a page is read."""

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.games.access import SESSION_KEY, ZONE_SESSION_KEY
from scorekeeper.games.models import Game
from scorekeeper.games.signals import game_changed
from scorekeeper.history.models import SeatResult
from tests.factories import CrewFactory
from tests.games.test_commands import GAME
from tests.history.conftest import make_game
from tests.history.test_stats import assert_results_match, expected_rows, stored_rows

WRITES = ("INSERT", "UPDATE", "DELETE")


def history_pages(crew) -> dict[str, str]:
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    ann, ben = (seat.player_id for seat in game.seats.order_by("number")[:2])
    return {
        "nights": "/nights/",
        "night": f"/nights/{game.night_id}/",
        "record": f"/games/{game.pk}/record/",
        "players": "/players/",
        "player": f"/players/{ann}/",
        "head to head": f"/players/head-to-head/?a={ann}&b={ben}",
        "players csv": "/players/?_export=csv",
    }


@pytest.mark.django_db
def test_no_history_page_writes_even_when_results_are_missing(crew, member_client):
    pages = history_pages(crew)
    # Missing rows (a write that bypassed the services) used to be filled in by the next page.
    SeatResult.objects.all().delete()
    # The crew is already chosen, as after the first page of a visit: that choice (and the
    # crew's time zone beside it) is saved in the session by the sign-in machinery, not by
    # these pages.
    session = member_client.session
    session[SESSION_KEY] = crew.pk
    session[ZONE_SESSION_KEY] = crew.time_zone
    session.save()
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            response = member_client.get(url)
        assert response.status_code == 200, name
        writes = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]
        assert writes == [], name
    assert not SeatResult.objects.exists()


@pytest.mark.django_db
def test_the_players_page_shows_results_written_with_the_game(crew, member_client):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    rows = {row["name"]: row for row in member_client.get("/players/").context["table"].data}
    assert rows["Ann"]["games_won"] == 1 and rows["Ben"]["games_played"] == 1


@pytest.mark.django_db
def test_importing_a_file_writes_the_results_on_commit(
    crew, member_client, django_capture_on_commit_callbacks
):
    finished_game = {**GAME, "rounds": [{"winner": "Ann", "hands": {"Ben": 60, "Cat": 50}}]}
    games = [finished_game, {**finished_game, "night": {"date": "2026-11-21"}}, GAME]
    upload = SimpleUploadedFile("games.json", json.dumps(games).encode())
    with django_capture_on_commit_callbacks(execute=True):
        response = member_client.post("/games/import/", {"file": upload})
    assert response.status_code == 302
    assert assert_results_match(crew) == 2


def rebuild(*args: str) -> str:
    out = io.StringIO()
    call_command("rebuild_stats", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_rebuild_stats_rewrites_every_crews_results(crew):
    ours = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    theirs = make_game(CrewFactory(name="Others"), [("Ben", {"Ann": 70, "Cat": 50})])
    SeatResult.objects.filter(game=ours).delete()
    SeatResult.objects.filter(game=theirs).update(total=999)  # wrong, and the stamp still fits
    output = rebuild()
    assert "Friday club: 3 player results, 3 ratings." in output
    assert "Others: 3 player results, 3 ratings." in output
    assert stored_rows(ours) == expected_rows(ours)
    assert stored_rows(theirs) == expected_rows(theirs)


@pytest.mark.django_db
def test_rebuild_stats_for_one_crew_leaves_the_others(crew):
    ours = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    theirs = make_game(CrewFactory(name="Others"), [("Ben", {"Ann": 70, "Cat": 50})])
    SeatResult.objects.all().delete()
    assert rebuild("--crew", "friday club") == "Friday club: 3 player results, 3 ratings.\n"
    assert stored_rows(ours) == expected_rows(ours)
    assert not SeatResult.objects.filter(game=theirs).exists()


@pytest.mark.django_db
def test_rebuild_stats_stale_only_rewrites_games_that_changed(crew):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    SeatResult.objects.filter(game=game, player__name="Ben").update(total=999)
    rebuild("--stale")
    assert stored_rows(game)["Ben"]["total"] == 999  # its stamp still matches: left alone
    SeatResult.objects.filter(game=game).delete()
    rebuild("--stale")
    assert stored_rows(game) == expected_rows(game)


@pytest.mark.django_db
def test_rebuild_stats_refuses_an_unknown_crew(crew):
    with pytest.raises(CommandError, match="No crew named 'Nobody'"):
        rebuild("--crew", "Nobody")


@pytest.mark.django_db
def test_a_round_in_a_game_still_in_play_skips_the_refresh(crew, django_assert_num_queries):
    game = make_game(crew, [("Ann", {"Ben": 10, "Cat": 20})], target=500)
    with django_assert_num_queries(0):
        game_changed.send(
            sender=Game, game_id=game.pk, crew_id=crew.pk, finished=False, was_finished=False
        )


@pytest.mark.django_db
def test_a_game_reopened_by_an_edit_loses_its_results(crew):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    assert SeatResult.objects.filter(game=game).count() == 3
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    game_changed.send(
        sender=Game, game_id=game.pk, crew_id=crew.pk, finished=False, was_finished=True
    )
    assert not SeatResult.objects.filter(game=game).exists()
