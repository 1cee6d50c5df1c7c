"""The referee: rules lookup, a game's house rules, the Wild Draw Four challenge, the first card.

The rules pages are public (settling a dispute must not wait for a login); whatever touches a
game needs a member of the game's crew.
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper.decks.models import Deck, DeckVersion, deck_sides, played_edition
from scorekeeper.domain import (
    RuleError,
    Verdict,
    check_against_deck,
    format_cards,
    get_edition,
    judge_challenge,
    parse_cards,
)
from scorekeeper.domain.challenge import judge_by_answer
from scorekeeper.domain.words import CrewWords
from scorekeeper.games.access import crew_object_or_404, crew_required, current_crew
from scorekeeper.games.models import Challenge, Game, Seat
from scorekeeper.games.services import game_set_house_rules, locked_game
from scorekeeper.htmx import HtmxHttpRequest, render_page
from scorekeeper.inputs import as_id
from scorekeeper.languages.words import in_words
from scorekeeper.roster.models import Player
from scorekeeper.rules import (
    EDITIONS,
    ENTRIES,
    agreed_house_rules,
    entries_for_edition,
    first_card,
    get_entry,
    house_rule_labels,
)
from scorekeeper.rules.localized import (
    get_localized_entry,
    localized,
    localized_entries,
    localized_variants,
)
from scorekeeper.rulesearch.search import LIKELY, lookup

from .display import (
    CHALLENGE_ENTRY,
    challenge_keypad,
    colour_choices,
    colour_hint,
    common_disputes,
    edition_choices,
    entry_view,
    first_card_choices,
    first_card_lines,
    results,
    sources_text,
    special_card_reading,
    verdict_view,
    who_may_challenge,
)
from .forms import ChallengeForm, HouseNoteForm, HouseRulesForm
from .services import OtherChallenger, challenge_record

MAX_QUERY_LENGTH = 200


# --- Rules lookup ----------------------------------------------------------------------------


def _member_game(request: HttpRequest) -> Game | None:
    """The game named by ?game= when the signed-in user belongs to its crew; else None.

    The rules pages are public, so a game that is missing or not the user's is simply
    ignored: the answer still shows, without anyone's house rules.
    """
    game_id = as_id(request.GET.get("game", ""))
    if game_id is None or not request.user.is_authenticated:
        return None
    return (
        Game.objects.filter(pk=game_id, crew__memberships__user=request.user)
        .only("pk", "edition", "deck", "house_rules", "house_note")
        .first()
    )


def _edition_filter(request: HttpRequest, game: Game | None) -> tuple[str, str]:
    """The edition to search ("" for all) and an error message for an unknown one."""
    if "edition" not in request.GET:
        return (game.edition if game else ""), ""
    edition = request.GET["edition"].strip()
    if edition and edition not in EDITIONS:
        message = _("There is no edition called %(name)s: showing answers for every edition.")
        return "", message % {"name": repr(edition)}
    return edition, ""


def _own_cards(game: Game | None, version: DeckVersion | None = None) -> dict[str, Any]:
    """The crew cards by token (every side) of a game's deck, or of a deck ``version``; {}
    for a game played with an edition."""
    if version is None and (game is None or game.deck_id is None):
        return {}
    cards: dict[str, Any] = {}
    for side in (version or game.deck).cards.sides:  # type: ignore[union-attr]
        for card in side.house:
            cards.setdefault(card.token, card)
    return cards


def _crew_decks(request: HttpRequest) -> list[Deck]:
    """The signed-in user's current crew's decks in play (not archived); [] for a visitor."""
    if not request.user.is_authenticated or (crew := current_crew(request)) is None:
        return []
    return list(Deck.objects.filter(crew=crew, archived=False).only("pk", "name", "crew"))


def _crew_deck_version(decks: list[Deck], asked: str) -> DeckVersion | None:
    """The newest cards of the deck ``asked`` names ("deck:<id>") among ``decks``, else None."""
    ident = asked.removeprefix("deck:")
    deck = next((d for d in decks if ident.isdigit() and str(d.pk) == ident), None)
    return deck.current if deck is not None else None


def _deck_rules(game: Game | None) -> list[dict[str, Any]]:
    """The rules a crew wrote for its own deck's cards: house rules, never a sheet's."""
    cards = _own_cards(game)
    return [
        {"name": in_words(CrewWords(c.name, c.name_es)), "points": c.points, "rule": c.rule}
        for c in cards.values()
        if c.rule
    ]


def _game_context(game: Game | None) -> dict[str, Any]:
    return {
        "game": game,
        "deck_rules": _deck_rules(game),
        "game_query": f"?game={game.pk}" if game else "",
        "house_lines": [in_words(line) for line in house_rule_labels(game.house_rules)]
        if game
        else [],
    }


@require_GET
def rules_search(request: HtmxHttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:MAX_QUERY_LENGTH]
    game = _member_game(request)
    edition, error = _edition_filter(request, game)
    found = lookup(query, edition=edition or None) if query else None
    agreed = agreed_house_rules(game.house_rules) if game else {}
    language = get_language()
    # "Not my question" on a likely answer: the table takes the house-rule path instead.
    shown = results(found, agreed, not_mine=request.GET.get("not") == "1") if found else None
    house_rule = shown.house_rule if shown else None
    context = {
        "query": query,
        "edition": edition,
        "editions": edition_choices(),
        "error": error,
        "best": entry_view(shown.best, agreed, edition) if shown and shown.best else None,
        # What tools and tests read: answer, likely, open, uncovered ("no sheet covers this"),
        # or table (no sheet settles it; the house rule this game agreed does).
        "verdict": shown.verdict if shown else "",
        "open_case": shown.open_case if shown else False,
        "choices": [entry_view(entry, agreed, edition) for entry in shown.choices]
        if shown and shown.choices
        else [],
        "likely": shown is not None and shown.verdict == LIKELY,
        "not_mine": shown is not None and shown.not_mine,
        "uncovered": shown is not None and shown.uncovered,
        "house_rule": localized(house_rule, language) if house_rule else None,
        # No sheet settles it, or the sheets leave the case open: from a game, the way to
        # record what the table agrees.
        "note_form": HouseNoteForm(
            initial={"note": f"{query}: ", "rules": house_rule.house_rules if house_rule else ()}
        )
        if shown and (shown.uncovered or shown.open_case) and game
        else None,
        "others": localized_entries(shown.others if shown else (), language),
        "common": common_disputes(edition),
        "browse": localized_entries(
            entries_for_edition(edition) if edition else ENTRIES, get_language()
        ),
        **_game_context(game),
    }
    status = 422 if error else 200
    return render_page(request, "referee/search.html", context, partial="results", status=status)


@require_GET
def rule_detail(request: HttpRequest, slug: str) -> HttpResponse:
    entry = get_entry(slug)
    if entry is None:
        raise Http404(_("There is no rules entry with that name."))
    game = _member_game(request)
    agreed = agreed_house_rules(game.house_rules) if game else {}
    # The deck whose sheets apply: the game's, or one named in the link (?edition=).
    edition = game.edition if game else request.GET.get("edition", "")
    context = {"view": entry_view(entry, agreed, edition), **_game_context(game)}
    return render(request, "referee/entry.html", context)


# --- House rules -----------------------------------------------------------------------------


def _crew_game(request: HttpRequest, game_id: int) -> Game:
    """A game of the current crew with its seated players; another crew's game is a 404."""
    games = Game.objects.select_related("deck").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player"))
    )
    return crew_object_or_404(games, request, pk=game_id)


