"""The live scoreboard the other phones open from the share link (read-only, no sign-in),
and the share link's QR code.

A watcher's poll costs one small query while the game is unchanged (304 Not Modified), and
each worker renders a version's board once per zone and language.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import uuid

import segno
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from scorekeeper.addresses import shared_url
from scorekeeper.crews.models import Crew
from scorekeeper.decks.models import deck_sides, played_edition
from scorekeeper.domain import RuleError
from scorekeeper.games.access import crew_required
from scorekeeper.games.counts import count_rows, hand_send, open_count, seat_of
from scorekeeper.games.kept import read_board
from scorekeeper.games.models import Count, Game, Seat
from scorekeeper.games.services import Conflict
from scorekeeper.languages.words import in_words, keys_in_words
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
# While the phones count a round, the live board, a seat's phone and the scorekeeper's count
# panel ask this often: a hand shows on every phone within about a second of its send.
COUNT_POLL_SECONDS = 1
SEAT_POLL_SECONDS = 2


def _live_poll_seconds(status: str, finished_at: dt.datetime | None, counting=None) -> int:
    """The live board's polling interval: quicker while the phones count a round (each hand
    shows as it arrives), quick in play and for a while after the end."""
    if counting:
        return COUNT_POLL_SECONDS
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
        f"g.{quote('status')}, g.{quote('finished_at')}, g.{quote('counting')}, "
        f"g.{quote('count_version')} "
        f"FROM {quote(Game._meta.db_table)} g JOIN {quote(Crew._meta.db_table)} c "
        f"ON c.{quote('id')} = g.{quote('crew_id')} WHERE g.{quote('share_token')} = %s"
    )


def _stamp(token: str) -> tuple[int, str, str, str, dt.datetime | None, int | None] | None:
    """What a watcher's poll needs to answer 304: the game, its version (with its count's, as
    "version.count_version"), its crew's zone, its status, when it finished and the round it
    counts. One plain SQL statement: building the same ORM query on every poll cost more than
    running it (half of a 304's time)."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(), [token])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, version, zone_name, status, finished_at, counting, count_version = row
    if finished_at is not None and not isinstance(finished_at, dt.datetime):
        finished_at = parse_datetime(str(finished_at))  # SQLite hands back the stored text
    if finished_at is not None and timezone.is_naive(finished_at):
        finished_at = finished_at.replace(tzinfo=dt.UTC)  # stored in UTC (USE_TZ)
    return pk, f"{version}.{count_version}", zone_name, status, finished_at, counting


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
    poll = _live_poll_seconds(stamp[3], stamp[4], stamp[5])
    etag = quote_etag(f"{variant}-{stamp[0]}-{stamp[1]}-{poll}-{shown_zone}-{language}")
    return etag, stamp, shown_zone, language


def _count_with_seats(game: Game):
    """The game's open count (or None) and, for its rows, the game's seats with their players
    (a game read alone, its board kept: ``read_board``)."""
    if not game.counting:
        return None
    count = open_count(game)
    if count is not None:
        prefetch_related_objects([game], Prefetch("seats", Seat.objects.select_related("player")))
    return count


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
        # The board is kept per version: a hand sent into the count (its count version moved
        # on) reads the game row, the count and the seats, and scores nothing.
        board = read_board(Game.objects.filter(share_token=token), stamp[0])
        if board is None:
            raise Http404(_("This share link is not valid (it may have been replaced)."))
        game = board.game
        poll = _live_poll_seconds(game.status, game.finished_at, game.counting)
        stamped = f"{game.version}.{game.count_version}"
        etag = quote_etag(f"{variant}-{game.pk}-{stamped}-{poll}-{shown_zone}-{language}")
        count = _count_with_seats(game)
        context = {
            "game": game,
            "board": board,
            "editable": False,
            "live": True,
            "token": token,
            "poll_seconds": poll,
            "count": count,
            "count_rows": count_rows(game, count) if count else (),
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
    return _qr_code(request, reverse("live:live", args=[token]))


def _qr_code(request: HttpRequest, path: str) -> HttpResponse:
    """The QR code (SVG) of the address the other phones open for ``path``."""
    url = shared_url(request, path)
    if url is None:
        raise Http404(_("No address the other phones could open: see the share sheet."))
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=5, dark="#000", light="#fff")
    return HttpResponse(buffer.getvalue(), content_type="image/svg+xml")


# --- A seat's link: the player's own phone at the table (games/counts.py) -------------------


def _no_such_seat() -> Http404:
    return Http404(_("This seat's link is not valid (it may have been revoked or replaced)."))


def _seat_or_404(token: str):
    seat = seat_of(token)
    if seat is None:
        raise _no_such_seat()
    return seat


def _seat_context(seat, *, board: bool = True, **extra) -> dict:
    """What the seat page shows; ``board=False`` for its hand part alone (an htmx send)."""
    kept = None
    if board:
        kept = read_board(Game.objects.all(), seat.game_id)
        game = kept.game if kept is not None else None
    else:
        game = Game.objects.select_related("deck").filter(pk=seat.game_id).first()
    if game is None:
        raise _no_such_seat()
    count = _count_with_seats(game) if board else (open_count(game) if game.counting else None)
    context = _hand_context(seat, game, count, **extra)
    if board:
        context |= {
            "count_rows": count_rows(game, count) if count else (),
            "board": kept,
            "live": True,
            "editable": False,
            "poll_seconds": COUNT_POLL_SECONDS if count else SEAT_POLL_SECONDS,
        }
    return context


def _hand_context(seat, game: Game, count, *, mine=None, **extra) -> dict:
    """What the seat page's hand part shows: the box for this seat's hand while ``count``
    (the open count, or None) waits for it; ``mine``, the hand this seat sent, if known."""
    if mine is None and count is not None:
        mine = next((h for h in count.hands.all() if h.player_id == seat.player_id), None)
    return {
        "game": game,
        "seat": seat,
        "count": count,
        "mine": mine,
        "went_out": count is not None and count.winner_id == seat.player_id,
        "request_key": uuid.uuid4().hex,
        "keys": lambda: keys_in_words(*(deck_sides(game) or [played_edition(game)])),
        **extra,
    }


@require_GET
def seat(request: HttpRequest, token: str) -> HttpResponse:
    """A player's own phone: the board as the live link shows it and, while the table counts
    a round, the box for this seat's hand only. No sign-in: the link is the key."""
    seat = _seat_or_404(token)
    activate_viewer_zone(request, seat.game.crew.time_zone)
    return render(request, "games/seat.html", _seat_context(seat))


def _reload() -> HttpResponse:
    """No content, and htmx loads the page again (the hand box comes or goes)."""
    response = HttpResponse(status=204)
    response["HX-Refresh"] = "true"
    return response


@require_GET
def seat_board(request: HttpRequest, token: str) -> HttpResponse:
    """The seat page's polled part. When a count opens or closes (``count`` is the round the
    page shows counting, "" for none), the page is loaded again: the hand box comes or goes,
    and nothing typed in it is ever replaced by a poll."""
    seat = _seat_or_404(token)
    stamp = (
        Game.objects.filter(pk=seat.game_id)
        .values_list("version", "count_version", "counting")
        .first()
    )
    if stamp is None:
        raise _no_such_seat()
    version, count_version, counting = stamp
    if request.GET.get("count", "") != str(counting or ""):
        return _reload()
    etag = quote_etag(f"seat-{seat.pk}-{version}.{count_version}-{get_language()}")
    if etag in request.META.get("HTTP_IF_NONE_MATCH", ""):
        return not_modified(etag)
    activate_viewer_zone(request, seat.game.crew.time_zone)
    context = _seat_context(seat)
    if request.GET.get("count", "") != str(context["game"].counting or ""):
        return _reload()  # the count opened or closed since the stamp was read
    response = render(request, "games/seat.html#seat-board", context)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def seat_hand(request: HttpRequest, token: str) -> HttpResponse:
    """This seat's hand, sent into the open count: checked as the round form checks a hand;
    the last one in stores the round. Refused in words (nothing changed) when the round was
    already saved, nothing is being counted, or the hand can't be read."""
    seat = _seat_or_404(token)
    activate_viewer_zone(request, seat.game.crew.time_zone)
    try:
        sent = hand_send(
            token=token,
            cards=request.POST.get("cards", ""),
            total=request.POST.get("total", ""),
            request_key=request.POST.get("request_key", ""),
            # Which phone (its browser and system, and the name the page keeps for it).
            phone=phone_label(
                request.headers.get("User-Agent", ""), request.POST.get("phone_id", "")
            ),
            seat=seat,
        )
    except Seat.DoesNotExist as error:
        raise _no_such_seat() from error
    except Conflict as error:
        return _seat_answer(request, seat, status=409, refused=in_words(error))
    except RuleError as error:
        typed = {"typed_cards": request.POST.get("cards", "")[:400]}
        typed["typed_total"] = request.POST.get("total", "")[:6]
        return _seat_answer(request, seat, status=422, error=in_words(error), **typed)
    if request.htmx:
        # Answered from what the send holds (the seat's game and deck, the count, the hand
        # kept): no read again, since ten phones may be sending at this moment.
        count = None if sent.stored or sent.count.state != Count.State.OPEN else sent.count
        context = _hand_context(seat, seat.game, count, sent=sent, mine=sent.hand)
        return render(request, "games/seat.html#seat-hand", context)
    return _seat_answer(request, seat, sent=sent)


# What a browser's User-Agent says of it, first match wins: words that read the same in
# every language (names of browsers and systems).
_BROWSERS = (("Edg/", "Edge"), ("Firefox/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"),
             ("Safari/", "Safari"))  # fmt: skip
_SYSTEMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
            ("Macintosh", "Mac"), ("CrOS", "ChromeOS"), ("Linux", "Linux"))  # fmt: skip


