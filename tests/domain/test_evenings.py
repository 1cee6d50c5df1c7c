import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.domain.evenings import (
    EVENING_CUTOFF,
    evening_of,
    is_time_zone,
    night_champions,
    night_wins,
    time_zone_or_default,
)

NEW_YORK = "America/New_York"
MADRID = "Europe/Madrid"
UTC = dt.UTC


def local(zone: str, *args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=ZoneInfo(zone))


def test_the_cutoff_is_six_in_the_morning():
    assert dt.time(6, 0) == EVENING_CUTOFF


def test_new_york_at_seven_pm_is_that_local_date_not_utcs_next_day():
    moment = local(NEW_YORK, 2026, 11, 21, 19, 0)
    assert moment.astimezone(UTC).date() == dt.date(2026, 11, 22)
    assert evening_of(moment, NEW_YORK) == dt.date(2026, 11, 21)


def test_new_york_at_one_minute_to_midnight_is_the_same_evening():
    seven = evening_of(local(NEW_YORK, 2026, 11, 21, 19, 0), NEW_YORK)
    late = evening_of(local(NEW_YORK, 2026, 11, 21, 23, 59), NEW_YORK)
    assert seven == late == dt.date(2026, 11, 21)


def test_madrid_past_midnight_belongs_to_the_evening_before():
    assert evening_of(local(MADRID, 2026, 11, 22, 1, 30), MADRID) == dt.date(2026, 11, 21)
    assert evening_of(local(MADRID, 2026, 11, 22, 5, 59), MADRID) == dt.date(2026, 11, 21)


def test_a_new_evening_starts_at_the_cutoff():
    assert evening_of(local(MADRID, 2026, 11, 22, 6, 0), MADRID) == dt.date(2026, 11, 22)


def test_the_moment_may_come_in_any_zone():
    # 00:30 UTC on the 22nd is 19:30 on the 21st in New York (EST, UTC-5).
    moment = dt.datetime(2026, 11, 22, 0, 30, tzinfo=UTC)
    assert evening_of(moment, NEW_YORK) == dt.date(2026, 11, 21)
    assert evening_of(moment, "UTC") == dt.date(2026, 11, 21)  # before 06:00 UTC
    assert evening_of(moment, "Asia/Tokyo") == dt.date(2026, 11, 22)  # 09:30 in Tokyo


def test_the_same_moment_changes_evening_when_the_crew_changes_zone():
    moment = dt.datetime(2026, 11, 22, 3, 0, tzinfo=UTC)  # 22:00 in New York, 04:00 in Madrid
    assert evening_of(moment, NEW_YORK) == dt.date(2026, 11, 21)
    assert evening_of(moment, MADRID) == dt.date(2026, 11, 21)
    assert evening_of(moment, "Asia/Tokyo") == dt.date(2026, 11, 22)  # 12:00 in Tokyo


# Daylight saving: the wall clock jumps, the evening follows the wall clock.
# New York: clocks go forward 2026-03-08 02:00 → 03:00, back 2026-11-01 02:00 → 01:00.
# Madrid: clocks go forward 2026-03-29 02:00 → 03:00, back 2026-10-25 03:00 → 02:00.


@pytest.mark.parametrize(("zone", "saturday", "sunday"), [(NEW_YORK, 7, 8), (MADRID, 28, 29)])
def test_spring_forward_night_stays_one_evening(zone, saturday, sunday):
    start = local(zone, 2026, 3, saturday, 20, 0)
    six = local(zone, 2026, 3, sunday, 6, 0)
    # The night was one hour shorter in real time: 20:00 → 06:00 is 9 hours.
    assert six.astimezone(UTC) - start.astimezone(UTC) == dt.timedelta(hours=9)
    moment = start.astimezone(UTC)
    while moment < six.astimezone(UTC):  # every 15 minutes, across the missing hour
        assert evening_of(moment, zone) == dt.date(2026, 3, saturday), moment
        moment += dt.timedelta(minutes=15)
    assert evening_of(six, zone) == dt.date(2026, 3, sunday)


@pytest.mark.parametrize(
    ("zone", "evening", "morning"),
    [(NEW_YORK, (10, 31), (11, 1)), (MADRID, (10, 24), (10, 25))],
)
def test_fall_back_night_stays_one_evening_through_the_repeated_hour(zone, evening, morning):
    start = local(zone, 2026, *evening, 20, 0)
    six = local(zone, 2026, *morning, 6, 0)
    # The night was one hour longer in real time: 20:00 → 06:00 is 11 hours.
    assert (six.astimezone(UTC) - start.astimezone(UTC)) == dt.timedelta(hours=11)
    moment = start.astimezone(UTC)
    while moment < six.astimezone(UTC):
        assert evening_of(moment, zone) == dt.date(2026, *evening), moment
        moment += dt.timedelta(minutes=15)
    assert evening_of(six, zone) == dt.date(2026, *morning)


def test_both_readings_of_the_repeated_hour_are_the_same_evening():
    first = local(NEW_YORK, 2026, 11, 1, 1, 30)
    second = first.replace(fold=1)
    assert first.utcoffset() != second.utcoffset()
    assert evening_of(first, NEW_YORK) == evening_of(second, NEW_YORK) == dt.date(2026, 10, 31)


def test_a_naive_moment_is_refused():
    with pytest.raises(ValueError, match="without a time zone"):
        evening_of(dt.datetime(2026, 11, 21, 19, 0), NEW_YORK)


def test_an_unknown_zone_is_refused_by_name():
    with pytest.raises(ValueError, match="Mars/Olympus"):
        evening_of(dt.datetime(2026, 11, 21, 19, 0, tzinfo=UTC), "Mars/Olympus")


@pytest.mark.parametrize("name", [NEW_YORK, MADRID, "UTC", "Asia/Kolkata"])
def test_iana_names_are_zones(name):
    assert is_time_zone(name)
    assert time_zone_or_default(name) == name


@pytest.mark.parametrize(
    "name", [None, "", "europe/madrid", "Mars/Olympus", "localtime", "../etc/passwd", 5]
)
def test_anything_else_falls_back_to_utc(name):
    assert not is_time_zone(name)
    assert time_zone_or_default(name) == "UTC"


def test_the_night_is_won_by_most_wins_a_shared_win_counting_for_each():
    wins = night_wins([("Ben",), ("Ann", "Ben"), ("Ann",), ("Cat",)])
    assert wins == [("Ben", 2), ("Ann", 2), ("Cat", 1)]  # equal wins: Ben won first
    assert night_champions(wins) == ("Ben", "Ann")
    assert night_champions(night_wins([("Cat",), ("Ann",), ("Ann",)])) == ("Ann",)
    assert night_wins([]) == [] and night_champions([]) == ()


@given(st.lists(st.lists(st.sampled_from("ABCDE"), min_size=1, max_size=3, unique=True)))
def test_night_wins_counts_each_win_and_orders_by_wins_then_first_win(games):
    wins = night_wins(games)
    counted = {name: sum(name in game for game in games) for game in games for name in game}
    assert dict(wins) == counted
    first = {}
    for number, game in enumerate(games):
        for name in game:
            first.setdefault(name, number)
    assert [name for name, _ in wins] == sorted(counted, key=lambda n: (-counted[n], first[n]))
    assert set(night_champions(wins)) == {n for n in counted if counted[n] == max(counted.values())}
