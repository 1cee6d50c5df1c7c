"""Who deals: the draw for deal, and the deal passing one seat left each round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card, Kind, parse_card
from .editions import Edition, get_edition
from .errors import RuleError
from .words import gettext_noop, words_of


@dataclass(frozen=True)
class DealDraw:
    """The outcome of a draw for deal: a dealer, or the tied players who must draw again."""

    dealer: str | None
    redraw: tuple[str, ...]
    values: Mapping[str, int]


def deal_value(card: Card, edition: str | Edition) -> int:
    """What a card counts for in the draw for deal, as the deck's sheet says: its point value
    for Classic (unorules.org), else its number with action and wild cards counting zero (a
    crew's number card counts its points, its action and wild cards zero)."""
    deck = get_edition(edition)
    if deck.deal_by_points:
        return card.points
    if card.kind is Kind.HOUSE:  # a crew's card counts by its kind: a number card its points
        house = deck.house_card(card.token)
        return card.points if house and house.kind == "number" else 0
    return card.number if card.kind is Kind.NUMBER else 0


def draw_for_deal(draws: Mapping[str, str], edition: str = "classic") -> DealDraw:
    """Each player turns one card; the best card by ``deal_value`` deals. No sheet says what a
    tie does: the tied players draw again (our rule).

    ``draws`` maps each player to the card they drew, in notation (``R7``, ``*7``, ``W``...).
    """
    if len(draws) < 2:
        raise RuleError(gettext_noop("At least two players draw for the deal."))
    values: dict[str, int] = {}
    for player, token in draws.items():
        if not str(token).strip():
            raise RuleError(gettext_noop("Enter the card %(player)s drew.", player=player))
        try:
            values[player] = deal_value(parse_card(str(token), edition), edition)
        except RuleError as error:
            raise RuleError(
                gettext_noop("%(player)s's card: %(error)s", player=player, error=words_of(error))
            ) from None
    best = max(values.values())
    leaders = tuple(player for player, value in values.items() if value == best)
    if len(leaders) == 1:
        return DealDraw(dealer=leaders[0], redraw=(), values=values)
    return DealDraw(dealer=None, redraw=leaders, values=values)


def dealer_seat(first_dealer_seat: int, round_number: int, player_count: int) -> int:
    """The seat dealing round ``round_number`` (from 1): the deal moves one seat left a round."""
    return (first_dealer_seat + round_number - 1) % player_count


def first_player_seat(dealer: int, player_count: int) -> int:
    """The seat that plays first in a round ``dealer`` deals: the dealer's left neighbour."""
    return (dealer + 1) % player_count
