"""A crew's game nights are its evenings, read in the crew's own time zone.

The rule (which evening a moment belongs to, the 06:00 cut-off) is the domain's
:func:`~scorekeeper.domain.evenings.evening_of`; this module applies it to a crew's rows.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper.crews.models import Crew, new_token
from scorekeeper.domain.evenings import evening_of, time_zone_or_default
from scorekeeper.nights.models import GameNight


def crew_evening(crew: Crew, now: dt.datetime | None = None) -> dt.date:
    """The date of the crew's evening at ``now`` (default: this moment)."""
    return evening_of(now or timezone.now(), time_zone_or_default(crew.time_zone))


def latest_night(crew: Crew, date: dt.date) -> GameNight | None:
    """The last session started on ``date``: the night new games of that evening join."""
    return GameNight.objects.filter(crew=crew, date=date).order_by("-session").first()


def night_start(
    *,
    crew: Crew,
    evening: dt.date | None = None,
    after: int | None = None,
    now: dt.datetime | None = None,
) -> tuple[GameNight, bool]:
    """Start another session of the crew's current evening; new games join it.

    The button says what it saw: the ``evening`` and the session it showed as current
    (``after``, 0 when the evening had no night yet). When a later session of that evening
    already exists, this tap (a double tap, or another phone's) is recognised and nothing is
    created. Returns the night and whether it was created.
    """
    date = crew_evening(crew, now)
    seen = after if evening == date else None
    with transaction.atomic():
        latest = latest_night(crew, date)
        current = latest.session if latest else 0
        if latest is not None and seen is not None and current > seen:
            return latest, False
        try:
            with transaction.atomic():
                night = GameNight.objects.create(crew=crew, date=date, session=current + 1)
        except IntegrityError:  # another phone's tap took this session number first
            return latest_night(crew, date), False  # type: ignore[return-value]
    return night, True


def night_share_recap(*, night: GameNight) -> str:
    """Give the night's recap a read-only link and return its token. A night already shared
    keeps its link: a second tap, or another member's at the same moment, never replaces the
    link the first one sent around."""
    GameNight.objects.filter(pk=night.pk, recap_token__isnull=True).update(recap_token=new_token())
    night.recap_token = GameNight.objects.values_list("recap_token", flat=True).get(pk=night.pk)
    return night.recap_token  # type: ignore[return-value]


def night_stop_sharing_recap(*, night: GameNight) -> None:
    """Revoke the recap's link: it is a 404 from now on, and sharing again makes a new one."""
    GameNight.objects.filter(pk=night.pk).update(recap_token=None)
    night.recap_token = None
