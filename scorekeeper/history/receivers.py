"""History follows the games app's writes: ``game_changed`` (sent on commit) refreshes results.

Connected in :class:`scorekeeper.history.apps.HistoryConfig`; ``games`` never imports
``history``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError

from scorekeeper.domain import ScoredGame
from scorekeeper.games.models import Crew

from . import ratings, stats

logger = logging.getLogger(__name__)


def refresh_game_results(
    sender: Any,
    *,
    game_id: int,
    crew_id: int | None = None,
    finished: bool | None = None,
    was_finished: bool | None = None,
    **kwargs: Any,
) -> None:
    """Rewrite the changed game's SeatResult rows (only finished games have any).

    A round saved in a game that was and still is in play cannot change them: skipped, so
    the table's writes cost nothing here. Senders that say neither (the importer, the
    challenge log) always refresh.

    The game's own write has committed by now: a failure here must not turn the saved round
    into an error on the phone. It is logged; the next write to the game or
    ``manage.py rebuild_stats`` puts the rows right.
    """
    if finished is False and was_finished is False:
        return
    try:
        stats.refresh_game(game_id)
        if crew_id is not None:
            ratings.refresh_from(crew_id, game_id)
    except DatabaseError:
        logger.exception("Could not refresh the results of game %s", game_id)


def refresh_imported_results(
    sender: Any, *, crew_id: int, scored: Mapping[int, ScoredGame] | None = None, **kwargs: Any
) -> None:
    """Write the results of a crew's newly imported games from the scoring the import already
    did (``scored``, by game id): one refresh of the crew's stale rows, however many games the
    file held. Failures are logged, as above."""
    try:
        stats.refresh_results(Crew(pk=crew_id), scored)
        ratings.rebuild(crew_id)
    except DatabaseError:
        logger.exception("Could not refresh the results of crew %s after an import", crew_id)
