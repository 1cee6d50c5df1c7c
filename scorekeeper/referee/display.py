"""What the referee pages show, built from the rules library and the domain core.

Plain functions on plain values (no database, no requests), so that templates only print and
views only fetch, validate and render. The rules themselves stay in ``scorekeeper.rules`` and
``scorekeeper.domain``; this module only words and arranges their answers for the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from scorekeeper.domain import (
    COLOUR_NAMES,
    EDITIONS,
    Card,
    Edition,
    Key,
    Kind,
    Verdict,
    get_edition,
    keypad_keys,
    kind_name,
)
from scorekeeper.domain.challenge import parse_colour
from scorekeeper.languages.words import in_words
from scorekeeper.rules import (
    KINDS,
    Entry,
    FirstCardOutcome,
    get_entry,
    table_notes,
)
from scorekeeper.rules.entries import Cite, only_the_drawer_challenges, own_sheet
from scorekeeper.rules.localized import localized, sheet_title
from scorekeeper.rulesearch.offers import house_rule_offer
from scorekeeper.rulesearch.search import Lookup

CHALLENGE_ENTRY = "wd4-challenge"
AT_THIS_TABLE = "At this table: "

# --- Rules entries ---------------------------------------------------------------------------


def sources_text(sources: Iterable[str]) -> str:
    """Sheet ids as the titles people recognise, e.g. "General rules summary", in the active
    language."""
    language = get_language()
    return "; ".join(sheet_title(source, language) for source in sources)


def cites_text(cites: Iterable[Cite]) -> str:
    """Citations as sheet titles with where each says it, one sheet once:
    "General rules summary (line 14); The Big Bang Theory edition sheet (SETUP 1, lines 25-26)"."""
    language = get_language()
    places: dict[str, list[str]] = {}
    for cite in cites:
        places.setdefault(cite.sheet, []).append(cite.where)
    return "; ".join(
        f"{sheet_title(sheet, language)} ({'; '.join(wheres)})" for sheet, wheres in places.items()
    )


@dataclass(frozen=True)
class VariantView:
    answer: str
    sources: str  # sheet titles with where each says it
    own_sheet: bool = False  # the position of the deck's own sheet, when a deck is known


@dataclass(frozen=True)
class EntryView:
    """One rules entry as shown: the answer, where it comes from, and this table's changes."""

    entry: Entry
    sources: str  # sheet titles with where each says it; "" when no sheet covers the question
    variants: list[VariantView]  # when the sheets that apply disagree (two or more)
    related: list[Entry]
    editions: str  # "" when the entry applies to every edition
    table_notes: list[str] = field(default_factory=list)  # "at this table" sentences
    deck_answer: VariantView | None = None  # the one position of the sheets for this deck
    interpretation: str = ""  # our reading, labelled as such
    covered: bool = True  # False: no sheet covers this, agree it at the table


def entry_view(
    entry: Entry, agreed: Mapping[str, object] | None = None, edition: str | None = None
) -> EntryView:
    """An entry ready to print in the active language; ``agreed`` is a game's house rules
    (adds "at this table"). With ``edition`` (a game's deck, or the deck filter) only the
    sheets for that deck are shown: its own sheet and the general summary."""
    language = get_language()
    entry = localized(entry, language)
    related = [
        localized(found, language)
        for slug in entry.related
        if (found := get_entry(slug)) is not None
    ]
    editions = (
        ""
        if set(entry.editions) >= set(EDITIONS)
        else ", ".join(in_words(EDITIONS[slug].title) for slug in entry.editions)
    )
    # The notes open with "At this table:", which the page prints as a label of its own.
    label = _("At this table:")
    notes = [
        in_words(note).removeprefix(label).strip() for note in table_notes(entry, agreed or {})
    ]
    edition = edition if edition in EDITIONS else None
    own = (own_sheet(edition) or "") if edition else ""
    variants = [
        VariantView(variant.answer, cites_text(variant.cites), bool(own) and own in variant.sources)
        for variant in entry.variants_for(edition)
    ]
    deck_answer = variants[0] if len(variants) == 1 else None
    return EntryView(
        entry=entry,
        sources=cites_text(entry.cites),
        variants=variants if len(variants) >= 2 else [],
        related=related,
        editions=editions,
        table_notes=notes,
        deck_answer=deck_answer,
        interpretation=entry.interpretation,
        covered=entry.covered,
    )


