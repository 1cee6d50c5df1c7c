"""What the referee pages show, built from the rules library and the domain core.

Plain functions on plain values (no database, no requests), so that templates only print and
views only fetch, validate and render. The rules themselves stay in ``scorekeeper.rules`` and
``scorekeeper.domain``; this module only words and arranges their answers for the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scorekeeper.domain import COLOUR_NAMES, RuleError, Verdict, get_edition
from scorekeeper.domain.challenge import parse_colour
from scorekeeper.rules import (
    EDITION_TITLES,
    EDITIONS,
    HOUSE_RULES,
    KINDS,
    SHEETS,
    Entry,
    FirstCardOutcome,
    get_entry,
    parse_house_rules,
    table_notes,
)

CHALLENGE_ENTRY = "wd4-challenge"
AT_THIS_TABLE = "At this table: "

# --- Rules entries ---------------------------------------------------------------------------


def sources_text(sources: Iterable[str]) -> str:
    """Sheet ids as the titles people recognise, e.g. "General rules summary"."""
    return "; ".join(SHEETS[source].title for source in sources)


@dataclass(frozen=True)
class EntryView:
    """One rules entry as shown: the answer, where it comes from, and this table's changes."""

    entry: Entry
    sources: str
    variants: list[tuple[str, str]]  # (answer, sheet titles), when the sheets disagree
    related: list[Entry]
    editions: str  # "" when the entry applies to every edition
    table_notes: list[str] = field(default_factory=list)  # "at this table" sentences


