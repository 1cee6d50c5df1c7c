"""The live scoreboard the other phones open from the share link (read-only, no sign-in),
and the share link's QR code.

A watcher's poll costs one small query while the game is unchanged (304 Not Modified), and
each worker renders a version's board once per zone and language.
"""

from __future__ import annotations

import datetime as dt
import functools
import io

import segno
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scorekeeper.addresses import shared_url
from scorekeeper.crews.models import Crew
from scorekeeper.games.access import crew_required
from scorekeeper.games.models import Game
from scorekeeper.games.scoreboard import board_for, load_game
from scorekeeper.languages.zones import activate_viewer_zone

# A version's board never changes, so this only bounds the memory a worker keeps.
LIVE_BOARD_CACHE_SECONDS = 600
# How often the watchers' phones ask for the board. A game over changes rarely (a correction),
# so it is polled slowly, but the table usually taps Rematch within minutes of the end and the
# live link moves on to the new game: that long after the end the quick pace goes on, so the
# watchers follow the rematch as soon as it starts.
LIVE_POLL_SECONDS = 4
LIVE_SLOW_POLL_SECONDS = 12
LIVE_FOLLOW_AFTER_END = dt.timedelta(minutes=15)


def _live_poll_seconds(status: str, finished_at: dt.datetime | None) -> int:
    """The live board's polling interval: quick in play and for a while after the end."""
    if status != Game.Status.FINISHED:
        return LIVE_POLL_SECONDS
    if finished_at is not None and timezone.now() - finished_at < LIVE_FOLLOW_AFTER_END:
        return LIVE_POLL_SECONDS
    return LIVE_SLOW_POLL_SECONDS


@functools.cache  # the same statement for every poll of this process
def _stamp_sql() -> str:
    quote = connection.ops.quote_name
    return (
        f"SELECT g.{quote('id')}, g.{quote('version')}, c.{quote('time_zone')}, "
        f"g.{quote('status')}, g.{quote('finished_at')} "
        f"FROM {quote(Game._meta.db_table)} g JOIN {quote(Crew._meta.db_table)} c "
        f"ON c.{quote('id')} = g.{quote('crew_id')} WHERE g.{quote('share_token')} = %s"
    )


def _stamp(token: str) -> tuple[int, int, str, str, dt.datetime | None] | None:
    """What a watcher's poll needs to answer 304: the game, its version, its crew's zone, its
    status and when it finished. One plain SQL statement: building the same ORM query on
    every poll cost more than running it (half of a 304's time)."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(), [token])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, version, zone_name, status, finished_at = row
    if finished_at is not None and not isinstance(finished_at, dt.datetime):
        finished_at = parse_datetime(str(finished_at))  # SQLite hands back the stored text
    if finished_at is not None and timezone.is_naive(finished_at):
        finished_at = finished_at.replace(tzinfo=dt.UTC)  # stored in UTC (USE_TZ)
    return pk, version, zone_name, status, finished_at


def live_etag(request: HttpRequest, token: str, variant: str) -> tuple[str, tuple, str, str] | None:
    """The ETag of the live ``variant`` ("page" or "board") of this share link now, with the
    stamp, zone and language it names; None for an unknown link. Activates the viewer's zone."""
    stamp = _stamp(token)
    if stamp is None:
        return None
    # Times in the viewer's zone and words in their language: the page changes with both, so
    # the ETag (and with it the cache key) names both. It names the polling pace too: when the
    # quick pace after the end runs out, the watchers get a board that polls slowly.
    shown_zone = activate_viewer_zone(request, stamp[2])
    language = get_language() or settings.LANGUAGE_CODE
    poll = _live_poll_seconds(stamp[3], stamp[4])
    etag = quote_etag(f"{variant}-{stamp[0]}-{stamp[1]}-{poll}-{shown_zone}-{language}")
    return etag, stamp, shown_zone, language


def not_modified(etag: str) -> HttpResponse:
    """A 304 for a watcher whose copy is this version's."""
    response = HttpResponse(status=304)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"  # revalidate every time
    return response


def _live_response(request: HttpRequest, token: str, template: str, variant: str) -> HttpResponse:
    """Answer 304 Not Modified while the game is unchanged (one small query), else render."""
    found = live_etag(request, token, variant)
    if found is None:
        raise Http404(_("This share link is not valid (it may have been replaced)."))
    etag, stamp, shown_zone, language = found
    # The polled fragment (no CSRF token, nothing personal) is the same for every watcher of
    # this version in this zone and language: each worker renders it once per version, not
    # once per poll.
    if etag in request.META.get("HTTP_IF_NONE_MATCH", ""):  # request.headers builds them all
        return not_modified(etag)
    if variant == "board" and (cached := cache.get(f"live:{token}:{etag}")) is not None:
        response = HttpResponse(cached)
    else:
        game = load_game(Game.objects.filter(share_token=token), stamp[0])
        if game is None:
            raise Http404(_("This share link is not valid (it may have been replaced)."))
        poll = _live_poll_seconds(game.status, game.finished_at)
        etag = quote_etag(f"{variant}-{game.pk}-{game.version}-{poll}-{shown_zone}-{language}")
        context = {
            "game": game,
            "board": board_for(game),
            "editable": False,
            "live": True,
            "token": token,
            "poll_seconds": poll,
        }
        response = render(request, template, context)
        if variant == "board":
            cache.set(f"live:{token}:{etag}", response.content, LIVE_BOARD_CACHE_SECONDS)
    response["ETag"] = etag
    # Revalidate every time: the browser sends If-None-Match and keeps the body on 304.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def live(request: HttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard for the other phones, opened from the share link."""
    return _live_response(request, token, "games/live.html", "page")


@require_GET
def live_board(request: HttpRequest, token: str) -> HttpResponse:
    """The scoreboard fragment the live page polls every few seconds."""
    return _live_response(request, token, "games/live.html#live-board", "board")


@crew_required
@require_GET
def share_qr(request: HttpRequest, game_id: int) -> HttpResponse:
    token = (
        Game.objects.filter(crew=request.crew, pk=game_id)  # type: ignore[attr-defined]
        .values_list("share_token", flat=True)
        .first()
    )
    if token is None:
        raise Http404(_("No such game in your crew."))
    url = shared_url(request, reverse("live:live", args=[token]))
    if url is None:
        raise Http404(_("No address the other phones could open: see the share sheet."))
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=5, dark="#000", light="#fff")
    return HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
