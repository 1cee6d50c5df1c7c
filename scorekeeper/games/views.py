"""The table: start a game, record rounds, correct them, and the live scoreboard."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db.models import Count, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.addresses import listening_on_loopback_only, shared_url
from scorekeeper.decks.models import deck_sides, played_edition
from scorekeeper.domain import (
    EDITIONS,
    SCORING_SUMMARIES,
    RuleError,
    draw_for_deal,
    draw_options,
    get_edition,
)
from scorekeeper.domain.cards import UNKNOWN_COLOUR
from scorekeeper.games.kept import read_board, read_members_board
from scorekeeper.htmx import render_page
from scorekeeper.inputs import posted_int
from scorekeeper.languages.words import in_words, keys_in_words
from scorekeeper.rules import house_rule_labels

from .access import SESSION_KEY as CREW_KEY
from .access import crew_object_or_404, crew_required, current_crew, use_crew_zone
from .counts import (
    count_cancel,
    count_open,
    count_rows,
    open_count,
    seat_link_renew,
    seat_link_revoke,
)
from .forms import RoundForm
from .models import Ending, Game
from .nights import crew_evening
from .scoreboard import Board, board_for, night_winners
from .services import (
    GAME_UNDO_WINDOW,
    Conflict,
    bump_version,
    deleted_games,
    game_end,
    game_new_share_token,
    game_rematch,
    game_resume,
    game_set_dealer,
    locked_game,
    restorable_round,
    round_delete_last,
    round_edit,
    round_record,
    round_restore,
)


def scoring_summaries() -> dict[str, str]:
    """Each scoring mode's one-line summary, in the page's language."""
    return {mode: _(summary) for mode, summary in SCORING_SUMMARIES.items()}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    crew = current_crew(request)
    if crew is None:
        if request.user.is_authenticated:
            return redirect("accounts:crew_new")
        first_user = not get_user_model().objects.exists()
        return render(
            request,
            "home.html",
            {
                "first_user": first_user,
                "editions": EDITIONS.values(),
                "scoring_summaries": scoring_summaries(),
            },
        )
    return dashboard_page(request, crew)


def dashboard_page(request: HttpRequest, crew, *, error: str | None = None, status: int = 200):
    """A member's home: the game in play to continue, games deleted a moment ago (Undo),
    the last night's winners and the recent games."""
    games = Game.objects.filter(crew=crew)
    recent = list(
        games.select_related("night", "deck")
        .prefetch_related("seats__player")
        .annotate(rounds_played=Count("rounds"))
        .order_by("-started_at")[:10]
    )
    # The newest game still in play; one older than the last ten games is stale, not "tonight".
    playing = next((g for g in recent if g.status == Game.Status.ACTIVE and not g.ended), None)
    latest_night = games.counted().order_by("-night__date", "-night__session").values("night_id")
    night_games = list(
        games.counted().filter(night_id=Subquery(latest_night[:1])).with_rounds(challenges=False)
    )
    context = {
        "crew": crew,
        "games": recent,
        "playing": playing,
        "deleted": list(deleted_games(crew).select_related("deleted_by")),
        "last_night": night_games[0].night if night_games else None,
        "night_is_tonight": bool(night_games) and night_games[0].night.date == crew_evening(crew),
        "night_winners": night_winners(night_games),
        "error": error,
    }
    return render(request, "games/dashboard.html", context, status=status)


# --- The scoreboard and rounds --------------------------------------------------------------


@contextmanager
def locked_game_or_404(request: HttpRequest, game_id: int, **options: bool) -> Iterator[Game]:
    """A game of the current member's crew under its row lock, for one write; else 404."""
    with locked_game(member=request.user, game_id=game_id, **options) as game:
        if game is None:
            raise Http404(_("No such game in your crew."))
        yield game


def board_or_404(request: HttpRequest, game_id: int) -> Board:
    """A consistent read of a game of the current crew, scored once. The session's crew comes
    with the game, its membership checked in the same query; else ``request.crew`` decides."""
    crew_id, user = request.session.get(CREW_KEY), request.user
    if crew_id and (board := read_members_board(crew_id, user, game_id)) is not None:
        use_crew_zone(request, board.game.crew)  # as current_crew does, and remembered as it
        request._current_crew = board.game.crew  # type: ignore[attr-defined]
    elif (board := read_board(Game.objects.filter(crew=request.crew), game_id)) is None:  # type: ignore[attr-defined]
        raise Http404(_("No such game in your crew."))
    return replace(board, deleted=restorable_round(board.game, board))


