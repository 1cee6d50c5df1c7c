"""History statistics, computed by the database.

Totals and winners are not stored by the games app (the domain core derives them from the
rounds), so :func:`refresh_game` and :func:`refresh_results` re-derive them in SQL exactly as
``scorekeeper.domain.score_game`` does, into :class:`~scorekeeper.history.models.SeatResult`:

* standard: in each round the winner collects the points of every hand of that round; a
  player's total is the sum of their collections;
* lowest: a player's total is the sum of the points left in their own hands;
* a finished game is won by the player(s) with the best total: the highest in standard, the
  lowest in lowest-wins; equal best totals share the win (and the place).

``tests/history/test_stats.py`` proves the rows equal ``score_game`` over many games. The
rows are written when a game is written: the games app sends ``game_changed`` on commit and
:mod:`scorekeeper.history.receivers` calls :func:`refresh_game`; pages only read them (a GET
never writes). ``manage.py rebuild_stats`` rewrites them all. The pages aggregate the rows with
the ORM (``annotate``, ``Subquery``), in a fixed number of queries whatever the number of games
or rounds.

The refresh is one statement of common table expressions and window functions: Django cannot
insert from a grouped, windowed derived table, and correlated subqueries per seat would read a
game's hands once per player. The SQL is plain SQL:2003 and runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    FloatField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Cast, TruncMonth

from scorekeeper.domain.evenings import night_wins
from scorekeeper.games.models import (
    COUNTED_ENDINGS,
    Challenge,
    Crew,
    Game,
    Hand,
    Player,
    Round,
    ScoringMode,
    Seat,
)

from .models import SeatResult

TABLES = {
    "game": Game._meta.db_table,
    "round": Round._meta.db_table,
    "hand": Hand._meta.db_table,
    "seat": Seat._meta.db_table,
    "result": SeatResult._meta.db_table,
    "challenge": Challenge._meta.db_table,
}
FINISHED = Game.Status.FINISHED.value
STANDARD = ScoringMode.STANDARD.value
# A game counts when it is finished with a result: played to the target, or stopped early
# with the leader winning (COUNTED_ENDINGS). One stopped with no result, or abandoned, counts
# in no figure.
_COUNTED = "g.status = '{finished}' AND g.ended IN ({endings})".format(
    finished=FINISHED, endings=", ".join(f"'{value}'" for value in COUNTED_ENDINGS)
)

# A finished game's rows are current when they carry its updated_at and its numbers of rounds
# and challenges (the counts catch a row deleted without touching the game).
_CURRENT = """
    EXISTS (SELECT 1 FROM {result} sr WHERE sr.game_id = g.id
            AND sr.game_updated_at = g.updated_at
            AND sr.game_rounds = (SELECT COUNT(*) FROM {round} r WHERE r.game_id = g.id)
            AND sr.game_challenges = (
                SELECT COUNT(*) FROM {challenge} c WHERE c.game_id = g.id))
