"""Who may see what: every page works on the current crew of a signed-in member."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _

from scorekeeper.crews.models import Crew
from scorekeeper.domain.evenings import time_zone_or_default, zone
from scorekeeper.languages.zones import ZONE_SESSION_KEY

SESSION_KEY = "crew_id"


def use_crew_zone(request: HttpRequest, crew: Crew) -> None:
    """Show this request's dates and times in the crew's zone, and remember it in the session."""
    name = time_zone_or_default(crew.time_zone)
    timezone.activate(zone(name))
    if request.session.get(ZONE_SESSION_KEY) != name:
        request.session[ZONE_SESSION_KEY] = name


def user_crews(request: HttpRequest):
    return Crew.objects.filter(memberships__user=request.user).order_by("name")


def current_crew(request: HttpRequest) -> Crew | None:
    """The crew chosen in this session, else the user's first crew; None if they have none."""
    if not request.user.is_authenticated:
        return None
    # Asked again in the same request (a view, then the home page's season leader): the crew
    # found first, while the session still names it.
    found = getattr(request, "_current_crew", None)
    if found is not None and found.pk == request.session.get(SESSION_KEY):
        return found
    crews = user_crews(request)
    crew_id = request.session.get(SESSION_KEY)
    crew = crews.filter(pk=crew_id).first() if crew_id else None
    if crew is None:
        crew = crews.first()
        if crew is not None:
            request.session[SESSION_KEY] = crew.pk
    if crew is not None:
        use_crew_zone(request, crew)
        request._current_crew = crew  # type: ignore[attr-defined]
    return crew


def _crew_or_404(request: HttpRequest) -> Crew:
    crew = current_crew(request)
    if crew is None:  # the member left their last crew since the session began
        raise Http404(_("You are not in a crew any more."))
    return crew


def crew_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Sign-in and a crew are needed; the view gets ``request.crew``."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if request.session.get(SESSION_KEY):
            # Resolved (one query) only when the view reads it: a write names its game with
            # the membership in the same query (see games.services.locked_game).
            request.crew = SimpleLazyObject(lambda: _crew_or_404(request))  # type: ignore[attr-defined]
        else:
            crew = current_crew(request)
            if crew is None:
                return redirect("accounts:crew_new")
            request.crew = crew  # type: ignore[attr-defined]
        return view(request, *args, **kwargs)

    return wrapper


def crew_object_or_404(queryset, request: HttpRequest, **lookup: Any):
    """Fetch a row of the current crew only: another crew's row is a 404, never a leak."""
    obj = queryset.filter(crew=request.crew, **lookup).first()  # type: ignore[attr-defined]
    if obj is None:
        raise Http404(_("Not found in your crew."))
    return obj
