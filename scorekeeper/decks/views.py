"""The crew's decks: make one from a built-in edition, add its own cards (a blank card with the
crew's rule, Swap Hands...), leave built-in cards out, name two sides. Every change is a new
version of the deck's cards: a game keeps the version it was played with.

A refused change shows the deck's page again (422) with the reason, and nothing changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.domain import RuleError, keypad_keys
from scorekeeper.domain.decks import SUGGESTED_CARDS, house_card_data, parse_deck
from scorekeeper.domain.editions import BUILT_IN_VALUES, EDITIONS, Edition
from scorekeeper.domain.words import CrewWords
from scorekeeper.games.access import crew_object_or_404, crew_required
from scorekeeper.languages.words import in_words

from . import services
from .forms import CardForm, DeckCreateForm
from .models import Deck


@crew_required
@require_http_methods(["GET", "POST"])
def deck_list(request: HttpRequest) -> HttpResponse:
    """The crew's decks, and the form that makes one."""
    form = DeckCreateForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                deck = services.deck_create(
                    crew=request.crew,  # type: ignore[attr-defined]
                    name=form.cleaned_data["name"],
                    base=form.cleaned_data["base"],
                    sides=form.sides(),
                )
            except RuleError as error:
                form.add_error(None, in_words(error))
            else:
                return redirect("decks:deck_detail", deck.pk)
        status = 422
    decks = (
        Deck.objects.filter(crew=request.crew)  # type: ignore[attr-defined]
        .annotate(games=Count("versions__games"))
        .order_by("archived", "name", "pk")
    )
    context = {"decks": decks, "form": form}
    return render(request, "decks/list.html", context, status=status)


def _card_name(card: dict[str, Any]) -> str:
    """A crew's card by the name it gave in the reader's language (its English when it gave
    no other)."""
    return in_words(CrewWords(card["name"], card.get("name_es", "")))


def _card_view(card: dict[str, Any]) -> dict[str, Any]:
    """A crew's card as its deck's page lists it: by its name in the reader's language and,
    when the crew gave both, the other one beside it, marked with its language."""
    shown = _card_name(card)
    if not card.get("name_es"):
        other, other_language = "", ""
    elif shown == card["name"]:
        other, other_language = card["name_es"], "es"
    else:
        other, other_language = card["name"], "en"
    return {**card, "shown": shown, "other": other, "other_language": other_language}


@dataclass(frozen=True)
class _Suggestion:
    """A card the Classic sheet names, ready to add: the fields its form posts, and its name."""

    fields: dict[str, Any]
    name: str


@dataclass(frozen=True)
class _Side:
    number: int
    edition: Edition
    cards: list[dict[str, Any]]
    leave_out: list[tuple[str, str, bool]]  # (value, words, left out)
    form: CardForm


def _sides(data: dict[str, Any], posted: CardForm | None) -> list[_Side]:
    parsed = parse_deck(data)
    sides = []
    for number, edition in enumerate(parsed.sides, start=1):
        part = services.side_of(data, number)
        built_in = EDITIONS[parsed.base]
        keys = {key.value: key.name for key in keypad_keys(built_in)}
        leave_out = [
            (value, in_words(keys[value]), value in edition.removed)
            for value in BUILT_IN_VALUES
            if value in keys
        ]
        form = posted if posted is not None and posted["side"].value() == str(number) else None
        sides.append(
            _Side(
                number=number,
                edition=edition,
                cards=[_card_view(card) for card in part.get("cards", [])],
                leave_out=leave_out,
                form=form or CardForm(initial={"side": number}),
            )
        )
    return sides


def _deck_page(
    request: HttpRequest,
    deck: Deck,
    *,
    error: str = "",
    status: int = 200,
    posted: CardForm | None = None,
) -> HttpResponse:
    version = deck.current
    games = deck.versions.filter(games__isnull=False).values("games").count()
    context = {
        "deck": deck,
        "data": version.data,
        "base": in_words(EDITIONS[version.data["base"]].name),
        "sides": _sides(version.data, posted),
        "two_sided": "sides" in version.data,
        "games": games,
        "suggestions": [
            _Suggestion(house_card_data(card), _card_name(house_card_data(card)))
            for card in SUGGESTED_CARDS
        ],
        "error": error,
    }
    return render(request, "decks/detail.html", context, status=status)


def _deck(request: HttpRequest, deck_id: int) -> Deck:
    return crew_object_or_404(Deck.objects.all(), request, pk=deck_id)


@crew_required
@require_GET
def deck_detail(request: HttpRequest, deck_id: int) -> HttpResponse:
    return _deck_page(request, _deck(request, deck_id))


def _side(request: HttpRequest) -> int:
    value = request.POST.get("side", "1")
    return int(value) if value in ("1", "2") else 0


def _saved(request: HttpRequest, deck: Deck, change, words: str) -> HttpResponse:
    """Run a change; back to the deck with ``words`` said, or its page with the refusal."""
    try:
        change()
    except RuleError as error:
        return _deck_page(request, deck, error=in_words(error), status=422)
    messages.success(request, words)
    return redirect("decks:deck_detail", deck.pk)


@crew_required
@require_POST
def deck_card_add(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    form = CardForm(request.POST)
    if not form.is_valid():
        return _deck_page(
            request,
            deck,
            error=_("Check the card's fields marked below."),
            status=422,
            posted=form,
        )
    card = form.card()
    return _saved(
        request,
        deck,
        lambda: services.deck_add_card(deck=deck, side=form.cleaned_data["side"], card=card),
        _("%(name)s added.") % {"name": _card_name(card)},
    )


@crew_required
@require_POST
def deck_card_remove(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    token = request.POST.get("token", "")
    return _saved(
        request,
        deck,
        lambda: services.deck_remove_card(deck=deck, side=_side(request), token=token),
        _("%(token)s removed. Games already played keep it.") % {"token": token},
    )


@crew_required
@require_POST
def deck_leave_out(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    values = request.POST.getlist("remove")
    return _saved(
        request,
        deck,
        lambda: services.deck_leave_out(deck=deck, side=_side(request), values=values),
        _("The built-in cards are saved."),
    )


@crew_required
@require_POST
def deck_rename(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    name = request.POST.get("name", "")
    return _saved(
        request,
        deck,
        lambda: services.deck_rename(deck=deck, name=name),
        _("Renamed. Games already played keep the name they had."),
    )


@crew_required
@require_POST
def deck_delete(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    if services.deck_delete(deck=deck):
        messages.success(request, _("%(name)s deleted.") % {"name": deck.name})
        return redirect("decks:deck_list")
    messages.success(
        request,
        _(
            "%(name)s is archived, not deleted: games were played with it and keep its cards. "
            "It is no longer offered for a new game."
        )
        % {"name": deck.name},
    )
    return redirect("decks:deck_detail", deck.pk)


@crew_required
@require_POST
def deck_restore(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    services.deck_restore(deck=deck)
    messages.success(request, _("%(name)s is offered for new games again.") % {"name": deck.name})
    return redirect("decks:deck_detail", deck.pk)