""".format(**TABLES)

_ANY_STALE = f"""
SELECT 1 FROM {TABLES["game"]} g WHERE g.crew_id = %s AND (
    ({_COUNTED} AND NOT {_CURRENT})
    OR (NOT ({_COUNTED})
        AND EXISTS (SELECT 1 FROM {TABLES["result"]} sr WHERE sr.game_id = g.id))
) LIMIT 1
"""

_DELETE_STALE = f"""
DELETE FROM {TABLES["result"]} WHERE crew_id = %s AND game_id IN (
    SELECT g.id FROM {TABLES["game"]} g
    WHERE g.crew_id = %s AND (NOT ({_COUNTED}) OR NOT {_CURRENT})
)
"""

# One row per seat of the finished games in scope that have no rows yet. ``merit`` orders
# totals best-first whatever the mode, so one window finds the best total of each game.
# The games are read in the same statement as their rounds: the stamp matches the data.
_INSERT = """
WITH games AS (
    SELECT g.id, g.crew_id, g.scoring, g.updated_at,
           (SELECT COUNT(*) FROM {round} r WHERE r.game_id = g.id) AS rounds,
           (SELECT COUNT(*) FROM {challenge} c WHERE c.game_id = g.id) AS challenges
    FROM {game} g
    WHERE {scope} AND {counted}
      AND NOT EXISTS (SELECT 1 FROM {result} sr WHERE sr.game_id = g.id)
),
round_points AS (
    SELECT r.id, r.game_id, r.winner_id, COALESCE(SUM(h.points), 0) AS collected
    FROM {round} r
    LEFT JOIN {hand} h ON h.round_id = r.id
    WHERE r.game_id IN (SELECT id FROM games)
    GROUP BY r.id, r.game_id, r.winner_id
),
won AS (
    SELECT game_id, winner_id AS player_id, COUNT(*) AS rounds_won,
           SUM(collected) AS collected, MAX(collected) AS best_round
    FROM round_points
    GROUP BY game_id, winner_id
),
held AS (
    SELECT r.game_id, h.player_id, SUM(h.points) AS points, COUNT(*) AS hands
    FROM {round} r
    JOIN {hand} h ON h.round_id = r.id
    WHERE r.game_id IN (SELECT id FROM games) AND h.player_id <> r.winner_id
    GROUP BY r.game_id, h.player_id
),
challenge_sides AS (
    SELECT c.game_id, c.challenger_id AS player_id,
           CASE WHEN c.guilty THEN 1 ELSE 0 END AS won, CASE WHEN c.guilty THEN 0 ELSE 1 END AS lost
    FROM {challenge} c WHERE c.game_id IN (SELECT id FROM games)
    UNION ALL
    SELECT c.game_id, c.challenged_id,
           CASE WHEN c.guilty THEN 0 ELSE 1 END, CASE WHEN c.guilty THEN 1 ELSE 0 END
    FROM {challenge} c WHERE c.game_id IN (SELECT id FROM games)
),
challenged AS (
    SELECT game_id, player_id, SUM(won) AS won, SUM(lost) AS lost
    FROM challenge_sides
    GROUP BY game_id, player_id
),
seat_totals AS (
    SELECT games.crew_id, s.game_id, s.player_id,
           games.updated_at, games.rounds, games.challenges,
           CASE WHEN games.scoring = '{standard}' THEN COALESCE(won.collected, 0)
                ELSE COALESCE(held.points, 0) END AS total,
           CASE WHEN games.scoring = '{standard}' THEN COALESCE(won.collected, 0)
                ELSE -COALESCE(held.points, 0) END AS merit,
           COALESCE(won.rounds_won, 0) AS rounds_won,
           COALESCE(won.collected, 0) AS collected,
           won.best_round,
           COALESCE(held.points, 0) AS held_points,
           COALESCE(held.hands, 0) AS held_hands,
           COALESCE(challenged.won, 0) AS challenges_won,
           COALESCE(challenged.lost, 0) AS challenges_lost
    FROM {seat} s
    JOIN games ON games.id = s.game_id
    LEFT JOIN won ON won.game_id = s.game_id AND won.player_id = s.player_id
    LEFT JOIN held ON held.game_id = s.game_id AND held.player_id = s.player_id
    LEFT JOIN challenged
        ON challenged.game_id = s.game_id AND challenged.player_id = s.player_id
)
INSERT INTO {result} (
    crew_id, game_id, player_id, total, place, won, rounds_won, collected, best_round,
    held_points, held_hands, challenges_won, challenges_lost,
    game_updated_at, game_rounds, game_challenges
)
SELECT crew_id, game_id, player_id, total,
       RANK() OVER (PARTITION BY game_id ORDER BY merit DESC),
       merit = MAX(merit) OVER (PARTITION BY game_id),
       rounds_won, collected, best_round, held_points, held_hands,
       challenges_won, challenges_lost, updated_at, rounds, challenges
