"""Deleting a game from the table and Undo on the home page (see :mod:`.trash`), and the
crew's games as a BG Stats export file (see :mod:`.bgstats`)."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.domain import RuleError
from scorekeeper.gamefiles.models import DeletedGame
from scorekeeper.games.access import crew_required
from scorekeeper.games.services import Conflict
from scorekeeper.games.views import (
    board_or_404,
    dashboard_page,
    locked_game_or_404,
    table_page,
)
from scorekeeper.inputs import posted_int
from scorekeeper.languages.words import in_words

from .bgstats import export_file
from .trash import game_delete, game_restore


@crew_required
@require_POST
def game_remove(request: HttpRequest, game_id: int) -> HttpResponse:
    """Delete a game; the home page offers Undo for a few minutes."""
    with locked_game_or_404(request, game_id) as game:
        try:
            game_delete(game=game, version=posted_int(request, "version"), by=request.user)
        except Conflict as error:
            refusal, status = in_words(error), 409
        except RuleError as error:
            refusal, status = in_words(error), 422
        else:
            url = reverse("games:home")
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return table_page(request, board_or_404(request, game_id), status=status, error=refusal)


@crew_required
@require_POST
def game_undelete(request: HttpRequest, deleted_id: int) -> HttpResponse:
    """Put a deleted game back (Undo on the home page)."""
    if not DeletedGame.objects.filter(crew=request.crew, pk=deleted_id).exists():  # type: ignore[attr-defined]
        raise Http404(_("No such deleted game in your crew."))
    try:
        game = game_restore(crew=request.crew, deleted=deleted_id, by=request.user)  # type: ignore[attr-defined]
    except RuleError as error:
        return dashboard_page(request, request.crew, error=in_words(error), status=409)  # type: ignore[attr-defined]
    url = reverse("games:game_detail", args=[game.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@crew_required
@require_GET
def bgstats_export(request: HttpRequest) -> HttpResponse:
    """The crew's finished games as a BG Stats export, as ``manage.py export_bgstats`` writes it."""
    text = json.dumps(export_file(request.crew), indent=2, ensure_ascii=False) + "\n"  # type: ignore[attr-defined]
    response = HttpResponse(text, content_type="application/json")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="BGStatsExport-{stamp}.json"'
    return response
