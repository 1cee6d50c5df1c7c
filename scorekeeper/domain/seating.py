"""Seat order before a game starts: the new-game form's add / new / up / down / remove buttons.

Seats are names in seat order: a crew player's name, or a new name that becomes a player when
the game starts. Every function here works on plain lists of names and never raises; what the
player should fix comes back as one sentence. Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import NamedTuple

from .errors import RuleError
from .scoring import MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, clean_name, seat_name
from .words import gettext_noop, words_of


class Seating(NamedTuple):
    """The seat order after a button, and what to tell the player (``None`` when all is well)."""

    seats: list[str]
    message: str | None = None


def posted_seats(posted: Iterable[str]) -> list[str]:
    """The seat order as a form sent it: names cut to the longest a player may have and then
    cleaned as :func:`~.scoring.clean_name` keeps them (so a cut never leaves a trailing
    space), without the names it refuses (blank, control characters) and without a second
    seat for the same name (names ignore case)."""
    seats: list[str] = []
    for raw in posted:
        try:
            name = clean_name(seat_name(raw)[:MAX_NAME_LENGTH])
        except RuleError:
            continue
        if name.casefold() not in {seat.casefold() for seat in seats}:
            seats.append(name)
    return seats


def edit_seats(
    seats: list[str], action: str, *, roster: Collection[str], new_name: str = ""
) -> Seating:
    """Apply one button to the seat order and return the new order (``seats`` is not changed).

    ``action`` is the button's value: ``"add:<crew player>"``, ``"new"`` (seat ``new_name``),
    ``"up:<index>"``, ``"down:<index>"`` or ``"remove:<index>"``. ``roster`` holds the crew's
    player names: a new name that matches one of them, ignoring case, seats that player.
    Anything else (an unknown action, an index out of range) leaves the order as it was.
    """
    seats = list(seats)
    verb, _, arg = action.partition(":")
    if verb == "add" and arg in roster and arg not in seats:
        seats.append(arg)
    elif verb == "new":
        if not new_name.strip():
            return Seating(seats, gettext_noop("Type the new player's name, then tap Add."))
        if len(seat_name(new_name)) > MAX_NAME_LENGTH:
            return Seating(
                seats,
                gettext_noop("A name can be at most %(most)s characters.", most=MAX_NAME_LENGTH),
            )
        try:
            name = clean_name(new_name, what=gettext_noop("The new player's name"))
        except RuleError as error:
            return Seating(seats, words_of(error))
        if name.casefold() in {seat.casefold() for seat in seats}:
            return Seating(seats, gettext_noop("%(name)s is already seated.", name=name))
        existing = next((n for n in roster if n.casefold() == name.casefold()), None)
        seats.append(existing or name)
    elif (
        verb in ("up", "down", "remove")
        and arg.isascii()
        and arg.isdigit()
        and int(arg) < len(seats)
    ):
        index = int(arg)
        if verb == "remove":
            seats.pop(index)
        else:
            other = index - 1 if verb == "up" else index + 1
            if 0 <= other < len(seats):
                seats[index], seats[other] = seats[other], seats[index]
    return Seating(seats)


def seat_count_problem(seats: Collection[str]) -> str | None:
    """Why a game can't start with these seats yet, or ``None`` when their number is right."""
    if MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        return None
    return gettext_noop(
        "Seat %(least)s to %(most)s players to start (%(seated)s seated).",
        least=MIN_PLAYERS,
        most=MAX_PLAYERS,
        seated=len(seats),
    )