FROM seat_totals
WHERE 1 = 1
ON CONFLICT DO NOTHING
"""
_INSERT_MISSING = _INSERT.format(
    scope="g.crew_id = %s", counted=_COUNTED, standard=STANDARD, **TABLES
)
_INSERT_GAME = _INSERT.format(scope="g.id = %s", counted=_COUNTED, standard=STANDARD, **TABLES)


def refresh_game(game_id: int) -> None:
    """Rewrite one game's SeatResult rows from its rounds (none unless it is finished).

    Called after a write to the game has committed. The game's row lock makes two refreshes
    of the same game take turns, so the later one reads the later rounds (PostgreSQL; SQLite
    runs one writer at a time anyway). A game deleted meanwhile took its rows with it.
    """
    with transaction.atomic():
        locked = Game.objects.select_for_update().filter(pk=game_id).values_list("pk")
        if not list(locked):
            return
        SeatResult.objects.filter(game_id=game_id).delete()
        with connection.cursor() as cursor:
            cursor.execute(_INSERT_GAME, [game_id])


def rebuild_results(crew: Crew) -> None:
    """Throw away the crew's SeatResult rows and write them all again from the rounds."""
    with transaction.atomic():
        SeatResult.objects.filter(crew=crew).delete()
        with connection.cursor() as cursor:
            cursor.execute(_INSERT_MISSING, [crew.pk])


def refresh_results(crew: Crew) -> None:
    """Bring the crew's SeatResult rows in line with its games (one query when they are).

    For writes that bypass the games services (``seed_demo``'s bulk inserts) and for
    ``rebuild_stats --stale``: only the games whose rows no longer match are rewritten.
    """
    with connection.cursor() as cursor:
        cursor.execute(_ANY_STALE, [crew.pk])
        if cursor.fetchone() is None:
            return
        try:
            with transaction.atomic():
                cursor.execute(_DELETE_STALE, [crew.pk, crew.pk])
                cursor.execute(_INSERT_MISSING, [crew.pk])
        except IntegrityError:
            # Another request refreshed the same rows at the same moment: theirs are as good.
            pass


def _in(games: QuerySet[Game]) -> QuerySet:
    """The counted games among ``games`` (finished with a result), as a subquery of ids."""
    return counted(games).order_by().values("id")


def counted(games: QuerySet[Game]) -> QuerySet[Game]:
    """The games among ``games`` that count in the figures: finished with a result."""
    return games.filter(status=Game.Status.FINISHED, ended__in=COUNTED_ENDINGS)


def _ratio(numerator: Any, denominator: str) -> Case:
    return Case(
        When(
            **{f"{denominator}__gt": 0},
            then=Cast(numerator, FloatField()) / Cast(F(denominator), FloatField()),
        ),
        default=None,
        output_field=FloatField(),
    )


def player_stats(games: QuerySet[Game]) -> QuerySet:
    """Per player who finished a game among ``games``: their statistics over those games.

    Rows are dicts with ``player_id`` and ``name``. ``points_per_round_won``: what they
    collected per round won (the points left in the other hands); ``points_left_in_hand``: the
    average of their own hands in rounds they lost; a challenge is won by whoever did not draw.
    """
    return (
        results_of(games)
        .values("player_id")
        .annotate(
            name=F("player__name"),
            games_played=Count("pk"),
            games_won=Count("pk", filter=Q(won=True)),
            round_wins=Sum("rounds_won"),
            collected=Sum("collected"),
            best_round=Max("best_round"),
            held_points=Sum("held_points"),
            held_hands=Sum("held_hands"),
            challenges_won=Sum("challenges_won"),
            challenges_lost=Sum("challenges_lost"),
        )
        .annotate(
            win_rate=_ratio(F("games_won"), "games_played"),
            points_per_round_won=_ratio(F("collected"), "round_wins"),
            points_left_in_hand=_ratio(F("held_points"), "held_hands"),
        )
        .order_by("-games_won", "-win_rate", "name")
    )