@crew_required
@require_http_methods(["GET", "POST"])
def house_rules(request: HttpRequest, game_id: int) -> HttpResponse:
    game = _crew_game(request, game_id)
    if request.method == "GET":
        form = HouseRulesForm(initial=HouseRulesForm.initial_for(game))
        return render(request, "referee/house_rules.html", {"game": game, "form": form})
    form = HouseRulesForm(request.POST)
    if not form.is_valid():
        context = {"game": game, "form": form}
        return render(request, "referee/house_rules.html", context, status=422)
    with locked_game(crew=request.crew, game_id=game.pk) as locked:  # type: ignore[attr-defined]
        game_set_house_rules(
            game=locked,
            house_rules=form.cleaned_data["house_rules"],
            house_note=form.cleaned_data["house_note"],
            by=request.user,
        )
    messages.success(request, _("House rules saved."))
    return redirect("games:game_detail", game_id=game.pk)


@crew_required
@require_POST
def record_house_note(request: HttpRequest, game_id: int) -> HttpResponse:
    """Record what the table agreed on a question no sheet covers: a line added to the game's
    house note (and the house rule it named switched on, if ticked)."""
    game = _crew_game(request, game_id)
    form = HouseNoteForm(request.POST)
    query = request.POST.get("q", "")[:MAX_QUERY_LENGTH]
    back = f"{reverse('referee:rules_search')}?{urlencode({'game': game.pk, 'q': query})}"
    if form.is_valid():
        with locked_game(crew=request.crew, game_id=game.pk) as locked:  # type: ignore[attr-defined]
            try:
                # Added to the note as it is now: what another phone saved meanwhile is kept.
                house_rules, house_note = form.added_to(locked)
            except ValueError as full:
                form.add_error("note", str(full))
            else:
                game_set_house_rules(
                    game=locked, house_rules=house_rules, house_note=house_note, by=request.user
                )
                messages.success(request, _("Recorded as a house rule for this game."))
                return redirect(back)
    context = {"game": game, "form": form, "back": back, "query": query}
    return render(request, "referee/house_note.html", context, status=422)


