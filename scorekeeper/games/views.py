"""The table: start a game, record rounds, correct them, and the live scoreboard."""

from __future__ import annotations

import io
import uuid
from typing import Any

import segno
from django.contrib.auth import get_user_model
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import quote_etag
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.domain import (
    EDITIONS,
    SCORING_SUMMARIES,
    RuleError,
    draw_for_deal,
    get_edition,
    parse_card,
)
from scorekeeper.referee.forms import HouseRulesForm

from .access import crew_required, current_crew
from .forms import GameSetupForm, RoundForm
from .models import Game, Player
from .scoreboard import board_for
from .services import (
    game_new_share_token,
    game_rematch,
    game_set_dealer,
    game_start,
    load_game,
    round_delete_last,
    round_edit,
    round_record,
    round_restore,
)


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
                "scoring_summaries": SCORING_SUMMARIES,
            },
        )
    games = (
        Game.objects.filter(crew=crew)
        .select_related("night")
        .prefetch_related("seats__player")
        .order_by("-started_at")[:10]
    )
    return render(request, "games/dashboard.html", {"crew": crew, "games": games})


# --- Starting a game ------------------------------------------------------------------------


def _setup_seats(request: HttpRequest, roster: dict[str, Player]) -> tuple[list[str], str | None]:
    """Apply the button pressed (add / new / up / down / remove) to the posted seat order.

    Seats are names: a crew player's name, or a new name that becomes a player on start.
    """
    seats: list[str] = []
    for raw in request.POST.getlist("seat"):
        name = raw.strip()[:40]
        if name and name.casefold() not in {s.casefold() for s in seats}:
            seats.append(name)
    action = request.POST.get("action", "")
    message = None
    verb, _, arg = action.partition(":")
    if verb == "add" and arg in roster and arg not in seats:
        seats.append(arg)
    elif verb == "new":
        name = " ".join(request.POST.get("new_player", "").split())
        if not name:
            message = "Type the new player's name, then tap Add."
        elif len(name) > 40:
            message = "A name can be at most 40 characters."
        elif name.casefold() in {n.casefold() for n in seats}:
            message = f"{name} is already seated."
        else:
            existing = next((n for n in roster if n.casefold() == name.casefold()), None)
            seats.append(existing or name)
    elif verb in ("up", "down", "remove") and arg.isdigit() and int(arg) < len(seats):
        index = int(arg)
        if verb == "remove":
            seats.pop(index)
        else:
            other = index - 1 if verb == "up" else index + 1
            if 0 <= other < len(seats):
                seats[index], seats[other] = seats[other], seats[index]
    return seats, message


@crew_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    roster = {p.name: p for p in Player.objects.filter(crew=request.crew)}
    house_form = HouseRulesForm(request.POST or None, prefix="house")
    if request.method == "GET":
        form = GameSetupForm()
        seats: list[str] = []
        message = None
    else:
        form = GameSetupForm(request.POST)
        seats, message = _setup_seats(request, roster)
        if request.POST.get("action") == "start":
            if not house_form.is_valid():
                message = "Check the house rules marked below."
            elif form.is_valid():
                if not 2 <= len(seats) <= 10:
                    message = f"Seat 2 to 10 players to start ({len(seats)} seated)."
                else:
                    game = _start_from_setup(
                        request,
                        form,
                        seats,
                        roster,
                        house_form.cleaned_data["house_rules"],
                        house_form.cleaned_data["house_note"],
                    )
                    if game is not None:
                        url = reverse("games:game_detail", args=[game.pk])
                        if request.htmx:
                            return HttpResponseClientRedirect(url)
                        return redirect(url)
                    message = "That game could not be started."
            elif not message:
                message = "Check the choices marked below."
    context = {
        "house_form": house_form,
        "house_open": request.method == "POST" and house_form.has_changed(),
        "form": form,
        "seats": seats,
        "roster": [name for name in roster if name not in seats],
        "message": message,
        "editions": EDITIONS.values(),
        "scoring_summaries": SCORING_SUMMARIES,
    }
    template = "games/new.html#setup" if request.htmx else "games/new.html"
    status = 422 if request.method == "POST" and message else 200
    return render(request, template, context, status=status)


