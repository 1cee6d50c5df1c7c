"""The card keypad: one key per card value of a deck, shared by every screen that enters cards.

The round screen taps cards without their colour (``*7``); the challenge helper picks a colour
first and adds the key's ``value`` to it (``R`` + ``7``). Both lay out the same keys from
``keypad_keys``, so a deck's cards, their words and their points are worded once.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    ACTION_SUFFIX,
    UNKNOWN_COLOUR,
    Card,
    Kind,
    count_in_words,
    deck_limits,
    house_name,
    kind_name,
    parse_card,
)
from .dealing import deal_value
from .editions import Edition, get_edition
from .errors import RuleError
from .words import gettext_noop

# What fits on a thumb-sized key; the full name (``Key.name``) is read out and listed. The
# words are said in the page's language like the first-card page says them (Salta, Reversa,
# Comodín in Spanish, as the Spanish sheet names the cards).
_SHORT_LABELS = {
    Kind.DRAW_TWO: "+2",
    Kind.SKIP: gettext_noop("Skip"),
    Kind.REVERSE: gettext_noop("Rev"),
    Kind.WILD: gettext_noop("Wild"),
    Kind.WILD_DRAW_FOUR: "+4",
}


# The card the winner went out on, as the round form offers it and a round stores it ("" when
# nobody said). A Draw Two or Wild Draw Four makes the next player draw before hands are counted.
WENT_OUT_ON = {
    "other": gettext_noop("Another card"),
    "+2": gettext_noop("Draw Two"),
    "+4": gettext_noop("Wild Draw Four"),
}
# How many cards the next player draws before the hands are counted, by that card.
WENT_OUT_DRAWS = {"+2": 2, "+4": 4}


def went_out_card(value: str | None) -> str:
    """The card a round ended on, as a round stores it: "+2", "+4", "other" or "" (not
    recorded); anything else is refused in words."""
    value = value or ""
    if value and value not in WENT_OUT_ON:
        raise RuleError(
            gettext_noop(
                "%(value)s is not a card a round ends on: choose Draw Two, Wild Draw Four or "
                "another card.",
                value=repr(value),
            )
        )
    return value


@dataclass(frozen=True)
class Key:
    """One key: the card it enters (notation), the text on it, its full name and its points."""

    token: str  # notation without a colour: "*7", "*+2", "W", "W+4", "X"
    label: str  # printed on the key: "7", "+2", "Skip", "Rev", "Wild", "+4", "Kitty"
    name: str  # read out and shown in the hand list: "Draw Two", "Kitty card"
    points: int
    kind: Kind
    # How many the deck holds, all colours counted (a colourless key enters any of them): the
    # keypad says so at the tap that would enter one more than that.
    most: int
    # Takes a colour (numbers, Draw Two, Skip, Reverse, a crew's coloured card).
    coloured: bool = False

    @property
    def most_in_words(self) -> str:
        """The deck's count as the refusals say it ("four", "8")."""
        return count_in_words(self.most)

    @property
    def spoken(self) -> str:
        """The key's accessible name: its full name, holding the text printed on it (so a
        spoken "tap +2" finds it, WCAG 2.5.3), and its points: "+2, Draw Two (20 points)"."""
        if self.points == 1:  # the 1 key: one point, not "1 points"
            return gettext_noop("%(name)s (1 point)", name=self.name)
        if self.label == self.name or self.label in self.name.split():
            return gettext_noop("%(name)s (%(points)s points)", name=self.name, points=self.points)
        return gettext_noop(
            "%(label)s, %(name)s (%(points)s points)",
            label=self.label,
            name=self.name,
            points=self.points,
        )

    @property
    def value(self) -> str:
        """The token without its unknown colour ("7", "+2"): what follows a chosen colour."""
        return self.token.removeprefix(UNKNOWN_COLOUR) if self.coloured else self.token


def keypad_keys(edition: str | Edition) -> list[Key]:
    """The keys of a deck, in keypad order: 0–9, Draw Two, Skip, Reverse, Wild, Wild Draw Four,
    then the edition's special card when it has one. Tokens carry no colour (``*7``)."""
    deck = get_edition(edition)
    cards = [Card(Kind.NUMBER, UNKNOWN_COLOUR, number) for number in range(10)]
    cards += [Card(kind, UNKNOWN_COLOUR) for kind in ACTION_SUFFIX]
    cards += [Card(Kind.WILD), Card(Kind.WILD_DRAW_FOUR)]
    if deck.has_special:
        cards.append(parse_card("X", deck))
    cards = [card for card in cards if card.value_key not in deck.removed]
    cards += [parse_card(house.token, deck) for house in deck.house]
    return [_key(card, deck) for card in cards]


def _key(card: Card, deck: Edition) -> Key:
    if card.kind is Kind.NUMBER:
        label = name = str(card.number)
    elif card.kind is Kind.SPECIAL:
        label, name = deck.special_short_name, kind_name(card.kind, deck)
    elif card.kind is Kind.HOUSE:
        label = name = house_name(card.token, deck)
    else:
        label, name = _SHORT_LABELS[card.kind], kind_name(card.kind, deck)
    most = deck_limits(deck)[1][card.value_key]
    return Key(
        token=str(card),
        label=label,
        name=name,
        points=card.points,
        kind=card.kind,
        most=most,
        coloured=card.colour is not None and card.kind is not Kind.SPECIAL,
    )


def draw_options(edition: str | Edition) -> list[tuple[str, str]]:
    """Choices for the draw for deal, one per key: numbers by value, other cards with what
    they count for the deal ("Skip (counts 0)")."""
    deck = get_edition(edition)
    options = []
    for key in keypad_keys(deck):
        if key.kind is Kind.NUMBER:
            options.append((key.token, key.label))
        else:
            counts = deal_value(parse_card(key.token, deck), deck)
            options.append(
                (
                    key.token,
                    gettext_noop("%(name)s (counts %(value)s)", name=key.name, value=counts),
                )
            )
    return options