def phone_label(user_agent: str, phone_id: str = "") -> str:
    """A phone as the game's trail names it: "Chrome · Android #3F2A" (its browser and system,
    and the short name its seat page keeps for it); "" when nothing is known (the send then
    names the seat's phone)."""
    parts = [
        next((name for mark, name in found if mark in user_agent), "")
        for found in (_BROWSERS, _SYSTEMS)
    ]
    label = " · ".join(part for part in parts if part)
    phone_id = phone_id.strip().upper()
    if len(phone_id) == 4 and all(c in "0123456789ABCDEF" for c in phone_id):
        label = f"{label} #{phone_id}".strip()
    return label


def _seat_answer(request: HttpRequest, seat, status: int = 200, **extra) -> HttpResponse:
    """The seat page after a send; its hand part alone for htmx (the board polls by itself)."""
    if request.htmx:
        context = _seat_context(seat, board=False, **extra)
        return render(request, "games/seat.html#seat-hand", context, status=status)
    return render(request, "games/seat.html", _seat_context(seat, **extra), status=status)


@crew_required
@require_GET
def seat_qr(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """The QR code of a seat's link, on the scorekeeper's share sheet."""
    token = (
        Seat.objects.filter(game__crew=request.crew, game_id=game_id, number=number - 1)  # type: ignore[attr-defined]
        .values_list("link_token", flat=True)
        .first()
    )
    if not token:
        raise Http404(_("This seat has no link."))
    return _qr_code(request, reverse("live:seat", args=[token]))