def _start_from_setup(
    request: HttpRequest,
    form: GameSetupForm,
    seats: list[str],
    roster: dict[str, Player],
    house_rules: dict[str, object],
    house_note: str,
) -> Game | None:
    with transaction.atomic():
        players = []
        by_key = {name.casefold(): player for name, player in roster.items()}
        for name in seats:
            player = by_key.get(name.casefold())
            if player is None:
                player = Player.objects.create(crew=request.crew, name=name)
            players.append(player)
        try:
            return game_start(
                crew=request.crew,
                players=players,
                edition=form.cleaned_data["edition"],
                scoring=form.cleaned_data["scoring"],
                target=form.cleaned_data["target"],
                house_rules=house_rules,
                house_note=house_note,
            )
        except RuleError as error:
            form.add_error(None, str(error))
            transaction.set_rollback(True)
            return None


# --- The scoreboard and rounds --------------------------------------------------------------


def _game_or_404(request: HttpRequest, game_id: int) -> Game:
    game = load_game(request.crew, game_id)  # type: ignore[attr-defined]
    if game is None:
        raise Http404("No such game in your crew.")
    return game


def keypad(edition: str) -> list[dict[str, Any]]:
    """The keys of the card keypad for an edition: cards by value, colour not needed."""
    deck = get_edition(edition)
    keys = [{"token": f"*{n}", "label": str(n), "name": str(n)} for n in range(10)]
    keys += [
        {"token": "*+2", "label": "+2", "name": "Draw Two"},
        {"token": "*S", "label": "Skip", "name": "Skip"},
        {"token": "*R", "label": "Rev", "name": "Reverse"},
        {"token": "W", "label": "Wild", "name": "Wild"},
        {"token": "W+4", "label": "+4", "name": "Wild Draw Four"},
    ]
    if deck.has_special:
        label = deck.special_name.removesuffix(" card")
        keys.append({"token": "X", "label": label, "name": deck.special_name})
    for key in keys:
        key["points"] = parse_card(key["token"], deck).points
    return keys


def _round_form(board, data=None, initial=None) -> RoundForm:
    initial = {"request_key": uuid.uuid4().hex, **(initial or {})}
    return RoundForm(data, players=board.players, edition=board.game.edition, initial=initial)


def draw_options(edition: str) -> list[tuple[str, str]]:
    """Choices for the draw for deal: numbers by value, other cards count as zero."""
    options = [(f"*{n}", str(n)) for n in range(10)]
    options += [(key["token"], f"{key['name']} (counts 0)") for key in keypad(edition)[10:]]
    return options


def _table_context(request: HttpRequest, game: Game, form: RoundForm | None = None, **extra):
    board = board_for(game)
    draws = extra.get("draws") or {}
    return {
        "draw_rows": [(i, name, draws.get(name, "")) for i, name in enumerate(board.players)],
        "draw_options": draw_options(game.edition),
        "game": game,
        "board": board,
        "edition": get_edition(game.edition),
        "form": form or _round_form(board),
        "keys": keypad(game.edition),
        "share_url": request.build_absolute_uri(reverse("games:live", args=[game.share_token])),
        "editable": True,
        **extra,
    }


@crew_required
@require_GET
def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    return render(request, "games/game.html", _table_context(request, game))


