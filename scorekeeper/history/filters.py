"""The filters of the player statistics: period, edition and scoring mode."""

from __future__ import annotations

import datetime as dt

import django_filters
from django.db.models import QuerySet
from django.utils import timezone

from scorekeeper.games.models import Edition, Game, ScoringMode

PERIOD_DAYS = {"30d": 30, "90d": 91, "365d": 365}
PERIODS = (
    ("30d", "Last 30 days"),
    ("90d", "Last 3 months"),
    ("365d", "Last 12 months"),
    ("year", "This year"),
)


class GameFilter(django_filters.FilterSet):
    """Which games the statistics count; an empty choice means all of them."""

    period = django_filters.ChoiceFilter(
        label="Period", choices=PERIODS, empty_label="All time", method="filter_period"
    )
    edition = django_filters.ChoiceFilter(
        label="Edition", choices=Edition.choices, empty_label="All editions"
    )
    scoring = django_filters.ChoiceFilter(
        label="Scoring", choices=ScoringMode.choices, empty_label="Both modes"
    )

    class Meta:
        model = Game
        fields = ["period", "edition", "scoring"]

    def filter_period(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        today = timezone.localdate()
        if value == "year":
            since = dt.date(today.year, 1, 1)
        else:
            since = today - dt.timedelta(days=PERIOD_DAYS[value] - 1)
        return queryset.filter(night__date__gte=since, night__date__lte=today)
