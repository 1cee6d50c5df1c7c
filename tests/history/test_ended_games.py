"""Games stopped early in the history: one won by its leader counts like a game played to the
target; one stopped with no result, or abandoned, counts in no figure."""

import pytest

from scorekeeper.games.models import Game
from scorekeeper.games.services import game_end, game_resume, locked_game
from scorekeeper.history import stats
from scorekeeper.history.models import SeatResult
from tests.history.conftest import make_game
from tests.history.test_stats import assert_results_match

pytestmark = pytest.mark.django_db

# Ann leads 60 to 10 after two rounds of a game to 500: nobody reached the target.
ROUNDS = [("Ann", {"Ben": 30, "Cat": 20}), ("Ben", {"Ann": 5, "Cat": 5})]


def stop(game, ending, django_capture_on_commit_callbacks):
    with (
        django_capture_on_commit_callbacks(execute=True),
        locked_game(crew=game.crew, game_id=game.pk) as locked,
    ):
        game_end(game=locked, ending=ending)
    game.refresh_from_db()


def figures(crew):
    return {row["name"]: row for row in stats.player_stats(Game.objects.filter(crew=crew))}


def test_a_game_ended_with_the_leader_winning_counts_as_a_finished_game_won_by_the_leader(
    crew, django_capture_on_commit_callbacks
):
    game = make_game(crew, ROUNDS, target=500)
    assert not SeatResult.objects.exists()  # in play: no result yet
    stop(game, "leader", django_capture_on_commit_callbacks)
    rows = {row.player.name: row for row in SeatResult.objects.select_related("player")}
    assert (rows["Ann"].won, rows["Ann"].total, rows["Ann"].place) == (True, 50, 1)
    assert (rows["Ben"].won, rows["Ben"].total) == (False, 10)
    assert assert_results_match(crew) == 1
    ann = figures(crew)["Ann"]
    assert (ann["games_played"], ann["games_won"]) == (1, 1)
    assert stats.winners_by_game(Game.objects.filter(crew=crew)) == {game.pk: ["Ann"]}


@pytest.mark.parametrize("ending", ["no_result", "abandoned"])
def test_a_game_with_no_result_or_abandoned_counts_in_no_figure(
    crew, django_capture_on_commit_callbacks, django_assert_num_queries, ending
):
    make_game(crew, [("Ann", {"Ben": 200, "Cat": 20})], target=100)  # a real win for Ann
    game = make_game(crew, ROUNDS, target=500, date="2026-11-21")
    stop(game, ending, django_capture_on_commit_callbacks)
    assert game.status == "finished"
    assert not SeatResult.objects.filter(game=game).exists()
    assert {name: row["games_played"] for name, row in figures(crew).items()} == {
        "Ann": 1,
        "Ben": 1,
        "Cat": 1,
    }
    assert game.pk not in stats.winners_by_game(Game.objects.filter(crew=crew))
    with django_assert_num_queries(1):  # a game with no result needs no rows: none "missing"
        stats.refresh_results(crew)
    assert assert_results_match(crew) == 1


def test_resuming_a_game_takes_its_result_back(crew, django_capture_on_commit_callbacks):
    game = make_game(crew, ROUNDS, target=500)
    stop(game, "leader", django_capture_on_commit_callbacks)
    assert SeatResult.objects.filter(game=game).count() == 3
    with (
        django_capture_on_commit_callbacks(execute=True),
        locked_game(crew=crew, game_id=game.pk) as locked,
    ):
        game_resume(game=locked)
    assert not SeatResult.objects.filter(game=game).exists()


def test_a_stopped_game_in_a_file_counts_as_its_ending_says(crew):
    won = make_game(crew, ROUNDS, target=500, ended="leader")
    void = make_game(crew, ROUNDS, target=500, ended="abandoned", date="2026-11-21")
    assert (won.status, won.ended, void.status, void.ended) == (
        "finished",
        "leader",
        "finished",
        "abandoned",
    )
    assert set(SeatResult.objects.values_list("game_id", flat=True)) == {won.pk}


def test_the_game_record_says_how_a_game_was_stopped(crew, member_client):
    won = make_game(crew, ROUNDS, target=500, ended="leader")
    void = make_game(crew, ROUNDS, target=500, ended="no_result", date="2026-11-21")
    record = member_client.get(f"/games/{won.pk}/record/").content.decode()
    assert "won by Ann" in record
    record = member_client.get(f"/games/{void.pk}/record/").content.decode()
    assert "won by" not in record and "no result" in record
    night = member_client.get(f"/nights/{void.night_id}/").content.decode()
    assert "No result" in night
