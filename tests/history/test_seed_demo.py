import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from scorekeeper.domain import scored_game
from scorekeeper.games.models import Crew, Game, GameNight, Hand
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.history.models import SeatResult


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("seed_demo", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_seeded_games_are_valid_finished_games_of_every_kind():
    output = run("--games", "80")
    crew = Crew.objects.get(name="Demo crew")
    games = list(Game.objects.filter(crew=crew).with_rounds())
    assert len(games) == 80
    for game in games:
        assert scored_game(game_to_dict(game)).finished  # refuses an invalid game
        assert game.status == Game.Status.FINISHED and game.finished_at > game.started_at
    assert {g.scoring for g in games} == {"standard", "lowest"}
    assert {g.edition for g in games} == {"classic", "kitty", "cheese-touch", "water-drop"}
    assert {len(g.seats.all()) for g in games} >= {2, 3, 4, 5}
    hands = Hand.objects.filter(crew=crew)
    assert hands.filter(cards="").exists() and hands.exclude(cards="").exists()
    nights = GameNight.objects.filter(crew=crew)
    assert 1 < nights.count() < 80
    assert (max(n.date for n in nights) - min(n.date for n in nights)).days > 45
    # Results are worked out during the seeding, not on the first page view.
    assert SeatResult.objects.filter(crew=crew).count() == sum(len(g.seats.all()) for g in games)
    assert "Seeded 80 games for Demo crew." in output


@pytest.mark.django_db
def test_the_demo_user_can_log_in_and_is_a_member():
    output = run("--games", "3", "--crew", "Tuesday club", "--user", "newcomer")
    password = output.split("password '")[1].split("'")[0]
    user = get_user_model().objects.get(username="newcomer")
    assert user.check_password(password)
    assert user.crews.get().name == "Tuesday club"
    again = run("--games", "3", "--crew", "Tuesday club", "--user", "newcomer")
    assert "password" not in again  # an existing user keeps their password


@pytest.mark.django_db
def test_seeding_twice_adds_older_nights_without_clashing():
    run("--games", "20", "--user", "")
    first = set(GameNight.objects.values_list("date", flat=True))
    run("--games", "20", "--user", "")
    assert Game.objects.count() == 40
    later = set(GameNight.objects.values_list("date", flat=True)) - first
    assert later and max(later) < min(first)


@pytest.mark.django_db
def test_a_bad_count_is_refused():
    with pytest.raises(CommandError, match="at least 1"):
        run("--games", "0")
