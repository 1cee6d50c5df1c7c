import datetime as dt
import io
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from scorekeeper.crews.models import Crew
from scorekeeper.demo.games import DemoGame, DemoNight, game_length, night_starts
from scorekeeper.domain import scored_game
from scorekeeper.domain.evenings import evening_of
from scorekeeper.games.models import Game, Hand, Round
from scorekeeper.games.scoreboard import game_to_dict
from scorekeeper.history.models import SeatResult
from scorekeeper.nights.models import GameNight


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


def seeded_at(monkeypatch, moment: dt.datetime, *args: str) -> Crew:
    """Seed as if the clock read ``moment``."""
    monkeypatch.setattr(timezone, "now", lambda: moment)
    run(*args)
    return Crew.objects.get(name="Demo crew")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("zone_name", "clock"),
    [("UTC", dt.time(3, 5)), ("UTC", dt.time(21, 0)), ("America/New_York", dt.time(3, 5))],
)
def test_the_demo_history_ends_before_the_moment_it_is_seeded(monkeypatch, zone_name, clock):
    """Issue 26, defect 12: seeded at 03:05, the newest night listed games at 19:00 and 19:45
    of that same day. Nothing of the demo may lie after the moment it is seeded, and tonight's
    evening is left to the crew."""
    Crew.objects.create(name="Demo crew", time_zone=zone_name)
    moment = dt.datetime.combine(dt.date(2026, 11, 21), clock, tzinfo=ZoneInfo(zone_name))
    crew = seeded_at(monkeypatch, moment, "--games", "60", "--user", "")
    games = Game.objects.filter(crew=crew)
    assert max(games.values_list("finished_at", flat=True)) < moment
    assert max(Round.objects.filter(crew=crew).values_list("created_at", flat=True)) < moment
    assert max(GameNight.objects.filter(crew=crew).values_list("date", flat=True)) < evening_of(
        moment, zone_name
    )


@pytest.mark.django_db
def test_every_demo_game_belongs_to_its_nights_evening(monkeypatch):
    """A long night starts earlier rather than run past the 06:00 cut-off into the next
    evening (where the app would file a game played then)."""
    Crew.objects.create(name="Demo crew", time_zone="Europe/Madrid")
    moment = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.UTC)
    crew = seeded_at(monkeypatch, moment, "--games", "600", "--user", "")
    for night in GameNight.objects.filter(crew=crew).prefetch_related("games"):
        games = list(night.games.all())
        assert games
        for game in games:
            assert evening_of(game.started_at, "Europe/Madrid") == night.date
            assert evening_of(game.finished_at, "Europe/Madrid") == night.date
        first = min(game.started_at for game in games).astimezone(ZoneInfo("Europe/Madrid"))
        assert first.time() <= dt.time(19, 0)  # the evening starts at seven, or earlier


def a_night(date: dt.date, rounds: list[int]) -> DemoNight:
    return DemoNight(date, [DemoGame(data={"rounds": [{}] * count}) for count in rounds])


def test_a_night_starts_at_seven_and_its_games_follow_each_other():
    madrid = ZoneInfo("Europe/Madrid")
    starts = night_starts(a_night(dt.date(2026, 11, 20), [10, 5]), madrid)
    assert [start.astimezone(madrid).strftime("%H:%M") for start in starts] == ["19:00", "19:39"]


@pytest.mark.parametrize("date", [dt.date(2026, 11, 20), dt.date(2026, 10, 24)])  # and the DST end
def test_a_long_night_starts_earlier_to_end_by_the_cut_off(date):
    madrid = ZoneInfo("Europe/Madrid")
    night = a_night(date, [40] * 8)  # 125 minutes a game: 17 h 8 min with the breaks
    starts = night_starts(night, madrid)
    end = starts[-1] + game_length(night.games[-1])
    assert end.astimezone(madrid) == dt.datetime.combine(
        date + dt.timedelta(days=1), dt.time(5, 56), tzinfo=madrid
    )
    assert end - starts[0] == dt.timedelta(hours=17, minutes=8)
    assert {evening_of(moment, "Europe/Madrid") for moment in [*starts, end]} == {date}
