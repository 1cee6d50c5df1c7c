"""Which evening a moment belongs to, in a crew's own time zone.

A game night is an evening, not a calendar date: games played in the small hours belong to
the night that began the evening before. The evening turns over at :data:`EVENING_CUTOFF`
local time (06:00): from 06:00 on, a new game opens that day's evening.

Plain Python on the standard library's ``zoneinfo``; nothing here imports Django.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Before this local time a moment still belongs to the previous day's evening. 06:00 is late
# enough for a long night and early enough that nobody starts a game "last night" at breakfast.
EVENING_CUTOFF = dt.time(6, 0)

DEFAULT_TIME_ZONE = "UTC"

# Names in the zone database that are not places a crew lives in: the machine's own setting,
# a placeholder, and a file the database keeps for old POSIX rules.
_NOT_PLACES = frozenset({"localtime", "Factory", "posixrules"})


@cache
def time_zone_names() -> frozenset[str]:
    """Every IANA zone name a crew or a viewer may use ("Europe/Madrid", "UTC", ...)."""
    from zoneinfo import available_timezones

    return frozenset(available_timezones() - _NOT_PLACES)


def is_time_zone(name: object) -> bool:
    """True when ``name`` is an IANA zone name we accept (exact spelling, as IANA writes it)."""
    return isinstance(name, str) and name in time_zone_names()


def time_zone_or_default(name: object, default: str = DEFAULT_TIME_ZONE) -> str:
    """``name`` when it is a zone we accept, else ``default``: for values a browser proposed,
    where a missing or odd value should quietly give way rather than stop the visitor."""
    return name if is_time_zone(name) else default  # type: ignore[return-value]


def zone(name: str) -> ZoneInfo:
    """The ``ZoneInfo`` for an accepted name; ValueError names the zone otherwise."""
    if not is_time_zone(name):
        raise ValueError(f"{name!r} is not a time zone name like “Europe/Madrid”.")
    try:
        return ZoneInfo(name)
    except ZoneInfoNotFoundError:  # listed but unreadable: a broken tz database
        raise ValueError(f"The time zone {name!r} cannot be read on this server.") from None


def evening_of(moment: dt.datetime, time_zone: str) -> dt.date:
    """The date of the evening ``moment`` belongs to, in ``time_zone``.

    The moment is read as local wall-clock time in the zone (daylight saving included); a
    moment before :data:`EVENING_CUTOFF` belongs to the evening of the day before::

        19:00 Saturday in New York  → Saturday (even though it is already Sunday in UTC)
        01:30 Sunday in Madrid      → Saturday
        06:00 Sunday in Madrid      → Sunday

    ``moment`` must be timezone-aware: a naive time is ambiguous, so it is refused.
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("A moment without a time zone cannot be placed in an evening.")
    local = moment.astimezone(zone(time_zone))
    if local.time() < EVENING_CUTOFF:
        return local.date() - dt.timedelta(days=1)
    return local.date()


def night_wins(winners: Iterable[Sequence[str]]) -> list[tuple[str, int]]:
    """Who won how many of a night's games: ``winners`` holds each counted game's winners, in
    the order the games were played. Most wins first; a shared win counts for each winner; equal
    wins keep the order in which the players first won (no tie-break, as at the table).

    The one rule for "who won the night": the home page's tonight list, the nights list and the
    recap's champion all read it."""
    wins: dict[str, int] = {}
    for names in winners:
        for name in names:
            wins[name] = wins.get(name, 0) + 1
    return sorted(wins.items(), key=lambda item: -item[1])  # stable: first won, first named


def night_champions(wins: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """The player(s) with the most wins in ``night_wins``'s answer (several when tied)."""
    most = wins[0][1] if wins else 0
    return tuple(name for name, count in wins if count == most and most)
