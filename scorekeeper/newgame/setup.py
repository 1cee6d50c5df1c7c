"""Starting a game from the new-game form: new names become players, then the game opens."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction

from scorekeeper.crews.models import Crew
from scorekeeper.domain import RuleError
from scorekeeper.domain.words import gettext_noop
from scorekeeper.games.models import Game
from scorekeeper.games.services import User, game_start
from scorekeeper.roster.models import Player


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
    by: User = None,
) -> Game:
    """Seat ``seats`` in order and start the game, in one transaction.

    A seat whose name matches a crew player in ``roster`` (ignoring case) is that player; any
    other name becomes a new player of the crew, and the player of that member when it is one
    of ``members`` (crew members who have no player yet, by name). Raises ``RuleError`` when
    the game can't start; then no player is created either.
    """
    by_key = {name.casefold(): player for name, player in roster.items()}
    users = {name.casefold(): user for name, user in (members or {}).items()}
    with transaction.atomic():
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
            else _new_player(crew, name, users.get(name.casefold()))
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


def _new_player(crew: Crew, name: str, user: Any) -> Player:
    """A player for a name the roster did not hold when the form was read; another phone may
    have just made it (starting a game with the same new name): then it is that player."""
    try:
        with transaction.atomic():
            return Player.objects.create(crew=crew, name=name, user=user)
    except IntegrityError:
        return Player.objects.get(crew=crew, name__iexact=name)
