"""The crew's named seasons: list them, name a new one by dates, remove one."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.games.access import crew_object_or_404, crew_required

from . import seasons
from .forms import SeasonForm
from .models import Season


@crew_required
@require_http_methods(["GET", "POST"])
def season_list(request: HttpRequest) -> HttpResponse:
    crew = request.crew  # type: ignore[attr-defined]
    form = SeasonForm(request.POST if request.method == "POST" else None, crew=crew)
    if request.method == "POST" and form.is_valid():
        season = form.save()
        messages.success(request, _("The season %(name)s is ready.") % {"name": season.name})
        return redirect("history:seasons")
    context = {
        "form": form,
        "named": Season.objects.filter(crew=crew),
        "current": seasons.current(crew, timezone.localdate()),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "history/seasons.html", context, status=status)


@crew_required
@require_POST
def season_delete(request: HttpRequest, season_id: int) -> HttpResponse:
    season = crew_object_or_404(Season.objects, request, pk=season_id)
    season.delete()
    messages.success(
        request,
        _("The season %(name)s is gone; its games and nights stay.") % {"name": season.name},
    )
    return redirect("history:seasons")
