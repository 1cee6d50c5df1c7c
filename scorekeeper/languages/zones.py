"""Dates and times in the crew's own time zone, for every page a member opens."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scorekeeper.domain.evenings import is_time_zone, time_zone_or_default, zone

# Where the session remembers the current crew's zone (``games.access.current_crew`` sets it).
ZONE_SESSION_KEY = "crew_time_zone"


class CrewTimeZoneMiddleware:
    """Activate the current crew's zone, as the session remembers it (no query).

    ``access.current_crew`` refreshes the remembered zone whenever a view reads the crew, so
    a zone changed by another member shows from the next page on. Pages without a crew (a
    visitor, the public live view) start in ``settings.TIME_ZONE``; the live view then picks
    the viewer's zone itself. The zone is reset after each response: a worker thread must not
    carry one member's zone into the next visitor's request.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # The session is read for the signed-in user already; a visitor without a session
        # cookie has no crew, and their empty session is not even opened.
        if settings.SESSION_COOKIE_NAME in request.COOKIES:
            name = request.session.get(ZONE_SESSION_KEY)
            if is_time_zone(name):
                timezone.activate(zone(name))
        # Otherwise settings.TIME_ZONE is in force: each request leaves it so (below).
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


# Set by static/js/timezone.js from the browser: the zone of whoever is looking.
VIEWER_ZONE_COOKIE = "tz"


def activate_viewer_zone(request: HttpRequest, fallback: str) -> str:
    """For public pages seen by anyone (the live scoreboard): show times in the viewer's zone,
    as their browser reported it, else in ``fallback`` (the crew's). Returns the zone used."""
    name = time_zone_or_default(
        request.COOKIES.get(VIEWER_ZONE_COOKIE), time_zone_or_default(fallback)
    )
    timezone.activate(zone(name))
    return name
