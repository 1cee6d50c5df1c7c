"""A refresh lost after an import's commit is caught up (issue 53, item 18): the import marks its
crew in its own transaction (``Crew.results_pending``), the refresh clears the mark, and a crew
still marked is caught up at its next write or at start-up. Before, a crash between the commit
and the ratings left them missing, and sending the file again answered "already here"."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Game
from scorekeeper.history import ratings
from scorekeeper.history.models import Rating, SeatResult
from scorekeeper.history.receivers import catch_up_pending
from tests.factories import play_round
from tests.games.test_commands import GAME
from tests.history.test_ratings import from_scratch, stored
from tests.history.test_stats import assert_results_match

FINISHED = {**GAME, "rounds": [{"winner": "Ann", "hands": {"Ben": 60, "Cat": 50}}]}
# Two finished games, with the ids an export gives them (so a second import recognises them).
GAMES = [
    {**FINISHED, "id": "7d9f2c1e-0b5a-4e8e-9a43-1f0c2b3d4e5f"},
    {
        **FINISHED,
        "id": "0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        "night": {"date": "2026-11-21", "name": ""},
        "started_at": "2026-11-21T19:00:00+00:00",
    },
]


def send(client, data):
    upload = SimpleUploadedFile("games.json", json.dumps(data).encode())
    return client.post("/games/import/", {"file": upload}, follow=True)


def pending(crew) -> bool:
    return Crew.objects.get(pk=crew.pk).results_pending


@pytest.fixture
def crashed_import(crew, member_client, monkeypatch, django_capture_on_commit_callbacks):
    """An import whose games committed and whose refresh then died (as if the server was
    killed, or its database connection lost, after the commit)."""

    def killed(crew_id):
        raise DatabaseError("server closed the connection unexpectedly")

    with monkeypatch.context() as patched:
        patched.setattr(ratings, "rebuild", killed)
        with django_capture_on_commit_callbacks(execute=True):
            page = send(member_client, GAMES).content.decode()
    assert "Imported 2 games." in page
    assert Game.objects.filter(crew=crew).count() == 2
    assert not Rating.objects.filter(crew=crew).exists()
    assert not SeatResult.objects.filter(crew=crew).exists()  # rolled back with the ratings
    assert pending(crew)
    return crew


def assert_caught_up(crew):
    assert not pending(crew)
    assert assert_results_match(crew) == 2
    assert stored(crew) == from_scratch(crew)
    assert Rating.objects.filter(crew=crew).count() == 6


@pytest.mark.django_db
def test_an_import_marks_its_crew_and_its_refresh_clears_the_mark(
    crew, member_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        send(member_client, GAMES)
    assert pending(crew)  # written with the games, before the refresh runs
    for callback in callbacks:
        callback()
    assert_caught_up(crew)


@pytest.mark.django_db
def test_sending_the_file_again_after_a_lost_refresh_restores_the_ratings(
    crashed_import, member_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        page = send(member_client, GAMES).content.decode()
    assert "Imported 0 games. 2 games were already here: skipped." in page
    assert_caught_up(crashed_import)


@pytest.mark.django_db
@pytest.mark.game(players=["Ann", "Ben"], target=50)
def test_the_next_finished_game_restores_the_ratings(
    crashed_import, django_capture_on_commit_callbacks, game
):
    crew = crashed_import
    with django_capture_on_commit_callbacks(execute=True):
        play_round(game, "Ben", Ann=60)
    assert not pending(crew)
    assert assert_results_match(crew) == 3
    assert stored(crew) == from_scratch(crew)


@pytest.mark.django_db
def test_the_start_up_check_restores_the_ratings(crashed_import):
    assert catch_up_pending() == 1
    assert_caught_up(crashed_import)


@pytest.mark.django_db
def test_the_start_up_check_costs_one_query_when_nothing_is_pending(
    crew, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert catch_up_pending() == 0


def test_the_server_runs_the_check_at_start_up():
    from pathlib import Path

    wsgi = (Path(__file__).resolve().parents[2] / "scorekeeper" / "wsgi.py").read_text()
    assert "catch_up_pending()" in wsgi
