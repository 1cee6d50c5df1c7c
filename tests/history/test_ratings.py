"""Skill ratings: OpenSkill (Plackett–Luce, default parameters) over the counted games in the
order played, always equal to a computation from scratch, whatever the table did."""

import random
import re
from contextlib import suppress

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from scorekeeper.domain import RuleError, scored_game
from scorekeeper.gamefiles.trash import game_delete, game_restore
from scorekeeper.games.models import Game
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.games.services import game_end, game_resume, locked_game, round_edit, round_record
from scorekeeper.history import ratings
from scorekeeper.history.models import Rating
from scorekeeper.roster.models import Player
from tests.factories import GameFactory, play_round
from tests.history.conftest import make_game

pytestmark = pytest.mark.django_db


def from_scratch(crew):
    """Each (game, player)'s μ and σ after the game, computed straight from the core's
    standings with openskill: no SeatResult, no stored rating read."""
    model = PlackettLuce()
    state, out = {}, {}
    games = Game.objects.counted().filter(crew=crew).order_by("started_at", "pk").with_rounds()
    for game in games:
        scored = scored_game(game_to_dict(game))
        ids = {seat.player.name: seat.player_id for seat in game.seats.all()}
        standings = list(scored.standings)
        teams = [[state.get(ids[s.name]) or model.rating()] for s in standings]
        rated = model.rate(teams, ranks=[s.place for s in standings])
        for standing, (rating,) in zip(standings, rated, strict=True):
            state[ids[standing.name]] = rating
            out[game.pk, ids[standing.name]] = (round(rating.mu, 9), round(rating.sigma, 9))
    return out


def stored(crew):
    return {
        (r.game_id, r.player_id): (round(r.mu, 9), round(r.sigma, 9))
        for r in Rating.objects.filter(crew=crew)
    }


