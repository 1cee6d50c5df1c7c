import io
from collections.abc import Iterable, Mapping
from typing import Any

from django.core.management import call_command

from scorekeeper.crews.models import Crew
from scorekeeper.gamefiles.files import import_game
from scorekeeper.games.models import Game
from scorekeeper.games.signals import game_changed
from tests.factories import MembershipFactory

# The crew, member and member_client fixtures come from tests/conftest.py.


def make_game(
    crew: Crew,
    rounds: Iterable[tuple[str, Mapping[str, Any]]],
    *,
    players: Iterable[str] = ("Ann", "Ben", "Cat"),
    scoring: str = "standard",
    target: int = 100,
    edition: str = "classic",
    date: str = "2026-11-20",
    night_name: str = "",
    started_at: str | None = None,
    **extra: Any,
) -> Game:
    """A game stored the way the import command stores it (validated by the domain).

    The test's transaction never commits, so the ``game_changed`` that the write paths send on
    commit is sent here, as the commit would: the history's results follow the game.
    """
    data = {
        "format": "scorekeeper-game/1",
        "edition": edition,
        "scoring": scoring,
        "target": target,
        "players": list(players),
        "night": {"date": date, "name": night_name},
        "started_at": started_at or f"{date}T19:00:00+00:00",
        "rounds": [{"winner": winner, "hands": dict(hands)} for winner, hands in rounds],
        **extra,
    }
    return store_game(crew, data)


def store_game(crew: Crew, data: Mapping[str, Any]) -> Game:
    """Import a game and send the ``game_changed`` its commit would send (see ``make_game``)."""
    game = import_game(crew=crew, data=data)
    game_changed.send(sender=Game, game_id=game.pk, crew_id=crew.pk)
    return game


def seed(games: int, crew: str, user=None) -> Crew:
    call_command("seed_demo", games=games, crew=crew, user="", stdout=io.StringIO())
    found = Crew.objects.get(name=crew)
    if user is not None:
        MembershipFactory(crew=found, user=user)
    return found
