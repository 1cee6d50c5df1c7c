"""What the history adds to every page's context, computed only when a page reads it.

``season_leader``: the current season of the signed-in member's crew (see
:func:`scorekeeper.history.seasons.current`) and who leads it (the most games won, then the
best win rate, then the name), or None before anyone won a game in it. The home page shows it;
the games app reads the name only, never imports history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from scorekeeper.games.access import current_crew
from scorekeeper.games.models import Game

from . import seasons, stats


@dataclass(frozen=True)
class SeasonLeader:
    season: seasons.Season
    player_id: int
    name: str
    wins: int


def season_leader_of(request: HttpRequest) -> SeasonLeader | None:
    # The crew a crew page already looked up (crew_required), else the session's.
    crew = getattr(request, "crew", None) or current_crew(request)
    if crew is None:
        return None
    season = seasons.current(crew, timezone.localdate())
    games = Game.objects.filter(crew=crew, night__date__range=(season.starts_on, season.ends_on))
    top = stats.player_stats(games).order_by("-games_won", "-win_rate", "name").first()
    if top is None or not top["games_won"]:
        return None
    return SeasonLeader(season, top["player_id"], top["name"], top["games_won"])


def season_leader(request: HttpRequest) -> dict[str, Any]:
    return {"season_leader": SimpleLazyObject(lambda: season_leader_of(request) or False)}
