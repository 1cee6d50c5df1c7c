"""The crew's players page: rename, merge, retire or bring back, and link to a member.

A change that succeeds goes back to the roster with a message saying what changed; a refused
one shows the player's page again (422) with the reason, and nothing changed.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Max
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.games.access import crew_object_or_404, crew_required
from scorekeeper.inputs import as_id
from scorekeeper.roster.models import Colour, Player, colour_class

from . import services
from .words import change_in_words


def _players(request: HttpRequest):
    return (
        Player.objects.filter(crew=request.crew)
        .select_related("user")
        .annotate(games=Count("seats"), last_played=Max("seats__game__started_at"))
        .order_by("retired_at", "name")  # the active players first (NULL sorts first)
    )


@crew_required
@require_GET
def roster(request: HttpRequest) -> HttpResponse:
    players = list(_players(request))
    context = {
        "active": [p for p in players if p.retired_at is None],
        "retired": [p for p in players if p.retired_at is not None],
        "changes": [change_in_words(c) for c in services.trail(request.crew)],
    }
    return render(request, "roster/roster.html", context)


def _edit_page(request: HttpRequest, player: Player, error: str = "", status: int = 200):
    crew = request.crew  # type: ignore[attr-defined]
    others = Player.objects.filter(crew=crew).exclude(pk=player.pk).order_by("name")
    members = crew.members.order_by("username")
    games = player.seats.count()
    changes = [change_in_words(c) for c in player.roster_changes.select_related("by")[:20]]
    context: dict[str, Any] = {
        "player": player,
        "colours": [(value, label, colour_class(value)) for value, label in Colour.choices],
        "others": others,
        "members": members,
        "games": games,
        "error": error,
        "changes": changes,
        "posted_name": request.POST.get("name") if request.method == "POST" else None,
    }
    return render(request, "roster/player_edit.html", context, status=status)


@crew_required
@require_GET
def player_edit(request: HttpRequest, player_id: int) -> HttpResponse:
    return _edit_page(request, crew_object_or_404(Player.objects, request, pk=player_id))


def _apply(request: HttpRequest, player: Player, change, done) -> HttpResponse:
    """Run one roster change; on success back to the roster with ``done(result)`` as the
    message, on refusal the player's page with the reason (422)."""
    try:
        result = change()
    except services.RosterError as error:
        player.refresh_from_db()
        return _edit_page(request, player, str(error), status=422)
    messages.success(request, done(result))
    return redirect("roster:roster")


def _player(request: HttpRequest, player_id: int) -> Player:
    return crew_object_or_404(Player.objects, request, pk=player_id)


@crew_required
@require_POST
def player_rename(request: HttpRequest, player_id: int) -> HttpResponse:
    player = _player(request, player_id)
    old = player.name

    def done(change) -> str:
        if change is None:
            return _("%(name)s keeps the same name.") % {"name": old}
        return _("%(old)s is now %(new)s.") % {"old": old, "new": change.after["name"]}

    return _apply(
        request,
        player,
        lambda: services.rename(
            crew=request.crew,
            player_id=player.pk,
            name=request.POST.get("name", ""),
            by=request.user,
        ),
        done,
    )


@crew_required
@require_POST
def player_colour(request: HttpRequest, player_id: int) -> HttpResponse:
    player = _player(request, player_id)

    def done(change) -> str:
        if change is None:
            return _("%(name)s keeps the same colour.") % {"name": player.name}
        colour = Colour(change.after["colour"]).label
        return _("%(name)s now wears %(colour)s.") % {"name": player.name, "colour": colour}

    return _apply(
        request,
        player,
        lambda: services.recolour(
            crew=request.crew,
            player_id=player.pk,
            colour=request.POST.get("colour", ""),
            by=request.user,
        ),
        done,
    )


@crew_required
@require_POST
def player_merge(request: HttpRequest, player_id: int) -> HttpResponse:
    player = _player(request, player_id)
    into = as_id(request.POST.get("into", ""))
    if into is None:
        return _edit_page(request, player, _("Pick the player to merge into."), status=422)
    kept = Player.objects.filter(pk=into).first()
    if kept is None or kept.crew_id != request.crew.pk:  # type: ignore[attr-defined]
        raise Http404("No such player in this crew.")

    def done(change) -> str:
        return _("%(gone)s was merged into %(kept)s.") % {
            "gone": change.before["name"],
            "kept": change.after["name"],
        }

    return _apply(
        request,
        player,
        lambda: services.merge(
            crew=request.crew, keep_id=kept.pk, gone_id=player.pk, by=request.user
        ),
        done,
    )


def _set_retired(request: HttpRequest, player_id: int, retired: bool) -> HttpResponse:
    player = _player(request, player_id)

    def done(change) -> str:
        if retired:
            return _("%(name)s is retired: hidden from the new-game list, kept in the history.") % {
                "name": player.name
            }
        return _("%(name)s is back on the roster.") % {"name": player.name}

    return _apply(
        request,
        player,
        lambda: services.set_retired(
            crew=request.crew, player_id=player.pk, retired=retired, by=request.user
        ),
        done,
    )


@crew_required
@require_POST
def player_retire(request: HttpRequest, player_id: int) -> HttpResponse:
    return _set_retired(request, player_id, True)


@crew_required
@require_POST
def player_return(request: HttpRequest, player_id: int) -> HttpResponse:
    return _set_retired(request, player_id, False)


@crew_required
@require_POST
def player_link(request: HttpRequest, player_id: int) -> HttpResponse:
    player = _player(request, player_id)
    raw = request.POST.get("member", "")
    user_id = as_id(raw)
    if raw != "" and user_id is None:
        return _edit_page(request, player, _("Pick a member of the crew, or nobody."), 422)

    def done(change) -> str:
        if change is None:
            return _("Nothing changed for %(name)s.") % {"name": player.name}
        if user_id is None:
            return _("%(name)s is no longer linked to a member.") % {"name": player.name}
        return _("%(name)s is linked to %(member)s.") % {
            "name": player.name,
            "member": change.after["member"],
        }

    return _apply(
        request,
        player,
        lambda: services.link(
            crew=request.crew, player_id=player.pk, user_id=user_id, by=request.user
        ),
        done,
    )