# The verdict the results carry (``data-verdict``) when no sheet settles the question but the
# house rule this game agreed does: not "answer" (no sheet says it), not "uncovered" (no banner).
TABLE = "table"


@dataclass(frozen=True)
class Results:
    """What the results of a rules question show (the entries as the library holds them: the
    view prints them in the reader's language)."""

    verdict: str  # answer, likely, open, uncovered ("no sheet covers this") or table
    best: Entry | None = None  # the answer, the open case, or the house rule the table agreed
    choices: tuple[Entry, Entry] | None = None  # "Which one?": two that fit about as well
    open_case: bool = False
    uncovered: bool = False  # the banner: agree it at the table
    not_mine: bool = False  # the table turned the likely answer down
    # Under the banner or an open case: the open case the banner reads from, or the house rule
    # the question is about (its switch ticked in the form); None offers only the free text.
    house_rule: Entry | None = None
    others: list[Entry] = field(default_factory=list)  # the other hits, in the search's order


def results(found: Lookup, agreed: Mapping[str, object], not_mine: bool = False) -> Results:
    """What to show for the search's verdict ``found``, from a game whose table agreed the
    house rules ``agreed``; ``not_mine``: the table said a likely answer is not its question.

    A house rule is offered under the banner (or an open case) only when the question says
    its matter (``house_rule_offer``). When the game agreed that house rule, its rule is the
    answer ("At this table: …", verdict ``TABLE``) instead of the banner.
    """
    hits = found.hits
    not_mine = not_mine and found.likely
    open_case = found.open_case
    uncovered = open_case is None and (not found.covered or not_mine)
    if uncovered or open_case:
        # One the table agreed first: "can I jump in on a misdeal" at a jump-in table.
        agreed_hits = [hit for hit in hits if table_notes(hit.entry, agreed)]
        if at_table := house_rule_offer(found.query, agreed_hits):
            rest = [hit.entry for hit in hits if hit.entry is not at_table]
            return Results(TABLE, best=at_table, others=rest)
    reading = found.house_rule if found.house_rule and found.house_rule.silent else None
    house_rule = reading or (
        house_rule_offer(found.query, hits) if uncovered or open_case else None
    )
    choices = None if not_mine else found.choices
    # The first hit is the answer, or the likely answer the table turned down.
    listed = hits if uncovered and not not_mine else hits[2 if choices else 1 :]
    return Results(
        "uncovered" if uncovered else found.verdict,
        best=open_case or (found.answer if not not_mine else None),
        choices=choices,
        open_case=open_case is not None,
        uncovered=uncovered,
        not_mine=not_mine,
        house_rule=house_rule,
        others=[hit.entry for hit in listed if hit.entry is not house_rule],
    )


# What tables argue about most: offered before anything is typed.
COMMON_DISPUTES = (
    "stacking",
    "wd4-challenge",
    "wd4-matching-number",
    "wild-any-time",
    "uno-penalty",
    "draw-until-play",
    "end-on-action-card",
)


def common_disputes(edition: str = "") -> list[Entry]:
    language = get_language()
    entries = [
        localized(found, language)
        for slug in COMMON_DISPUTES
        if (found := get_entry(slug)) is not None
    ]
    return [entry for entry in entries if not edition or edition in entry.editions]


def edition_choices() -> list[tuple[str, str]]:
    """Every edition in the registry, by the title the rules library uses."""
    return [(edition.slug, in_words(edition.title)) for edition in EDITIONS.values()]