def results_of(games: QuerySet[Game]) -> QuerySet[SeatResult]:
    """The seats' results of the finished games among ``games``."""
    return SeatResult.objects.filter(game__in=_in(games))


def winners_by_game(games: QuerySet[Game]) -> dict[int, list[str]]:
    """Each finished game's winners' names (a page's worth of games: a few rows each)."""
    rows = (
        results_of(games)
        .filter(won=True)
        .order_by("game_id", "player__name")
        .values_list("game_id", "player__name")
    )
    winners: dict[int, list[str]] = defaultdict(list)
    for game_id, name in rows:
        winners[game_id].append(name)
    return dict(winners)


def wins_by_night(games: QuerySet[Game]) -> dict[int, list[tuple[str, int]]]:
    """For each night of ``games``: (player, games won) most wins first (``night_wins``)."""
    rows = (
        results_of(games)
        .filter(won=True)
        .order_by("game__night_id", "game__started_at", "game_id", "player__name")
        .values_list("game__night_id", "game_id", "player__name")
    )
    by_night: dict[int, dict[int, list[str]]] = defaultdict(dict)
    for night_id, game_id, name in rows:
        by_night[night_id].setdefault(game_id, []).append(name)
    return {night: night_wins(games.values()) for night, games in by_night.items()}


def results_by_month(games: QuerySet[Game], player: Player, *, months: int = 12) -> list[dict]:
    """The player's games played and won per month, for the last ``months`` months they played."""
    rows = (
        results_of(games)
        .filter(player=player)
        .annotate(month=TruncMonth("game__night__date"))
        .values("month")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(won=True)))
        .order_by("-month")[:months]
    )
    return [{**row, "month": _as_date(row["month"])} for row in reversed(list(rows))]


def _as_date(value: Any) -> dt.date:
    return value.date() if isinstance(value, dt.datetime) else value


def played_together(a: Player, b: Player) -> QuerySet[Game]:
    """Games where both players had a seat."""
    seat_of = Seat.objects.filter(game=OuterRef("pk"))
    return Game.objects.filter(Exists(seat_of.filter(player=a)), Exists(seat_of.filter(player=b)))


@dataclass(frozen=True)
class HeadToHead:
    """Two players' figures over the games they both played, and those games (finished)."""

    a_figures: dict[str, Any]
    b_figures: dict[str, Any]
    games: QuerySet[Game]


_NO_FIGURES = {"games_played": 0, "games_won": 0, "round_wins": 0}


def head_to_head(crew: Crew, a: Player, b: Player, season: Any = None) -> HeadToHead:
    """The crew's finished games where both sat, newest first, each with both totals and wins.

    The games carry ``a_total``, ``b_total``, ``a_won`` and ``b_won``; the figures are
    ``player_stats`` rows over the same games (zeros when a player finished none of them).
    """
    together = played_together(a, b).filter(crew=crew)
    if season is not None:  # a season: its nights only
        together = together.filter(night__date__range=(season.starts_on, season.ends_on))
    figures = {row["player_id"]: row for row in player_stats(together)}
    result_of = SeatResult.objects.filter(game=OuterRef("pk"))
    games = (
        counted(together)
        .select_related("night")
        .annotate(
            a_total=Subquery(result_of.filter(player=a).values("total")[:1]),
            b_total=Subquery(result_of.filter(player=b).values("total")[:1]),
            a_won=Exists(result_of.filter(player=a, won=True)),
            b_won=Exists(result_of.filter(player=b, won=True)),
        )
        .order_by("-started_at")
    )
    return HeadToHead(
        a_figures=figures.get(a.pk, _NO_FIGURES),
        b_figures=figures.get(b.pk, _NO_FIGURES),
        games=games,
    )