def entry_view(entry: Entry, agreed: Mapping[str, object] | None = None) -> EntryView:
    """An entry ready to print; ``agreed`` is a game's house rules (adds "at this table")."""
    related = [found for slug in entry.related if (found := get_entry(slug)) is not None]
    editions = (
        ""
        if set(entry.editions) >= set(EDITIONS)
        else ", ".join(EDITION_TITLES[slug] for slug in entry.editions)
    )
    notes = [note.removeprefix(AT_THIS_TABLE) for note in table_notes(entry, agreed or {})]
    return EntryView(
        entry=entry,
        sources=sources_text(entry.sources),
        variants=[(variant.answer, sources_text(variant.sources)) for variant in entry.variants],
        related=related,
        editions=editions,
        table_notes=notes,
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
    entries = [found for slug in COMMON_DISPUTES if (found := get_entry(slug)) is not None]
    return [entry for entry in entries if not edition or edition in entry.editions]


def edition_choices() -> list[tuple[str, str]]:
    return [(slug, EDITION_TITLES[slug]) for slug in EDITIONS]


# --- House rules -----------------------------------------------------------------------------


def agreed_house_rules(stored: object) -> dict[str, object]:
    """A game's stored house rules in normal form; anything malformed counts as not agreed.

    The scoreboard and the rules pages must still open if a bad value ever got stored, so
    this never raises: a rule that does not validate is simply left out.
    """
    if not isinstance(stored, Mapping):
        return {}
    agreed: dict[str, object] = {}
    for key, value in stored.items():
        try:
            agreed.update(parse_house_rules({key: value}))
        except ValueError:
            continue
    return agreed


def house_rule_lines(stored: object) -> list[str]:
    """Short lines naming the agreed house rules, in the library's order."""
    agreed = agreed_house_rules(stored)
    lines = []
    for key, rule in HOUSE_RULES.items():
        if key not in agreed:
            continue
        if rule.takes_value:
            cards = agreed[key]
            lines.append(f"UNO penalty: {cards} card{'' if cards == 1 else 's'}")
        else:
            lines.append(rule.label)
    return lines


# --- The Wild Draw Four challenge ------------------------------------------------------------


def colour_choices() -> list[tuple[str, str]]:
    """The active-colour buttons: letter and label (the label text, never colour alone)."""
    return [(letter, name.capitalize()) for letter, name in COLOUR_NAMES.items()]


@dataclass(frozen=True)
class PadKey:
    token: str  # what the key adds to the hand ("7", "+2" get the chosen colour first)
    label: str  # printed on the key
    name: str  # read out and shown in the hand list


def challenge_keypad(edition: str) -> dict[str, list[PadKey]]:
    """Keys of the coloured hand keypad: values that take a colour, and the wild cards."""
    deck = get_edition(edition)
    values = [PadKey(str(n), str(n), str(n)) for n in range(10)]
    values += [
        PadKey("+2", "+2", "Draw Two"),
        PadKey("S", "Skip", "Skip"),
        PadKey("R", "Rev", "Reverse"),
    ]
    wilds = [PadKey("W", "Wild", "Wild"), PadKey("W+4", "+4", "Wild Draw Four")]
    if deck.has_special:
        short = deck.special_name.removesuffix(" card")
        counts_as = COLOUR_NAMES[deck.special_colour] if deck.special_colour else "wild"
        wilds.append(PadKey("X", f"{short} ({counts_as})", deck.special_name))
    return {"values": values, "wilds": wilds}


def colour_hint(edition: str) -> str:
    """Which cards count towards "a card of the active colour" for this deck."""
    deck = get_edition(edition)
    if deck.has_special and deck.special_colour:
        colour = COLOUR_NAMES[deck.special_colour]
        return (
            f"Wild cards don't count; the {deck.special_name} counts as {colour}. "
            "Matching numbers of other colours don't count."
        )
    wild = "Wild cards" + (f" and the {deck.special_name}" if deck.has_special else "")
    return f"{wild} don't count, nor do matching numbers of other colours."


@dataclass(frozen=True)
class VerdictView:
    guilty: bool
    headline: str  # "Guilty" or "Not guilty"
    who_draws: str  # "Ben draws 4"
    reason: str
    colour: str  # the colour in play, as a word


def verdict_view(
    verdict: Verdict, colour: str, challenger: str = "", challenged: str = ""
) -> VerdictView:
    """The verdict in table words; player names when the challenge was on a game."""
    if verdict.drawer == "challenged":
        who = f"{challenged} draws" if challenged else "The player who laid the +4 draws"
    else:
        who = f"{challenger} (the challenger) draws" if challenger else "The challenger draws"
    return VerdictView(
        guilty=verdict.guilty,
        headline="Guilty" if verdict.guilty else "Not guilty",
        who_draws=f"{who} {verdict.cards}",
        reason=verdict.reason,
        colour=COLOUR_NAMES[parse_colour(colour)],
    )


def who_may_challenge() -> tuple[str, str]:
    """The unorules.org limit on who may challenge, with its source, from the library."""
    entry = get_entry(CHALLENGE_ENTRY)
    assert entry is not None  # guarded by the tests
    for variant in entry.variants:
        if "unorules" in variant.sources:
            return variant.answer, sources_text(variant.sources)
    raise RuleError("The challenge entry lost its unorules.org variant.")


# --- The first card --------------------------------------------------------------------------

_KIND_LABELS = {
    "number": "Number (0–9)",
    "draw-two": "Draw Two",
    "skip": "Skip",
    "reverse": "Reverse",
    "wild": "Wild",
    "wild-draw-four": "Wild Draw Four",
}

_SEATS = {
    "left of dealer": "the player on the dealer's left",
    "two seats left of dealer": "the player two seats to the dealer's left",
    "dealer": "the dealer",
    "right of dealer": "the player on the dealer's right",
}


def first_card_choices(edition: str) -> list[tuple[str, str]]:
    """The card buttons for a deck: every kind, the special card only where there is one."""
    deck = get_edition(edition)
    choices = []
    for kind in KINDS:
        if kind == "special":
            if deck.has_special:
                choices.append((kind, deck.special_name))
        else:
            choices.append((kind, _KIND_LABELS[kind]))
    return choices


def first_card_lines(outcome: FirstCardOutcome) -> list[tuple[str, str]]:
    """Label and text for each part of the outcome that applies."""
    if outcome.returned:
        return [("The card", "goes back into the deck; turn up another")]
    lines = [
        ("Plays first", _SEATS.get(outcome.first_player, outcome.first_player)),
        ("Direction", outcome.direction_label),
    ]
    if outcome.chooses_colour:
        lines.append(
            ("Names the colour", _SEATS.get(outcome.chooses_colour, outcome.chooses_colour))
        )
    if outcome.draws:
        lines.append(("Draws", outcome.draws))
    if outcome.skipped:
        lines.append(("Skipped", _SEATS.get(outcome.skipped, outcome.skipped)))
    return lines
