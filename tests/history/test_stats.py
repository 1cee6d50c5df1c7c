"""The kept per-seat results equal a recomputation from scratch over the stored games:
totals, places, winners, rounds, hands (the rows are written from the core's ScoredGame; this
holds them to an independent count after every kind of write).

The rows are written when a game is written (``game_changed`` on commit); ``store_game`` and
``make_game`` send it as the commit would. Nothing here relies on a page refreshing them.
"""

import datetime as dt
import random
from collections import defaultdict

import pytest
from django.db import DatabaseError, transaction

from scorekeeper.demo.games import demo_nights
from scorekeeper.domain import hand_points, judge_challenge, scored_game
from scorekeeper.games.models import COUNTED_ENDINGS, Game, Hand, Round
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.games.signals import game_changed
from scorekeeper.history import stats
from scorekeeper.history.models import SeatResult
from scorekeeper.referee.services import challenge_record
from scorekeeper.roster.models import Player
from tests.history.conftest import make_game, seed, store_game


def expected_rows(game: Game) -> dict[str, dict]:
    """Each seat's result worked out in Python from the core's ScoredGame, the one source."""
    scored = scored_game(game_to_dict(game))
    rows = {
        placing.name: {
            "total": placing.total,
            "place": placing.place,
            "won": placing.winner,
            "rounds_won": placing.rounds_won,
            "collected": 0,
            "best_round": None,
            "held_points": 0,
            "held_hands": 0,
            "challenges_won": 0,
            "challenges_lost": 0,
        }
        for placing in scored.standings
    }
    for round_ in scored.rounds:
        held = {
            name: hand if isinstance(hand, int) else hand_points(hand, scored.edition)
            for name, hand in round_.hands.items()
        }
        winner = rows[round_.winner]
        winner["collected"] += sum(held.values())
        winner["best_round"] = max(winner["best_round"] or 0, sum(held.values()))
        for name, points in held.items():
            rows[name]["held_points"] += points
            rows[name]["held_hands"] += 1
    for item in scored.data.get("challenges", []):
        loser = item["drawer"]
        winner = item["challenged"] if loser == item["challenger"] else item["challenger"]
        rows[winner]["challenges_won"] += 1
        rows[loser]["challenges_lost"] += 1
    return rows


def stored_rows(game: Game) -> dict[str, dict]:
    fields = list(next(iter(expected_rows(game).values())))
    return {
        row.player.name: {field: getattr(row, field) for field in fields}
        for row in SeatResult.objects.filter(game=game).select_related("player")
    }


def assert_results_match(crew) -> int:
    checked = 0
    for game in Game.objects.filter(crew=crew).with_rounds():
        if game.status == Game.Status.FINISHED and game.ended in COUNTED_ENDINGS:
            assert stored_rows(game) == expected_rows(game), f"game {game.pk}"
            checked += 1
        else:
            assert not SeatResult.objects.filter(game=game).exists()
    return checked


@pytest.mark.django_db
def test_results_equal_a_recomputation_over_many_generated_games(crew):
    # Games from the demo generator (both modes, every edition, 2-6 players, typed totals and
    # card hands, challenges), stored through import_game like a file from another phone.
    for night in demo_nights(120, seed=11, last_night=dt.date(2026, 11, 20)):
        for game in night.games:
            store_game(crew, {**game.data, "night": {"date": str(night.date)}})
    modes = set(Game.objects.filter(crew=crew).values_list("scoring", flat=True))
    assert modes == {"standard", "lowest"}
    assert assert_results_match(crew) == 120


@pytest.mark.django_db
def test_results_equal_a_recomputation_for_seeded_games(member):
    crew = seed(60, "Seeded")
    assert assert_results_match(crew) == 60


@pytest.mark.django_db
def test_a_tie_for_the_lowest_total_is_a_shared_win_and_a_shared_place(crew):
    game = make_game(
        crew,
        [("Ann", {"Ben": 10, "Cat": 20}), ("Ben", {"Ann": 10, "Cat": 40})],
        scoring="lowest",
        target=50,
    )
    assert scored_game(game_to_dict(game)).winners == ("Ann", "Ben")
    assert_results_match(crew)
    rows = stored_rows(game)
    assert (rows["Ann"]["place"], rows["Ben"]["place"], rows["Cat"]["place"]) == (1, 1, 3)
    assert rows["Ann"]["won"] and rows["Ben"]["won"] and not rows["Cat"]["won"]


