"""Seasons: the stretches a crew's history can be read by.

Every calendar year and every quarter (January–March, ...) is a season without being stored,
from the crew's first game night to today; a crew can also name its own seasons by dates
(:class:`~scorekeeper.history.models.Season`, "Winter league"). A season holds the game nights
whose date (the crew's evening, in its time zone) falls in it, both ends included.

A season is chosen by a key: ``2026`` (a year), ``2026-q4`` (a quarter), ``s12`` (a named
season's id). ``current`` is the season the home page reads: the named season that covers
today (the latest to start, when several do), else this quarter.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from scorekeeper.crews.models import Crew
from scorekeeper.nights.models import GameNight

from .models import Season as NamedSeason

QUARTER_MONTHS = {1: (1, 3), 2: (4, 6), 3: (7, 9), 4: (10, 12)}


@dataclass(frozen=True)
class Season:
    key: str
    label: str
    starts_on: dt.date
    ends_on: dt.date
    named: bool = False

    def holds(self, day: dt.date) -> bool:
        return self.starts_on <= day <= self.ends_on


def _last_day(year: int, month: int) -> dt.date:
    following = dt.date(year + (month == 12), month % 12 + 1, 1)
    return following - dt.timedelta(days=1)


def year(number: int) -> Season:
    return Season(str(number), str(number), dt.date(number, 1, 1), dt.date(number, 12, 31))


def quarter(number: int, which: int) -> Season:
    first, last = QUARTER_MONTHS[which]
    label = _("Q%(quarter)s %(year)s") % {"quarter": which, "year": number}
    return Season(f"{number}-q{which}", label, dt.date(number, first, 1), _last_day(number, last))


def named(season: NamedSeason) -> Season:
    return Season(f"s{season.pk}", season.name, season.starts_on, season.ends_on, named=True)


def quarter_of(day: dt.date) -> Season:
    return quarter(day.year, (day.month - 1) // 3 + 1)


def seasons_of(crew: Crew, today: dt.date) -> list[Season]:
    """The crew's seasons, newest first: its named seasons, then each year followed by its
    quarters, from its first game night to ``today`` (two queries)."""
    first = GameNight.objects.filter(crew=crew).order_by("date").values_list("date", flat=True)
    start = min(first.first() or today, today)
    found = [named(s) for s in NamedSeason.objects.filter(crew=crew)]
    for number in range(today.year, start.year - 1, -1):
        found.append(year(number))
        for which in range(4, 0, -1):
            season = quarter(number, which)
            if season.starts_on <= today and season.ends_on >= start:
                found.append(season)
    return found


_KEY = re.compile(r"^(?:(?P<year>\d{4})(?:-q(?P<quarter>[1-4]))?|s(?P<named>\d{1,18}))$")


def by_key(crew: Crew, key: str) -> Season | None:
    """The crew's season with this key, or None (an unknown key, another crew's season)."""
    match = _KEY.match(key or "")
    if match is None:
        return None
    if match["named"]:
        row = NamedSeason.objects.filter(crew=crew, pk=int(match["named"])).first()
        return named(row) if row else None
    number = int(match["year"])
    if not 1900 <= number <= 9999:
        return None
    return quarter(number, int(match["quarter"])) if match["quarter"] else year(number)


def current(crew: Crew, today: dt.date) -> Season:
    covering = (
        NamedSeason.objects.filter(crew=crew, starts_on__lte=today, ends_on__gte=today)
        .order_by("-starts_on", "name")
        .first()
    )
    return named(covering) if covering else quarter_of(today)