@crew_required
@require_POST
def round_create(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    board = board_for(game)
    form = _round_form(board, request.POST)
    if form.is_valid():
        try:
            round_record(
                game=game,
                winner=form.cleaned_data["winner"],
                hands=form.cleaned_data["hands"],
                request_key=form.cleaned_data["request_key"] or None,
            )
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            if not request.htmx:
                return redirect("games:game_detail", game_id=game.pk)
            game = _game_or_404(request, game_id)
            response = render(request, "games/game.html#table", _table_context(request, game))
            # Show the updated scoreboard, not the fresh form the thumb was on.
            response["HX-Reswap"] = "outerHTML show:#table:top"
            return response
    # A finished game shows no round form, so its refusal is shown above the board.
    error = " ".join(form.non_field_errors()) if board.finished else None
    template = "games/game.html#table" if request.htmx else "games/game.html"
    context = _table_context(request, game, form, error=error)
    response = render(request, template, context, status=422)
    if not board.finished:
        response["HX-Reswap"] = "outerHTML show:#round-errors:top"
    return response


@crew_required
@require_http_methods(["GET", "POST"])
def round_change(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    board = board_for(game)
    if not 1 <= number <= len(board.rounds):
        raise Http404("No such round.")
    stored = board.rounds[number - 1]
    if request.method == "POST":
        form = _round_form(board, request.POST)
        if form.is_valid():
            try:
                round_edit(
                    game=game,
                    number=number,
                    winner=form.cleaned_data["winner"],
                    hands=form.cleaned_data["hands"],
                )
            except RuleError as error:
                form.add_error(None, str(error))
            else:
                return redirect("games:game_detail", game_id=game.pk)
        status = 422
    else:
        initial: dict[str, Any] = {"winner": stored.winner}
        for index, player in enumerate(board.players):
            hand = stored.hands.get(player)
            if isinstance(hand, int):
                initial[f"total_{index}"] = str(hand)
            elif hand:
                initial[f"cards_{index}"] = hand
        form = _round_form(board, initial=initial)
        status = 200
    context = {
        "game": game,
        "board": board,
        "form": form,
        "number": number,
        "keys": keypad(game.edition),
        "edition": get_edition(game.edition),
    }
    return render(request, "games/round_edit.html", context, status=status)


@crew_required
@require_POST
def round_delete(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    try:
        token = round_delete_last(game=game)
    except RuleError as error:
        return _table_response(request, game_id, error=str(error), status=422)
    return _table_response(request, game_id, undo_token=token)


@crew_required
@require_POST
def round_undo(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    try:
        round_restore(game=game, token=request.POST.get("token", ""))
    except RuleError as error:
        return _table_response(request, game_id, error=str(error), status=422)
    return _table_response(request, game_id)


def _table_response(request: HttpRequest, game_id: int, status: int = 200, **extra) -> HttpResponse:
    game = _game_or_404(request, game_id)
    template = "games/game.html#table" if request.htmx else "games/game.html"
    return render(request, template, _table_context(request, game, **extra), status=status)


@crew_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    new_game = game_rematch(game=game)
    url = reverse("games:game_detail", args=[new_game.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@crew_required
@require_POST
def dealer_pick(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    seated = {seat.player.name: seat.player for seat in game.seats.all()}
    name = request.POST.get("dealer", "")
    if name not in seated:
        return _table_response(request, game_id, dealer_error="Pick who deals.", status=422)
    game_set_dealer(game=game, player=seated[name])
    return _table_response(request, game_id)


@crew_required
@require_POST
def dealer_draw(request: HttpRequest, game_id: int) -> HttpResponse:
    """The draw for deal: each player's card; highest number deals, a tie redraws."""
    game = _game_or_404(request, game_id)
    seated = {seat.player.name: seat.player for seat in game.seats.all()}
    draws = {name: request.POST.get(f"draw_{i}", "") for i, name in enumerate(seated)}
    try:
        result = draw_for_deal(draws, game.edition)
    except RuleError as error:
        return _table_response(request, game_id, dealer_error=str(error), draws=draws, status=422)
    if result.dealer is None:
        tied = " and ".join(result.redraw)
        return _table_response(
            request, game_id, dealer_error=f"Tie for highest: {tied} draw again.", draws=draws
        )
    game_set_dealer(game=game, player=seated[result.dealer])
    return _table_response(request, game_id)


@crew_required
@require_POST
def share_reset(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _game_or_404(request, game_id)
    game_new_share_token(game=game)
    return redirect(reverse("games:game_detail", args=[game.pk]) + "#share")


# --- The live view for the other phones ----------------------------------------------------


def _live_stamp(token: str) -> Game:
    game = Game.objects.filter(share_token=token).only("pk", "updated_at").first()
    if game is None:
        raise Http404("This share link is not valid (it may have been replaced).")
    return game


def _live_response(request: HttpRequest, token: str, template: str, variant: str) -> HttpResponse:
    """Answer 304 Not Modified while the game is unchanged (one small query), else render."""
    stamp = _live_stamp(token)
    etag = quote_etag(f"{variant}-{stamp.pk}-{stamp.updated_at.timestamp()}")
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        game = Game.objects.filter(pk=stamp.pk).with_rounds().get()
        context = {"game": game, "board": board_for(game), "editable": False, "token": token}
        response = render(request, template, context)
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
    game = _game_or_404(request, game_id)
    url = request.build_absolute_uri(reverse("games:live", args=[game.share_token]))
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=5, dark="#000", light="#fff")
    return HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
