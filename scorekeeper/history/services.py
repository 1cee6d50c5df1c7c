"""History writes that span several games: importing a file of games."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scorekeeper.domain import RuleError
from scorekeeper.games.game_files import import_game
from scorekeeper.games.models import Crew, Game


@transaction.atomic
def import_games(*, crew: Crew, data: Any) -> list[Game]:
    """Store a game file's games for the crew: all of them, or (on any refusal) none.

    ``data`` is the file as parsed JSON: one game (an object) or a list of games. A refusal
    in a list names the game: "game 2 of 5: …". Each stored game announces itself
    (``import_game`` sends ``game_changed`` on commit), so results follow once all are in.
    """
    if not isinstance(data, list):
        return [import_game(crew=crew, data=data)]
    if not data:
        raise RuleError("the file holds an empty list of games.")
    games = []
    for number, item in enumerate(data, start=1):
        try:
            games.append(import_game(crew=crew, data=item))
        except RuleError as error:
            raise RuleError(f"game {number} of {len(data)}: {error}") from None
    return games
