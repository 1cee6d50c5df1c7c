"""The Wild Draw Four challenge."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import UNKNOWN_COLOUR, Card, Kind, parse_cards
from .editions import COLOUR_NAMES, Edition, get_edition
from .errors import RuleError
from .words import gettext_noop

GUILTY_DRAW = 4
INNOCENT_DRAW = 6


@dataclass(frozen=True)
class Verdict:
    guilty: bool
    drawer: str  # "challenged" or "challenger"
    cards: int
    matching: tuple[Card, ...]
    reason: str
    hand_known: bool = False  # judged on the cards of the hand (not on a yes/no answer)


def parse_colour(value: str) -> str:
    """A colour as a letter (R/G/B/Y) from a letter or a name; refuse anything else."""
    text = str(value).strip().lower()
    for letter, name in COLOUR_NAMES.items():
        if text in (letter.lower(), name):
            return letter
    raise RuleError(
        gettext_noop(
            "Unknown colour %(value)s: choose red, green, blue or yellow.", value=repr(value)
        )
    )


def card_colour(card: Card, edition: Edition) -> str | None:
    """The colour a card counts as in play; None for wild cards."""
    if card.kind is Kind.SPECIAL:
        return edition.special_colour
    return card.colour


def judge_challenge(
    active_color: str, hand: str | Iterable[str | Card], edition: str | Edition = "classic"
) -> Verdict:
    """Judge a Wild Draw Four challenge.

    The play was illegal exactly when the challenged player's hand (as it was when they
    laid the card) held a card of the active colour. Other colours' numbers and action
    cards never count, nor do wild cards; a coloured special card (Cheese Touch: yellow)
    does. Guilty: the challenged player draws 4. Innocent: the challenger draws 6.
    """
    deck = get_edition(edition)
    colour = parse_colour(active_color)
    cards = parse_cards(hand, deck)
    unknown = [card for card in cards if card.colour == UNKNOWN_COLOUR]
    if unknown:
        raise RuleError(
            gettext_noop(
                "%(card)s has no colour: a challenge needs each card's colour.",
                card=str(unknown[0]),
            )
        )
    matching = tuple(card for card in cards if card_colour(card, deck) == colour)
    name = COLOUR_NAMES[colour]
    if matching:
        listed = ", ".join(card.label(deck) for card in matching)
        return Verdict(
            guilty=True,
            drawer="challenged",
            cards=GUILTY_DRAW,
            matching=matching,
            reason=f"Guilty: they held {listed} while {name} was in play, so they draw "
            f"{GUILTY_DRAW} instead.",
        )
    reason = (
        f"Not guilty: they held no {name} card"
        + (" (numbers of other colours and wild cards do not count)" if cards else "")
        + f", so the challenger draws {INNOCENT_DRAW}."
    )
    return Verdict(
        guilty=False,
        drawer="challenger",
        cards=INNOCENT_DRAW,
        matching=(),
        reason=reason,
        hand_known=bool(cards),
    )


def judge_by_answer(active_color: str, held: bool, edition: str | Edition = "classic") -> Verdict:
    """The verdict when the table only says whether a card of the active colour was held.

    "No" is judged as an empty hand (not guilty, the challenger draws 6). "Yes" is guilty
    (the challenged player draws 4); no card list is known, so the reason says it generally.
    """
    if not held:
        return judge_challenge(active_color, [], edition)
    name = COLOUR_NAMES[parse_colour(active_color)]
    return Verdict(
        guilty=True,
        drawer="challenged",
        cards=GUILTY_DRAW,
        matching=(),
        reason=f"Guilty: they held a {name} card while {name} was in play, so they draw "
        f"{GUILTY_DRAW} instead.",
    )
