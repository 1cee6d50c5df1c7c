"""Cards, their notation and their points.

Notation (case-insensitive, tokens separated by spaces and/or commas):
``R7`` number cards (colours R G B Y), ``R+2`` Draw Two, ``RS`` Skip, ``RR`` Reverse,
``W`` Wild, ``W+4`` Wild Draw Four, ``X`` the edition's special card. A colour that was not
entered is written ``*``: ``*7``, ``*+2``, ``*S``, ``*R``. A crew's deck adds its own cards by
their tokens: ``BL`` (a wild house card), ``RTX`` / ``*TX`` (a coloured one).
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .editions import COLOUR_NAMES, COLOURS, Edition, get_edition
from .errors import RuleError
from .words import CrewWords, gettext_noop

UNKNOWN_COLOUR = "*"


class Kind(StrEnum):
    NUMBER = "number"
    DRAW_TWO = "draw-two"
    SKIP = "skip"
    REVERSE = "reverse"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild-draw-four"
    SPECIAL = "special"
    HOUSE = "house"  # a card a crew's deck adds (domain.decks)


COLOURED_KINDS = (Kind.NUMBER, Kind.DRAW_TWO, Kind.SKIP, Kind.REVERSE)
ACTION_SUFFIX = {Kind.DRAW_TWO: "+2", Kind.SKIP: "S", Kind.REVERSE: "R"}
# Every screen's word for a kind of card (the special card is named by its edition: kind_name).
KIND_NAMES = {
    Kind.NUMBER: gettext_noop("Number (0–9)"),
    Kind.DRAW_TWO: gettext_noop("Draw Two"),
    Kind.SKIP: gettext_noop("Skip"),
    Kind.REVERSE: gettext_noop("Reverse"),
    Kind.WILD: gettext_noop("Wild"),
    Kind.WILD_DRAW_FOUR: gettext_noop("Wild Draw Four"),
}
POINTS = {
    Kind.DRAW_TWO: 20,
    Kind.SKIP: 20,
    Kind.REVERSE: 20,
    Kind.WILD: 50,
    Kind.WILD_DRAW_FOUR: 50,
    Kind.SPECIAL: 50,
}


def kind_name(kind: Kind | str, edition: str | Edition = "classic") -> str:
    """The word for a kind of card: "Draw Two", "Wild Draw Four", the edition's special card
    ("Kitty card"). Raises RuleError for an unknown kind or a special card the deck lacks."""
    try:
        kind = Kind(kind)
    except ValueError:
        known = ", ".join(Kind)
        raise RuleError(
            gettext_noop(
                "There is no card kind %(kind)s; choose one of %(kinds)s.",
                kind=repr(kind),
                kinds=known,
            )
        ) from None
    if kind is Kind.HOUSE:
        raise RuleError(gettext_noop("A crew's own card is named by its deck: see house_name."))
    if kind is not Kind.SPECIAL:
        return KIND_NAMES[kind]
    deck = get_edition(edition)
    if not deck.has_special:
        raise RuleError(gettext_noop("The %(deck)s deck has no special card.", deck=deck.name))
    return deck.special_name


# A coloured card's colour may be left out, as the keypad's label promises ("7 7 W"): a bare
# 7, +2, S or R is the colourless *7, *+2, *S, *R. "R" alone is a Reverse, "RR" a red one.
# [0-9], not \d: a digit of another script ("R٣", a full-width "R７") is no card number.
_COLOURED_TOKEN = re.compile(r"^([RGBY*]?)([0-9]|\+2|S|R)$")
# Words people type for the faces, read as the notation.
_WORDS = {"SKIP": "S", "REV": "R", "REVERSE": "R", "WILD": "W", "D2": "+2", "WD4": "W+4"}
_SEPARATORS = re.compile(r"[\s,]+")


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``colour`` is R/G/B/Y, ``*`` when not entered, or None for a wild card
    (a special card carries the colour its edition gives it, e.g. Y for Cheese Touch).
    A crew's card (``Kind.HOUSE``) carries its ``token`` and the points its deck gives it."""

    kind: Kind
    colour: str | None = None
    number: int | None = None
    token: str = ""
    worth: int = 0

    def __str__(self) -> str:
        return self.notation

    # Worked out once per card: parse_card hands out the same Card for the same token, and a
    # deck check or an import reads these for every card of every round.
    @functools.cached_property
    def notation(self) -> str:
        if self.kind is Kind.NUMBER:
            return f"{self.colour}{self.number}"
        if self.kind in ACTION_SUFFIX:
            return f"{self.colour}{ACTION_SUFFIX[self.kind]}"
        if self.kind is Kind.HOUSE:
            return f"{self.colour or ''}{self.token}"
        return {Kind.WILD: "W", Kind.WILD_DRAW_FOUR: "W+4", Kind.SPECIAL: "X"}[self.kind]

    @property
    def points(self) -> int:
        """Face value for a number card, 20 for Draw Two/Skip/Reverse, 50 for the rest; a
        crew's card what its deck says."""
        if self.kind is Kind.NUMBER:
            return self.number
        return self.worth if self.kind is Kind.HOUSE else POINTS[self.kind]

    @functools.cached_property
    def value_key(self) -> str:
        """The card without its colour (``7``, ``+2``, ``W``): what a colourless keypad counts."""
        if self.kind is Kind.HOUSE:
            return self.token
        text = str(self)
        return text[1:] if self.kind in COLOURED_KINDS else text

    def label(self, edition: str | Edition = "classic") -> str:
        """A human name: "red 7", "Wild Draw Four", "Kitty card"."""
        if self.kind is Kind.SPECIAL:
            return get_edition(edition).special_name or gettext_noop("special card")
        if self.kind in (Kind.WILD, Kind.WILD_DRAW_FOUR):
            return KIND_NAMES[self.kind]
        if self.kind is Kind.HOUSE:
            face = house_name(self.token, get_edition(edition))
            if self.colour is None:
                return face
        elif self.kind is Kind.NUMBER:
            face = str(self.number)
        else:
            face = KIND_NAMES[self.kind]
        if self.colour not in COLOUR_NAMES:  # not entered: the face alone
            return face
        # "red 7" / "7 rojo": the language puts the colour where it goes.
        return gettext_noop("%(colour)s %(face)s", colour=COLOUR_NAMES[self.colour], face=face)


