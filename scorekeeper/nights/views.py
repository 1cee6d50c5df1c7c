"""Game nights: the list, a night's page with its recap, and the recap's read-only link.

Above ``history``: the night pages use its tables, statistics and season filter; nothing of
history imports them.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.dateparse import parse_date
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.addresses import listening_on_loopback_only, shared_url
from scorekeeper.domain import RuleError
from scorekeeper.games.access import crew_object_or_404, crew_required
from scorekeeper.games.models import Game, Seat
from scorekeeper.games.nights import (
    crew_evening,
    latest_night,
    night_share_recap,
    night_start,
    night_stop_sharing_recap,
)
from scorekeeper.history import stats
from scorekeeper.history.forms import NightNameForm, SeasonChoiceForm
from scorekeeper.history.tables import LeaderboardTable, NightGamesTable, NightTable
from scorekeeper.history.views import configure_table, csv_answer, exporting, rows_shown
from scorekeeper.htmx import render_page, wants_partial
from scorekeeper.inputs import posted_int
from scorekeeper.languages.words import in_words
from scorekeeper.nights.models import GameNight

from .recap import night_recap

NIGHTS_PER_PAGE = 20
NIGHT_PAGE = "history/night_detail.html"


@crew_required
@require_GET
def night_list(request: HttpRequest) -> HttpResponse:
    nights = (
        GameNight.objects.filter(crew=request.crew)
        .annotate(games_count=Count("games"))
        .order_by("-date", "-session")
    )
    season_form = SeasonChoiceForm(request.GET or None, crew=request.crew)
    season = season_form.cleaned_data["season"] if season_form.is_valid() else None
    if season is not None:
        nights = nights.filter(date__range=(season.starts_on, season.ends_on))
    elif season_form.is_bound and not season_form.is_valid():
        nights = nights.none()
    table = NightTable(nights)
    whole = exporting(request)
    configure_table(request, table, None if whole else NIGHTS_PER_PAGE)
    # Who played and who won, for the nights on this page only (all of them in a CSV).
    shown: QuerySet[GameNight] | list[int] = nights if whole else [n.pk for n in rows_shown(table)]
    table.people = _people_by_night(shown)
    table.wins = stats.wins_by_night(Game.objects.filter(crew=request.crew, night__in=shown))
    if response := csv_answer(request, [table], "nights"):
        return response
    # The night new games join now (one small query): what "Start a new night" follows.
    evening = crew_evening(request.crew)
    context = {
        "table": table,
        "evening": evening,
        "tonight": latest_night(request.crew, evening),
        "season_form": season_form,
        "season": season,
    }
    status = 422 if season_form.is_bound and not season_form.is_valid() else 200
    return render(request, "history/night_list.html", context, status=status)


@crew_required
@require_POST
def night_new(request: HttpRequest) -> HttpResponse:
    """One tap for another session of this evening: new games join it."""
    try:
        evening = parse_date(request.POST.get("evening", ""))
    except ValueError:
        evening = None
    try:
        after = posted_int(request, "after")
    except RuleError as error:
        messages.error(request, in_words(error))
        return redirect("nights:night_list")
    night, created = night_start(crew=request.crew, evening=evening, after=after)
    if created:
        messages.success(request, _("%(night)s started: new games join it.") % {"night": night})
    else:
        messages.info(
            request, _("%(night)s was already started: new games join it.") % {"night": night}
        )
    return redirect("nights:night_list")


def _people_by_night(nights: Any) -> dict[int, list[str]]:
    rows = (
        Seat.objects.filter(game__night__in=nights)
        .values_list("game__night_id", "player__name")
        .distinct()
        .order_by("game__night_id", "player__name")
    )
    people: dict[int, list[str]] = {}
    for night_id, name in rows:
        people.setdefault(night_id, []).append(name)
    return people


@crew_required
@require_http_methods(["GET", "POST"])
def night_detail(request: HttpRequest, night_id: int) -> HttpResponse:
    night = crew_object_or_404(GameNight.objects, request, pk=night_id)
    form = NightNameForm(request.POST if request.method == "POST" else None, instance=night)
    status = 200
    if request.method == "POST":
        saved = form.is_valid()
        if saved:
            form.save()
            if not wants_partial(request):
                messages.success(request, _("The night's name is saved."))
                return redirect("nights:night_detail", night_id=night.pk)
            form = NightNameForm(instance=night)
        status = 200 if saved else 422
        if wants_partial(request):
            # Only the rename form (and the new title): the tables did not change.
            context = {"form": form, "night": night, "saved": saved}
            return render_page(request, NIGHT_PAGE, context, partial="rename", status=status)
    games = Game.objects.filter(crew=request.crew, night=night)
    # The recap's one read of the night's games, scored by the core, names the winners too.
    recap = night_recap(night)
    games_table = NightGamesTable(
        games.annotate(rounds_count=Count("rounds")).order_by("started_at", "pk"),
        winners={line.pk: sorted(line.winners) for line in recap.games if line.counted},
    )
    leaderboard = LeaderboardTable(stats.player_stats(games))
    for table in (games_table, leaderboard):
        configure_table(request, table)
    if response := csv_answer(request, [games_table, leaderboard], f"night-{night.date}"):
        return response
    context = {
        "night": night,
        "form": form,
        "games_table": games_table,
        "leaderboard": leaderboard,
        "recap": recap,
        **_recap_share_context(request, night),
    }
    return render(request, NIGHT_PAGE, context, status=status)


# --- The night's recap, and its read-only link ------------------------------------------------

RECAP_SHARE_PANEL = "history/_recap_share.html"


def _recap_share_context(request: HttpRequest, night: GameNight) -> dict[str, Any]:
    """The share panel's link: the address another phone can open (see ``shared_url``)."""
    token = night.recap_token
    return {
        "night": night,
        "recap_url": shared_url(request, reverse("nights:night_recap_shared", args=[token]))
        if token
        else None,
        "share_loopback_only": listening_on_loopback_only(),
    }


def _recap_share_answer(request: HttpRequest, night: GameNight) -> HttpResponse:
    if wants_partial(request):
        return render(request, RECAP_SHARE_PANEL, _recap_share_context(request, night))
    return redirect(reverse("nights:night_detail", args=[night.pk]) + "#recap-share")


@crew_required
@require_POST
def night_recap_share(request: HttpRequest, night_id: int) -> HttpResponse:
    """Make the recap's read-only link (a night already shared keeps its link)."""
    night = crew_object_or_404(GameNight.objects, request, pk=night_id)
    night_share_recap(night=night)
    return _recap_share_answer(request, night)


@crew_required
@require_POST
def night_recap_unshare(request: HttpRequest, night_id: int) -> HttpResponse:
    """Revoke the recap's link: whoever opens it from now on finds nothing."""
    night = crew_object_or_404(GameNight.objects, request, pk=night_id)
    night_stop_sharing_recap(night=night)
    return _recap_share_answer(request, night)


@require_GET
def night_recap_shared(request: HttpRequest, token: str) -> HttpResponse:
    """The recap opened from its link, signed in or not: that night only, read-only."""
    night = GameNight.objects.filter(recap_token=token).first()
    if night is None:
        raise Http404(_("This recap link is not valid (it may have been stopped)."))
    context = {"night": night, "recap": night_recap(night)}
    response = render(request, "history/recap_shared.html", context)
    # Never kept by a shared cache, and asked again each time: a stopped link stops at once.
    patch_cache_control(response, private=True, no_cache=True)
    response["X-Robots-Tag"] = "noindex"
    return response