# --- The Wild Draw Four challenge ------------------------------------------------------------

CHALLENGE_PAGE = "referee/challenge.html"


def _judge(form: ChallengeForm, *sides: Any) -> tuple[Verdict, str] | None:
    """The verdict and the hand as stored, or None with the reason added to the form.
    ``sides``: the deck whose cards are read (a game's own deck when it has one; both sides of
    a two-sided deck, the hand read with the side that holds all its cards)."""
    if not form.is_valid():
        return None
    colour = form.cleaned_data["colour"]
    held = form.cleaned_data["held"]
    try:
        if held:
            return judge_by_answer(colour, held == "yes", sides[0]), ""
        edition, cards = _read_hand(form.cleaned_data["hand"], sides)
        return judge_challenge(colour, cards, edition), format_cards(cards)
    except RuleError as error:
        form.add_error("hand", in_words(error))
        return None


def _read_hand(hand: Any, sides: tuple[Any, ...]) -> tuple[Any, list[Any]]:
    """The side that reads every card of ``hand`` and the cards; the first side's refusal
    when none does (a hand holds the cards of the side that was up)."""
    refusal = None
    for edition in sides:
        try:
            cards = parse_cards(hand, edition)
            check_against_deck([cards], edition)
        except RuleError as error:
            refusal = refusal or error
            continue
        return edition, cards
    raise refusal  # type: ignore[misc]


def _game_challenge_form(players: list[Player], edition: str) -> ChallengeForm:
    return ChallengeForm(
        players=players, edition=edition, initial={"request_key": uuid.uuid4().hex}
    )


def _challenge_context(
    form: ChallengeForm, edition: str, game: Game | None = None, **extra: Any
) -> dict[str, Any]:
    """The helper's page: the sheets of ``edition`` settle the rules; the keypad and the colour
    hint read the game's own cards when it was played with a crew's deck."""
    sides = (deck_sides(game) or [played_edition(game)]) if game else [edition]
    cards = sides[0]
    action = (
        reverse("referee:game_challenge", args=[game.pk])
        if game
        else reverse("referee:rules_challenge")
    )
    return {
        "form": form,
        "edition": edition,
        "deck": get_edition(cards),
        "editions": edition_choices(),
        "keypad": challenge_keypad(*sides),
        "colours": colour_choices(),
        "colour_hint": colour_hint(cards),
        "game": game,
        "game_query": f"?game={game.pk}" if game else "",
        "action": action,
        "rule": get_localized_entry(CHALLENGE_ENTRY, get_language()),
        "who_may_challenge": who_may_challenge(edition),
        "special_reading": special_card_reading(edition),
        "verdict": None,
        **extra,
    }


@require_http_methods(["GET", "POST"])
def challenge(request: HtmxHttpRequest) -> HttpResponse:
    """The standalone helper: judge a challenge for any deck, without logging it."""
    if request.method == "GET":
        edition = request.GET.get("edition", "classic")
        edition = edition if edition in EDITIONS else "classic"
        form = ChallengeForm(initial={"edition": edition})
        return render(request, CHALLENGE_PAGE, _challenge_context(form, edition))
    form = ChallengeForm(request.POST)
    posted = form.data.get("edition", "")
    edition = posted if posted in EDITIONS else "classic"
    judged = _judge(form, edition)
    if judged is None:
        context = _challenge_context(form, edition)
        return render_page(request, CHALLENGE_PAGE, context, partial="judge", status=422)
    verdict = verdict_view(judged[0], form.cleaned_data["colour"], edition=edition)
    fresh = ChallengeForm(initial={"edition": edition})
    context = _challenge_context(fresh, edition, verdict=verdict)
    return render_page(request, CHALLENGE_PAGE, context, partial="judge")


