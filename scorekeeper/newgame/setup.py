"""Starting a game from the new-game form: new names become players, each seat wears the colour
the form gave it, then the game opens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import IntegrityError, transaction

from scorekeeper.crews.models import Crew
from scorekeeper.domain import RuleError
from scorekeeper.domain.words import gettext_noop
from scorekeeper.games.models import Game
from scorekeeper.games.services import User, game_start
from scorekeeper.roster.models import Colour, Player
from scorekeeper.roster.services import recolour

# The palette has eight colours: a table of more shares some (the names tell them apart).
PALETTE_SIZE = len(Colour.values)


def table_colours(
    seats: list[str], chosen: Mapping[str, int], roster: Mapping[str, Player]
) -> dict[str, int]:
    """The colour each seat wears, by name: the one the form chose for it, else the player's
    own when no other seat wears it, else the crew's least worn one the table does not wear
    yet (all of them once a table has more seats than the palette has colours)."""
    by_key = {name.casefold(): player for name, player in roster.items()}
    worn = Counter(
        p.colour for p in roster.values() if p.retired_at is None and p.colour is not None
    )
    colours = {name: chosen[name] for name in seats if name in chosen}
    for name in seats:
        if name in colours:
            continue
        at_table = Counter(colours.values())
        own = getattr(by_key.get(name.casefold()), "colour", None)
        if own is not None and not at_table[own]:
            colours[name] = own
            continue
        colours[name] = min(Colour.values, key=lambda value: (at_table[value], worn[value], value))
    return {name: colours[name] for name in seats}


def colour_clash(seats: Iterable[str], colours: Mapping[str, int]) -> tuple[str, str, int] | None:
    """Two seats of a table of at most eight that wear the same colour (the first two), or
    None: the table could not tell whose hand is missing."""
    seats = list(seats)
    if len(seats) > PALETTE_SIZE:
        return None
    first: dict[int, str] = {}
    for name in seats:
        colour = colours[name]
        if colour in first:
            return first[colour], name, colour
        first[colour] = name
    return None


def game_from_setup(
    *,
    crew: Crew,
    seats: list[str],
    roster: Mapping[str, Player],
    edition: str,
    scoring: str,
    target: int,
    house_rules: Mapping[str, Any] | None = None,
    house_note: str = "",
    members: Mapping[str, Any] | None = None,
    deck: Any = None,
    colours: Mapping[str, int] | None = None,
    by: User = None,
) -> Game:
    """Seat ``seats`` in order and start the game, in one transaction.

    ``colours``: the colour each seat's player wears from now on, by name (a crew player's
    new colour is kept on the roster, with its trail; a new player is made with it).

    A seat whose name matches a crew player in ``roster`` (ignoring case) is that player; any
    other name becomes a new player of the crew, and the player of that member when it is one
    of ``members`` (crew members who have no player yet, by name). Raises ``RuleError`` when
    the game can't start; then no player is created either.
    """
    by_key = {name.casefold(): player for name, player in roster.items()}
    users = {name.casefold(): user for name, user in (members or {}).items()}
    colours = {name.casefold(): colour for name, colour in (colours or {}).items()}
    with transaction.atomic():
        # A new colour first: it locks the player's games, then the player, as the roster does.
        for name in seats:
            player, colour = by_key.get(name.casefold()), colours.get(name.casefold())
            if player is not None and colour is not None and colour != player.colour:
                recolour(crew=crew, player_id=player.pk, colour=colour, by=by)
        known = [by_key[name.casefold()].pk for name in seats if name.casefold() in by_key]
        # Locked (and read again) so that a roster merge can't take one away mid-start.
        current = {
            player.pk: player
            for player in Player.objects.select_for_update(no_key=True).filter(pk__in=known)
        }
        if len(current) < len(known):
            raise RuleError(
                gettext_noop(
                    "A player at this table was just merged into another on the roster: "
                    "check the seats and start again."
                )
            )
        players = [
            current[by_key[name.casefold()].pk]
            if name.casefold() in by_key
            else _new_player(crew, name, users.get(name.casefold()), colours.get(name.casefold()))
            for name in seats
        ]
        # A retired player who sits down again is back on the roster.
        Player.objects.filter(pk__in=known, retired_at__isnull=False).update(retired_at=None)
        return game_start(
            crew=crew,
            players=players,
            edition=edition,
            scoring=scoring,
            target=target,
            house_rules=house_rules,
            house_note=house_note,
            deck=deck,
            by=by,
        )


def _new_player(crew: Crew, name: str, user: Any, colour: int | None = None) -> Player:
    """A player for a name the roster did not hold when the form was read (wearing ``colour``,
    else the crew's least worn); another phone may have just made it (starting a game with
    the same new name): then it is that player."""
    try:
        with transaction.atomic():
            return Player.objects.create(crew=crew, name=name, user=user, colour=colour)
    except IntegrityError:
        return Player.objects.get(crew=crew, name__iexact=name)