def test_a_first_game_ranks_by_place_and_ties_share_a_rank(
    crew, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(crew, [("Ann", {"Ben": 60, "Cat": 60})], target=100)
    rows = {r.player.name: r for r in Rating.objects.filter(game=game).select_related("player")}
    assert rows["Ann"].ordinal > rows["Ben"].ordinal == rows["Cat"].ordinal
    assert rows["Ann"].ordinal_before == pytest.approx(25 - 3 * 25 / 3)
    assert {r.games for r in rows.values()} == {1}
    assert stored(crew) == from_scratch(crew)


def test_lowest_wins_ranks_the_lowest_total_first(crew, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(crew, [("Ann", {"Ben": 120, "Cat": 30})], scoring="lowest", target=100)
    rows = {
        r.player.name: r.ordinal for r in Rating.objects.filter(game=game).select_related("player")
    }
    assert rows["Ann"] > rows["Cat"] > rows["Ben"]


@pytest.mark.game(players=["Ann", "Ben"], target=100)
def test_games_without_a_result_rate_nobody(crew, django_capture_on_commit_callbacks, game):
    with django_capture_on_commit_callbacks(execute=True):
        play_round(game, "Ann", Ben=30)
        with locked_game(game_id=game.pk, crew=crew) as locked:
            game_end(game=locked, ending="no_result")
    assert not Rating.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        with locked_game(game_id=game.pk, crew=crew) as locked:
            game_resume(game=locked)
        with locked_game(game_id=game.pk, crew=crew) as locked:
            game_end(game=locked, ending="leader")  # the leader wins: it counts
    assert Rating.objects.filter(game=game).count() == 2
    assert stored(crew) == from_scratch(crew)


def _finish(crew, game, rng):
    names = list(game.seats.order_by("number").values_list("player__name", flat=True))
    while True:
        with locked_game(game_id=game.pk, crew=crew) as locked:
            if locked.status == Game.Status.FINISHED or locked.ended:
                return
            winner = rng.choice(names)
            hands = {n: rng.choice([5, 20, 40, 60]) for n in names if n != winner}
            round_record(game=locked, winner=winner, hands=hands)


OPERATIONS = ("new", "new", "edit", "stop", "resume", "delete", "restore", "import")


@pytest.mark.parametrize("seed", range(6))
def test_stored_ratings_equal_a_recomputation_after_random_table_operations(
    crew, seed, django_capture_on_commit_callbacks
):
    rng = random.Random(seed)
    people = ["Ann", "Ben", "Cat", "Dan", "Eve"]
    deleted = []
    for step in range(14):
        operation = rng.choice(OPERATIONS)
        games = list(Game.objects.filter(crew=crew).order_by("pk"))
        with django_capture_on_commit_callbacks(execute=True):
            if operation == "new" or not games:
                game = GameFactory(
                    crew=crew, players=rng.sample(people, rng.randint(2, 4)), target=80
                )
                _finish(crew, game, rng)
            elif operation == "edit":
                game = rng.choice(games)
                with suppress(RuleError), locked_game(game_id=game.pk, crew=crew) as locked:
                    # (refused when the new points end the game before its last round)
                    rounds = list(locked.rounds.all())
                    if rounds:
                        first = game_to_dict(locked)["rounds"][0]
                        hands = {n: rng.choice([0, 10, 90]) for n in first["hands"]}
                        round_edit(game=locked, number=1, version=rounds[0].version,
                                   winner=first["winner"], hands=hands)  # fmt: skip
            elif operation == "stop":
                game = rng.choice(games)
                with locked_game(game_id=game.pk, crew=crew) as locked:
                    if not locked.ended and locked.status != Game.Status.FINISHED:
                        game_end(
                            game=locked, ending=rng.choice(["leader", "no_result", "abandoned"])
                        )
            elif operation == "resume":
                game = rng.choice(games)
                with locked_game(game_id=game.pk, crew=crew) as locked:
                    if locked.ended:
                        game_resume(game=locked)
            elif operation == "delete":
                game = rng.choice(games)
                with locked_game(game_id=game.pk, crew=crew) as locked:
                    deleted.append(game_delete(game=locked))
            elif operation == "restore" and deleted:
                game_restore(crew=crew, deleted=deleted.pop().pk)
            elif operation == "import":
                winner, loser = rng.sample(people, 2)
                make_game(crew, [(winner, {loser: 100})], players=[winner, loser], target=100,
                          date=f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}")  # fmt: skip
        assert stored(crew) == from_scratch(crew), (step, operation)
    assert Rating.objects.filter(crew=crew).exists()


def test_rebuild_stats_recomputes_the_ratings(crew, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"])
        make_game(crew, [("Ben", {"Ann": 120})], players=["Ann", "Ben"], date="2026-11-21")
    expected = stored(crew)
    Rating.objects.all().update(mu=0, sigma=1)
    call_command("rebuild_stats", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert stored(crew) == expected == from_scratch(crew)


def test_a_player_settles_in_after_five_games(crew, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        for day in range(1, 6):
            make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"], date=f"2026-11-0{day}")
    ann = Player.objects.get(name="Ann")
    latest = Rating.objects.filter(player=ann).order_by("-sequence")
    assert [r.games for r in latest] == [5, 4, 3, 2, 1]
    assert ratings.Shown(latest[0].ordinal, latest[0].games).settling is False
    assert ratings.Shown(latest[1].ordinal, latest[1].games).settling is True


def test_the_game_record_shows_each_players_rating_change(crew, member_client):
    game = make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"])
    page = member_client.get(f"/games/{game.pk}/record/").content.decode()
    ann = Rating.objects.get(game=game, player__name="Ann")
    ben = Rating.objects.get(game=game, player__name="Ben")
    assert ann.change > 0 > ben.change
    shown = {row: ratings.shown_move(row.ordinal_before, row.ordinal) for row in (ann, ben)}
    assert f"Ann</a> {shown[ann].before} → {shown[ann].after}" in page
    assert f"({shown[ann].change})" in page and f"({shown[ben].change})" in page
    assert shown[ann].change.startswith("+") and shown[ben].change.startswith("\u2212")


def test_a_rating_change_is_the_difference_of_the_figures_shown():
    assert ratings.shown_move(1.64, 2.56) == ratings.Move("1.6", "2.6", "+1.0", up=True)
    assert ratings.shown_move(0.04, -1.26) == ratings.Move(
        "0.0", "\u22121.3", "\u22121.3", up=False
    )
    assert ratings.shown_move(-0.04, 0.04) == ratings.Move("0.0", "0.0", "+0.0", up=True)
    assert ratings.shown_figure(-2.5, signed=True, decimals=0) == "\u22122"


def test_the_pages_print_a_rating_change_that_adds_up_with_one_minus_sign(
    crew, member_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"])
    Rating.objects.filter(game=game, player__name="Ann").update(ordinal_before=1.64, ordinal=2.56)
    Rating.objects.filter(game=game, player__name="Ben").update(ordinal_before=0.04, ordinal=-1.26)
    record = member_client.get(f"/games/{game.pk}/record/").content.decode()
    assert '1.6 → 2.6 <span class="rating-up">(+1.0)</span>' in record
    assert '0.0 → \u22121.3 <span class="rating-down">(\u22121.3)</span>' in record
    players = member_client.get("/players/").content.decode()
    ben = Player.objects.get(name="Ben")
    detail = member_client.get(f"/players/{ben.pk}/").content.decode()
    night = member_client.get(f"/nights/{game.night_id}/").content.decode()
    assert "\u22121.3" in players and "\u22121.3" in detail and "Ben 0.0 → \u22121.3" in night
    for page in (record, players, detail, night):
        assert not re.search(r"(?<![\w-])-\d", page.split("<main", 1)[-1].split("</main>")[0])


@pytest.mark.game(players=["Ann", "Ben"])
def test_a_game_that_does_not_count_shows_no_rating_change(member_client, game):
    assert "Rating change" not in member_client.get(f"/games/{game.pk}/record/").content.decode()


def test_the_player_page_charts_the_rating_with_its_table(crew, member_client):
    for day in range(1, 4):
        make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"], date=f"2026-11-0{day}")
    ann = Player.objects.get(name="Ann")
    page = member_client.get(f"/players/{ann.pk}/").content.decode()
    rows = list(Rating.objects.filter(player=ann).order_by("sequence"))
    assert page.count('<circle class="dot') == 3 and "chart-rating" in page
    assert f'<span class="big-number">{rows[-1].ordinal:.1f}</span>' in page
    assert "settling in: 3 rated games so far" in page
    assert f"<td>{ratings.shown_move(rows[1].ordinal_before, rows[1].ordinal).change}</td>" in page
    spanish = member_client.get(f"/players/{ann.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Puntuación" in spanish and "asentándose: 3 partidas puntuadas" in spanish


def test_the_player_page_charts_only_the_last_games_of_a_long_history(
    crew, member_client, monkeypatch
):
    from scorekeeper.history import views

    monkeypatch.setattr(views, "RATING_POINTS", 2)
    for day in range(1, 5):
        make_game(crew, [("Ann", {"Ben": 120})], players=["Ann", "Ben"], date=f"2026-11-0{day}")
    ann = Player.objects.get(name="Ann")
    page = member_client.get(f"/players/{ann.pk}/").content.decode()
    last = list(Rating.objects.filter(player=ann).order_by("sequence"))[-2:]
    assert page.count('<circle class="dot') == 2
    assert "Rating after each of the last 2 rated games, oldest first." in page
    assert f"<td>{last[0].ordinal:.1f}</td>" in page and f"<td>{last[1].ordinal:.1f}</td>" in page
    # The current rating and its game count come from the last game, whatever is charted.
    assert f'<span class="big-number">{last[1].ordinal:.1f}</span>' in page
    assert "settling in: 4 rated games so far" in page