def house_name(token: str, deck: Edition) -> str:
    """A crew's card's name, as the crew wrote it (and in Spanish when they gave it)."""
    card = deck.house_card(token)
    return CrewWords(card.name, card.name_es) if card else token


def parse_card(token: str, edition: str | Edition = "classic") -> Card:
    """Parse one token of the notation; refuse anything else with a plain sentence."""
    return _parse_card(token, edition)


@functools.lru_cache(maxsize=512)
def house_notations(deck: Edition) -> dict[str, Card]:
    """A crew's deck's own cards by every way of writing them: ``BL`` for a wild card; ``RTX``,
    ``*TX`` and the bare ``TX`` (colour not entered) for a coloured one."""
    cards: dict[str, Card] = {}
    for house in deck.house:
        if not house.coloured:
            cards[house.token] = Card(Kind.HOUSE, None, token=house.token, worth=house.points)
            continue
        for colour in (*COLOURS, UNKNOWN_COLOUR):
            card = Card(Kind.HOUSE, colour, token=house.token, worth=house.points)
            cards[colour + house.token] = card
        cards[house.token] = cards[UNKNOWN_COLOUR + house.token]
    return cards


# A game file of thousands of rounds repeats a few dozen tokens: each is parsed once. Cards are
# frozen, and a refusal raises (an exception is never cached).
@functools.lru_cache(maxsize=4096)
def _parse_card(token: str, edition: str | Edition) -> Card:
    deck = get_edition(edition)
    text = token.strip().upper()
    if deck.house and text in house_notations(deck):
        return house_notations(deck)[text]
    card = built_in_card(token, text, deck)
    if deck.removed and card.value_key in deck.removed:
        raise RuleError(
            gettext_noop(
                "%(token)s: the %(deck)s deck has no %(name)s.",
                token=repr(token),
                deck=deck.name,
                name=_value_label(card, deck),
            )
        )
    return card