# --- The Wild Draw Four challenge ------------------------------------------------------------


def colour_choices() -> list[tuple[str, str]]:
    """The active-colour buttons: letter and label (the label text, never colour alone)."""
    return [(letter, _(name).capitalize()) for letter, name in COLOUR_NAMES.items()]


def challenge_keypad(edition: Any, *other_side: Any) -> dict[str, list[Key]]:
    """The round keypad's keys split for the coloured hand keypad: ``values`` take the chosen
    colour first (print ``key.value``), ``wilds`` go in as they are. The special card's key
    also says which colour it counts as, since that decides the verdict. A two-sided deck
    offers the keys of both sides (a hand holds the cards of one side: the one that reads it)."""
    deck = get_edition(edition)
    keys = list(keypad_keys(deck))
    for side in other_side:
        keys += [key for key in keypad_keys(side) if key.token not in {k.token for k in keys}]
    keys = [replace(key, name=in_words(key.name), label=in_words(key.label)) for key in keys]
    wilds = [key for key in keys if not key.coloured]
    if deck.has_special:
        counts_as = _(COLOUR_NAMES[deck.special_colour]) if deck.special_colour else _("wild")
        wilds = [
            replace(key, label=f"{key.label} ({counts_as})") if key.kind is Kind.SPECIAL else key
            for key in wilds
        ]
    return {"values": [key for key in keys if key.coloured], "wilds": wilds}


def colour_hint(edition: str) -> str:
    """Which cards count towards "a card of the active colour" for this deck."""
    deck = get_edition(edition)
    if deck.has_special and deck.special_colour:
        colour = _(COLOUR_NAMES[deck.special_colour])
        return _(
            "Wild cards don't count; the %(special)s counts as %(colour)s. "
            "Matching numbers of other colours don't count."
        ) % {"special": in_words(deck.special_name), "colour": colour}
    if deck.has_special:
        return _(
            "Wild cards and the %(special)s don't count, nor do matching numbers of other colours."
        ) % {"special": in_words(deck.special_name)}
    return _("Wild cards don't count, nor do matching numbers of other colours.")


@dataclass(frozen=True)
class VerdictView:
    guilty: bool
    headline: str  # "Guilty" or "Not guilty"
    who_draws: str  # "Ben draws 4"
    reason: str
    colour: str  # the colour in play, as a word


def _card_words(card: Card, deck: Edition) -> str:
    """A card's name in the reader's language: "red 7" / "7 rojo", a crew's card by its name."""
    return in_words(card.label(deck))


def _reason(verdict: Verdict, colour: str, deck: Edition) -> str:
    """Why, in the reader's language (the core's reason is the English one; none, none)."""
    if not verdict.reason:
        return ""
    values = {"colour": colour, "number": verdict.cards}
    if verdict.guilty and verdict.matching:
        values["cards"] = ", ".join(_card_words(card, deck) for card in verdict.matching)
        return (
            _(
                "Guilty: they held %(cards)s while %(colour)s was in play, so they draw "
                "%(number)s instead."
            )
            % values
        )
    if verdict.guilty:
        return (
            _(
                "Guilty: they held a %(colour)s card while %(colour)s was in play, so they draw "
                "%(number)s instead."
            )
            % values
        )
    if verdict.hand_known:
        return (
            _(
                "Not guilty: they held no %(colour)s card (numbers of other colours and wild "
                "cards do not count), so the challenger draws %(number)s."
            )
            % values
        )
    return (
        _("Not guilty: they held no %(colour)s card, so the challenger draws %(number)s.") % values
    )