def _round_form(game: Game, players, data=None, initial=None) -> RoundForm:
    initial = {"request_key": uuid.uuid4().hex, **(initial or {})}
    edition, sides = played_edition(game), deck_sides(game)
    return RoundForm(data, players=list(players), edition=edition, sides=sides, initial=initial)


def _new_round_form(board: Board) -> RoundForm:
    # A two-sided deck: the side the last round ended on is offered again.
    last = board.rounds[-1].extras.get("side", 1) if board.rounds else 1
    initial = {"number": board.next_round, "side": last}
    return _round_form(board.game, board.players, initial=initial)


def _count_form(board: Board, count) -> RoundForm:
    """The round form filled with what the count holds: who went out, on which card, and the
    hands the phones sent; the scorekeeper types any missing one and saves."""
    initial: dict[str, Any] = {
        "winner": count.winner.name,
        "number": count.number,
        "went_out_on": count.went_out_on or "other",
        "side": count.side or 1,
    }
    sent = {hand.player.name: hand for hand in count.hands.all()}
    for index, player in enumerate(board.players):
        if (hand := sent.get(player)) is not None:
            key = "total" if hand.total is not None else "cards"
            initial[f"{key}_{index}"] = str(hand.hand)
    return _round_form(board.game, board.players, initial=initial)


def _table_context(request: HttpRequest, board: Board, form: RoundForm | None = None, **extra):
    game = board.game
    played = played_edition(game)
    draws = extra.get("draws") or {}
    if game.counting and "count" not in extra and (count := open_count(game)) is not None:
        extra["count"] = count
        extra["count_rows"] = count_rows(game, count)
        form = form or _count_form(board, count)
    # Callables (the template calls them) and a lazy form for what only the kept fragments read.
    return {
        "draw_rows": [(i, name, draws.get(name, "")) for i, name in enumerate(board.players)],
        "draw_options": lambda: [(token, in_words(label)) for token, label in draw_options(played)],
        "game": game,
        "board": board,
        "edition": get_edition(played),
        "form": form or SimpleLazyObject(lambda: _new_round_form(board)),
        "request_key": uuid.uuid4().hex,  # a fresh round form's (see _round_fields.html)
        "keys": lambda: keys_in_words(*(deck_sides(game) or [played])),
        "share_url": shared_url(request, reverse("live:live", args=[game.share_token])),
        "share_loopback_only": listening_on_loopback_only(),
        **_life_choices(board),
        "editable": True,
        "fresh": form is None and not extra.keys() - {"error"},  # nothing typed or refused
        "house_rule_lines": [in_words(line) for line in house_rule_labels(game.house_rules)],
        **extra,
    }