def built_in_card(token: str, text: str, deck: Edition) -> Card:
    text = _WORDS.get(text, text)
    if text == "W":
        return Card(Kind.WILD)
    if text in ("W+4", "W4", "+4"):
        return Card(Kind.WILD_DRAW_FOUR)
    if text == "X":
        if not deck.has_special:
            raise RuleError(
                gettext_noop(
                    "%(token)s: the %(deck)s deck has no special card.",
                    token=repr(token),
                    deck=deck.name,
                )
            )
        return Card(Kind.SPECIAL, colour=deck.special_colour)
    match = _COLOURED_TOKEN.match(text)
    if not match and deck.house:
        raise RuleError(
            gettext_noop(
                "%(token)s is not a card of this deck: write e.g. R7, G+2, BS, YR, W, or one of "
                "its own cards: %(own)s.",
                token=repr(token),
                own=", ".join(card.token for card in deck.house),
            )
        )
    if not match:
        raise RuleError(
            gettext_noop(
                "%(token)s is not a card: write e.g. R7, G+2, BS, YR, W, W+4, X, or leave out "
                "the colour: 7, +2, Skip, Rev.",
                token=repr(token),
            )
            if deck.has_special
            else gettext_noop(
                "%(token)s is not a card: write e.g. R7, G+2, BS, YR, W, W+4, or leave out the "
                "colour: 7, +2, Skip, Rev.",
                token=repr(token),
            )
        )
    colour, face = match.groups()
    colour = colour or UNKNOWN_COLOUR
    if face.isdigit():
        return Card(Kind.NUMBER, colour, int(face))
    kind = {"+2": Kind.DRAW_TWO, "S": Kind.SKIP, "R": Kind.REVERSE}[face]
    return Card(kind, colour)


def parse_cards(
    cards: str | Iterable[str | Card], edition: str | Edition = "classic"
) -> list[Card]:
    """Parse a hand written as a string ("R7, W *+2") or a list of tokens or Cards."""
    deck = get_edition(edition)
    if isinstance(cards, str):
        return list(_parse_card_string(cards, deck))
    if not isinstance(cards, Iterable):
        raise RuleError(f"{cards!r} is not a list of cards.")
    parsed = []
    for token in cards:
        if isinstance(token, Card):
            parsed.append(token)
        elif isinstance(token, str):
            parsed.append(parse_card(token, deck))
        else:
            raise RuleError(f"{token!r} is not a card token.")
    return parsed


@functools.lru_cache(maxsize=8192)
def _parse_card_string(cards: str, deck: Edition) -> tuple[Card, ...]:
    """A hand string parsed once: imports and edits see the same hands again and again."""
    return tuple(parse_card(token, deck) for token in _SEPARATORS.split(cards) if token)


def hand_points(cards: str | Iterable[str | Card], edition: str | Edition = "classic") -> int:
    """Points left in a hand: face value for numbers, 20 for actions, 50 for wild and special."""
    return sum(card.points for card in parse_cards(cards, edition))


def format_cards(cards: Iterable[Card]) -> str:
    """Cards back in notation, space separated, in the order given."""
    return " ".join(str(card) for card in cards)


def deck_limits(edition: str | Edition) -> tuple[dict[str, int], dict[str, int]]:
    """How many of each card the deck holds: (by exact card, by value ignoring colour).

    Worked out once per deck (an import checks every round against it); the dicts are shared,
    so read them only.
    """
    deck = get_edition(edition)
    # A built-in deck by its slug (cheap to hash); a crew's deck by itself, and only the last
    # few hundred kept, so a server reading many decks does not keep them all.
    return _house_limits(deck) if deck.is_house else _built_in_limits(deck.slug)


@functools.cache
def _built_in_limits(slug: str) -> tuple[dict[str, int], dict[str, int]]:
    return _limits(get_edition(slug))


