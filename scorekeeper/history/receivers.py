"""History follows the games app's writes: ``game_changed`` (sent on commit) refreshes results.

Connected in :class:`scorekeeper.history.apps.HistoryConfig`; ``games`` never imports
``history``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import DatabaseError, transaction

from scorekeeper.crews.models import Crew
from scorekeeper.domain import ScoredGame

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
        if crew_id is not None and ratings.refresh_from(crew_id, game_id):
            catch_up(crew_id)  # an earlier write's refresh was lost: this write repairs it
    except DatabaseError:
        logger.exception("Could not refresh the results of game %s", game_id)


def refresh_imported_results(
    sender: Any, *, crew_id: int, scored: Mapping[int, ScoredGame] | None = None, **kwargs: Any
) -> None:
    """Write the results of a crew's newly imported games from the scoring the import already
    did (``scored``, by game id): one refresh of the crew's stale rows, however many games the
    file held. Failures are logged, as above."""
    try:
        catch_up(crew_id, scored)
    except DatabaseError:
        logger.exception("Could not refresh the results of crew %s after an import", crew_id)


def catch_up(crew_id: int, scored: Mapping[int, ScoredGame] | None = None) -> None:
    """Bring the crew's results and ratings in line with its games, then clear its
    ``results_pending`` mark, all under the crew's row lock: a write that marks the crew
    meanwhile waits for the lock, so its mark outlives this refresh. The SeatResult rows are
    rewritten where their stamps say so (``scored``: games already scored), the ratings
    recomputed from scratch. A crash half-way leaves the mark, for the next try."""
    with transaction.atomic():
        locked = Crew.objects.select_for_update().filter(pk=crew_id)
        if not list(locked.values_list("pk")):
            return  # the crew is gone
        stats.refresh_results(Crew(pk=crew_id), scored)
        ratings.rebuild(crew_id)
        locked.filter(results_pending=True).update(results_pending=False)


def catch_up_pending() -> int:
    """Catch up every crew whose refresh was lost (run at start-up: one query when none
    is); the number of crews caught up."""
    pending = list(Crew.objects.filter(results_pending=True).values_list("pk", flat=True))
    for crew_id in pending:
        catch_up(crew_id)
    return len(pending)