def _life_choices(board: Board) -> dict[str, Any]:
    """How this game can be stopped now: with its leader(s) winning once a round was played,
    with no result, or abandoned; none once it is over."""
    if board.finished:
        choices = []
    elif board.rounds:
        choices = [Ending.LEADER, Ending.NO_RESULT, Ending.ABANDONED]
    else:
        choices = [Ending.NO_RESULT, Ending.ABANDONED]
    return {
        "stop_choices": [choice.value for choice in choices],
        "leaders": [row.name for row in board.standings if row.place == 1],
        "undo_minutes": int(GAME_UNDO_WINDOW.total_seconds() // 60),
    }


def table_page(request: HttpRequest, board: Board, status: int = 200, **extra) -> HttpResponse:
    """The scoreboard page, or only its #table fragment for htmx."""
    context = _table_context(request, board, **extra)
    return render_page(request, "games/game.html", context, partial="table", status=status)


@crew_required
@require_GET
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    if request.GET.get("draw"):  # "Draw for deal" asked for: its form, open
        return table_page(request, board_or_404(request, game_id), show_draw=True)
    return table_page(request, board_or_404(request, game_id))


@crew_required
@require_POST
def round_create(request: HttpRequest, game_id: int) -> HttpResponse:
    conflict: Conflict | None = None
    saved = None
    with locked_game_or_404(request, game_id) as game:
        players = [seat.player.name for seat in game.seats.all()]
        form = _round_form(game, players, request.POST)
        if form.is_valid():
            try:
                saved = round_record(
                    game=game,
                    number=form.cleaned_data["number"],
                    winner=form.cleaned_data["winner"],
                    hands=form.cleaned_data["hands"],
                    request_key=form.cleaned_data["request_key"] or None,
                    went_out_on=form.cleaned_data["went_out_on"],
                    side=form.cleaned_data.get("side"),
                    by=request.user,
                )
            except Conflict as error:
                conflict = error
            except RuleError as error:
                form.add_error(None, in_words(error))
    if saved is not None:
        if not request.htmx:
            return redirect("games:game_detail", game_id=game_id)
        response = table_page(request, saved.board)
        # Show the updated scoreboard, not the fresh form the thumb was on.
        response["HX-Reswap"] = "outerHTML show:#table:top"
        return response
    if conflict is not None:
        # Keep the typed entry beside the fresh board; one tap saves it as the next round.
        board = conflict.board
        data = request.POST.copy()
        data["number"] = str(board.next_round)
        form = _round_form(game, board.players, data)
        form.is_valid()
        context = {"conflict": str(conflict), "conflict_number": board.next_round}
        response = table_page(request, board, status=409, form=form, **context)
        response["HX-Reswap"] = "outerHTML show:#round-errors:top"
        return response
    board = board_for(game)
    # A finished game shows no round form, so its refusal is shown above the board.
    error = " ".join(form.non_field_errors()) if board.finished else None
    response = table_page(request, board, status=422, form=form, error=error)
    if not board.finished:
        response["HX-Reswap"] = "outerHTML show:#round-errors:top"
    return response


def _edit_initial(board: Board, number: int) -> dict[str, Any]:
    stored = board.rounds[number - 1]
    initial: dict[str, Any] = {
        "winner": stored.winner,
        "number": number,
        "went_out_on": stored.extras.get("went_out_on") or "other",
        "side": stored.extras.get("side", 1),
    }
    for index, player in enumerate(board.players):
        hand = stored.hands.get(player)
        if isinstance(hand, int):
            initial[f"total_{index}"] = str(hand)
        elif hand:
            # Shown as typed on the keypad: "7 7 W", not the stored "*7 *7 W".
            initial[f"cards_{index}"] = hand.replace(UNKNOWN_COLOUR, "")
    return initial


@crew_required
@require_http_methods(["GET", "POST"])
def round_change(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    status = 200
    if request.method == "GET":
        board = board_or_404(request, game_id)
        if not 1 <= number <= len(board.rounds):
            raise Http404(_("No such round."))
        version = board.game.rounds.all()[number - 1].version
        form = _round_form(board.game, board.players, initial=_edit_initial(board, number))
        form.initial["version"] = version
        return _edit_page(request, board, form, number, status)
    conflict = None
    # The edit redirects to the board: it needs no challenge log.
    with locked_game_or_404(request, game_id, challenges=False) as game:
        players = [seat.player.name for seat in game.seats.all()]
        form = _round_form(game, players, request.POST)
        if form.is_valid():
            try:
                saved = round_edit(
                    game=game,
                    number=number,
                    version=form.cleaned_data["version"],
                    winner=form.cleaned_data["winner"],
                    hands=form.cleaned_data["hands"],
                    went_out_on=form.cleaned_data["went_out_on"] or None,
                    side=form.cleaned_data.get("side"),
                    by=request.user,
                )
            except Conflict as error:
                conflict = in_words(error)
            except RuleError as error:
                form.add_error(None, in_words(error))
            else:
                if saved.unchanged:
                    messages.info(
                        request,
                        _("Nothing to save: round %(number)s already reads like this.")
                        % {"number": number},
                    )
                return redirect("games:game_detail", game_id=game_id)
    board = board_or_404(request, game_id)
    if conflict:
        if number > len(board.rounds):
            return table_page(request, board, status=409, error=conflict)
        # The fresh version, so saving again on purpose overwrites what is now stored.
        data = request.POST.copy()
        data["version"] = str(board.game.rounds.all()[number - 1].version)
        form = _round_form(board.game, board.players, data)
        form.is_valid()
        form.add_error(None, conflict)
        status = 409
    else:
        status = 422
    if not 1 <= number <= len(board.rounds):
        raise Http404(_("No such round."))
    return _edit_page(request, board, form, number, status)


def _edit_page(request, board: Board, form: RoundForm, number: int, status: int) -> HttpResponse:
    context = {
        "game": board.game,
        "board": board,
        "form": form,
        "number": number,
        "stored": board.rounds[number - 1],
        "keys": keys_in_words(*(deck_sides(board.game) or [played_edition(board.game)])),
        "edition": get_edition(played_edition(board.game)),
    }
    return render(request, "games/round_edit.html", context, status=status)


def _table_write(
    request: HttpRequest, game_id: int, write: Callable[[Game], Board]
) -> HttpResponse:
    """Run one write on the locked game and show the board it returns; a refusal (409) is
    shown above the board as it is stored now."""
    with locked_game_or_404(request, game_id) as game:
        try:
            board = write(game)
        except RuleError as error:
            refusal = in_words(error)
        else:
            return table_page(request, board)
    return table_page(request, board_or_404(request, game_id), status=409, error=refusal)


@crew_required
@require_POST
def round_delete(request: HttpRequest, game_id: int) -> HttpResponse:
    def write(game: Game) -> Board:  # posted_int refuses a malformed number here, like a stale one
        return round_delete_last(game=game, number=posted_int(request, "number"), by=request.user)

    return _table_write(request, game_id, write)


@crew_required
@require_POST
def round_undo(request: HttpRequest, game_id: int) -> HttpResponse:
    def write(game: Game) -> Board:
        deletion = posted_int(request, "deletion") or 0
        return round_restore(game=game, deletion=deletion, by=request.user).board

    return _table_write(request, game_id, write)


@crew_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    with locked_game_or_404(request, game_id) as game:
        new_game = game_rematch(game=game, by=request.user)
    url = reverse("games:game_detail", args=[new_game.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@crew_required
@require_POST
def dealer_pick(request: HttpRequest, game_id: int) -> HttpResponse:
    with locked_game_or_404(request, game_id) as game:
        seated = {seat.player.name: seat.player for seat in game.seats.all()}
        name = request.POST.get("dealer", "")
        if name in seated:
            game_set_dealer(game=game, player=seated[name], by=request.user)
            return table_page(request, board_for(game))
    board = board_or_404(request, game_id)
    return table_page(request, board, dealer_error=_("Pick who deals."), status=422)


@crew_required
@require_POST
def dealer_draw(request: HttpRequest, game_id: int) -> HttpResponse:
    """The draw for deal: each player's card; highest number deals, a tie redraws."""
    with locked_game_or_404(request, game_id) as game:
        seated = {seat.player.name: seat.player for seat in game.seats.all()}
        draws = {name: request.POST.get(f"draw_{i}", "") for i, name in enumerate(seated)}
        try:
            result = draw_for_deal(draws, played_edition(game))
        except RuleError as error:
            message, status = in_words(error), 422
        else:
            if result.dealer is not None:
                game_set_dealer(game=game, player=seated[result.dealer], by=request.user)
                return table_page(request, board_for(game))
            names = pgettext("between winners' names", " and ").join(result.redraw)
            message, status = _("Tie for highest: %(names)s draw again.") % {"names": names}, 200
    board = board_or_404(request, game_id)
    return table_page(request, board, dealer_error=message, draws=draws, status=status)


@crew_required
@require_POST
def share_reset(request: HttpRequest, game_id: int) -> HttpResponse:
    with locked_game_or_404(request, game_id) as game:
        game_new_share_token(game=game, by=request.user)
    return redirect(reverse("games:game_detail", args=[game_id]) + "#share")


# --- The game's life: stop early, resume, delete, undelete ------------------------------------


def _life_write(request: HttpRequest, game_id: int, write: Callable[[Game], Board]) -> HttpResponse:
    """One write on the locked game that shows the board it returns: a stale request (409)
    or bad input (422) shows its reason above the board as it is stored now."""
    with locked_game_or_404(request, game_id, challenges=False) as game:
        try:
            board = write(game)
        except Conflict as error:
            refusal, status = in_words(error), 409
        except RuleError as error:
            refusal, status = in_words(error), 422
        else:
            if not request.htmx:
                return redirect("games:game_detail", game_id=game_id)
            return table_page(request, board)
    return table_page(request, board_or_404(request, game_id), status=status, error=refusal)


@crew_required
@require_POST
def game_stop(request: HttpRequest, game_id: int) -> HttpResponse:
    """End a game early (the leader wins, or no result) or abandon it."""
    ending = request.POST.get("ending", "")

    def write(game: Game) -> Board:
        version = posted_int(request, "version")  # a malformed one is refused, never skipped
        return game_end(game=game, ending=ending, version=version, by=request.user)

    return _life_write(request, game_id, write)


@crew_required
@require_POST
def game_resume_view(request: HttpRequest, game_id: int) -> HttpResponse:
    """Undo a stop: the game is in play again."""
    return _life_write(request, game_id, lambda game: game_resume(game=game, by=request.user))


# --- A round counted at every phone (games/counts.py) ----------------------------------------


@crew_required
@require_POST
def count_start(request: HttpRequest, game_id: int) -> HttpResponse:
    """Who went out (and on which card): each other phone now counts its own hand."""
    error = ""
    with locked_game_or_404(request, game_id) as game:
        try:
            number = posted_int(request, "number")
            side = posted_int(request, "side") if deck_sides(game) else None
            count_open(
                game=game,
                winner=request.POST.get("winner", ""),
                number=number if number is not None else -1,
                went_out_on=request.POST.get("went_out_on", ""),
                side=side,
                by=request.user,
            )
        except RuleError as error_:  # said above the board, nothing changed
            error = in_words(error_)
            status = 409 if isinstance(error_, Conflict) else 422
        board = board_for(game)
    if not error and not request.htmx:
        return redirect("games:game_detail", game_id=game_id)
    return table_page(request, board, status=status if error else 200, error=error or None)


@crew_required
@require_POST
def count_stop(request: HttpRequest, game_id: int) -> HttpResponse:
    """Cancel the count: the round is entered on this phone instead (the hands sent are kept
    with the cancelled count, for the trail)."""
    with locked_game_or_404(request, game_id) as game:
        with suppress(RuleError):  # a number no count has: nothing to cancel
            count_cancel(game=game, number=posted_int(request, "number") or -1)
        board = board_for(game)
    if not request.htmx:
        return redirect("games:game_detail", game_id=game_id)
    return table_page(request, board)


@crew_required
@require_GET
def count_panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The count's panel, polled by the scorekeeper's page while the phones count: each
    seat's state as it arrives. When the count is over (the round stored or cancelled), the
    page is loaded again to show the round."""
    board = board_or_404(request, game_id)
    count = open_count(board.game) if board.game.counting else None
    seen = request.GET.get("count", "")
    if count is None or str(count.number) != seen:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    context = {"game": board.game, "count": count, "count_rows": count_rows(board.game, count)}
    return render(request, "games/game.html#count-panel", context)


@crew_required
@require_GET
def seat_links(request: HttpRequest, game_id: int) -> HttpResponse:
    """Each seat's link and its QR code, to open on that player's phone; a new one, or none."""
    game = crew_object_or_404(Game.objects.prefetch_related("seats__player"), request, pk=game_id)
    seats = list(game.seats.all())
    context = {
        "game": game,
        "share_url": shared_url(request, reverse("live:live", args=[game.share_token])),
        "seat_links": [
            (seat, shared_url(request, reverse("live:seat", args=[seat.link_token])))
            for seat in seats
            if seat.link_token
        ],
        "unlinked_seats": [seat for seat in seats if not seat.link_token],
    }
    return render(request, "games/seat_links.html", context)


@crew_required
@require_POST
def seat_link(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    """A seat's link made anew, or revoked (``action=revoke``): the old one answers 404."""
    with locked_game_or_404(request, game_id) as game:
        try:
            if request.POST.get("action") == "revoke":
                seat = seat_link_revoke(game=game, seat_number=number - 1)
                message = _("%(name)s's link is revoked.")
            else:
                seat = seat_link_renew(game=game, seat_number=number - 1)
                message = _("%(name)s has a new link: the old one no longer works.")
        except RuleError as error:
            raise Http404(in_words(error)) from error
        bump_version([game.pk])
    messages.success(request, message % {"name": seat.player.name})
    return redirect("games:seat_links", game_id=game_id)