@crew_required
@require_http_methods(["GET", "POST"])
def game_challenge(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The helper opened from a game: the verdict is logged on the game (scores untouched)."""
    game = _crew_game(request, game_id)
    players = [seat.player for seat in game.seats.all()]
    if request.method == "GET":
        context = _challenge_context(
            _game_challenge_form(players, game.edition), game.edition, game
        )
        return render(request, CHALLENGE_PAGE, context)
    form = ChallengeForm(request.POST, players=players, edition=game.edition)
    judged = _judge(form, *(deck_sides(game) or [played_edition(game)]))
    if judged is not None:
        verdict, hand = judged
        challenger, challenged = form.player("challenger"), form.player("challenged")
        try:
            logged = challenge_record(
                game=game,
                challenger=challenger,
                challenged=challenged,
                colour=form.cleaned_data["colour"],
                hand=hand,
                verdict=verdict,
                request_key=form.cleaned_data["request_key"] or None,
                challenger_drew=form.challenger_drew(),
                log_anyway=form.cleaned_data.get("anyway", False),
            )
        except OtherChallenger as warning:
            form.add_error(None, str(warning))
            form.other_challenger = True  # the page offers "Log it anyway"
        except RuleError as error:
            form.add_error(None, in_words(error))
        else:
            if not request.htmx:
                # Post/redirect/get: reloading the verdict must not log the challenge twice.
                return redirect(
                    "referee:game_challenge_verdict", game_id=game.pk, challenge_id=logged.pk
                )
            # The logged challenge, which a resent request finds already stored.
            names = (logged.challenger.name, logged.challenged.name)
            verdict, edition = _rejudge(logged, deck_sides(game) or [played_edition(game)])
            shown = verdict_view(verdict, logged.colour, *names, edition=edition)
            context = _challenge_context(
                _game_challenge_form(players, game.edition), game.edition, game
            )
            return render_page(
                request, CHALLENGE_PAGE, {**context, "verdict": shown}, partial="judge"
            )
    context = _challenge_context(form, game.edition, game)
    return render_page(request, CHALLENGE_PAGE, context, partial="judge", status=422)


def _rejudge(logged: Challenge, sides: list[Any]) -> tuple[Verdict, Any]:
    """The verdict of a logged challenge again, for its reason sentence, and the deck (side)
    that read its hand."""
    try:
        if logged.hand:
            edition, cards = _read_hand(logged.hand, tuple(sides))
            return judge_challenge(logged.colour, cards, edition), edition
        return judge_by_answer(logged.colour, logged.guilty, sides[0]), sides[0]
    except RuleError:
        # Rows imported from elsewhere may hold a hand we can't read: show the stored verdict.
        drawer = "challenged" if logged.guilty else "challenger"
        return Verdict(logged.guilty, drawer, logged.cards_drawn, (), ""), sides[0]


@crew_required
@require_GET
def game_challenge_verdict(request: HttpRequest, game_id: int, challenge_id: int) -> HttpResponse:
    game = _crew_game(request, game_id)
    logged = crew_object_or_404(
        Challenge.objects.select_related("challenger", "challenged"),
        request,
        pk=challenge_id,
        game=game,
    )
    verdict, edition = _rejudge(logged, deck_sides(game) or [played_edition(game)])
    names = (logged.challenger.name, logged.challenged.name)
    shown = verdict_view(verdict, logged.colour, *names, edition=edition)
    players = [seat.player for seat in game.seats.all()]
    context = _challenge_context(_game_challenge_form(players, game.edition), game.edition, game)
    return render(request, CHALLENGE_PAGE, {**context, "verdict": shown})


# --- The first card --------------------------------------------------------------------------


@require_GET
def first_card_helper(request: HttpRequest) -> HttpResponse:
    game = _member_game(request)
    edition = request.GET.get("edition") or (game.edition if game else "classic")
    card = request.GET.get("card", "")
    error = ""
    outcome = None
    # Opened from a game, its deck; else a signed-in crew may pick one of its own decks.
    decks = [] if game else _crew_decks(request)
    version = _crew_deck_version(decks, edition) if edition.startswith("deck:") else None
    picked = edition if version else None
    if version is not None:
        edition = version.data["base"]
    own = _own_cards(game, version)
    house = own.get(card.removeprefix("house-")) if card.startswith("house-") else None
    if edition.startswith("deck:") and version is None:
        error = _("That deck is not one of your crew's decks: choose a deck from the list.")
        edition = "classic"
    elif edition not in EDITIONS:
        error = _("There is no edition called %(name)s: choose a deck from the list.") % {
            "name": repr(edition)
        }
        edition = "classic"
    elif house is not None and house.kind != "action":
        # A crew's card counts by its kind: a wild one as a Wild, a number one as a number.
        outcome = first_card("wild" if house.kind == "wild" else "number", edition)
    elif card and house is None:
        try:
            outcome = first_card(card, edition)
        except ValueError as refused:
            error = in_words(refused)
    choices = first_card_choices(edition) + [
        (f"house-{token}", in_words(CrewWords(c.name, c.name_es))) for token, c in own.items()
    ]
    language = get_language()
    rule = get_localized_entry(outcome.entry, language) if outcome else None
    variants = localized_variants(outcome.entry, outcome.variants, language) if outcome else []
    context = {
        "edition": picked or edition,
        "editions": edition_choices()
        + [(f"deck:{d.pk}", _("%(deck)s — your deck") % {"deck": d.name}) for d in decks],
        "game": game,
        "card": card,
        "choices": choices,
        "card_label": dict(choices).get(card, ""),
        "outcome": outcome,
        "house_card": house,
        "lines": first_card_lines(outcome) if outcome else [],
        "variants": [(answer, sources_text(sources)) for sources, answer in variants],
        "rule": rule,
        "error": error,
    }
    return render(request, "referee/first_card.html", context, status=422 if error else 200)