@functools.lru_cache(maxsize=512)
def _house_limits(deck: Edition) -> tuple[dict[str, int], dict[str, int]]:
    return _limits(deck)


def _limits(deck: Edition) -> tuple[dict[str, int], dict[str, int]]:
    exact: dict[str, int] = {}
    by_value: dict[str, int] = {}

    def hold(value: str, count: int, *, coloured: bool) -> None:
        if value in deck.removed:
            return
        for text in [colour + value for colour in COLOURS] if coloured else [value]:
            exact[text] = count
        by_value[value] = count * len(COLOURS) if coloured else count

    for number in range(10):
        hold(str(number), 1 if number == 0 else 2, coloured=True)
    for suffix in ACTION_SUFFIX.values():
        hold(suffix, 2, coloured=True)
    hold("W", 4, coloured=False)
    hold("W+4", 4, coloured=False)
    if deck.has_special:
        hold("X", deck.special_count, coloured=False)
    for house in deck.house:
        hold(house.token, house.count, coloured=house.coloured)
    return exact, by_value


def _fewest_by_value(deck: Edition) -> int:
    return _house_fewest(deck) if deck.is_house else _built_in_fewest(deck.slug)


@functools.cache
def _built_in_fewest(slug: str) -> int:
    return min(_built_in_limits(slug)[1].values())


@functools.lru_cache(maxsize=512)
def _house_fewest(deck: Edition) -> int:
    return min(_house_limits(deck)[1].values())


def check_against_deck(hands: Iterable[Iterable[Card]], edition: str | Edition) -> None:
    """Refuse cards that appear more often, across the given hands, than the deck holds them.

    Colourless cards (``*7``) are counted by value with the coloured ones: at most eight 7s
    of any colour, four 0s, four Wilds.
    """
    deck = get_edition(edition)
    cards = [card for hand in hands for card in hand]
    if not cards:
        return
    if not deck.has_special and any(card.kind is Kind.SPECIAL for card in cards):
        raise RuleError(gettext_noop("The %(deck)s deck has no special card.", deck=deck.name))
    exact_limits, value_limits = deck_limits(deck)
    texts = [card.notation for card in cards]
    # The deck holds every card at least once: only a card entered twice can be too many.
    exact = Counter(texts) if len(set(texts)) < len(texts) else {}
    for text, count in exact.items():
        if count == 1 or text.startswith(UNKNOWN_COLOUR):
            continue  # the deck holds every card at least once
        limit = exact_limits[text]
        if count > limit:
            card = parse_card(text, deck)
            raise RuleError(
                gettext_noop(
                    "%(count)s × %(card)s (%(name)s) entered, but the deck holds only %(most)s.",
                    count=count,
                    card=text,
                    name=card.label(deck),
                    most=count_in_words(limit),
                )
            )
    if len(cards) <= _fewest_by_value(deck):
        return  # too few cards to run out of any value
    by_value = Counter(card.value_key for card in cards)
    examples = {card.value_key: card for card in reversed(cards)}  # the first of each value
    for value, count in by_value.items():
        limit = value_limits[value]
        if count > limit:
            raise RuleError(
                gettext_noop(
                    "%(count)s × %(card)s entered across the hands (all colours counted), but "
                    "the deck holds only %(most)s.",
                    count=count,
                    card=_value_label(examples[value], deck),
                    most=limit,
                )
            )


def count_in_words(count: int) -> str:
    """How many of a card the deck holds, as the refusals say it: "four", "two", "one", or the
    figure for other counts ("8")."""
    words = {1: gettext_noop("one"), 2: gettext_noop("two"), 4: gettext_noop("four")}
    return words.get(count, str(count))


def _value_label(card: Card, deck: Edition) -> str:
    if card.kind is Kind.NUMBER:
        return str(card.number)
    if card.kind in ACTION_SUFFIX:
        return KIND_NAMES[card.kind]
    if card.kind is Kind.HOUSE:
        return house_name(card.token, deck)
    return card.label(deck)
