"""The New game screen: seat the players, choose the deck, the scoring and the house rules,
then start. Every step (add, move, remove a seat; start) posts the whole form, so it works with
or without JavaScript."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRedirect

from scorekeeper.crews.models import Crew
from scorekeeper.decks.models import DeckVersion
from scorekeeper.domain import EDITIONS, RuleError
from scorekeeper.domain.scoring import MAX_NAME_LENGTH
from scorekeeper.domain.seating import edit_seats, posted_seats, seat_count_problem
from scorekeeper.games.access import crew_required
from scorekeeper.games.models import Game
from scorekeeper.games.views import scoring_summaries
from scorekeeper.htmx import render_page
from scorekeeper.languages.words import in_words
from scorekeeper.referee.forms import HouseRulesForm
from scorekeeper.roster.models import Colour, Player, colour_class

from .forms import GameSetupForm, crew_decks
from .setup import colour_clash, game_from_setup, table_colours


@dataclass
class _Setup:
    """One step of the setup: its two forms, the seats so far, and whom it may seat."""

    form: GameSetupForm
    house_form: HouseRulesForm
    seats: list[str]
    roster: dict[str, Player]
    members: dict[str, Any]
    colours: dict[str, int] = field(default_factory=dict)  # each seat's, by name
    bad_colour: str | None = None  # a seat whose posted colour is none of the palette's


@crew_required
@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """Show the setup (GET), or take one step of it: change the seats, or start the game."""
    crew = request.crew  # type: ignore[attr-defined]
    roster = {p.name: p for p in Player.objects.filter(crew=crew)}
    members = members_without_a_player(crew, roster)
    house_form = HouseRulesForm(request.POST if request.method == "POST" else None, prefix="house")
    if request.method == "GET":
        form = GameSetupForm(decks=crew_decks(crew))
        return _setup_page(request, _Setup(form, house_form, [], roster, members), None)
    seats, message = edit_seats(
        posted_seats(request.POST.getlist("seat")),
        request.POST.get("action", ""),
        roster=[*roster, *members],
        new_name=request.POST.get("new_player", ""),
    )
    chosen, bad_colour = posted_colours(request.POST)
    setup = _Setup(
        GameSetupForm(request.POST, decks=crew_decks(crew)),
        house_form,
        seats,
        roster,
        members,
        table_colours(seats, chosen, roster),
        bad_colour if bad_colour in seats else None,
    )
    if request.POST.get("action") == "start":
        game, message = _start(request, setup, message)
        if game is not None:
            url = reverse("games:game_detail", args=[game.pk])
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return _setup_page(request, setup, message)


def _start(
    request: HttpRequest, setup: _Setup, message: str | None
) -> tuple[Game | None, str | None]:
    """Start the game when every part is valid: (the game, None), else (None, what to fix)."""
    form, house_form = setup.form, setup.house_form
    if not house_form.is_valid():
        return None, _("Check the house rules marked below.")
    if not form.is_valid():
        return None, message or _("Check the choices marked below.")
    if (problem := seat_count_problem(setup.seats)) is not None:
        return None, problem
    if setup.bad_colour is not None:
        return None, _("Pick one of the colours shown for %(name)s.") % {"name": setup.bad_colour}
    if (clash := colour_clash(setup.seats, setup.colours)) is not None:
        first, second, colour = clash
        return None, _(
            "%(first)s and %(second)s both wear %(colour)s: pick another colour for one of them."
        ) % {"first": first, "second": second, "colour": Colour(colour).label}
    edition, deck = form.cleaned_data["edition"], None
    if edition.startswith("deck:"):
        version = DeckVersion.objects.filter(deck__crew=request.crew, deck_id=edition[5:])  # type: ignore[attr-defined]
        deck = version.order_by("-pk").first()
        if deck is None:  # deleted on another phone since the form was drawn
            return None, _("That deck is no longer in your crew: choose another.")
        edition = deck.data["base"]
    try:
        game = game_from_setup(
            crew=request.crew,  # type: ignore[attr-defined]
            seats=setup.seats,
            roster=setup.roster,
            edition=edition,
            deck=deck,
            scoring=form.cleaned_data["scoring"],
            target=form.cleaned_data["target"],
            house_rules=house_form.cleaned_data["house_rules"],
            house_note=house_form.cleaned_data["house_note"],
            members=setup.members,
            colours=setup.colours,
            by=request.user,
        )
    except RuleError as error:
        form.add_error(None, in_words(error))
        return None, _("That game could not be started.")
    return game, None


def _setup_page(request: HttpRequest, setup: _Setup, message: str | None) -> HttpResponse:
    roster, seats = setup.roster, setup.seats
    context = {
        # Each seat: its name, its colour and the colour's class (the row wears it).
        "seat_rows": [
            (name, setup.colours.get(name), colour_class(setup.colours.get(name))) for name in seats
        ],
        "colour_choices": Colour.choices,
        "house_form": setup.house_form,
        "house_open": request.method == "POST" and setup.house_form.has_changed(),
        "form": setup.form,
        "seats": seats,
        # A retired player is not offered (typing the name still seats them, and brings
        # them back).
        "roster": [
            name
            for name in [*roster, *setup.members]
            if name not in seats and (name not in roster or roster[name].retired_at is None)
        ],
        "message": in_words(message) if message else message,
        "editions": EDITIONS.values(),
        "scoring_summaries": scoring_summaries(),
    }
    status = 422 if request.method == "POST" and message else 200
    return render_page(request, "games/new.html", context, partial="setup", status=status)


def posted_colours(posted) -> tuple[dict[str, int], str | None]:
    """The colour the form gave each seat (``seat_colour`` beside each ``seat``, in order), by
    the seat's name as :func:`posted_seats` reads it; and the first seat whose colour is none
    of the palette's (a changed page), or None."""
    chosen: dict[str, int] = {}
    bad = None
    for raw, value in zip(posted.getlist("seat"), posted.getlist("seat_colour"), strict=False):
        names = posted_seats([raw])
        if not names or names[0] in chosen:
            continue
        text = value.strip()
        if text.isascii() and text.isdigit() and len(text) <= 2 and int(text) in Colour.values:
            chosen[names[0]] = int(text)
        elif bad is None:
            bad = names[0]
    return chosen, bad


def members_without_a_player(crew: Crew, roster: dict[str, Player]) -> dict[str, AbstractBaseUser]:
    """Crew members with no player of their own yet (those who joined before joining made
    one), by their user name: the roster offers them, and the game's start makes their player."""
    taken = {name.casefold() for name in roster}
    members = {}
    for user in crew.members.exclude(players__crew=crew).order_by("username"):
        name = user.get_username()[:MAX_NAME_LENGTH]
        if name.casefold() not in taken:
            members[name] = user
            taken.add(name.casefold())
    return members