@pytest.mark.django_db
def test_in_lowest_mode_a_player_who_never_held_a_card_wins_on_zero(crew):
    game = make_game(
        crew,
        [("Ann", {"Ben": "W W", "Cat": 30}), ("Ann", {"Ben": "W+4 W+4", "Cat": "R9"})],
        scoring="lowest",
        target=200,
    )
    assert scored_game(game_to_dict(game)).winners == ("Ann",)
    assert_results_match(crew)
    ann = stored_rows(game)["Ann"]
    assert ann["total"] == 0 and ann["won"] and ann["held_hands"] == 0


@pytest.mark.django_db
def test_zero_point_hands_and_typed_totals_in_both_modes(crew):
    make_game(crew, [("Ann", {"Ben": 0, "Cat": 0}), ("Cat", {"Ann": 0, "Ben": 120})])
    make_game(
        crew,
        [("Ben", {"Ann": 0, "Cat": 0}), ("Ann", {"Ben": 0, "Cat": 80})],
        scoring="lowest",
        target=60,
    )
    assert assert_results_match(crew) == 2


@pytest.mark.django_db
def test_unfinished_games_have_no_result(crew):
    make_game(crew, [("Ann", {"Ben": 10, "Cat": 20})], target=500)
    assert assert_results_match(crew) == 0


@pytest.mark.django_db
def test_results_follow_a_new_round_on_commit(crew, django_capture_on_commit_callbacks):
    game = make_game(crew, [("Ann", {"Ben": 10, "Cat": 20})], target=60)
    assert not SeatResult.objects.exists()
    # A write as the games services make it: store the round, then announce it on commit.
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        hands = {"Ann": 50, "Cat": 30}
        entry = {"winner": "Ben", "hands": hands, "points": hands}
        round_ = Round.objects.create(
            crew=crew, game=game, number=2, winner=_player("Ben"), entry=entry
        )
        Hand.objects.create(crew=crew, round=round_, player=_player("Ann"), points=50)
        Hand.objects.create(crew=crew, round=round_, player=_player("Cat"), points=30)
        game.status = Game.Status.FINISHED
        game.save()
        transaction.on_commit(
            lambda: game_changed.send(sender=Game, game_id=game.pk, crew_id=crew.pk)
        )
        assert not SeatResult.objects.exists()  # nothing before the commit
    assert assert_results_match(crew) == 1
    assert stored_rows(game)["Ben"]["won"]


@pytest.mark.django_db
def test_a_write_that_rolls_back_refreshes_nothing(crew, django_capture_on_commit_callbacks):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        Round.objects.filter(game=game).delete()
        transaction.on_commit(
            lambda: game_changed.send(sender=Game, game_id=game.pk, crew_id=crew.pk)
        )
        raise RuntimeError("the write failed")
    assert callbacks == []
    assert stored_rows(game)["Ann"]["total"] == 110


@pytest.mark.django_db
def test_results_go_when_a_game_is_no_longer_finished(crew):
    game = make_game(crew, [("Ann", {"Ben": 10, "Cat": 20}), ("Ann", {"Ben": 50, "Cat": 40})])
    assert stored_rows(game)["Ann"]["total"] == 120
    Round.objects.filter(game=game, number=2).delete()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)
    stats.refresh_game(game.pk)
    assert not SeatResult.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_refreshing_a_deleted_game_does_nothing(crew):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    game_id = game.pk
    game.delete()
    stats.refresh_game(game_id)
    assert not SeatResult.objects.exists()


@pytest.mark.django_db
def test_a_logged_challenge_refreshes_results_on_commit(crew, django_capture_on_commit_callbacks):
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    with django_capture_on_commit_callbacks(execute=True):
        challenge_record(
            game=game,
            challenger=_player("Ben"),
            challenged=_player("Ann"),
            colour="R",
            hand="R3 G4",
            verdict=judge_challenge("R", "R3 G4", "classic"),
        )
    assert assert_results_match(crew) == 1
    assert stored_rows(game)["Ben"]["challenges_won"] == 1


@pytest.mark.django_db
def test_a_failed_refresh_is_logged_not_raised_to_the_writer(crew, monkeypatch, caplog):
    def broken(game_id):
        raise DatabaseError("database is locked")

    monkeypatch.setattr(stats, "refresh_game", broken)
    game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])  # sends game_changed
    assert f"Could not refresh the results of game {game.pk}" in caplog.text


