"""A crew's game nights: the dated evenings its games belong to."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext

from scorekeeper.crews.models import Crew


class GameNight(models.Model):
    """A dated evening of a crew; games belong to one."""

    crew = models.ForeignKey(Crew, on_delete=models.CASCADE, related_name="nights")
    date = models.DateField()
    # 1 for the evening's night; 2, 3... when the crew starts another session the same day.
    session = models.PositiveSmallIntegerField(default=1)
    name = models.CharField(max_length=80, blank=True)
    # The secret of the night's read-only recap link (nights/recap.py); NULL, not "", while
    # the night is not shared, so the unique constraint skips the nights nobody shared.
    recap_token = models.CharField(max_length=64, unique=True, null=True, blank=True)  # noqa: DJ001

    class Meta:
        # The table it had when it lived in the games app (migrations keep the rows).
        db_table = "games_gamenight"
        ordering = ["-date", "-session"]
        constraints = [
            models.UniqueConstraint(fields=["crew", "date", "session"], name="night_per_session"),
            models.CheckConstraint(condition=Q(session__gte=1), name="night_session_from_one"),
        ]

    def __str__(self) -> str:
        label = self.name
        if not label:  # the date as the reader's language writes it: "Game night Sat 21 Nov 2026"
            pattern = pgettext("date format: a night's default name", "D j M Y")
            when = date_format(self.date, pattern)
            label = gettext("Game night %(date)s") % {"date": when}
        # A second session the same evening says so: "Game night Sat 21 Nov 2026 (2)".
        return f"{label} ({self.session})" if self.session > 1 else label
