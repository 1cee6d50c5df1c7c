"""The filters of the player statistics: season, period, edition and scoring mode."""

from __future__ import annotations

import datetime as dt
from typing import Any

import django_filters
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy

from scorekeeper.crews.models import Crew
from scorekeeper.games.models import Edition, Game, ScoringMode
from scorekeeper.languages.words import in_words

from . import seasons

PERIOD_DAYS = {"30d": 30, "90d": 91, "365d": 365}
PERIODS = (
    ("30d", gettext_lazy("Last 30 days")),
    ("90d", gettext_lazy("Last 3 months")),
    ("365d", gettext_lazy("Last 12 months")),
    ("year", gettext_lazy("This year")),
)


class GameFilter(django_filters.FilterSet):
    """Which games the statistics count; an empty choice means all of them.

    ``crew`` gives the season menu (its named seasons, years and quarters); the chosen season,
    once the filter ran, is ``season``."""

    season = django_filters.ChoiceFilter(
        label=gettext_lazy("Season"),
        choices=(),
        empty_label=gettext_lazy("Every season"),
        method="filter_season",
        # A season deleted on another phone, or an old link: said in words, not Django's
        # "s12 is not one of the available choices".
        error_messages={"invalid_choice": gettext_lazy("Choose a season of your crew.")},
    )
    period = django_filters.ChoiceFilter(
        label=gettext_lazy("Period"),
        choices=PERIODS,
        empty_label=gettext_lazy("All time"),
        method="filter_period",
        error_messages={"invalid_choice": gettext_lazy("Choose a period from the list.")},
    )
    edition = django_filters.ChoiceFilter(
        label=gettext_lazy("Edition"),
        choices=lambda: [(slug, in_words(name)) for slug, name in Edition.choices],
        empty_label=gettext_lazy("All editions"),
        error_messages={"invalid_choice": gettext_lazy("Choose one of the decks in the list.")},
    )
    scoring = django_filters.ChoiceFilter(
        label=gettext_lazy("Scoring"),
        choices=ScoringMode.choices,
        empty_label=gettext_lazy("Both modes"),
        error_messages={"invalid_choice": gettext_lazy("Choose a scoring mode from the list.")},
    )

    class Meta:
        model = Game
        fields = ["season", "period", "edition", "scoring"]

    def __init__(self, *args: Any, crew: Crew, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crew = crew
        self.season: seasons.Season | None = None
        choices = [(s.key, s.label) for s in seasons.seasons_of(crew, timezone.localdate())]
        self.filters["season"].extra["choices"] = choices

    def filter_season(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        self.season = seasons.by_key(self.crew, value)
        if self.season is None:
            return queryset.none()
        return queryset.filter(night__date__range=(self.season.starts_on, self.season.ends_on))

    def filter_period(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        today = timezone.localdate()
        if value == "year":
            since = dt.date(today.year, 1, 1)
        else:
            since = today - dt.timedelta(days=PERIOD_DAYS[value] - 1)
        return queryset.filter(night__date__gte=since, night__date__lte=today)
