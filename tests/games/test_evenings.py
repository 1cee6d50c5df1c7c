"""A game night is the crew's evening, in the crew's own time zone."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.crews.models import Crew
from scorekeeper.domain import FORMAT
from scorekeeper.gamefiles.files import import_game
from scorekeeper.games.access import ZONE_SESSION_KEY
from scorekeeper.games.models import Game
from scorekeeper.games.services import game_start, tonight
from scorekeeper.nights.models import GameNight
from scorekeeper.roster.models import Player
from tests.factories import GameFactory, GameNightFactory

NEW_YORK = ZoneInfo("America/New_York")
MADRID = ZoneInfo("Europe/Madrid")


def at(zone: ZoneInfo, *args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=zone)


@pytest.fixture
def new_york(crew) -> Crew:
    crew.time_zone = "America/New_York"
    crew.save(update_fields=["time_zone"])
    return crew


# --- Which night a new game joins -------------------------------------------------------------


def test_a_new_york_crew_at_seven_and_at_midnight_plays_one_night_of_the_local_date(new_york):
    seven = tonight(new_york, now=at(NEW_YORK, 2026, 11, 21, 19, 0))
    late = tonight(new_york, now=at(NEW_YORK, 2026, 11, 21, 23, 59))
    assert seven == late
    # 19:00 in New York is already the 22nd in UTC; the night is the crew's 21st.
    assert seven.date == dt.date(2026, 11, 21)
    assert str(seven) == "Game night Sat 21 Nov 2026"


def test_a_madrid_crew_past_midnight_stays_in_the_evening_that_began_before(crew):
    crew.time_zone = "Europe/Madrid"
    crew.save()
    evening = tonight(crew, now=at(MADRID, 2026, 11, 21, 21, 0))
    assert tonight(crew, now=at(MADRID, 2026, 11, 22, 1, 30)) == evening
    assert evening.date == dt.date(2026, 11, 21)
    morning = tonight(crew, now=at(MADRID, 2026, 11, 22, 6, 0))
    assert morning.date == dt.date(2026, 11, 22)
    assert GameNight.objects.filter(crew=crew).count() == 2


def test_a_crew_that_changes_its_time_zone_gets_the_evening_of_its_new_zone(crew):
    moment = dt.datetime(2026, 11, 22, 10, 0, tzinfo=dt.UTC)
    assert tonight(crew, now=moment).date == dt.date(2026, 11, 22)  # UTC: 10:00
    crew.time_zone = "America/Los_Angeles"  # 02:00 there: still the 21st's evening
    crew.save()
    assert tonight(crew, now=moment).date == dt.date(2026, 11, 21)


def test_a_zone_broken_in_the_database_falls_back_to_utc(crew):
    Crew.objects.filter(pk=crew.pk).update(time_zone="Nowhere/Land")
    crew.refresh_from_db()
    moment = dt.datetime(2026, 11, 22, 10, 0, tzinfo=dt.UTC)
    assert tonight(crew, now=moment).date == dt.date(2026, 11, 22)


@pytest.mark.parametrize(
    ("zone", "evening", "small_hours"),
    [
        # Clocks go back: 01:30 happens twice; both belong to Saturday's night.
        ("America/New_York", dt.date(2026, 10, 31), (2026, 11, 1, 1, 30)),
        ("Europe/Madrid", dt.date(2026, 10, 24), (2026, 10, 25, 2, 30)),
        # Clocks go forward: 02:00-03:00 never happens; 03:30 is still Saturday's night.
        ("America/New_York", dt.date(2026, 3, 7), (2026, 3, 8, 3, 30)),
        ("Europe/Madrid", dt.date(2026, 3, 28), (2026, 3, 29, 3, 30)),
    ],
)
def test_the_daylight_saving_weekends_keep_one_night(crew, zone, evening, small_hours):
    crew.time_zone = zone
    crew.save()
    place = ZoneInfo(zone)
    started = tonight(crew, now=dt.datetime(*evening.timetuple()[:3], 20, 0, tzinfo=place))
    for fold in (0, 1):
        late = dt.datetime(*small_hours, tzinfo=place, fold=fold)
        assert tonight(crew, now=late) == started
    assert started.date == evening
    assert GameNight.objects.filter(crew=crew).count() == 1


def test_a_new_game_joins_the_latest_session_of_the_evening(crew):
    evening = timezone.localdate()  # a UTC crew; the test may run before 06:00 too
    first = GameNightFactory(crew=crew, date=evening - dt.timedelta(days=1), session=1)
    second = GameNightFactory(crew=crew, date=first.date, session=2)
    now = dt.datetime.combine(first.date, dt.time(22, 0), tzinfo=dt.UTC)
    assert tonight(crew, now=now) == second
    assert str(second) == f"Game night {first.date:%a %-d %b %Y} (2)"


# --- "Start a new night" --------------------------------------------------------------------


def _start_game(crew) -> Game:
    players = [Player.objects.get_or_create(crew=crew, name=n)[0] for n in ("Ann", "Ben")]
    return game_start(crew=crew, players=players, edition="classic", scoring="standard", target=500)


def test_start_a_new_night_is_one_tap_and_new_games_join_it(member_client, crew):
    first = _start_game(crew).night
    page = member_client.get(reverse("nights:night_list"))
    assert "Start a new night" in page.text
    assert str(first) in page.text
    evening = page.context["evening"].isoformat()

    response = member_client.post(
        reverse("nights:night_new"), {"evening": evening, "after": first.session}
    )
    assert response.status_code == 302
    second = GameNight.objects.get(crew=crew, date=first.date, session=2)
    assert _start_game(crew).night == second
    page = member_client.get(reverse("nights:night_list"))
    assert f"Game night {first.date:%a %-d %b %Y} (2) started" in page.text
    assert f"{first.date.day} {first.date:%b %Y} (2)" in page.text  # the table row


def test_a_repeated_tap_starts_no_third_night(member_client, crew):
    first = _start_game(crew).night
    data = {"evening": first.date.isoformat(), "after": "1"}
    member_client.post(reverse("nights:night_new"), data)
    member_client.post(reverse("nights:night_new"), data)  # the same page, tapped again
    assert list(GameNight.objects.filter(crew=crew).values_list("session", flat=True)) == [2, 1]


def test_start_a_new_night_needs_a_post(member_client):
    assert member_client.get(reverse("nights:night_new")).status_code == 405


def test_a_night_of_another_crew_is_never_touched(member_client, crew):
    other = GameNightFactory(date=timezone.localdate())
    member_client.post(reverse("nights:night_new"), {"evening": "garbage"})
    assert not GameNight.objects.filter(crew=other.crew, session=2).exists()
    assert GameNight.objects.filter(crew=crew).count() == 1


# --- Dates and times in the crew's zone ---------------------------------------------------------


def test_a_games_start_time_shows_in_the_crews_zone(member_client, new_york):
    game = GameFactory(crew=new_york, started_at=dt.datetime(2026, 11, 22, 0, 30, tzinfo=dt.UTC))
    page = member_client.get(reverse("history:game_record", args=[game.pk]))
    assert "21 Nov 2026, 19:30" in page.text  # not 22 Nov 00:30, UTC's reading


def test_the_zone_is_not_carried_into_the_next_request(member_client, new_york):
    member_client.get(reverse("nights:night_list"))
    assert timezone.get_current_timezone_name() == "UTC"
    assert member_client.session[ZONE_SESSION_KEY] == "America/New_York"


def test_the_next_page_follows_a_zone_another_member_changed(member_client, new_york):
    game = GameFactory(crew=new_york, started_at=dt.datetime(2026, 11, 22, 0, 30, tzinfo=dt.UTC))
    member_client.get("/")
    Crew.objects.filter(pk=new_york.pk).update(time_zone="Europe/Madrid")
    page = member_client.get(reverse("history:game_record", args=[game.pk]))
    assert "22 Nov 2026, 01:30" in page.text
    assert member_client.session[ZONE_SESSION_KEY] == "Europe/Madrid"


def _live(client, game, **cookies):
    for name, value in cookies.items():
        client.cookies[name] = value
    return client.get(reverse("live:live", args=[game.share_token]))


def test_the_live_view_shows_the_viewers_zone_from_the_tz_cookie(client, new_york):
    game = GameFactory(crew=new_york, started_at=dt.datetime(2026, 11, 22, 0, 30, tzinfo=dt.UTC))
    page = _live(client, game, tz="Asia/Tokyo")
    assert "Sun 22 Nov, 09:30 JST" in page.text


def test_the_live_view_without_a_usable_cookie_shows_the_crews_zone(client, new_york):
    game = GameFactory(crew=new_york, started_at=dt.datetime(2026, 11, 22, 0, 30, tzinfo=dt.UTC))
    assert "Sat 21 Nov, 19:30 EST" in _live(client, game).text
    assert "Sat 21 Nov, 19:30 EST" in _live(client, game, tz="Mars/Olympus").text


def test_the_live_boards_etag_changes_with_the_viewers_zone(client, new_york):
    game = GameFactory(crew=new_york)
    url = reverse("live:live_board", args=[game.share_token])
    etag = client.get(url)["ETag"]
    client.cookies["tz"] = "Asia/Tokyo"
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200  # redrawn in the new zone, not 304
    assert client.get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


# --- The crew's zone: proposed by the browser, changed on the crew page -------------------------


def _signup(client, **extra):
    data = {
        "username": "ana",
        "password1": "a-long-test-password",
        "password2": "a-long-test-password",
        "crew_name": "Tapas club",
        **extra,
    }
    return client.post(reverse("accounts:signup"), data)


@pytest.mark.django_db
def test_sign_up_takes_the_zone_the_browser_proposed(client):
    page = client.get(reverse("accounts:signup"))
    assert 'name="time_zone"' in page.text and "data-browser-time-zone" in page.text
    assert "js/timezone.js" in page.text
    assert _signup(client, time_zone="Europe/Madrid").status_code == 302
    assert Crew.objects.get(name="Tapas club").time_zone == "Europe/Madrid"


@pytest.mark.django_db
@pytest.mark.parametrize("proposed", [None, "", "Mars/Olympus", "europe/madrid", "x" * 300])
def test_sign_up_with_a_missing_or_odd_zone_quietly_uses_utc(client, proposed):
    extra = {} if proposed is None else {"time_zone": proposed}
    assert _signup(client, **extra).status_code == 302
    assert Crew.objects.get(name="Tapas club").time_zone == "UTC"


def test_a_new_crew_takes_the_browsers_zone(member_client):
    response = member_client.post(
        reverse("accounts:crew_new"), {"name": "Late crew", "time_zone": "America/New_York"}
    )
    assert response.status_code == 302
    assert Crew.objects.get(name="Late crew").time_zone == "America/New_York"


def test_the_crew_page_changes_the_zone(member_client, crew):
    page = member_client.get(reverse("accounts:crew_detail"))
    assert 'name="time_zone"' in page.text and "06:00" in page.text
    response = member_client.post(
        reverse("accounts:crew_time_zone"), {"time_zone": "Europe/Madrid"}, follow=True
    )
    crew.refresh_from_db()
    assert crew.time_zone == "Europe/Madrid"
    assert "Friday club now keeps time in Europe/Madrid." in response.text
    assert member_client.session[ZONE_SESSION_KEY] == "Europe/Madrid"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("Mars/Olympus", "“Mars/Olympus” is not a time zone we know: pick one from the list"),
        ("", "Pick the crew&#x27;s time zone."),
    ],
)
def test_an_unknown_zone_is_refused_with_a_message(member_client, crew, value, message):
    response = member_client.post(reverse("accounts:crew_time_zone"), {"time_zone": value})
    assert response.status_code == 422
    assert message in response.text
    crew.refresh_from_db()
    assert crew.time_zone == "UTC"


def test_the_zone_of_another_crew_cannot_be_changed(member_client, crew):
    other = Crew.objects.create(name="Others")
    member_client.post(reverse("accounts:crew_time_zone"), {"time_zone": "Asia/Tokyo"})
    other.refresh_from_db()
    assert other.time_zone == "UTC"


# --- Imports keep the night named in the file ---------------------------------------------------


def _file(night: dict) -> dict:
    return {
        "format": FORMAT,
        "edition": "classic",
        "target": 500,
        "players": ["Ann", "Ben"],
        "rounds": [],
        "night": night,
    }


def test_an_import_joins_the_first_session_of_the_date_named_in_the_file(crew):
    first = GameNightFactory(crew=crew, date=dt.date(2026, 11, 21), session=1)
    GameNightFactory(crew=crew, date=dt.date(2026, 11, 21), session=2)
    game = import_game(crew=crew, data=_file({"date": "2026-11-21", "name": ""}))
    assert game.night == first


def test_an_import_keeps_its_date_whatever_the_crews_zone(new_york):
    game = import_game(crew=new_york, data=_file({"date": "2026-11-21", "name": "At Ben's"}))
    assert (game.night.date, game.night.name, game.night.session) == (
        dt.date(2026, 11, 21),
        "At Ben's",
        1,
    )


def test_an_imported_game_without_a_night_joins_the_crews_evening(db):
    from scorekeeper.gamefiles.files import import_game
    from tests.factories import CrewFactory

    crew = CrewFactory(time_zone="Europe/Madrid")
    # 01:30 in Madrid on the 22nd: still the evening of the 21st.
    data = {
        "format": "scorekeeper-game/1",
        "players": ["Ann", "Ben"],
        "started_at": "2026-11-22T00:30:00+00:00",
    }
    game = import_game(crew=crew, data=data)
    assert str(game.night.date) == "2026-11-21"