@pytest.mark.django_db
def test_stale_rows_are_found_even_when_a_round_went_without_touching_the_game(crew):
    game = make_game(crew, [("Ann", {"Ben": 10, "Cat": 20}), ("Ann", {"Ben": 50, "Cat": 40})])
    Round.objects.filter(game=game, number=2).delete()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ACTIVE)  # no updated_at bump
    stats.refresh_results(crew)
    assert not SeatResult.objects.filter(game=game).exists()


@pytest.mark.django_db
def test_a_current_crew_costs_one_query_to_check(crew, django_assert_num_queries):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})])
    with django_assert_num_queries(1):
        stats.refresh_results(crew)


@pytest.mark.django_db
def test_another_crews_games_are_left_alone(crew):
    from tests.factories import CrewFactory

    other = CrewFactory(name="Other")
    theirs = make_game(other, [("Ann", {"Ben": 60, "Cat": 50})])
    before = stored_rows(theirs)
    stats.refresh_results(crew)
    stats.rebuild_results(crew)
    assert not SeatResult.objects.filter(crew=crew).exists()
    assert stored_rows(theirs) == before == expected_rows(theirs)


def _player(name: str) -> Player:
    return Player.objects.get(name=name)


@pytest.mark.django_db
def test_player_stats_equal_sums_over_the_core_results(crew):
    rng = random.Random(3)
    for night in demo_nights(40, seed=5, last_night=dt.date(2026, 11, 20)):
        for game in night.games:
            if rng.random() < 0.2:
                game.data["rounds"] = game.data["rounds"][:-1]  # leave some games unfinished
            store_game(crew, {**game.data, "night": {"date": str(night.date)}})
    finished = Game.objects.filter(crew=crew, status="finished").with_rounds()
    totals: dict[str, dict] = defaultdict(lambda: defaultdict(int))
    best: dict[str, int] = defaultdict(int)
    for game in finished:
        for name, row in expected_rows(game).items():
            for key in ("rounds_won", "collected", "held_points", "held_hands"):
                totals[name][key] += row[key]
            for key in ("challenges_won", "challenges_lost"):
                totals[name][key] += row[key]
            totals[name]["games_played"] += 1
            totals[name]["games_won"] += row["won"]
            best[name] = max(best[name], row["best_round"] or 0)
    rows = {row["name"]: row for row in stats.player_stats(Game.objects.filter(crew=crew))}
    assert set(rows) == set(totals)
    for name, row in rows.items():
        expected = totals[name]
        assert row["games_played"] == expected["games_played"]
        assert row["games_won"] == expected["games_won"]
        assert row["win_rate"] == pytest.approx(expected["games_won"] / expected["games_played"])
        assert row["round_wins"] == expected["rounds_won"]
        assert row["best_round"] == (best[name] or None)
        if expected["rounds_won"]:
            assert row["points_per_round_won"] == pytest.approx(
                expected["collected"] / expected["rounds_won"]
            )
        assert row["points_left_in_hand"] == pytest.approx(
            expected["held_points"] / expected["held_hands"]
        )
        assert row["challenges_won"] == expected["challenges_won"]
        assert row["challenges_lost"] == expected["challenges_lost"]


@pytest.mark.django_db
def test_player_stats_count_only_the_chosen_games(crew):
    make_game(crew, [("Ann", {"Ben": 60, "Cat": 50})], edition="kitty")
    make_game(crew, [("Ben", {"Ann": 60, "Cat": 50})], edition="classic", date="2026-11-21")
    kitty = {r["name"]: r for r in stats.player_stats(Game.objects.filter(edition="kitty"))}
    assert kitty["Ann"]["games_won"] == 1 and kitty["Ben"]["games_won"] == 0
    assert kitty["Ann"]["games_played"] == 1


@pytest.mark.django_db
def test_a_refresh_racing_another_one_leaves_the_rows_as_they_were(crew, monkeypatch):
    make_game(crew, [("Ann", {"Ben": 40, "Cat": 30})], target=60)
    SeatResult.objects.all().delete()  # as after writes that bypass the services
    from django.db import IntegrityError

    def racing_insert(*args, **kwargs):
        """As when a concurrent request stored the same rows first."""
        raise IntegrityError("UNIQUE constraint failed")

    monkeypatch.setattr(SeatResult.objects, "bulk_create", racing_insert)
    stats.refresh_results(crew)  # no error reaches the caller
    monkeypatch.undo()
    assert not SeatResult.objects.exists()
    stats.refresh_results(crew)
    assert assert_results_match(crew) == 1
