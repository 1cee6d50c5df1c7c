"""History writes that span several games: importing a file of games, ours or BG Stats'."""

from __future__ import annotations

from typing import Any

from scorekeeper.crews.models import Crew
from scorekeeper.gamefiles.bgstats import BGStatsReport, import_bgstats, is_bgstats_export
from scorekeeper.gamefiles.files import ImportReport, import_file


def import_games(*, crew: Crew, data: Any) -> ImportReport | BGStatsReport:
    """Store a game file's games for the crew: all of them, or (on any refusal) none.

    ``data`` is the file as parsed JSON: one game (an object) or a list of games. A refusal
    in a list names the game: "game 2 of 5: …". A game the crew already has (the same
    ``id``) is skipped and reported in ``present``. Each stored game announces itself
    (``game_changed`` on commit), so results follow once all are in.

    A BG Stats export (``BGStatsExport.json``) is read for its UNO plays instead
    (:func:`~scorekeeper.gamefiles.bgstats.import_bgstats`).
    """
    if is_bgstats_export(data):
        return import_bgstats(crew=crew, data=data)
    return import_file(crew=crew, data=data)