def verdict_view(
    verdict: Verdict,
    colour: str,
    challenger: str = "",
    challenged: str = "",
    *,
    edition: str = "classic",
) -> VerdictView:
    """The verdict in table words; player names when the challenge was on a game."""
    values = {"challenger": challenger, "challenged": challenged, "cards": verdict.cards}
    if verdict.drawer == "challenged":
        who = (
            _("%(challenged)s draws %(cards)s")
            if challenged
            else _("The player who laid the +4 draws %(cards)s")
        )
    else:
        who = (
            _("%(challenger)s (the challenger) draws %(cards)s")
            if challenger
            else _("The challenger draws %(cards)s")
        )
    return VerdictView(
        guilty=verdict.guilty,
        headline=_("Guilty") if verdict.guilty else _("Not guilty"),
        who_draws=who % values,
        reason=_reason(verdict, _(COLOUR_NAMES[parse_colour(colour)]), get_edition(edition)),
        colour=_(COLOUR_NAMES[parse_colour(colour)]),
    )


@dataclass(frozen=True)
class ChallengeRule:
    """Who may challenge, as the deck's own sheet has it."""

    answer: str
    sources: str  # the sheet and where it says so
    reading: str = ""  # our reading, where the sheet leaves it implied
    only_the_drawer: bool = True  # the log warns when someone else challenges


def who_may_challenge(edition: str = "classic") -> ChallengeRule:
    """The limit on who may challenge from the deck's own sheet (unorules.org for Classic: only
    the player who must draw), with our reading for the boxed decks, from the library."""
    entry = localized(get_entry(CHALLENGE_ENTRY), get_language())  # type: ignore[arg-type]
    own = own_sheet(edition)
    for variant in entry.variants_for(edition):
        if own and own in variant.sources:
            reading = "" if own == "unorules" else entry.interpretation
            return ChallengeRule(
                variant.answer,
                cites_text(variant.cites),
                reading,
                only_the_drawer=only_the_drawer_challenges(edition),
            )
    # A deck whose sheet we haven't read: the table decides.
    return ChallengeRule(
        _("We have no sheet for this deck that says who may challenge: agree it at the table."),
        "",
        only_the_drawer=False,
    )


def special_card_reading(edition: str) -> str:
    """Our reading of how the deck's special card counts in a challenge (its registry entry
    names the rules entry that holds it), or "" where the sheet says it (the Kitty sheet calls
    its card a wild card) or the deck has none."""
    slug = get_edition(edition).challenge_reading if edition in EDITIONS else ""
    entry = get_entry(slug) if slug else None
    return localized(entry, get_language()).interpretation if entry else ""


# --- The first card --------------------------------------------------------------------------

_SEATS = {
    "left of dealer": gettext_noop("the player on the dealer's left"),
    "two seats left of dealer": gettext_noop("the player two seats to the dealer's left"),
    "dealer": gettext_noop("the dealer"),
    "right of dealer": gettext_noop("the player on the dealer's right"),
}


def _seat(seat: str) -> str:
    return _(_SEATS[seat]) if seat in _SEATS else seat


def first_card_choices(edition: str) -> list[tuple[str, str]]:
    """The card buttons for a deck: every kind, the special card only where there is one."""
    deck = get_edition(edition)
    return [
        (kind, in_words(kind_name(kind, deck)))
        for kind in KINDS
        if kind != Kind.SPECIAL or deck.has_special
    ]


def first_card_lines(outcome: FirstCardOutcome) -> list[tuple[str, str]]:
    """Label and text for each part of the outcome that applies."""
    if outcome.returned:
        return [(_("The card"), _("goes back into the deck; turn up another"))]
    if outcome.unsettled:
        return []  # the deck's sheet says two things: the summary says both, names no one
    lines = [
        (_("Plays first"), _seat(outcome.first_player)),
        (_("Direction"), in_words(outcome.direction_label)),
    ]
    if outcome.chooses_colour:
        lines.append((_("Names the colour"), _seat(outcome.chooses_colour)))
    if outcome.draws:
        lines.append((_("Draws"), in_words(outcome.draws)))
    if outcome.skipped:
        lines.append((_("Skipped"), _seat(outcome.skipped)))
    return lines
